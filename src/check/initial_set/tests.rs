use super::*;
use crate::check::testing::{codes, md_long_file, md_long_rule, File};
use crate::model::{Date, Format, HistoryEntry};

const DECLARATION: &str =
    "The Initial Set consists of Rules 101-102 (immutable) and 201-203 (mutable).";

#[test]
fn the_declaration_is_read_with_refs() {
    let declared = declaration(DECLARATION);
    assert_eq!(declared.len(), 2);
    assert_eq!((declared[0].first, declared[0].last), (101, 102));
    assert_eq!(declared[0].mutability, Mutability::Immutable);
    assert_eq!(&DECLARATION[declared[1].span.clone()], "201-203 (mutable)");
    assert!(declaration("Rules 101-117 apply.").is_empty());
}

fn history_rule(number: u32, immutable: bool, marker: Mutability) -> (Rule, String) {
    let text = if number == 101 { DECLARATION } else { "Text." };
    let entry = HistoryEntry::initial(number, immutable, Date::new(2020, 6, 1));
    md_long_rule(number, 0, marker, text, vec![entry])
}

#[test]
fn with_history_the_initial_entries_must_match_the_declaration() {
    let good = md_long_file(vec![
        history_rule(101, true, Mutability::Immutable),
        history_rule(102, true, Mutability::Immutable),
        history_rule(201, false, Mutability::Mutable),
        history_rule(202, false, Mutability::Mutable),
        history_rule(203, false, Mutability::Mutable),
    ]);
    assert!(check(&good.input()).is_empty());

    let bad = md_long_file(vec![
        history_rule(101, true, Mutability::Immutable),
        history_rule(102, true, Mutability::Immutable),
        history_rule(201, true, Mutability::Immutable),
        history_rule(203, false, Mutability::Mutable),
        history_rule(204, false, Mutability::Mutable),
    ]);
    let findings = check(&bad.input());
    assert_eq!(codes(&findings), ["N301", "N301", "N302"]);
    assert!(bad
        .at(&findings[0].span)
        .contains("Initial immutable Rule 201"));
    assert_eq!(
        findings[0].message,
        "rule 201 is recorded as initially immutable, but rule 101 declares rules 201-203 mutable"
    );
    assert!(bad
        .at(&findings[1].span)
        .contains("Initial mutable Rule 204"));
    assert_eq!(
        findings[2].message,
        "rule 202 of the declared Initial Set is missing"
    );
    assert_eq!(bad.at(&findings[2].span), "201-203 (mutable)");
}

fn plain(rules: &[(u32, bool)]) -> File {
    let sources: Vec<String> = rules
        .iter()
        .map(|(n, imm)| {
            let marker = if *imm { " (Immutable)" } else { "" };
            let text = if *n == 101 { DECLARATION } else { "Text." };
            format!("Rule {n}{marker}\n\n{text}\n\n\n")
        })
        .collect();
    let built = rules
        .iter()
        .zip(&sources)
        .map(|((n, imm), s)| {
            let text = if *n == 101 { DECLARATION } else { "Text." };
            let mut rule = Rule::new(*n, text);
            if *imm {
                rule.mutability = Mutability::Immutable;
            }
            (rule, s.as_str())
        })
        .collect();
    File::new(Format::TxtPlain, "Nomic Ruleset\n\n\n", built)
}

#[test]
fn without_history_numbers_in_the_ranges_count_and_enacted_rules_do_not() {
    // A later ruleset: 202 and 203 were repealed, 301 was enacted immutable.
    let later = plain(&[(101, true), (102, true), (201, false), (301, true)]);
    assert!(check(&later.input()).is_empty());

    let marker = plain(&[(101, true), (102, false), (201, false), (301, false)]);
    let findings = check(&marker.input());
    assert_eq!(codes(&findings), ["N301"]);
    assert_eq!(marker.at(&findings[0].span), "Rule 102");
    assert_eq!(findings[0].severity, Severity::Warning);

    // An initial ruleset must hold the whole set.
    let initial = plain(&[(101, true), (102, true), (201, false), (203, false)]);
    let findings = check(&initial.input());
    assert_eq!(codes(&findings), ["N302"]);
}
