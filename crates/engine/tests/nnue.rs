//! The network evaluation: a move's update of the accumulator equals summing it afresh in
//! every chess-family game (captures, promotions, castling, drops, setups), the file
//! format round-trips and refuses what does not fit, and training learns from labels.

use ashta_engine::nnue::train::{self, Model, TrainSpec};
use ashta_engine::nnue::{Inputs, Net, KING_BUCKETS};
use ashta_rules::chess::{variant, ChessGame, MoveList, Position, GAMES};
use ashta_rules::Dice;

/// A network of small random weights for variant `v`.
fn random_net(v: &'static ashta_rules::chess::Variant, seed: u64) -> Net {
    let inputs = Inputs::of(v);
    let model = Model::new(inputs.count, seed);
    Net::read(v, &train::to_bytes(&inputs, &model)).expect("a network written reads back")
}

/// A network of small random weights with a second hidden layer of `l2` units.
fn random_layered_net(v: &'static ashta_rules::chess::Variant, l2: usize, seed: u64) -> Net {
    let inputs = Inputs::of(v);
    let model = Model::with_layer(inputs.count, l2, seed);
    Net::read(v, &train::to_bytes(&inputs, &model)).expect("a network written reads back")
}

/// A network of small random weights with `n` output buckets, each its own.
fn random_bucketed_net(v: &'static ashta_rules::chess::Variant, n: usize, seed: u64) -> Net {
    let inputs = Inputs::of(v);
    let mut model = Model::new(inputs.count, seed).with_buckets(n);
    for (i, w) in model.w2.iter_mut().enumerate() {
        *w *= 1.0 + (i / 128) as f32 * 0.2;
    }
    Net::read(v, &train::to_bytes(&inputs, &model)).expect("a network written reads back")
}

/// A network of small random weights with its inputs in sets by the king's square.
fn random_king_net(v: &'static ashta_rules::chess::Variant, seed: u64) -> Net {
    let inputs = Inputs::with_king_buckets(v, KING_BUCKETS);
    let model = Model::new(inputs.count, seed);
    let net = Net::read(v, &train::to_bytes(&inputs, &model)).expect("reads back");
    assert_eq!(net.inputs.king_buckets, KING_BUCKETS);
    net
}

/// A network of small random weights of `width` hidden units a side.
fn random_wide_net(v: &'static ashta_rules::chess::Variant, width: usize, seed: u64) -> Net {
    let inputs = Inputs::of(v);
    let model = Model::with_width(inputs.count, width, 0, seed);
    let net = Net::read(v, &train::to_bytes(&inputs, &model)).expect("reads back");
    assert_eq!(net.width(), width);
    net
}

#[test]
fn updating_the_accumulator_move_by_move_equals_summing_it_afresh() {
    for (n, info) in GAMES.iter().enumerate() {
        let v = variant(info.id, Some("seed"), &[]).unwrap();
        // some games with a second layer (of a size compiled apart or not), some with
        // output buckets
        // and some 128 units wide (or 40, a width compiled apart)
        let net = match n % 7 {
            0 => random_net(v, 7),
            1 => random_layered_net(v, 16, 7),
            2 => random_bucketed_net(v, 8, 7),
            3 => random_wide_net(v, 128, 7),
            4 => random_wide_net(v, 40, 7),
            5 => random_king_net(v, 7),
            _ => random_layered_net(v, 5, 7),
        };
        // the games with a learned network, with king buckets too
        let learned = variant(info.id, Some("fairy-stockfish"), &[])
            .ok()
            .and_then(Net::of);
        let nets = match learned {
            Some(_) if n % 7 != 5 => vec![net, random_king_net(v, 9)],
            _ => vec![net],
        };
        for net in &nets {
            updates_equal_sums(v, info.id, net);
        }
    }
}

