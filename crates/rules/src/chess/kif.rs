//! KIF, the Japanese shogi record format (Kakinoki's; what Japanese shogi programs, sites
//! and books' files use): header lines `key：value` (the handicap `手合割`, the players
//! `先手`/`後手`), an optional board diagram with the pieces in hand, then numbered moves
//! such as `７六歩(77)`, `同　歩(23)`, `２二角成(88)`, `５五角打`, and an ending word
//! (`投了`, `詰み`, `千日手`, ...). Comments (`*`), `#` and `&` lines and times are read
//! over; a variation (`変化：`) ends the main line. The text here is Unicode: files in
//! Shift_JIS (`.kif`) are decoded before they reach this module.

use super::game::ChessGame;
use super::position::{Move, MoveKind, Position};
use super::uci::MoveError;
use super::variant::{Kind, Variant};
use crate::game::{Game, Outcome};
use crate::geometry::{Color, Square};

/// Files as KIF writes them (full-width digits), from 1.
const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// Ranks as KIF writes them (kanji numerals), from 1.
const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Each shogi piece: its id, its name in moves, its one-character name on the board.
const NAMES: [(&str, &str, char); 14] = [
    ("pawn", "歩", '歩'),
    ("lance", "香", '香'),
    ("knight", "桂", '桂'),
    ("silver", "銀", '銀'),
    ("gold", "金", '金'),
    ("bishop", "角", '角'),
    ("rook", "飛", '飛'),
    ("king", "玉", '玉'),
    ("tokin", "と", 'と'),
    ("promoted-lance", "成香", '杏'),
    ("promoted-knight", "成桂", '圭'),
    ("promoted-silver", "成銀", '全'),
    ("dragon-horse", "馬", '馬'),
    ("dragon-king", "龍", '龍'),
];

/// Other spellings of piece names, and the name they stand for.
const ALIASES: [(&str, &str); 5] = [
    ("王", "玉"),
    ("竜", "龍"),
    ("杏", "成香"),
    ("圭", "成桂"),
    ("全", "成銀"),
];

/// The usual handicaps: the upper side's (gote's) pieces taken off, by KIF square
/// (file, rank). The upper side moves first.
const HANDICAPS: [(&str, &[(u8, u8)]); 13] = [
    ("香落ち", &[(1, 1)]),
    ("右香落ち", &[(9, 1)]),
    ("角落ち", &[(2, 2)]),
    ("飛車落ち", &[(8, 2)]),
    ("飛香落ち", &[(8, 2), (1, 1)]),
    ("二枚落ち", &[(8, 2), (2, 2)]),
    ("三枚落ち", &[(8, 2), (2, 2), (1, 1)]),
    ("四枚落ち", &[(8, 2), (2, 2), (1, 1), (9, 1)]),
    ("五枚落ち", &[(8, 2), (2, 2), (1, 1), (9, 1), (8, 1)]),
    ("左五枚落ち", &[(8, 2), (2, 2), (1, 1), (9, 1), (2, 1)]),
    (
        "六枚落ち",
        &[(8, 2), (2, 2), (1, 1), (9, 1), (8, 1), (2, 1)],
    ),
    (
        "八枚落ち",
        &[
            (8, 2),
            (2, 2),
            (1, 1),
            (9, 1),
            (8, 1),
            (2, 1),
            (7, 1),
            (3, 1),
        ],
    ),
    (
        "十枚落ち",
        &[
            (8, 2),
            (2, 2),
            (1, 1),
            (9, 1),
            (8, 1),
            (2, 1),
            (7, 1),
            (3, 1),
            (6, 1),
            (4, 1),
        ],
    ),
];

/// The words that end a KIF game, in place of a move.
const ENDINGS: [&str; 11] = [
    "投了",
    "中断",
    "千日手",
    "持将棋",
    "詰み",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "不詰",
    "封じ手",
];

