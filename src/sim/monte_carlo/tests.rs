use super::*;
use crate::engine::fixtures::ruleset;

fn config(games: u64, threads: usize, voters: Voters, behaviour: Behaviour) -> Config {
    Config {
        games,
        players: 5,
        seed: 1,
        threads,
        voters,
        behaviour,
        max_turns: 2000,
    }
}

/// docs/engine-design.md: a pure 1d6 race to 100 points with 5 players (every proposal
/// fails, no inactivity): seat 1 wins about 25.2% of games, seat 5 about
/// 15.7%, and a game lasts 128.3 turns on average. (Exactly, by dynamic
/// programming over the distribution of d6 sums: 128.307 turns, seat 1
/// 0.25167, seat 5 0.15669; the test compares with these.)
#[test]
fn the_pure_dice_race_matches_the_known_values() {
    let totals = run(
        &ruleset("nomic-4-long.md"),
        &config(20_000, 2, Voters::No, Behaviour::DILIGENT),
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
    assert_eq!(totals.lengths.total(), 20_000);
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let rules = ruleset("nomic-4-long.md");
    let behaviour = Behaviour::DEFAULT;
    let one = run(&rules, &config(600, 1, Voters::Random, behaviour), &|_| {}).unwrap();
    let two = run(&rules, &config(600, 2, Voters::Random, behaviour), &|_| {}).unwrap();
    assert_eq!(one, two);
    assert!(one.adopted > 0 && one.adopted < one.proposals);
}

/// Issue 16: every bundled ruleset plays to a result. Nomic I ends when
/// random players miss deadlines until three active players are left
/// (I 306, 330); Nomic V plays its Proposal Queue but has no way to earn
/// points, so its games reach the turn limit.
#[test]
fn every_bundled_ruleset_plays_to_a_result() {
    for name in [
        "nomic-1-final.txt",
        "nomic-3.md",
        "nomic-4-long.md",
        "nomic-4-long-early.txt",
        "nomic-5-initial.txt",
    ] {
        let mut c = config(40, 2, Voters::Random, Behaviour::DEFAULT);
        c.max_turns = 500;
        let totals = run(&ruleset(name), &c, &|_| {}).unwrap();
        assert_eq!(totals.games, 40, "{name}");
        assert!(totals.proposals > 0, "{name}: no proposal was decided");
        let won: u128 = totals.wins.iter().sum();
        assert_eq!(
            won / totals.unit + u128::from(totals.no_winner),
            40,
            "{name}"
        );
    }
    let one = run(
        &ruleset("nomic-1-final.txt"),
        &config(200, 2, Voters::Random, Behaviour::DEFAULT),
        &|_| {},
    )
    .unwrap();
    assert!(
        one.no_winner < 20,
        "Nomic I: {} games without a winner",
        one.no_winner
    );
}

#[test]
fn the_queue_is_played_as_nomic_v_says() {
    let totals = run(
        &ruleset("nomic-5-initial.txt"),
        &Config {
            max_turns: 300,
            ..config(20, 1, Voters::Random, Behaviour::DEFAULT)
        },
        &|_| {},
    )
    .unwrap();
    // One proposal goes to a vote each turn the queue is not empty: most
    // turns, as players create proposals at 0.3 a turn each.
    assert!(totals.proposals > 20 * 200, "{}", totals.proposals);
    assert!(totals.adopted > 0 && totals.adopted < totals.proposals);
    assert_eq!(totals.no_winner, 20);
}

#[test]
fn memory_does_not_grow_with_the_turn_limit() {
    let rules = ruleset("nomic-5-initial.txt");
    let first = template(&rules, 5).unwrap();
    let mut engine = template(&rules, 5).unwrap();
    let c = Config {
        max_turns: 20_000,
        ..config(1, 1, Voters::Random, Behaviour::DEFAULT)
    };
    let game = play(&mut engine, &first.state, &c, 0);
    assert_eq!(game.turns, 20_000);
    assert!(engine.state.proposals.len() <= KEEP_PROPOSALS + 8);
}

#[test]
fn threads_are_clamped_to_games_and_cores() {
    let c = config(10, 100_000, Voters::Random, Behaviour::DEFAULT);
    assert_eq!(threads(&c), 1);
    let c = config(1_000_000, 100_000, Voters::Random, Behaviour::DEFAULT);
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    assert_eq!(threads(&c), cores);
}

#[test]
fn a_stopped_run_keeps_the_games_it_finished() {
    let stop = AtomicBool::new(false);
    let rules = ruleset("nomic-4-long.md");
    let c = config(1_000_000_000_000, 2, Voters::Random, Behaviour::DEFAULT);
    let totals = run_until(&rules, &c, &|_| stop.store(true, Ordering::Relaxed), &stop).unwrap();
    assert!(totals.games > 0 && totals.games.is_multiple_of(256) && totals.games <= 512);
}

#[test]
fn too_many_players_are_refused() {
    assert_eq!(
        template(&ruleset("nomic-4-long.md"), 65).err(),
        Some(MonteCarloError::Players)
    );
}

/// Issue 15: a seed's results are pinned for every bundled ruleset, so
/// that speeding up the engine cannot change what a run reports. Every
/// exact total is in the snapshot (the lengths' distribution as its
/// extremes, median and number of distinct values).
#[test]
fn a_seeds_summary_is_pinned_for_every_bundled_ruleset() {
    let runs = [
        ("nomic-1-final.txt", 40, Behaviour::DEFAULT),
        ("nomic-3.md", 10, Behaviour::DEFAULT),
        ("nomic-4-long.md", 400, Behaviour::DEFAULT),
        ("nomic-4-long.md", 400, Behaviour::DILIGENT),
        ("nomic-4-long-early.txt", 400, Behaviour::DEFAULT),
        ("nomic-5-initial.txt", 10, Behaviour::DEFAULT),
    ];
    let mut out = String::new();
    for (name, games, behaviour) in runs {
        let c = Config {
            seed: 7,
            ..config(games, 1, Voters::Random, behaviour)
        };
        let t = run(&ruleset(name), &c, &|_| {}).unwrap();
        let lengths = &t.lengths.counts;
        let diligent = if behaviour == Behaviour::DILIGENT {
            " (diligent)"
        } else {
            ""
        };
        out.push_str(&format!(
            "{name}{diligent}: games {} turns {} squared {} wins {:?}/{} no_winner {} \
             proposals {} adopted {} lengths {}..{} median {:?} distinct {}\n",
            t.games,
            t.turns,
            t.turns_squared,
            t.wins,
            t.unit,
            t.no_winner,
            t.proposals,
            t.adopted,
            lengths.keys().next().unwrap_or(&0),
            lengths.keys().next_back().unwrap_or(&0),
            t.lengths.median().map(|m| m.estimate),
            lengths.len(),
        ));
    }
    insta::assert_snapshot!(out);
}

/// IV 218 lets persons join: with a join rate, some do (at most
/// `JOIN_LIMIT` a game), their wins are counted apart from the seats', and
/// every win is shared out exactly.
#[test]
fn persons_join_where_a_rule_lets_them_and_their_wins_are_counted_apart() {
    let rules = ruleset("nomic-4-long.md");
    let behaviour = Behaviour {
        join: Rate(50_000),
        ..Behaviour::DEFAULT
    };
    let c = config(200, 5, Voters::Random, behaviour);
    let t = run(&rules, &c, &|_| {}).unwrap();
    assert!(t.joined > 0 && t.joined <= 200 * u128::from(JOIN_LIMIT));
    assert!(t.joined_wins > 0, "some joined player wins in 200 games");
    let seats: u128 = t.wins.iter().sum();
    assert_eq!(
        seats + t.joined_wins,
        u128::from(t.games - t.no_winner) * t.unit
    );
    // Nomic I has no rule that lets persons join: nobody does.
    let t = run(
        &ruleset("nomic-1-final.txt"),
        &config(20, 5, Voters::Random, behaviour),
        &|_| {},
    )
    .unwrap();
    assert_eq!(t.joined, 0);
}