/// Plays 20 random games of `v` and checks the updated accumulator against one summed
/// afresh at every move.
fn updates_equal_sums(v: &'static ashta_rules::chess::Variant, id: &str, net: &Net) {
    let mut dice = Dice::new(11);
    let mut list = MoveList::new();
    let mut checked = 0;
    // moves after which a view reads another set of inputs (summed afresh)
    let mut new_sets = 0;
    for game in 0..20 {
        let mut pos: Position = ChessGame::new(v).position().clone();
        let mut acc = net.refresh(&pos);
        for _ in 0..200 {
            pos.generate_legal(&mut list);
            if list.is_empty() {
                break;
            }
            let m = list.as_slice()[(dice.unit() * list.len() as f64) as usize % list.len()];
            let mut child = pos.clone();
            child.play_unchecked(m);
            if checked % 2 == 0 {
                net.update(&mut acc, &pos, &child);
            } else {
                // as the search does: the child's accumulator from the parent's
                let mut next = net.refresh(&ChessGame::new(v).position().clone());
                net.update_from(&mut next, &acc, &pos, &child);
                acc = next;
            }
            let fresh = net.refresh(&child);
            assert!(
                acc == fresh && net.output(&acc, &child) == net.output(&fresh, &child),
                "{} game {game}: after {} from {}",
                id,
                pos.uci(m),
                pos.fen()
            );
            checked += 1;
            for c in ashta_rules::geometry::Color::BOTH {
                let set = |p: &Position| net.inputs.king_bucket(p, c, false);
                new_sets += usize::from(set(&pos) != set(&child));
            }
            pos = child;
        }
    }
    assert!(checked > 500, "{}: {checked} moves checked", id);
    assert_eq!(
        new_sets > 0,
        net.inputs.king_buckets > 1,
        "{id}: {new_sets}"
    );
}

#[test]
fn a_network_reads_only_for_its_own_game() {
    let chess = variant("asha", Some("seed"), &[]).unwrap();
    let shogi = variant("shogi", Some("seed"), &[]).unwrap();
    let inputs = Inputs::of(chess);
    let bytes = train::to_bytes(&inputs, &Model::new(inputs.count, 1));
    assert!(Net::read(chess, &bytes).is_ok());
    let err = Net::read(shogi, &bytes)
        .err()
        .expect("a chess network is refused for shogi");
    assert!(err.contains("inputs"), "{err}");
    assert!(Net::read(chess, &bytes[..bytes.len() - 1]).is_err());
    assert!(Net::read(chess, b"not a network").is_err());
}

#[test]
fn a_network_read_back_as_weights_writes_the_same_bytes() {
    // `train-net --from` learns on from an embedded network: its floats must be the
    // network's own, not a rounding of them
    for game in ["asha", "shogi", "xiangqi"] {
        let v = variant(game, Some("fairy-stockfish"), &[]).unwrap();
        let net = Net::of(v).expect("an embedded network");
        let bytes = train::to_bytes(&net.inputs, &Model::of_net(net));
        let again = Net::read(v, &bytes).expect("reads back");
        let pos = ChessGame::new(v).position().clone();
        assert_eq!(again.evaluate(&pos), net.evaluate(&pos), "{game}");
        assert_eq!(
            train::to_bytes(&again.inputs, &Model::of_net(&again)),
            bytes,
            "{game}"
        );
    }
}

/// Checks that networks `a` and `b` score every position alike along `plies` random
/// plies of `v` (dice seeded with `seed`).
fn scores_alike_along_a_game(
    v: &'static ashta_rules::chess::Variant,
    a: &Net,
    b: &Net,
    plies: usize,
    seed: u64,
) {
    let mut dice = Dice::new(seed);
    let mut list = MoveList::new();
    let mut pos: Position = ChessGame::new(v).position().clone();
    for ply in 0..plies {
        assert_eq!(
            a.evaluate(&pos),
            b.evaluate(&pos),
            "ply {ply}: {}",
            pos.fen()
        );
        pos.generate_legal(&mut list);
        if list.is_empty() {
            break;
        }
        let m = list.as_slice()[(dice.unit() * list.len() as f64) as usize % list.len()];
        pos.play_unchecked(m);
    }
}

