//! Generated edits: take a synthetic ruleset, apply random enactments,
//! repeals, amendments, transmutations, renumberings and judgments, and check that the
//! diff reports exactly those.

use crate::diff::words::tests::{new_text, old_text};
use crate::diff::{diff, Change, DiffOptions, RulesetDiff};
use crate::model::{
    synthetic_ruleset, Change as Made, Format, HistoryEntry, Judgment, Mutability, Rule, Ruleset,
};
use crate::parse::parse_str;
use crate::render::{render, RenderOptions};
use proptest::prelude::*;
use std::collections::HashSet;

#[derive(Debug, Clone, Copy)]
enum Edit {
    Keep,
    Repeal,
    Amend,
    Transmute,
    Renumber,
    /// Renumbered with one word changed (rules of 20 words or more).
    RenumberAmend,
    /// A Judge's ruling recorded under the rule.
    Judge,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => Just(Edit::Keep),
        1 => Just(Edit::Repeal),
        1 => Just(Edit::Amend),
        1 => Just(Edit::Transmute),
        1 => Just(Edit::Renumber),
        1 => Just(Edit::RenumberAmend),
        1 => Just(Edit::Judge),
    ]
}

/// What the diff must say, as `(rule, kind, detail)`.
type Expected = Vec<(u32, &'static str, String)>;

fn apply(base: &Ruleset, edits: &[Edit], enactments: u32) -> (Ruleset, Expected) {
    let mut rules = Vec::new();
    let mut expected = Vec::new();
    let mut next_number = base.rules.iter().map(|r| r.number).max().unwrap_or(300) + 1;
    let mut moved = Vec::new();
    for (rule, edit) in base.rules.iter().zip(edits) {
        let number = rule.number;
        match edit {
            Edit::Keep => rules.push(rule.clone()),
            Edit::Repeal => expected.push((number, "repealed", String::new())),
            Edit::Amend => {
                let mut amended = rule.clone();
                let k = amended.amendment_count() + 1;
                amended
                    .text
                    .push_str(&format!(" Clause zq{number} applies."));
                amended.revision = Some(k);
                let by = Made {
                    proposal: 9000 + number,
                    ..Made::default()
                };
                amended.history.push(HistoryEntry::amended(k, &by));
                expected.push((number, "amended", amended.text.clone()));
                expected.push((number, "history", String::new()));
                rules.push(amended);
            }
            Edit::Transmute => {
                let mut transmuted = rule.clone();
                transmuted.mutability = match rule.mutability {
                    Mutability::Immutable => Mutability::Mutable,
                    _ => Mutability::Immutable,
                };
                expected.push((number, "transmuted", String::new()));
                rules.push(transmuted);
            }
            Edit::RenumberAmend if rule.text.split_whitespace().count() >= 20 => {
                let to = next_number;
                next_number += 1;
                let text = rule.text.replacen(' ', " zorblax ", 1);
                moved.push(Rule {
                    number: to,
                    text: text.clone(),
                    ..rule.clone()
                });
                expected.push((to, "renumbered", number.to_string()));
                expected.push((to, "amended", text));
            }
            Edit::RenumberAmend => rules.push(rule.clone()),
            Edit::Judge => {
                let mut judged = rule.clone();
                let ruling = format!("Rule {number} applies on weekends. (Judge), Jul 1, 2020");
                judged.judgments.push(Judgment {
                    text: format!("Rule {number} applies on weekends."),
                    judge: Some("Judge".into()),
                    date: None,
                    round: None,
                    turn: None,
                    source: ruling.clone(),
                });
                expected.push((number, "judgments", ruling));
                rules.push(judged);
            }
            Edit::Renumber => {
                let to = next_number;
                next_number += 1;
                moved.push(Rule {
                    number: to,
                    ..rule.clone()
                });
                expected.push((to, "renumbered", number.to_string()));
            }
        }
    }
    rules.extend(moved);
    for k in 0..enactments {
        let number = next_number;
        next_number += 1;
        let text = format!("Novel{number} provision{k} about xyzzy{number} plugh{number}.");
        rules.push(Rule::new(number, text));
        expected.push((number, "enacted", String::new()));
    }
    expected.sort();
    (Ruleset::new(base.title.clone(), rules), expected)
}

fn observed(diff: &RulesetDiff) -> Expected {
    let mut seen: Expected = diff
        .changes
        .iter()
        .map(|change| {
            let detail = match change {
                Change::Renumbered { from, .. } => from.to_string(),
                Change::Amended { words, .. } => new_text(words),
                Change::Judgments { added, .. } => added.join("|"),
                _ => String::new(),
            };
            (change.rule().unwrap_or(0), change.kind(), detail)
        })
        .collect();
    seen.sort();
    seen
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_diff_reports_exactly_the_edits_made(
        seed in 0u64..10_000,
        edits in prop::collection::vec(edit(), 5..60),
        enactments in 0u32..4,
    ) {
        let base = synthetic_ruleset(edits.len(), seed);
        let texts: HashSet<&str> = base.rules.iter().map(|r| r.text.as_str()).collect();
        prop_assume!(texts.len() == base.rules.len());
        let (edited, expected) = apply(&base, &edits, enactments);
        let result = diff(&base, &edited, &DiffOptions::default());
        prop_assert_eq!(observed(&result), expected);
        let from = |to: u32| {
            result.changes.iter().find_map(|c| match c {
                Change::Renumbered { from, to: t, .. } if *t == to => Some(*from),
                _ => None,
            })
        };
        for change in &result.changes {
            if let Change::Amended { rule, words, .. } = change {
                let before = base.rule(from(*rule).unwrap_or(*rule)).unwrap();
                prop_assert_eq!(old_text(words), before.text.clone());
            }
        }
        // Order: by rule number, the title first.
        let order: Vec<Option<u32>> = result.changes.iter().map(Change::rule).collect();
        prop_assert!(order.windows(2).all(|w| w[0] <= w[1]));
    }
}

/// Renders a ruleset to `format` and reads it back, as a moderator's file.
fn through(ruleset: &Ruleset, format: Format) -> Ruleset {
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    let text = render(ruleset, format, &options).unwrap();
    parse_str(&text, Some(format)).unwrap()
}

fn kinds_only(list: Expected) -> Expected {
    list.into_iter()
        .map(|(rule, kind, detail)| match kind {
            "renumbered" => (rule, kind, detail),
            _ => (rule, kind, String::new()),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// The same edits, with the old side written as txt-long and the new
    /// side as md-long: the formats add no change of their own.
    #[test]
    fn edits_across_formats_are_reported_exactly(
        seed in 0u64..10_000,
        edits in prop::collection::vec(edit(), 5..30),
        enactments in 0u32..3,
    ) {
        let mut base = synthetic_ruleset(edits.len(), seed);
        // What only Markdown carries: emphasis in bodies, links in history.
        for rule in &mut base.rules {
            rule.text = rule.text.replacen(" the ", " *the* ", 1);
            for entry in &mut rule.history {
                entry.link = Some(format!("https://example.org/{}.md", rule.number));
            }
        }
        let texts: HashSet<&str> = base.rules.iter().map(|r| r.text.as_str()).collect();
        prop_assume!(texts.len() == base.rules.len());
        let (edited, expected) = apply(&base, &edits, enactments);
        let old = through(&base, Format::TxtLong);
        let new = through(&edited, Format::MdLong);
        let options = DiffOptions {
            old_format: Some(Format::TxtLong),
            new_format: Some(Format::MdLong),
            ..DiffOptions::default()
        };
        let result = diff(&old, &new, &options);
        prop_assert_eq!(kinds_only(observed(&result)), kinds_only(expected));
    }
}
