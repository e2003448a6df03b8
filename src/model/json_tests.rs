//! The direct writer is held to serde_json: the same bytes for every
//! bundled ruleset and fixture (read with and without layout) and for
//! arbitrary rules.

use super::*;
use crate::model::Mutability;
use proptest::prelude::*;

/// What serde_json writes for a ruleset, and what the writer writes.
fn both(ruleset: &Ruleset) -> (String, String) {
    let expected = serde_json::to_string_pretty(ruleset).unwrap();
    let mut out = Vec::new();
    write_ruleset(&mut out, ruleset).unwrap();
    (expected, String::from_utf8(out).unwrap())
}

#[test]
fn every_bundled_ruleset_and_fixture_writes_as_serde_json_writes_it() {
    let files = crate::test_files::repository_files();
    let mut written = 0;
    let mut agora = 0;
    let options = crate::parse::ReadOptions::default();
    for path in files {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Ok(parsed) = crate::parse::read(&bytes, &options) else {
            continue;
        };
        let (expected, got) = both(&parsed.ruleset);
        assert!(expected == got, "{} with layout", path.display());
        let bare = parsed.ruleset.into_without_layout();
        let (expected, got) = both(&bare);
        assert!(expected == got, "{} without layout", path.display());
        written += 1;
        agora += usize::from(bare.agora.is_some());
    }
    assert!(written >= 40, "only {written} rulesets read");
    assert!(agora >= 1, "no Agora ruleset among them");
}

#[test]
fn an_empty_ruleset_and_a_rule_of_empty_lists_write_as_serde_json_writes_them() {
    let (expected, got) = both(&Ruleset::new("", Vec::new()));
    assert_eq!(got, expected);
    let (expected, got) = both(&Ruleset::new("T", vec![Rule::new(0, "")]));
    assert_eq!(got, expected);
}

#[test]
fn every_history_kind_writes_its_serde_name() {
    for kind in KINDS {
        let expected = serde_json::to_string(&kind).unwrap();
        assert_eq!(format!("\"{}\"", kind_name(kind)), expected);
    }
}

#[test]
fn every_byte_escapes_as_serde_json_escapes_it() {
    for byte in 0u8..0x80 {
        let text = format!("a{}bcdefghij{}", byte as char, byte as char);
        let mut out = Vec::new();
        string(&mut out, &text);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            serde_json::to_string(&text).unwrap()
        );
    }
}

/// Strings of what JSON escapes and what it must not: quotes, backslashes,
/// control characters, U+2028, astral characters, plain words.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("\"".to_string()),
        Just("\\".to_string()),
        Just("\u{2028}".to_string()),
        Just("\u{1f600}".to_string()),
        Just("é".to_string()),
        Just("\u{7f}".to_string()),
        (0u8..0x20).prop_map(|b| (b as char).to_string()),
        "[a-zA-Z ,.]{0,12}",
    ];
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

fn date() -> impl Strategy<Value = Option<Date>> {
    prop::option::of(
        (-20i32..12000, 1u8..=12, 1u8..=28).prop_map(|(year, month, day)| Date {
            year,
            month,
            day,
        }),
    )
}

fn entry() -> impl Strategy<Value = HistoryEntry> {
    (
        (
            0usize..9,
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u32>()),
        ),
        (
            prop::option::of(text()),
            date(),
            prop::option::of(any::<u32>()),
        ),
        (
            prop::option::of(any::<u32>()),
            prop::option::of(text()),
            text(),
        ),
    )
        .prop_map(
            |((kind, amendment, proposal), (proposer, date, round), (turn, link, source))| {
                HistoryEntry {
                    amendment,
                    proposal,
                    proposer,
                    date,
                    round,
                    turn,
                    link,
                    ..HistoryEntry::new(KINDS[kind], source)
                }
            },
        )
}

const KINDS: [HistoryKind; 9] = [
    HistoryKind::Initial,
    HistoryKind::Enacted,
    HistoryKind::Amended,
    HistoryKind::Transmuted,
    HistoryKind::Repealed,
    HistoryKind::Reenacted,
    HistoryKind::CreatedFromTemporary,
    HistoryKind::Renumbered,
    HistoryKind::Other,
];

fn judgment() -> impl Strategy<Value = Judgment> {
    (
        (text(), prop::option::of(text()), date()),
        (
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u32>()),
            text(),
        ),
    )
        .prop_map(|((text, judge, date), (round, turn, source))| Judgment {
            text,
            judge,
            date,
            round,
            turn,
            source,
        })
}

fn rule() -> impl Strategy<Value = Rule> {
    (
        (
            any::<u32>(),
            prop::option::of(text()),
            prop::option::of(text()),
        ),
        (
            prop::option::of(any::<u32>()),
            prop::option::of(text()),
            text(),
        ),
        prop::collection::vec(entry(), 0..3),
        prop::collection::vec(judgment(), 0..3),
    )
        .prop_map(
            |((number, id, title), (revision, marker, body), history, judgments)| Rule {
                id,
                title,
                revision,
                mutability: match marker {
                    Some(marker) if marker.is_empty() => Mutability::Immutable,
                    Some(marker) => Mutability::Other(marker),
                    None => Mutability::Mutable,
                },
                history,
                judgments,
                ..Rule::new(number, body)
            },
        )
}

proptest! {
    #[test]
    fn arbitrary_rules_write_as_serde_json_writes_them(
        title in text(),
        rules in prop::collection::vec(rule(), 0..4),
    ) {
        let (expected, got) = both(&Ruleset::new(title, rules));
        prop_assert_eq!(got, expected);
    }
}
