//! What a move does in Shaturanga: the opening throws, lost turns, captures and
//! prisoners, thrones seized and command taken (rule 5), exchange and restoration of
//! rajahs (rules 6-7), empires (8), the concourse of shipping (9), promotion (10-11),
//! peace and elimination (12-13), and the stakes settled at the end (1, 14).

use super::{
    ally, enemies, fr, promotion_squares, sq, Decision, Kind, Move, Phase, Piece, Shaturanga,
    ShaturangaError, Sq, Status, QUIET_LIMIT, SEAT_NAMES, THRONES,
};
use crate::game::Outcome;

impl Shaturanga {
    /// Plays a legal move or throw.
    pub fn play_move(&mut self, m: Move) {
        match (m, self.phase.clone()) {
            (Move::Throw(n), Phase::Start(mut throws)) => {
                throws[self.current as usize] = Some(n);
                let waiting = (1..=4)
                    .map(|i| (self.current + i) % 4)
                    .find(|&p| throws[p as usize].is_none() && self.contends(&throws, p));
                match waiting {
                    Some(p) => {
                        self.current = p;
                        self.phase = Phase::Start(throws);
                    }
                    None => {
                        let best = throws.iter().flatten().max().copied().unwrap_or(0);
                        let top: Vec<u8> = (0..4u8)
                            .filter(|&p| throws[p as usize] == Some(best))
                            .collect();
                        if top.len() == 1 {
                            self.current = top[0];
                            self.phase = Phase::Throw;
                        } else {
                            // ties throw again; the others are out of the contest
                            let next: Vec<Option<u8>> = (0..4u8)
                                .map(|p| if top.contains(&p) { None } else { Some(0) })
                                .collect();
                            self.current = top[0];
                            self.phase = Phase::Start(next);
                        }
                    }
                }
            }
            (Move::Throw(n), Phase::Throw) => {
                if self.moves_for_die(n).is_empty() {
                    // rule 4: the turn is lost
                    self.end_turn(false);
                } else {
                    self.phase = Phase::Move(n);
                }
            }
            (Move::Step { from, to, promote }, Phase::Move(_)) => {
                self.step(from, to, promote);
            }
            (answer, Phase::Decide(d)) => self.decide(d, answer == Move::Yes),
            _ => {}
        }
    }

    /// Player `p` resigns and leaves the game: no more turns; the pieces stay on the board
    /// (they may still be taken) and move for no one; a question the player was to answer
    /// is answered no, a turn in hand passes; the game ends if `p`'s side has no player
    /// left in play. Not before the opening throws are done.
    pub fn resign(&mut self, p: u8) -> Result<(), ShaturangaError> {
        if self.outcome.is_some() {
            return Err(ShaturangaError::GameOver);
        }
        let name = SEAT_NAMES[p as usize % 4];
        if p > 3 || self.status[p as usize] != Status::Playing {
            return Err(ShaturangaError::Illegal(format!(
                "resign {name}: {name} is no longer in play"
            )));
        }
        if matches!(self.phase, Phase::Start(_)) {
            return Err(ShaturangaError::Illegal(format!(
                "resign {name}: the opening throws are not done"
            )));
        }
        let acting = self.acting_seat();
        self.status[p as usize] = Status::Resigned;
        match self.phase {
            Phase::Decide(d) if acting == Some(p) => {
                self.decide(d, false);
                return Ok(());
            }
            Phase::Throw | Phase::Move(_) if self.current == p => self.end_turn(false),
            _ => {}
        }
        if self.outcome.is_none() {
            self.finish_if_over();
        }
        Ok(())
    }

    pub(super) fn contends(&self, throws: &[Option<u8>], p: u8) -> bool {
        throws[p as usize] != Some(0)
    }

