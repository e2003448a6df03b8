//! The clock and the turn cycle.
//!
//! End of a turn: close the vote, schedule the change, inactivity, turn-end
//! scoring, win check. Start of the next: apply scheduled changes in number
//! order, win check, next active mover (or the front of the queue).

use super::{Engine, Sink};
use crate::engine::event::{DicePurpose, Event, PlayerId, ProposalBody, Reason, Time};
use crate::engine::params::{EffectTiming, Tiebreak, TurnEndScore, TurnKind};
use crate::engine::tally::{self, Counts};
use crate::engine::Ballot;

pub(super) const HOUR: Time = 3600;

impl<S: Sink> Engine<S> {
    /// Starts the first turn.
    pub fn start(&mut self) {
        self.check_win();
        if !self.state.over && self.state.turn == 0 {
            self.start_turn();
        }
    }

    /// Moves the clock to `t`, firing every deadline that falls before it.
    pub fn advance_to(&mut self, t: Time) {
        while !self.state.over {
            match self.next_deadline() {
                Some(deadline) if deadline < t => {
                    self.now = self.now.max(deadline);
                    self.fire_deadline();
                }
                _ => break,
            }
        }
        self.now = self.now.max(t);
    }

    /// Runs the clock to the end of the current turn (`end turn`).
    pub fn end_turn(&mut self) {
        let turn = self.state.turn;
        while !self.state.over && self.state.turn == turn {
            let Some(deadline) = self.next_deadline() else {
                break;
            };
            self.now = self.now.max(deadline);
            self.fire_deadline();
        }
    }

    fn early_mark(&self) -> Option<Time> {
        match self.state.params.early_end_all_voted.value {
            Some(h) if h > 0 && !self.mark_done => {
                Some(self.state.turn_start + Time::from(h) * HOUR)
            }
            _ => None,
        }
    }

    fn next_deadline(&self) -> Option<Time> {
        if self.state.turn == 0 {
            return None;
        }
        let end = self.state.turn_end;
        Some(self.early_mark().map_or(end, |mark| mark.min(end)))
    }

    fn fire_deadline(&mut self) {
        if let Some(mark) = self.early_mark() {
            if self.now >= mark {
                // IV 206/1: at the mark, a turn whose vote is complete ends
                // unless Judgment was invoked during it.
                self.mark_done = true;
                if mark < self.state.turn_end && self.all_voted() && !self.state.judgment_invoked {
                    self.close_turn();
                }
                return;
            }
        }
        self.close_turn();
    }

    /// Every eligible voter has a current ballot on a proposal being voted on.
    pub(super) fn all_voted(&self) -> bool {
        let state = &self.state;
        let all = state.all_eligible();
        // Players and ballots are the same length (one ballot per player).
        state.current.is_some()
            && state
                .players
                .iter()
                .zip(&state.ballots)
                .all(|(player, ballot)| ballot.is_some() || !player.votes_count(all))
    }

    pub(super) fn start_turn(&mut self) {
        // Each change that takes effect is followed by a win check (and the
        // turn that just ended had its own), so none is needed here.
        while let Some(id) = self.state.first_scheduled() {
            self.take_effect(id);
        }
        if self.state.over {
            return;
        }
        let turn = self.state.turn + 1;
        // A turn lasts at least an hour, so that the clock always moves on.
        let end = self.now + Time::from(self.state.params.turn_length_h.value.max(1)) * HOUR;
        self.mark_done = false;
        match self.state.params.turn_kind.value {
            TurnKind::Mover => {
                let mover = self.next_mover();
                self.emit(Event::TurnStarted { turn, mover, end });
            }
            TurnKind::Queue => {
                self.emit(Event::TurnStarted {
                    turn,
                    mover: None,
                    end,
                });
                if let Some(id) = self.queue_front() {
                    let number = self.state.next_number;
                    self.emit(Event::ProposalPutToVote { id, number });
                }
            }
        }
    }

    /// The next player in turn order who gets a turn: bots are passed over
    /// (IV 323), inactive players' turns are skipped (IV 207, I 306).
    fn next_mover(&mut self) -> Option<PlayerId> {
        let n = self.state.order.len();
        let start = self
            .state
            .mover
            .and_then(|m| self.state.order.iter().position(|p| *p == m))
            .map_or(0, |i| i + 1);
        for k in 0..n {
            // (start + k) mod n, without a division: start <= n and k < n.
            let place = start + k;
            let id = self.state.order[if place >= n { place - n } else { place }];
            let player = self.player(id);
            if player.bot && self.state.params.bot_no_turns.value {
                continue;
            }
            if !player.active && self.state.params.inactive_skip_turn.value {
                self.emit(Event::TurnSkipped { player: id });
                continue;
            }
            return Some(id);
        }
        None
    }

    /// The counts of the current vote: ballots of eligible voters only.
    pub(super) fn counts(&self) -> Counts {
        let state = &self.state;
        let all = state.all_eligible();
        let mut counts = Counts {
            total: state.players.len() as u32,
            ..Counts::default()
        };
        // Counted by slot, without branches on the ballots (random voters
        // make them unpredictable): yes, no, abstain, none.
        let mut slots = [0u32; 4];
        for (player, ballot) in state.players.iter().zip(&state.ballots) {
            let slot = match ballot {
                Some(Ballot::Yes) => 0,
                Some(Ballot::No) => 1,
                Some(Ballot::Abstain) => 2,
                None => 3,
            };
            slots[slot] += u32::from(player.votes_count(all));
        }
        let [yes, no, abstain, none] = slots;
        counts.yes = yes;
        counts.no = no;
        counts.abstain = abstain;
        counts.eligible = yes + no + abstain + none;
        counts
    }

