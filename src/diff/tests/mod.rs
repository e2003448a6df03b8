//! The diff engine on hand-built models.

mod generated;

use super::*;
use crate::model::{
    Change as Made, Date, DocumentLayout, HistoryEntry, Judgment, LineEnding, Rule, RuleLayout,
};

fn rule(number: u32, text: &str) -> Rule {
    Rule {
        revision: Some(0),
        history: vec![HistoryEntry::initial(number, false, Date::new(2020, 6, 1))],
        ..Rule::new(number, text)
    }
}

fn ruleset(rules: Vec<Rule>) -> Ruleset {
    Ruleset::new("NOMIC IV RULESET (LONG FORMAT)", rules)
}

fn kinds(diff: &RulesetDiff) -> Vec<(Option<u32>, &'static str)> {
    diff.changes.iter().map(|c| (c.rule(), c.kind())).collect()
}

const LONG: &str = "Players that are required by the rules to perform an action have a total of \
    48 hours to perform said action unless otherwise specified by another rule.";

#[test]
fn identical_rulesets_have_no_changes() {
    let a = ruleset(vec![rule(101, "One."), rule(201, LONG)]);
    let diff = diff(&a, &a.clone(), &DiffOptions::default());
    assert!(diff.changes.is_empty());
    assert!(diff.same_meaning());
}

#[test]
fn enacted_repealed_and_amended_rules_in_rule_order() {
    let old = ruleset(vec![rule(101, "One."), rule(202, "Two."), rule(203, LONG)]);
    let mut amended = rule(203, &LONG.replace("48 hours", "72 hours"));
    amended.revision = Some(1);
    amended.history.push(HistoryEntry::amended(
        1,
        &Made {
            proposal: 329,
            ..Made::default()
        },
    ));
    let new = ruleset(vec![rule(101, "One."), amended, rule(303, "Three.")]);
    let diff = diff(&old, &new, &DiffOptions::default());
    assert_eq!(
        kinds(&diff),
        [
            (Some(202), "repealed"),
            (Some(203), "amended"),
            (Some(203), "history"),
            (Some(303), "enacted"),
        ]
    );
    let Change::Amended {
        revision, words, ..
    } = &diff.changes[1]
    else {
        panic!("amended expected")
    };
    assert_eq!((revision.old, revision.new), (Some(0), Some(1)));
    let changed: Vec<(WordOp, &str)> = words
        .iter()
        .filter(|w| w.op != WordOp::Equal)
        .map(|w| (w.op, w.text.as_str()))
        .collect();
    assert_eq!(changed, [(WordOp::Removed, "48"), (WordOp::Added, "72")]);
    let Change::History { added, removed, .. } = &diff.changes[2] else {
        panic!("history expected")
    };
    assert!(removed.is_empty());
    assert_eq!(added[0].text, "Amended (1) by Proposal 329");
    assert!(!diff.same_meaning());
}

#[test]
fn a_moved_rule_is_renumbered_and_its_edits_still_reported() {
    let old = ruleset(vec![rule(101, "One."), rule(219, LONG)]);
    let tweaked = LONG.replace("another rule", "any rule");
    let new = ruleset(vec![rule(101, "One."), rule(340, &tweaked)]);
    let diff = diff(&old, &new, &DiffOptions::default());
    assert_eq!(
        kinds(&diff),
        [
            (Some(340), "renumbered"),
            (Some(340), "amended"),
            (Some(340), "history")
        ]
    );
    let Change::Renumbered {
        from,
        to,
        similarity,
    } = diff.changes[0]
    else {
        panic!("renumbered expected")
    };
    assert_eq!((from, to), (219, 340));
    assert!((RENUMBER_THRESHOLD..1.0).contains(&similarity));
}

#[test]
fn an_unrelated_rule_under_a_new_number_is_not_a_renumbering() {
    let old = ruleset(vec![rule(219, LONG)]);
    let other = "The winner is the first player to achieve 100 points, unless a rule \
                 says otherwise in which case that rule decides who wins.";
    let new = ruleset(vec![rule(340, other)]);
    let diff = diff(&old, &new, &DiffOptions::default());
    assert_eq!(
        kinds(&diff),
        [(Some(219), "repealed"), (Some(340), "enacted")]
    );
}

#[test]
fn short_rules_renumber_only_when_identical() {
    let old = ruleset(vec![rule(208, "Each player always has exactly one vote.")]);
    let same = ruleset(vec![rule(308, "Each player always has exactly one vote.")]);
    let near = ruleset(vec![rule(308, "Each player always has exactly two votes.")]);
    let options = DiffOptions::default();
    assert_eq!(diff(&old, &same, &options).changes[0].kind(), "renumbered");
    assert_eq!(
        kinds(&diff(&old, &near, &options)),
        [(Some(208), "repealed"), (Some(308), "enacted")]
    );
}

