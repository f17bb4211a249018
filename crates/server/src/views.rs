//! The board as the page draws it, in JSON: squares, pieces with their names, hands,
//! marks (last move, check), and the Ashtapada board with its paths.

use ashta_rules::ahayuta::{Ahayuta, Cell};
use ashta_rules::ashtapada::{paths, Ashtapada, Plan, Ruleset, Spot, Step};
use ashta_rules::chess::games::asha;
use ashta_rules::chess::{self, ChessGame, Position};
use ashta_rules::geometry::{Color, Square};
use ashta_rules::shaturanga::Shaturanga;
use serde_json::{json, Value};

/// The squares of a move text: `e2e4`, `e7e8q`, `h10g8`, `P@e4`, `e7f8/d1`, `c3c3+`.
pub fn move_shape(text: &str) -> Value {
    fn square_at(s: &str) -> Option<(String, &str)> {
        let b = s.as_bytes();
        if b.is_empty() || !b[0].is_ascii_lowercase() {
            return None;
        }
        let digits = s[1..].bytes().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        Some((s[..1 + digits].to_string(), &s[1 + digits..]))
    }
    if let Some((piece, sq)) = text.split_once('@') {
        if let Some((to, "")) = square_at(sq) {
            return json!({ "drop": if piece.is_empty() { "M" } else { piece }, "to": to });
        }
    }
    if let Some((from, rest)) = square_at(text) {
        if let Some((to, rest)) = square_at(rest) {
            let mut v = json!({ "from": from, "to": to });
            if let Some(then) = rest.strip_prefix('/') {
                v["then"] = json!(then);
            } else if !rest.is_empty() {
                v["promotion"] = json!(rest);
            }
            return v;
        }
    }
    json!({ "special": true })
}

fn piece_json(pos: &Position, sq: Square, p: chess::Piece) -> Value {
    let v = pos.variant();
    let def = v.piece(p.kind);
    let name = if v.spec.game == "asha" {
        asha::kind_name(p.color, def.id).to_string()
    } else {
        def.name.to_string()
    };
    json!({
        "sq": sq.to_string(),
        "id": def.id,
        "letter": v.fen_text(p.kind, p.color),
        "seat": p.color.index(),
        "name": name,
        "promoted": def.promoted,
    })
}

pub fn chess_board(g: &ChessGame, last: Option<Value>) -> Value {
    let pos = g.position();
    let v = pos.variant();
    let shape = v.shape();
    let game = v.spec.game;
    let mut cells = Vec::new();
    for sq in shape.squares() {
        if let Some(p) = pos.piece_at(sq) {
            cells.push(piece_json(pos, sq, p));
        }
    }
    let hands: Vec<Value> = Color::BOTH
        .iter()
        .map(|&c| {
            let list: Vec<Value> = (0..v.kinds() as u8)
                .filter(|&k| pos.in_hand(c, k) > 0)
                .map(|k| {
                    json!({
                        "id": v.piece(k).id,
                        "letter": v.piece(k).letter.to_ascii_uppercase().to_string(),
                        "name": v.piece(k).name,
                        "count": pos.in_hand(c, k),
                    })
                })
                .collect();
            json!(list)
        })
        .collect();
    let style = match game {
        "xiangqi" => "xiangqi",
        "janggi" => "janggi",
        "shogi" | "sho-shogi" | "heian-shogi" => "shogi",
        _ => "chess",
    };
    let check = if pos.in_check() {
        pos.king_square(pos.side_to_move()).map(|s| s.to_string())
    } else {
        None
    };
    let zone = if style == "shogi" {
        (0..shape.ranks)
            .filter(|&r| Square::new(0, r).is_some_and(|s| v.promotion_zone(Color::White).has(s)))
            .count()
    } else {
        0
    };
    json!({
        "kind": "grid",
        "style": style,
        "files": shape.files,
        "ranks": shape.ranks,
        "checkered": game == "asha",
        "cells": cells,
        "hands": hands,
        "hasHands": pos.has_hand(Color::White) || pos.has_hand(Color::Black) || v.spec.hooks.drops,
        "setup": pos.in_setup(),
        "check": check,
        "last": last,
        "zone": zone,
    })
}

fn ahayuta_sq(s: u8) -> String {
    format!("{}{}", (b'a' + s % 8) as char, s / 8 + 1)
}

pub fn ahayuta_board(g: &Ahayuta, last: Option<Value>) -> Value {
    let mut cells = Vec::new();
    for s in 0..64u8 {
        let (letter, seat, name) = match g.cell(s) {
            Cell::Empty => continue,
            Cell::Man(c) => (if c == Color::White { "M" } else { "m" }, c, "man"),
            Cell::God(c) => (
                if c == Color::White { "A" } else { "a" },
                c,
                "Ahayuta (war god)",
            ),
        };
        cells.push(json!({
            "sq": ahayuta_sq(s), "id": if letter.eq_ignore_ascii_case("a") { "ahayuta" } else { "man" },
            "letter": letter, "seat": seat.index(), "name": name, "promoted": false,
        }));
    }
    let hands: Vec<Value> = Color::BOTH
        .iter()
        .map(|&c| {
            let mut list = Vec::new();
            if g.in_hand(c) > 0 {
                list.push(json!({"id": "man", "letter": "M", "name": "man", "count": g.in_hand(c)}));
            }
            if g.god_pending(c) {
                list.push(json!({"id": "ahayuta", "letter": "A", "name": "Ahayuta (war god)", "count": 1}));
            }
            json!(list)
        })
        .collect();
    json!({
        "kind": "grid",
        "style": "ahayuta",
        "files": 8,
        "ranks": 8,
        "checkered": false,
        "corners": ["a1", "h1", "a8", "h8"],
        "cells": cells,
        "hands": hands,
        "hasHands": true,
        "check": null,
        "last": last,
        "zone": 0,
    })
}

