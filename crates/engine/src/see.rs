//! Static exchange evaluation: whether a move wins at least a given amount of material
//! once every piece that bears on its square has taken in turn, least valuable first.
//! Attackers are found anew after each capture, so pieces behind others (and the screens
//! of hopping pieces) come in as the square's line opens.

use crate::eval::Tables;
use ashta_rules::chess::{Kind, Move, MoveKind, Position};
use ashta_rules::geometry::Bitboard;

/// The value of the piece `m` takes, if any.
pub fn captured_value(pos: &Position, m: Move, t: &Tables) -> i32 {
    captured(pos, m).map_or(0, |k| t.value[k as usize])
}

/// The type `m` takes, if it captures.
#[inline]
pub fn captured(pos: &Position, m: Move) -> Option<Kind> {
    match m.kind() {
        MoveKind::EnPassant => Some(pos.piece_at(m.from())?.kind),
        MoveKind::Normal | MoveKind::Promotion if m.from() != m.to() => pos
            .piece_at(m.to())
            .filter(|p| p.color != pos.side_to_move())
            .map(|p| p.kind),
        _ => None,
    }
}

/// Whether the exchange `m` starts on its square gains at least `threshold` for the side
/// to move (promotions and special moves count only what they take).
pub fn see_ge(pos: &Position, m: Move, threshold: i32, t: &Tables) -> bool {
    let (from, mover) = match m.kind() {
        MoveKind::Normal | MoveKind::Promotion if m.from() != m.to() => {
            match pos.piece_at(m.from()) {
                Some(p) => (Some(m.from()), p.kind),
                None => return 0 >= threshold,
            }
        }
        MoveKind::Drop => (None, m.piece()),
        _ => return captured_value(pos, m, t) >= threshold,
    };
    let to = m.to();
    let mut swap = captured_value(pos, m, t) - threshold;
    if swap < 0 {
        return false;
    }
    swap = t.value[mover as usize] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied().with(to);
    if let Some(f) = from {
        occ = occ.without(f);
    }
    let v = pos.variant();
    let mut stm = pos.side_to_move();
    let mut res = true;
    loop {
        stm = stm.other();
        let mine = pos.attackers_to(to, stm, occ) & occ & pos.color_bb(stm) & !to.bb();
        if mine.is_empty() {
            break;
        }
        res = !res;
        // the least valuable attacker
        let Some((kind, bb)) = least_valuable(pos, mine, t) else {
            break;
        };
        if v.is_royal(kind) {
            // the king may take only if nothing defends the square
            let theirs = pos.attackers_to(to, stm.other(), occ.without(bb.lsb()))
                & occ
                & pos.color_bb(stm.other())
                & !to.bb();
            return if theirs.any() { !res } else { res };
        }
        swap = t.value[kind as usize] - swap;
        if swap < i32::from(res) {
            break;
        }
        occ = occ.without(bb.lsb());
    }
    res
}

/// The least valuable type among `attackers`, with its squares there.
#[inline]
fn least_valuable(pos: &Position, attackers: Bitboard, t: &Tables) -> Option<(Kind, Bitboard)> {
    let v = pos.variant();
    let mut best: Option<(Kind, Bitboard)> = None;
    for k in 0..v.kinds() as Kind {
        let bb = attackers & pos.kind_bb(k);
        if bb.any() && best.is_none_or(|(b, _)| t.value[k as usize] < t.value[b as usize]) {
            best = Some((k, bb));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_rules::chess::variant;

    fn at(game: &str, fen: &str) -> Position {
        Position::from_fen(variant(game, None, &[]).unwrap(), fen).unwrap()
    }

    #[test]
    fn exchanges_are_counted_to_the_end() {
        let pos = at("asha", "4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1");
        let t = Tables::of(pos.variant());
        let m = pos.parse_uci("d4e5").unwrap();
        // pawn takes pawn, pawn retakes: even
        assert!(see_ge(&pos, m, 0, t));
        assert!(!see_ge(&pos, m, 1, t));
        // a rook taking a defended pawn loses the exchange
        let pos = at("asha", "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1");
        let m = pos.parse_uci("e1e5").unwrap();
        assert!(!see_ge(&pos, m, 0, t));
        // an undefended pawn is won
        let pos = at("asha", "4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1");
        let m = pos.parse_uci("e1e5").unwrap();
        assert!(see_ge(&pos, m, 100, t));
        // the rook behind the rook joins in: the pawn is won, defended once
        let pos = at("asha", "4k3/8/3p4/4p3/8/8/4R3/4RK2 w - - 0 1");
        let m = pos.parse_uci("e2e5").unwrap();
        assert!(!see_ge(&pos, m, 1, t));
        let pos = at("asha", "4k3/8/8/4p3/3P4/8/4R3/4RK2 w - - 0 1");
        let m = pos.parse_uci("d4e5").unwrap();
        assert!(see_ge(&pos, m, 100, t));
        // a quiet move onto a square the enemy pawn guards loses the piece
        let pos = at("asha", "4k3/8/3p4/8/8/2B5/8/4K3 w - - 0 1");
        let m = pos.parse_uci("c3e5").unwrap();
        assert!(!see_ge(&pos, m, 0, t));
    }

    #[test]
    fn hoppers_need_their_screen() {
        // a Xiangqi cannon takes over a screen; with the screen gone it cannot retake
        let pos = at("xiangqi", "3k5/9/9/9/4r4/9/4P4/9/4C4/5K3 b - - 0 1");
        let t = Tables::of(pos.variant());
        let m = pos.parse_uci("e6e4").unwrap();
        // the rook takes the screen pawn: then the cannon has no screen and cannot retake
        assert!(see_ge(&pos, m, 1, t));
    }
}
