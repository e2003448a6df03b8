//! Tests over the bundled rulesets: counts, spot checks, lossless layout.

use super::*;
use crate::model::{Date, HistoryKind, Mutability, QuirkKind};

/// The rulesets bundled in `rulesets/`: the list every test crate shares.
#[path = "../../../tests/common/bundled.rs"]
mod list;
pub(crate) use list::BUNDLED;

fn bundled(name: &str) -> Vec<u8> {
    repo_file(&format!("rulesets/{name}"))
}

fn parsed(name: &str) -> Parsed {
    read(&bundled(name), &ReadOptions::default()).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

#[test]
fn bundled_counts() {
    for (name, format, rules) in [
        ("nomic-4-long.md", Format::MdLong, 57),
        ("nomic-4-long-early.txt", Format::TxtLong, 36),
        ("nomic-1-final.txt", Format::TxtPlain, 41),
        ("nomic-5-initial.txt", Format::TxtPlain, 32),
        ("nomic-3.md", Format::MdShort, 52),
    ] {
        let p = parsed(name);
        assert_eq!(p.format, format, "{name}");
        assert_eq!(p.ruleset.rules.len(), rules, "{name}");
        // Only nomic-3.md was damaged; clean files raise no encoding issue.
        assert_eq!(p.encoding.is_empty(), name != "nomic-3.md", "{name}");
    }
    let long = parsed("nomic-4-long.md").ruleset;
    let history: usize = long.rules.iter().map(|r| r.history.len()).sum();
    let judgments: usize = long.rules.iter().map(|r| r.judgments.len()).sum();
    assert_eq!((history, judgments), (67, 1));
}

#[test]
fn layout_pieces_give_back_the_file() {
    for name in BUNDLED {
        let p = parsed(name);
        assert_lossless(&p);
        assert_eq!(p.text.as_bytes(), bundled(name), "{name}");
    }
}

#[test]
fn rule_203_of_nomic_4() {
    let ruleset = parsed("nomic-4-long.md").ruleset;
    let rule = ruleset.rule(203).unwrap();
    assert_eq!(rule.revision, Some(1));
    assert_eq!(rule.mutability, Mutability::Mutable);
    let amended = &rule.history[1];
    assert_eq!(amended.kind, HistoryKind::Amended);
    assert_eq!(amended.amendment, Some(1));
    assert_eq!(amended.proposal, Some(329));
    assert_eq!(amended.proposer.as_deref(), Some("Alekosen"));
    assert_eq!(amended.date, Date::new(2020, 7, 27));
    assert_eq!(
        amended.source,
        "Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020"
    );
    assert!(amended
        .link
        .as_deref()
        .unwrap()
        .ends_with("/rules/md/203.md"));
}

#[test]
fn rule_601_was_created_from_a_temporary_rule() {
    let ruleset = parsed("nomic-4-long.md").ruleset;
    let entry = &ruleset.rule(601).unwrap().history[0];
    assert_eq!(entry.kind, HistoryKind::CreatedFromTemporary);
    assert_eq!(entry.proposal, Some(601));
    assert_eq!(entry.proposer.as_deref(), Some("Fenris Wolf"));
    assert_eq!((entry.round, entry.turn), (Some(5), Some(8)));
    assert_eq!(entry.date, Date::new(2020, 8, 14));
}

#[test]
fn judgment_of_rule_117_in_both_long_forms() {
    for name in ["nomic-4-long.md", "nomic-4-long-early.txt"] {
        let ruleset = parsed(name).ruleset;
        let judgments = &ruleset.rule(117).unwrap().judgments;
        assert_eq!(judgments.len(), 1, "{name}");
        let judgment = &judgments[0];
        assert_eq!(judgment.judge.as_deref(), Some("Coconutpies"));
        assert_eq!((judgment.round, judgment.turn), (Some(1), Some(3)));
        assert_eq!(judgment.date, Date::new(2020, 6, 6));
        assert!(judgment
            .text
            .starts_with("\"Regulated\" means that concepts"));
        assert!(judgment.text.ends_with("permitted by the rules."));
    }
}

#[test]
fn txt_long_bodies_are_unwrapped_into_markdown() {
    let ruleset = parsed("nomic-4-long-early.txt").ruleset;
    let text = &ruleset.rule(207).unwrap().text;
    assert!(text.starts_with(
        "An active player becomes inactive (i.e. loses their active status) if any of the \
         following criteria are met:\n\n* It is the active player’s turn, and said player has \
         not made a proposal by the end of their turn\n* It is not the active player’s turn,"
    ));
    let rule = ruleset.rule(219).unwrap();
    assert_eq!(rule.revision, Some(1));
    assert_eq!(rule.history[1].proposer.as_deref(), Some("Sauce"));
    assert_eq!(rule.history[1].link, None);
    // Rule 107 is wrapped by hand, shorter than 70 columns.
    assert!(quirk_kinds(ruleset.rule(107).unwrap()).contains(&QuirkKind::IrregularWrap));
    assert!(quirk_kinds(ruleset.rule(101).unwrap()).is_empty());
}

#[test]
fn md_long_quirks_are_kept_as_layout() {
    let ruleset = parsed("nomic-4-long.md").ruleset;
    for number in [330, 336, 338, 601] {
        let kinds = quirk_kinds(ruleset.rule(number).unwrap());
        assert!(
            kinds.contains(&QuirkKind::HistoryHeadingLevel { level: 4 }),
            "{number}"
        );
    }
    assert!(quirk_kinds(ruleset.rule(210).unwrap()).contains(&QuirkKind::MissingBlankLine));
    assert!(quirk_kinds(ruleset.rule(308).unwrap()).contains(&QuirkKind::TrailingSpaces));
    assert!(quirk_kinds(ruleset.rule(101).unwrap()).is_empty());
    // Bodies keep their Markdown: sub-headings, lists and line breaks.
    let rule = ruleset.rule(305).unwrap();
    assert!(rule.text.contains("\n\n#### Pagan Trans-Humanists\n\n"));
    assert!(rule.text.contains("Power Cost: (+5, -4)  \nPower Effect:"));
    assert_eq!(rule.history.len(), 2);
}

#[test]
fn nomic_3_is_the_older_short_dialect() {
    let p = parsed("nomic-3.md");
    let ruleset = &p.ruleset;
    assert_eq!(ruleset.title, "RULES");
    let document: Vec<_> = ruleset
        .layout
        .as_ref()
        .unwrap()
        .quirks
        .iter()
        .map(|q| &q.kind)
        .collect();
    assert!(document.contains(&&QuirkKind::FinalNewline), "{document:?}");
    assert!(
        document
            .iter()
            .any(|k| matches!(k, QuirkKind::Other { description } if description.contains("---"))),
        "{document:?}"
    );
    let rule = ruleset.rule(205).unwrap();
    assert_eq!(rule.revision, None);
    assert!(rule
        .text
        .starts_with("Every active player is an eligible voter."));
    assert!(quirk_kinds(rule).contains(&QuirkKind::MissingBlankLine));
    assert_eq!(ruleset.rule(327).unwrap().mutability, Mutability::Immutable);
    // The code fence with box drawing stays in rule 355's body.
    assert!(ruleset.rule(355).unwrap().text.contains("```\n"));
}

/// Line number (1-based) of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].matches('\n').count() + 1
}