#[test]
fn transmutation_judgments_and_title_are_reported() {
    let mut old_rule = rule(117, "Whatever is not prohibited is permitted.");
    old_rule.mutability = Mutability::Immutable;
    let mut new_rule = old_rule.clone();
    new_rule.mutability = Mutability::Mutable;
    new_rule.judgments.push(Judgment {
        text: "Regulated means...".into(),
        judge: None,
        date: None,
        round: None,
        turn: None,
        source: "Regulated means... (Coconutpies), Jun 6, 2020".into(),
    });
    let old = ruleset(vec![old_rule]);
    let mut new = ruleset(vec![new_rule]);
    new.title = "NOMIC V RULESET (LONG FORMAT)".into();
    let diff = diff(&old, &new, &DiffOptions::default());
    assert_eq!(
        kinds(&diff),
        [
            (None, "title"),
            (Some(117), "transmuted"),
            (Some(117), "judgments")
        ]
    );
}

fn with_layout(mut set: Ruleset, format: Format, sources: &[&str]) -> Ruleset {
    for (rule, source) in set.rules.iter_mut().zip(sources) {
        rule.layout = Some(RuleLayout {
            source: source.to_string(),
            offset: 0,
            fingerprint: rule.fingerprint(),
            trailer: String::new(),
            note: None,
            heading_level: None,
            tree: None,
            quirks: Vec::new(),
        });
    }
    set.layout = Some(DocumentLayout {
        format,
        line_ending: LineEnding::Lf,
        title: set.title.clone(),
        header: String::new(),
        footer: String::new(),
        rules_end: None,
        quirks: Vec::new(),
        dialect: None,
    });
    set
}

#[test]
fn layout_changes_show_only_when_asked_and_do_not_change_meaning() {
    let base = ruleset(vec![rule(101, "One.")]);
    let old = with_layout(base.clone(), Format::MdLong, &["## 101/0\n\nOne.\n\n"]);
    let new = with_layout(base, Format::MdLong, &["## 101/0\n\nOne.  \n\n"]);
    assert!(diff(&old, &new, &DiffOptions::default()).changes.is_empty());
    let options = DiffOptions {
        layout: true,
        ..DiffOptions::default()
    };
    let shown = diff(&old, &new, &options);
    assert_eq!(kinds(&shown), [(Some(101), "layout")]);
    assert!(shown.same_meaning());
}

#[test]
fn a_revision_alone_is_its_own_change_without_the_text() {
    let old = ruleset(vec![rule(203, LONG)]);
    let mut revised = rule(203, LONG);
    revised.revision = Some(1);
    let new = ruleset(vec![revised]);
    let found = diff(&old, &new, &DiffOptions::default());
    assert_eq!(
        found.changes,
        [Change::Revised {
            rule: 203,
            old: 0,
            new: 1
        }]
    );
    assert!(!found.same_meaning());
    let json = serde_json::to_value(&found).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"changes": [{"kind": "revision", "rule": 203, "old": 0, "new": 1}]})
    );
    let human = output::human::render(&found, false);
    assert_eq!(human, "Rule 203: revision 0 → 1\n");
    assert_eq!(
        output::stat::render(&found),
        "   203 | revision 0 → 1\n1 rule changed: 1 revision\n"
    );
}

#[test]
fn whitespace_alone_is_named_and_counts_only_when_it_splits_a_paragraph() {
    let old = ruleset(vec![
        rule(101, "One two three.\nFour five."),
        rule(102, LONG),
    ]);
    let new = ruleset(vec![
        rule(101, "One two\nthree. Four five."),
        rule(102, &LONG.replacen(" have ", "\n\nhave ", 1)),
    ]);
    let found = diff(&old, &new, &DiffOptions::default());
    assert_eq!(
        kinds(&found),
        [(Some(101), "spacing"), (Some(102), "spacing")]
    );
    let Change::Spacing { only, meaning, .. } = &found.changes[0] else {
        panic!("{found:?}")
    };
    assert_eq!(
        (only.to_string().as_str(), *meaning),
        ("line breaks only", false)
    );
    let Change::Spacing { only, meaning, .. } = &found.changes[1] else {
        panic!("{found:?}")
    };
    assert_eq!(
        (only.to_string().as_str(), *meaning),
        ("paragraph breaks only", true)
    );
    assert!(!found.same_meaning());
    let human = output::human::render(&found, false);
    assert_eq!(
        human,
        "Rule 101: line breaks only\n\nRule 102: paragraph breaks only\n"
    );
    let json = serde_json::to_value(&found.changes[0]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"kind": "spacing", "rule": 101, "only": ["line breaks"], "meaning": false})
    );
    let rewrapped = diff(
        &old,
        &ruleset(vec![new.rules[0].clone(), rule(102, LONG)]),
        &DiffOptions::default(),
    );
    assert!(rewrapped.same_meaning());
}

