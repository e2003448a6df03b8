//! One test pair per mechanic of ENGINE.md's parameter table: a script that
//! holds on the rules as written, and the same play on a ruleset whose
//! governing rule was amended, where the outcome changes.

mod play;
mod turns_votes;

use crate::engine::fixtures::ruleset;
use crate::sim::{run, script, RulesetSource};

/// Runs `script` on a bundled ruleset with rule texts replaced (or rules
/// removed, for `None`) and panics unless every expectation holds.
pub fn holds(file: &str, edits: &[(u32, Option<&str>)], script_text: &str) {
    let mut rules = ruleset(file);
    for (number, text) in edits {
        match text {
            Some(text) => {
                rules.rule_mut(*number).expect("edited rule exists").text = text.to_string()
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
    let report = run(&lines, &source, None).expect("script runs");
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
pub const FIVE: &str = "player alice\nplayer bob\nplayer carol\nplayer dan\nplayer eve\norder alice bob carol dan eve\n";
