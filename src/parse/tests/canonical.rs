//! Canonical files written from synthetic rulesets read back to the same
//! meaning, with no quirks: a small writer per format, following docs/formats.md,
//! checks each reader against the canonical form it measures quirks by.

use super::*;
use crate::model::{synthetic_ruleset, Rule, Ruleset};
use crate::parse::wrapped::wrap;
use proptest::prelude::*;

fn marker(rule: &Rule, style: fn(&str) -> String) -> String {
    rule.mutability
        .heading_marker()
        .map(|m| format!(" ({})", style(&m)))
        .unwrap_or_default()
}

fn upper(marker: &str) -> String {
    marker.to_string()
}

fn title_case(marker: &str) -> String {
    let lower = marker.to_lowercase();
    let mut chars = lower.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn md_long(ruleset: &Ruleset) -> String {
    let rules: Vec<String> = ruleset
        .rules
        .iter()
        .map(|rule| {
            let mut out = format!(
                "## {}/{}{}\n\n{}\n\n##### *History*\n\n",
                rule.number,
                rule.revision.unwrap(),
                marker(rule, upper),
                rule.text
            );
            let history: Vec<String> = rule
                .history
                .iter()
                .map(|h| format!("*{}*", h.source))
                .collect();
            out.push_str(&history.join("  \n"));
            out.push('\n');
            if !rule.judgments.is_empty() {
                let judgments: Vec<String> = rule
                    .judgments
                    .iter()
                    .map(|j| format!("*{}*", j.source))
                    .collect();
                out.push_str("\n##### *Judgments*\n\n");
                out.push_str(&judgments.join("  \n"));
                out.push('\n');
            }
            out
        })
        .collect();
    format!("# {}\n---\n{}", ruleset.title, rules.join("\n"))
}

fn md_short(ruleset: &Ruleset) -> String {
    let rules: Vec<String> = ruleset
        .rules
        .iter()
        .map(|rule| format!("## {}{}\n\n{}", rule.number, marker(rule, upper), rule.text))
        .collect();
    format!("# {}\n---\n{}", ruleset.title, rules.join("\n\n"))
}

fn wrapped_body(text: &str) -> String {
    let mut blocks = Vec::new();
    for block in text.split("\n\n") {
        for item in block.split('\n') {
            let (first, rest, content) = match item.strip_prefix("* ") {
                Some(content) => ("      * ", "        ", content),
                None => ("      ", "      ", item),
            };
            let lines = wrap(content, first.len(), rest.len());
            let indented: Vec<String> = lines
                .iter()
                .enumerate()
                .map(|(i, line)| format!("{}{line}", if i == 0 { first } else { rest }))
                .collect();
            blocks.push(indented.join("\n"));
        }
    }
    blocks.join("\n\n")
}

fn txt_long(ruleset: &Ruleset) -> String {
    let ruler = "-".repeat(70);
    let mut out = format!("{}\n\n{}\n", ruleset.title, "=".repeat(70));
    for rule in &ruleset.rules {
        out.push_str(&format!(
            "{ruler}\nRule {}/{}{}\n\n{}\n\nHistory:\n",
            rule.number,
            rule.revision.unwrap(),
            marker(rule, upper),
            wrapped_body(&rule.text)
        ));
        for entry in &rule.history {
            out.push_str(&entry.source);
            out.push('\n');
        }
        if !rule.judgments.is_empty() {
            out.push_str("\nJudgments:\n");
            for judgment in &rule.judgments {
                out.push_str(&judgment.source);
                out.push('\n');
            }
        }
        out.push('\n');
    }
    out.push_str(&ruler);
    out
}

fn txt_plain(ruleset: &Ruleset) -> String {
    let rules: Vec<String> = ruleset
        .rules
        .iter()
        .map(|rule| {
            let body = rule.text.replace("\n* ", "\n  • ");
            let body = body
                .strip_prefix("* ")
                .map_or(body.clone(), |b| format!("  • {b}"));
            format!("Rule {}{}\n\n{body}", rule.number, marker(rule, title_case))
        })
        .collect();
    format!("{}\n\n\n{}", ruleset.title, rules.join("\n\n\n"))
}

fn md_rule(ruleset: &Ruleset) -> String {
    let pages: Vec<String> = ruleset
        .rules
        .iter()
        .map(|rule| {
            let revision = rule.revision.unwrap();
            format!(
                "## {}/{revision}{}\n\n{}",
                rule.number,
                marker(rule, upper),
                rule.text
            )
        })
        .collect();
    pages.join("\n\n")
}

fn txt_rule(ruleset: &Ruleset) -> String {
    let pages: Vec<String> = ruleset
        .rules
        .iter()
        .map(|rule| {
            let revision = rule.revision.unwrap();
            let body = rule.text.replace("\n* ", "\n\n* ");
            format!(
                "Rule {}/{revision}{}\n\n{body}",
                rule.number,
                marker(rule, upper)
            )
        })
        .collect();
    pages.join("\n\n")
}

fn short_meaning(ruleset: &Ruleset) -> Ruleset {
    let mut short = ruleset.clone();
    for rule in &mut short.rules {
        rule.revision = None;
        rule.history.clear();
        rule.judgments.clear();
    }
    short
}

fn check(text: &str, format: Format, expected: &Ruleset) {
    let parsed = read(text.as_bytes(), &ReadOptions::default()).unwrap();
    assert_eq!(parsed.format, format);
    assert_lossless(&parsed);
    assert_eq!(quirk_count(&parsed.ruleset), 0, "{format}:\n{text}");
    assert_eq!(&parsed.ruleset.without_layout(), expected, "{format}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn canonical_files_read_back_to_their_meaning(rules in 1usize..70, seed in any::<u64>()) {
        let ruleset = synthetic_ruleset(rules, seed);
        check(&md_long(&ruleset), Format::MdLong, &ruleset);
        check(&txt_long(&ruleset), Format::TxtLong, &ruleset);
        let short = short_meaning(&ruleset);
        check(&md_short(&ruleset), Format::MdShort, &short);
        let mut plain = short.clone();
        plain.title = "Synthetic Nomic Ruleset".into();
        let mut with_title = ruleset.clone();
        with_title.title = plain.title.clone();
        check(&txt_plain(&with_title), Format::TxtPlain, &plain);
        let mut pages = ruleset.clone();
        pages.title = String::new();
        for rule in &mut pages.rules {
            rule.history.clear();
            rule.judgments.clear();
        }
        check(&md_rule(&ruleset), Format::MdRule, &pages);
        check(&txt_rule(&ruleset), Format::TxtRule, &pages);
    }
}