#[test]
fn a_widened_network_scores_as_before_and_learns_its_new_units() {
    // `train-net --from --hidden 128`: the network's units are kept, the new ones start
    // with no say in the output, so the wider network starts where the narrower one was
    let v = variant("asha", Some("fairy-stockfish"), &[]).unwrap();
    let net = Net::of(v).expect("an embedded network");
    let narrow = net.width();
    let model = Model::of_net(net).widen(2 * narrow, 3);
    assert_eq!(model.width(), 2 * narrow);
    let wide = Net::read(v, &train::to_bytes(&net.inputs, &model)).expect("reads back");
    assert_eq!(wide.width(), 2 * narrow);
    scores_alike_along_a_game(v, &wide, net, 60, 5);
    // the new units have input weights of their own (else they could not learn) and
    // none in the output yet
    let (w1, _, w2, _, _, _) = wide.weights();
    let w = 2 * narrow;
    assert!(w1
        .chunks_exact(w)
        .any(|row| row[narrow..].iter().any(|&x| x != 0.0)));
    for row in w2.chunks_exact(2 * w) {
        assert!(row[narrow..w]
            .iter()
            .chain(&row[w + narrow..])
            .all(|&x| x == 0.0));
    }
    // narrowing is not what widening does: a smaller width leaves the model as it is
    assert_eq!(Model::of_net(net).widen(narrow / 2, 3).width(), narrow);
}

#[test]
fn king_buckets_start_as_the_network_they_copy_and_read_the_kings_square() {
    // `train-net --from NET --king-buckets 9`: each set of inputs a copy of the network's
    // one, so the network starts scoring every position as it did
    let v = variant("asha", Some("fairy-stockfish"), &[]).unwrap();
    let net = &random_net(v, 3);
    let per = net.inputs.per_bucket;
    assert_eq!((net.inputs.king_buckets, per), (1, net.inputs.count));
    let model = Model::of_net(net).with_king_buckets(per, KING_BUCKETS);
    let kings = Net::read(
        v,
        &train::to_bytes(&Inputs::with_king_buckets(v, 9), &model),
    )
    .expect("reads back");
    assert_eq!(kings.inputs.count, 9 * per);
    scores_alike_along_a_game(v, &kings, net, 80, 8);
    // a model with its sets already is left as it is
    assert_eq!(
        model.clone().with_king_buckets(per, 9).w1.len(),
        model.w1.len()
    );
    // the sets: rank (first, second, beyond) by file (left of the start file, on it,
    // right of it), each side from its own side of the board
    use ashta_rules::geometry::Color::{Black, White};
    let set = |game: &str, fen: &str, c, mirror| {
        let v = variant(game, Some("fairy-stockfish"), &[]).unwrap();
        let pos = Position::from_fen(v, fen).unwrap();
        Inputs::with_king_buckets(v, 9).king_bucket(&pos, c, mirror) / Inputs::of(v).count
    };
    let castled = "2kr4/8/8/8/8/8/8/6K1 w - - 0 1";
    assert_eq!(set("asha", castled, White, false), 2);
    assert_eq!(set("asha", castled, White, true), 0);
    assert_eq!(set("asha", castled, Black, false), 0);
    assert_eq!(
        set("asha", "8/4k3/8/8/8/8/8/4K3 w - - 0 1", Black, false),
        4
    );
    assert_eq!(
        set("asha", "8/8/8/8/3k4/8/3K4/8 w - - 0 1", White, false),
        3
    );
    assert_eq!(
        set("asha", "8/8/8/8/3k4/8/3K4/8 w - - 0 1", Black, false),
        6
    );
    // Xiangqi's palace, three by three; Black's view turned half round
    let palace = "3k5/9/9/9/9/9/9/5K3/9/9 w - - 0 1";
    assert_eq!(set("xiangqi", palace, White, false), 8);
    assert_eq!(set("xiangqi", palace, Black, false), 0);
    // without sets every view reads the one
    let pos = Position::from_fen(v, castled).unwrap();
    assert_eq!(Inputs::of(v).king_bucket(&pos, White, false), 0);
}

/// The position with the colours exchanged and the board mirrored top to bottom, or turned
/// half round (`turn`), as FEN text; none where castling or en passant rights stand.
fn exchanged(fen: &str, turn: bool) -> Option<String> {
    let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
    if fields.len() < 4 || fields[2] != "-" || fields[3] != "-" {
        return None;
    }
    let (board, hand) = match fields[0].split_once('[') {
        Some((b, h)) => (b.to_string(), Some(h.trim_end_matches(']').to_string())),
        None => (fields[0].clone(), None),
    };
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let mut ranks = Vec::new();
    for rank in board.split('/').rev() {
        // tokens: a run of digits, or a piece letter with its `+`
        let mut tokens: Vec<String> = Vec::new();
        let mut chars = rank.chars().peekable();
        while let Some(c) = chars.next() {
            let mut t = c.to_string();
            if c.is_ascii_digit() {
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    t.push(*d);
                    chars.next();
                }
            } else if c == '+' {
                t.push(chars.next()?);
            }
            tokens.push(t.chars().map(swap).collect());
        }
        if turn {
            tokens.reverse();
        }
        ranks.push(tokens.concat());
    }
    fields[0] = ranks.join("/");
    if let Some(h) = hand {
        fields[0] += &format!("[{}]", h.chars().map(swap).collect::<String>());
    }
    fields[1] = if fields[1] == "w" {
        "b".into()
    } else {
        "w".into()
    };
    Some(fields.join(" "))
}

