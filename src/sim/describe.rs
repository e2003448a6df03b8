//! What each event says in the log: its fields, and the parameters its
//! decision rests on (their rules become the event's `basis`).

use crate::engine::event::{DicePurpose, Event, PlayerId};
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
pub fn describe(
    event: &Event,
    state: &State,
    start: i64,
) -> (Vec<(&'static str, Value)>, Vec<&'static str>) {
    let time = |t: i64| json!(crate::sim::time::format_utc(start + t));
    use crate::engine::event::ProposalBody as B;
    match event {
        Event::TurnStarted { mover, end, .. } => (
            vec![
                ("mover", mover.map_or(Value::Null, |m| who(state, m))),
                ("ends", time(*end)),
            ],
            vec![
                "turn.kind",
                "turn.order",
                "turn.length_h",
                "inactivity.skip_turn",
                "bot.no_turns",
                "effect.timing",
            ],
        ),
        Event::TurnSkipped { player } => (
            vec![("player", who(state, *player))],
            vec!["inactivity.skip_turn"],
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
                .map(|(n, v)| json!({"param": n, "value": v}))
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
                vec![
                    "turn.kind",
                    "proposal.numbering",
                    "proposal.numbered_when_put_to_vote",
                    "turn.extend_on_proposal_h",
                    "queue.one_per_player",
                ],
            )
        }
        Event::ProposalWithdrawn { id } => (
            vec![("label", json!(state.proposals[*id].label))],
            vec!["queue.one_per_player"],
        ),
        Event::ProposalPutToVote { id, number } => (
            vec![
                ("label", json!(state.proposals[*id].label)),
                ("number", json!(number)),
            ],
            vec![
                "turn.kind",
                "queue.sort_endorsements",
                "proposal.numbered_when_put_to_vote",
            ],
        ),
        Event::ProposalResubmitted { id, resubmissions } => (
            vec![
                ("number", proposal_number(state, *id)),
                ("resubmissions", json!(resubmissions)),
            ],
            vec!["proposal.resubmit_limit", "proposal.resubmit_window_h"],
        ),
        Event::ProposalVoided { id } => (
            vec![("number", proposal_number(state, *id))],
            vec!["inactivity.declare"],
        ),
        Event::ProposalTookEffect { id } => (
            vec![("number", proposal_number(state, *id))],
            vec!["effect.timing"],
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
            vec!["queue.sort_endorsements"],
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
                vec!["vote.proposer_implicit_yes"]
            } else {
                vec!["vote.syntax", "vote.eligible", "vote.abstain"]
            },
        ),
        Event::VoteInvalid { player, text } => (
            vec![("player", who(state, *player)), ("text", json!(text))],
            vec!["vote.syntax"],
        ),
        Event::VoteWithdrawn { player } => {
            (vec![("player", who(state, *player))], vec!["vote.withdraw"])
        }
        Event::Tiebreak { roll, ballot } => (
            vec![
                ("roll", json!(roll)),
                ("vote", json!(ballot.map(|b| b.as_str()))),
            ],
            vec!["tiebreak"],
        ),
        Event::VoteResolved { id, tally: t } => {
            let mut names = vec![
                "vote.threshold",
                "vote.base",
                "vote.quorum_total_pct",
                "vote.eligible",
                "vote.abstain",
                "vote.proposer_implicit_yes",
            ];
            if t.unanimity {
                names = vec!["threshold.transmute", "vote.eligible"];
            }
            if t.tiebreak.is_some() {
                names.push("tiebreak");
            }
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
                    ("tiebreak", json!(t.tiebreak.map(|b| b.as_str()))),
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
            vec!["effect.timing", "proposal.renumber_on_amend"],
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
            vec!["effect.timing", "proposal.numbering"],
        ),
        Event::RuleRepealed { number, proposal } => (
            vec![("rule", json!(number)), ("proposal", json!(proposal))],
            vec!["effect.timing"],
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
            vec!["effect.timing", "threshold.transmute"],
        ),
        Event::ParamChanged { name, value, from } => (
            vec![
                ("name", json!(name)),
                ("value", json!(value)),
                ("from", json!(from.to_string())),
            ],
            vec![],
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
            vec![
                "inactivity.no_proposal",
                "inactivity.no_vote",
                "inactivity.declare",
                "inactivity.reactivate_by_vote",
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
            vec!["judge.selection", "judge.extension_h", "bot.no_judge"],
        ),
        Event::JudgmentGiven { judge, ruling } => (
            vec![("judge", who(state, *judge)), ("ruling", json!(ruling))],
            vec!["judge.selection"],
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
                DicePurpose::TurnEnd => vec!["score.turn_end"],
                DicePurpose::Tiebreak => vec!["tiebreak"],
                DicePurpose::Judge => vec!["judge.selection"],
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
                crate::engine::event::Reason::VotedAgainstAdopted => vec!["score.against_adopted"],
                _ => vec!["score.turn_end", "bot.no_points"],
            },
        ),
        Event::ScoresReset => (vec![("reset", json!(true))], vec!["score.turn_end"]),
        Event::ActionRejected { reason } => (vec![("reason", json!(reason))], vec![]),
        Event::GameWon { players } => (
            vec![(
                "winners",
                json!(players.iter().map(|p| state.name(*p)).collect::<Vec<_>>()),
            )],
            vec!["win.points", "win.survivors", "bot.no_points"],
        ),
        Event::TurnEnded { .. } => (
            vec![],
            vec![
                "turn.length_h",
                "turn.early_end_all_voted",
                "judge.extension_h",
            ],
        ),
    }
}
