//! Xiangqi's chase: which of the opponent's pieces a move chases, after the Asian Xiangqi
//! Federation's rules as Fairy-Stockfish reads them. A piece is chased when the move
//! newly attacks it, directly or by opening a line or a leg, and it is not protected (a
//! protector pinned to its king, or a king that would face the other, does not count), or
//! when the attacker is the weaker piece (a horse or cannon on a chariot; an elephant or
//! advisor on a chariot, horse or cannon). A king and a soldier on its own side of the river
//! are never chased; a piece of the attacker's own type that can take back is not, unless
//! it is pinned. A move that pins a protector, or that prepares a discovered check, also
//! chases what it leaves hanging.

use super::position::{Move, MoveKind, Position};
use super::tables::own_half;
use super::variant::Kind;
use crate::geometry::{Bitboard, Color, Square};

/// Xiangqi's piece types.
struct Kinds {
    king: Kind,
    advisor: Kind,
    elephant: Kind,
    horse: Kind,
    rook: Kind,
    cannon: Kind,
    soldier: Kind,
}

impl Kinds {
    fn of(pos: &Position) -> Option<Kinds> {
        let v = pos.variant();
        let k = |id| v.kind_of_id(id);
        Some(Kinds {
            king: k("king")?,
            advisor: k("advisor")?,
            elephant: k("elephant")?,
            horse: k("horse")?,
            rook: k("rook")?,
            cannon: k("cannon")?,
            soldier: k("pawn")?,
        })
    }
}

/// The board's squares `(dx, dy)` steps from `sq` for each step.
fn around(pos: &Position, sq: Square, steps: &[(i8, i8)]) -> Bitboard {
    let shape = pos.variant().shape();
    steps
        .iter()
        .filter_map(|&(dx, dy)| sq.offset(dx, dy))
        .filter(|&s| shape.contains(s))
        .fold(Bitboard::EMPTY, |b, s| b.with(s))
}

const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Every square of `sq`'s rank and file but `sq`.
fn lines_through(pos: &Position, sq: Square) -> Bitboard {
    let shape = pos.variant().shape();
    (shape.file(sq.file()) | shape.rank(sq.rank())).without(sq)
}

/// The whole file through two squares of one file, or else the whole rank through two
/// squares of one rank (none if they share neither).
fn line_of(pos: &Position, a: Square, b: Square) -> Bitboard {
    let shape = pos.variant().shape();
    if a.file() == b.file() {
        shape.file(a.file())
    } else if a.rank() == b.rank() {
        shape.rank(a.rank())
    } else {
        Bitboard::EMPTY
    }
}

/// The squares strictly between two squares of one rank or file (none otherwise).
fn between(pos: &Position, a: Square, b: Square) -> Bitboard {
    if a.file() != b.file() && a.rank() != b.rank() {
        return Bitboard::EMPTY;
    }
    pos.variant().between(a, b).unwrap_or(Bitboard::EMPTY)
}

/// The soldiers of `c` still on their own side of the river.
fn uncrossed_soldiers(pos: &Position, k: &Kinds, c: Color) -> Bitboard {
    pos.pieces(c, k.soldier) & own_half(pos.variant().shape(), c)
}

/// The pieces of `by` that could take on `sq` with occupancy `occ` (a king only by its own
/// step, not by facing the other king along a file).
fn takers(pos: &Position, k: &Kinds, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
    let mut a = pos.attackers_to(sq, by, occ);
    for ks in a & pos.pieces(by, k.king) {
        if !pos.attacks_of(k.king, by, ks, occ).has(sq) {
            a = a.without(ks);
        }
    }
    a
}

/// The pieces (of either side) whose leaving would expose `c`'s king to a chariot (the one
/// piece between), a cannon (either of the two between) or a horse (the piece on its leg).
fn blockers_for_king(pos: &Position, k: &Kinds, c: Color) -> Bitboard {
    let Some(ksq) = pos.king_square(c) else {
        return Bitboard::EMPTY;
    };
    let them = c.other();
    let occ = pos.occupied();
    let rooks = pos.pieces(them, k.rook);
    let mut out = Bitboard::EMPTY;
    for r in rooks {
        let b = between(pos, r, ksq) & occ & !rooks;
        if b.count() == 1 {
            out |= b;
        }
    }
    for cn in pos.pieces(them, k.cannon) {
        let b = between(pos, cn, ksq) & occ;
        if b.count() == 2 {
            out |= b;
        }
    }
    for h in pos.pieces(them, k.horse) {
        let (df, dr) = (
            ksq.file() as i8 - h.file() as i8,
            ksq.rank() as i8 - h.rank() as i8,
        );
        let leg = match (df.abs(), dr.abs()) {
            (2, 1) => h.offset(df.signum(), 0),
            (1, 2) => h.offset(0, dr.signum()),
            _ => None,
        };
        if let Some(leg) = leg.filter(|&l| occ.has(l)) {
            out = out.with(leg);
        }
    }
    out
}

