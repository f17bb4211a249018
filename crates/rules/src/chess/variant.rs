//! A chess-family game as data: board shape, pieces, setup, promotion, end rules, and the
//! few named rule hooks that data alone cannot say. Tables for move generation are built
//! from the data once, when the variant is made.

use super::movement::{parse_betza, BetzaError, Mode};
use super::tables::{KindTables, Ray};
use crate::geometry::{Bitboard, Bits, Color, Shape, Square, GRID_SQUARES, KNIGHT_STEPS};

/// Index of a piece type in its variant's piece list.
pub type Kind = u8;

/// Most rider directions a variant may have: the eight of the queen, which every game
/// here keeps within (the kinds riding along each ray are kept in a fixed array).
pub const MAX_RAYS: usize = 8;
/// No ray joins two squares.
pub(crate) const NO_RAY: u8 = u8::MAX;

/// Most piece types a variant may have.
pub const MAX_KINDS: usize = 16;

pub use super::spec::*;

/// A playable variant: its data and the tables built from it.
pub struct Variant {
    /// The description.
    pub spec: VariantSpec,
    pub(crate) board: Bitboard,
    pub(crate) king: Kind,
    /// The fers type (Ouk Chatrang's Neang step), if any.
    pub(crate) fers_kind: Option<Kind>,
    /// The rook type (Fairy-Stockfish's Cambodian rook rule), if any.
    pub(crate) rook_kind: Option<Kind>,
    /// The knight, when a rule forbids it to give mate (Shatar).
    pub(crate) mate_banned_knight: Option<Kind>,
    /// Royal kinds (the king; Sho Shogi's crown prince too), as a bit mask.
    pub(crate) royal_kinds: u16,
    /// The promoted type of each type, if it promotes.
    pub(crate) promote_kind: [Option<Kind>; MAX_KINDS],
    /// The unpromoted type of each type (itself if not promoted).
    pub(crate) demote_kind: [Kind; MAX_KINDS],
    /// Per type and colour, the squares from which the piece could never move.
    pub(crate) dead: Vec<[Bitboard; 2]>,
    pub(crate) tables: Vec<[KindTables; 2]>,
    pub(crate) rays: Vec<Ray>,
    /// The lines (a ray and its opposite, or a ray alone) whose rides are looked up in one
    /// table (see [`super::lines`]).
    pub(crate) lines: Vec<super::lines::Line>,
    /// Per colour and square, where the king's leap (a knight's leap, only forward where
    /// the rule says so) lands on the board.
    pub(crate) king_leaps: [[Bitboard; GRID_SQUARES]; 2],
    /// For each square, the squares along every ray from it.
    pub(crate) ray_reach: [Bitboard; GRID_SQUARES],
    /// Per colour and ray, the kinds that capture by riding toward a square along the ray
    /// (that is, along its opposite; the flying general's king on the file rays).
    pub(crate) ray_kinds: [[u16; MAX_RAYS]; 2],
    /// Per colour and ray, the kinds that capture by hopping toward a square along it.
    pub(crate) hop_ray_kinds: [[u16; MAX_RAYS]; 2],
    /// Per colour, every kind of `ray_kinds`.
    pub(crate) rider_kinds: [u16; 2],
    /// Per colour, every kind of `hop_ray_kinds`.
    pub(crate) hopper_kinds: [u16; 2],
    /// For each colour and square, where a piece of that colour could stand to capture on
    /// the square by a leap or a path (on an empty board).
    pub(crate) leap_reach: [[Bitboard; GRID_SQUARES]; 2],
    /// Piece types under Janggi's cannon rule (no hop over or capture of a cannon).
    pub(crate) cannon_rule_kinds: u16,
    /// Whether every piece's movement is table-driven (leaps and unlimited rides), so
    /// pins and check masks decide legality without playing the move.
    pub(crate) simple: bool,
    /// Whether the board lies within the 8x8 squares, the low 64 bits of a bitboard (move
    /// generation then works on 64-bit sets).
    pub(crate) narrow: bool,
    /// Xiangqi's flying general as riding: the rays along a file, on which a king
    /// "attacks" like a rook (none when the variant has no such rays; then the facing
    /// kings are tested on their own).
    pub(crate) king_file_rays: u16,
    pub(crate) promotion_zone: [Bitboard; 2],
    /// Per colour, the squares where a pawn's move is more than a plain move (it
    /// promotes there).
    pub(crate) pawn_special: [Bitboard; 2],
    /// Per colour, the squares from which one pawn step (forward, or diagonally forward)
    /// can reach `pawn_special`.
    pub(crate) pawn_special_near: [Bitboard; 2],
    /// Per colour, the rank from which pawns make their double step (the second).
    pub(crate) double_step_rank: [Bitboard; 2],
    /// Whether some rule adds moves beyond the pieces' movement (en passant aside):
    /// passing, impasse, castling, king leaps, the fers's double step, promotion in place.
    pub(crate) special_moves: bool,
    /// Whether some of those rules are left by the fast generator to
    /// [`Position::generate_special`](super::position::Position): passing, impasse,
    /// promotion in place.
    pub(crate) special_beyond_fast: bool,
    /// Whether a position can end the game by a rule other than the bare king's: an
    /// impasse declared, royal pieces lost (several royal types), bikjang.
    pub(crate) other_immediate_ends: bool,
    pub(crate) pawn_kinds: u16,
    /// Pawn kinds that only step straight forward and capture diagonally forward, one
    /// square (their moves are generated for the whole set by shifting it).
    pub(crate) shift_pawns: u16,
    /// Whether every piece attacks by leaps and rides alone (no hops, no lame leaps).
    pub(crate) plain_attacks: bool,
    /// Kinds that capture by leaping (or by complex atoms), as a bit mask.
    pub(crate) leap_kinds: u16,
    /// Kinds whose every atom moves and captures alike, as a bit mask.
    pub(crate) uniform_kinds: u16,
    /// Uniform kinds that only leap (no rides, hops or paths): their attacks are their
    /// leap table.
    pub(crate) leap_only: u16,
    /// Uniform kinds that only ride (no leaps, hops or paths): their attacks are their
    /// rides.
    pub(crate) ride_only: u16,
    /// Uniform kinds that only leap and ride (no hops or paths), neither pawns, royal nor
    /// promoting: each such piece's moves are its attacks on squares not its own side's.
    pub(crate) plain_movers: u16,
    /// Piece counts of the start position, per colour and kind.
    pub(crate) start_counts: [[u8; MAX_KINDS]; 2],
    /// The type on each square in the start position (for [`Promotion::OriginalType`]).
    pub(crate) start_kind_on: [Option<Kind>; GRID_SQUARES],
    /// For each pair of squares, the ray leading from the first through the second
    /// (`NO_RAY` when none of the variant's rays does).
    pub(crate) ray_toward: Box<[[u8; GRID_SQUARES]; GRID_SQUARES]>,
    /// Castling's squares for a king on each square, queen side and king side (none when
    /// the variant does not castle).
    pub(crate) castle: Box<[[Option<super::special::CastleSquares>; 2]; GRID_SQUARES]>,
}

