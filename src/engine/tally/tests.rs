//! Tallies checked against tables: (yes, no, abstain, eligible, total) → outcome.

use super::*;
use crate::engine::fixtures::ruleset;
use crate::engine::recognise;
use proptest::prelude::*;

fn params(file: &str) -> Params {
    recognise(&ruleset(file)).params
}

fn run(params: &Params, table: &[(u32, u32, u32, u32, u32, bool)]) {
    for &(yes, no, abstain, eligible, total, want) in table {
        let counts = Counts {
            yes,
            no,
            abstain,
            eligible,
            total,
        };
        let tally = decide(params, counts, None, false);
        assert_eq!(
            tally.adopted,
            want,
            "{counts:?} → {}",
            formula(params, &tally)
        );
    }
}

#[test]
fn nomic_4_final_simple_majority_of_eligible_less_abstentions_and_15_percent() {
    run(
        &params("nomic-4-long.md"),
        &[
            // yes no abstain eligible total → adopted
            (3, 2, 0, 5, 5, true),
            (2, 3, 0, 5, 5, false),
            (2, 2, 0, 4, 5, false), // a tie is not a majority
            (2, 1, 1, 4, 5, true),  // abstention leaves the base at 3
            (2, 0, 3, 5, 5, true),
            (1, 0, 4, 5, 8, false),  // 1 is not more than 15% of 8 players
            (2, 0, 4, 6, 8, true),   // 2 > 1.2
            (2, 0, 0, 5, 5, false),  // non-voters count against: 2 is not > 2.5
            (1, 0, 0, 1, 7, false),  // 1 of 1 eligible, but not > 15% of 7
            (2, 0, 0, 2, 13, true),  // 2 > 1.95
            (2, 0, 0, 2, 14, false), // 2 is not > 2.1
        ],
    );
}

#[test]
fn nomic_4_early_simple_majority_of_eligible_voters() {
    run(
        &params("nomic-4-long-early.txt"),
        &[
            (3, 2, 0, 5, 5, true),
            (2, 2, 0, 5, 5, false),
            (1, 0, 0, 1, 7, true), // no quorum of total players yet
            (2, 0, 0, 4, 4, false),
            (3, 0, 0, 4, 4, true),
        ],
    );
}

#[test]
fn nomic_1_simple_majority_of_eligible_voters() {
    run(
        &params("nomic-1-final.txt"),
        &[
            (3, 2, 0, 5, 5, true),
            (2, 1, 0, 5, 5, false),
            (4, 0, 0, 7, 9, true),
            (3, 3, 0, 6, 6, false),
        ],
    );
}

#[test]
fn nomic_5_simple_majority_of_votes_cast() {
    run(
        &params("nomic-5-initial.txt"),
        &[
            (3, 2, 0, 9, 9, true),
            (1, 0, 0, 9, 9, true), // non-voters do not count
            (2, 2, 0, 9, 9, false),
            (0, 0, 0, 9, 9, false),
            (4, 5, 0, 9, 9, false),
        ],
    );
}

#[test]
fn two_thirds_rejects_three_of_five() {
    let mut p = params("nomic-4-long.md");
    p.set(
        "vote.threshold",
        "at least 2/3",
        crate::engine::Provenance::Script,
    )
    .unwrap();
    run(
        &p,
        &[
            (3, 2, 0, 5, 5, false),
            (4, 1, 0, 5, 5, true),
            (2, 1, 0, 3, 3, true),
        ],
    );
}

#[test]
fn transmutation_needs_every_eligible_voter() {
    let p = params("nomic-4-long.md");
    let t = |yes, no| {
        decide(
            &p,
            Counts {
                yes,
                no,
                abstain: 0,
                eligible: 5,
                total: 5,
            },
            None,
            true,
        )
    };
    assert!(t(5, 0).adopted);
    assert!(!t(4, 1).adopted);
    assert!(!t(4, 0).adopted);
}

#[test]
fn the_tiebreak_vote_joins_the_tally_and_the_base() {
    let p = params("nomic-4-long.md");
    let counts = Counts {
        yes: 2,
        no: 2,
        abstain: 0,
        eligible: 4,
        total: 5,
    };
    assert!(!decide(&p, counts, None, false).adopted);
    let yes = decide(&p, counts, Some(Ballot::Yes), false);
    assert!(yes.adopted);
    assert_eq!((yes.yes, yes.base), (3, 5));
    assert!(!decide(&p, counts, Some(Ballot::No), false).adopted);
}

proptest! {
    /// One more yes vote (from a non-voter, a no or an abstention) never
    /// turns adopted into rejected, under every ruleset's formula.
    #[test]
    fn adoption_is_monotone_in_yes_votes(
        yes in 0u32..20, no in 0u32..20, abstain in 0u32..20, absent in 0u32..20,
        extra in 0u32..20, from in 0usize..3, file in 0usize..4,
        num in 1u32..5, den in 5u32..7, strict: bool, pct in 0u32..60,
    ) {
        let files = ["nomic-4-long.md", "nomic-4-long-early.txt", "nomic-1-final.txt", "nomic-5-initial.txt"];
        let mut p = params(files[file]);
        if file == 0 && num == 4 {
            p.threshold.value = crate::engine::params::Threshold { num, den, strict };
            p.quorum_total_pct.value = pct;
        }
        let eligible = yes + no + abstain + absent;
        let before = Counts { yes, no, abstain, eligible, total: eligible + extra };
        let mut after = before;
        after.yes += 1;
        match from {
            0 if absent > 0 => {}
            1 if no > 0 => after.no -= 1,
            2 if abstain > 0 => after.abstain -= 1,
            _ => { after.eligible += 1; after.total += 1; }
        }
        if decide(&p, before, None, false).adopted {
            prop_assert!(decide(&p, after, None, false).adopted, "{:?} → {:?}", before, after);
        }
    }
}
