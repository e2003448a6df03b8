use super::*;
use crate::model::{
    synthetic_ruleset, DocumentLayout, Format, HistoryKind, LineEnding, Rule, RuleLayout,
};
use proptest::prelude::*;

fn map(pairs: &[(u32, u32)]) -> BTreeMap<u32, u32> {
    pairs.iter().copied().collect()
}

/// A txt-plain file built by hand, with its layout as a parser keeps it.
fn plain_file() -> (String, Ruleset) {
    let header = "Nomic I Final Ruleset\n\n\n";
    let pieces = [
        (302, "A rule-change is adopted by majority."),
        (
            303,
            "Scored, taking precedence over both Rule 206 and Rule 304.",
        ),
        (304, "One turn consists of two parts."),
        (306, "Inactive players, see rule 304."),
    ];
    let mut file = header.to_string();
    let mut rules = Vec::new();
    for (index, (number, text)) in pieces.iter().enumerate() {
        let separator = if index + 1 == pieces.len() {
            ""
        } else {
            "\n\n\n"
        };
        let source = format!("Rule {number}\n\n{text}{separator}");
        let mut rule = Rule::new(*number, *text);
        rule.layout = Some(RuleLayout {
            offset: file.len(),
            fingerprint: rule.fingerprint(),
            trailer: String::new(),
            note: None,
            heading_level: None,
            tree: None,
            source: source.clone(),
            quirks: Vec::new(),
        });
        file.push_str(&source);
        rules.push(rule);
    }
    let mut ruleset = Ruleset::new("Nomic I Final Ruleset", rules);
    ruleset.layout = Some(DocumentLayout {
        format: Format::TxtPlain,
        line_ending: LineEnding::Lf,
        title: "Nomic I Final Ruleset".into(),
        header: header.into(),
        footer: String::new(),
        rules_end: None,
        quirks: Vec::new(),
        dialect: None,
    });
    (file, ruleset)
}

/// The file as the kept pieces say it.
fn kept(ruleset: &Ruleset) -> String {
    let layout = ruleset.layout.as_ref().unwrap();
    let mut out = layout.header.clone();
    for rule in &ruleset.rules {
        out.push_str(rule.unchanged_source().expect("every rule keeps its bytes"));
    }
    out.push_str(&layout.footer);
    out
}

#[test]
fn renumbering_rewrites_citations_and_patches_the_kept_bytes() {
    let (file, mut ruleset) = plain_file();
    let notes = renumber(&mut ruleset, &map(&[(304, 340)])).unwrap();
    assert!(notes.is_empty(), "{notes:?}");
    let numbers: Vec<u32> = ruleset.rules.iter().map(|r| r.number).collect();
    assert_eq!(numbers, [302, 303, 306, 340]);
    assert_eq!(
        ruleset.rule(303).unwrap().text,
        "Scored, taking precedence over both Rule 206 and Rule 340."
    );
    assert_eq!(
        ruleset.rule(306).unwrap().text,
        "Inactive players, see rule 340."
    );
    let expected = file
        .replace("Rule 304\n\nOne turn consists of two parts.\n\n\n", "")
        .replace("Rule 304.", "Rule 340.")
        .replace("rule 304.", "rule 340.")
        + "\n\n\nRule 340\n\nOne turn consists of two parts.";
    assert_eq!(kept(&ruleset), expected);
}

#[test]
fn a_repealed_rule_is_reported_not_renumbered() {
    let (_, mut ruleset) = plain_file();
    let before = ruleset.clone();
    let notes = renumber(&mut ruleset, &map(&[(206, 260)])).unwrap();
    assert_eq!(ruleset, before);
    assert_eq!(notes.len(), 1);
    assert!(
        notes[0].message.contains("Rule 206 is not in the ruleset"),
        "{}",
        notes[0]
    );
    assert!(notes[0].message.contains("Rules 303"), "{}", notes[0]);
}

#[test]
fn two_rules_cannot_share_a_number_but_may_swap() {
    let (_, mut ruleset) = plain_file();
    assert!(renumber(&mut ruleset, &map(&[(302, 306)])).is_err());
    assert!(renumber(&mut ruleset, &map(&[(302, 310), (303, 310)])).is_err());
    renumber(&mut ruleset, &map(&[(304, 306), (306, 304)])).unwrap();
    assert_eq!(
        ruleset.rule(304).unwrap().text,
        "Inactive players, see rule 306."
    );
    assert_eq!(
        ruleset.rule(303).unwrap().text,
        "Scored, taking precedence over both Rule 206 and Rule 306."
    );
}