#[test]
fn every_network_scores_a_position_as_the_other_side_scores_its_image() {
    // random networks of every game (the inputs' turning of the board), and the embedded
    // ones
    for info in GAMES {
        let v = variant(info.id, Some("seed"), &[]).unwrap();
        let random = [
            random_net(v, 9),
            random_layered_net(v, 8, 9),
            random_layered_net(v, 3, 9),
            random_bucketed_net(v, 6, 9),
        ];
        let nets: Vec<&Net> = random.iter().chain(Net::of(v)).collect();
        let turn = Inputs::of(v).turns_half_round;
        let mut dice = Dice::new(21);
        let mut list = MoveList::new();
        let mut compared = 0;
        for _ in 0..30 {
            let mut pos: Position = ChessGame::new(v).position().clone();
            for _ in 0..(10 + (dice.unit() * 40.0) as usize) {
                pos.generate_legal(&mut list);
                if list.is_empty() {
                    break;
                }
                pos.play_unchecked(list[(dice.unit() * list.len() as f64) as usize % list.len()]);
            }
            let Some(text) = exchanged(&pos.fen(), turn) else {
                continue;
            };
            let Ok(other) = Position::from_fen(v, &text) else {
                continue;
            };
            for net in &nets {
                assert_eq!(
                    net.evaluate(&pos),
                    net.evaluate(&other),
                    "{}: {}",
                    info.id,
                    pos.fen()
                );
            }
            compared += 1;
        }
        assert!(compared >= 3, "{}: {compared} positions compared", info.id);
    }
}

#[test]
fn the_two_sides_see_a_mirrored_position_alike() {
    // a position and its colour-exchanged mirror score the same for the side to move
    let v = variant("asha", Some("seed"), &[]).unwrap();
    let net = random_net(v, 3);
    let a = Position::from_fen(
        v,
        "r3k2r/ppp2ppp/2n5/3qp3/8/2N2N2/PPP2PPP/R2QK2R w KQkq - 0 1",
    )
    .unwrap();
    let b = Position::from_fen(
        v,
        "r2qk2r/ppp2ppp/2n2n2/8/3QP3/2N5/PPP2PPP/R3K2R b KQkq - 0 1",
    )
    .unwrap();
    assert_eq!(net.evaluate(&a), net.evaluate(&b));
}

