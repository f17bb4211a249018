//! The data that describes a chess-family game: its pieces, promotion, end rules, and the
//! named rule hooks that data alone cannot say.

use super::variant::Kind;
use crate::geometry::Shape;

/// What a piece type is to the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    /// The royal piece: it may not be left attacked.
    King,
    /// A pawn: it promotes, and its moves reset the move-rule clock.
    Pawn,
    /// Any other piece.
    Piece,
}

/// One piece type of a variant.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// Stable English id, used in code and records (`fers`, `alfil`, `knight`, ...).
    pub id: &'static str,
    /// FEN letter (lowercase; White's is the uppercase).
    pub letter: char,
    /// Movement, in the Betza subset of [`super::movement`].
    pub betza: &'static str,
    /// Royal, pawn or other.
    pub role: Role,
    /// The game's own name of the piece.
    pub name: &'static str,
    /// Movement on the squares of the enemy half, where it differs (the Xiangqi soldier
    /// across the river). Leaps only.
    pub across: Option<&'static str>,
    /// Where the piece may stand.
    pub region: Region,
    /// The id of the type this piece promotes to (shogi-style promotion).
    pub promotes_to: Option<&'static str>,
    /// Whether this type is a promoted form (written `+` and its letter in FEN).
    pub promoted: bool,
}

/// Where a piece may stand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Region {
    /// Anywhere on the board.
    Anywhere,
    /// Its own palace (Xiangqi, Janggi).
    Palace,
    /// Its own half of the board (the Xiangqi elephant).
    OwnHalf,
}

impl PieceDef {
    /// The same piece with a different movement across the middle line.
    pub const fn across(mut self, betza: &'static str) -> PieceDef {
        self.across = Some(betza);
        self
    }
    /// The same piece, promoting (shogi-style) to the type with id `to`.
    pub const fn promotes(mut self, to: &'static str) -> PieceDef {
        self.promotes_to = Some(to);
        self
    }
    /// The same piece as a promoted form (FEN `+` and the letter of the unpromoted type).
    pub const fn promoted_form(mut self) -> PieceDef {
        self.promoted = true;
        self
    }
    /// The same piece confined to a region.
    pub const fn confined(mut self, region: Region) -> PieceDef {
        self.region = region;
        self
    }
}

/// How pawns promote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// Pawns never promote (Xiangqi, Janggi: the soldier gains its sideways step by
    /// its movement across the river instead).
    None,
    /// On reaching the zone a pawn must become one of these types.
    Choice(Vec<Kind>),
    /// On reaching the last rank a pawn becomes the type that stood on that square in the
    /// setup, if the player has fewer of that type than at the start; else it stays a pawn.
    OriginalType,
    /// On reaching the last rank a pawn becomes any type the player has lost (fewer than at
    /// the start); if there is none it stays a pawn.
    LostType,
    /// Shogi: a piece that can promote may do so when it moves into, out of or within the
    /// zone, and must when it could never move again unpromoted; with `compulsory` it must
    /// whenever it reaches the zone (Heian Shogi's other reading).
    Shogi {
        /// Promotion on reaching the zone is compulsory.
        compulsory: bool,
    },
    /// Sittuyin: a pawn standing on a promotion square at the start of its turn may become a
    /// fers in place or with one fers step, only while its side has no fers.
    Sittuyin {
        /// The fers type.
        fers: Kind,
        /// Fairy-Stockfish's reading: no capture with the fers step, and a side's last pawn
        /// may promote from any square.
        fsf: bool,
    },
}

/// Result for the side to move when it has no legal move and is not in check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stalemate {
    /// Draw.
    Draw,
    /// The stalemated side wins (the stalemating player loses).
    StalematedWins,
    /// The stalemated side loses.
    StalematedLoses,
}

/// What a bare king (a side with the king alone) means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BareKing {
    /// No rule.
    None,
    /// Baring the opponent wins at once; two bare kings draw.
    Wins,
    /// Baring wins unless the bared side can bare back at once (then draw).
    WinsUnlessBareBack,
    /// Fairy-Stockfish's shatranj: the side to move wins if the opponent is bare and it is
    /// not (so the bared side has one reply to bare back).
    WinsAfterReply,
    /// A bare king is a draw (Shatar's robado).
    Draw,
    /// A bare king that makes seven moves without being mated draws (Senterej).
    SevenMoves,
}

