//! Tests of `ashta uci`: UCI, USI, queued lines, ponder, bad input.

use super::run;

/// What the engine wrote, shared with the test.
#[derive(Clone, Default)]
pub(crate) struct Buffer(pub(crate) std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Buffer {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The engine's answer to `input`, the protocol run to the end of it.
pub(crate) fn talk(input: &str) -> String {
    let buf = Buffer::default();
    run(std::io::Cursor::new(input.as_bytes().to_vec()), buf.clone()).expect("protocol runs");
    let bytes = buf.0.lock().unwrap().clone();
    String::from_utf8(bytes).expect("utf8")
}

#[test]
fn go_finds_mate_and_answers_bestmove() {
    let out = talk("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\nisready\n");
    assert!(
        out.contains("bestmove a1") && !out.contains("score cp 100 "),
        "{out}"
    );
    assert!(out.contains("score mate 1"), "{out}");
    assert!(out.contains("info depth 1 "), "{out}");
}

/// `go searchmoves` chooses among the moves given (here not the mate), up to the next
/// parameter; a move that is not legal is named.
#[test]
fn searchmoves_limits_the_root_moves() {
    let out = talk(
        "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo searchmoves a1a2 g1f1 depth 3\nisready\n",
    );
    let best = out
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .unwrap_or("");
    assert!(
        best.starts_with("bestmove a1a2") || best.starts_with("bestmove g1f1"),
        "{out}"
    );
    let out = talk("position startpos\ngo depth 3 searchmoves e2e5\nisready\n");
    assert!(out.contains("e2e5") && !out.contains("bestmove"), "{out}");
}

#[test]
fn garbage_lines_never_stop_the_engine() {
    let mut input = String::new();
    let words = [
        "position",
        "fen",
        "startpos",
        "moves",
        "go",
        "perft",
        "setoption",
        "name",
        "value",
        "UCI_Variant",
        "xiangqi",
        "e2e4",
        "-1",
        "99999999999",
        "\u{1F600}",
        "[",
        "]",
        "depth",
        "movetime",
        "sfen",
        "usi",
    ];
    let mut seed = 12345u64;
    for _ in 0..300 {
        let mut line = Vec::new();
        for _ in 0..(seed % 6) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            line.push(words[(seed % words.len() as u64) as usize]);
        }
        seed = seed.wrapping_add(0x9E37_79B9);
        // keep searches short
        if line.first() == Some(&"go") && !line.contains(&"perft") {
            line = vec!["go", "depth", "1"];
        }
        if line.first() == Some(&"go") && line.contains(&"perft") {
            line = vec!["go", "perft", "1"];
        }
        input += &line.join(" ");
        input.push('\n');
    }
    input += "isready\n";
    let out = talk(&input);
    assert!(
        out.trim_end().ends_with("readyok") || out.contains("readyok"),
        "{out}"
    );
}

#[test]
fn usi_for_shogi() {
    let out = talk("usi\nusinewgame\nposition startpos moves 7g7f 3c3d\ngo btime 1000 wtime 1000 byoyomi 100\nisready\n");
    assert!(out.contains("usiok"), "{out}");
    let best = out
        .lines()
        .find(|l| l.starts_with("bestmove "))
        .expect("a bestmove");
    let m = best.split_whitespace().nth(1).unwrap();
    assert!(
        m.as_bytes()[0].is_ascii_digit() || m.contains('*'),
        "a USI move: {best}"
    );
    let out = talk("usi\nposition sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\ngo depth 1\n");
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn go_movetime_and_stop() {
    let start = std::time::Instant::now();
    let out =
        talk("setoption name UCI_Variant value xiangqi\nposition startpos\ngo movetime 200\n");
    assert!(out.contains("bestmove "), "{out}");
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
    let out = talk("position startpos\ngo infinite\nstop\n");
    assert_eq!(out.matches("bestmove").count(), 1, "{out}");
}

#[test]
fn ponder_waits_for_the_ponder_hit() {
    // a ponder search with a short clock still answers only after ponderhit
    let buf = Buffer::default();
    let (tx, rx) = std::sync::mpsc::channel::<Vec<u8>>();
    let reader = ChannelReader {
        rx,
        pending: Vec::new(),
    };
    let out = buf.clone();
    let engine = std::thread::spawn(move || run(std::io::BufReader::new(reader), out));
    tx.send(b"position startpos\ngo ponder wtime 200 btime 200\n".to_vec())
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    assert!(
        !text.contains("bestmove"),
        "answered while pondering: {text}"
    );
    tx.send(b"ponderhit\n".to_vec()).unwrap();
    // after the hit it keeps to its clock
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    assert_eq!(text.matches("bestmove").count(), 1, "{text}");
    assert!(
        text.contains(" seldepth ") && text.contains(" hashfull "),
        "{text}"
    );
    drop(tx);
    engine.join().unwrap().unwrap();
}

/// Input lines arriving over a channel, as a GUI sends them over time.
struct ChannelReader {
    rx: std::sync::mpsc::Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl std::io::Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.rx.recv() {
                Ok(b) => self.pending = b,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

#[test]
fn lines_sent_during_a_search_wait_for_it() {
    // `position` and `go` arrive while depth 6 is searched: the search is not cut short
    let out =
        talk("position startpos\ngo depth 6\nposition startpos moves e2e4\ngo depth 1\nisready\n");
    assert!(out.contains("info depth 6 "), "{out}");
    assert_eq!(out.matches("bestmove").count(), 2, "{out}");
    // quit acts at once
    let start = std::time::Instant::now();
    let out = talk("position startpos\ngo infinite\nquit\n");
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    assert!(out.matches("bestmove").count() <= 1, "{out}");
}

#[test]
fn finished_games_and_several_lines() {
    // mated: no move, said so
    let out = talk("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1\ngo depth 3\n");
    assert!(out.contains("bestmove (none)"), "{out}");
    assert!(out.contains("score mate 0"), "{out}");
    let out = talk("setoption name MultiPV value 3\nposition startpos\ngo depth 4\n");
    for k in 1..=3 {
        assert!(
            out.contains("info depth 4 seldepth") && out.contains(&format!(" multipv {k} ")),
            "{out}"
        );
    }
    let out = talk("setoption name SearchParams value lmp=0,nosuch=1\nsetoption name SearchParams value lmp=0\nposition startpos\ngo depth 2\n");
    assert_eq!(out.matches("info string error").count(), 1, "{out}");
    assert!(out.contains("bestmove"), "{out}");
}

#[test]
fn eval_file_plays_with_a_network_read_from_disk_or_says_why_not() {
    let dir = std::env::temp_dir().join(format!("ashta-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // a network for chess whose output is a constant: every root move scores the same
    let v = ashta_rules::chess::variant("asha", Some("seed"), &[]).unwrap();
    let inputs = ashta_engine::nnue::Inputs::of(v);
    let mut model = ashta_engine::nnue::train::Model::new(inputs.count, 1);
    model.w2.fill(0.0);
    model.b2[0] = 0.25;
    let flat = dir.join("flat.nnue");
    std::fs::write(&flat, ashta_engine::nnue::train::to_bytes(&inputs, &model)).unwrap();
    let go = "position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\ngo depth 1\n";
    let out = talk(&format!(
        "setoption name EvalFile value {}\n{go}",
        flat.display()
    ));
    assert!(out.contains("score cp 100 "), "{out}");
    let own = talk(go);
    assert!(!own.contains("score cp 100 "), "{own}");
    // a file that is not there, and a network of another game: said, and the game's own plays
    let out = talk(&format!(
        "setoption name EvalFile value {}\n{go}",
        dir.join("none").display()
    ));
    assert!(out.contains("info string error: EvalFile"), "{out}");
    assert!(
        out.contains("bestmove ") && !out.contains("score cp 100 "),
        "{out}"
    );
    let out = talk(&format!(
        "setoption name EvalFile value {}\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo depth 1\n",
        flat.display()
    ));
    assert!(out.contains("is not a network for xiangqi"), "{out}");
    assert!(out.contains("bestmove"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn go_perft_prints_divide_then_total_like_fairy_stockfish() {
    let out = talk(
        "setoption name UCI_Variant value makruk\nposition startpos moves a3a4\ngo perft 2\nquit\n",
    );
    assert!(out.contains("a6a5: 24\n"), "{out}");
    assert!(out.contains("\nNodes searched: 575\n"), "{out}");
}

#[test]
fn fsf_names_and_ruleset_option() {
    let out = talk(
        "setoption name UCI_Variant value chaturanga\nsetoption name Ruleset value fairy-stockfish\nposition startpos\ngo perft 4\n",
    );
    // Fairy-Stockfish's chaturanga: no king leap, so the same count as Shatranj
    assert!(out.contains("Nodes searched: 68122"), "{out}");
}

#[test]
fn moves_go_on_past_claimed_draws_and_stop_at_a_bad_one() {
    // the start position a third time (a repetition Fairy-Stockfish leaves to claim),
    // then a move more
    let out = talk("setoption name Ruleset value fairy-stockfish\nposition startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4\nd\n");
    assert!(
        out.contains("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"),
        "{out}"
    );
    assert!(!out.contains("error"), "{out}");
    assert!(!out.contains("Result:"), "the game goes on: {out}");
    // `d` says where our rules end the game (the claims included)
    let out = talk("setoption name Ruleset value fairy-stockfish\nposition startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8\nd\n");
    assert!(out.contains("Result: 1/2-1/2 ("), "{out}");
    let out = talk("position fen k7/8/1K6/8/8/8/8/7R w - - 0 1 moves h1h8\nd\n");
    assert!(out.contains("Result: 1-0 (checkmate)"), "{out}");
    let out =
        talk("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4\ngo depth 2\n");
    assert!(
        out.contains("bestmove ") && !out.contains("bestmove (none)"),
        "{out}"
    );
    // a bad move: the moves before it stand, and the error names it
    let out = talk("position startpos moves e2e4 e7e5 e1e3\nd\n");
    assert!(out.contains("info string error: move e1e3"), "{out}");
    assert!(
        out.contains("Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq"),
        "{out}"
    );
}

#[test]
fn bad_lines_get_errors_and_the_engine_keeps_running() {
    let out = talk("position fen 8/8 w\nposition startpos moves e2e5\nfoo\nsetoption name UCI_Variant value nosuch\nisready\n");
    assert_eq!(out.matches("info string error:").count(), 4, "{out}");
    assert!(out.ends_with("readyok\n"), "{out}");
}

/// The numbers of `eval`'s line `label`: (side to move, White).
fn eval_line(out: &str, label: &str) -> (i32, i32) {
    let line = out
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no {label} line: {out}"));
    let n: Vec<i32> = line
        .split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter_map(|w| w.parse().ok())
        .collect();
    (n[0], n[1])
}

#[test]
fn eval_prints_the_static_evaluation_for_the_side_to_move_and_for_white() {
    // Black to move, a queen against a rook: Black is far ahead on both evaluations
    let black = talk(
        "setoption name Ruleset value fairy-stockfish\nposition fen 8/8/3q4/8/5pk1/7R/6P1/6K1 b - - 29 89\neval\n",
    );
    // the same position with the colours swapped and the board turned top to bottom
    let white = talk(
        "setoption name Ruleset value fairy-stockfish\nposition fen 6k1/6p1/7r/5PK1/8/3Q4/8/8 w - - 29 89\neval\n",
    );
    for label in ["Network:", "Linear:"] {
        let (b_stm, b_white) = eval_line(&black, label);
        let (w_stm, w_white) = eval_line(&white, label);
        assert!(b_stm > 200, "{label} {black}");
        assert_eq!(b_white, -b_stm, "{label} {black}");
        assert_eq!(w_white, w_stm, "{label} {white}");
        assert_eq!(w_stm, b_stm, "{label}: the mirrored position scores alike");
    }
    // a game without a network prints the linear model's only
    let out = talk("setoption name UCI_Variant value senterej\nposition startpos\neval\n");
    assert!(
        !out.contains("Network:") && out.contains("Linear:"),
        "{out}"
    );
}
