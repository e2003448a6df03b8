//! The header and summary of a run's log, and expectations in words.

use super::log::{
    Header, HeaderParam, HeaderPlayer, LogSink, Named, Source, Stamp, Summary, SummaryExpectation,
    SummaryScore,
};
use super::runner::{Outcome, RulesetSource};
use super::script::Expect;
use crate::engine::state::ProposalStatus;
use crate::engine::{Engine, ParamKey};

/// The log's first line: the game as it starts.
pub(super) fn header(
    engine: &Engine<LogSink>,
    source: &RulesetSource,
    seed: u64,
    start: i64,
) -> Header {
    let state = &engine.state;
    let params = ParamKey::ALL
        .iter()
        .map(|&key| HeaderParam {
            from: Source(state.params.provenance(key).clone()),
            setting: Named(state.params.setting(key)),
        })
        .collect();
    // Players in declaration order (their ids), then the turn order.
    let players = state
        .players
        .iter()
        .map(|p| HeaderPlayer {
            active: p.active,
            bot: p.bot,
            name: p.name.to_string(),
            score: p.score,
        })
        .collect();
    Header {
        ruleset: source.path.clone(),
        ruleset_sha256: source.sha256.clone(),
        seed,
        start: Stamp(start),
        players,
        order: state
            .order
            .iter()
            .map(|id| state.name(*id).to_string())
            .collect(),
        next_number: state.next_number,
        params,
        unmodelled: state.unmodelled.clone(),
    }
}

/// The log's last line: how the game ended and what was checked.
pub(super) fn summary(engine: &Engine<LogSink>, outcomes: &[Outcome]) -> Summary {
    let state = &engine.state;
    let scores = state
        .order
        .iter()
        .map(|id| {
            let p = &state.players[usize::from(*id)];
            SummaryScore {
                active: p.active,
                name: p.name.to_string(),
                score: p.score,
            }
        })
        .collect();
    let passed = outcomes.iter().filter(|o| o.passed).count();
    Summary {
        turns: state.turn,
        over: state.over,
        winners: state
            .winners
            .iter()
            .map(|w| state.name(*w).to_string())
            .collect(),
        scores,
        proposals: state.proposals.len(),
        adopted: state
            .proposals
            .iter()
            .filter(|p| p.status == ProposalStatus::Adopted)
            .count(),
        passed,
        failed: outcomes.len() - passed,
        expectations: outcomes
            .iter()
            .map(|o| SummaryExpectation {
                detail: o.detail.clone(),
                line: o.line,
                passed: o.passed,
                statement: o.statement.clone(),
            })
            .collect(),
    }
}

/// An expectation in the script's words.
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
