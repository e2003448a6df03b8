use super::*;
use crate::amend::parse_proposals;
use crate::model::Date;

fn rule(number: u32, mutability: Mutability, text: &str, history: HistoryEntry) -> Rule {
    Rule {
        revision: Some(0),
        mutability,
        history: vec![history],
        ..Rule::new(number, text)
    }
}

/// A small long-format ruleset built by hand.
fn ruleset() -> Ruleset {
    let start = Date::new(2020, 6, 1);
    let initial = |n, immutable| HistoryEntry::initial(n, immutable, start);
    let enacted = HistoryEntry::enacted(&Change {
        proposal: 301,
        proposer: Some("Sauce".into()),
        date: Date::new(2020, 6, 3),
        round_turn: None,
    });
    Ruleset::new(
        "TEST RULESET (LONG FORMAT)",
        vec![
            rule(
                101,
                Mutability::Immutable,
                "All players must abide by the rules.",
                initial(101, true),
            ),
            rule(
                201,
                Mutability::Mutable,
                "Players vote on proposals as Rule 202 says.",
                initial(201, false),
            ),
            rule(
                202,
                Mutability::Mutable,
                "A simple majority adopts a proposal. A simple rule.",
                initial(202, false),
            ),
            rule(
                301,
                Mutability::Mutable,
                "Points are scored per Rule 202.",
                enacted,
            ),
        ],
    )
}

fn run(text: &str) -> Result<Applied, AmendError> {
    run_with(text, &ApplyOptions::default())
}

fn run_with(text: &str, options: &ApplyOptions) -> Result<Applied, AmendError> {
    let proposals = parse_proposals(text).unwrap_or_else(|e| panic!("{e:?}"));
    apply(&ruleset(), &proposals, options)
}

fn numbers(ruleset: &Ruleset) -> Vec<u32> {
    ruleset.rules.iter().map(|r| r.number).collect()
}

fn sources(rule: &Rule) -> Vec<&str> {
    rule.history.iter().map(|e| e.source.as_str()).collect()
}

fn refused(text: &str) -> AmendErrorKind {
    run(text).expect_err("must be refused").kind
}

#[test]
fn enacting_takes_the_proposal_number_and_keeps_number_order() {
    let applied = run("Proposal 303 (THUNDER THIGHS), Jun 7, 2020 (R1T3)\nEnact a new rule:\n> Proposals are secret.\n").unwrap();
    let ruleset = &applied.ruleset;
    assert_eq!(numbers(ruleset), [101, 201, 202, 301, 303]);
    let new = ruleset.rule(303).unwrap();
    assert_eq!(new.text, "Proposals are secret.");
    assert_eq!(
        (new.revision, &new.mutability),
        (Some(0), &Mutability::Mutable)
    );
    assert_eq!(
        sources(new),
        ["Enacted by Proposal 303 (THUNDER THIGHS), Jun 7, 2020 (R1T3)"]
    );
    assert_eq!(applied.changed, BTreeSet::from([303]));

    let applied = run("Proposal 304\nEnact a new immutable rule as Rule 150:\n> Fixed.\n").unwrap();
    assert_eq!(numbers(&applied.ruleset), [101, 150, 201, 202, 301]);
    assert!(applied.ruleset.rule(150).unwrap().is_immutable());
}

#[test]
fn amending_sets_text_revision_and_history() {
    let applied = run("Proposal 329 (Alekosen), Jul 27, 2020\nAmend Rule 202 to read:\n> Two thirds adopt a proposal.\n").unwrap();
    let amended = applied.ruleset.rule(202).unwrap();
    assert_eq!(amended.text, "Two thirds adopt a proposal.");
    assert_eq!(amended.revision, Some(1));
    assert_eq!(
        sources(amended),
        [
            "Initial mutable Rule 202, Jun 1, 2020",
            "Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020"
        ]
    );
    assert_eq!(amended.history[1].amendment, Some(1));
}

