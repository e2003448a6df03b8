use super::*;

#[test]
fn every_statement_form_parses() {
    let text = r#"ruleset ../rulesets/nomic-4-long.md      # path relative to the script
seed 7
start 2020-08-15T00:00:00Z
next-number 340
player alice score 44
player bob
player nomitron bot
order alice bob
dice 1d6: 2, 3
set vote.quorum_total_pct = 0

at +1h alice proposes amend 213 "The winner is the first player to achieve 50 (positive) points."
at +1h alice proposes enact "Players may not wear \"hats\"."
    effect param win.points = 50
at +2h bob votes "yes"
bob votes no
bob resubmits
bob withdraws
bob declares inactive
bob declares active
carol invokes judgment "question"
alice judges "ruling text"
ann creates A1 enact "..."
dan endorses A1
end turn
expect adopted 340
expect rejected 341
expect score alice = 46
expect status dave inactive
expect mover bob
expect judge alice
expect param win.points = 50
expect rule 213 revision 1
expect rule 313 absent
expect rule 342 present
expect queue B1 A1 C2
expect winner bob
expect no-winner
expect turn 3
expect error "resubmission limit"
"#;
    let lines = parse(text).unwrap();
    assert_eq!(lines.len(), 38);
    assert_eq!(
        lines[0].statement,
        Statement::Ruleset("../rulesets/nomic-4-long.md".into())
    );
    assert_eq!(
        lines[4].statement,
        Statement::Player {
            name: "alice".into(),
            score: 44,
            bot: false,
            active: true
        }
    );
    assert_eq!(
        lines[8].statement,
        Statement::Dice {
            sides: 6,
            results: vec![2, 3]
        }
    );
    assert_eq!(
        lines[11].statement,
        Statement::Act {
            at: Some(3600),
            action: Action::Propose {
                who: "alice".into(),
                body: ProposalBody::Enact {
                    text: "Players may not wear \"hats\".".into()
                },
                effects: vec![("win.points".into(), "50".into())],
            },
        }
    );
    assert_eq!(
        lines[13].statement,
        Statement::Act {
            at: None,
            action: Action::Vote {
                who: "bob".into(),
                text: "no".into()
            }
        }
    );
    assert_eq!(
        lines[37].statement,
        Statement::Expect(Expect::Error("resubmission limit".into()))
    );
    assert_eq!(lines[37].number, 40);
}

#[test]
fn errors_give_line_column_and_what_was_expected() {
    let text = "seed 7\nat +1x alice votes yes\n";
    let err = parse(text).unwrap_err();
    assert_eq!(
        err.locate("s.sim", text),
        "s.sim:2:5: cannot read `at +1x alice votes yes`"
    );
    assert!(err.expected.unwrap().contains("DURATION"));
    let err = parse("seed seven").unwrap_err();
    assert_eq!(
        err.locate("s", "seed seven"),
        "s:1:6: cannot read `seed seven`"
    );
    let err = parse("  effect param x = 1").unwrap_err();
    assert_eq!(err.message, "an `effect` line must follow a proposal");
}

#[test]
fn durations_add_up() {
    let lines =
        parse("at +1h30m alice resubmits\nat +2d bob resubmits\nat +0 bob resubmits").unwrap();
    let ats: Vec<_> = lines
        .iter()
        .map(|l| match l.statement {
            Statement::Act { at, .. } => at,
            _ => None,
        })
        .collect();
    assert_eq!(ats, vec![Some(5400), Some(172_800), Some(0)]);
}
