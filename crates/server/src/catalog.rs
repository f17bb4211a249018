//! The games as the home page and the rules pages show them: name, family, seats,
//! rulesets, options, a short description, the rules in brief, and the start board.

use crate::table::{Setup, Table};
use ashta_rules::chess::GAMES;
use serde_json::{json, Value};

/// One game's page text: a one-line description and the rules in brief (one rule a line).
struct About {
    id: &'static str,
    family: &'static str,
    summary: &'static str,
    rules: &'static str,
}

const ABOUT: &[About] = &[
    About {
        id: "asha",
        family: "chess",
        summary: "Chess as a contest of light and shadow: every piece is a Zoroastrian symbol with its own name.",
        rules: "The pieces move as in modern chess: Creator/Destroyer = king, Preserver/Spoiler = queen, Wisdom and Eternal Life = bishops, Love and Work = knights, Power and Peace = rooks, the Fravashis and Khrafstras = pawns.
Resting is castling, with chess's conditions. Pawns may step twice from their first rank and take en passant.
A pawn on the last rank becomes any symbol but the Creator.
Checkmate wins; stalemate, threefold repetition and fifty moves without capture or pawn move draw.
Option check-capture=compulsory: a player in check who can take the checking symbol must take it.",
    },
    About {
        id: "chaturanga",
        family: "chess",
        summary: "The Indian ancestor of the chess family, as the oldest texts describe the game for two.",
        rules: "Kings stand on each player's right (White e1, Black d8), beside the counsellor (one step diagonally).
The elephant leaps two squares diagonally (option: al-Adli's two squares straight, or Biruni's step forward or diagonal).
Once per game, while it has never been checked, the king may make one knight's leap.
Pawns step one square and take diagonally; on the last rank a pawn becomes the piece that started on that square, only if that piece has been lost; otherwise it stays a pawn.
Checkmate wins; baring the opponent's king wins (both bare: draw); the player who stalemates the other loses.",
    },
    About {
        id: "shatranj",
        family: "chess",
        summary: "The Persian and Arabic game of the caliphs' courts, from which European chess grew.",
        rules: "Kings face each other (d1, d8); the fers steps one square diagonally, the alfil leaps two squares diagonally.
Pawns step one square without a double step and promote to fers.
Checkmate wins. Stalemating the opponent wins.
Baring the opponent's king wins, unless the bared side can bare the other king at once: then the game is drawn.
Option tabiya=10|12: each side first makes its opening moves at once, without crossing the centre line.",
    },
    About {
        id: "senterej",
        family: "chess",
        summary: "Ethiopian chess, with its free opening phase, the Werera.",
        rules: "Pieces and moves as in Shatranj; the kings stand on each player's right.
The Werera: by default White makes ten moves, then Black ten, without capture or crossing the centre; with werera=simultaneous either side moves whenever it likes until the first capture, and the side that did not capture then moves.
During the Werera each king may castle once to its right.
A pawn on the last rank becomes any piece its side has already lost.
Checkmate wins; stalemate draws; a bare king that survives seven moves draws.",
    },
    About {
        id: "ninth-century",
        family: "chess",
        summary: "An Indian form described in the ninth century, with the two-square orthogonal leaper.",
        rules: "Setup enrfkrne: the elephant (e) leaps two squares straight, the fers steps one square diagonally.
Pawns promote to fers.
Checkmate wins; baring the opponent's king wins; the player who stalemates the other loses.",
    },
    About {
        id: "sittuyin",
        family: "chess",
        summary: "Burmese chess: the pawns start staggered and the pieces are set out by the players.",
        rules: "The pawns stand fixed; White first places all its pieces behind its pawn line, then Black (no two black rooks on one file, no black rook on the white king's file).
The sin (elephant) steps one square forward or diagonally; the fers one square diagonally.
A pawn on a square of the promotion diagonals may become a fers, in place or with a fers step, if its side has no fers; that move may not give check.
A move that stalemates is not allowed. Against a bare king the stronger side must mate within a count: 16 moves with a rook (21 if the lone king stood on a centre square when the count began), 44 with a sin, 64 otherwise.",
    },
    About {
        id: "makruk",
        family: "chess",
        summary: "Thai chess, still played widely today.",
        rules: "The khon (silver) steps one square forward or diagonally, the met one square diagonally.
Pawns start on the third rank and become met on the sixth.
Checkmate wins; stalemate draws.
When one side has only a bare king or few pieces, the counting rules limit the moves left to mate; the count is kept automatically.",
    },
    About {
        id: "ouk-chatrang",
        family: "chess",
        summary: "Cambodian chess: Makruk with the king's leap and the Neang's double step.",
        rules: "As Makruk, with two first-move privileges:
The king's first move may be a knight's leap, if it has never been checked (option king-leap=forward: only to the next rank).
The Neang's (met's) first move may be two squares straight forward, onto an empty square.
Counting rules as Makruk.",
    },
    About {
        id: "shatar",
        family: "chess",
        summary: "Mongolian chess, with the bers and the rules of the shak.",
        rules: "The bers moves as a rook or one step diagonally; the other pieces as in chess without castling or double steps, except the forced opening d4 d5, played at once.
A knight may not give checkmate.
A checkmate by bers or rook wins; by bishop or pawn it wins only if the run of checks before it included a check by bers, rook or knight; otherwise the game is drawn.
A bare king and stalemate draw.",
    },
    About {
        id: "xiangqi",
        family: "xiangqi",
        summary: "Chinese chess on the points of a 9x10 board with river and palaces.",
        rules: "General and advisors stay in the palace; the generals may never face each other on an open file.
Elephants move two points diagonally, may not cross the river, and are blocked by a piece on the midpoint; horses move one point straight then one diagonally and are blocked at the first point.
Chariots move as rooks; cannons move as rooks but capture by jumping exactly one piece.
Soldiers step forward, and also sideways once across the river.
Checkmate and stalemate win for the side that gives them. Perpetual check loses; perpetual chase of an unprotected piece loses; other repetitions draw.",
    },
    About {
        id: "janggi",
        family: "xiangqi",
        summary: "Korean chess: palaces with diagonals, cannons that must jump, and passing.",
        rules: "Before play each side chooses one of four arrangements of its horses and elephants.
Kings and guards move along the palace lines, diagonals included; chariots, cannons and soldiers may use the palace diagonals too.
Cannons move and capture by jumping exactly one piece, never another cannon. The elephant moves one point straight then two diagonally, blocked on the way.
A player not in check may pass.
Kings facing each other on an open file (bikjang): the side that made them face can at best draw.",
    },
    About {
        id: "heian-shogi",
        family: "shogi",
        summary: "Early Japanese chess on an 8x8 board, as described around the year 1100.",
        rules: "King, gold, silvers, knights and lances on the first rank, pawns on the third.
Pieces promote to gold in the far three ranks, at the player's choice unless they could never move again (option promotion=compulsory).
No drops. Baring the opponent's king wins unless it can bare back at once; the stalemated side loses.",
    },
    About {
        id: "sho-shogi",
        family: "shogi",
        summary: "Shogi before drops, with the drunk elephant that promotes to a second king.",
        rules: "As Shogi without drops, with a drunk elephant in front of the king: it steps in every direction but straight back.
The drunk elephant promotes to the crown prince, a second royal piece: a side loses only when it has neither king nor prince.
Baring and stalemate as in Heian Shogi.",
    },
    About {
        id: "shogi",
        family: "shogi",
        summary: "Japanese chess with drops: captured pieces change sides.",
        rules: "Captured pieces go to the captor's hand and may be dropped on any empty square instead of a move.
No two unpromoted own pawns on a file; no pawn drop that mates; no drop where the piece could never move.
Pieces promote in the far three ranks; pawns, lances and knights must promote where they could not move again.
Checkmate wins. Fourfold repetition draws, unless one side checked every move: that side loses.
When both kings are in their promotion zones the player to move may declare impasse: 24 points (rook and bishop 5, others 1) are needed not to lose.",
    },
    About {
        id: "ashtapada",
        family: "race",
        summary: "The cowrie-shell race game of the eight-square board, for 2 to 4 players.",
        rules: "Four cowrie shells are thrown: the mouths up count 1 to 4, none up counts 8.
Kile (default): each player has two pieces. Throw until a 2 or 3 comes, then use the throws; a piece enters only with a 1. The path runs round the outer ring, back through the middle ring and round the inner ring to the keep in the centre.
Landing on an enemy piece off the crosscut (X) squares sends it home and earns another turn. Two own pieces together are twins: they move together and only twins take them.
With all pieces in the keep, each leaves with a throw of 1. The first to bear off both wins.
Ashta-kashte: four pieces each, one throw a turn, a spiral path from the right-hand corner to the centre; doubles block single pieces. First with all pieces home wins.",
    },
    About {
        id: "shaturanga",
        family: "dice chess",
        summary: "Chaturaji: four armies in two alliances, a long die naming the piece to move, thrones, ransoms and stakes.",
        rules: "Four players, each with a rajah, an elephant, a horse, a boat and four infantry; South and North are allies against West and East. Turns pass South, West, North, East.
The die (2 to 5) names the piece: 2 the boat, 3 the horse, 4 the elephant, 5 the rajah or an infantryman. That piece must move if it can; otherwise the turn is lost.
The boat leaps two squares diagonally (option boat=bishop), the horse as a knight, the elephant as a rook, the rajah one step; infantry step forward away from their edge and take diagonally forward. Boats and infantry take only boats and infantry. Rajahs are taken, never checked.
A rajah on an enemy throne wins a stake from its owner (two if it takes a rajah with the same move). On the ally's throne, while the ally's rajah is a prisoner, it commands the allied army.
A player whose ally's rajah is a prisoner and who holds a hostile rajah may offer to exchange prisoners; one who holds both hostile rajahs may restore the ally's. The question is put whenever this comes to be, and after a no only once a rajah has been taken or restored. Holding the ally's throne and both hostile rajahs builds an empire: four stakes from each opponent if the last rajah fell on its own throne to the rajah, two if elsewhere, one if taken by another piece.
Four boats on a square of four: the boat that completes it takes the two enemy boats and the command of the ally's boat.
Infantry on the far edge, in line with their own horse or elephant, become that piece once a pawn has been lost; with only a boat and one pawn left, the pawn promotes anywhere on the far edge.
A player left with the rajah alone makes an honourable peace (drawn); one with no pieces is out. When one alliance has nobody in play, the other shares the pool of stakes.",
    },
    About {
        id: "ahayuta",
        family: "ahayuta",
        summary: "The Zuni game of the war gods, with custodian capture on a board without corners.",
        rules: "Each player has six men in hand and places them on the home row, or moves a man one square diagonally forward.
A piece flanked on a line (row, column or diagonal) between the moved piece and another enemy piece is captured.
A man reaching the far row captures there and is placed back on the own home row; the first to do so becomes the player's Ahayuta, the war god, which steps in any direction but backward.
The player wins whose Ahayuta reaches the far row, who captures the enemy Ahayuta, or whose opponent cannot move. Threefold repetition draws.",
    },
];

