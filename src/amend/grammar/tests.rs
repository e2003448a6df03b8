use super::*;
use crate::amend::OperationKind;
use crate::diagnostic::Source;
use crate::model::{Date, Mutability, RoundTurn};

fn one(text: &str) -> Proposal {
    let mut all = parse_proposals(text).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(all.len(), 1);
    all.remove(0)
}

fn error_at(text: &str) -> (ProposalError, usize, usize) {
    let err = parse_proposals(text).expect_err("must not parse");
    let location = Source::new("p.md", text).location(err.span.start);
    (err, location.line, location.column)
}

#[test]
fn header_with_every_part_and_an_amendment() {
    let p = one("Proposal 342 (Alekosen), Aug 24, 2020 (R6T1)\nAmend Rule 203 to read:\n> A rule-change is adopted if two thirds vote for it.\n");
    assert_eq!(p.number, Some(342));
    assert_eq!(p.proposer.as_deref(), Some("Alekosen"));
    assert_eq!(p.date, Date::new(2020, 8, 24));
    assert_eq!(p.round_turn, Some(RoundTurn { round: 6, turn: 1 }));
    assert_eq!(
        p.operations[0].kind,
        OperationKind::Amend {
            rule: 203,
            text: "A rule-change is adopted if two thirds vote for it.".into()
        }
    );
    assert_eq!(p.span, 0..44);
}

#[test]
fn header_parts_are_optional_and_may_be_a_markdown_heading() {
    let p = one("# Proposal 7\n\nRepeal Rule 213.\n");
    assert_eq!(
        (p.number, p.proposer, p.date, p.round_turn),
        (Some(7), None, None, None)
    );
    let p = one("Proposal 8 (R2T3)\nRepeal Rule 213\n");
    assert_eq!(p.round_turn, Some(RoundTurn { round: 2, turn: 3 }));
    assert_eq!(p.proposer, None);
    let p = one("## Proposal 9 (Fenris Wolf), 2020-08-14:\nRepeal Rule 213.\n");
    assert_eq!(p.proposer.as_deref(), Some("Fenris Wolf"));
    assert_eq!(p.date, Date::new(2020, 8, 14));
    let p = one("Proposal 10, August 3, 2020\nRepeal Rule 213.\n");
    assert_eq!(p.date, Date::new(2020, 8, 3));
    let p = one("# Proposal 11 (JRK), Aug 4, 2020 (R6T2): No more votes\nRepeal Rule 213.\n");
    assert_eq!(p.title.as_deref(), Some("No more votes"));
    assert_eq!(p.round_turn, Some(RoundTurn { round: 6, turn: 2 }));
    assert_eq!(one("Proposal 12:\nRepeal Rule 213.\n").title, None);
}

#[test]
fn every_operation_parses() {
    let text = "Proposal 350 (Sauce), Sep 1, 2020 (R7T2)\n\
        Enact a new immutable rule:\n\
        > First paragraph,\n\
        > second line.\n\
        >\n\
        > Second paragraph.\n\
        \n\
        Enact a new rule as Rule 351.\n\
        > Plain.\n\
        In Rule 203, replace \"simple majority\" with \"two thirds\".\n\
        In rule 204 replace “the word \"extend\"” with “”\n\
        Repeal Rule 213.\n\
        Transmute Rule 108 to mutable.\n\
        Renumber Rule 304 to 340.\n\
        Reenact Rule 212 as immutable to read:\n\
        \n\
        > Back again.\n";
    let kinds: Vec<OperationKind> = one(text).operations.into_iter().map(|o| o.kind).collect();
    assert_eq!(
        kinds,
        vec![
            OperationKind::Enact {
                number: None,
                mutability: Mutability::Immutable,
                text: "First paragraph,\nsecond line.\n\nSecond paragraph.".into()
            },
            OperationKind::Enact {
                number: Some(351),
                mutability: Mutability::Mutable,
                text: "Plain.".into()
            },
            OperationKind::Replace {
                rule: 203,
                find: "simple majority".into(),
                replacement: "two thirds".into()
            },
            OperationKind::Replace {
                rule: 204,
                find: "the word \"extend\"".into(),
                replacement: String::new()
            },
            OperationKind::Repeal { rule: 213 },
            OperationKind::Transmute {
                rule: 108,
                to: Mutability::Mutable
            },
            OperationKind::Renumber { rule: 304, to: 340 },
            OperationKind::Reenact {
                rule: 212,
                mutability: Mutability::Immutable,
                text: "Back again.".into()
            },
        ]
    );
}

#[test]
fn several_proposals_in_one_file_and_crlf_line_ends() {
    let all = parse_proposals("Proposal 1\r\nRepeal Rule 2.\r\n\r\nProposal 3\r\nAmend Rule 4 to read:\r\n> A\r\n>\r\n> B\r\n").unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(
        all[1].operations[0].kind,
        OperationKind::Amend {
            rule: 4,
            text: "A\n\nB".into()
        }
    );
    assert_eq!(
        all[1].span.start,
        "Proposal 1\r\nRepeal Rule 2.\r\n\r\n".len()
    );
}

