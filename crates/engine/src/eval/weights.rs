//! The weights of each game's evaluation: where each feature's weight lies, the first
//! guesses, and the files `ashta tune` writes (`crates/engine/weights/<game>.txt`,
//! embedded in the program).

use ashta_rules::chess::{Kind, Variant};
use std::collections::HashMap;

/// Where each feature's weight lies in the weight vector of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Piece types.
    pub kinds: usize,
    /// Ranks of the board.
    pub ranks: usize,
    /// Files counted from the nearer side edge (half the files, rounded up).
    pub half_files: usize,
}

/// The blocks of the weight vector, in order, and how many weights each has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Block {
    Material,
    Hand,
    HandAny,
    Pair,
    Square,
    Mobility,
    KingZone,
    Passed,
    Isolated,
    Doubled,
    KingAttack,
    Shelter,
    Tempo,
}

const BLOCKS: [Block; 13] = [
    Block::Material,
    Block::Hand,
    Block::HandAny,
    Block::Pair,
    Block::Square,
    Block::Mobility,
    Block::KingZone,
    Block::Passed,
    Block::Isolated,
    Block::Doubled,
    Block::KingAttack,
    Block::Shelter,
    Block::Tempo,
];

impl Layout {
    /// The layout of a variant's weights.
    pub fn of(v: &Variant) -> Layout {
        let s = v.shape();
        Layout {
            kinds: v.kinds(),
            ranks: s.ranks as usize,
            half_files: (s.files as usize).div_ceil(2),
        }
    }
    fn size(&self, b: Block) -> usize {
        match b {
            Block::Material
            | Block::Hand
            | Block::HandAny
            | Block::Pair
            | Block::Mobility
            | Block::KingZone => self.kinds,
            Block::Square => self.kinds * self.ranks * self.half_files,
            Block::Passed => self.ranks,
            _ => 1,
        }
    }
    fn start(&self, b: Block) -> usize {
        BLOCKS
            .iter()
            .take_while(|&&x| x != b)
            .map(|&x| self.size(x))
            .sum()
    }
    /// A piece of type `k` on the board.
    pub fn material(&self, k: usize) -> usize {
        self.start(Block::Material) + k
    }
    /// A piece of type `k` in hand.
    pub fn hand(&self, k: usize) -> usize {
        self.start(Block::Hand) + k
    }
    /// At least one piece of type `k` in hand.
    pub fn hand_any(&self, k: usize) -> usize {
        self.start(Block::HandAny) + k
    }
    /// Two or more pieces of type `k` on the board (the bishop pair).
    pub fn pair(&self, k: usize) -> usize {
        self.start(Block::Pair) + k
    }
    /// A piece of type `k` on relative rank `r`, `f` files from the side edge.
    pub fn square(&self, k: usize, r: usize, f: usize) -> usize {
        self.start(Block::Square) + (k * self.ranks + r) * self.half_files + f
    }
    /// A square attacked by a piece of type `k`, not held by its own side.
    pub fn mobility(&self, k: usize) -> usize {
        self.start(Block::Mobility) + k
    }
    /// A square beside the enemy king attacked by a piece of type `k`.
    pub fn king_zone(&self, k: usize) -> usize {
        self.start(Block::KingZone) + k
    }
    /// A passed pawn (no enemy pawn ahead on its file or the next) on relative rank `r`.
    pub fn passed(&self, r: usize) -> usize {
        self.start(Block::Passed) + r
    }
    /// A pawn with no own pawn on the files beside it.
    pub fn isolated(&self) -> usize {
        self.start(Block::Isolated)
    }
    /// A pawn with an own pawn ahead on its file.
    pub fn doubled(&self) -> usize {
        self.start(Block::Doubled)
    }
    /// The square of the number of attacks on the squares beside the enemy king (up to
    /// 12): many attackers together weigh more than their sum.
    pub fn king_attack(&self) -> usize {
        self.start(Block::KingAttack)
    }
    /// An own piece beside the own king.
    pub fn shelter(&self) -> usize {
        self.start(Block::Shelter)
    }
    /// The side to move.
    pub fn tempo(&self) -> usize {
        self.start(Block::Tempo)
    }
    /// Number of weights.
    pub fn len(&self) -> usize {
        self.tempo() + 1
    }
    /// Whether there are no weights (never: every variant has pieces).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name of weight `i` in a weights file (`material.rook`, `square.pawn.3.1`,
    /// ...), by the pieces' ids so that the file does not depend on the types' order.
    pub fn name(&self, v: &Variant, i: usize) -> String {
        let id = |k: usize| v.piece(k as Kind).id;
        let mut start = 0;
        for b in BLOCKS {
            let n = self.size(b);
            if i < start + n {
                let j = i - start;
                return match b {
                    Block::Material => format!("material.{}", id(j)),
                    Block::Hand => format!("hand.{}", id(j)),
                    Block::HandAny => format!("hand-any.{}", id(j)),
                    Block::Pair => format!("pair.{}", id(j)),
                    Block::Square => {
                        let per = self.ranks * self.half_files;
                        let (k, rest) = (j / per, j % per);
                        format!(
                            "square.{}.{}.{}",
                            id(k),
                            rest / self.half_files,
                            rest % self.half_files
                        )
                    }
                    Block::Mobility => format!("mobility.{}", id(j)),
                    Block::KingZone => format!("kingzone.{}", id(j)),
                    Block::Passed => format!("passed.{j}"),
                    Block::Isolated => "isolated".into(),
                    Block::Doubled => "doubled".into(),
                    Block::KingAttack => "king-attack".into(),
                    Block::Shelter => "shelter".into(),
                    Block::Tempo => "tempo".into(),
                };
            }
            start += n;
        }
        format!("unused.{i}")
    }
}