#[test]
fn replacements_need_exactly_one_occurrence_and_count_as_one_amendment() {
    let applied = run("Proposal 330\nIn Rule 202, replace \"majority\" with \"plurality\".\nIn Rule 202, replace \"A simple rule.\" with \"\".\n").unwrap();
    let amended = applied.ruleset.rule(202).unwrap();
    assert_eq!(amended.text, "A simple plurality adopts a proposal. ");
    assert_eq!(amended.revision, Some(1));
    assert_eq!(amended.history.len(), 2);

    assert_eq!(
        refused("Proposal 330\nIn Rule 202, replace \"simple\" with \"plain\".\n"),
        AmendErrorKind::ReplaceCount {
            rule: 202,
            find: "simple".into(),
            count: 2
        }
    );
    let err = run("Proposal 330\nIn Rule 202, replace \"unanimity\" with \"x\".\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "in Rule 202, \"unanimity\" occurs 0 times; a replacement needs exactly one occurrence"
    );
}

#[test]
fn repealing_removes_the_rule_and_reports_citations_of_it() {
    let applied = run("Proposal 331\nRepeal Rule 202.\n").unwrap();
    assert_eq!(numbers(&applied.ruleset), [101, 201, 301]);
    assert_eq!(applied.repealed, BTreeSet::from([202]));
    let cited_by: Vec<Option<u32>> = applied.notes.iter().map(|n| n.rule).collect();
    assert_eq!(cited_by, [Some(201), Some(301)]);
    assert!(applied.notes[0]
        .message
        .contains("cites Rule 202, which Proposal 331 repealed"));
    assert_eq!(
        applied.ruleset.rule(201).unwrap().text,
        "Players vote on proposals as Rule 202 says."
    );
}

#[test]
fn transmuting_first_allows_amending_an_immutable_rule() {
    let applied = run("Proposal 332 (Crorem)\nTransmute Rule 101 to mutable.\nAmend Rule 101 to read:\n> Abide.\n").unwrap();
    let rule = applied.ruleset.rule(101).unwrap();
    assert_eq!(
        (rule.text.as_str(), &rule.mutability, rule.revision),
        ("Abide.", &Mutability::Mutable, Some(1))
    );
    assert_eq!(
        sources(rule)[1..],
        [
            "Transmuted to mutable by Proposal 332 (Crorem)",
            "Amended (1) by Proposal 332 (Crorem)"
        ]
    );
    let applied = run("Proposal 333\nTransmute Rule 201 to immutable.\n").unwrap();
    let rule = applied.ruleset.rule(201).unwrap();
    assert!(rule.is_immutable());
    assert_eq!(rule.revision, Some(0));
}

#[test]
fn renumbering_rewrites_every_citation() {
    let applied = run("Proposal 334\nRenumber Rule 202 to 250.\n").unwrap();
    assert_eq!(numbers(&applied.ruleset), [101, 201, 250, 301]);
    assert_eq!(
        applied.ruleset.rule(201).unwrap().text,
        "Players vote on proposals as Rule 250 says."
    );
    assert_eq!(
        applied.ruleset.rule(301).unwrap().text,
        "Points are scored per Rule 250."
    );
    assert_eq!(applied.changed, BTreeSet::from([250]));
}

#[test]
fn reenacting_brings_a_repealed_rule_back() {
    let proposals = parse_proposals("Proposal 335\nRepeal Rule 202.\n\nProposal 336 (JRK)\nReenact Rule 202 to read:\n> Majority again.\n").unwrap();
    let applied = apply(&ruleset(), &proposals, &ApplyOptions::default()).unwrap();
    assert!(applied.repealed.is_empty(), "{:?}", applied.repealed);
    assert_eq!(applied.changed, BTreeSet::from([202]));
    let back = applied.ruleset.rule(202).unwrap();
    assert_eq!(back.text, "Majority again.");
    assert_eq!(sources(back), ["Reenacted by Proposal 336 (JRK)"]);
    assert_eq!(
        refused("Proposal 337\nReenact Rule 201 to read:\n> x\n"),
        AmendErrorKind::RuleExists {
            rule: 201,
            verb: "reenact"
        }
    );
}

