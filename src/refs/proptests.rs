//! Property tests: extraction never panics and its spans are sound;
//! renumbering changes digits only and renumbering back is the identity.

use super::*;
use proptest::prelude::*;
use std::collections::BTreeMap;

/// Pieces of rule text: citations in every shape, and numbers that are not
/// citations. The 9xx numbers are kept free as renumbering targets.
const FRAGMENTS: &[&str] = &[
    "Rule 206",
    "rule 312",
    "Rules 101-117 (immutable) and 201-219 (mutable)",
    "superseding 203",
    "superseding 201, 212, 213, and 217",
    "superseding Rule 215",
    "both Rule 206 and Rule 304",
    "per rule 113",
    "Relevant Rules: 116, 307",
    "the first paragraph of rule 301",
    "Rules 201, 212 and 213",
    "Rules 303-305",
    "Rules 201 to 219",
    "Rule 206 to 250 words",
    "section 3 of Rule 304",
    "Rule 206,\n2. Each",
    "superseding 201, 212, and\n      304.",
    "Rule 304's",
    "Rule\n      304",
    "[Rule 304](rules/md/304.md)",
    "100's",
    "600's and above",
    "rule number less than 300",
    "1d6",
    "24 hours",
    "35 points",
    "Proposal 304",
    "801x801",
    "(R1T3)",
    "Jun 4, 2020",
    "players",
    "shall",
    "the",
    "and",
    ",",
    ".",
    "\n\n",
    "*",
];

fn synthetic_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(FRAGMENTS), 0..40)
        .prop_map(|pieces| pieces.join(" "))
}

fn without_digits(text: &str) -> String {
    text.chars().filter(|c| !c.is_ascii_digit()).collect()
}

proptest! {
    #[test]
    fn extraction_never_panics_and_spans_are_sound(text in any::<String>()) {
        for reference in extract(&text) {
            prop_assert!(reference.span.end <= text.len());
            prop_assert!(!reference.numbers.is_empty());
            for cited in &reference.numbers {
                prop_assert_eq!(&text[cited.span.clone()], cited.number.to_string());
                prop_assert!(reference.span.start <= cited.span.start);
                prop_assert!(cited.span.end <= reference.span.end);
            }
        }
    }

    #[test]
    fn extraction_never_panics_on_citation_like_text(
        text in "([Rr]ules?|supersed(ing|es)|first paragraph of|[0-9]{1,7}|[-–,:&'’/. \n()*#\\[\\]]|and|or|hours|s){0,30}"
    ) {
        for reference in extract(&text) {
            for cited in &reference.numbers {
                prop_assert_eq!(&text[cited.span.clone()], cited.number.to_string());
            }
        }
    }

    #[test]
    fn renumbering_changes_digits_only(
        text in synthetic_text(),
        mapping in proptest::collection::btree_map(100u32..700, 0u32..100_000, 0..6),
    ) {
        let renumbered = renumber(&text, &mapping);
        prop_assert_eq!(without_digits(&renumbered.text), without_digits(&text));
        for span in &renumbered.rewritten {
            let digits = &renumbered.text[span.clone()];
            let number: u32 = digits.parse().unwrap();
            prop_assert!(mapping.values().any(|&new| new == number));
        }
    }

    #[test]
    fn renumbered_text_cites_the_renumbered_rules_in_the_same_places(
        text in synthetic_text(),
        mapping in proptest::collection::btree_map(100u32..700, 0u32..100_000, 0..6),
    ) {
        let before = extract(&text);
        let renumbered = renumber(&text, &mapping);
        let after = extract(&renumbered.text);
        prop_assert_eq!(before.len(), after.len());
        for (old, new) in before.iter().zip(&after) {
            prop_assert_eq!(old.kind, new.kind);
            prop_assert_eq!(old.numbers.len(), new.numbers.len());
            for (old, new) in old.numbers.iter().zip(&new.numbers) {
                prop_assert_eq!(old.range_end.is_some(), new.range_end.is_some());
                if old.range_end.is_none() {
                    let expected = mapping.get(&old.number).copied().unwrap_or(old.number);
                    let kept = renumbered.skipped.iter().any(|s| s.cited == *old);
                    prop_assert_eq!(new.number, if kept { old.number } else { expected });
                }
            }
        }
    }

    #[test]
    fn renumbering_there_and_back_is_the_identity(
        text in synthetic_text(),
        from in proptest::sample::select(vec![113u32, 201, 203, 206, 212, 215, 301, 304, 307]),
        to in 900u32..1000,
    ) {
        let there = renumber(&text, &BTreeMap::from([(from, to)]));
        let back = renumber(&there.text, &BTreeMap::from([(to, from)]));
        prop_assert_eq!(&back.text, &text);
        prop_assert_eq!(there.rewritten.len(), back.rewritten.len());
        prop_assert_eq!(extract(&there.text).len(), extract(&text).len());
    }
}

