//! The Monte Carlo fast path: a game loop specialised to the parameters in
//! force, applying the random players' actions directly to a compact state
//! (bit sets of players, no events, no proposal list, no clock).
//!
//! It plays exactly the game the engine plays (`super::play` with
//! `super::players::play_turn`): the same checks in the same order, and the
//! same draws from the same [`Dice`], so every seed gives the same
//! [`Game`]. The engine stays the reference; `tests::fast` compares the two
//! game by game.
//!
//! Why so little state suffices, for the games Monte Carlo plays:
//! - Proposals are opaque and carry no `effect` lines, so adopting one
//!   changes no rule and no parameter: the parameters in force are those
//!   of the template for the whole game, and are read once ([`Plan`]).
//! - No player is a bot, none resubmits, withdraws or abstains.
//! - Within a turn every action happens at the turn's start; the clock only
//!   decides whether a turn closes at the early mark (IV 206/1) or at its
//!   end, and both close it with the same state. So time is not kept.
//! - Judgment changes only the clock (the extension) and who judges, which
//!   nothing else reads; only its draws matter. V 214's uniform choice of a
//!   Judge depends on vote history and rolls a die, so rules with it are
//!   left to the engine, as are Proposal Queue rules (V 201).

use super::players::{Behaviour, Rate};
use super::{Config, Game, Voters};
use crate::engine::params::{Eligible, JudgeSelection, Tiebreak, TurnEndScore, TurnKind};
use crate::engine::rng::{Dice, Divisor};
use crate::engine::state::State;
use crate::engine::tally::{self, Counts};
use crate::engine::{Ballot, Params};

/// What the fast path reads from the parameters in force, once per run.
#[derive(Debug, Clone)]
struct Plan {
    /// The parameters, for the tally.
    params: Params,
    /// Every player votes (V 204), not only the active ones.
    all_eligible: bool,
    /// The tally of games of up to [`SMALL`] players, where no tiebreak
    /// vote can count: for each count of eligible voters and of players
    /// (`eligible * (SMALL + 1) + players`), bit `yes * (SMALL + 1) + no`
    /// says whether the proposal is adopted. Empty where the tiebreak can
    /// roll.
    adopt: Vec<u128>,
    /// The proposer's implicit yes (IV 320).
    implicit_yes: bool,
    /// `turn.early_end_all_voted` is 0: a vote ends once everyone voted.
    close_when_all_voted: bool,
    /// A ballot can roll the tiebreak or close the turn (`tiebreak` or
    /// `close_when_all_voted`); where not, no ballot ends the turn.
    after_vote: bool,
    /// The Nomitron's 1d3 can roll: its rule is in force and proposals,
    /// never resubmitted here, have used up a resubmission limit of 0.
    tiebreak: bool,
    /// Points to each player voting against an adopted proposal (I 204).
    against_adopted: i64,
    /// What the end of a turn does to scores.
    turn_end: TurnEndScore,
    /// The turn-end die's sides, prepared (`turn_end` gives dice).
    turn_end_die: Option<Divisor>,
    /// `win.points`.
    win_points: Option<i64>,
    /// `win.survivors`.
    win_survivors: Option<u32>,
    inactive_no_proposal: bool,
    inactive_no_vote: bool,
    inactive_declare: bool,
    declare_active: bool,
    inactive_skip_turn: bool,
    reactivate_by_vote: bool,
    join_allowed: bool,
    join_before_mover: bool,
}