#[test]
fn renumber_numbering_gives_amended_rules_the_proposal_number() {
    let options = ApplyOptions {
        numbering: Some(Numbering::Renumber),
        links: None,
    };
    let applied = run_with(
        "Proposal 340\nAmend Rule 202 to read:\n> Two thirds.\n",
        &options,
    )
    .unwrap();
    assert_eq!(numbers(&applied.ruleset), [101, 201, 301, 340]);
    let moved = applied.ruleset.rule(340).unwrap();
    assert_eq!(
        (moved.text.as_str(), moved.revision),
        ("Two thirds.", Some(1))
    );
    assert_eq!(
        sources(moved)[1..],
        [
            "Amended (1) by Proposal 340",
            "Renumbered from Rule 202 to Rule 340 by Proposal 340"
        ]
    );
    assert_eq!(
        applied.ruleset.rule(201).unwrap().text,
        "Players vote on proposals as Rule 340 says."
    );
    assert_eq!(applied.numbering, Numbering::Renumber);

    let err = run_with(
        "Proposal 341\nAmend Rule 202 to read:\n> a\nAmend Rule 201 to read:\n> b\n",
        &options,
    )
    .unwrap_err();
    assert_eq!(
        err.kind,
        AmendErrorKind::NumberCollision {
            number: 341,
            rules: vec![201, 202]
        }
    );
}

#[test]
fn new_entries_link_to_the_rule_page_at_the_commit() {
    let links = Links {
        template: "https://x.org/{commit}/rules/md/{rule}.md".into(),
        commit: "abc123".into(),
    };
    let options = ApplyOptions {
        numbering: None,
        links: Some(links),
    };
    let applied = run_with("Proposal 342\nAmend Rule 201 to read:\n> New.\n", &options).unwrap();
    let rule = applied.ruleset.rule(201).unwrap();
    assert_eq!(rule.history[0].link, None);
    assert_eq!(
        rule.history[1].link.as_deref(),
        Some("https://x.org/abc123/rules/md/201.md")
    );
    let created = run_with(
        "Proposal 342\nTemporary Rule 601 becomes a rule:\n> Beans.\n",
        &options,
    )
    .unwrap();
    assert_eq!(
        created.ruleset.rule(601).unwrap().history[0]
            .link
            .as_deref(),
        Some("https://x.org/abc123/rules/md/601.md")
    );
}

#[test]
fn refusals() {
    assert_eq!(
        refused("Proposal 350\nAmend Rule 101 to read:\n> x\n"),
        AmendErrorKind::Immutable {
            rule: 101,
            verb: "amend"
        }
    );
    assert_eq!(
        refused("Proposal 350\nRepeal Rule 101.\n"),
        AmendErrorKind::Immutable {
            rule: 101,
            verb: "repeal"
        }
    );
    assert_eq!(
        refused("Proposal 350\nIn Rule 101, replace \"rules\" with \"laws\".\n"),
        AmendErrorKind::Immutable {
            rule: 101,
            verb: "replace text in"
        }
    );
    assert_eq!(
        refused("Proposal 301\nRepeal Rule 201.\n"),
        AmendErrorKind::ProposalNumberUsed {
            proposal: 301,
            rule: 301
        }
    );
    assert_eq!(
        refused("Proposal 350\nAmend Rule 299 to read:\n> x\n"),
        AmendErrorKind::NoSuchRule {
            rule: 299,
            verb: "amend"
        }
    );
    assert_eq!(
        refused("Proposal 350\nRepeal Rule 201.\nAmend Rule 201 to read:\n> x\n"),
        AmendErrorKind::Contradiction {
            rule: 201,
            first: "repeal",
            second: "amend"
        }
    );
    assert_eq!(
        refused(
            "Proposal 350\nAmend Rule 201 to read:\n> x\nIn Rule 201, replace \"x\" with \"y\".\n"
        ),
        AmendErrorKind::Contradiction {
            rule: 201,
            first: "amend",
            second: "replace text in"
        }
    );
    assert_eq!(
        refused("Proposal 350\nEnact a new rule as Rule 202:\n> x\n"),
        AmendErrorKind::RuleExists {
            rule: 202,
            verb: "enact"
        }
    );
    assert_eq!(
        refused("Proposal 350\nTransmute Rule 201 to mutable.\n"),
        AmendErrorKind::AlreadyIs {
            rule: 201,
            to: Mutability::Mutable
        }
    );
    assert_eq!(
        refused("Proposal 350\nRenumber Rule 201 to 202.\n"),
        AmendErrorKind::RuleExists {
            rule: 202,
            verb: "renumber a rule to"
        }
    );
    assert_eq!(
        refused("Proposal 350\nRepeal Rule 201.\n\nProposal 350\nRepeal Rule 202.\n"),
        AmendErrorKind::ProposalRepeated { proposal: 350 }
    );
}

