//! Log line → engine event: names and numbers become ids again, against
//! the state just before the event (what replaying has folded so far).

use super::event::{BodyKind, LogEvent, RuleChange, ScoreChange, Status};
use super::Entry;
use crate::engine::event::{Event, PlayerId, ProposalBody, Tally};
use crate::engine::state::State;
use thiserror::Error;

/// A log line names a player or proposal the game does not have.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown {what} `{found}`")]
pub(crate) struct Unknown {
    /// What it should name (a player, a proposal...).
    pub what: &'static str,
    /// The value found.
    pub found: String,
}

/// A logged event read back against the state it applies to (the state
/// before it) and the game's start, in Unix seconds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reading<'a> {
    /// The log line.
    pub entry: &'a Entry,
    /// The state before the event.
    pub state: &'a State,
    /// When the game started.
    pub start: i64,
}

fn unknown(what: &'static str, found: impl Into<String>) -> Unknown {
    Unknown {
        what,
        found: found.into(),
    }
}

impl Reading<'_> {
    fn player(&self, name: &str) -> Result<PlayerId, Unknown> {
        self.state
            .player_id(name)
            .ok_or_else(|| unknown("player", name))
    }

    /// The proposal with a number (or, failing that, a label).
    fn proposal(&self, number: Option<u32>, label: Option<&str>) -> Result<usize, Unknown> {
        let proposals = &self.state.proposals;
        let by_number = number.and_then(|n| proposals.iter().position(|p| p.number == Some(n)));
        let by_label =
            || label.and_then(|l| proposals.iter().position(|p| p.label.as_deref() == Some(l)));
        by_number.or_else(by_label).ok_or_else(|| {
            let found = match (number, label) {
                (Some(n), _) => n.to_string(),
                (None, Some(l)) => l.to_string(),
                (None, None) => "null".to_string(),
            };
            unknown("proposal", found)
        })
    }

    fn labelled(&self, label: Option<&String>) -> Result<usize, Unknown> {
        self.proposal(None, label.map(String::as_str))
    }

    fn numbered(&self, number: Option<u32>) -> Result<usize, Unknown> {
        self.proposal(number, None)
    }
}

fn body(kind: BodyKind, rule: Option<u32>, text: Option<&String>) -> Result<ProposalBody, Unknown> {
    let rule = || rule.ok_or_else(|| unknown("rule", "null"));
    let text = || text.cloned().ok_or_else(|| unknown("text", "null"));
    Ok(match kind {
        BodyKind::Amend => ProposalBody::Amend {
            rule: rule()?,
            text: text()?,
        },
        BodyKind::Enact => ProposalBody::Enact { text: text()? },
        BodyKind::Repeal => ProposalBody::Repeal { rule: rule()? },
        BodyKind::Transmute => ProposalBody::Transmute { rule: rule()? },
        BodyKind::Opaque => ProposalBody::Opaque,
    })
}