/// Pieces that make or nearly make a citation, the part citations above
/// all: what the windows of `grammar::candidates` must not miss.
const CITATION_PIECES: &[&str] = &[
    "Rule",
    "rules",
    "RULE",
    "rUlEs:",
    "super",
    "superseding",
    "Supercedes",
    "first",
    "2nd",
    "last",
    "paragraph",
    "Paragraphs",
    "section",
    "subsections",
    "clause",
    "item",
    "bullets",
    "part",
    "of",
    "OF",
    "(a)",
    "(ii)",
    "3",
    "206",
    "101-117",
    "UC1",
    "-216",
    " ",
    "  ",
    "\n",
    "\n\n",
    "\u{a0}",
    "&nbsp;",
    "&#160;",
    "\u{2028}",
    "\t",
    ",",
    "and",
    "to",
    "'s",
    "#",
    "**",
    "[",
    "]",
    "é",
    "overrule",
    "sub-rule",
    "1.",
    "x",
];

fn citation_pieces() -> impl Strategy<Value = String> {
    let separator = proptest::sample::select(&[" ", " ", " ", "", "\n", " \n "][..]);
    let piece = (proptest::sample::select(CITATION_PIECES), separator);
    proptest::collection::vec(piece, 0..40).prop_map(|pieces| {
        pieces
            .into_iter()
            .flat_map(|(piece, separator)| [piece, separator])
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn the_windows_find_what_a_scan_of_every_position_finds(text in any::<String>()) {
        prop_assert_eq!(extract(&text), grammar::extract_everywhere(&text));
    }

    #[test]
    fn the_windows_find_what_a_scan_of_every_position_finds_in_citation_pieces(
        text in citation_pieces()
    ) {
        prop_assert_eq!(extract(&text), grammar::extract_everywhere(&text));
    }

    #[test]
    fn the_windows_find_what_a_scan_of_every_position_finds_in_rule_text(
        text in synthetic_text()
    ) {
        prop_assert_eq!(extract(&text), grammar::extract_everywhere(&text));
    }
}

#[test]
fn renumbering_304_to_340_and_back_is_the_identity_on_every_bundled_ruleset() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if !path.is_file() {
            continue; // rulesets/scenarios holds simulation scripts
        }
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let cited: std::collections::BTreeSet<u32> = extract(&text)
            .iter()
            .flat_map(|reference| &reference.numbers)
            .flat_map(CitedNumber::numbers)
            .collect();
        for from in cited.iter().copied().chain([304]) {
            let to = (from + 36..).find(|n| !cited.contains(n)).unwrap();
            let there = renumber(&text, &BTreeMap::from([(from, to)]));
            let back = renumber(&there.text, &BTreeMap::from([(to, from)]));
            assert_eq!(back.text, text, "{} {from}->{to}", path.display());
            assert_eq!(without_digits(&there.text), without_digits(&text));
        }
    }
}
