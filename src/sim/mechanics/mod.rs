//! One test pair per mechanic of docs/engine-design.md's parameter table: a script that
//! holds on the rules as written, and the same play on a ruleset whose
//! governing rule was amended, where the outcome changes.

mod play;
mod random_play;
mod turns_votes;

use crate::engine::fixtures::ruleset;
use crate::sim::{script, RulesetSource};

/// Runs `script` on a bundled ruleset with rule texts replaced (or rules
/// removed, for `None`) and panics unless every expectation holds.
pub(super) fn holds(file: &str, edits: &[(u32, Option<&str>)], script_text: &str) {
    let mut rules = ruleset(file);
    for (number, text) in edits {
        match text {
            Some(text) => {
                rules.rule_mut(*number).expect("edited rule exists").text = text.to_string();
            }
            None => rules.rules.retain(|r| r.number != *number),
        }
    }
    let source = RulesetSource {
        path: file.into(),
        ruleset: rules,
        sha256: String::new(),
    };
    let lines = script::parse(script_text).expect("script parses");
    let report = crate::sim::runner::run(&lines, &source, None).expect("script runs");
    let failures: Vec<String> = report
        .outcomes
        .iter()
        .filter(|o| !o.passed)
        .map(|o| {
            format!(
                "line {}: {} ({})",
                o.line,
                o.statement,
                o.detail.clone().unwrap_or_default()
            )
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{file} with {edits:?}:\n{}\n{}",
        failures.join("\n"),
        super::render::pretty(&report)
    );
}

/// Five players in turn order, for Nomic IV scripts.
pub(super) const FIVE: &str = "player alice\nplayer bob\nplayer carol\nplayer dan\nplayer eve\norder alice bob carol dan eve\n";

/// Runs every bundled scenario against its ruleset: (name, report).
fn bundled_scenario_runs() -> Vec<(&'static str, crate::sim::runner::Report)> {
    [
        ("nomic-1-final", "nomic-1-final.txt"),
        ("nomic-4-long-early", "nomic-4-long-early.txt"),
        ("nomic-4-long", "nomic-4-long.md"),
        ("nomic-5-initial", "nomic-5-initial.txt"),
    ]
    .into_iter()
    .map(|(name, file)| {
        let path = format!(
            "{}/rulesets/scenarios/{name}.sim",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).expect("bundled scenario");
        let lines = script::parse(&text).expect("scenario parses");
        let source = RulesetSource {
            path: file.into(),
            ruleset: ruleset(file),
            sha256: String::new(),
        };
        let report = crate::sim::runner::run(&lines, &source, None).expect("scenario runs");
        (name, report)
    })
    .collect()
}

#[test]
fn every_scenario_holds() {
    for (name, report) in bundled_scenario_runs() {
        assert!(
            report.passed(),
            "{name}:\n{}",
            super::render::summary(&report)
        );
    }
}

#[test]
fn offsets_beyond_a_year_are_script_errors() {
    let lines = script::parse("player alice\nat +400d alice resubmits\n").unwrap();
    let source = RulesetSource {
        path: "iv".into(),
        ruleset: ruleset("nomic-4-long.md"),
        sha256: String::new(),
    };
    let err = crate::sim::runner::run(&lines, &source, None)
        .err()
        .expect("refused");
    assert!(err.message.contains("366 days"), "{}", err.message);
}

#[test]
fn a_zero_hour_turn_still_lets_the_clock_move() {
    holds(
        "nomic-4-long.md",
        &[(206, Some("The length of a turn defaults to 0 hours."))],
        "player alice\nplayer bob\nat +90m bob votes yes\nexpect error \"no proposal\"\nexpect turn 2\n",
    );
}
