//! Judgment: who judges (IV 215 the active player preceding the mover; I 211
//! the player preceding the mover; V 214 uniformly among eligible players)
//! and the 24-hour extension of IV 215 and V 214.

use super::turns::HOUR;
use super::{refuse, Engine, Refusal, RefusalCode, Sink};
use crate::engine::event::{DicePurpose, Event, PlayerId, Time};
use crate::engine::params::{Eligible, JudgeSelection};

impl<S: Sink> Engine<S> {
    /// A player invokes judgment on a question: the turn's Judge, or a new
    /// one chosen as `judge.selection` says, is to settle it; the first
    /// invocation in a turn extends it by `judge.extension_h`. Returns the
    /// Judge.
    pub fn invoke_judgment(&mut self, who: PlayerId, question: &str) -> Result<PlayerId, Refusal> {
        self.playing()?;
        // IV 215: one Judge settles all questions until the next turn.
        let judge = match self.state.judge {
            Some(judge) => judge,
            None => self.select_judge()?,
        };
        let mut end = self.state.turn_end;
        if let (false, Some(h)) = (
            self.state.judgment_invoked,
            self.state.params.judge_extension_h.value,
        ) {
            // Extended by h hours unless the end was already more than h hours away.
            if end - self.now <= Time::from(h) * HOUR {
                end += Time::from(h) * HOUR;
            }
        }
        self.emit(Event::JudgmentInvoked {
            by: who,
            judge,
            question: question.to_string(),
            end,
        });
        Ok(judge)
    }

    fn select_judge(&mut self) -> Result<PlayerId, Refusal> {
        let params = &self.state.params;
        let can_judge = |id: PlayerId| {
            let p = &self.state.players[usize::from(id)];
            !(p.bot && params.bot_no_judge.value)
        };
        match params.judge_selection.value {
            JudgeSelection::None => {
                refuse(RefusalCode::NotAllowed, "no rule provides for Judgment")
            }
            JudgeSelection::Preceding | JudgeSelection::PrecedingActive => {
                let Some(mover) = self.state.mover else {
                    return refuse(
                        RefusalCode::NoJudge,
                        "there is no player moving, so no player precedes them",
                    );
                };
                // I 306 makes inactive persons non-players, so I 211's
                // "player preceding" also passes over them.
                let active_only = params.judge_selection.value == JudgeSelection::PrecedingActive
                    || params.eligible.value == Eligible::Active;
                let order = &self.state.order;
                let n = order.len();
                let at = order.iter().position(|p| *p == mover).unwrap_or(0);
                (1..n)
                    .map(|k| order[(at + n - k) % n])
                    .find(|id| {
                        can_judge(*id)
                            && (!active_only || self.state.players[usize::from(*id)].active)
                    })
                    .map_or_else(
                        || refuse(RefusalCode::NoJudge, "no player is eligible to be Judge"),
                        Ok,
                    )
            }
            JudgeSelection::UniformEligible => {
                let proposer = self
                    .state
                    .current
                    .map(|id| self.state.proposals[id].proposer);
                let candidates: Vec<PlayerId> = (0..self.state.players.len() as PlayerId)
                    .filter(|id| {
                        let p = &self.state.players[usize::from(*id)];
                        // The proposal being voted on is the most recent put to vote.
                        let held = self.state.votes_held;
                        let voted_recently = match self.state.current {
                            Some(_) => {
                                held < 2 || self.state.ballot(*id).is_some() || p.last_voted == held
                            }
                            None => held <= 2 || p.last_voted + 1 >= held,
                        };
                        p.active
                            && can_judge(*id)
                            && voted_recently
                            && Some(*id) != proposer
                            && !self.state.judges_this_turn.contains(id)
                    })
                    .collect();
                if candidates.is_empty() {
                    return refuse(RefusalCode::NoJudge, "no player is eligible to be Judge");
                }
                // A roll of 1dK over the candidates in player order, so that
                // scripts can force it with `dice 1dK: i`.
                let sides = candidates.len() as u32;
                let (roll, forced) = self.dice.roll(sides);
                self.emit(Event::DiceRolled {
                    n: 1,
                    sides,
                    total: roll,
                    forced,
                    purpose: DicePurpose::Judge,
                });
                Ok(candidates[(roll.clamp(1, sides) - 1) as usize])
            }
        }
    }

    /// The Judge rules on the open question. The engine records the
    /// ruling's text, not what it decides (a script says that with `set`).
    pub fn give_judgment(&mut self, who: PlayerId, ruling: &str) -> Result<(), Refusal> {
        self.playing()?;
        if self.state.judge != Some(who) {
            return refuse(
                RefusalCode::NotTheJudge,
                format!("{} is not the Judge", self.state.name(who)),
            );
        }
        if !self.state.open_question {
            return refuse(RefusalCode::NoQuestion, "no question awaits judgment");
        }
        self.emit(Event::JudgmentGiven {
            judge: who,
            ruling: ruling.to_string(),
        });
        Ok(())
    }
}
