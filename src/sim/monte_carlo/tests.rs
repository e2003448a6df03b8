use super::*;
use crate::engine::fixtures::ruleset;

fn config(games: u64, threads: usize, voters: Voters) -> Config {
    Config {
        games,
        players: 5,
        seed: 1,
        threads,
        voters,
        max_turns: 2000,
    }
}

/// ENGINE.md: a pure 1d6 race to 100 points with 5 players (every proposal
/// fails, no inactivity): seat 1 wins about 25.2% of games, seat 5 about
/// 15.7%, and a game lasts 128.3 turns on average. (Exactly, by dynamic
/// programming over the distribution of d6 sums: 128.307 turns, seat 1
/// 0.25167, seat 5 0.15669; the test compares with these.)
#[test]
fn the_pure_dice_race_matches_the_known_values() {
    let totals = run(
        &ruleset("nomic-4-long.md"),
        &config(20_000, 2, Voters::No),
        &|_| {},
    )
    .unwrap();
    assert_eq!(totals.games, 20_000);
    assert_eq!(totals.no_winner, 0);
    assert_eq!(totals.adopted, 0);
    let (mean, _, half) = totals.length();
    assert!((mean - 128.307).abs() <= half, "length {mean} ± {half}");
    for (seat, expected) in [(0, 0.25167), (4, 0.15669)] {
        let (p, half) = totals.share(seat);
        assert!(
            (p - expected).abs() <= half,
            "seat {}: {p} ± {half}",
            seat + 1
        );
    }
    let shares: f64 = (0..5).map(|s| totals.share(s).0).sum();
    assert!((shares - 1.0).abs() < 1e-9);
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let rules = ruleset("nomic-4-long.md");
    let one = run(&rules, &config(300, 1, Voters::Random), &|_| {}).unwrap();
    let three = run(&rules, &config(300, 3, Voters::Random), &|_| {}).unwrap();
    assert_eq!(one, three);
    assert!(one.adopted > 0 && one.adopted < one.proposals);
}

#[test]
fn queue_rulesets_are_refused() {
    let err = template(&ruleset("nomic-5-initial.txt"), 5).err().unwrap();
    assert!(err.to_string().contains("Proposal Queue"));
}
