use super::*;
use crate::engine::fixtures::ruleset;
use crate::model::Rule;

fn value(recognition: &Recognition, name: &str) -> (String, String) {
    let (value, from) = recognition.params.get(name).unwrap();
    (value, from.to_string())
}

fn check(file: &str, expected: &[(&str, &str, &str)]) -> Recognition {
    let recognition = recognise(&ruleset(file));
    for (name, want, from) in expected {
        assert_eq!(
            value(&recognition, name),
            (want.to_string(), from.to_string()),
            "{file}: {name}"
        );
    }
    recognition
}

#[test]
fn nomic_4_final_parameters_come_from_their_rules() {
    let r = check(
        "nomic-4-long.md",
        &[
            ("turn.kind", "mover", "rule 202/0"),
            ("turn.order", "declared", "rule 201/0"),
            ("turn.length_h", "24", "rule 206/1"),
            ("turn.extend_on_proposal_h", "24", "rule 206/1"),
            ("turn.early_end_all_voted", "24", "rule 206/1"),
            ("vote.threshold", "more than 1/2", "rule 203/1"),
            ("vote.base", "eligible", "rule 203/1"),
            ("vote.quorum_total_pct", "15", "rule 203/1"),
            ("vote.eligible", "active", "rule 205/0"),
            ("vote.abstain", "yes", "rule 326/0"),
            ("vote.proposer_implicit_yes", "yes", "rule 320/0"),
            ("vote.syntax", "default", "default"),
            ("vote.withdraw", "yes", "rule 209/0"),
            ("proposal.numbering", "301", "rule 107/0"),
            ("proposal.resubmit_limit", "2", "rule 210/1"),
            ("proposal.resubmit_window_h", "24", "rule 210/1"),
            ("effect.timing", "next-turn", "rule 204/0"),
            ("threshold.transmute", "yes", "rule 108/0"),
            ("score.turn_end", "1d6", "rule 212/0"),
            ("win.points", "100", "rule 213/0"),
            ("inactivity.no_proposal", "yes", "rule 207/0"),
            ("inactivity.no_vote", "yes", "rule 207/0"),
            ("inactivity.declare", "yes", "rule 207/0"),
            ("inactivity.declare_active", "yes", "rule 207/0"),
            ("inactivity.skip_turn", "yes", "rule 207/0"),
            ("inactivity.reactivate_by_vote", "yes", "rule 207/0"),
            ("judge.selection", "preceding-active", "rule 215/0"),
            ("judge.extension_h", "24", "rule 215/0"),
            ("tiebreak", "nomitron-1d3", "rule 323/0"),
            ("bot.no_turns", "yes", "rule 323/0"),
            ("bot.no_points", "yes", "rule 323/0"),
            ("bot.no_judge", "yes", "rule 323/0"),
        ],
    );
    assert!(r.unmodelled.contains(&305) && r.unmodelled.contains(&101));
    assert!(!r.unmodelled.contains(&203));
}

#[test]
fn nomic_4_early_has_no_quorum_no_early_end_and_no_extras() {
    check(
        "nomic-4-long-early.txt",
        &[
            ("vote.threshold", "more than 1/2", "rule 203/0"),
            ("vote.quorum_total_pct", "0", "default"),
            ("turn.early_end_all_voted", "none", "default"),
            ("turn.extend_on_proposal_h", "24", "rule 206/0"),
            ("vote.abstain", "no", "default"),
            ("vote.proposer_implicit_yes", "no", "default"),
            ("tiebreak", "none", "default"),
            ("proposal.resubmit_limit", "2", "rule 210/0"),
            ("win.points", "100", "rule 213/0"),
        ],
    );
}

#[test]
fn nomic_1_final_parameters_come_from_their_rules() {
    check(
        "nomic-1-final.txt",
        &[
            ("turn.kind", "mover", "rule 304"),
            ("turn.order", "alphabetical", "rule 201"),
            ("turn.length_h", "36", "rule 306"),
            ("turn.vote_window_h", "36", "rule 306"),
            ("turn.early_end_all_voted", "0", "rule 306"),
            ("vote.threshold", "more than 1/2", "rule 302"),
            ("vote.eligible", "active", "rule 306"),
            ("vote.syntax", "first-letter<10", "rule 329"),
            ("proposal.numbering", "301", "rule 108"),
            ("proposal.renumber_on_amend", "yes", "rule 108"),
            ("proposal.resubmit_limit", "3", "rule 303"),
            ("effect.timing", "vote-completion", "rule 205"),
            ("threshold.transmute", "yes", "rule 109"),
            ("score.turn_end", "reset", "rule 304"),
            ("score.against_adopted", "10", "rule 204"),
            ("win.points", "200", "rule 330"),
            ("win.survivors", "3", "rule 330"),
            ("inactivity.no_vote", "yes", "rule 306"),
            ("inactivity.reactivate_by_vote", "yes", "rule 306"),
            ("judge.selection", "preceding", "rule 211"),
        ],
    );
}

