//! The engine keeps to its limits: a fixed time per move, a clock with increment, a node
//! count and a depth (bounds are generous: the machine may be busy).

use ashta_engine::{Limits, Searcher};
use ashta_rules::chess::{variant, ChessGame};
use std::time::{Duration, Instant};

fn start(game: &str) -> ChessGame {
    ChessGame::new(variant(game, None, &[]).unwrap())
}

#[test]
fn a_fixed_time_per_move_is_kept() {
    for game in ["asha", "makruk", "xiangqi", "shogi"] {
        let mut s = Searcher::new(8);
        let t = Instant::now();
        let r = s.search(
            &start(game),
            &Limits::movetime(Duration::from_millis(150)),
            |_| {},
        );
        let spent = t.elapsed();
        assert!(r.best.is_some(), "{game}");
        assert!(
            spent < Duration::from_millis(900),
            "{game}: overran, {spent:?}"
        );
    }
}

#[test]
fn a_clock_is_shared_out_over_the_moves() {
    let mut s = Searcher::new(8);
    let limits = Limits {
        time_left: Some(Duration::from_millis(3000)),
        increment: Duration::from_millis(50),
        ..Limits::default()
    };
    let t = Instant::now();
    let r = s.search(&start("shatranj"), &limits, |_| {});
    assert!(r.best.is_some());
    // a move takes a small share of the clock, never most of it
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn node_and_depth_limits_are_exact() {
    let mut s = Searcher::new(8);
    let limits = Limits {
        nodes: Some(500),
        ..Limits::default()
    };
    let mut last = None;
    let r = s.search(&start("asha"), &limits, |i| last = Some(i.nodes));
    assert!(r.best.is_some());
    assert!(last.is_none_or(|n| n <= 500), "{last:?}");
    let mut depths = Vec::new();
    // the caller clears the stop flag the node limit raised
    s.stop.store(false, std::sync::atomic::Ordering::Relaxed);
    s.search(&start("asha"), &Limits::depth(3), |i| depths.push(i.depth));
    assert_eq!(depths.last(), Some(&3));
}