#[test]
fn nomic_3_mojibake_is_detected_with_lines() {
    let p = parsed("nomic-3.md");
    let first = &p.encoding[0];
    assert!(first.certain);
    assert_eq!(
        (first.found.as_str(), first.repair.as_deref()),
        ("â€™", Some("’"))
    );
    assert_eq!(line_of(&p.text, first.span.start), 67);
    assert_eq!(&p.text[first.span.clone()], "â€™");
    let emoji = p.encoding.iter().find(|i| i.found == "ğŸš¼").unwrap();
    assert_eq!(emoji.repair.as_deref(), Some("🚼"));
    assert_eq!(line_of(&p.text, emoji.span.start), 179);
    assert!(emoji.message.contains("Windows-1254"), "{}", emoji.message);
    // `┐` lost its last byte (0x90, undefined in Windows-1254): reported, not guessed.
    let corner = p
        .encoding
        .iter()
        .find(|i| line_of(&p.text, i.span.start) == 490 && !i.certain)
        .expect("the damaged corner of line 490");
    assert_eq!(corner.found, "â”");
    assert!(corner.message.contains("`┐`"), "{}", corner.message);
    assert_eq!(corner.repair, None);
    // Without repair the text is untouched.
    assert!(p.ruleset.rule(207).unwrap().text.contains("playerâ€™s"));
}

#[test]
fn nomic_3_repaired_on_request() {
    let options = ReadOptions {
        repair_encoding: true,
        ..ReadOptions::default()
    };
    let p = read(&bundled("nomic-3.md"), &options).unwrap();
    assert_eq!(p.ruleset.rules.len(), 52);
    assert!(!p.text.contains("â€™"));
    assert!(p.ruleset.rule(207).unwrap().text.contains("player’s"));
    assert!(p.ruleset.rule(303).unwrap().text.contains("assigned 🚼,"));
    assert_lossless(&p);
    for issue in &p.encoding {
        let expected = if issue.certain {
            issue.repair.clone().unwrap()
        } else {
            issue.found.clone()
        };
        assert_eq!(p.text[issue.span.clone()], expected);
    }
    // What cannot be repaired with certainty is left as found.
    assert!(p.text.contains("â”\n"));
}

#[test]
fn json_output_reads_back_to_the_same_meaning() {
    for name in BUNDLED {
        let meaning = parsed(name).ruleset.without_layout();
        let json = serde_json::to_string_pretty(&meaning).unwrap();
        let options = ReadOptions {
            from: Some(Format::Json),
            ..ReadOptions::default()
        };
        let back = read(json.as_bytes(), &options).unwrap();
        assert_eq!(back.ruleset, meaning, "{name}");
        assert_eq!(detect(&json), Ok(Format::Json));
    }
}

#[test]
fn json_contract_names() {
    let ruleset = parsed("nomic-4-long.md").ruleset.without_layout();
    let value = serde_json::to_value(&ruleset).unwrap();
    let rule = &value["rules"][0];
    for key in [
        "number",
        "revision",
        "mutability",
        "text",
        "history",
        "judgments",
    ] {
        assert!(rule.get(key).is_some(), "{key}");
    }
    let entry = &rule["history"][0];
    for key in [
        "kind",
        "amendment",
        "proposal",
        "proposer",
        "date",
        "round",
        "turn",
        "link",
        "source",
    ] {
        assert!(entry.get(key).is_some(), "{key}");
    }
    assert_eq!(entry["date"], "2020-06-01");
    assert_eq!(rule["mutability"], "immutable");
}

#[test]
fn snapshots_of_the_bundled_rulesets() {
    for name in BUNDLED {
        let ruleset = parsed(name).ruleset.without_layout();
        insta::assert_json_snapshot!(name, ruleset);
    }
}