/// Why a variant description cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    /// A piece's movement does not parse.
    #[error(transparent)]
    Betza(#[from] BetzaError),
    /// Too many piece types.
    #[error("a variant has at most {MAX_KINDS} piece types")]
    TooManyKinds,
    /// Too many rider directions.
    #[error("a variant's pieces ride in at most {MAX_RAYS} directions")]
    TooManyRays,
    /// No royal piece.
    #[error("the variant has no king")]
    NoKing,
    /// The start position is not valid.
    #[error("bad start position: {0}")]
    StartFen(String),
}

impl Variant {
    /// Builds the tables of a variant description.
    pub fn build(spec: VariantSpec) -> Result<Variant, VariantError> {
        if spec.pieces.len() > MAX_KINDS {
            return Err(VariantError::TooManyKinds);
        }
        let king = spec
            .pieces
            .iter()
            .position(|p| p.role == Role::King)
            .ok_or(VariantError::NoKing)? as Kind;
        let board = spec.shape.mask();
        let (tables, rays, simple) = super::tables::build(&spec, board)?;
        if rays.len() > MAX_RAYS {
            return Err(VariantError::TooManyRays);
        }
        let mut ray_reach = [Bitboard::EMPTY; GRID_SQUARES];
        for (i, reach) in ray_reach.iter_mut().enumerate() {
            *reach = rays.iter().fold(Bitboard::EMPTY, |b, r| b | r.from[i]);
        }
        let mut ride_capturers = [vec![0u16; rays.len()], vec![0u16; rays.len()]];
        let mut hop_capturers = [vec![0u16; rays.len()], vec![0u16; rays.len()]];
        for (k, t) in tables.iter().enumerate() {
            for c in Color::BOTH {
                for &(r, mode) in &t[c.index()].rides {
                    if mode.captures() {
                        ride_capturers[c.index()][r] |= 1 << k;
                    }
                }
                for &(r, mode) in &t[c.index()].hops {
                    if mode.captures() {
                        hop_capturers[c.index()][r] |= 1 << k;
                    }
                }
            }
        }
        let role_kinds = |role: Role| {
            spec.pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.role == role)
                .fold(0u16, |m, (k, _)| m | 1 << k)
        };
        let royal_kinds = role_kinds(Role::King);
        let file_rays = rays
            .iter()
            .enumerate()
            .filter(|(_, r)| r.dx == 0)
            .fold(0u16, |m, (i, _)| m | 1 << i);
        let king_file_rays = if spec.hooks.flying_general && file_rays.count_ones() == 2 {
            file_rays
        } else {
            0
        };
        let mut ray_kinds = [[0u16; MAX_RAYS]; 2];
        let mut hop_ray_kinds = [[0u16; MAX_RAYS]; 2];
        for c in Color::BOTH {
            for (i, ray) in rays.iter().enumerate() {
                ray_kinds[c.index()][i] = ride_capturers[c.index()][ray.opposite];
                hop_ray_kinds[c.index()][i] = hop_capturers[c.index()][ray.opposite];
                if king_file_rays >> i & 1 != 0 {
                    // the flying general: the king faces along its file like a rook
                    ray_kinds[c.index()][i] |= royal_kinds;
                }
            }
        }
        let rider_kinds = ray_kinds.map(|k| k.iter().fold(0, |m, k| m | k));
        let hopper_kinds = hop_ray_kinds.map(|k| k.iter().fold(0, |m, k| m | k));
        let mut leap_reach = [
            [Bitboard::EMPTY; GRID_SQUARES],
            [Bitboard::EMPTY; GRID_SQUARES],
        ];
        for t in &tables {
            for c in Color::BOTH {
                let t = &t[c.index()];
                for (i, reach) in leap_reach[c.index()].iter_mut().enumerate() {
                    *reach |= t.leap_attackers[i] | t.path_attackers[i];
                }
            }
        }
        let cannon_rule_kinds = if spec.hooks.janggi_cannon {
            spec.pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.id == "cannon")
                .fold(0u16, |m, (k, _)| m | 1 << k)
        } else {
            0
        };
        let mut promotion_zone = [Bitboard::EMPTY; 2];
        for &r in &spec.promotion_ranks {
            promotion_zone[0] |= spec.shape.rank(r);
            promotion_zone[1] |= spec.shape.rank(spec.shape.ranks - 1 - r);
        }
        if let Promotion::Sittuyin { .. } = spec.promotion {
            promotion_zone = sittuyin_zone();
        }
        let pawn_kinds = role_kinds(Role::Pawn);
        let mut leap_kinds = 0u16;
        let mut uniform_kinds = 0u16;
        for (k, p) in spec.pieces.iter().enumerate() {
            let t = &tables[k];
            if t.iter()
                .any(|t| t.leap_capture.iter().any(|b| b.any()) || t.has_paths)
            {
                leap_kinds |= 1 << k;
            }
            // a hop's quiet squares differ from its capture squares
            if parse_betza(p.betza)?
                .iter()
                .all(|a| a.mode == Mode::Both && !a.hop)
            {
                uniform_kinds |= 1 << k;
            }
        }
        let simple = simple && !spec.hooks.flying_general;
        // pawns that step one square straight forward and capture one square diagonally
        // forward, and nothing else: their moves are found for all of them at once
        let mut shift_pawns = 0u16;
        for (k, per_color) in tables.iter().enumerate() {
            let plain = [Color::White, Color::Black].iter().all(|&c| {
                let t = &per_color[c.index()];
                t.rides.is_empty()
                    && t.hops.is_empty()
                    && !t.has_paths
                    && board.into_iter().all(|sq| {
                        let b = sq.bb();
                        t.leap_move[sq.index()] == pawn_step(b, c, 0) & board
                            && t.leap_capture[sq.index()]
                                == (pawn_step(b, c, -1) | pawn_step(b, c, 1)) & board
                    })
            });
            if pawn_kinds >> k & 1 != 0 && plain {
                shift_pawns |= 1 << k;
            }
        }
        let only = |plain: &dyn Fn(&KindTables) -> bool| {
            (0..tables.len())
                .filter(|&k| {
                    uniform_kinds >> k & 1 != 0
                        && tables[k]
                            .iter()
                            .all(|t| t.hops.is_empty() && !t.has_paths && plain(t))
                })
                .fold(0u16, |m, k| m | 1 << k)
        };
        let leap_only = only(&|t| t.rides.is_empty());
        let ride_only = only(&|t| t.leap_capture.iter().all(|b| b.is_empty()));
        // every piece attacks by leaps and rides alone (no hops, no lame leaps)
        let plain_attacks = tables
            .iter()
            .flatten()
            .all(|t| t.hops.is_empty() && !t.has_paths);
        let mut promote_kind = [None; MAX_KINDS];
        let mut demote_kind = [0 as Kind; MAX_KINDS];
        for (k, p) in spec.pieces.iter().enumerate() {
            demote_kind[k] = k as Kind;
            promote_kind[k] = p
                .promotes_to
                .and_then(|id| spec.pieces.iter().position(|q| q.id == id))
                .map(|i| i as Kind);
        }
        let promoting = promote_kind
            .iter()
            .enumerate()
            .filter(|(_, pk)| pk.is_some())
            .fold(0u16, |m, (k, _)| m | 1 << k);
        let plain_movers = only(&|_| true) & !pawn_kinds & !royal_kinds & !promoting;
        for (k, pk) in promote_kind.iter().enumerate() {
            if let Some(pk) = pk {
                demote_kind[*pk as usize] = k as Kind;
            }
        }
        let dead = tables
            .iter()
            .map(|t| {
                let mut d = [Bitboard::EMPTY; 2];
                for c in Color::BOTH {
                    let t = &t[c.index()];
                    for sq in spec.shape.squares() {
                        let i = sq.index();
                        let rides = t
                            .rides
                            .iter()
                            .chain(&t.hops)
                            .any(|&(r, _)| rays[r].from[i].any());
                        if (t.leap_move[i] | t.leap_capture[i]).is_empty()
                            && !rides
                            && t.paths[i].is_empty()
                        {
                            d[c.index()] |= sq.bb();
                        }
                    }
                }
                d
            })
            .collect();
        let find = |id: &str| {
            spec.pieces
                .iter()
                .position(|p| p.id == id)
                .map(|k| k as Kind)
        };
        let (fers_kind, rook_kind) = (find("fers"), find("rook"));
        let mate_banned_knight = find("knight").filter(|_| spec.hooks.knight_mate_illegal);
        let mut v = Variant {
            fers_kind,
            rook_kind,
            mate_banned_knight,
            royal_kinds,
            promote_kind,
            demote_kind,
            dead,
            leap_kinds,
            uniform_kinds,
            leap_only,
            ride_only,
            plain_movers,
            spec,
            board,
            king,
            tables,
            rays,
            lines: Vec::new(),
            king_leaps: [[Bitboard::EMPTY; GRID_SQUARES]; 2],
            ray_reach,
            ray_kinds,
            hop_ray_kinds,
            rider_kinds,
            hopper_kinds,
            leap_reach,
            cannon_rule_kinds,
            simple,
            narrow: board.0 >> 64 == 0,
            king_file_rays,
            promotion_zone,
            pawn_special: [Bitboard::EMPTY; 2],
            pawn_special_near: [Bitboard::EMPTY; 2],
            double_step_rank: [Bitboard::EMPTY; 2],
            special_moves: false,
            special_beyond_fast: false,
            other_immediate_ends: false,
            pawn_kinds,
            shift_pawns,
            plain_attacks,
            start_counts: [[0; MAX_KINDS]; 2],
            start_kind_on: [None; GRID_SQUARES],
            ray_toward: Box::new([[NO_RAY; GRID_SQUARES]; GRID_SQUARES]),
            castle: Box::new([[None; 2]; GRID_SQUARES]),
        };
        if v.spec.hooks.castling {
            let files = v.shape().files;
            for (i, sides) in v.castle.iter_mut().enumerate() {
                if let Some(k) = Square::from_index(i) {
                    *sides = [false, true]
                        .map(|kingside| super::special::CastleSquares::new(files, k, kingside));
                }
            }
        }
        v.table_lines();
        let ranks = v.shape().ranks;
        v.double_step_rank = [v.shape().rank(1), v.shape().rank(ranks - 2)];
        for c in Color::BOTH {
            let last = if c == Color::White {
                v.shape().ranks - 1
            } else {
                0
            };
            let special = match v.spec.promotion {
                Promotion::Choice(_) => v.promotion_zone(c),
                Promotion::OriginalType | Promotion::LostType => v.shape().rank(last),
                _ => Bitboard::EMPTY,
            };
            v.pawn_special[c.index()] = special;
            v.pawn_special_near[c.index()] =
                [-1, 0, 1].into_iter().fold(Bitboard::EMPTY, |b, df| {
                    b | pawn_step(special, c.other(), df)
                });
        }
        let forward_only = matches!(
            v.spec.hooks.king_leap,
            KingLeap::FirstMoveForward | KingLeap::Cambodian
        );
        for c in Color::BOTH {
            for (i, leaps) in v.king_leaps[c.index()].iter_mut().enumerate() {
                let Some(k) = Square::from_index(i) else {
                    continue;
                };
                for (dx, dy) in KNIGHT_STEPS {
                    if forward_only && dy != c.forward() {
                        continue;
                    }
                    if let Some(to) = k.offset(dx, dy).filter(|s| board.has(*s)) {
                        *leaps |= to.bb();
                    }
                }
            }
        }
        let h = &v.spec.hooks;
        v.special_beyond_fast =
            h.pass || h.impasse || matches!(v.spec.promotion, Promotion::Sittuyin { .. });
        v.other_immediate_ends =
            h.impasse || v.royal_kinds.count_ones() > 1 || h.bikjang != Bikjang::None;
        v.special_moves = v.special_beyond_fast
            || h.castling
            || h.king_leap != KingLeap::None
            || h.fers_step != FersStep::None;
        let start = super::fen::parse_board_only(&v, &v.spec.start_fen.clone())
            .map_err(|e| VariantError::StartFen(e.to_string()))?;
        for (sq, piece) in start {
            v.start_counts[piece.color.index()][piece.kind as usize] += 1;
            v.start_kind_on[sq.index()] = Some(piece.kind);
        }
        for (i, ray) in v.rays.iter().enumerate() {
            for (from, row) in v.ray_toward.iter_mut().enumerate() {
                for s in ray.from[from] {
                    row[s.index()] = i as u8;
                }
            }
        }
        Ok(v)
    }

    /// Whether the flying general is tested on its own (the variant has no file rays for
    /// the king to ride with the rooks).
    #[inline]
    pub(crate) fn facing_tested_apart(&self) -> bool {
        self.spec.hooks.flying_general && self.king_file_rays == 0
    }

    /// Whether pieces can be in hand: for a setup phase (Sittuyin) or drops (Shogi). The
    /// FEN has a pocket exactly then.
    pub fn keeps_hands(&self) -> bool {
        self.spec.hooks.setup != Setup::Fixed || self.spec.hooks.drops
    }
    /// Number of piece types.
    pub fn kinds(&self) -> usize {
        self.spec.pieces.len()
    }
    /// The definition of a piece type.
    pub fn piece(&self, k: Kind) -> &PieceDef {
        &self.spec.pieces[k as usize]
    }
    /// The unpromoted type with this FEN letter (either case).
    pub fn kind_of_letter(&self, c: char) -> Option<Kind> {
        let l = c.to_ascii_lowercase();
        self.spec
            .pieces
            .iter()
            .position(|p| p.letter == l && !p.promoted)
            .map(|k| k as Kind)
    }
    /// The promoted type written `+` and this letter.
    pub fn promoted_kind_of_letter(&self, c: char) -> Option<Kind> {
        let l = c.to_ascii_lowercase();
        self.spec
            .pieces
            .iter()
            .position(|p| p.letter == l && p.promoted)
            .map(|k| k as Kind)
    }
    /// The type `k` promotes to, if any.
    pub fn promoted(&self, k: Kind) -> Option<Kind> {
        self.promote_kind[k as usize]
    }
    /// The unpromoted type of `k`.
    pub fn demoted(&self, k: Kind) -> Kind {
        self.demote_kind[k as usize]
    }
    /// Whether `k` is royal.
    pub fn is_royal(&self, k: Kind) -> bool {
        self.royal_kinds >> k & 1 != 0
    }
    /// The FEN text of a piece type for a colour (`+p` for promoted types).
    pub fn fen_text(&self, k: Kind, c: Color) -> String {
        let p = self.piece(k);
        let l = if c == Color::White {
            p.letter.to_ascii_uppercase()
        } else {
            p.letter
        };
        if p.promoted {
            format!("+{l}")
        } else {
            l.to_string()
        }
    }
    /// The type with this id.
    pub fn kind_of_id(&self, id: &str) -> Option<Kind> {
        self.spec
            .pieces
            .iter()
            .position(|p| p.id == id)
            .map(|k| k as Kind)
    }
    /// The royal type.
    pub fn king(&self) -> Kind {
        self.king
    }
    /// Board shape.
    pub fn shape(&self) -> Shape {
        self.spec.shape
    }
    /// Whether the kings live in palaces (Xiangqi's flying general, Janggi's diagonals).
    pub fn has_palace(&self) -> bool {
        self.spec.hooks.flying_general || self.spec.hooks.palace_diagonals
    }
    /// Whether the game's own notation is WXF (Xiangqi) rather than SAN.
    pub fn writes_wxf(&self) -> bool {
        self.spec.game == "xiangqi"
    }
    /// Whether Fairy-Stockfish writes the game's moves with numbered squares (Hodges'
    /// notation: `P-76`, `Bx22+`, `G69-58`, `N*45`): Shogi and Sho Shogi.
    pub fn writes_shogi_numbers(&self) -> bool {
        matches!(self.spec.game, "shogi" | "sho-shogi")
    }
    /// Whether `k` is a pawn type.
    #[inline]
    pub fn is_pawn(&self, k: Kind) -> bool {
        self.pawn_kinds >> k & 1 != 0
    }
    /// The squares where `c`'s pawns promote.
    pub fn promotion_zone(&self, c: Color) -> Bitboard {
        self.promotion_zone[c.index()]
    }
}

