//! Small hand-written fixtures: the canonical short forms (no bundled seed
//! has them), and BOM and CRLF files.

use super::*;
use crate::model::{LineEnding, Mutability, QuirkKind};

fn fixture(name: &str) -> Parsed {
    let bytes = repo_file(&format!("tests/fixtures/parse/{name}"));
    let parsed = read(&bytes, &ReadOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(parsed.text.as_bytes(), bytes);
    assert_lossless(&parsed);
    parsed
}

#[test]
fn canonical_md_short() {
    let parsed = fixture("md-short-canonical.md");
    assert_eq!(parsed.format, Format::MdShort);
    assert_eq!(
        quirk_count(&parsed.ruleset),
        0,
        "a canonical file has no quirks"
    );
    let ruleset = &parsed.ruleset;
    assert_eq!(ruleset.title, "NOMIC IV RULESET (SHORT FORMAT)");
    let numbers: Vec<u32> = ruleset.rules.iter().map(|r| r.number).collect();
    assert_eq!(numbers, [101, 203, 305, 601]);
    assert!(ruleset.rules.iter().all(|r| r.revision.is_none()));
    assert_eq!(
        ruleset.rule(601).unwrap().mutability,
        Mutability::Other("transient".into())
    );
    assert!(ruleset.rule(305).unwrap().text.ends_with(
        "Power Cost: (+5, -4)\n\n* Players are randomly distributed.\n* New players join the smallest ideology."
    ));
    insta::assert_json_snapshot!("md-short-canonical", ruleset.without_layout());
}

#[test]
fn canonical_txt_short() {
    let parsed = fixture("txt-short.txt");
    assert_eq!(parsed.format, Format::TxtShort);
    assert_eq!(
        quirk_count(&parsed.ruleset),
        0,
        "a canonical file has no quirks"
    );
    let ruleset = &parsed.ruleset;
    let rule = ruleset.rule(207).unwrap();
    assert_eq!(rule.revision, None);
    assert_eq!(
        rule.text,
        "An active player becomes inactive (i.e. loses their active status) if any of the \
         following criteria are met:\n\n* It is the active player’s turn, and said player has not \
         made a proposal by the end of their turn\n* The active player has publicly declared that \
         they are now inactive\n\nPlayers may declare inactivity during their turn."
    );
    let layout = ruleset.layout.as_ref().unwrap();
    assert_eq!(layout.footer, "-".repeat(70));
    insta::assert_json_snapshot!("txt-short", ruleset.without_layout());
}

#[test]
fn bom_and_crlf_are_kept_in_layout_not_in_meaning() {
    for name in ["bom-crlf.md", "bom-crlf.txt"] {
        let parsed = fixture(name);
        let layout = parsed.ruleset.layout.as_ref().unwrap();
        assert!(layout.header.starts_with('\u{feff}'), "{name}");
        assert_eq!(layout.line_ending, LineEnding::Crlf);
        assert!(!parsed.ruleset.title.contains('\u{feff}'));
        for rule in &parsed.ruleset.rules {
            assert!(!rule.text.contains('\r'), "{name} {}", rule.number);
            assert!(rule.history.iter().all(|h| !h.source.contains('\r')));
        }
        let first = &parsed.ruleset.rules[0];
        assert!(first.layout.as_ref().unwrap().source.contains("\r\n"));
    }
    let md = fixture("bom-crlf.md").ruleset;
    assert_eq!(
        md.rule(101).unwrap().text,
        "All players must always abide by all the rules.\n\nSecond paragraph."
    );
    let amended = &md.rule(203).unwrap().history[1];
    assert_eq!(amended.proposal, Some(329));
    assert_eq!(amended.link, None);
    let txt = fixture("bom-crlf.txt").ruleset;
    assert_eq!(txt.title, "Nomic Test Ruleset");
    assert_eq!(
        txt.rule(101).unwrap().text,
        "All players must obey.\n\n* first bullet\n* second bullet"
    );
}

#[test]
fn md_heading_quirks_and_sections() {
    let text = "# T\n---\n## 5 (IMMUTABLE)\nBody.\n\n#### *History*\n\n*Initial immutable Rule 5*  \n\n## 6/0\n\nSix.\n\n##### *Judgments*\n\n*Not a usual line*\n";
    let parsed = read(text.as_bytes(), &ReadOptions::default()).unwrap();
    assert_eq!(parsed.format, Format::MdLong);
    assert_lossless(&parsed);
    let five = parsed.ruleset.rule(5).unwrap();
    assert_eq!(five.revision, None);
    let kinds = quirk_kinds(five);
    assert!(kinds.contains(&QuirkKind::HeadingWithoutRevision));
    assert!(kinds.contains(&QuirkKind::MissingBlankLine));
    assert!(kinds.contains(&QuirkKind::HistoryHeadingLevel { level: 4 }));
    assert!(kinds.contains(&QuirkKind::TrailingSpaces));
    assert_eq!(five.text, "Body.");
    let missing = |rule: &crate::model::Rule| {
        let layout = rule.layout.as_ref().unwrap();
        layout
            .quirks
            .iter()
            .filter(|q| q.kind == QuirkKind::MissingBlankLine)
            .map(|q| q.offset)
            .collect::<Vec<_>>()
    };
    // After the heading only: the history heading has its blank lines.
    assert_eq!(missing(five), [text.find("Body.").unwrap()]);
    let tight = "# T\n---\n## 7/0\n\nBody.\n##### *History*\n*Initial mutable Rule 7*\n";
    let tight = read(tight.as_bytes(), &ReadOptions::default()).unwrap();
    let history_at = tight.text.find("#####").unwrap();
    let entry_at = tight.text.find("*Initial").unwrap();
    assert_eq!(missing(&tight.ruleset.rules[0]), [history_at, entry_at]);
    assert_eq!(tight.ruleset.rules[0].history.len(), 1);
    let six = parsed.ruleset.rule(6).unwrap();
    assert_eq!(six.judgments[0].text, "Not a usual line");
    assert_eq!(six.judgments[0].judge, None);
}

#[test]
fn from_overrides_detection() {
    let bytes = repo_file("tests/fixtures/parse/md-short-canonical.md");
    let options = ReadOptions {
        from: Some(Format::MdLong),
        ..ReadOptions::default()
    };
    let parsed = read(&bytes, &options).unwrap();
    assert_eq!(parsed.format, Format::MdLong);
    let rule = &parsed.ruleset.rules[0];
    let kinds = quirk_kinds(rule);
    assert!(kinds.contains(&QuirkKind::HeadingWithoutRevision));
    let options = ReadOptions {
        from: Some(Format::TxtLong),
        ..ReadOptions::default()
    };
    let err = read(&bytes, &options).unwrap_err();
    assert_eq!(err.format, Some(Format::TxtLong));
}

#[test]
fn rule_pages_and_json() {
    let page = fixture("rule-330.md");
    assert_eq!(page.format, Format::MdRule);
    assert_eq!(quirk_count(&page.ruleset), 0);
    let rule = &page.ruleset.rules[0];
    assert_eq!((rule.number, rule.revision), (330, Some(1)));
    assert!(rule.text.contains("order:  \n* **Quintuplet**"));
    assert!(rule.text.contains("\n  * For the purposes"));
    insta::assert_json_snapshot!("md-rule", page.ruleset.without_layout());

    let page = fixture("rule-207.txt");
    assert_eq!(page.format, Format::TxtRule);
    assert_eq!(quirk_count(&page.ruleset), 0);
    let rule = &page.ruleset.rules[0];
    assert!(rule
        .text
        .contains("are met:\n\n* It is the active player’s turn"));
    assert!(rule.text.contains("end of their turn\n* The active player"));
    insta::assert_json_snapshot!("txt-rule", page.ruleset.without_layout());

    let bytes = repo_file("tests/fixtures/parse/small.json");
    let json = read(&bytes, &ReadOptions::default()).unwrap();
    assert_eq!(json.format, Format::Json);
    let ruleset = &json.ruleset;
    assert_eq!(ruleset.rule(117).unwrap().judgments[0].round, Some(1));
    let transient = ruleset.rule(601).unwrap();
    assert_eq!(transient.mutability, Mutability::Other("transient".into()));
    assert_eq!(transient.revision, None);
    insta::assert_json_snapshot!("json", ruleset);
}

#[test]
fn section_headings_in_code_blocks_are_body_text() {
    let text = "# T\n---\n## 1/0\n\nHow a rule looks:\n\n```\n##### *History*\n\n*Not an entry*\n## 2/0\n```\n\n##### *History*\n\n*Initial mutable Rule 1, Jun 1, 2020*\n";
    let parsed = read(text.as_bytes(), &ReadOptions::default()).unwrap();
    assert_lossless(&parsed);
    assert_eq!(parsed.ruleset.rules.len(), 1);
    let rule = &parsed.ruleset.rules[0];
    assert!(
        rule.text.ends_with("*Not an entry*\n## 2/0\n```"),
        "{}",
        rule.text
    );
    assert_eq!(rule.history.len(), 1);
    assert_eq!(
        rule.history[0].source,
        "Initial mutable Rule 1, Jun 1, 2020"
    );
}
