use super::*;
use crate::check::testing::{codes, md_long_file, md_long_rule, File};
use crate::model::{Change, Date, HistoryEntry, HistoryKind, Mutability};

fn change(proposal: u32, month: u8, day: u8) -> Change {
    Change {
        proposal,
        proposer: Some("Sauce".into()),
        date: Date::new(2020, month, day),
        round_turn: None,
    }
}

/// A md-long file of one rule with this history (its text does not matter).
fn one_rule(
    number: u32,
    revision: u32,
    mutability: Mutability,
    history: Vec<HistoryEntry>,
) -> File {
    md_long_file(vec![md_long_rule(
        number, revision, mutability, "Text.", history,
    )])
}

fn initial(number: u32, immutable: bool) -> HistoryEntry {
    HistoryEntry::initial(number, immutable, Date::new(2020, 6, 1))
}

#[test]
fn revision_must_count_the_amendments() {
    let history = vec![
        initial(203, false),
        HistoryEntry::amended(1, &change(329, 7, 27)),
    ];
    let bad = one_rule(203, 0, Mutability::Mutable, history.clone());
    let findings = check(&bad.input());
    assert_eq!(codes(&findings), ["N201"]);
    assert_eq!(bad.at(&findings[0].span), "## 203/0");
    assert_eq!(
        findings[0].message,
        "rule 203 has revision 0 but its history records 1 amendment"
    );
    let good = one_rule(203, 1, Mutability::Mutable, history);
    assert!(check(&good.input()).is_empty());
}

#[test]
fn amendments_are_numbered_in_order() {
    let history = vec![
        initial(203, false),
        HistoryEntry::amended(1, &change(329, 7, 27)),
        HistoryEntry::amended(3, &change(331, 7, 29)),
    ];
    let file = one_rule(203, 2, Mutability::Mutable, history);
    let findings = check(&file.input());
    assert_eq!(codes(&findings), ["N201"]);
    assert!(file
        .at(&findings[0].span)
        .starts_with("*Amended (3) by Proposal 331"));
}

#[test]
fn dates_going_back_are_flagged_on_the_later_line() {
    let history = vec![
        HistoryEntry::enacted(&change(305, 6, 11)),
        HistoryEntry::amended(1, &change(306, 6, 13)),
        HistoryEntry::amended(2, &change(307, 6, 2)),
    ];
    let file = one_rule(305, 2, Mutability::Mutable, history);
    let findings = check(&file.input());
    assert_eq!(codes(&findings), ["N202"]);
    assert!(file.at(&findings[0].span).contains("Jun 2, 2020"));
    assert_eq!(file.input().line_of(findings[0].span.start), 11);
}

#[test]
fn unreadable_history_and_judgment_lines_are_flagged() {
    let history = vec![
        initial(201, false),
        HistoryEntry::new(HistoryKind::Other, "Mangled by a cat"),
    ];
    let (mut rule, mut source) = md_long_rule(201, 0, Mutability::Mutable, "Text.", history);
    rule.judgments.push(crate::model::Judgment {
        text: "Something".into(),
        judge: None,
        date: None,
        round: None,
        turn: None,
        source: "Something unreadable".into(),
    });
    source.push_str("##### *Judgments*\n\n*Something unreadable*\n\n");
    let file = md_long_file(vec![(rule, source)]);
    let findings = check(&file.input());
    assert_eq!(codes(&findings), ["N203", "N204"]);
    assert_eq!(file.at(&findings[0].span), "*Mangled by a cat*");
    assert_eq!(file.at(&findings[1].span), "*Something unreadable*");
}

#[test]
fn an_enacted_rule_takes_its_proposals_number() {
    let bad = one_rule(
        304,
        0,
        Mutability::Mutable,
        vec![HistoryEntry::enacted(&change(305, 6, 9))],
    );
    let findings = check(&bad.input());
    assert_eq!(codes(&findings), ["N205"]);
    assert_eq!(findings[0].message, "rule 304 was enacted by proposal 305");
    assert_eq!(bad.at(&findings[0].span), "## 304/0");

    // Amendments keep the number; a temporary rule keeps its own number.
    let good = md_long_file(vec![
        md_long_rule(
            219,
            1,
            Mutability::Mutable,
            "Text.",
            vec![
                initial(219, false),
                HistoryEntry::amended(1, &change(301, 6, 3)),
            ],
        ),
        md_long_rule(
            601,
            0,
            Mutability::Mutable,
            "Text.",
            vec![HistoryEntry::created_from_temporary(&change(601, 8, 14))],
        ),
    ]);
    assert!(check(&good.input()).is_empty());
}

#[test]
fn the_immutable_marker_must_follow_the_history() {
    let bad = one_rule(205, 0, Mutability::Immutable, vec![initial(205, false)]);
    let findings = check(&bad.input());
    assert_eq!(codes(&findings), ["N206"]);
    assert_eq!(bad.at(&findings[0].span), "## 205/0 (IMMUTABLE)");

    let transmuted = one_rule(
        205,
        0,
        Mutability::Immutable,
        vec![
            initial(205, false),
            HistoryEntry::transmuted(true, &change(340, 8, 20)),
        ],
    );
    assert!(check(&transmuted.input()).is_empty());

    let enacted_immutable = one_rule(
        327,
        0,
        Mutability::Immutable,
        vec![HistoryEntry::enacted(&change(327, 7, 21))],
    );
    assert!(check(&enacted_immutable.input()).is_empty());
}

#[test]
fn an_unreadable_amended_line_counts_and_raises_no_revision_mismatch() {
    // `Amended by Proposal 306 (…)` without `(1)`: N203 where it is, and it
    // is still one amendment, so `305/1` is right and N201 stays quiet.
    let history = vec![
        HistoryEntry::enacted(&change(305, 6, 11)),
        HistoryEntry::new(
            HistoryKind::Other,
            "Amended by Proposal 306 (Sauce), Jun 13, 2020 (R1T5)",
        ),
    ];
    let file = one_rule(305, 1, Mutability::Mutable, history.clone());
    let findings = check(&file.input());
    assert_eq!(codes(&findings), ["N203"]);
    assert_eq!(
        findings[0].message,
        "a history line of rule 305 could not be read"
    );
    assert_eq!(
        findings[0].label.as_deref(),
        Some("not a known history entry (counted as an amendment)")
    );
    // Revision 0 really disagrees with the one amendment.
    let file = one_rule(305, 0, Mutability::Mutable, history);
    let findings = check(&file.input());
    assert_eq!(codes(&findings), ["N201", "N203"]);
    assert_eq!(
        findings[0].message,
        "rule 305 has revision 0 but its history records 1 amendment"
    );
    assert_eq!(
        findings[0].help.as_deref(),
        Some("the revision is the number of amendments: if the history is complete, write 305/1 in the heading; if the heading is right, the history lists an amendment that was not made: remove it instead")
    );
}

#[test]
fn a_revision_ahead_of_the_history_says_which_to_change() {
    let history = vec![
        initial(203, false),
        HistoryEntry::amended(1, &change(329, 7, 27)),
    ];
    let file = one_rule(203, 2, Mutability::Mutable, history);
    let findings = check(&file.input());
    assert_eq!(codes(&findings), ["N201"]);
    assert_eq!(
        findings[0].help.as_deref(),
        Some("the revision is the number of amendments: if the history is complete, write 203/1 in the heading; if 2 amendments were made, add the missing `Amended (k) by Proposal …` lines to the history instead")
    );
}
