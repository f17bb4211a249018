//! The chess family: piece movement, variants as data, positions, move generation, and
//! the text forms (FEN, UCI moves, SAN).

mod chase;
pub mod counting;
pub mod csa;
pub mod fen;
pub mod game;
pub mod games;
mod hooks;
pub mod kif;
mod legality;
mod lines;
pub mod movegen;
pub mod movement;
mod outcome;
pub mod perft;
pub mod pgn;
mod play;
pub mod position;
mod repetition;
pub mod san;
mod spec;
mod special;
mod tables;
pub mod uci;
pub mod usi;
pub mod variant;
pub mod wxf;
mod zobrist;

pub use fen::FenError;
pub use game::ChessGame;
pub use games::{find_game, variant, GameInfo, RulesetError, GAMES};
pub use movegen::MoveList;
pub use position::{Move, MoveKind, Piece, Position};
pub use uci::MoveError;
pub use variant::{Kind, Variant};
