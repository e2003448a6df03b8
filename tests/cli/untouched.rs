//! Untouched rules keep every byte in `apply` and `renumber`,
//! whatever layout quirks they and their neighbours carry.

use crate::Test;
use nomic::model::Ruleset;
use nomic::parse::parse_str;
use std::path::Path;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/amend/quirks")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// Each rule's source, without the line breaks that separate it from the
/// next rule (those follow the neighbour, not the rule).
fn sources(text: &str) -> Vec<(u32, String)> {
    let ruleset: Ruleset = parse_str(text, None).unwrap();
    ruleset
        .rules
        .iter()
        .map(|rule| {
            let source = &rule.layout.as_ref().unwrap().source;
            (rule.number, source.trim_end_matches('\n').to_string())
        })
        .collect()
}

fn assert_untouched(before: &str, after: &str, touched: &[u32], renamed: &[(u32, u32)]) {
    let after_sources = sources(after);
    for (number, source) in sources(before) {
        if touched.contains(&number) {
            continue;
        }
        let (new_number, expected) = renamed
            .iter()
            .find(|(old, _)| *old == number)
            .map_or((number, source.clone()), |(old, new)| {
                (*new, source.replacen(&old.to_string(), &new.to_string(), 1))
            });
        let found = after_sources
            .iter()
            .find(|(n, _)| *n == new_number)
            .unwrap_or_else(|| panic!("rule {new_number} is written"));
        assert_eq!(found.1, expected, "rule {number} kept byte for byte");
    }
}

const AMEND_203: &str = "Proposal 329 (Alekosen), Jul 27, 2020\nAmend Rule 203 to read:\n> A rule-change is adopted if a simple majority votes for it.\n";
const ENACT: &str =
    "Proposal 330 (Alekosen), Jul 28, 2020\nEnact a new rule:\n> Every player may pass.\n";
const REPEAL_201: &str = "Proposal 331 (Alekosen), Jul 29, 2020\nRepeal Rule 201.\n";

#[test]
fn apply_keeps_every_untouched_rule_of_a_quirky_file() {
    for name in ["rules-l.md", "rules-l.txt"] {
        let before = fixture(name);
        let out = Test::new()
            .file(name, &before)
            .file("p.md", format!("{AMEND_203}\n{ENACT}"))
            .args(["apply", name, "p.md"])
            .run()
            .status(0);
        assert_untouched(&before, &out.stdout, &[203], &[]);
        // A repeal takes a neighbour away: the rules around it stay.
        let out = Test::new()
            .file(name, &before)
            .file("p.md", REPEAL_201)
            .args(["apply", name, "p.md"])
            .run()
            .status(0);
        assert_untouched(&before, &out.stdout, &[201], &[]);
    }
}

#[test]
fn renumber_keeps_every_untouched_rule_of_a_quirky_file() {
    for name in ["rules-l.md", "rules-l.txt"] {
        let before = fixture(name);
        let out = Test::new()
            .file(name, &before)
            .args(["renumber", name, "203=250"])
            .run()
            .status(0);
        // The renumbered rule gains a history line; every other rule stays.
        assert_untouched(&before, &out.stdout, &[203], &[]);
    }
}

#[test]
fn a_rule_whose_text_is_a_ruler_keeps_it_when_it_becomes_or_stops_being_last() {
    // A line of `=` or `-` right under a rule's heading is its text, and
    // stays its text when the rule after it is repealed (it becomes last)
    // or a rule is enacted after it (it stops being last).
    for (before, proposal, expected) in [
        (
            "Rule 2\n===\n\nRule 1\n",
            "Proposal 1\n\nRepeal Rule 1.\n",
            "Rule 2\n===",
        ),
        (
            "Rule 2\n\nRule 1\n---",
            "Proposal 5\n\nEnact a new rule:\n> Every player may pass.\n",
            "Rule 1\n---\n\n",
        ),
    ] {
        let out = Test::new()
            .file("rule.txt", before)
            .file("p.md", proposal)
            .args(["apply", "rule.txt", "p.md"])
            .run()
            .status(0);
        assert!(
            out.stdout.contains(expected),
            "{expected:?} kept in {:?}",
            out.stdout
        );
    }
}