/// The weights of one variant's evaluation: an opening and an endgame weight per feature,
/// in centipawns.
#[derive(Clone, Debug)]
pub struct Weights {
    /// Where each feature lies.
    pub layout: Layout,
    /// Opening weights.
    pub mg: Vec<f64>,
    /// Endgame weights.
    pub eg: Vec<f64>,
}

/// A first guess at a piece type's value in centipawns (a pawn is 100), by its id and
/// movement: where a game has no learned weights, and the start of learning.
pub fn default_value(v: &Variant, k: Kind) -> i32 {
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

impl Weights {
    /// The untrained weights: the guessed piece values, pawns pushed forward, pieces
    /// drawn to the centre, a little mobility and king pressure.
    pub fn defaults(v: &Variant) -> Weights {
        let layout = Layout::of(v);
        let n = layout.len();
        let (mut mg, mut eg) = (vec![0.0; n], vec![0.0; n]);
        let shape = v.shape();
        for k in 0..layout.kinds {
            let value = f64::from(default_value(v, k as Kind));
            let royal = v.is_royal(k as Kind);
            mg[layout.material(k)] = value;
            eg[layout.material(k)] = value;
            mg[layout.hand(k)] = value * 1.1;
            eg[layout.hand(k)] = value * 1.1;
            for r in 0..layout.ranks {
                for f in 0..layout.half_files {
                    let w = if v.is_pawn(k as Kind) {
                        6.0 * r as f64
                    } else if royal {
                        0.0
                    } else {
                        // as the distance from the centre of a full board
                        let df = (shape.files as f64 - 1.0 - 2.0 * f as f64).abs();
                        let dr = (2.0 * r as f64 - (shape.ranks as f64 - 1.0)).abs();
                        12.0 - (df + dr)
                    };
                    mg[layout.square(k, r, f)] = w;
                    eg[layout.square(k, r, f)] = w;
                }
            }
            if !royal && !v.is_pawn(k as Kind) {
                mg[layout.mobility(k)] = 2.0;
                eg[layout.mobility(k)] = 2.0;
            }
            if !royal {
                mg[layout.king_zone(k)] = 6.0;
            }
        }
        mg[layout.shelter()] = 6.0;
        mg[layout.tempo()] = 10.0;
        eg[layout.tempo()] = 10.0;
        Weights { layout, mg, eg }
    }

    /// Reads a weights file (`name mg eg` lines, `#` comments) over the defaults; names
    /// the file does not give keep their default.
    pub fn parse(v: &Variant, text: &str) -> Result<Weights, String> {
        let mut w = Weights::defaults(v);
        let index: HashMap<String, usize> = (0..w.layout.len())
            .map(|i| (w.layout.name(v, i), i))
            .collect();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.split_whitespace();
            let (Some(name), Some(a), Some(b), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return Err(format!("line {}: expected `name mg eg`", n + 1));
            };
            let (Ok(a), Ok(b)) = (a.parse::<f64>(), b.parse::<f64>()) else {
                return Err(format!("line {}: weights are numbers", n + 1));
            };
            if !a.is_finite() || !b.is_finite() {
                return Err(format!("line {}: weights are finite", n + 1));
            }
            // a weight the variant has no place for (another ruleset's piece) is skipped
            if let Some(&i) = index.get(name) {
                w.mg[i] = a;
                w.eg[i] = b;
            }
        }
        Ok(w)
    }

    /// The weights as a file [`Weights::parse`] reads.
    pub fn to_text(&self, v: &Variant) -> String {
        let mut out = format!(
            "# evaluation weights of {}: name, opening, endgame\n",
            v.spec.game
        );
        for i in 0..self.layout.len() {
            out += &format!(
                "{} {} {}\n",
                self.layout.name(v, i),
                self.mg[i].round(),
                self.eg[i].round()
            );
        }
        out
    }
}

/// The learned weights embedded in the program, by game id.
fn embedded(game: &str) -> Option<&'static str> {
    Some(match game {
        "asha" => include_str!("../../weights/asha.txt"),
        "chaturanga" => include_str!("../../weights/chaturanga.txt"),
        "shatranj" => include_str!("../../weights/shatranj.txt"),
        "senterej" => include_str!("../../weights/senterej.txt"),
        "ninth-century" => include_str!("../../weights/ninth-century.txt"),
        "sittuyin" => include_str!("../../weights/sittuyin.txt"),
        "makruk" => include_str!("../../weights/makruk.txt"),
        "ouk-chatrang" => include_str!("../../weights/ouk-chatrang.txt"),
        "shatar" => include_str!("../../weights/shatar.txt"),
        "xiangqi" => include_str!("../../weights/xiangqi.txt"),
        "janggi" => include_str!("../../weights/janggi.txt"),
        "heian-shogi" => include_str!("../../weights/heian-shogi.txt"),
        "sho-shogi" => include_str!("../../weights/sho-shogi.txt"),
        "shogi" => include_str!("../../weights/shogi.txt"),
        _ => return None,
    })
}

/// The weights a variant plays with: its game's embedded ones, else the defaults.
pub fn weights_of(v: &Variant) -> Weights {
    match embedded(v.spec.game).map(|t| Weights::parse(v, t)) {
        Some(Ok(w)) => w,
        _ => Weights::defaults(v),
    }
}