/// The kind of the piece with id `id` in `v`.
fn kind_by_id(v: &Variant, id: &str) -> Option<Kind> {
    (0..v.kinds() as Kind).find(|&k| v.piece(k).id == id)
}

/// The piece name at the start of `text` (the longest that fits), its kind and the
/// text after it.
fn take_piece<'t>(v: &Variant, text: &'t str) -> Option<(Kind, &'t str)> {
    let names = NAMES
        .iter()
        .map(|&(id, name, _)| (name, id))
        .chain(ALIASES.iter().filter_map(|&(alias, name)| {
            let id = NAMES.iter().find(|n| n.1 == name)?.0;
            Some((alias, id))
        }));
    let (name, id) = names
        .filter(|(name, _)| text.starts_with(name))
        .max_by_key(|(name, _)| name.len())?;
    Some((kind_by_id(v, id)?, &text[name.len()..]))
}

/// A kanji (or ASCII) count: `二`, `十`, `十八`, `3`.
fn count(text: &str) -> Option<u32> {
    if let Ok(n) = text.parse::<u32>() {
        return Some(n);
    }
    let digit = |c: char| RANKS.iter().position(|&r| r == c).map(|i| i as u32 + 1);
    let mut chars = text.chars();
    match (chars.next()?, chars.next(), chars.next()) {
        ('十', None, None) => Some(10),
        ('十', Some(d), None) => Some(10 + digit(d)?),
        (d, None, None) => digit(d),
        _ => None,
    }
}

/// A count as KIF writes it in hands (`二` to `十八`; one is written as nothing).
fn count_text(n: u8) -> String {
    match n {
        0 | 1 => String::new(),
        2..=9 => RANKS[n as usize - 1].to_string(),
        10 => "十".to_string(),
        _ => format!("十{}", RANKS[(n as usize - 11).min(8)]),
    }
}

impl Position {
    /// A square in KIF form: full-width file from the right, kanji rank from the top.
    fn kif_square(&self, sq: Square) -> String {
        let s = self.variant().shape();
        let (f, r) = (
            (s.files - sq.file()) as usize,
            (s.ranks - sq.rank()) as usize,
        );
        format!("{}{}", FILES[f - 1], RANKS[r - 1])
    }

    /// The square of KIF numbers `file` and `rank` (each from 1).
    fn kif_numbers(&self, file: u32, rank: u32) -> Option<Square> {
        let s = self.variant().shape();
        let (f, r) = (u8::try_from(file).ok()?, u8::try_from(rank).ok()?);
        if !(1..=s.files).contains(&f) || !(1..=s.ranks).contains(&r) {
            return None;
        }
        Square::new(s.files - f, s.ranks - r)
    }

    /// A legal move in KIF form (`７六歩(77)`, `２二角成(88)`, `５五角打`), `同　` for the
    /// square of the move before (`last_to`), `不成` where the piece could have promoted.
    pub fn kif(&self, m: Move, last_to: Option<Square>) -> String {
        let v = self.variant();
        let to = if last_to == Some(m.to()) {
            "同　".to_string()
        } else {
            self.kif_square(m.to())
        };
        let name = |k: Kind| {
            NAMES
                .iter()
                .find(|n| n.0 == v.piece(k).id)
                .map_or("??", |n| n.1)
        };
        if m.kind() == MoveKind::Drop {
            return format!("{to}{}打", name(m.piece()));
        }
        let Some(piece) = self.piece_at(m.from()) else {
            return self.uci(m);
        };
        let s = v.shape();
        let from = format!(
            "({}{})",
            s.files - m.from().file(),
            s.ranks - m.from().rank()
        );
        let modifier =
            if m.kind() == MoveKind::Promotion {
                "成"
            } else if self.legal_moves().iter().any(|x| {
                x.kind() == MoveKind::Promotion && x.from() == m.from() && x.to() == m.to()
            }) {
                "不成"
            } else {
                ""
            };
        format!("{to}{}{modifier}{from}", name(piece.kind))
    }