    pub(super) fn step(&mut self, from: Sq, to: Sq, promote: Option<Kind>) {
        let Some(pc) = self.board[from as usize] else {
            return;
        };
        let actor = self.actor(self.current);
        let mut progress = false;
        // a promotion in place (rule 11) takes nothing
        let taken = if to == from {
            None
        } else {
            self.board[to as usize]
        };
        self.put(from, None);
        self.put(to, Some(pc));
        let mut rajah_taken = None;
        if let Some(t) = taken {
            progress = true;
            self.on_capture(t, actor);
            if t.kind == Kind::Rajah {
                rajah_taken = Some(t.owner);
            }
        }
        // rule 5: seizing an enemy throne
        if pc.kind == Kind::Rajah {
            for e in enemies(pc.owner) {
                if to == THRONES[e as usize] && !self.seized[e as usize] {
                    self.seized[e as usize] = true;
                    let k = if rajah_taken.is_some() { 2 } else { 1 };
                    self.pay(e, pc.owner, k);
                }
            }
            let a = ally(pc.owner);
            if to == THRONES[a as usize] && self.prisoner[a as usize] {
                self.command[a as usize] = pc.owner;
            }
        }
        // rule 9: a concourse of shipping
        if pc.kind == Kind::Boat && self.concourse(to, pc.owner) {
            progress = true;
        }
        // rule 10 and 11: promotion
        if pc.kind == Kind::Pawn {
            if let Some(k) = promote {
                self.put(
                    to,
                    Some(Piece {
                        kind: k,
                        owner: pc.owner,
                    }),
                );
                progress = true;
            } else if self.promote_waiting(pc.owner) {
                progress = true;
            }
        }
        // rule 8: an empire
        if let Some(victim) = rajah_taken {
            self.check_empire(actor, pc, to, victim);
        }
        self.update_status();
        if self.finish_if_over() {
            return;
        }
        // rules 6 and 7: a question the move has made due is put before the die passes
        if let Some(d) = self.question_due() {
            if self.count_turn(progress) {
                return;
            }
            self.phase = Phase::Decide(d);
            return;
        }
        self.end_turn(progress);
    }

    /// The question of rules 6 and 7 due now, if any, looking at the players from the one
    /// whose turn it is. A player in play whose ally's rajah is a prisoner, its throne
    /// vacant:
    /// - with the own rajah on the board and both hostile rajahs prisoners, at least one
    ///   taken by this player, may restore the ally's rajah (rule 7);
    /// - holding a hostile rajah it took, whose throne is vacant, while the other hostile
    ///   rajah is on the board and its owner still at the table, may offer the exchange
    ///   (rule 6).
    ///
    /// A question answered no is not put again until a rajah is taken or restored.
    pub(super) fn question_due(&self) -> Option<Decision> {
        for i in 0..4 {
            let p = (self.current + i) % 4;
            let a = ally(p);
            if self.status[p as usize] != Status::Playing
                || !self.prisoner[a as usize]
                || self.board[THRONES[a as usize] as usize].is_some()
            {
                continue;
            }
            let holds = |e: u8| self.prisoner[e as usize] && self.captor[e as usize] == Some(p);
            let [e1, e2] = enemies(p);
            let both = self.prisoner[e1 as usize] && self.prisoner[e2 as usize];
            if both
                && !self.prisoner[p as usize]
                && (holds(e1) || holds(e2))
                && self.declined & (1 << (16 + p)) == 0
            {
                return Some(Decision::Restore { by: p });
            }
            for (h, other) in [(e1, e2), (e2, e1)] {
                if holds(h)
                    && self.answerer(p) == Some(other)
                    && self.board[THRONES[h as usize] as usize].is_none()
                    && self.declined & (1 << (4 * p + h)) == 0
                {
                    return Some(Decision::OfferExchange { by: p, hostile: h });
                }
            }
        }
        None
    }

    /// Who answers `p`'s offer of an exchange (rule 6): the hostile player whose rajah is
    /// still on the board, if still at the table.
    fn answerer(&self, p: u8) -> Option<u8> {
        enemies(p).into_iter().find(|&e| {
            !self.prisoner[e as usize]
                && matches!(self.status[e as usize], Status::Playing | Status::Peace)
        })
    }