#[test]
fn training_learns_that_a_rook_is_worth_more_than_a_knight() {
    let v = variant("asha", Some("seed"), &[]).unwrap();
    // kings and a few pieces on random squares, labelled by material alone
    let mut text = String::new();
    let mut dice = Dice::new(5);
    let values = [('N', 300), ('B', 300), ('R', 500), ('Q', 900)];
    while text.lines().count() < 400 {
        let mut board = [['.'; 8]; 8];
        board[0][4] = 'K';
        board[7][4] = 'k';
        let mut score = 0;
        for white in [true, false] {
            for _ in 0..(dice.unit() * 4.0) as usize {
                let (letter, value) = values[(dice.unit() * 4.0) as usize % 4];
                let (r, f) = (
                    2 + (dice.unit() * 4.0) as usize % 4,
                    (dice.unit() * 8.0) as usize % 8,
                );
                if board[r][f] == '.' {
                    board[r][f] = if white {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    };
                    score += if white { value } else { -value };
                }
            }
        }
        let rows: Vec<String> = (0..8)
            .rev()
            .map(|r| {
                let mut row = String::new();
                let mut empty = 0;
                for &c in &board[r] {
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        let fen = format!("{} w - - 0 1", rows.join("/"));
        if Position::from_fen(v, &fen).is_ok() {
            let result = match score {
                s if s > 0 => 1.0,
                s if s < 0 => 0.0,
                _ => 0.5,
            };
            text.push_str(&format!("{fen};{score};{result}\n"));
        }
    }
    let inputs = Inputs::of(v);
    let samples = train::read_samples(v, &inputs, &text, 1.0, false).unwrap();
    // one output, and four buckets (of which these positions, 2 to 10 pieces, use two);
    // plain clipped units and squared ones
    for (buckets, squared) in [(0, false), (4, false), (0, true), (4, true)] {
        let spec = TrainSpec {
            epochs: 100,
            batch: 32,
            holdout: 0.0,
            threads: 1,
            buckets,
            squared,
            ..TrainSpec::default()
        };
        let all: Vec<u32> = (0..400).collect();
        let before = Model::new(inputs.count, spec.seed).error(&samples, &all);
        let (model, _) = train::train(&inputs, &samples, &spec, None, |_, _, _| {});
        assert_eq!(model.buckets(), buckets.max(1));
        let after = model.error(&samples, &all);
        assert!(after < before / 3.0, "{buckets}: error {before} -> {after}");
        assert_eq!(model.squared, squared);
        let bytes = train::to_bytes(&inputs, &model);
        let header = match (squared, buckets) {
            (true, _) => b"ASHTANN4",
            (false, 0) => b"ASHTANN1",
            (false, _) => b"ASHTANN3",
        };
        assert_eq!(&bytes[..8], header);
        let net = Net::read(v, &bytes).unwrap();
        assert_eq!(net.squared(), squared);
        assert_eq!(train::to_bytes(&inputs, &Model::of_net(&net)), bytes);
        // the integer evaluation scores as the floats learned, but for rounding (these
        // weights are large: scores up to a thousand centipawns)
        for (i, line) in text.lines().enumerate().take(100) {
            let pos = Position::from_fen(v, line.split(';').next().unwrap()).unwrap();
            let (learned, eval) = (model.output(&samples, i), net.evaluate(&pos));
            assert!(
                (learned - eval as f32).abs() < 15.0,
                "{buckets} {squared}: {line}: learned {learned}, evaluated {eval}"
            );
        }
        let rook_up = Position::from_fen(v, "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1").unwrap();
        let knight_up = Position::from_fen(v, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        let (r, n) = (net.evaluate(&rook_up), net.evaluate(&knight_up));
        assert!(r > n, "{buckets}: rook up {r}, knight up {n}");
    }
}

#[test]
fn a_second_layer_is_learned_and_evaluates_as_it_was_learned() {
    // the same material-only positions, learned with a second layer, from a network
    // without one (its first layer kept): the integers give the floats' output
    let v = variant("asha", Some("seed"), &[]).unwrap();
    let mut text = String::new();
    let pieces = ["R", "N", "Q", "B"];
    for w in pieces {
        for b in pieces {
            let value = |p: &str| match p {
                "Q" => 900,
                "R" => 500,
                _ => 300,
            };
            let score = value(w) - value(b);
            for f in 0..8 {
                // a rank of eight squares with one piece on file `f`
                let rank = |p: &str| {
                    let (l, r) = (f, 7 - f);
                    let n = |k: usize| if k > 0 { k.to_string() } else { String::new() };
                    format!("{}{p}{}", n(l), n(r))
                };
                let fen = format!(
                    "4k3/{}/8/8/8/{}/8/4K3 w - - 0 1",
                    rank(&b.to_ascii_lowercase()),
                    rank(w),
                );
                let r = if score > 0 { 1.0 } else { 0.5 };
                text.push_str(&format!("{fen};{score};{r}\n"));
            }
        }
    }
    let inputs = Inputs::of(v);
    let samples = train::read_samples(v, &inputs, &text, 1.0, false).unwrap();
    let all: Vec<u32> = (0..samples.len() as u32).collect();
    let spec = TrainSpec {
        epochs: 200,
        batch: 16,
        holdout: 0.0,
        threads: 2,
        layer2: 8,
        ..TrainSpec::default()
    };
    let first = Model::new(inputs.count, 3);
    let mut start = Model::with_layer(inputs.count, 8, 4);
    (start.w1, start.b1) = (first.w1.clone(), first.b1.clone());
    let before = start.error(&samples, &all);
    let (model, _) = train::train(&inputs, &samples, &spec, Some(start), |_, _, _| {});
    assert_eq!(model.layer2(), 8);
    let after = model.error(&samples, &all);
    assert!(after < before / 3.0, "error {before} -> {after}");
    // learning on with the first layer kept changes only what comes after it
    let frozen = TrainSpec {
        epochs: 5,
        freeze_first: true,
        ..spec
    };
    let (again, _) = train::train(
        &inputs,
        &samples,
        &frozen,
        Some(model.clone()),
        |_, _, _| {},
    );
    assert_eq!((&again.w1, &again.b1), (&model.w1, &model.b1));
    assert_ne!(again.w2, model.w2);
    let bytes = train::to_bytes(&inputs, &model);
    assert_eq!(&bytes[..8], b"ASHTANN2");
    let net = Net::read(v, &bytes).unwrap();
    assert_eq!(train::to_bytes(&inputs, &Model::of_net(&net)), bytes);
    let up = Position::from_fen(v, "4k3/8/8/8/8/3Q4/8/4K3 w - - 0 1").unwrap();
    let down = Position::from_fen(v, "4k3/8/3q4/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(net.evaluate(&up) > net.evaluate(&down));
    // a file cut short or with a layer too large is refused, saying why
    assert!(Net::read(v, &bytes[..bytes.len() - 4]).is_err());
    let mut big = bytes.clone();
    big[20..24].copy_from_slice(&1000u32.to_le_bytes());
    let err = Net::read(v, &big).err().unwrap();
    assert!(err.contains("second layer"), "{err}");
}

#[test]
fn each_output_bucket_serves_its_piece_counts() {
    // buckets whose output is their bias alone, bucket k's being 10k centipawns: each
    // position is scored by the bucket of its number of pieces
    let v = variant("asha", Some("seed"), &[]).unwrap();
    let inputs = Inputs::of(v);
    assert_eq!(inputs.start_pieces, 32);
    let mut model = Model::new(inputs.count, 5).with_buckets(8);
    assert_eq!(model.buckets(), 8);
    model.w2.fill(0.0);
    for (k, b) in model.b2.iter_mut().enumerate() {
        *b = k as f32 * 10.0 / ashta_engine::nnue::SCALE as f32;
    }
    let bytes = train::to_bytes(&inputs, &model);
    assert_eq!(&bytes[..8], b"ASHTANN3");
    let net = Net::read(v, &bytes).unwrap();
    assert_eq!(net.buckets(), 8);
    assert_eq!(train::to_bytes(&inputs, &Model::of_net(&net)), bytes);
    for (fen, pieces, bucket) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 2, 0),
        ("4k3/8/8/8/3R4/8/8/4K3 w - - 0 1", 3, 0),
        ("4k3/pppp4/8/8/3R4/8/PPPP4/4K3 b - - 0 1", 11, 2),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            32,
            7,
        ),
    ] {
        assert_eq!(ashta_engine::nnue::bucket(pieces, 32, 8), bucket, "{fen}");
        let pos = Position::from_fen(v, fen).unwrap();
        assert_eq!(net.evaluate(&pos), 10 * bucket as i32, "{fen}");
    }
    // a network of one output learned on with buckets starts as it was
    let one = Model::new(inputs.count, 5);
    let net1 = Net::read(v, &train::to_bytes(&inputs, &one)).unwrap();
    let net8 = Net::read(v, &train::to_bytes(&inputs, &one.clone().with_buckets(8))).unwrap();
    let pos = ChessGame::new(v).position().clone();
    assert_eq!(net1.evaluate(&pos), net8.evaluate(&pos));
    // too many buckets are refused, saying why
    let mut big = bytes.clone();
    big[20..24].copy_from_slice(&99u32.to_le_bytes());
    let err = Net::read(v, &big).err().unwrap();
    assert!(err.contains("buckets"), "{err}");
}

#[test]
fn bad_labelled_lines_are_named() {
    let v = variant("asha", Some("seed"), &[]).unwrap();
    let err = train::read_samples(v, &Inputs::of(v), "8/8/8 w - - 0 1;3;1\n", 0.5, false)
        .err()
        .unwrap();
    assert!(err.starts_with("line 1"), "{err}");
    let err = train::read_samples(
        v,
        &Inputs::of(v),
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1;x;1\n",
        0.5,
        false,
    )
    .err()
    .unwrap();
    assert!(err.contains("score"), "{err}");
}
