//! Engine event → log event: ids become names and numbers, game times
//! become absolute times, with the state just after the event.

use super::event::{BodyKind, LogEvent, RuleChange, ScoreChange, Status};
use super::values::{Dice, Effect, Named, Source, Stamp};
use crate::engine::event::{Event, PlayerId, ProposalBody};
use crate::engine::state::State;
use crate::engine::tally;

/// An engine event as it happened: the state just after it (the log's
/// sink sees events after they are applied) and the game's start, in Unix
/// seconds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Happened<'a> {
    /// The event.
    pub event: &'a Event,
    /// The state it left.
    pub state: &'a State,
    /// When the game started.
    pub start: i64,
}

impl Happened<'_> {
    fn who(&self, id: PlayerId) -> String {
        self.state.name(id).to_string()
    }

    fn number(&self, id: usize) -> Option<u32> {
        self.state.proposals[id].number
    }

    fn label(&self, id: usize) -> Option<String> {
        self.state.proposals[id].label.clone()
    }

    fn time(&self, t: i64) -> Stamp {
        Stamp(self.start + t)
    }
}

fn body(body: &ProposalBody) -> (BodyKind, Option<u32>, Option<String>) {
    match body {
        ProposalBody::Amend { rule, text } => (BodyKind::Amend, Some(*rule), Some(text.clone())),
        ProposalBody::Enact { text } => (BodyKind::Enact, None, Some(text.clone())),
        ProposalBody::Repeal { rule } => (BodyKind::Repeal, Some(*rule), None),
        ProposalBody::Transmute { rule } => (BodyKind::Transmute, Some(*rule), None),
        ProposalBody::Opaque => (BodyKind::Opaque, None, None),
    }
}

impl From<Happened<'_>> for LogEvent {
    fn from(h: Happened<'_>) -> LogEvent {
        match h.event {
            Event::TurnStarted { mover, end, .. } => LogEvent::TurnStarted {
                mover: mover.map(|m| h.who(m)),
                ends: h.time(*end),
            },
            Event::TurnSkipped { player } => LogEvent::TurnSkipped {
                player: h.who(*player),
            },
            Event::ProposalSubmitted {
                id,
                label,
                proposer,
                body: b,
                effects,
                ..
            } => {
                let (kind, rule, text) = body(b);
                LogEvent::ProposalSubmitted {
                    number: h.number(*id),
                    label: label.clone(),
                    proposer: h.who(*proposer),
                    kind,
                    rule,
                    text,
                    effects: effects.iter().cloned().map(Effect).collect(),
                    turn_ends: h.time(h.state.turn_end),
                }
            }
            Event::ProposalWithdrawn { id } => LogEvent::ProposalWithdrawn {
                label: h.label(*id),
            },
            Event::ProposalPutToVote { id, number } => LogEvent::ProposalPutToVote {
                label: h.label(*id),
                number: *number,
            },
            Event::ProposalResubmitted { id, resubmissions } => LogEvent::ProposalResubmitted {
                number: h.number(*id),
                resubmissions: *resubmissions,
            },
            Event::ProposalVoided { id } => LogEvent::ProposalVoided {
                number: h.number(*id),
            },
            Event::ProposalTookEffect { id } => LogEvent::ProposalTookEffect {
                number: h.number(*id),
            },
            Event::Endorsed {
                id,
                player,
                endorse,
            } => LogEvent::Endorsed {
                label: h.label(*id),
                player: h.who(*player),
                endorse: *endorse,
            },
            Event::VoteCast {
                player,
                ballot,
                implicit,
            } => LogEvent::VoteCast {
                player: h.who(*player),
                vote: *ballot,
                implicit: *implicit,
            },
            Event::VoteInvalid { player, text } => LogEvent::VoteInvalid {
                player: h.who(*player),
                text: text.clone(),
            },
            Event::VoteWithdrawn { player } => LogEvent::VoteWithdrawn {
                player: h.who(*player),
            },
            Event::Tiebreak { roll, ballot } => LogEvent::Tiebreak {
                roll: *roll,
                vote: *ballot,
            },
            Event::VoteResolved { id, tally: t } => LogEvent::VoteResolved {
                number: h.number(*id),
                adopted: t.adopted,
                yes: t.yes,
                no: t.no,
                abstain: t.abstain,
                eligible: t.eligible,
                total: t.total,
                base: t.base,
                tiebreak: t.tiebreak,
                unanimity: t.unanimity,
                formula: tally::formula(&h.state.params, t),
            },
            Event::RuleAmended {
                number,
                new_number,
                revision,
                text,
                proposal,
            } => LogEvent::RuleChanged(RuleChange::Amended {
                rule: *number,
                new_number: *new_number,
                revision: *revision,
                text: text.clone(),
                proposal: *proposal,
            }),
            Event::RuleTransmuted {
                number,
                new_number,
                immutable,
                proposal,
            } => LogEvent::RuleChanged(RuleChange::Transmuted {
                rule: *number,
                new_number: *new_number,
                immutable: *immutable,
                proposal: *proposal,
            }),
            Event::RuleEnacted {
                number,
                text,
                proposal,
            } => LogEvent::RuleEnacted {
                rule: *number,
                text: text.clone(),
                proposal: *proposal,
            },
            Event::RuleRepealed { number, proposal } => LogEvent::RuleRepealed {
                rule: *number,
                proposal: *proposal,
            },
            Event::ParamChanged { setting, from } => LogEvent::ParamChanged {
                setting: Named(setting.clone()),
                from: Source(from.clone()),
            },
            Event::StatusChanged {
                player,
                active,
                reason,
            } => LogEvent::StatusChanged {
                player: h.who(*player),
                status: if *active {
                    Status::Active
                } else {
                    Status::Inactive
                },
                reason: *reason,
            },
            Event::JudgmentInvoked {
                by,
                judge,
                question,
                end,
            } => LogEvent::JudgmentInvoked {
                by: h.who(*by),
                judge: h.who(*judge),
                question: question.clone(),
                turn_ends: h.time(*end),
            },
            Event::JudgmentGiven { judge, ruling } => LogEvent::JudgmentGiven {
                judge: h.who(*judge),
                ruling: ruling.clone(),
            },
            Event::DiceRolled {
                n,
                sides,
                total,
                forced,
                purpose,
            } => LogEvent::DiceRolled {
                dice: Dice {
                    n: *n,
                    sides: *sides,
                },
                result: *total,
                forced: *forced,
                purpose: *purpose,
            },
            Event::ScoreChanged {
                player,
                delta,
                score,
                reason,
            } => LogEvent::ScoreChanged(ScoreChange::Player {
                player: h.who(*player),
                delta: *delta,
                score: *score,
                reason: *reason,
            }),
            Event::ScoresReset => LogEvent::ScoreChanged(ScoreChange::Reset { reset: true }),
            Event::ActionRejected { reason } => LogEvent::ActionRejected {
                reason: reason.clone(),
            },
            Event::GameWon { players } => LogEvent::GameWon {
                winners: players.iter().map(|p| h.who(*p)).collect(),
            },
            Event::TurnEnded { .. } => LogEvent::TurnEnded,
            // The new player's name is in the event: the state may not have
            // them yet. `place` counts turn-order places from 0.
            Event::PlayerJoined { name, place, .. } => LogEvent::PlayerJoined {
                player: name.clone(),
                place: *place,
            },
        }
    }
}