impl TryFrom<Reading<'_>> for Event {
    type Error = Unknown;

    fn try_from(r: Reading<'_>) -> Result<Event, Unknown> {
        let time = |stamp: super::Stamp| stamp.0 - r.start;
        Ok(match &r.entry.event {
            LogEvent::TurnStarted { mover, ends } => Event::TurnStarted {
                turn: r.entry.turn,
                mover: mover.as_deref().map(|m| r.player(m)).transpose()?,
                end: time(*ends),
            },
            LogEvent::TurnSkipped { player } => Event::TurnSkipped {
                player: r.player(player)?,
            },
            LogEvent::ProposalSubmitted {
                number,
                label,
                proposer,
                kind,
                rule,
                text,
                effects,
                turn_ends,
            } => Event::ProposalSubmitted {
                id: r.state.proposals.len(),
                number: *number,
                label: label.clone(),
                proposer: r.player(proposer)?,
                body: body(*kind, *rule, text.as_ref())?,
                effects: effects.iter().map(|e| e.0.clone()).collect(),
                end: time(*turn_ends),
            },
            LogEvent::ProposalWithdrawn { label } => Event::ProposalWithdrawn {
                id: r.labelled(label.as_ref())?,
            },
            LogEvent::ProposalPutToVote { label, number } => Event::ProposalPutToVote {
                id: r.labelled(label.as_ref())?,
                number: *number,
            },
            LogEvent::ProposalResubmitted {
                number,
                resubmissions,
            } => Event::ProposalResubmitted {
                id: r.numbered(*number)?,
                resubmissions: *resubmissions,
            },
            LogEvent::ProposalVoided { number } => Event::ProposalVoided {
                id: r.numbered(*number)?,
            },
            LogEvent::ProposalTookEffect { number } => Event::ProposalTookEffect {
                id: r.numbered(*number)?,
            },
            LogEvent::Endorsed {
                label,
                player,
                endorse,
            } => Event::Endorsed {
                id: r.labelled(label.as_ref())?,
                player: r.player(player)?,
                endorse: *endorse,
            },
            LogEvent::VoteCast {
                player,
                vote,
                implicit,
            } => Event::VoteCast {
                player: r.player(player)?,
                ballot: *vote,
                implicit: *implicit,
            },
            LogEvent::VoteInvalid { player, text } => Event::VoteInvalid {
                player: r.player(player)?,
                text: text.clone(),
            },
            LogEvent::VoteWithdrawn { player } => Event::VoteWithdrawn {
                player: r.player(player)?,
            },
            LogEvent::Tiebreak { roll, vote } => Event::Tiebreak {
                roll: *roll,
                ballot: *vote,
            },
            LogEvent::VoteResolved {
                number,
                adopted,
                yes,
                no,
                abstain,
                eligible,
                total,
                base,
                tiebreak,
                unanimity,
                formula: _,
            } => Event::VoteResolved {
                id: r.numbered(*number)?,
                tally: Tally {
                    yes: *yes,
                    no: *no,
                    abstain: *abstain,
                    eligible: *eligible,
                    total: *total,
                    base: *base,
                    tiebreak: *tiebreak,
                    unanimity: *unanimity,
                    adopted: *adopted,
                },
            },
            LogEvent::RuleChanged(RuleChange::Amended {
                rule,
                new_number,
                revision,
                text,
                proposal,
            }) => Event::RuleAmended {
                number: *rule,
                new_number: *new_number,
                revision: *revision,
                text: text.clone(),
                proposal: *proposal,
            },
            LogEvent::RuleChanged(RuleChange::Transmuted {
                rule,
                new_number,
                immutable,
                proposal,
            }) => Event::RuleTransmuted {
                number: *rule,
                new_number: *new_number,
                immutable: *immutable,
                proposal: *proposal,
            },
            LogEvent::RuleEnacted {
                rule,
                text,
                proposal,
            } => Event::RuleEnacted {
                number: *rule,
                text: text.clone(),
                proposal: *proposal,
            },
            LogEvent::RuleRepealed { rule, proposal } => Event::RuleRepealed {
                number: *rule,
                proposal: *proposal,
            },
            LogEvent::ParamChanged { setting, from } => Event::ParamChanged {
                setting: setting.0.clone(),
                from: from.0.clone(),
            },
            LogEvent::StatusChanged {
                player,
                status,
                reason,
            } => Event::StatusChanged {
                player: r.player(player)?,
                active: *status == Status::Active,
                reason: *reason,
            },
            LogEvent::JudgmentInvoked {
                by,
                judge,
                question,
                turn_ends,
            } => Event::JudgmentInvoked {
                by: r.player(by)?,
                judge: r.player(judge)?,
                question: question.clone(),
                end: time(*turn_ends),
            },
            LogEvent::JudgmentGiven { judge, ruling } => Event::JudgmentGiven {
                judge: r.player(judge)?,
                ruling: ruling.clone(),
            },
            LogEvent::DiceRolled {
                dice,
                result,
                forced,
                purpose,
            } => Event::DiceRolled {
                n: dice.n,
                sides: dice.sides,
                total: *result,
                forced: *forced,
                purpose: *purpose,
            },
            LogEvent::ScoreChanged(ScoreChange::Reset { .. }) => Event::ScoresReset,
            LogEvent::ScoreChanged(ScoreChange::Player {
                player,
                delta,
                score,
                reason,
            }) => Event::ScoreChanged {
                player: r.player(player)?,
                delta: *delta,
                score: *score,
                reason: *reason,
            },
            LogEvent::ActionRejected { reason } => Event::ActionRejected {
                reason: reason.clone(),
            },
            LogEvent::GameWon { winners } => Event::GameWon {
                players: winners
                    .iter()
                    .map(|w| r.player(w))
                    .collect::<Result<_, _>>()?,
            },
            LogEvent::TurnEnded => Event::TurnEnded { turn: r.entry.turn },
            LogEvent::PlayerJoined { player, place } => Event::PlayerJoined {
                player: PlayerId::try_from(r.state.players.len())
                    .map_err(|_| unknown("player", "past the most players a game has"))?,
                name: player.clone(),
                place: *place,
            },
        })
    }
}