/// The pieces of the side to move in `after` that `m`, played from `before`, chases.
pub(crate) fn chased(before: &Position, after: &Position, m: Move) -> Bitboard {
    if matches!(m.kind(), MoveKind::Drop | MoveKind::Pass) {
        return Bitboard::EMPTY;
    }
    let Some(k) = Kinds::of(after) else {
        return Bitboard::EMPTY;
    };
    let us = after.side_to_move();
    let them = us.other();
    let occ = after.occupied();
    let mine = after.color_bb(us);
    let blockers = blockers_for_king(after, &k, us);
    let mut pins = blockers;
    // a piece alone on the file between the kings may not leave it
    if let Some(their_king) = after.king_square(them) {
        let file = after.variant().shape().file(their_king.file()) & mine;
        let others = file & !after.pieces(us, k.king);
        if (file & after.pieces(us, k.king)).any() && !others.several() {
            pins |= others;
        }
    }
    let never = after.pieces(us, k.king) | uncrossed_soldiers(after, &k, us);
    let mut chased = Bitboard::EMPTY;
    let add = |at: Square, kind: Kind, attacks: Bitboard, chased: &mut Bitboard| {
        if (attacks & !*chased).is_empty() {
            return;
        }
        let mut attacks = attacks & !never;
        // the weaker piece chases the stronger whether it is protected or not
        if kind == k.horse || kind == k.cannon {
            *chased |= attacks & after.pieces(us, k.rook);
        }
        if kind == k.elephant || kind == k.advisor {
            *chased |= attacks
                & (after.pieces(us, k.rook)
                    | after.pieces(us, k.cannon)
                    | after.pieces(us, k.horse));
        }
        // pieces attacking each other: no chase, unless a horse's leg makes it one-sided or
        // the attacked piece is pinned
        if kind == k.horse && (around(after, at, &DIAGONAL) & occ).any() {
            for h in attacks & after.pieces(us, k.horse) {
                if after.attacks_of(k.horse, us, h, occ).has(at) {
                    attacks = attacks.without(h);
                }
            }
        } else {
            attacks &= !after.pieces(us, kind) | pins;
        }
        let occ_without = occ.without(at);
        for s in attacks {
            let roots = takers(after, &k, s, us, occ_without) & !pins;
            let king_alone = roots == after.pieces(us, k.king)
                && after
                    .king_square(them)
                    .is_some_and(|tk| after.attacks_of(k.rook, them, tk, occ_without).has(s));
            if roots.is_empty() || king_alone {
                *chased = chased.with(s);
            }
        }
    };
    let (from, to) = (m.from(), m.to());
    // direct attacks of the piece that moved (for a chariot or cannon, off its line)
    if let Some(p) = after.piece_at(to) {
        if p.kind != k.king && p.kind != k.soldier {
            let mut direct = after.attacks_of(p.kind, them, to, occ) & mine;
            if p.kind == k.rook || p.kind == k.cannon {
                direct &= !line_of(after, from, to);
            }
            add(to, p.kind, direct, &mut chased);
        }
    }
    // discovered attacks: a horse whose leg, an elephant whose eye, a chariot or cannon
    // whose line the move opened, or a cannon it gave a screen
    let candidates = (around(after, from, &ORTHOGONAL) & after.pieces(them, k.horse))
        | (around(after, from, &DIAGONAL) & after.pieces(them, k.elephant))
        | (lines_through(after, from)
            & (after.pieces(them, k.cannon) | after.pieces(them, k.rook)))
        | (lines_through(after, to) & after.pieces(them, k.cannon));
    let captured = before.piece_at(to).is_some();
    let occ_before = if captured { occ } else { occ ^ to.bb() } ^ from.bb();
    for s in candidates {
        let Some(p) = after.piece_at(s) else {
            continue;
        };
        let found = mine
            & after.attacks_of(p.kind, them, s, occ)
            & !after.attacks_of(p.kind, them, s, occ_before);
        add(s, p.kind, found, &mut chased);
    }
    let newly = blockers & !blockers_for_king(before, &k, us);
    // fake roots: a protector the move pinned no longer protects
    let their_blockers = blockers_for_king(after, &k, them);
    for s in newly & mine {
        let Some(p) = after.piece_at(s) else {
            continue;
        };
        let left = mine & !never & after.attacks_of(p.kind, us, s, occ);
        for s2 in left {
            if (takers(after, &k, s2, them, occ) & !their_blockers).any() {
                chased = chased.with(s2);
            }
        }
    }
    // a discovered check in waiting: what the piece that would uncover it attacks, unless
    // the king could take it back
    if let Some(ksq) = after.king_square(us) {
        let king_reach = after.attacks_of(k.king, us, ksq, occ);
        for s in newly & after.color_bb(them) {
            let Some(p) = after.piece_at(s) else {
                continue;
            };
            let hit = after.attacks_of(p.kind, them, s, occ) & mine;
            chased |= hit & !king_reach;
            for s2 in hit & king_reach {
                let guards = after.attackers_to(s2, them, occ ^ s.bb() ^ ksq.bb()) & !s.bb();
                if guards.any() {
                    chased = chased.with(s2);
                }
            }
        }
    }
    chased
}
