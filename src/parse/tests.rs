//! Tests over the bundled rulesets: counts, spot checks, lossless layout.

use super::*;
use crate::model::{Date, HistoryKind, Mutability};

fn bundled(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets")
        .join(name);
    std::fs::read(path).unwrap()
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
    }
    let long = parsed("nomic-4-long.md").ruleset;
    let history: usize = long.rules.iter().map(|r| r.history.len()).sum();
    let judgments: usize = long.rules.iter().map(|r| r.judgments.len()).sum();
    assert_eq!((history, judgments), (67, 1));
}

#[test]
fn layout_pieces_give_back_the_file() {
    for name in [
        "nomic-4-long.md",
        "nomic-4-long-early.txt",
        "nomic-1-final.txt",
        "nomic-5-initial.txt",
        "nomic-3.md",
    ] {
        let p = parsed(name);
        let layout = p.ruleset.layout.as_ref().unwrap();
        let mut joined = layout.header.clone();
        for rule in &p.ruleset.rules {
            let rule_layout = rule.layout.as_ref().unwrap();
            assert_eq!(
                rule_layout.offset,
                joined.len(),
                "{name} rule {}",
                rule.number
            );
            assert_eq!(rule.unchanged_source(), Some(rule_layout.source.as_str()));
            joined.push_str(&rule_layout.source);
        }
        joined.push_str(&layout.footer);
        assert_eq!(joined.as_bytes(), bundled(name), "{name}");
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
