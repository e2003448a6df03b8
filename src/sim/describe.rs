//! What each event says in the log: its fields, and the parameters its
//! decision rests on (their rules become the event's `basis`).

use crate::engine::catalogue::ParamKey;
use crate::engine::event::{Ballot, DicePurpose, Event, PlayerId};
use crate::engine::state::State;
use crate::engine::tally;
use serde_json::{json, Value};

fn who(state: &State, id: PlayerId) -> Value {
    json!(state.name(id))
}

fn proposal_number(state: &State, id: usize) -> Value {
    json!(state.proposals[id].number)
}

/// An event's fields, and the parameters its decision rests on.
pub(super) fn describe(
    event: &Event,
    state: &State,
    start: i64,
) -> (Vec<(&'static str, Value)>, &'static [ParamKey]) {
    let time = |t: i64| json!(crate::sim::time::format_utc(start + t));
    use crate::engine::event::ProposalBody as B;
    use ParamKey as K;
    match event {
        Event::TurnStarted { mover, end, .. } => (
            vec![
                ("mover", mover.map_or(Value::Null, |m| who(state, m))),
                ("ends", time(*end)),
            ],
            &[
                K::TurnKind,
                K::TurnOrder,
                K::TurnLengthH,
                K::InactiveSkipTurn,
                K::BotNoTurns,
                K::EffectTiming,
            ],
        ),
        Event::TurnSkipped { player } => (
            vec![("player", who(state, *player))],
            &[K::InactiveSkipTurn],
        ),
        Event::ProposalSubmitted {
            id,
            label,
            proposer,
            body,
            effects,
            ..
        } => {
            let (kind, rule, text) = match body {
                B::Amend { rule, text } => ("amend", Some(*rule), Some(text.as_str())),
                B::Enact { text } => ("enact", None, Some(text.as_str())),
                B::Repeal { rule } => ("repeal", Some(*rule), None),
                B::Transmute { rule } => ("transmute", Some(*rule), None),
                B::Opaque => ("opaque", None, None),
            };
            let effects: Vec<Value> = effects
                .iter()
                .map(|s| json!({"param": s.key().name(), "value": s.value_text()}))
                .collect();
            (
                vec![
                    ("number", proposal_number(state, *id)),
                    ("label", json!(label)),
                    ("proposer", who(state, *proposer)),
                    ("kind", json!(kind)),
                    ("rule", json!(rule)),
                    ("text", json!(text)),
                    ("effects", json!(effects)),
                    ("turn_ends", time(state.turn_end)),
                ],
                &[
                    K::TurnKind,
                    K::NumberingStart,
                    K::NumberedWhenPutToVote,
                    K::ExtendOnProposalH,
                    K::QueueOnePerPlayer,
                ],
            )
        }
        Event::ProposalWithdrawn { id } => (
            vec![("label", json!(state.proposals[*id].label))],
            &[K::QueueOnePerPlayer],
        ),
        Event::ProposalPutToVote { id, number } => (
            vec![
                ("label", json!(state.proposals[*id].label)),
                ("number", json!(number)),
            ],
            &[
                K::TurnKind,
                K::QueueSortEndorsements,
                K::NumberedWhenPutToVote,
            ],
        ),
        Event::ProposalResubmitted { id, resubmissions } => (
            vec![
                ("number", proposal_number(state, *id)),
                ("resubmissions", json!(resubmissions)),
            ],
            &[K::ResubmitLimit, K::ResubmitWindowH],
        ),
        Event::ProposalVoided { id } => (
            vec![("number", proposal_number(state, *id))],
            &[K::InactiveDeclare],
        ),
        Event::ProposalTookEffect { id } => (
            vec![("number", proposal_number(state, *id))],
            &[K::EffectTiming],
        ),
        Event::Endorsed {
            id,
            player,
            endorse,
        } => (
            vec![
                ("label", json!(state.proposals[*id].label)),
                ("player", who(state, *player)),
                ("endorse", json!(endorse)),
            ],
            &[K::QueueSortEndorsements],
        ),
        Event::VoteCast {
            player,
            ballot,
            implicit,
        } => (
            vec![
                ("player", who(state, *player)),
                ("vote", json!(ballot.as_str())),
                ("implicit", json!(implicit)),
            ],
            if *implicit {
                &[K::ProposerImplicitYes]
            } else {
                &[K::VoteSyntax, K::Eligible, K::Abstain]
            },
        ),
        Event::VoteInvalid { player, text } => (
            vec![("player", who(state, *player)), ("text", json!(text))],
            &[K::VoteSyntax],
        ),
        Event::VoteWithdrawn { player } => (vec![("player", who(state, *player))], &[K::Withdraw]),
        Event::Tiebreak { roll, ballot } => (
            vec![
                ("roll", json!(roll)),
                ("vote", json!(ballot.map(Ballot::as_str))),
            ],
            &[K::Tiebreak],
        ),
        Event::VoteResolved { id, tally: t } => {
            const SHARE: &[K] = &[
                K::Threshold,
                K::VoteBase,
                K::QuorumTotalPct,
                K::Eligible,
                K::Abstain,
                K::ProposerImplicitYes,
            ];
            const SHARE_TIEBREAK: &[K] = &[
                K::Threshold,
                K::VoteBase,
                K::QuorumTotalPct,
                K::Eligible,
                K::Abstain,
                K::ProposerImplicitYes,
                K::Tiebreak,
            ];
            const UNANIMITY: &[K] = &[K::TransmuteUnanimous, K::Eligible];
            const UNANIMITY_TIEBREAK: &[K] = &[K::TransmuteUnanimous, K::Eligible, K::Tiebreak];
            let names = match (t.unanimity, t.tiebreak.is_some()) {
                (false, false) => SHARE,
                (false, true) => SHARE_TIEBREAK,
                (true, false) => UNANIMITY,
                (true, true) => UNANIMITY_TIEBREAK,
            };
            (
                vec![
                    ("number", proposal_number(state, *id)),
                    ("adopted", json!(t.adopted)),
                    ("yes", json!(t.yes)),
                    ("no", json!(t.no)),
                    ("abstain", json!(t.abstain)),
                    ("eligible", json!(t.eligible)),
                    ("total", json!(t.total)),
                    ("base", json!(t.base)),
                    ("tiebreak", json!(t.tiebreak.map(Ballot::as_str))),
                    ("unanimity", json!(t.unanimity)),
                    ("formula", json!(tally::formula(&state.params, t))),
                ],
                names,
            )
        }
        Event::RuleAmended {
            number,
            new_number,
            revision,
            text,
            proposal,
        } => (
            vec![
                ("rule", json!(number)),
                ("new_number", json!(new_number)),
                ("revision", json!(revision)),
                ("text", json!(text)),
                ("proposal", json!(proposal)),
            ],
            &[K::EffectTiming, K::RenumberOnAmend],
        ),
        Event::RuleEnacted {
            number,
            text,
            proposal,
        } => (
            vec![
                ("rule", json!(number)),
                ("text", json!(text)),
                ("proposal", json!(proposal)),
            ],
            &[K::EffectTiming, K::NumberingStart],
        ),
        Event::RuleRepealed { number, proposal } => (
            vec![("rule", json!(number)), ("proposal", json!(proposal))],
            &[K::EffectTiming],
        ),
        Event::RuleTransmuted {
            number,
            new_number,
            immutable,
            proposal,
        } => (
            vec![
                ("rule", json!(number)),
                ("new_number", json!(new_number)),
                ("immutable", json!(immutable)),
                ("proposal", json!(proposal)),
            ],
            &[K::EffectTiming, K::TransmuteUnanimous],
        ),
        Event::ParamChanged { setting, from } => (
            vec![
                ("name", json!(setting.key().name())),
                ("value", json!(setting.value_text())),
                ("from", json!(from.to_string())),
            ],
            &[],
        ),
        Event::StatusChanged {
            player,
            active,
            reason,
        } => (
            vec![
                ("player", who(state, *player)),
                ("status", json!(if *active { "active" } else { "inactive" })),
                ("reason", json!(reason.as_str())),
            ],
            &[
                K::InactiveNoProposal,
                K::InactiveNoVote,
                K::InactiveDeclare,
                K::ReactivateByVote,
            ],
        ),
        Event::JudgmentInvoked {
            by,
            judge,
            question,
            end,
        } => (
            vec![
                ("by", who(state, *by)),
                ("judge", who(state, *judge)),
                ("question", json!(question)),
                ("turn_ends", time(*end)),
            ],
            &[K::JudgeSelection, K::JudgeExtensionH, K::BotNoJudge],
        ),
        Event::JudgmentGiven { judge, ruling } => (
            vec![("judge", who(state, *judge)), ("ruling", json!(ruling))],
            &[K::JudgeSelection],
        ),
        Event::DiceRolled {
            n,
            sides,
            total,
            forced,
            purpose,
        } => (
            vec![
                ("dice", json!(format!("{n}d{sides}"))),
                ("result", json!(total)),
                ("forced", json!(forced)),
                ("for", json!(purpose.as_str())),
            ],
            match purpose {
                DicePurpose::TurnEnd => &[K::ScoreTurnEnd],
                DicePurpose::Tiebreak => &[K::Tiebreak],
                DicePurpose::Judge => &[K::JudgeSelection],
            },
        ),
        Event::ScoreChanged {
            player,
            delta,
            score,
            reason,
        } => (
            vec![
                ("player", who(state, *player)),
                ("delta", json!(delta)),
                ("score", json!(score)),
                ("reason", json!(reason.as_str())),
            ],
            match reason {
                crate::engine::event::Reason::VotedAgainstAdopted => &[K::ScoreAgainstAdopted],
                _ => &[K::ScoreTurnEnd, K::BotNoPoints],
            },
        ),
        Event::ScoresReset => (vec![("reset", json!(true))], &[K::ScoreTurnEnd]),
        Event::ActionRejected { reason } => (vec![("reason", json!(reason))], &[]),
        Event::GameWon { players } => (
            vec![(
                "winners",
                json!(players.iter().map(|p| state.name(*p)).collect::<Vec<_>>()),
            )],
            &[K::WinPoints, K::WinSurvivors, K::BotNoPoints],
        ),
        Event::TurnEnded { .. } => (
            vec![],
            &[K::TurnLengthH, K::EarlyEndAllVoted, K::JudgeExtensionH],
        ),
        // The new player's name is in the event: the state may not have
        // them yet. `place` counts turn-order places from 0.
        Event::PlayerJoined { name, place, .. } => (
            vec![("player", json!(name)), ("place", json!(place))],
            &[K::JoinAllowed, K::JoinBeforeMover],
        ),
    }
}