impl Plan {
    /// The plan for `params`, or `None` where the fast path does not cover
    /// the rules (a Proposal Queue, or V 214's Judge).
    fn new(params: &Params) -> Option<Plan> {
        if params.turn_kind.value != TurnKind::Mover
            || params.judge_selection.value == JudgeSelection::UniformEligible
        {
            return None;
        }
        let turn_end_die = match params.score_turn_end.value {
            // A die without sides is refused when read; leave it to the
            // engine all the same.
            TurnEndScore::Dice { sides, .. } => Some(Divisor::new(sides)?),
            _ => None,
        };
        let tiebreak = params.tiebreak.value == Tiebreak::Nomitron1d3
            && params.resubmit_limit.value.unwrap_or(0) == 0;
        let close_when_all_voted = params.early_end_all_voted.value == Some(0);
        Some(Plan {
            adopt: if tiebreak {
                Vec::new()
            } else {
                adoption_table(params)
            },
            params: params.clone(),
            all_eligible: params.eligible.value == Eligible::All,
            implicit_yes: params.proposer_implicit_yes.value,
            close_when_all_voted,
            tiebreak,
            after_vote: tiebreak || close_when_all_voted,
            against_adopted: i64::from(params.score_against_adopted.value),
            turn_end: params.score_turn_end.value,
            turn_end_die,
            win_points: params.win_points.value.map(i64::from),
            win_survivors: params.win_survivors.value,
            inactive_no_proposal: params.inactive_no_proposal.value,
            inactive_no_vote: params.inactive_no_vote.value,
            inactive_declare: params.inactive_declare.value,
            declare_active: params.declare_active.value,
            inactive_skip_turn: params.inactive_skip_turn.value,
            reactivate_by_vote: params.reactivate_by_vote.value,
            join_allowed: params.join_allowed.value,
            join_before_mover: params.join_before_mover.value,
        })
    }
}

/// The most players of a game whose tally is looked up ([`Plan::adopt`]).
const SMALL: usize = 8;

/// [`Plan::adopt`] for `params`.
fn adoption_table(params: &Params) -> Vec<u128> {
    let side = SMALL as u32 + 1;
    let mut table = vec![0; (side * side) as usize];
    for eligible in 0..side {
        for total in 0..side {
            let row = &mut table[(eligible * side + total) as usize];
            for yes in 0..side {
                for no in 0..side {
                    let counts = Counts {
                        yes,
                        no,
                        abstain: 0,
                        eligible,
                        total,
                    };
                    if tally::decide(params, counts, None, false).adopted {
                        *row |= 1 << (yes * side + no);
                    }
                }
            }
        }
    }
    table
}

/// Players are bits of a `u64` (a Monte Carlo game has at most 64).
type Set = u64;

fn bit(p: usize) -> Set {
    1 << p
}

/// Players in each set of the first eight.
const COUNTS: [u8; 256] = {
    let mut counts = [0; 256];
    let mut set = 0;
    while set < 256 {
        counts[set] = (set as u8).count_ones() as u8;
        set += 1;
    }
    counts
};

/// Players in `set`. The baseline x86-64 target has no popcount
/// instruction, and `count_ones` costs a dozen; games of up to eight players
/// (the usual five) look theirs up.
#[inline]
fn count(set: Set) -> u32 {
    match usize::try_from(set) {
        Ok(small) if small < COUNTS.len() => u32::from(COUNTS[small]),
        _ => set.count_ones(),
    }
}

/// The fast path's game: the plan, the starting players, and the state of
/// the game in play (reset for each game, keeping its buffers).
#[derive(Clone)]
pub(crate) struct FastGame {
    plan: Plan,
    /// Seats (starting players).
    seats: usize,
    /// The most players a game may reach with those who join.
    most: usize,
    /// Starting players who are active.
    start_active: Set,
    /// Starting scores.
    start_scores: Vec<i64>,
    /// Starting turn order.
    start_order: Vec<u8>,
    /// The seat of each starting player (their place among the starting
    /// players in the turn order).
    seat_of: Vec<u8>,
    /// The game's dice.
    dice: Dice,
    /// Players now in the game.
    players: usize,
    active: Set,
    /// Declared inactivity in their own turn (IV 207).
    locked: Set,
    /// Has a ballot on the current proposal.
    voted: Set,
    /// Of those, voted yes.
    yes: Set,
    scores: Vec<i64>,
    /// Players whose score has reached `win.points`.
    reached: Set,
    order: Vec<u8>,
    turn: u32,
    mover: Option<u8>,
    /// The mover's place in `order`.
    mover_at: Option<usize>,
    /// The proposer of the proposal being voted on.
    current: Option<u8>,
    proposed_this_turn: bool,
    tiebreak_rolled: bool,
    tiebreak_vote: Option<Ballot>,
    over: bool,
    winners: Set,
    decided: u64,
    adopted: u64,
}