#[test]
fn ranges_that_would_split_are_reported() {
    let mut ruleset = Ruleset::new(
        "t",
        vec![
            Rule::new(101, "The Initial Set consists of Rules 101-103."),
            Rule::new(102, "Two."),
            Rule::new(103, "Three."),
        ],
    );
    let notes = renumber(&mut ruleset, &map(&[(102, 150)])).unwrap();
    assert_eq!(
        ruleset.rule(101).unwrap().text,
        "The Initial Set consists of Rules 101-103."
    );
    assert_eq!(notes.len(), 1);
    assert!(notes[0].message.contains("`101-103`"), "{}", notes[0]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn renumbering_and_back_is_the_identity(seed in 0u64..1000, pick in 0usize..40, target in 900u32..999) {
        let original = synthetic_ruleset(40, seed);
        let old = original.rules[pick].number;
        let mut ruleset = original.clone();
        renumber(&mut ruleset, &map(&[(old, target)])).unwrap();
        prop_assert!(ruleset.rule(old).is_none());
        prop_assert!(ruleset.rule(target).is_some());
        renumber(&mut ruleset, &map(&[(target, old)])).unwrap();
        // The moved rule's history records both renumberings; apart from
        // that the ruleset is the original.
        let moved = ruleset.rule_mut(old).unwrap();
        let records: Vec<String> = moved
            .history
            .iter()
            .filter(|e| e.kind == HistoryKind::Renumbered)
            .map(|e| e.source.clone())
            .collect();
        prop_assert_eq!(records, vec![
            format!("Renumbered from Rule {old} to Rule {target}"),
            format!("Renumbered from Rule {target} to Rule {old}"),
        ]);
        moved.history.retain(|e| e.kind != HistoryKind::Renumbered);
        prop_assert_eq!(ruleset, original);
    }

    #[test]
    fn renumbering_and_back_keeps_the_bytes(swap in any::<bool>(), target in 400u32..9999) {
        let (file, original) = plain_file();
        let mut ruleset = original.clone();
        let forward = if swap { map(&[(303, 304), (304, 303)]) } else { map(&[(304, target)]) };
        let back: BTreeMap<u32, u32> = forward.iter().map(|(&a, &b)| (b, a)).collect();
        renumber(&mut ruleset, &forward).unwrap();
        renumber(&mut ruleset, &back).unwrap();
        prop_assert_eq!(kept(&ruleset), file);
        prop_assert_eq!(ruleset.without_layout(), original.without_layout());
    }
}

#[test]
fn applying_keeps_the_sources_joinable_when_the_last_rule_changes() {
    use crate::amend::{apply, parse_proposals, ApplyOptions};
    let (file, ruleset) = plain_file();
    let run = |text: &str| {
        let proposals = parse_proposals(text).unwrap();
        apply(&ruleset, &proposals, &ApplyOptions::default())
            .unwrap()
            .ruleset
    };
    let enacted = run("Proposal 400\nEnact a new rule:\n> New.\n");
    let old_last = enacted.rule(306).unwrap().unchanged_source().unwrap();
    assert!(old_last.ends_with("see rule 304.\n\n\n"), "{old_last:?}");

    let repealed = run("Proposal 401\nRepeal Rule 306.\n");
    assert_eq!(
        kept(&repealed),
        file.replace("\n\n\nRule 306\n\nInactive players, see rule 304.", "")
    );
}

#[test]
fn a_ruler_in_a_dialect_rule_is_its_text_not_a_separator() {
    // Found by the `apply` fuzz target: moving the last rule of a dialect
    // file took the `---` that is its text for the separator before the end
    // of the file, and dropped it.
    let file = "  - 1 One\n  - 3 Three\n  - 2 Two\n---\n";
    let parsed = crate::parse::read(file.as_bytes(), &Default::default()).unwrap();
    assert_eq!(parsed.format, Format::Dialect);
    let mut ruleset = parsed.ruleset;
    // No rule has a body under its first line: the words are its text.
    assert_eq!(ruleset.rule(2).unwrap().text, "Two\n---");
    renumber(&mut ruleset, &map(&[(3, 4)])).unwrap();
    let written = crate::render::render(&ruleset, Format::Dialect, &Default::default()).unwrap();
    assert!(written.contains("  - 2 Two\n---\n"), "{written:?}");
    assert!(written.contains("  - 4 Three"), "{written:?}");
}