    /// After any ballot changes: the Nomitron's roll if its moment has come,
    /// and the end of a vote that completes when everyone has voted (I).
    /// Inlined into every command that changes a ballot: it is two cheap
    /// checks nearly every time.
    #[inline(always)]
    pub(super) fn after_vote(&mut self) {
        self.maybe_tiebreak();
        if self.state.params.early_end_all_voted.value == Some(0) && self.all_voted() {
            self.close_turn();
        }
    }

    /// IV 323: all eligible voters have a current vote, the proposer has used
    /// all re-proposals, and yes equals no: roll 1d3 once a turn.
    /// Inlined: it runs after every ballot, and its first checks nearly
    /// always settle it.
    #[inline]
    fn maybe_tiebreak(&mut self) {
        if self.state.params.tiebreak.value != Tiebreak::Nomitron1d3 || self.state.tiebreak_rolled {
            return;
        }
        let Some(id) = self.state.current else {
            return;
        };
        let limit = self.state.params.resubmit_limit.value.unwrap_or(0);
        if self.state.proposals[id].resubmissions >= limit {
            self.tiebreak_if_tied();
        }
    }

    /// The rest of [`Self::maybe_tiebreak`]: the roll if every eligible
    /// voter has voted and yes equals no.
    #[inline(never)]
    fn tiebreak_if_tied(&mut self) {
        if !self.all_voted() {
            return;
        }
        let counts = self.counts();
        if counts.yes != counts.no {
            return;
        }
        let (roll, forced) = self.dice.roll(3);
        self.emit(Event::DiceRolled {
            n: 1,
            sides: 3,
            total: roll,
            forced,
            purpose: DicePurpose::Tiebreak,
        });
        let ballot = match roll {
            1 => Some(Ballot::Yes),
            2 => Some(Ballot::No),
            _ => None,
        };
        self.emit(Event::Tiebreak { roll, ballot });
    }

    /// Ends the current turn and starts the next.
    pub(super) fn close_turn(&mut self) {
        let turn = self.state.turn;
        let mut had_proposal = false;
        if let Some(id) = self.state.current {
            let proposer = self.state.proposals[id].proposer;
            if self.player(proposer).locked_inactive {
                // IV 207: a proposal made in a turn whose player declared
                // inactivity is treated as though it does not exist.
                self.emit(Event::ProposalVoided { id });
            } else {
                had_proposal = true;
                self.maybe_tiebreak();
                self.resolve(id);
            }
        }
        self.turn_end_inactivity(had_proposal);
        if !self.state.over {
            self.turn_end_score();
        }
        self.check_win();
        self.emit(Event::TurnEnded { turn });
        if !self.state.over {
            self.start_turn();
        }
    }

    fn resolve(&mut self, id: usize) {
        let unanimity = matches!(
            self.state.proposals[id].body,
            ProposalBody::Transmute { .. }
        );
        let tally = tally::decide(
            &self.state.params,
            self.counts(),
            self.state.tiebreak_vote,
            unanimity,
        );
        self.emit(Event::VoteResolved { id, tally });
        if !tally.adopted {
            return;
        }
        let points = self.state.params.score_against_adopted.value;
        if points > 0 {
            for p in 0..self.state.players.len() as PlayerId {
                if self.state.is_eligible(p) && self.state.ballot(p) == Some(Ballot::No) {
                    self.add_score(p, i64::from(points), Reason::VotedAgainstAdopted);
                }
            }
        }
        if self.state.params.effect_timing.value == EffectTiming::VoteCompletion {
            self.take_effect(id);
        }
    }

    fn turn_end_inactivity(&mut self, had_proposal: bool) {
        let mover = self.state.mover;
        if let Some(m) = mover {
            if self.state.params.inactive_no_proposal.value
                && self.player(m).active
                && !self.state.proposed_this_turn
            {
                self.emit(Event::StatusChanged {
                    player: m,
                    active: false,
                    reason: Reason::NoProposal,
                });
            }
        }
        if had_proposal && self.state.params.inactive_no_vote.value {
            for p in 0..self.state.players.len() as PlayerId {
                let player = self.player(p);
                if Some(p) != mover
                    && player.active
                    && !player.bot
                    && self.state.ballot(p).is_none()
                {
                    self.emit(Event::StatusChanged {
                        player: p,
                        active: false,
                        reason: Reason::NoVote,
                    });
                }
            }
        }
    }

    fn turn_end_score(&mut self) {
        match self.state.params.score_turn_end.value {
            TurnEndScore::None => {}
            TurnEndScore::Reset => {
                if self.state.players.iter().any(|p| p.score != 0) {
                    self.emit(Event::ScoresReset);
                }
            }
            TurnEndScore::Dice { n, sides } => {
                let Some(mover) = self.state.mover else {
                    return;
                };
                if self.player(mover).bot && self.state.params.bot_no_points.value {
                    return;
                }
                let (mut total, mut all_forced) = (0, true);
                for _ in 0..n {
                    let (roll, forced) = self.dice.roll(sides);
                    total += roll;
                    all_forced &= forced;
                }
                self.emit(Event::DiceRolled {
                    n,
                    sides,
                    total,
                    forced: all_forced,
                    purpose: DicePurpose::TurnEnd,
                });
                self.add_score(mover, i64::from(total), Reason::TurnEnd);
            }
        }
    }
}