/// Counting rules of the Makruk family.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Counting {
    /// None: the 50-move rule applies.
    None,
    /// Makruk's board's honour and pieces' honour counts.
    Makruk,
    /// Ouk Chatrang's counts (Fairy-Stockfish `cambodian`).
    Cambodian,
    /// Sittuyin's counts (Fairy-Stockfish ASEAN counting).
    Asean,
    /// Sittuyin's counts as seed 001 §V gives them: ASEAN counting, and a rook's 16 moves
    /// against a lone king standing on a centre square when the count starts begin only
    /// after five moves of that king (21 in all).
    AseanCentre,
}

/// The king's knight leap of Chaturanga and Ouk Chatrang.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KingLeap {
    /// No leap.
    None,
    /// Once per game, any knight move or capture, while the king has never been in check.
    OncePerGame,
    /// As its first move, any knight move or capture, if never checked.
    FirstMove,
    /// As its first move, a knight move or capture to the next rank only (b2/f2 from d1),
    /// if never checked (the seed's footnote).
    FirstMoveForward,
    /// Fairy-Stockfish's `cambodian`: as its first move, a quiet knight move to the next
    /// rank, never out of check, lost only when an enemy rook comes onto the king's file
    /// or rank (`rook_aim_ends_leap`): a check by another piece keeps it.
    Cambodian,
}

/// The fers's double step straight forward as its first move (Ouk Chatrang's Neang).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FersStep {
    /// No such move.
    None,
    /// Both squares ahead must be empty (the seed).
    Seed,
    /// Only the destination must be empty (Fairy-Stockfish `cambodian`).
    Fsf,
    /// The destination empty or an enemy piece, taken (Fairy-Stockfish 11.1).
    Fsf11,
}

/// An opening phase before alternate play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Opening {
    /// None: play alternates from the first move.
    None,
    /// The opening array (Shatranj's ta'biya, Senterej's ten-move Werera): White makes
    /// `moves` moves, then Black as many, without captures and without crossing the centre
    /// line.
    Array {
        /// Moves each side makes.
        moves: u8,
    },
    /// Senterej's Werera: until the first capture either side may move at any time; then
    /// the side that did not capture moves next.
    Simultaneous,
}

/// How a game starts before normal play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Setup {
    /// The start position is fixed.
    Fixed,
    /// Janggi: each side chooses how its horses and elephants stand before play.
    JanggiArrangement,
    /// Sittuyin: pieces in hand are placed behind the pawns before play.
    Sittuyin {
        /// Fairy-Stockfish's form: alternating drops on ranks 1-3, rooks on the back rank.
        fsf: bool,
    },
}

/// The named rule hooks of a variant: each special rule is handled in one place.
#[derive(Clone, Debug)]
pub struct Hooks {
    /// Pawns on their second rank may advance two squares (and be taken en passant).
    pub pawn_double_step: bool,
    /// Chess castling (Asha's resting), king from the e-file.
    pub castling: bool,
    /// The king's knight leap.
    pub king_leap: KingLeap,
    /// Captured pieces go to the captor's hand (unpromoted) and may be dropped, with
    /// Shogi's drop rules: no two unpromoted pawns on a file, no drop where the piece could
    /// never move, no checkmate by a pawn drop.
    pub drops: bool,
    /// Shogi's impasse declaration (the 24-point rule) is available.
    pub impasse: bool,
    /// The fers's first-move double step (Ouk Chatrang).
    pub fers_step: FersStep,
    /// Fairy-Stockfish's `cambodian`: an enemy rook coming onto the king's file or rank
    /// takes away its leap (not in Fairy-Stockfish 11.1).
    pub rook_aim_ends_leap: bool,
    /// Fairy-Stockfish's Shogi: a pawn drop that mates is played, and the game is lost by
    /// the side that dropped (the rules of Shogi forbid the drop).
    pub pawn_drop_mate_loses: bool,
    /// Setup phase.
    pub setup: Setup,
    /// Opening phase (ta'biya, Werera).
    pub opening: Opening,
    /// Castling only to the king's right and only during the opening phase (Senterej).
    pub castle_right_in_opening: bool,
    /// A move that stalemates the opponent is illegal (Sittuyin).
    pub stalemate_illegal: bool,
    /// A knight move that checkmates is illegal (Shatar).
    pub knight_mate_illegal: bool,
    /// When in check and the checker can be captured, a capture of it must be played (Asha
    /// option `check-capture=compulsory`).
    pub check_capture: bool,
    /// Shatar's mate rule: a mate by bishop or pawn wins only after a run of checks that
    /// included a check by bers, rook or knight; otherwise draw.
    pub shatar_mate: bool,
    /// The kings may not face each other on an open file (Xiangqi's flying general).
    pub flying_general: bool,
    /// Pieces move along the palace diagonals (Janggi).
    pub palace_diagonals: bool,
    /// A cannon neither jumps over nor captures a cannon (Janggi).
    pub janggi_cannon: bool,
    /// A side may pass (the king "moves" to its own square) unless that leaves it in check.
    pub pass: bool,
    /// Janggi's rules for kings facing each other on an open file.
    pub bikjang: Bikjang,
}