    pub(super) fn decide(&mut self, d: Decision, yes: bool) {
        match d {
            Decision::OfferExchange { by, hostile } if yes && self.answerer(by).is_some() => {
                self.phase = Phase::Decide(Decision::AnswerExchange {
                    by: self.answerer(by).unwrap_or(hostile),
                    offerer: by,
                    hostile,
                });
                return;
            }
            Decision::AnswerExchange {
                offerer, hostile, ..
            } if yes => {
                self.restore(hostile);
                self.restore(ally(offerer));
                self.quiet = 0;
            }
            Decision::Restore { by } if yes => {
                self.restore(ally(by));
                self.quiet = 0;
            }
            Decision::OfferExchange { by, hostile }
            | Decision::AnswerExchange {
                offerer: by,
                hostile,
                ..
            } => self.declined |= 1 << (4 * by + hostile),
            Decision::Restore { by } => self.declined |= 1 << (16 + by),
        }
        self.update_status();
        if self.finish_if_over() {
            return;
        }
        match self.question_due() {
            Some(next) => self.phase = Phase::Decide(next),
            None => self.pass_die(),
        }
    }

    /// A prisoner rajah returns to its vacant throne, and its player commands again.
    pub(super) fn restore(&mut self, p: u8) {
        let t = THRONES[p as usize] as usize;
        if !self.prisoner[p as usize] || self.board[t].is_some() {
            return;
        }
        self.put(
            t as Sq,
            Some(Piece {
                kind: Kind::Rajah,
                owner: p,
            }),
        );
        self.prisoner[p as usize] = false;
        self.captor[p as usize] = None;
        self.declined = 0;
        self.command[p as usize] = p;
    }

    pub(super) fn pay(&mut self, from: u8, to: u8, stakes: i32) {
        self.debts[from as usize] -= stakes;
        self.debts[to as usize] += stakes;
    }

    /// `t` is taken by a piece `by` moved.
    pub(super) fn on_capture(&mut self, t: Piece, by: u8) {
        match t.kind {
            Kind::Rajah => {
                self.prisoner[t.owner as usize] = true;
                self.captor[t.owner as usize] = Some(by);
                self.declined = 0;
            }
            Kind::Pawn => {
                self.pawns_lost[t.owner as usize] += 1;
                self.promote_waiting(t.owner);
            }
            _ => {}
        }
    }

    /// Promotes `p`'s pawns waiting on its promotion squares once a pawn has been lost.
    pub(super) fn promote_waiting(&mut self, p: u8) -> bool {
        if self.pawns_lost[p as usize] == 0 {
            return false;
        }
        let mut any = false;
        for (s, k) in promotion_squares(p) {
            if self.board[s as usize]
                == Some(Piece {
                    kind: Kind::Pawn,
                    owner: p,
                })
            {
                self.put(s, Some(Piece { kind: k, owner: p }));
                any = true;
            }
        }
        any
    }

    /// Rule 9: the boat on `to` completes four boats on a 2x2 block: the mover takes the
    /// enemy boats there and the command of the ally's boat.
    pub(super) fn concourse(&mut self, to: Sq, owner: u8) -> bool {
        let (f, r) = fr(to);
        for (cf, cr) in [(0, 0), (-1, 0), (0, -1), (-1, -1)] {
            let block: Vec<Sq> = [(0, 0), (1, 0), (0, 1), (1, 1)]
                .iter()
                .filter_map(|&(df, dr)| sq(f + cf + df, r + cr + dr))
                .collect();
            if block.len() != 4
                || !block
                    .iter()
                    .all(|&s| self.board[s as usize].is_some_and(|p| p.kind == Kind::Boat))
            {
                continue;
            }
            let boats: Vec<Piece> = block
                .iter()
                .filter_map(|&s| self.board[s as usize])
                .collect();
            if !boats.iter().any(|b| self.is_enemy(owner, b.owner)) {
                continue;
            }
            for &s in &block {
                if let Some(b) = self.board[s as usize] {
                    if self.is_enemy(owner, b.owner) {
                        self.put(s, None);
                    } else if b.owner == ally(owner) {
                        self.ship_control[b.owner as usize] = owner;
                    }
                }
            }
            return true;
        }
        false
    }