pub fn ashtapada_board(g: &Ashtapada) -> Value {
    let marked: Vec<String> = (0..64u8)
        .filter(|&s| paths::marked(s))
        .map(paths::name)
        .collect();
    let seats = g.seats();
    let routes: Vec<Value> = seats
        .iter()
        .map(|&s| {
            let (path, end) = match g.rules() {
                Ruleset::Kile => paths::kile_path(s),
                Ruleset::AshtaKashte => paths::ashta_kashte_path(s),
            };
            json!({
                "path": path.iter().map(|&q| paths::name(q)).collect::<Vec<_>>(),
                "end": paths::name(end),
            })
        })
        .collect();
    let pieces: Vec<Value> = (0..seats.len())
        .map(|p| {
            let list: Vec<Value> = g
                .pieces(p)
                .iter()
                .map(|&spot| {
                    let at = match spot {
                        Spot::Hand => "hand",
                        Spot::Off => "off",
                        Spot::Keep => "keep",
                        Spot::Path(_) => "path",
                    };
                    json!({ "at": at, "sq": g.square(p, spot).map(paths::name) })
                })
                .collect();
            json!(list)
        })
        .collect();
    json!({
        "kind": "ashtapada",
        "ruleset": g.rules().name(),
        "files": 8,
        "ranks": 8,
        "marked": marked,
        "routes": routes,
        "pieces": pieces,
        "throws": g.throws(),
        "current": g.current(),
        "resigned": (0..seats.len()).map(|p| g.has_resigned(p)).collect::<Vec<_>>(),
    })
}

/// An Ashtapada plan as the page offers it: in words ("enter a piece, c1 to e1 by 1+2")
/// and as steps, each a piece going from a square (or the hand) to a square (or off the
/// board), which the page lets the player make one click at a time.
pub fn ashtapada_plan(g: &Ashtapada, plan: &Plan) -> (String, Value) {
    if plan.is_pass() {
        return ("no move is possible: pass".into(), json!([]));
    }
    let (mut words, mut steps) = (Vec::new(), Vec::new());
    for (step, from, to) in g.plan_squares(plan) {
        let from_name = from.map(paths::name);
        let to_name = to.map(paths::name);
        let (kind, twins, throws, text) = match &step {
            Step::Enter => (
                "enter",
                false,
                Vec::new(),
                format!("enter a piece on {}", to_name.clone().unwrap_or_default()),
            ),
            Step::BearOff => ("off", false, Vec::new(), "bear a piece off".to_string()),
            Step::Advance { twins, throws, .. } => {
                let by: Vec<String> = throws.iter().map(|t| t.to_string()).collect();
                let who = if *twins {
                    "both pieces (twins) on "
                } else {
                    ""
                };
                (
                    "advance",
                    *twins,
                    throws.clone(),
                    format!(
                        "{who}{} to {} by {}",
                        from_name.clone().unwrap_or_default(),
                        to_name.clone().unwrap_or_default(),
                        by.join("+")
                    ),
                )
            }
        };
        words.push(text);
        steps.push(json!({
            "kind": kind, "from": from_name, "to": to_name, "twins": twins, "throws": throws,
        }));
    }
    (words.join(", then "), json!(steps))
}

/// Shaturanga: the four armies, the thrones, and each player's standing, stakes and
/// commands; the die and the question of the moment.
pub fn shaturanga_board(g: &Shaturanga, last: Option<Value>) -> Value {
    use ashta_rules::shaturanga::{sq_name, Kind, Status, SEAT_NAMES, THRONES};
    let mut cells = Vec::new();
    for s in 0..64u8 {
        if let Some(p) = g.piece(s) {
            let id = match p.kind {
                Kind::Pawn => "pawn",
                Kind::Boat => "boat",
                Kind::Horse => "horse",
                Kind::Elephant => "elephant",
                Kind::Rajah => "rajah",
            };
            cells.push(json!({
                "sq": sq_name(s), "id": id, "letter": p.kind.letter().to_string(),
                "seat": p.owner, "name": format!("{}'s {}", SEAT_NAMES[p.owner as usize], p.kind.name()),
                "promoted": false,
            }));
        }
    }
    let players: Vec<Value> = (0..4u8)
        .map(|p| {
            json!({
                "status": match g.status(p) {
                    Status::Playing => "playing",
                    Status::Peace => "at peace",
                    Status::Out => "out",
                    Status::Resigned => "resigned",
                },
                "prisoner": g.is_prisoner(p),
                "commander": g.commander(p),
                "shipController": g.ship_controller(p),
                "stakes": g.debts()[p as usize],
            })
        })
        .collect();
    json!({
        "kind": "grid",
        "style": "shaturanga",
        "files": 8,
        "ranks": 8,
        "checkered": false,
        "cells": cells,
        "hands": [],
        "hasHands": false,
        "check": null,
        "last": last,
        "zone": 0,
        "thrones": THRONES.iter().map(|&t| sq_name(t)).collect::<Vec<_>>(),
        "players": players,
        "die": g.die(),
        "question": g.decision().map(|d| g.question(d)),
    })
}

/// Janggi's arrangement of horses and elephants in words, by the files b, c, g and h they
/// stand on (`arrange-nbbn`: horse, elephant, elephant, horse).
pub(crate) fn arrangement_words(text: &str) -> Option<String> {
    let letters = text.strip_prefix("arrange-")?;
    let words: Vec<&str> = letters
        .chars()
        .map(|c| match c {
            'n' => Some("horse"),
            'b' => Some("elephant"),
            _ => None,
        })
        .collect::<Option<_>>()?;
    Some(format!("Arrange b c g h: {}", words.join(", ")))
}