    /// Reads a KIF move (`７六歩(77)`, `同　歩(23)`, `５五角打`) and checks it is legal;
    /// `last_to` is the square of the move before, for `同`.
    pub fn parse_kif(&self, text: &str, last_to: Option<Square>) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(text.to_string());
        let t = text.trim();
        // the square moved to
        let (to, rest) = if let Some(rest) = t.strip_prefix('同') {
            (last_to.ok_or_else(malformed)?, rest.trim_start())
        } else {
            let mut chars = t.chars();
            let f = chars.next().ok_or_else(malformed)?;
            let r = chars.next().ok_or_else(malformed)?;
            let file = FILES
                .iter()
                .position(|&x| x == f)
                .map(|i| i as u32 + 1)
                .or_else(|| f.to_digit(10))
                .ok_or_else(malformed)?;
            let rank = RANKS
                .iter()
                .position(|&x| x == r)
                .map(|i| i as u32 + 1)
                .or_else(|| r.to_digit(10))
                .ok_or_else(malformed)?;
            (
                self.kif_numbers(file, rank).ok_or_else(malformed)?,
                chars.as_str(),
            )
        };
        let (kind, rest) = take_piece(self.variant(), rest).ok_or_else(malformed)?;
        // what the move does, and where from
        let (drop, promote, rest) = if let Some(r) = rest.strip_prefix("打") {
            (true, false, r)
        } else if let Some(r) = rest
            .strip_prefix("不成")
            .or_else(|| rest.strip_prefix("生"))
        {
            (false, false, r)
        } else if let Some(r) = rest.strip_prefix("成") {
            (false, true, r)
        } else {
            (false, false, rest)
        };
        let from = match rest.trim() {
            "" => None,
            f => {
                let digits: Vec<u32> = f
                    .strip_prefix('(')
                    .and_then(|f| f.strip_suffix(')'))
                    .ok_or_else(malformed)?
                    .chars()
                    .map(|c| c.to_digit(10))
                    .collect::<Option<_>>()
                    .ok_or_else(malformed)?;
                match digits[..] {
                    [f, r] => Some(self.kif_numbers(f, r).ok_or_else(malformed)?),
                    _ => return Err(malformed()),
                }
            }
        };
        if from.is_none() && !drop {
            // a move without its square of departure (KI2's short form) is not read
            let fits = |m: &Move| m.kind() != MoveKind::Drop && m.to() == to;
            if self.legal_moves().iter().any(fits) {
                return Err(MoveError::Illegal {
                    text: text.to_string(),
                    hint: "a KIF move names the square it leaves, as in ７六歩(77)".into(),
                });
            }
        }
        let found = self.legal_moves().iter().copied().find(|&m| {
            m.to() == to
                && match m.kind() {
                    MoveKind::Drop => from.is_none() && m.piece() == kind,
                    k => {
                        Some(m.from()) == from
                            && (k == MoveKind::Promotion) == promote
                            && self.piece_at(m.from()).map(|p| p.kind) == Some(kind)
                    }
                }
        });
        found.ok_or_else(|| MoveError::Illegal {
            text: text.to_string(),
            hint: String::new(),
        })
    }
}