    /// Rule 8: a player who holds the ally's throne (commands the ally's army) and has both
    /// enemy rajahs captured builds an empire. The player `p` is the one who moved `pc`,
    /// a piece of their own army or of the ally's they command.
    pub(super) fn check_empire(&mut self, p: u8, pc: Piece, to: Sq, victim: u8) {
        let a = ally(p);
        if self.empire[p as usize]
            || self.command[a as usize] != p
            || !enemies(p).iter().all(|&e| self.prisoner[e as usize])
        {
            return;
        }
        self.empire[p as usize] = true;
        let k = match pc.kind {
            Kind::Rajah if pc.owner == p && to == THRONES[victim as usize] => 4,
            Kind::Rajah if pc.owner == p => 2,
            _ => 1,
        };
        for e in enemies(p) {
            self.pay(e, p, k);
        }
    }

    pub(super) fn update_status(&mut self) {
        for p in 0..4u8 {
            if self.status[p as usize] != Status::Playing {
                continue;
            }
            let mine = self.owner_bb[p as usize];
            let pieces = mine.count_ones();
            let rajahs = (mine & self.kind_bb[Kind::Rajah as usize]).count_ones();
            if pieces == 0 {
                self.status[p as usize] = Status::Out;
            } else if pieces == 1 && rajahs == 1 {
                self.status[p as usize] = Status::Peace;
            }
        }
    }

    /// Ends the game when one side has no player in play; returns whether it ended.
    pub(super) fn finish_if_over(&mut self) -> bool {
        let in_play = |team: u8| {
            [team, team + 2]
                .iter()
                .any(|&p| self.status[p as usize] == Status::Playing)
        };
        let (a, b) = (in_play(0), in_play(1));
        if a && b {
            return false;
        }
        let winner = match (a, b) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        };
        let reason = match winner {
            Some(t) => format!(
                "{} and {} have no player left in play",
                SEAT_NAMES[(1 - t) as usize],
                SEAT_NAMES[(3 - t) as usize]
            ),
            None => "no player is left in play".to_string(),
        };
        self.outcome = Some(self.settle(winner, reason));
        true
    }

    /// The stakes at the end: the pool to the winning allies, the debts on top.
    pub(super) fn settle(&self, winner: Option<u8>, reason: String) -> Outcome {
        let mut pay: Vec<f64> = self.debts.iter().map(|&d| d as f64).collect();
        if let Some(t) = winner {
            let stakers: Vec<usize> = (0..4)
                .filter(|&p| self.status[p] != Status::Peace)
                .collect();
            let takers: Vec<usize> = stakers
                .iter()
                .copied()
                .filter(|&p| p as u8 % 2 == t)
                .collect();
            if !takers.is_empty() {
                let share = stakers.len() as f64 / takers.len() as f64;
                for &p in &stakers {
                    pay[p] -= 1.0;
                }
                for &p in &takers {
                    pay[p] += share;
                }
            }
        }
        Outcome {
            payoffs: pay,
            reason,
        }
    }

    /// Counts a turn, and passes the die to the next player in play (rule 13: a player
    /// out of the game is skipped).
    pub(super) fn end_turn(&mut self, progress: bool) {
        if !self.count_turn(progress) {
            self.pass_die();
        }
    }

    /// Counts a turn with or without a capture or promotion; returns whether the game
    /// ended for want of them.
    pub(super) fn count_turn(&mut self, progress: bool) -> bool {
        if progress {
            self.quiet = 0;
            false
        } else {
            self.quiet += 1;
            self.end_if_quiet()
        }
    }

    /// The next player in play throws.
    pub(super) fn pass_die(&mut self) {
        for i in 1..=4 {
            let p = (self.current + i) % 4;
            if self.status[p as usize] == Status::Playing {
                self.current = p;
                break;
            }
        }
        self.phase = Phase::Throw;
    }

    /// Ends the game drawn after [`QUIET_LIMIT`] turns without a capture or promotion;
    /// returns whether it ended.
    pub(super) fn end_if_quiet(&mut self) -> bool {
        if self.quiet < QUIET_LIMIT {
            return false;
        }
        self.outcome = Some(self.settle(
            None,
            format!("{QUIET_LIMIT} turns without a capture or promotion"),
        ));
        true
    }
}