/// Janggi's facing kings (bikjang).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bikjang {
    /// No such rule.
    None,
    /// The seed (RULES.md): making the kings face is legal but its maker can no longer win;
    /// a side that leaves them facing ends the game in a draw.
    Seed,
    /// Fairy-Stockfish: while the kings face, a move must break the facing or pass; two
    /// facing positions in a row end the game, decided by material count.
    Fsf,
}

impl Default for Hooks {
    fn default() -> Self {
        Hooks {
            pawn_double_step: false,
            castling: false,
            king_leap: KingLeap::None,
            drops: false,
            impasse: false,
            fers_step: FersStep::None,
            rook_aim_ends_leap: false,
            pawn_drop_mate_loses: false,
            setup: Setup::Fixed,
            opening: Opening::None,
            castle_right_in_opening: false,
            stalemate_illegal: false,
            knight_mate_illegal: false,
            check_capture: false,
            shatar_mate: false,
            flying_general: false,
            palace_diagonals: false,
            janggi_cannon: false,
            pass: false,
            bikjang: Bikjang::None,
        }
    }
}

/// End-of-game rules.
#[derive(Clone, Debug)]
pub struct EndRules {
    /// Result of stalemate.
    pub stalemate: Stalemate,
    /// Bare-king rule.
    pub bare_king: BareKing,
    /// Counting rule.
    pub counting: Counting,
    /// Plies without capture or pawn move that draw (0: none).
    pub move_rule_plies: u16,
    /// Whether a pawn's move restarts the half-move clock (not for Fairy-Stockfish's
    /// soldiers and shogi pawns, whose clock only captures restart; no rule reads it there).
    pub pawn_resets_clock: bool,
    /// Occurrences of a position that end the game (0: none).
    pub repetitions: u8,
    /// How a repetition is judged.
    pub repetition_rule: Repetition,
    /// Fairy-Stockfish's counting: a count ends the game only once it has passed its
    /// limit, a ply later, rather than when it reaches it; it starts as Fairy-Stockfish
    /// starts it and keeps its first limit until a capture bares the side to move
    /// (`counting.rs`).
    pub fsf_counting: bool,
    /// Fairy-Stockfish's judgement of a repeated cycle: a perpetual check or chase must
    /// also have held on the move that led into the first of the occurrences (or, from the
    /// game's first position, a check must have stood there).
    pub repetition_lead_in: bool,
}

/// How a repeated position is judged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Repetition {
    /// A draw.
    Draw,
    /// Xiangqi: perpetual check loses, then perpetual chase of an unprotected piece loses,
    /// otherwise a draw.
    Xiangqi,
    /// Shogi: a draw unless one side gave check with every move of the cycle (it loses).
    Shogi,
}

/// The description of a variant before its tables are built.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    /// Game id (`shatranj`).
    pub game: &'static str,
    /// Ruleset name (`seed`, `fairy-stockfish`).
    pub ruleset: String,
    /// Options in force, as `name=value`.
    pub options: Vec<(String, String)>,
    /// Board shape.
    pub shape: Shape,
    /// Piece types; the first with role King is the royal piece.
    pub pieces: Vec<PieceDef>,
    /// Start position in FEN.
    pub start_fen: String,
    /// Promotion rule.
    pub promotion: Promotion,
    /// Ranks (counted from each side's own first rank, from 0) where pawns promote.
    pub promotion_ranks: Vec<u8>,
    /// Special rules.
    pub hooks: Hooks,
    /// End rules.
    pub end: EndRules,
}