#[test]
fn nomic_5_initial_parameters_come_from_their_rules() {
    check(
        "nomic-5-initial.txt",
        &[
            ("turn.kind", "queue", "rule 203"),
            ("turn.length_h", "24", "rule 203"),
            ("vote.threshold", "more than 1/2", "rule 204"),
            ("vote.base", "votes-cast", "rule 204"),
            ("vote.eligible", "active", "rule 204"),
            (
                "vote.syntax",
                "phrases yes=aye,yay,yes,y no=nay,no,n",
                "rule 210",
            ),
            ("vote.withdraw", "yes", "rule 209"),
            ("proposal.numbered_when_put_to_vote", "yes", "rule 107"),
            ("effect.timing", "next-turn", "rule 205"),
            ("win.points", "100", "rule 212"),
            ("inactivity.declare", "yes", "rule 206"),
            ("inactivity.declare_active", "no", "default"),
            ("judge.selection", "uniform-eligible", "rule 214"),
            ("judge.extension_h", "24", "rule 214"),
            ("queue.one_per_player", "yes", "rule 201"),
            ("queue.sort_endorsements", "yes", "rule 202"),
        ],
    );
}

#[test]
fn amended_text_changes_the_parameter_it_states() {
    let mut rules = ruleset("nomic-4-long.md");
    rules.rule_mut(213).unwrap().text =
        "The winner is the first player to achieve 50 (positive) points.".into();
    rules.rule_mut(203).unwrap().text =
        "A rule-change is adopted if two thirds of eligible voters vote for it.".into();
    let r = recognise(&rules);
    assert_eq!(r.params.win_points.value, Some(50));
    assert_eq!(value(&r, "vote.threshold").0, "at least 2/3");
    assert_eq!(value(&r, "vote.quorum_total_pct").0, "0");
}

#[test]
fn a_rule_nothing_reads_is_unmodelled() {
    let r = recognise(&Ruleset::new(
        "t",
        vec![Rule::new(301, "Players may not wear hats.")],
    ));
    assert_eq!(r.unmodelled, vec![301]);
    assert!(r.modelled.is_empty());
}

#[test]
fn a_sentence_whose_value_cannot_apply_is_an_error_naming_rule_and_sentence() {
    let ruleset = Ruleset::new(
        "t",
        vec![Rule::new(
            203,
            "A rule-change is adopted if 150% of eligible voters vote for it. Hats are fine.",
        )],
    );
    let r = recognise(&ruleset);
    assert_eq!(r.unapplicable.len(), 1);
    let error = &r.unapplicable[0];
    assert_eq!(error.rule, 203);
    assert_eq!(
        error.sentence,
        "a rule-change is adopted if 150% of eligible voters vote for it"
    );
    assert_eq!(
        error.to_string(),
        "rule 203: a share of 150/100 is more than every vote, in \
         \"a rule-change is adopted if 150% of eligible voters vote for it\""
    );
    // The parameter keeps its value; the sentence is not silently read.
    assert_eq!(value(&r, "vote.threshold").0, "more than 1/2");
    let setup = crate::engine::Setup::default();
    let dice = crate::engine::rng::Dice::new(1);
    let refused = crate::engine::Engine::new(ruleset, setup, dice, ()).err();
    assert!(matches!(
        refused,
        Some(crate::engine::SetupError::Unapplicable(u)) if u.rule == 203
    ));
}

#[test]
fn recognisers_return_typed_settings() {
    let found =
        recognise_text("At the end of a player's turn, 1d6 points are added to their score.");
    assert_eq!(
        found.settings,
        vec![Setting::ScoreTurnEnd(
            crate::engine::params::TurnEndScore::Dice { n: 1, sides: 6 }
        )]
    );
    assert_eq!(
        recognise(&Ruleset::new(
            "t",
            vec![Rule::new(
                212,
                "At the end of a player's turn, 1d6 points are added to their score."
            )]
        ))
        .modelled,
        vec![(212, vec![ParamKey::ScoreTurnEnd])]
    );
}
