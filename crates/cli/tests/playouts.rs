//! `ashta playouts`: one case chosen by `--only`, and a clear error when none matches.

use std::process::Command;

fn ashta(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ashta"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the ashta binary runs")
}

#[test]
fn only_runs_the_matching_case() {
    let out = ashta(&["playouts", "--seconds", "0.05", "--only", "shaturanga"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(lines[0].starts_with("shaturanga") && lines[0].contains("playouts/s"));
}

#[test]
fn an_unknown_case_is_an_error_naming_the_cases() {
    let out = ashta(&["playouts", "--seconds", "0.05", "--only", "backgammon"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no case matches \"backgammon\""), "{err}");
    assert!(err.contains("ashtapada kile, 2 players"), "{err}");
}

#[test]
fn a_count_plays_the_same_seeded_games_every_run() {
    let plies = || {
        let out = ashta(&["playouts", "--count", "5", "--only", "kile, 2"]);
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let fields: Vec<&str> = text.split_whitespace().collect();
        let at = fields
            .iter()
            .position(|f| *f == "plies/playout")
            .expect(&text);
        fields[at - 1].parse::<f64>().expect(&text)
    };
    let first = plies();
    assert!(
        first > 10.0,
        "a kile game lasts more than ten plies: {first}"
    );
    assert_eq!(first, plies());
}
