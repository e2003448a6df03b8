//! The header and summary of a run's log, and expectations in words.

use super::log::LogSink;
use super::runner::{Outcome, RulesetSource};
use super::script::Expect;
use crate::engine::Engine;
use serde_json::{json, Value};

pub(super) fn header(
    engine: &Engine<LogSink>,
    source: &RulesetSource,
    seed: u64,
    start: i64,
) -> Vec<(&'static str, Value)> {
    let params: Vec<Value> = engine
        .state
        .params
        .entries()
        .into_iter()
        .map(|(name, value, from)| json!({"name": name, "value": value, "from": from.to_string()}))
        .collect();
    // Players in declaration order (their ids), then the turn order.
    let players: Vec<Value> = engine
        .state
        .players
        .iter()
        .map(|p| json!({"name": &*p.name, "bot": p.bot, "score": p.score, "active": p.active}))
        .collect();
    let order: Vec<&str> = engine
        .state
        .order
        .iter()
        .map(|id| engine.state.name(*id))
        .collect();
    vec![
        ("type", json!("header")),
        ("ruleset", json!(source.path)),
        ("ruleset_sha256", json!(source.sha256)),
        ("seed", json!(seed)),
        ("start", json!(super::time::format_utc(start))),
        ("players", json!(players)),
        ("order", json!(order)),
        ("next_number", json!(engine.state.next_number)),
        ("params", json!(params)),
        ("unmodelled", json!(engine.state.unmodelled)),
    ]
}

pub(super) fn summary(
    engine: &Engine<LogSink>,
    outcomes: &[Outcome],
) -> Vec<(&'static str, Value)> {
    let state = &engine.state;
    let scores: Vec<Value> = state
        .order
        .iter()
        .map(|id| {
            let p = &state.players[usize::from(*id)];
            json!({"name": &*p.name, "score": p.score, "active": p.active})
        })
        .collect();
    let winners: Vec<&str> = state.winners.iter().map(|w| state.name(*w)).collect();
    let expectations: Vec<Value> = outcomes
        .iter()
        .map(|o| json!({"line": o.line, "statement": o.statement, "passed": o.passed, "detail": o.detail}))
        .collect();
    vec![
        ("type", json!("summary")),
        ("turns", json!(state.turn)),
        ("over", json!(state.over)),
        ("winners", json!(winners)),
        ("scores", json!(scores)),
        ("proposals", json!(state.proposals.len())),
        (
            "adopted",
            json!(state
                .proposals
                .iter()
                .filter(|p| p.status == crate::engine::state::ProposalStatus::Adopted)
                .count()),
        ),
        (
            "passed",
            json!(outcomes.iter().filter(|o| o.passed).count()),
        ),
        (
            "failed",
            json!(outcomes.iter().filter(|o| !o.passed).count()),
        ),
        ("expectations", json!(expectations)),
    ]
}

pub(super) fn describe(expect: &Expect) -> String {
    match expect {
        Expect::Adopted(n) => format!("expect adopted {n}"),
        Expect::Rejected(n) => format!("expect rejected {n}"),
        Expect::Score(p, s) => format!("expect score {p} = {s}"),
        Expect::Status(p, a) => format!(
            "expect status {p} {}",
            if *a { "active" } else { "inactive" }
        ),
        Expect::Mover(p) => format!("expect mover {p}"),
        Expect::Judge(p) => format!("expect judge {p}"),
        Expect::Param(n, v) => format!("expect param {n} = {v}"),
        Expect::RuleRevision(r, v) => format!("expect rule {r} revision {v}"),
        Expect::RulePresent(r, p) => {
            format!("expect rule {r} {}", if *p { "present" } else { "absent" })
        }
        Expect::Queue(labels) => format!("expect queue {}", labels.join(" ")),
        Expect::Winner(names) => format!("expect winner {}", names.join(" ")),
        Expect::NoWinner => "expect no-winner".into(),
        Expect::Turn(n) => format!("expect turn {n}"),
        Expect::Error(e) => format!("expect error {e:?}"),
    }
}