#[test]
fn an_empty_diff_says_why_the_sides_differ() {
    let base = ruleset(vec![rule(101, "One.")]);
    let old = with_layout(base.clone(), Format::MdLong, &["## 101/0\n\nOne.\n\n"]);
    let new = with_layout(base.clone(), Format::MdLong, &["## 101/0\n\n\nOne.\n\n"]);
    let hidden = diff(&old, &new, &DiffOptions::default());
    assert_eq!(hidden.unlisted.layout, 1);
    assert_eq!(
        output::human::render(&hidden, false),
        "No change in meaning: 1 rule differs in layout only (`--layout` shows it).\n"
    );
    let shown = diff(
        &old,
        &new,
        &DiffOptions {
            layout: true,
            ..DiffOptions::default()
        },
    );
    assert_eq!(
        output::human::render(&shown, false),
        "Rule 101: layout only (line breaks only)\n"
    );
    let txt = with_layout(base, Format::TxtLong, &["101/0\n  One.\n"]);
    let across = diff(&old, &txt, &DiffOptions::default());
    assert!(across.changes.is_empty());
    assert_eq!(
        output::stat::render(&across),
        "No change in meaning: the sides differ only as md-long and txt-long write the same \
         rules (line breaks, markup, and what one of them does not carry).\n"
    );
    assert_eq!(
        serde_json::to_value(&across).unwrap(),
        serde_json::json!({"changes": [], "unlisted": {"formats": {"old": "md-long", "new": "txt-long"}}})
    );
    assert_eq!(
        output::human::render(&diff(&old, &old, &DiffOptions::default()), false),
        ""
    );
}

#[test]
fn format_only_differences_are_not_changes() {
    let mut md_rule = rule(216, "Achieving *n* points, weight 2<sup>-*k*</sup>.");
    md_rule.history[0].link = Some("https://example.org/216.md".into());
    let txt_rule = rule(216, "Achieving n points,\n  weight 2-k.");
    let md = with_layout(ruleset(vec![md_rule]), Format::MdLong, &["x"]);
    let txt = with_layout(ruleset(vec![txt_rule]), Format::TxtLong, &["y"]);
    let options = DiffOptions {
        layout: true,
        ..DiffOptions::default()
    };
    assert!(diff(&txt, &md, &options).changes.is_empty());
    // Between two Markdown files the emphasis and the link are meaning.
    let plain_md = with_layout(txt.without_layout(), Format::MdLong, &["y"]);
    assert_eq!(
        kinds(&diff(&plain_md, &md, &options)),
        [(Some(216), "amended"), (Some(216), "history")]
    );
}

#[test]
fn a_short_format_side_ignores_history_and_revisions() {
    let mut long_rule = rule(203, LONG);
    long_rule.revision = Some(1);
    let short_rule = Rule {
        revision: None,
        ..Rule::new(203, LONG)
    };
    let long = with_layout(ruleset(vec![long_rule]), Format::MdLong, &["x"]);
    let mut short = with_layout(ruleset(vec![short_rule]), Format::MdShort, &["y"]);
    short.title = "NOMIC IV RULESET (SHORT FORMAT)".into();
    assert!(diff(&short, &long, &DiffOptions::default())
        .changes
        .is_empty());
}

/// The same ruleset rendered to every other format and read back means the
/// same: format-only differences are never reported.
#[test]
fn every_format_of_one_ruleset_means_the_same() {
    let source = include_str!("../../../rulesets/nomic-4-long.md");
    let original = crate::parse::parse_str(source, Some(Format::MdLong)).unwrap();
    let options = crate::render::RenderOptions {
        canonical: true,
        templates: None,
    };
    for format in [
        Format::TxtLong,
        Format::MdShort,
        Format::TxtShort,
        Format::TxtPlain,
        Format::Json,
    ] {
        let text = crate::render::render(&original, format, &options).unwrap();
        let read = crate::parse::read(text.as_bytes(), &crate::parse::ReadOptions::default())
            .unwrap_or_else(|err| panic!("{format}: {}", err.message));
        assert_eq!(read.format, format);
        let options = DiffOptions {
            old_format: Some(Format::MdLong),
            new_format: Some(format),
            ..DiffOptions::default()
        };
        let forward = diff(&original, &read.ruleset, &options);
        assert!(
            forward.changes.is_empty(),
            "{format}: {:#?}",
            forward.changes
        );
    }
}