/// Writes a shogi game as a KIF record: the usual start as `手合割：平手`, another as a
/// board diagram with the hands, the moves numbered, and the ending (the rules' own, or
/// `ended` when the players ended it) with its `まで` line.
pub fn write(g: &ChessGame, ended: Option<&Outcome>) -> String {
    let v = g.variant();
    let start = g.start_position();
    let mut out = String::from("#KIF version=2.0 encoding=UTF-8\n");
    if start.fen() == Position::start(v).fen() {
        out += "手合割：平手\n";
    } else {
        out += &diagram(start);
    }
    out += "先手：\n後手：\n手数----指手---------消費時間--\n";
    let mut pos = start.clone();
    let mut last_to = None;
    for (i, &m) in g.moves().iter().enumerate() {
        out += &format!("{:>4} {}\n", i + 1, pos.kif(m, last_to));
        last_to = Some(m.to());
        pos.play_unchecked(m);
    }
    let n = g.moves().len();
    let (word, outcome) = match (g.outcome(), ended) {
        (Some(o), _) => {
            let word = match o.reason.as_str() {
                r if r.contains("repetition") => "千日手",
                r if r.contains("impasse") => "持将棋",
                _ => "詰み",
            };
            (word, o)
        }
        (None, Some(o)) if o.winner().is_some() => ("投了", o.clone()),
        (None, Some(o)) => ("中断", o.clone()),
        (None, None) => return out,
    };
    out += &format!("{:>4} {word}\n", n + 1);
    out += &match outcome.winner() {
        Some(0) => format!("まで{n}手で先手の勝ち\n"),
        Some(_) => format!("まで{n}手で後手の勝ち\n"),
        None => format!("まで{n}手で{word}\n"),
    };
    out
}

/// A position as KIF draws it: the upper side's hand, the board, the lower side's hand,
/// and `後手番` when the upper side is to move.
fn diagram(pos: &Position) -> String {
    let v = pos.variant();
    let s = v.shape();
    let hand = |c: Color| {
        let items: Vec<String> = (0..v.kinds() as Kind)
            .rev()
            .filter(|&k| pos.in_hand(c, k) > 0)
            .filter_map(|k| {
                let name = NAMES.iter().find(|n| n.0 == v.piece(k).id)?.1;
                Some(format!("{name}{}", count_text(pos.in_hand(c, k))))
            })
            .collect();
        if items.is_empty() {
            "なし".to_string()
        } else {
            items.join("　")
        }
    };
    let mut out = format!("後手の持駒：{}\n", hand(Color::Black));
    out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for r in (0..s.ranks).rev() {
        out.push('|');
        for f in 0..s.files {
            match Square::new(f, r).and_then(|sq| pos.piece_at(sq)) {
                None => out += " ・",
                Some(p) => {
                    out.push(if p.color == Color::White { ' ' } else { 'v' });
                    let id = v.piece(p.kind).id;
                    out.push(NAMES.iter().find(|n| n.0 == id).map_or('？', |n| n.2));
                }
            }
        }
        out += &format!("|{}\n", RANKS[(s.ranks - 1 - r) as usize]);
    }
    out += "+---------------------------+\n";
    out += &format!("先手の持駒：{}\n", hand(Color::White));
    if pos.side_to_move() == Color::Black {
        out += "後手番\n";
    }
    out
}

/// What is wrong with a KIF record.
pub type KifError = super::csa::ShogiRecordError;

/// A game read from a KIF record.
#[derive(Clone)]
pub struct KifGame {
    /// The game, from its start position, with the moves of the main line.
    pub game: ChessGame,
    /// The players' names (the lower side, who moves first in an even game, then the upper).
    pub names: [String; 2],
    /// How the record says the game ended, where the rules did not end it themselves
    /// (resignation, loss on time, a ruling).
    pub ending: Option<Outcome>,
}

/// Whether a text looks like a KIF record: a header KIF writes, or numbered moves in its
/// form.
pub fn looks_like(text: &str) -> bool {
    text.lines().map(str::trim).any(|l| {
        l.starts_with("手合割")
            || l.starts_with("手数----")
            || l.starts_with("先手：")
            || l.starts_with("後手：")
            || l.starts_with("#KIF")
            || l.split_once(' ').is_some_and(|(n, rest)| {
                n.chars().all(|c| c.is_ascii_digit())
                    && rest
                        .trim_start()
                        .starts_with(|c: char| c == '同' || FILES.contains(&c))
            })
    })
}