fn sittuyin_zone() -> [Bitboard; 2] {
    let sq = |s: &str| Square::parse(s).expect("square").bb();
    let w = ["a8", "b7", "c6", "d5", "e5", "f6", "g7", "h8"]
        .iter()
        .fold(Bitboard::EMPTY, |b, s| b | sq(s));
    let b = ["a1", "b2", "c3", "d4", "e4", "f3", "g2", "h1"]
        .iter()
        .fold(Bitboard::EMPTY, |b, s| b | sq(s));
    [w, b]
}

/// How far a square one step forward for `c`, `df` files aside, lies on the grid (files
/// a-h, where squares are numbered rank by rank).
#[inline]
pub(crate) fn pawn_offset(c: Color, df: i32) -> i32 {
    let files = crate::geometry::NARROW_FILES as i32;
    match c {
        Color::White => files + df,
        Color::Black => df - files,
    }
}

/// Squares of files a-h, less file a (the first mask) or file h (the second).
const NOT_EDGE: [u128; 2] = {
    let mut m = [0u128; 2];
    let mut r = 0;
    while r < crate::geometry::GRID_RANKS as u32 {
        m[0] |= 0xFE << (8 * r);
        m[1] |= 0x7F << (8 * r);
        r += 1;
    }
    m
};

/// The squares one step forward from `b` for `c`, `df` files aside (-1, 0 or 1), on files
/// a-h of the grid (the ninth file takes no part: a board of nine files has no pawns that
/// move as a set).
#[inline]
pub(crate) fn pawn_step<B: Bits>(b: B, c: Color, df: i32) -> B {
    let narrow = B::of(Bitboard(NOT_EDGE[0] | NOT_EDGE[1]));
    let b = match df {
        -1 => b & B::of(Bitboard(NOT_EDGE[0])),
        1 => b & B::of(Bitboard(NOT_EDGE[1])),
        _ => b & narrow,
    };
    b.shifted(pawn_offset(c, df)) & narrow
}