/// Every game for the home page: id, name, family, seats, rulesets, options, description,
/// rules, seat names and the start board.
pub fn catalog() -> Value {
    let mut games = Vec::new();
    for a in ABOUT {
        let (name, seed, rulesets, options, seats): (&str, &str, Vec<&str>, Value, Vec<usize>) =
            match a.id {
                "ashtapada" => (
                    "Ashtapada",
                    "seed 002 (kile), seed 001 appendix I (ashta-kashte)",
                    vec!["kile", "ashta-kashte"],
                    json!([{ "name": "players", "values": ["2", "3", "4"] }]),
                    vec![2, 3, 4],
                ),
                "ahayuta" => ("Ahayuta", "seed 004", vec!["seed"], json!([]), vec![2]),
                "shaturanga" => (
                    "Shaturanga (Chaturaji)",
                    "seed 003",
                    vec!["seed"],
                    json!([{ "name": "boat", "values": ["leap", "bishop"] }]),
                    vec![4],
                ),
                id => {
                    let info = GAMES
                        .iter()
                        .find(|g| g.id == id)
                        .expect("every chess-family page names a game");
                    let mut rulesets = vec!["seed"];
                    if info.fsf.is_some() {
                        rulesets.push("fairy-stockfish");
                    }
                    let options: Vec<Value> = info
                        .options
                        .iter()
                        .map(|(n, vs)| json!({ "name": n, "values": vs }))
                        .collect();
                    (info.name, info.seed, rulesets, json!(options), vec![2])
                }
            };
        let start = Table::new(Setup {
            game: a.id.into(),
            ruleset: String::new(),
            options: vec![],
            seed: 1,
            seed_chosen: true,
            start: None,
        })
        .expect("every listed game starts");
        games.push(json!({
            "id": a.id,
            "name": name,
            "family": a.family,
            "seed": seed,
            "summary": a.summary,
            "rules": a.rules.lines().collect::<Vec<_>>(),
            "rulesets": rulesets,
            "options": options,
            "seats": seats,
            "seatNames": start.seat_names(),
            "start": start.board(),
        }));
    }
    json!({ "games": games })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_game_has_a_page() {
        let c = super::catalog();
        let ids: Vec<&str> = c["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap())
            .collect();
        for g in ashta_rules::chess::GAMES {
            assert!(ids.contains(&g.id), "{}", g.id);
        }
        assert!(ids.contains(&"ashtapada") && ids.contains(&"ahayuta"));
        assert!(ids.contains(&"shaturanga"));
    }
}