/// Reads a KIF record of a game of variant `v` (Shogi) and replays its main line.
pub fn read(v: &'static Variant, text: &str) -> Result<KifGame, KifError> {
    let s = v.shape();
    let bad = |line: usize, text: &str, why: &str| KifError::Position {
        line,
        text: text.to_string(),
        why: why.to_string(),
    };
    let mut names = [String::new(), String::new()];
    let mut board: Vec<Option<String>> = Vec::new();
    let mut in_board = false;
    let mut hands = [String::new(), String::new()];
    let mut handicap: Option<&[(u8, u8)]> = None;
    let mut side = None;
    let mut game: Option<ChessGame> = None;
    let mut last_to = None;
    let mut ending = None;
    let letter = |id: &str, c: Color| kind_by_id(v, id).map(|k| v.fen_text(k, c));
    let start = |board: &[Option<String>],
                 hands: &[String; 2],
                 handicap: Option<&[(u8, u8)]>,
                 side: Option<Color>,
                 line: usize|
     -> Result<ChessGame, KifError> {
        let mut cells = board.to_vec();
        if cells.is_empty() {
            let base = Position::start(v);
            for r in (0..s.ranks).rev() {
                for f in 0..s.files {
                    let p = Square::new(f, r).and_then(|sq| base.piece_at(sq));
                    cells.push(p.map(|p| v.fen_text(p.kind, p.color)));
                }
            }
            for &(f, r) in handicap.unwrap_or(&[]) {
                cells[(r - 1) as usize * s.files as usize + (s.files - f) as usize] = None;
            }
            if handicap.is_none() && hands.iter().all(String::is_empty) && side.is_none() {
                return Ok(ChessGame::new(v));
            }
        }
        // the upper side moves first in a handicap game
        let side = side.unwrap_or(if handicap.is_some() {
            Color::Black
        } else {
            Color::White
        });
        super::csa::set_up_game(v, &cells, hands, side, line)
    };
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_start_matches('\u{feff}').trim_end();
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(['*', '#', '&']) {
            continue;
        }
        if trimmed.starts_with("変化") {
            break; // the main line ends where the variations begin
        }
        if trimmed.starts_with('+') && trimmed.ends_with('+') && trimmed.contains("---") {
            in_board = !in_board;
            if in_board {
                board.clear();
            }
            continue;
        }
        if in_board {
            let inner = trimmed
                .strip_prefix('|')
                .and_then(|r| r.rsplit_once('|'))
                .map(|(cells, _)| cells)
                .ok_or_else(|| bad(n, line, "a board row is |...| and its rank"))?;
            let mut row = Vec::new();
            let mut upper = false;
            for c in inner.chars() {
                match c {
                    'v' | 'V' => upper = true,
                    ' ' | '　' => {}
                    '・' => row.push(None),
                    c => {
                        let id = NAMES
                            .iter()
                            .find(|x| x.2 == c)
                            .map(|x| x.0)
                            .or_else(|| {
                                let name = ALIASES.iter().find(|a| a.0.starts_with(c))?.1;
                                Some(NAMES.iter().find(|x| x.1 == name)?.0)
                            })
                            .ok_or_else(|| bad(n, line, &format!("unknown piece {c}")))?;
                        let color = if upper { Color::Black } else { Color::White };
                        row.push(letter(id, color));
                        upper = false;
                    }
                }
            }
            if row.len() != s.files as usize {
                return Err(bad(n, line, "a board row has nine squares"));
            }
            board.extend(row);
            continue;
        }
        if let Some((key, value)) = trimmed.split_once('：') {
            let value = value.trim_matches([' ', '　']);
            match key {
                "先手" | "下手" => names[0] = value.to_string(),
                "後手" | "上手" => names[1] = value.to_string(),
                "先手の持駒" | "下手の持駒" | "後手の持駒" | "上手の持駒" => {
                    let c = if key.starts_with(['先', '下']) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let mut hand = String::new();
                    for item in value.split([' ', '　']).filter(|i| !i.is_empty()) {
                        if item == "なし" {
                            continue;
                        }
                        let (kind, rest) = take_piece(v, item)
                            .ok_or_else(|| bad(n, line, &format!("unknown piece {item}")))?;
                        let k = if rest.is_empty() {
                            Some(1)
                        } else {
                            count(rest)
                        }
                        .ok_or_else(|| bad(n, line, &format!("unknown count {rest}")))?;
                        for _ in 0..k {
                            hand += &v.fen_text(kind, c);
                        }
                    }
                    hands[c.index()] = hand;
                }
                "手合割" => {
                    handicap = match value {
                        "平手" => None,
                        h => Some(
                            HANDICAPS
                                .iter()
                                .find(|x| x.0 == h)
                                .map(|x| x.1)
                                .ok_or_else(|| bad(n, line, "a handicap KIF does not name"))?,
                        ),
                    }
                }
                _ => {}
            }
            continue;
        }
        match trimmed {
            "後手番" | "上手番" => {
                side = Some(Color::Black);
                continue;
            }
            "先手番" | "下手番" => {
                side = Some(Color::White);
                continue;
            }
            _ => {}
        }
        let file_numbers = trimmed
            .chars()
            .all(|c| FILES.contains(&c) || c.is_whitespace());
        if file_numbers || trimmed.starts_with("まで") || trimmed.starts_with("手数") {
            continue;
        }
        // a numbered move: the number, the move (`同　` keeps its wide space), then the
        // time and a `+` where variations branch off
        let Some((number, rest)) = trimmed.split_once([' ', '\t']) else {
            return Err(bad(n, line, "neither a header, a board row nor a move"));
        };
        let Ok(number) = number.parse::<usize>() else {
            return Err(bad(n, line, "neither a header, a board row nor a move"));
        };
        let rest = rest.trim_start();
        let mut words = rest.split([' ', '\t']).filter(|w| !w.is_empty());
        let mut mv = words.next().unwrap_or("").trim_end_matches('+').to_string();
        if mv == "同" {
            mv += words.next().unwrap_or("");
        }
        let g = match game.as_mut() {
            Some(g) => g,
            None => game.insert(start(&board, &hands, handicap, side, n)?),
        };
        if ENDINGS.contains(&mv.as_str()) {
            ending = recorded_ending(&mv, g);
            break;
        }
        let m = g
            .position()
            .parse_kif(&mv, last_to)
            .map_err(|error| KifError::Move {
                number,
                text: mv.clone(),
                error,
            })?;
        g.play(m);
        last_to = Some(m.to());
    }
    let game = match game {
        Some(g) => g,
        None => start(&board, &hands, handicap, side, 0)?,
    };
    Ok(KifGame {
        game,
        names,
        ending,
    })
}

/// The ending a KIF word states, where the rules have not ended the game themselves.
fn recorded_ending(word: &str, g: &ChessGame) -> Option<Outcome> {
    if g.outcome().is_some() {
        return None;
    }
    let mover = g.position().side_to_move();
    let (winner, reason) = match word {
        "投了" => (Some(!mover), "resignation"),
        "詰み" => (Some(!mover), "checkmate"),
        "切れ負け" => (Some(!mover), "time"),
        "反則負け" => (Some(!mover), "illegal move"),
        "反則勝ち" => (Some(mover), "the opponent's illegal move"),
        "入玉勝ち" => (Some(mover), "entering king"),
        "千日手" => (None, "repetition"),
        "持将棋" => (None, "impasse"),
        _ => return None,
    };
    let payoffs = match winner {
        Some(Color::White) => vec![1.0, 0.0],
        Some(_) => vec![0.0, 1.0],
        None => vec![0.5, 0.5],
    };
    Some(Outcome {
        payoffs,
        reason: reason.to_string(),
    })
}