impl FastGame {
    /// The fast game for runs from `template` (a Monte Carlo template:
    /// seated players, nothing played), or `None` where the fast path does
    /// not cover the rules in force.
    pub(crate) fn new(template: &State, config: &Config) -> Option<FastGame> {
        let plan = Plan::new(&template.params)?;
        let seats = template.players.len();
        let most = usize::from((config.players + super::JOIN_LIMIT).min(64));
        if seats == 0
            || seats > 64
            || seats != usize::from(config.players)
            || template.turn != 0
            || template.over
            || !template.proposals.is_empty()
            || template.players.iter().any(|p| p.bot || p.locked_inactive)
        {
            return None;
        }
        let start_order: Vec<u8> = template.order.iter().map(|p| *p as u8).collect();
        let mut seat_of = vec![0; seats];
        for (seat, id) in start_order.iter().enumerate() {
            seat_of[usize::from(*id)] = seat as u8;
        }
        let start_active = template
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.active)
            .fold(0, |set, (i, _)| set | bit(i));
        Some(FastGame {
            plan,
            seats,
            most,
            start_active,
            start_scores: template.players.iter().map(|p| p.score).collect(),
            start_order: start_order.clone(),
            seat_of,
            dice: Dice::new(0),
            players: seats,
            active: start_active,
            locked: 0,
            voted: 0,
            yes: 0,
            scores: Vec::with_capacity(64),
            reached: 0,
            order: Vec::with_capacity(64),
            turn: 0,
            mover: None,
            mover_at: None,
            current: None,
            proposed_this_turn: false,
            tiebreak_rolled: false,
            tiebreak_vote: None,
            over: false,
            winners: 0,
            decided: 0,
            adopted: 0,
        })
    }

    /// Plays game `index` of `config` and returns its outcome: the same as
    /// [`super::play`] on the engine.
    pub(crate) fn play(&mut self, config: &Config, index: u64) -> Game {
        self.reset(Dice::for_game(config.seed, index));
        self.check_win();
        if !self.over {
            self.start_turn();
        }
        let max_turns = config.max_turns.min(u32::MAX - 1);
        while !self.over && self.turn <= max_turns {
            let turn = self.turn;
            self.play_turn(config);
            if self.turn == turn && !self.over {
                self.close_turn();
            }
        }
        self.outcome(max_turns)
    }

    fn reset(&mut self, dice: Dice) {
        self.dice = dice;
        self.players = self.seats;
        self.active = self.start_active;
        self.locked = 0;
        self.voted = 0;
        self.yes = 0;
        self.scores.clone_from(&self.start_scores);
        self.reached = self
            .scores
            .iter()
            .enumerate()
            .filter(|(_, s)| self.reaches(**s))
            .fold(0, |set, (p, _)| set | bit(p));
        self.order.clone_from(&self.start_order);
        self.turn = 0;
        self.mover = None;
        self.mover_at = None;
        self.current = None;
        self.proposed_this_turn = false;
        self.tiebreak_rolled = false;
        self.tiebreak_vote = None;
        self.over = false;
        self.winners = 0;
        self.decided = 0;
        self.adopted = 0;
    }

    fn outcome(&self, max_turns: u32) -> Game {
        let mut game = Game {
            turns: self.turn.min(max_turns),
            decided: self.decided,
            adopted: self.adopted,
            joined: (self.players - self.seats) as u32,
            ..Game::default()
        };
        let mut winners = self.winners;
        while winners != 0 {
            let id = winners.trailing_zeros() as usize;
            winners &= winners - 1;
            if id >= self.seats {
                game.joined_winners += 1;
            } else {
                game.winners |= bit(usize::from(self.seat_of[id]));
            }
        }
        game
    }

    fn everyone(&self) -> Set {
        Set::MAX >> (64 - self.players)
    }

    fn eligible(&self) -> Set {
        if self.plan.all_eligible {
            self.everyone()
        } else {
            self.active
        }
    }

    fn still(&self, turn: u32) -> bool {
        self.turn == turn && !self.over
    }

    /// One turn of random play, as `players::play_turn` plays it.
    fn play_turn(&mut self, config: &Config) {
        let b: &Behaviour = &config.behaviour;
        let turn = self.turn;
        // A rate of 0 draws nothing and does nothing: such loops are skipped.
        // A declaration changes only the declarer's own bit unless it ends
        // the turn or the game, so each loop runs over the players inactive
        // (active) at its start, and stops where the turn stops: the engine's
        // loop draws nothing after that.
        if self.plan.declare_active && b.back != Rate::NEVER {
            let mut idle = self.everyone() & !self.active;
            while idle != 0 {
                let p = idle.trailing_zeros() as usize;
                idle &= idle - 1;
                if b.back.happens_on(&mut self.dice) {
                    self.declare(p, true);
                    if !self.still(turn) {
                        return;
                    }
                }
            }
        }
        if self.plan.inactive_declare && b.leave != Rate::NEVER {
            let mut active = self.active & self.everyone();
            while active != 0 {
                let p = active.trailing_zeros() as usize;
                active &= active - 1;
                if b.leave.happens_on(&mut self.dice) {
                    self.declare(p, false);
                    if !self.still(turn) {
                        return;
                    }
                }
            }
        }
        if self.plan.join_allowed
            && b.join != Rate::NEVER
            && self.still(turn)
            && self.players < self.most
            && b.join.happens_on(&mut self.dice)
        {
            self.join();
        }
        if !self.still(turn) {
            return;
        }
        if let Some(mover) = self.mover {
            if !b.miss_proposal.happens_on(&mut self.dice) {
                self.propose(mover);
            }
        }
        if self.still(turn) && b.judgment.happens_on(&mut self.dice) {
            // A uniformly chosen active player invokes Judgment; the Judge
            // (who nothing else reads) answers at once.
            let active = count(self.active);
            if active > 0 {
                self.dice.below(active);
            }
        }
        self.vote(config, turn);
    }

    /// A declaration of activity or inactivity (IV 207, V 206).
    fn declare(&mut self, p: usize, active: bool) {
        if active {
            if self.locked & bit(p) != 0 {
                return;
            }
            self.active |= bit(p);
        } else {
            self.active &= !bit(p);
            if self.mover == Some(p as u8) {
                self.locked |= bit(p);
            }
        }
        self.check_win();
        if !self.over {
            self.after_vote();
        }
    }

    /// A person joins, before the mover or last (IV 218, IV 201).
    fn join(&mut self) {
        let id = self.players;
        let place = match self.mover_at {
            Some(place) if self.plan.join_before_mover => {
                // The mover moves one place on.
                self.mover_at = Some(place + 1);
                place
            }
            _ => self.order.len(),
        };
        self.players += 1;
        self.active |= bit(id);
        self.locked &= !bit(id);
        self.voted &= !bit(id);
        self.yes &= !bit(id);
        self.scores.push(0);
        if self.reaches(0) {
            self.reached |= bit(id);
        }
        self.order.insert(place, id as u8);
    }

    fn propose(&mut self, mover: u8) {
        let m = usize::from(mover);
        self.current = Some(mover);
        self.proposed_this_turn = true;
        self.voted = 0;
        self.yes = 0;
        if self.plan.implicit_yes && self.eligible() & bit(m) != 0 {
            self.voted |= bit(m);
            self.yes |= bit(m);
        }
        self.after_vote();
    }

    /// Every eligible voter who has not voted votes, unless they miss the
    /// vote; an inactive player may come back by voting.
    ///
    /// Those who have not voted are taken at the start: only a ballot that
    /// ends the turn changes another player's ballot, and the loop stops
    /// there (the engine's loop checks before each player whether the turn
    /// goes on, which only such a ballot can change).
    fn vote(&mut self, config: &Config, turn: u32) {
        let Some(proposer) = self.current else {
            return;
        };
        if !self.still(turn) {
            return;
        }
        let b = &config.behaviour;
        // A ballot changes only the voter's own activity, so the electorate
        // of the loop's start holds for every later voter.
        let eligible = self.eligible();
        let mut left = self.everyone() & !self.voted;
        while left != 0 {
            let p = left.trailing_zeros() as usize;
            left &= left - 1;
            if eligible & bit(p) != 0 {
                if b.miss_vote.happens_on(&mut self.dice) {
                    continue;
                }
            } else if self.active & bit(p) != 0
                || !self.plan.reactivate_by_vote
                || !b.back.happens_on(&mut self.dice)
            {
                continue;
            }
            let yes = match config.voters {
                Voters::Random => self.dice.coin(),
                Voters::No => p == usize::from(proposer),
            };
            self.cast(p, yes);
            if self.plan.after_vote && (!self.still(turn) || self.current.is_none()) {
                break;
            }
        }
    }

    fn cast(&mut self, p: usize, yes: bool) {
        if self.locked & bit(p) != 0 {
            return;
        }
        // Only a player who may come back by voting gets here inactive
        // and not eligible (IV 207, I 306).
        if !self.plan.all_eligible {
            self.active |= bit(p);
        }
        self.voted |= bit(p);
        // Without a branch: a random coin is a branch no predictor learns.
        self.yes = self.yes & !bit(p) | u64::from(yes) << p;
        self.after_vote();
    }

    fn all_voted(&self) -> bool {
        self.current.is_some() && self.eligible() & !self.voted == 0
    }

    /// After a ballot changes: mostly nothing (IV: the tiebreak never
    /// rolls, and votes end with the turn), so that case costs no call.
    #[inline(always)]
    fn after_vote(&mut self) {
        if self.plan.after_vote {
            self.after_vote_in_earnest();
        }
    }

    fn after_vote_in_earnest(&mut self) {
        if self.plan.tiebreak {
            self.maybe_tiebreak();
        }
        if self.plan.close_when_all_voted && self.all_voted() {
            self.close_turn();
        }
    }

    fn counts(&self) -> Counts {
        let eligible = self.eligible();
        let voted = eligible & self.voted;
        Counts {
            yes: count(voted & self.yes),
            no: count(voted & !self.yes),
            abstain: 0,
            eligible: count(eligible),
            total: self.players as u32,
        }
    }

    /// IV 323: the Nomitron's 1d3 on a tie, once a turn.
    fn maybe_tiebreak(&mut self) {
        if self.tiebreak_rolled || !self.all_voted() {
            return;
        }
        let counts = self.counts();
        if counts.yes != counts.no {
            return;
        }
        let (roll, _) = self.dice.roll(3);
        self.tiebreak_rolled = true;
        self.tiebreak_vote = match roll {
            1 => Some(Ballot::Yes),
            2 => Some(Ballot::No),
            _ => None,
        };
    }

    fn close_turn(&mut self) {
        let mut had_proposal = false;
        if let Some(proposer) = self.current {
            if self.locked & bit(usize::from(proposer)) != 0 {
                // IV 207: as though the proposal did not exist.
                self.current = None;
            } else {
                had_proposal = true;
                if self.plan.tiebreak {
                    self.maybe_tiebreak();
                }
                self.resolve();
            }
        }
        self.turn_end_inactivity(had_proposal);
        if !self.over {
            self.turn_end_score();
        }
        self.check_win();
        self.current = None;
        if !self.over {
            self.start_turn();
        }
    }

    fn resolve(&mut self) {
        let adopted = if self.players <= SMALL && !self.plan.adopt.is_empty() {
            let eligible = self.eligible();
            let voted = eligible & self.voted;
            let (yes, no) = (count(voted & self.yes), count(voted & !self.yes));
            let side = SMALL + 1;
            let row = self.plan.adopt[count(eligible) as usize * side + self.players];
            row >> (yes as usize * side + no as usize) & 1 == 1
        } else {
            tally::decide(&self.plan.params, self.counts(), self.tiebreak_vote, false).adopted
        };
        self.current = None;
        self.decided += 1;
        // Adoption is close to a coin toss with random voters: counted
        // without a branch, and tested only where it gives points.
        self.adopted += u64::from(adopted);
        if self.plan.against_adopted > 0 && adopted {
            let mut against = self.eligible() & self.voted & !self.yes;
            while against != 0 {
                let p = against.trailing_zeros() as usize;
                against &= against - 1;
                self.add_score(p, self.plan.against_adopted);
            }
        }
    }

    fn add_score(&mut self, p: usize, delta: i64) {
        // Points that would overflow are refused (the engine logs why).
        if let Some(score) = self.scores[p].checked_add(delta) {
            self.scores[p] = score;
            if self.reaches(score) {
                self.reached |= bit(p);
            }
        }
    }

    /// Whether a score has reached `win.points`.
    fn reaches(&self, score: i64) -> bool {
        self.plan.win_points.is_some_and(|n| score >= n)
    }

    fn turn_end_inactivity(&mut self, had_proposal: bool) {
        if let Some(m) = self.mover {
            let m = usize::from(m);
            if self.plan.inactive_no_proposal
                && self.active & bit(m) != 0
                && !self.proposed_this_turn
            {
                self.active &= !bit(m);
            }
        }
        if had_proposal && self.plan.inactive_no_vote {
            let mover = self.mover.map_or(0, |m| bit(usize::from(m)));
            self.active &= self.voted | mover;
        }
    }

    fn turn_end_score(&mut self) {
        match self.plan.turn_end {
            TurnEndScore::Dice { n, .. } => {
                let (Some(mover), Some(die)) = (self.mover, self.plan.turn_end_die) else {
                    return;
                };
                // Monte Carlo forces no results: every roll is a draw.
                let mut total = 0;
                for _ in 0..n {
                    total += self.dice.below_by(die) + 1;
                }
                self.add_score(usize::from(mover), i64::from(total));
            }
            TurnEndScore::Reset => {
                self.scores.iter_mut().for_each(|s| *s = 0);
                self.reached = if self.reaches(0) { self.everyone() } else { 0 };
            }
            TurnEndScore::None => {}
        }
    }

    /// Everyone who has reached the points wins, or the last survivors.
    fn check_win(&mut self) {
        if self.over {
            return;
        }
        // Scores change only by `add_score` and resets, which keep
        // `reached` up to date.
        let survivors = self
            .plan
            .win_survivors
            .is_some_and(|k| count(self.active) == k);
        if self.reached != 0 {
            self.winners = self.reached;
        } else if survivors {
            self.winners = self.active;
        } else {
            return;
        }
        self.over = true;
    }

    fn start_turn(&mut self) {
        self.turn += 1;
        self.mover_at = self.next_mover();
        self.mover = self.mover_at.map(|at| self.order[at]);
        self.proposed_this_turn = false;
        self.tiebreak_rolled = false;
        self.tiebreak_vote = None;
        self.locked = 0;
    }

    /// The place in turn order of the next player whose turn is not skipped.
    fn next_mover(&self) -> Option<usize> {
        let n = self.order.len();
        // The place after the mover's, at most `n` (one past the last).
        let mut at = self.mover_at.map_or(0, |i| i + 1);
        for _ in 0..n {
            if at >= n {
                at -= n;
            }
            if !self.plan.inactive_skip_turn || self.active & bit(usize::from(self.order[at])) != 0
            {
                return Some(at);
            }
            at += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests;