#[test]
fn errors_name_line_column_and_what_was_expected() {
    let (err, line, column) = error_at("Proposal 5\nAmend Rule 203 to say:\n> x\n");
    assert_eq!((line, column), (2, 19));
    assert_eq!(err.expected.as_deref(), Some("`to read:`"));

    let (err, line, column) = error_at("Proposal 5\nRepeal Rule two.\n");
    assert_eq!((line, column), (2, 13));
    assert_eq!(err.expected.as_deref(), Some("a rule number"));

    let (err, line, column) = error_at("Proposal 5\nAbolish Rule 2.\n");
    assert_eq!((line, column), (2, 1));
    assert!(err.expected.unwrap().starts_with("an operation"));

    let (err, line, column) = error_at("Proposal 5\nIn Rule 2, replace \"a\" by \"b\".\n");
    assert_eq!((line, column), (2, 24));
    assert_eq!(err.expected.as_deref(), Some("`with`"));

    let (err, line, _) = error_at("Proposal 5\nAmend Rule 2 to read:\nno quote\n");
    assert_eq!(line, 3);
    assert!(err.message.contains("block quote"), "{}", err.message);

    let (err, line, column) = error_at("Repeal Rule 2.\n");
    assert_eq!((line, column), (1, 1));
    assert!(err.message.contains("header"));

    let (err, ..) = error_at("Proposal 5 (Name), Feb 30, 2020\nRepeal Rule 2.\n");
    assert!(err.message.contains("expected"), "{}", err.message);

    let (err, line, _) = error_at("Proposal 5\n\nProposal 6\nRepeal Rule 2.\n");
    assert_eq!(line, 1);
    assert!(err.message.contains("no operations"));
}

#[test]
fn errors_render_as_located_diagnostics() {
    let text = "Proposal 5\nTransmute Rule 108 to flexible.\n";
    let err = parse_proposals(text).unwrap_err();
    let out =
        crate::diagnostic::render_human(Source::new("p.md", text), &[err.to_diagnostic()], false);
    assert!(out.contains("p.md:2:23"), "{out}");
    assert!(out.contains("expected `mutable` or `immutable`"), "{out}");
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    const PIECES: &[&str] = &[
        "Proposal ",
        "# ",
        "342",
        " (",
        ")",
        ", ",
        "Aug 24, 2020",
        "(R6T1)",
        "\n",
        "\r\n",
        "> ",
        ">",
        "Amend Rule ",
        " to read:",
        "In Rule ",
        " replace \"",
        "\" with \"",
        "“",
        "”",
        "Repeal Rule ",
        "Transmute Rule ",
        " to mutable.",
        "Renumber Rule ",
        " to ",
        "Enact a new immutable rule",
        " as Rule ",
        "Reenact Rule ",
        "é",
        "\u{feff}",
        " ",
        "99999999999",
        ".",
        ":",
    ];

    proptest! {
        #[test]
        fn on_any_mix_of_grammar_pieces(picks in proptest::collection::vec(0..PIECES.len(), 0..40)) {
            let text: String = picks.iter().map(|&i| PIECES[i]).collect();
            if let Err(err) = parse_proposals(&text) {
                prop_assert!(err.span.start <= text.len());
                prop_assert!(!err.message.is_empty());
            }
        }

        #[test]
        fn on_any_text(text in "\\PC{0,200}") {
            let _ = parse_proposals(&text);
        }
    }
}

#[test]
fn a_temporary_rule_becomes_a_rule_numbered_or_not() {
    let kinds = |line: &str| {
        one(&format!("Proposal 340\n{line}\n> Beans.\n")).operations[0]
            .kind
            .clone()
    };
    let from = |number, mutability| OperationKind::FromTemporary {
        temporary: 601,
        number,
        mutability,
        text: "Beans.".into(),
    };
    assert_eq!(
        kinds("Temporary Rule 601 becomes a rule:"),
        from(None, Mutability::Mutable)
    );
    assert_eq!(
        kinds("temporary rule 601 becomes an immutable rule."),
        from(None, Mutability::Immutable)
    );
    assert_eq!(
        kinds("Temporary Rule 601 becomes Rule 650"),
        from(Some(650), Mutability::Mutable)
    );
    let (err, line, column) = error_at("Proposal 340\nTemporary Rule 601 becomes law:\n> x\n");
    assert_eq!((line, column), (2, 28));
    assert_eq!(
        err.expected.as_deref(),
        Some("`a rule`, `an immutable rule` or `Rule N`")
    );
    let (err, ..) = error_at("Proposal 340\nTemporary Rule 601 becomes a rule:\n");
    assert!(err.message.contains("`>` block quote"), "{err:?}");
}

#[test]
fn a_temporary_rule_stands_without_a_proposal_and_says_who_wrote_it() {
    let file = "Temporary Rule 650 (Sauce), Sep 2, 2020 (R6T4) becomes a rule:\n> Beans.\n\
                Temporary Rule 651 becomes a rule:\n> More beans.\n\n\
                Proposal 342\nRepeal Rule 213.\n\
                Temporary Rule 652 (Crorem) becomes a rule:\n> Fewer beans.\n";
    let proposals = parse_proposals(file).unwrap();
    let shape = |p: &Proposal| {
        (
            p.number,
            p.proposer.clone(),
            p.date,
            p.round_turn,
            p.operations.len(),
        )
    };
    let shapes: Vec<_> = proposals.iter().map(shape).collect();
    assert_eq!(
        shapes,
        [
            (
                None,
                Some("Sauce".to_string()),
                Date::new(2020, 9, 2),
                Some(RoundTurn { round: 6, turn: 4 }),
                2
            ),
            (Some(342), None, None, None, 1),
            (None, Some("Crorem".to_string()), None, None, 1),
        ]
    );
    assert_eq!(proposals[0].name(), "Temporary rules");
    // Inside a proposal, without its own author: the proposal's.
    let inside = one("Proposal 342 (Sauce)\nTemporary Rule 650 becomes a rule:\n> x\n");
    assert_eq!(inside.number, Some(342));
    assert_eq!(inside.operations.len(), 1);
}
