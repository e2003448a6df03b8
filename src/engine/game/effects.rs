//! What adoption does: rule changes and `effect` lines, then the parameters
//! are read again; and the consequences of scores: winners.

use super::{Engine, Sink};
use crate::engine::catalogue::ParamKey;
use crate::engine::event::{Event, PlayerId, ProposalBody, Reason};
use crate::engine::params::Provenance;

impl<S: Sink> Engine<S> {
    /// Makes an adopted proposal's changes (IV 204: at the start of the next
    /// turn; I 205: at the completion of the vote).
    /// Inlined: most proposals change nothing the engine models (Monte
    /// Carlo's are opaque), and the rest is out of line.
    #[inline]
    pub(super) fn take_effect(&mut self, id: usize) {
        let proposal = &self.state.proposals[id];
        if matches!(proposal.body, ProposalBody::Opaque) && proposal.effects.is_empty() {
            self.emit(Event::ProposalTookEffect { id });
        } else {
            self.make_changes(id);
        }
    }

    /// [`Self::take_effect`] for a proposal that changes rules or
    /// parameters.
    #[inline(never)]
    fn make_changes(&mut self, id: usize) {
        let proposal = &self.state.proposals[id];
        let number = proposal.number.unwrap_or(self.state.next_number);
        let body = proposal.body.clone();
        let effects = proposal.effects.clone();
        let before = self.state.params.clone();
        let renumber = self.state.params.renumber_on_amend.value;
        match body {
            ProposalBody::Amend { rule, text } => {
                if let Some(current) = self.state.ruleset.rule(rule) {
                    let (new_number, revision) = if renumber {
                        (number, current.revision)
                    } else {
                        (rule, current.revision.map(|r| r + 1))
                    };
                    self.emit(Event::RuleAmended {
                        number: rule,
                        new_number,
                        revision,
                        text,
                        proposal: number,
                    });
                }
            }
            ProposalBody::Enact { text } => {
                self.emit(Event::RuleEnacted {
                    number,
                    text,
                    proposal: number,
                });
            }
            ProposalBody::Repeal { rule } => {
                if self.state.ruleset.rule(rule).is_some() {
                    self.emit(Event::RuleRepealed {
                        number: rule,
                        proposal: number,
                    });
                }
            }
            ProposalBody::Transmute { rule } => {
                if let Some(current) = self.state.ruleset.rule(rule) {
                    let immutable = !current.is_immutable();
                    let new_number = if renumber { number } else { rule };
                    self.emit(Event::RuleTransmuted {
                        number: rule,
                        new_number,
                        immutable,
                        proposal: number,
                    });
                }
            }
            ProposalBody::Opaque => {}
        }
        // Parameters the recognisers now read differently, for the log.
        let after = self.state.params.clone();
        for &key in ParamKey::ALL {
            let (setting, from) = (after.setting(key), after.provenance(key));
            if setting != before.setting(key) || from != before.provenance(key) {
                self.emit(Event::ParamChanged {
                    setting,
                    from: from.clone(),
                });
            }
        }
        for setting in effects {
            self.emit(Event::ParamChanged {
                setting,
                from: Provenance::Proposal(number),
            });
        }
        self.emit(Event::ProposalTookEffect { id });
        self.check_win();
    }

    /// Adds points (bots receive none under IV 323). Inlined: it runs at
    /// the end of every turn, and an overflow is out of line.
    #[inline]
    pub(super) fn add_score(&mut self, player: PlayerId, delta: i64, reason: Reason) {
        let p = self.player(player);
        if p.bot && self.state.params.bot_no_points.value {
            return;
        }
        let Some(score) = p.score.checked_add(delta) else {
            self.refuse_points(player, delta, reason);
            return;
        };
        self.emit(Event::ScoreChanged {
            player,
            delta,
            score,
            reason,
        });
    }

    /// Points that would overflow a score are refused, naming the rule that
    /// gave them: scores never wrap.
    #[cold]
    #[inline(never)]
    fn refuse_points(&mut self, player: PlayerId, delta: i64, reason: Reason) {
        let p = self.player(player);
        let from = match reason {
            Reason::TurnEnd => self.state.params.score_turn_end.from.to_string(),
            Reason::VotedAgainstAdopted => self.state.params.score_against_adopted.from.to_string(),
            _ => "script".to_string(),
        };
        let refusal = super::Refusal::new(
            super::RefusalCode::Overflow,
            format!(
                "{}'s score {} + {delta} overflows ({from}): the points are not added",
                p.name, p.score
            ),
        );
        self.reject(&refusal);
    }

    /// Declares the winners, if any: everyone who has reached the points
    /// (all who qualify at the same step win), or the last survivors (I 330).
    /// Inlined: it runs after every turn and most changes, and nearly always
    /// finds no winner.
    #[inline]
    pub(super) fn check_win(&mut self) {
        if self.state.over {
            return;
        }
        let params = &self.state.params;
        let players = &self.state.players;
        let no_points = params.bot_no_points.value;
        let by_points = params.win_points.value.is_some_and(|n| {
            players
                .iter()
                .any(|p| p.score >= i64::from(n) && !(p.bot && no_points))
        });
        let survivors = !by_points
            && params
                .win_survivors
                .value
                .is_some_and(|k| players.iter().filter(|p| p.active && !p.bot).count() as u32 == k);
        if by_points || survivors {
            self.declare_winners(by_points);
        }
    }

    /// The game is won: by everyone who has reached the points, else by the
    /// last survivors.
    #[cold]
    #[inline(never)]
    fn declare_winners(&mut self, by_points: bool) {
        let params = &self.state.params;
        let can_win = |p: &crate::engine::state::Player| !(p.bot && params.bot_no_points.value);
        let players: Vec<PlayerId> = (0..self.state.players.len() as PlayerId)
            .filter(|id| {
                let p = &self.state.players[usize::from(*id)];
                if by_points {
                    can_win(p) && p.score >= i64::from(params.win_points.value.unwrap_or(0))
                } else {
                    p.active && !p.bot
                }
            })
            .collect();
        self.emit(Event::GameWon { players });
    }
}
