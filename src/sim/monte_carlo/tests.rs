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

mod log_round_trip {
    use super::*;
    use crate::sim::log::LogSink;
    use crate::sim::runner::{Report, RulesetSource};
    use crate::sim::{render, replay, report};
    use proptest::prelude::*;

    const START: i64 = 946_684_800;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
        /// Every event of a random Monte Carlo game reads back from its log
        /// line as the same event, and the log replays to the game's state.
        #[test]
        fn every_event_survives_its_log_line_and_the_log_replays_the_game(
            file in prop::sample::select(vec!["nomic-4-long.md", "nomic-4-long-early.txt", "nomic-1-final.txt"]),
            players in 2u16..7,
            seed in 0u64..10_000,
            index in 0u64..1_000,
            random in any::<bool>(),
        ) {
            let rules = ruleset(file);
            let config = Config {
                games: 1,
                players,
                seed,
                threads: 1,
                voters: if random { Voters::Random } else { Voters::No },
                max_turns: 300,
            };
            let mut engine = template_with(&rules, players, LogSink::new(START)).unwrap();
            let source = RulesetSource { path: file.into(), ruleset: rules.clone(), sha256: String::new() };
            let header = report::header(&engine, &source, seed, START);
            let initial = engine.state.clone();
            let mut totals = Totals::for_seats(usize::from(players));
            play_with(&mut engine, &initial, &config, index, &mut totals);
            prop_assert!(!engine.sink.events.is_empty());
            let report = Report {
                header,
                entries: std::mem::take(&mut engine.sink.entries),
                outcomes: Vec::new(),
                summary: report::summary(&engine, &[]),
            };
            let log = render::jsonl(&report);
            let read = replay::events(&log, rules.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(read.len(), engine.sink.events.len());
            for (read, played) in read.iter().zip(&engine.sink.events) {
                prop_assert_eq!(read, played);
            }
            let replayed = replay::replay(&log, rules).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&replayed, &engine.state);
        }
    }
}
