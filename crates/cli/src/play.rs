//! `ashta play`: two people at one terminal.

use crate::GameArgs;
use anyhow::{Context, Result};
use ashta_rules::chess::games::asha;
use ashta_rules::chess::{ChessGame, Position};
use ashta_rules::geometry::{Color, Square};
use ashta_rules::{Game, Turn};
use std::io::{BufRead, Write};

/// The board as text, rank by rank from the top: White's pieces in capitals, promoted
/// pieces with `+`, `*` on empty palace points, the river of Xiangqi as a line, and the
/// pieces in hand; then the game's names of the pieces.
pub fn board_text(pos: &Position) -> String {
    let v = pos.variant();
    let shape = v.shape();
    let palace = v.has_palace();
    let in_palace =
        |f: u8, r: u8| palace && (3..=5).contains(&f) && (r < 3 || r + 3 >= shape.ranks);
    let mut s = String::new();
    for r in (0..shape.ranks).rev() {
        s += &format!("{:>2} ", r + 1);
        for f in 0..shape.files {
            let sq = Square::new(f, r).expect("on board");
            let cell = match pos.piece_at(sq) {
                Some(p) => v.fen_text(p.kind, p.color),
                None if in_palace(f, r) => "*".to_string(),
                None => ".".to_string(),
            };
            s += &format!("{cell:>3}");
        }
        s.push('\n');
        if v.spec.hooks.flying_general && r == shape.ranks / 2 {
            s += &format!("   {}\n", " ~~".repeat(shape.files as usize));
        }
    }
    s += "   ";
    for f in 0..shape.files {
        s += &format!("{:>3}", (b'a' + f) as char);
    }
    s.push('\n');
    for c in Color::BOTH {
        if pos.has_hand(c) {
            let hand: Vec<String> = (0..v.kinds() as u8)
                .filter(|&k| pos.in_hand(c, k) > 0)
                .map(|k| format!("{}x{}", v.fen_text(k, c), pos.in_hand(c, k)))
                .collect();
            let what = if pos.in_setup() {
                "to place"
            } else {
                "in hand"
            };
            s += &format!("{} {what}: {}\n", side_name(c), hand.join(" "));
        }
    }
    let names: Vec<String> = (0..v.kinds() as u8)
        .map(|k| {
            let p = v.piece(k);
            if v.spec.game == "asha" {
                format!(
                    "{} {} / {}",
                    p.letter.to_ascii_uppercase(),
                    asha::kind_name(Color::White, p.id),
                    asha::kind_name(Color::Black, p.id)
                )
            } else {
                format!("{} {} ({})", v.fen_text(k, Color::White), p.name, p.id)
            }
        })
        .collect();
    s += &names.join(", ");
    s.push('\n');
    s
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The computer's side and strength in a terminal game.
pub struct Computer {
    /// Whether the computer plays White (else Black).
    pub plays_white: bool,
    /// Level 1-8.
    pub level: u32,
    /// Time per move in milliseconds.
    pub movetime: u64,
}

/// Runs a game read from `input`, writing to `out`.
pub fn run(
    args: &GameArgs,
    fen: Option<&str>,
    computer: Option<Computer>,
    input: impl BufRead,
    mut out: impl Write,
) -> Result<()> {
    let mut searcher = ashta_engine::Searcher::new(32);
    let v = args.variant()?;
    let mut game = match fen {
        Some(f) => ChessGame::from_position(Position::from_fen(v, f).context("bad --fen")?),
        None => ChessGame::new(v),
    };
    writeln!(
        out,
        "{} ({} rules). Enter moves in SAN (Nf3) or coordinates (g1f3); 'help' for commands.",
        v.spec.game, v.spec.ruleset
    )?;
    let mut lines = input.lines();
    loop {
        writeln!(out, "\n{}", board_text(game.position()))?;
        if let Some(o) = game.outcome() {
            let result = match o.winner() {
                Some(0) => "White wins",
                Some(_) => "Black wins",
                None => "Draw",
            };
            writeln!(out, "Game over: {result} ({}).", o.reason)?;
            return Ok(());
        }
        let Turn::Seat(seat) = game.turn() else {
            return Ok(());
        };
        let side = if seat == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Some(c) = &computer {
            if c.plays_white == (side == Color::White) {
                let mut limits =
                    ashta_engine::Limits::movetime(std::time::Duration::from_millis(c.movetime));
                ashta_engine::apply_level(c.level, &mut limits, &mut searcher);
                searcher
                    .stop
                    .store(false, std::sync::atomic::Ordering::Relaxed);
                let r = searcher.search(&game, &limits, |_| {});
                if let Some(m) = r.best {
                    writeln!(
                        out,
                        "{} (computer) plays {}",
                        side_name(side),
                        game.move_text(m)
                    )?;
                    game.play(m);
                }
                continue;
            }
        }
        let check = if game.position().in_check() {
            " (in check)"
        } else {
            ""
        };
        write!(out, "{} to move{check}> ", side_name(side))?;
        out.flush()?;
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line?;
        match line.trim() {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "help" => writeln!(
                out,
                "Commands: a move, 'moves' (list legal moves), 'undo', 'fen', 'quit'."
            )?,
            "moves" => {
                let pos = game.position();
                let list: Vec<String> = game.legal_moves().iter().map(|&m| pos.san(m)).collect();
                writeln!(out, "{}", list.join(" "))?;
            }
            "fen" => writeln!(out, "{}", game.position().fen())?,
            "undo" => {
                if game.undo().is_none() {
                    writeln!(out, "Nothing to take back.")?;
                }
            }
            text => {
                let san = game.parse_move(text).map(|m| game.move_text(m));
                match (game.play_text(text), san) {
                    (Ok(_), Ok(san)) => writeln!(out, "{} played {san}", side_name(side))?,
                    (Err(e), _) | (Ok(_), Err(e)) => writeln!(out, "Illegal: {e}")?,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(game: &str) -> GameArgs {
        GameArgs {
            game: game.into(),
            ruleset: None,
            options: vec![],
        }
    }

    #[test]
    fn fools_mate_in_asha_ends_the_game() {
        let mut out = Vec::new();
        run(
            &args("asha"),
            None,
            None,
            "f3\ne5\ng4\nQh4\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Black played Qh4#"), "{text}");
        assert!(text.contains("Game over: Black wins (checkmate)"), "{text}");
        assert!(text.contains("Creator / Destroyer"), "{text}");
    }

    #[test]
    fn the_computer_answers() {
        let mut out = Vec::new();
        let computer = Computer {
            plays_white: false,
            level: 3,
            movetime: 200,
        };
        run(
            &args("asha"),
            None,
            Some(computer),
            "e4\nd4\nquit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("Black (computer) plays").count(), 2, "{text}");
    }

    #[test]
    fn boards_show_river_palace_promotions_and_hands() {
        let v = ashta_rules::chess::variant("xiangqi", None, &[]).unwrap();
        let text = board_text(&Position::start(v));
        assert!(text.contains(" ~~ ~~"), "{text}");
        assert!(
            text.lines()
                .any(|l| l.starts_with(" 2 ") && l.contains('*')),
            "{text}"
        );
        let v = ashta_rules::chess::variant("shogi", None, &[]).unwrap();
        let pos = Position::from_fen(v, "4k4/9/9/9/9/9/9/4+P4/4K4[Pp] w - - 0 1").unwrap();
        let text = board_text(&pos);
        assert!(text.contains(" +P"), "{text}");
        assert!(
            text.contains("White in hand: Px1") && text.contains("Black in hand: px1"),
            "{text}"
        );
    }

    #[test]
    fn illegal_moves_are_explained() {
        let mut out = Vec::new();
        run(
            &args("shatranj"),
            None,
            None,
            "e2e4\nxyz\nquit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("Illegal: \"e2e4\" is not legal here"),
            "{text}"
        );
        assert!(text.contains("Illegal: \"xyz\" is not a move"), "{text}");
    }
}

/// Plays any game of the [`Game`] trait between people at the terminal, drawing the board
/// with `board` after every move; chance turns are thrown with `dice`.
pub fn run_game<G: Game>(
    mut game: G,
    board: impl Fn(&G) -> String,
    mut dice: ashta_rules::Dice,
    computer_seats: &[usize],
    think: crate::selfplay::Think<'_, G>,
    input: impl BufRead,
    mut out: impl Write,
) -> Result<()>
where
    G::MoveError: std::fmt::Display,
{
    writeln!(out, "Enter moves; 'moves' lists them, 'quit' ends.")?;
    let mut lines = input.lines();
    loop {
        writeln!(out, "\n{}", board(&game))?;
        if let Some(o) = game.outcome() {
            let result = match o.winner() {
                Some(s) => format!("seat {} wins", s + 1),
                None => "draw".to_string(),
            };
            writeln!(out, "Game over: {result} ({}).", o.reason)?;
            return Ok(());
        }
        if game.turn() == Turn::Chance {
            if let Some(m) = game.random_outcome(&mut dice) {
                writeln!(out, "{}", game.move_text(m))?;
                game.play(m);
            }
            continue;
        }
        if let Turn::Seat(seat) = game.turn() {
            if computer_seats.contains(&seat) {
                let m = think(&game, dice.unit().to_bits())
                    .ok_or_else(|| anyhow::anyhow!("no move for the computer"))?;
                writeln!(
                    out,
                    "seat {} (computer) plays {}",
                    seat + 1,
                    game.move_text(m)
                )?;
                game.play(m);
                continue;
            }
        }
        let Turn::Seat(seat) = game.turn() else {
            return Ok(());
        };
        let who = if game.seats() == 2 {
            ["White", "Black"][seat].to_string()
        } else {
            format!("Seat {}", seat + 1)
        };
        write!(out, "{who} to move> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            return Ok(());
        };
        match line?.trim() {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "moves" => {
                let all: Vec<String> = game
                    .legal_moves()
                    .into_iter()
                    .map(|m| game.move_text(m))
                    .collect();
                writeln!(out, "{}", all.join(" "))?;
            }
            text => match game.parse_move(text) {
                Ok(m) => {
                    writeln!(out, "played {}", game.move_text(m))?;
                    game.play(m);
                }
                Err(e) => writeln!(out, "Illegal: {e}")?,
            },
        }
    }
}

#[cfg(test)]
mod generic_tests {
    use super::run_game;
    use ashta_rules::ahayuta::Ahayuta;

    #[test]
    fn ahayuta_at_the_terminal() {
        let mut out = Vec::new();
        let dice = ashta_rules::Dice::new(1);
        run_game(
            Ahayuta::new(),
            |g| g.board_text(),
            dice,
            &[],
            &|_, _| None,
            "@d1\n@d2\nmoves\nquit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("played @d1"), "{text}");
        assert!(
            text.contains("Illegal: \"@d2\" is not legal here"),
            "{text}"
        );
        assert!(text.contains("@b8 @c8"), "{text}");
    }

    #[test]
    fn ashtapada_throws_itself_and_lists_plans() {
        use ashta_rules::ashtapada::{Ashtapada, Ruleset};
        let mut out = Vec::new();
        let dice = ashta_rules::Dice::new(42);
        let game = Ashtapada::new(Ruleset::AshtaKashte, 2);
        run_game(
            game,
            |g| g.board_text(),
            dice,
            &[],
            &|_, _| None,
            "enter\nquit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("throw "), "{text}");
        assert!(text.contains("plans: enter"), "{text}");
    }

    #[test]
    fn the_computer_plays_ahayuta() {
        let mut out = Vec::new();
        let dice = ashta_rules::Dice::new(5);
        run_game(
            Ahayuta::new(),
            |g| g.board_text(),
            dice,
            &[1],
            &|g: &Ahayuta, _| ashta_engine::ahayuta_move(g, ashta_engine::alphabeta_limits(2)),
            "@d1\nquit\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("seat 2 (computer) plays @"), "{text}");
    }
}