#[test]
fn a_refusal_names_the_proposal_and_line_and_nothing_is_applied() {
    let text = "Proposal 360\nRepeal Rule 201.\n\nProposal 361\nEnact a new rule:\n> ok\nRepeal Rule 101.\n";
    let proposals = parse_proposals(text).unwrap();
    let original = ruleset();
    let err = apply(&original, &proposals, &ApplyOptions::default()).unwrap_err();
    assert_eq!(err.proposal, Some(1));
    let span = err.span.unwrap();
    assert_eq!(&text[span], "Repeal Rule 101.");
    assert_eq!(original, ruleset(), "the input is untouched");
}

mod properties {
    use super::*;
    use crate::amend::Operation;
    use crate::model::synthetic_ruleset;
    use proptest::prelude::*;

    fn operation(numbers: Vec<u32>) -> impl Strategy<Value = OperationKind> {
        let rule = proptest::sample::select(numbers);
        let mutability = prop_oneof![Just(Mutability::Mutable), Just(Mutability::Immutable)];
        prop_oneof![
            (proptest::option::of(290u32..420), mutability.clone()).prop_map(
                |(number, mutability)| OperationKind::Enact {
                    number,
                    mutability,
                    text: "New.".into()
                }
            ),
            rule.clone().prop_map(|rule| OperationKind::Amend {
                rule,
                text: "Changed, see Rule 101.".into()
            }),
            rule.clone().prop_map(|rule| OperationKind::Replace {
                rule,
                find: "the".into(),
                replacement: "a".into()
            }),
            rule.clone().prop_map(|rule| OperationKind::Repeal { rule }),
            (rule.clone(), mutability.clone())
                .prop_map(|(rule, to)| OperationKind::Transmute { rule, to }),
            (rule.clone(), 290u32..420).prop_map(|(rule, to)| OperationKind::Renumber { rule, to }),
            (rule, mutability).prop_map(|(rule, mutability)| OperationKind::Reenact {
                rule,
                mutability,
                text: "Back.".into()
            }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn applying_anything_keeps_numbers_unique_ordered_and_revisions_counted(
            seed in 0u64..500,
            kinds in proptest::collection::vec(operation(synthetic_ruleset(30, 1).rules.iter().map(|r| r.number).collect()), 1..5),
            numbering in prop_oneof![Just(Numbering::Revision), Just(Numbering::Renumber)],
        ) {
            let ruleset = synthetic_ruleset(30, seed);
            let proposal = Proposal {
                number: Some(900),
                proposer: None,
                date: None,
                round_turn: None,
                title: None,
                operations: kinds.into_iter().map(|kind| Operation { kind, span: 0..0 }).collect(),
                span: 0..0,
            };
            let options = ApplyOptions { numbering: Some(numbering), links: None };
            let result = apply(&ruleset, &[proposal], &options);
            if let Ok(applied) = result {
                let numbers = numbers(&applied.ruleset);
                prop_assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
                for rule in &applied.ruleset.rules {
                    prop_assert_eq!(rule.revision, Some(rule.amendment_count()));
                }
            }
        }
    }
}

#[test]
fn a_markdown_rule_ending_in_a_thematic_break_keeps_it_when_it_stops_being_last() {
    // Found by the `apply` fuzz target: `---` closing the last rule was
    // taken for a ruler between rules and dropped when a rule was
    // renumbered to the end, although it is the rule's text.
    let text = "# T\n\n## 1\n\nFirst.\n\n## 2\n\nSecond.\n\n## 4\n\nFourth.\n\n---\n";
    let ruleset = crate::parse::parse_str(text, Some(crate::model::Format::MdShort)).unwrap();
    assert_eq!(ruleset.rule(4).unwrap().text, "Fourth.\n\n---");
    let proposal = Proposal {
        number: Some(3),
        proposer: None,
        date: None,
        round_turn: None,
        title: None,
        operations: vec![Operation {
            kind: OperationKind::Renumber { rule: 1, to: 5 },
            span: 0..0,
        }],
        span: 0..0,
    };
    let applied = apply(&ruleset, &[proposal], &ApplyOptions::default()).unwrap();
    let written = crate::render::render(
        &applied.ruleset,
        crate::model::Format::MdShort,
        &crate::render::RenderOptions::default(),
    )
    .unwrap();
    assert!(
        written.contains("## 4\n\nFourth.\n\n---\n\n## 5"),
        "{written:?}"
    );
    let back = crate::parse::parse_str(&written, Some(crate::model::Format::MdShort)).unwrap();
    assert_eq!(back.rule(4).unwrap().text, "Fourth.\n\n---");
}

/// Nomic IV rule 308's numbering sentence.
const RULE_308: &str = "By default rules created from temporary rules may not superceed other \
    rules, and are numbered 600's and above.  \nThis rule superceed all previous rules.";

#[test]
fn a_temporary_rule_becomes_a_rule_with_its_history_entry() {
    let text = "Proposal 340 (Fenris Wolf), Aug 14, 2020 (R5T8)\n\
                Temporary Rule 601 becomes a rule:\n> Ten beans for prose.\n";
    let applied = run(text).unwrap();
    assert_eq!(numbers(&applied.ruleset), [101, 201, 202, 301, 601]);
    let new = applied.ruleset.rule(601).unwrap();
    assert_eq!(
        (new.text.as_str(), new.revision, &new.mutability),
        ("Ten beans for prose.", Some(0), &Mutability::Mutable)
    );
    assert_eq!(
        sources(new),
        ["Created from Temporary Rule 601 (Fenris Wolf), Aug 14, 2020 (R5T8)"]
    );
    assert_eq!(new.history[0].kind, HistoryKind::CreatedFromTemporary);
    assert_eq!(new.history[0].proposal, Some(601));
    assert_eq!(applied.changed, BTreeSet::from([601]));
    // Untouched rules are as they were.
    for rule in &ruleset().rules {
        assert_eq!(applied.ruleset.rule(rule.number), Some(rule));
    }
}

#[test]
fn a_temporary_rule_takes_the_number_the_ruleset_says_or_the_one_named() {
    let mut with_308 = ruleset();
    with_308.rules.push(rule(
        308,
        Mutability::Mutable,
        RULE_308,
        HistoryEntry::initial(308, false, Date::new(2020, 6, 1)),
    ));
    let apply_to = |ruleset: &Ruleset, text: &str| {
        let proposals = parse_proposals(text).unwrap();
        apply(ruleset, &proposals, &ApplyOptions::default())
    };
    // Below the floor of rule 308: the first free number from 600.
    let low = apply_to(
        &with_308,
        "Proposal 340\nTemporary Rule 5 becomes a rule:\n> Five.\n",
    )
    .unwrap();
    assert_eq!(low.changed, BTreeSet::from([600]));
    // Two in one proposal: each takes the next free number.
    let two = apply_to(
        &with_308,
        "Proposal 340\nTemporary Rule 5 becomes a rule:\n> Five.\n\
         Temporary Rule 6 becomes a rule:\n> Six.\n",
    )
    .unwrap();
    assert_eq!(two.changed, BTreeSet::from([600, 601]));
    // Without the sentence, its own number; a taken one moves up.
    let own = run("Proposal 340\nTemporary Rule 201 becomes an immutable rule:\n> x\n").unwrap();
    assert_eq!(own.changed, BTreeSet::from([203]));
    assert!(own.ruleset.rule(203).unwrap().is_immutable());
    let named = run("Proposal 340\nTemporary Rule 9 becomes Rule 650:\n> x\n").unwrap();
    assert_eq!(named.changed, BTreeSet::from([650]));
    assert_eq!(
        refused("Proposal 340\nTemporary Rule 9 becomes Rule 201:\n> x\n"),
        AmendErrorKind::RuleExists {
            rule: 201,
            verb: "create from a temporary rule"
        }
    );
}

#[test]
fn a_temporary_rule_is_created_once() {
    let first = run("Proposal 340\nTemporary Rule 601 becomes a rule:\n> x\n").unwrap();
    let again =
        parse_proposals("Proposal 341\nTemporary Rule 601 becomes Rule 700:\n> x\n").unwrap();
    let err = apply(&first.ruleset, &again, &ApplyOptions::default()).unwrap_err();
    assert_eq!(
        err.kind,
        AmendErrorKind::TemporaryUsed {
            temporary: 601,
            rule: 601
        }
    );
}

#[test]
fn a_temporary_rule_without_a_proposal_names_no_proposal() {
    let applied = run(
        "Temporary Rule 650 (Sauce), Sep 2, 2020 (R6T4) becomes a rule:\n\
                       > A haiku earns a bean.\n",
    )
    .unwrap();
    let new = applied.ruleset.rule(650).unwrap();
    assert_eq!(
        sources(new),
        ["Created from Temporary Rule 650 (Sauce), Sep 2, 2020 (R6T4)"]
    );
    assert_eq!(new.history[0].kind, HistoryKind::CreatedFromTemporary);
    assert_eq!(new.history[0].proposal, Some(650));
    // Linked like every new entry.
    let links = ApplyOptions {
        links: Some(Links {
            template: "https://example.org/{commit}/{rule}.md".into(),
            commit: "abc".into(),
        }),
        ..ApplyOptions::default()
    };
    let linked = run_with("Temporary Rule 650 becomes a rule:\n> x\n", &links).unwrap();
    assert_eq!(
        linked.ruleset.rule(650).unwrap().history[0].link.as_deref(),
        Some("https://example.org/abc/650.md")
    );
    // Two entries without a proposal are not the same proposal twice.
    let two = run("Temporary Rule 650 (A) becomes a rule:\n> x\n\
                   Temporary Rule 651 (B) becomes a rule:\n> y\n")
    .unwrap();
    assert_eq!(two.changed, BTreeSet::from([650, 651]));
    // Anything else needs the proposal that does it.
    for operation in [
        "Repeal Rule 202.",
        "Amend Rule 202 to read:\n> x",
        "Enact a new rule:\n> x",
        "Transmute Rule 202 to immutable.",
    ] {
        let err = run(&format!(
            "Temporary Rule 650 becomes a rule:\n> x\n{operation}\n"
        ))
        .expect_err(operation);
        assert!(
            matches!(err.kind, AmendErrorKind::Unnumbered { .. }),
            "{operation}: {err:?}"
        );
        assert_eq!(err.proposal, Some(0), "{operation}");
    }
}
