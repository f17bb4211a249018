//! UCCI, the protocol of the Xiangqi GUIs (ElephantEye's): the same engine as `ashta uci`
//! after `ucci`, with ICCS moves (files `a`-`i`, ranks `0`-`9` from Red's side: `h2e2`),
//! `setoption <name> <value>`, `go [ponder|draw] time T increment I | depth D | nodes N`
//! (milliseconds), `nobestmove` where there is no move, and `bye` on `quit`.

/// The protocol a session speaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Proto {
    /// UCI with Fairy-Stockfish's `UCI_Variant`.
    Uci,
    /// USI (the shogi games): SFEN positions and USI moves, `b` the first player.
    Usi,
    /// UCCI (Xiangqi): ICCS moves.
    Ucci,
}

/// A move in UCI form (`h3e3`, ranks from 1) as ICCS writes it (`h2e2`, ranks from 0).
pub fn to_iccs(uci: &str) -> String {
    shift_ranks(uci, -1).unwrap_or_else(|| uci.to_string())
}

/// An ICCS move (`h2e2`, any case) in UCI form (`h3e3`), if it is one.
pub fn from_iccs(iccs: &str) -> Option<String> {
    shift_ranks(&iccs.to_ascii_lowercase(), 1)
}

/// A from-to move of one-digit ranks on files `a`-`i`, each rank moved by `by`.
fn shift_ranks(text: &str, by: i32) -> Option<String> {
    let b = text.as_bytes();
    let square = |f: u8, r: &str| -> Option<String> {
        let r: i32 = r.parse().ok()?;
        let r = r + by;
        ((b'a'..=b'i').contains(&f) && (0..=10).contains(&r)).then(|| format!("{}{r}", f as char))
    };
    // the first square's rank ends where the second file letter starts
    let second = (1..b.len()).find(|&i| b[i].is_ascii_alphabetic())?;
    if second < 2 || b.len() - second < 2 {
        return None;
    }
    let from = square(b[0], &text[1..second])?;
    let to = square(b[second], &text[second + 1..])?;
    Some(from + &to)
}

/// The lines answering `ucci`.
pub fn hello() -> String {
    format!(
        "id name Ashta {}\nid copyright the Ashta developers\nid author the Ashta developers\n\
         option usemillisec type check default true\n\
         option hashsize type spin min 1 max 4096 default 16\n\
         option ruleset type combo var seed var fairy-stockfish default seed\n\
         option level type spin min 1 max 8 default 8\nucciok",
        env!("CARGO_PKG_VERSION")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iccs_moves_are_uci_moves_a_rank_lower() {
        assert_eq!(to_iccs("h3e3"), "h2e2");
        assert_eq!(to_iccs("b10c8"), "b9c7");
        assert_eq!(from_iccs("h2e2").as_deref(), Some("h3e3"));
        assert_eq!(from_iccs("B9C7").as_deref(), Some("b10c8"));
        assert_eq!(from_iccs("j2e2"), None);
        assert_eq!(from_iccs("h2"), None);
        assert_eq!(from_iccs("h2e"), None);
        assert_eq!(from_iccs(""), None);
    }

    /// Sessions as a Xiangqi GUI drives them: `ucci`, options in UCCI's form, a position
    /// with ICCS moves and a timed search; a mate found; a finished game; `quit`.
    #[test]
    fn ucci_sessions() {
        use crate::uci::tests::talk;
        let out = talk(
            "ucci\nsetoption hashsize 32\nsetoption usemillisec true\nisready\n\
             position startpos moves h2e2 h9g7\ngo time 300 increment 0 opptime 300\n",
        );
        assert!(out.contains("ucciok") && out.contains("readyok"), "{out}");
        assert!(!out.contains("error"), "{out}");
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .and_then(|b| b.split_whitespace().next())
            .unwrap_or_else(|| panic!("no bestmove: {out}"));
        let v = ashta_rules::chess::variant("xiangqi", None, &[]).unwrap();
        let mut game = ashta_rules::chess::ChessGame::new(v);
        for m in ["h3e3", "h10g8"] {
            game.play_text(m).unwrap();
        }
        // the answer is an ICCS move of the position, a rank below the UCI form
        assert!(
            game.play_text(&from_iccs(best).unwrap()).is_ok(),
            "{best} is not a legal ICCS move here: {out}"
        );
        // Red's rook mates on the back rank: h0h9 in ICCS
        let out = talk("ucci\nposition fen 4k4/R8/9/9/9/9/9/9/9/3K3R1 r - - 0 1\ngo depth 4\n");
        assert!(
            out.contains("pv h0h9") && out.contains("bestmove h0h9"),
            "{out}"
        );
        // with the mate banned, another move; a new position lifts the ban
        let out = talk(
            "ucci\nposition fen 4k4/R8/9/9/9/9/9/9/9/3K3R1 r - - 0 1\nbanmoves h0h9\n\
             go depth 4\nposition fen 4k4/R8/9/9/9/9/9/9/9/3K3R1 r - - 0 1\ngo depth 4\n",
        );
        let answers: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(answers.len(), 2, "{out}");
        assert_ne!(answers[0], "bestmove h0h9", "{out}");
        assert_eq!(answers[1], "bestmove h0h9", "{out}");
        // `probe`: the hash table's move and bound for a position after a search of it
        let out = talk("ucci\nposition startpos\ngo depth 5\nprobe startpos\nprobe fen 3k5/9/9/9/9/9/9/9/9/4K4 r\n");
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .and_then(|b| b.split_whitespace().next())
            .unwrap_or_else(|| panic!("{out}"));
        let pops: Vec<&str> = out.lines().filter(|l| l.starts_with("pophash")).collect();
        assert_eq!(pops.len(), 2, "{out}");
        assert!(
            pops[0].starts_with(&format!("pophash bestmove {best} ")),
            "{out}"
        );
        assert!(pops[0].contains(" depth "), "{out}");
        assert_eq!(pops[1], "pophash", "a position never searched: {out}");
        let out = talk("ucci\nposition startpos\nbanmoves a0a5\n");
        assert!(
            out.contains("error") && out.contains("a0a5"),
            "an illegal banned move is named: {out}"
        );
        let out =
            talk("ucci\nposition fen 3k5/3R5/3R5/9/9/9/9/9/9/2RKR4 b - - 0 1\ngo depth 3\nquit\n");
        assert!(out.contains("nobestmove"), "{out}");
        assert!(out.trim_end().ends_with("bye"), "{out}");
    }

    #[test]
    fn ucci_go_parameters() {
        use ashta_rules::geometry::Color;
        let words = ["go", "depth", "infinite"];
        let (l, _) = crate::uci::limits(&words, Color::White, Proto::Ucci).unwrap();
        assert!(l.infinite);
        let words = [
            "go",
            "draw",
            "time",
            "5000",
            "increment",
            "100",
            "opptime",
            "4000",
        ];
        let (l, _) = crate::uci::limits(&words, Color::Black, Proto::Ucci).unwrap();
        assert_eq!(l.time_left, Some(std::time::Duration::from_millis(5000)));
        assert_eq!(l.increment, std::time::Duration::from_millis(100));
        assert!(crate::uci::limits(&["go", "time", "x"], Color::White, Proto::Ucci).is_err());
    }
}