impl Variant {
    /// Tables the lines of the capturing rides of every kind, each ray paired with its
    /// opposite when the kind rides both, and sets each kind's `capture_lines` and
    /// `capture_walked`.
    fn table_lines(&mut self) {
        let mut lines: Vec<super::lines::Line> = Vec::new();
        let mut untabled: Vec<u16> = Vec::new();
        // per kind and colour: the lines used and the rays left to walk
        let mut found = Vec::new();
        for pair in &self.tables {
            for t in pair {
                let (mut tabled, mut walked) = (0u16, 0u16);
                let mut left = t.capture_rays;
                while left != 0 {
                    let r = left.trailing_zeros() as usize;
                    let opposite = 1u16 << self.rays[r].opposite;
                    let mask = (1u16 << r) | (opposite & t.capture_rays);
                    left &= !mask;
                    let index = match lines.iter().position(|l| l.rays == mask) {
                        Some(i) => Some(i),
                        None if untabled.contains(&mask) || lines.len() >= 16 => None,
                        None => match super::lines::Line::build(self, mask) {
                            Some(line) => {
                                lines.push(line);
                                Some(lines.len() - 1)
                            }
                            None => {
                                untabled.push(mask);
                                None
                            }
                        },
                    };
                    match index {
                        Some(i) => tabled |= 1 << i,
                        None => walked |= mask,
                    }
                }
                found.push((tabled, walked));
            }
        }
        for (t, (tabled, walked)) in self.tables.iter_mut().flatten().zip(found) {
            t.capture_lines = tabled;
            t.capture_walked = walked;
            t.two_lines = (walked == 0 && tabled.count_ones() == 2).then(|| {
                let first = tabled.trailing_zeros() as u8;
                [first, (tabled & (tabled - 1)).trailing_zeros() as u8]
            });
        }
        self.lines = lines;
    }
}
