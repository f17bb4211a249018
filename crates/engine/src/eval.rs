//! Static evaluation for the chess family: material from each game's piece values, pieces
//! in hand, pawn advancement, centralisation (a piece-square term) and king safety (shelter
//! beside the king, attackers near it, while the attacker has pieces), from the side to
//! move's point of view.

use ashta_rules::chess::{Kind, Position, Variant};
use ashta_rules::geometry::{Color, Square};

/// Value of a piece type in centipawns (a pawn is 100).
pub fn piece_value(v: &Variant, k: Kind) -> i32 {
    let game = v.spec.game;
    let id = v.piece(k).id;
    match (game, id) {
        (_, "king") | (_, "crown-prince") => 0,
        ("xiangqi", "rook") => 900,
        ("xiangqi", "cannon") => 450,
        ("xiangqi", "horse") => 400,
        ("xiangqi", "advisor") | ("xiangqi", "elephant") => 200,
        ("janggi", "rook") => 1300,
        ("janggi", "cannon") => 700,
        ("janggi", "horse") => 500,
        ("janggi", "elephant") | ("janggi", "guard") => 300,
        ("janggi", "pawn") => 200,
        (_, "pawn") => 100,
        (_, "lance") => 300,
        (_, "knight") if v.piece(k).betza == "ffN" => 350,
        (_, "knight") | (_, "horse") => 300,
        (_, "bishop") if matches!(game, "shogi" | "sho-shogi") => 800,
        (_, "rook") if matches!(game, "shogi" | "sho-shogi") => 950,
        (_, "bishop") => 330,
        (_, "rook") => 500,
        (_, "queen") => 900,
        (_, "bers") => 700,
        (_, "fers") | (_, "advisor") => 150,
        (_, "alfil") | (_, "elephant") => 120,
        (_, "dabbaba") => 130,
        (_, "silver") => 250,
        (_, "gold") => 550,
        (_, "tokin") | (_, "promoted-lance") | (_, "promoted-knight") | (_, "promoted-silver") => {
            550
        }
        (_, "drunk-elephant") => 500,
        (_, "dragon-horse") => 1050,
        (_, "dragon-king") => 1250,
        (_, "guard") => 250,
        (_, "cannon") => 450,
        _ => 200,
    }
}

/// Chebyshev distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// The position's value for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let v = pos.variant();
    let shape = v.shape();
    let mut score = [0i32; 2];
    // king safety, while the attacker has pieces to attack with: a piece of ours beside our
    // king shelters it; an enemy piece within two squares of it threatens it
    // (not in Xiangqi and Janggi, whose kings never leave the palace and its guards:
    // there the term measured worse, 4.5/16 against the evaluation without it)
    let kings = if v.has_palace() {
        [None, None]
    } else {
        [pos.king_square(Color::White), pos.king_square(Color::Black)]
    };
    // counted in the one pass over the pieces, weighed once the material is known
    let mut attack_material = [0i32; 2];
    let mut shelter = [0i32; 2];
    let mut pressure = [0i32; 2];
    for c in Color::BOTH {
        for k in 0..v.kinds() as Kind {
            let value = piece_value(v, k);
            let bb = pos.pieces(c, k);
            score[c.index()] += value * bb.count() as i32;
            // pieces in hand are worth a little more than on the board (they can go anywhere)
            score[c.index()] += value * 11 / 10 * pos.in_hand(c, k) as i32;
            let pawn = v.is_pawn(k);
            let royal = v.is_royal(k);
            if !pawn && !royal {
                attack_material[c.index()] +=
                    value * (bb.count() as i32 + pos.in_hand(c, k) as i32);
            }
            for sq in bb {
                let rel = if c == Color::White {
                    sq.rank()
                } else {
                    shape.ranks - 1 - sq.rank()
                } as i32;
                if pawn {
                    score[c.index()] += 6 * rel;
                } else if !royal {
                    let df = (2 * sq.file() as i32 - (shape.files as i32 - 1)).abs();
                    let dr = (2 * sq.rank() as i32 - (shape.ranks as i32 - 1)).abs();
                    score[c.index()] += 12 - (df + dr);
                }
                if !royal {
                    // shelter beside our king; pressure near theirs
                    if kings[c.index()].is_some_and(|ks| distance(sq, ks) == 1) {
                        shelter[c.index()] += 1;
                    }
                    if !pawn && kings[c.other().index()].is_some_and(|ks| distance(sq, ks) <= 2) {
                        pressure[c.index()] += 1;
                    }
                }
            }
        }
    }
    for c in Color::BOTH {
        if attack_material[c.other().index()] > 1200 {
            score[c.index()] += 8 * shelter[c.index()];
        }
        if attack_material[c.index()] > 1200 {
            score[c.index()] += 12 * pressure[c.index()];
        }
    }
    let us = pos.side_to_move();
    score[us.index()] - score[us.other().index()] + 10
}
