//! The fast path against the engine, game by game: the same seeds must give
//! the same games (winners, turns, proposals decided and adopted, joins).

use super::FastGame;
use crate::engine::fixtures::ruleset;
use crate::engine::rng::Dice;
use crate::engine::{Engine, Setup};
use crate::sim::monte_carlo::{play, seats, template, Behaviour, Config, Rate, Voters};
use proptest::prelude::*;

pub(super) const RULESETS: [&str; 5] = [
    "nomic-1-final.txt",
    "nomic-3.md",
    "nomic-4-long.md",
    "nomic-4-long-early.txt",
    "nomic-5-initial.txt",
];

/// Parameter values the bundled rulesets do not all state, so that every
/// branch of the fast path meets the engine: V 204's electorate, I's vote
/// that ends when all voted, the Nomitron's tiebreak, declarations, points
/// against adopted proposals, resets, survivors, joining, and so on.
pub(super) const OVERRIDES: [(&str, &str); 21] = [
    ("vote.eligible", "all"),
    ("turn.early_end_all_voted", "0"),
    ("tiebreak", "nomitron-1d3"),
    ("proposal.resubmit_limit", "0"),
    ("inactivity.declare", "yes"),
    ("inactivity.declare_active", "yes"),
    ("score.against_adopted", "10"),
    ("score.turn_end", "reset"),
    ("score.turn_end", "2d6"),
    ("win.survivors", "2"),
    ("win.points", "30"),
    ("vote.proposer_implicit_yes", "yes"),
    ("vote.proposer_implicit_yes", "no"),
    ("vote.quorum_total_pct", "40"),
    ("effect.timing", "vote-completion"),
    ("inactivity.skip_turn", "no"),
    ("inactivity.no_vote", "yes"),
    ("inactivity.no_proposal", "yes"),
    ("inactivity.reactivate_by_vote", "yes"),
    ("join.allowed", "yes"),
    ("join.before_mover", "yes"),
];

fn rate() -> impl Strategy<Value = Rate> {
    prop::sample::select(vec![0, 20_000, 300_000, 1_000_000]).prop_map(Rate)
}

pub(super) fn behaviour() -> impl Strategy<Value = Behaviour> {
    (rate(), rate(), rate(), rate(), rate(), rate()).prop_map(
        |(miss_vote, miss_proposal, leave, back, judgment, join)| Behaviour {
            miss_vote,
            miss_proposal,
            leave,
            back,
            judgment,
            join,
            ..Behaviour::DEFAULT
        },
    )
}

/// A Monte Carlo template with `overrides` set before play.
pub(super) fn engine(file: &str, players: u16, overrides: &[(&str, &str)]) -> Engine<()> {
    let setup = Setup {
        players: seats(players),
        overrides: overrides
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect(),
        ..Setup::default()
    };
    Engine::new(ruleset(file), setup, Dice::new(0), ()).expect("the overrides are valid")
}

/// Starts game `index` as `FastGame::play` does, for a test that plays it
/// turn by turn; the run's plain turn, or `None` (and nothing started)
/// where its turns cannot be plain.
pub(super) fn begin_game(
    fast: &mut FastGame,
    config: &Config,
    index: u64,
) -> Option<super::PlainTurn> {
    let plain = super::PlainTurn::new(&fast.plan, config)?;
    fast.dice.restart(config.seed, index);
    fast.reset();
    fast.check_win();
    if !fast.over {
        fast.start_turn();
    }
    Some(plain)
}

/// A turn-by-turn proptest case: two games, from game `first`, of a
/// bundled ruleset the fast path covers, with `players`, random voters,
/// `behaviour` and `overrides` in force.
#[derive(Debug, Clone)]
pub(super) struct TurnCase {
    file: &'static str,
    players: u16,
    seed: u64,
    pub(super) first: u64,
    behaviour: Behaviour,
    overrides: Vec<(&'static str, &'static str)>,
}

pub(super) fn turn_cases() -> impl Strategy<Value = TurnCase> {
    (
        prop::sample::select(RULESETS[..4].to_vec()),
        1u16..9,
        any::<u64>(),
        0u64..1_000_000,
        behaviour(),
        prop::sample::subsequence(OVERRIDES.to_vec(), 0..6),
    )
        .prop_map(
            |(file, players, seed, first, behaviour, overrides)| TurnCase {
                file,
                players,
                seed,
                first,
                behaviour,
                overrides,
            },
        )
}

impl TurnCase {
    /// The case's run and the fast game to play it; `None` where the fast
    /// path does not cover the case.
    pub(super) fn game(&self) -> Option<(Config, FastGame)> {
        let initial = engine(self.file, self.players, &self.overrides).state;
        let config = Config {
            games: 2,
            players: self.players,
            seed: self.seed,
            threads: 1,
            voters: Voters::Random,
            behaviour: self.behaviour,
            max_turns: 300,
        };
        let fast = FastGame::new(&initial, &config)?;
        Some((config, fast))
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    /// Every covered game is the engine's game: same winners, turns,
    /// proposals and joins, for any seed, player count, bundled ruleset,
    /// behaviour, voters and parameters in force.
    #[test]
    fn the_fast_path_plays_the_engines_games(
        file in prop::sample::select(RULESETS.to_vec()),
        players in 1u16..9,
        seed in any::<u64>(),
        first in 0u64..1_000_000,
        random in any::<bool>(),
        behaviour in behaviour(),
        overrides in prop::sample::subsequence(OVERRIDES.to_vec(), 0..6),
    ) {
        let mut engine = engine(file, players, &overrides);
        let initial = engine.state.clone();
        let config = Config {
            games: 4,
            players,
            seed,
            threads: 1,
            voters: if random { Voters::Random } else { Voters::No },
            behaviour,
            max_turns: 300,
        };
        let fast = FastGame::new(&initial, &config);
        // Only Proposal Queue rules (Nomic V) are left to the engine.
        prop_assert_eq!(fast.is_none(), file == "nomic-5-initial.txt");
        let Some(mut fast) = fast else {
            return Ok(());
        };
        for index in first..first + 4 {
            let expected = play(&mut engine, &initial, &config, index);
            prop_assert_eq!(fast.play(&config, index), expected, "game {}", index);
        }
    }
}

/// A run of `games` five-player games on one thread, seed 1, random voters.
fn nomic_iv_run(behaviour: Behaviour, games: u64) -> Config {
    Config {
        games,
        players: 5,
        seed: 1,
        threads: 1,
        voters: Voters::Random,
        behaviour,
        max_turns: 2000,
    }
}

/// A run of `games` five-player Nomic IV games (as [`nomic_iv_run`]) and
/// the fast game that plays them.
pub(super) fn nomic_iv_fast(behaviour: Behaviour, games: u64) -> (Config, FastGame) {
    let initial = template(&ruleset("nomic-4-long.md"), 5).unwrap().state;
    let config = nomic_iv_run(behaviour, games);
    let fast = FastGame::new(&initial, &config).expect("Nomic IV is covered");
    (config, fast)
}

/// The rulesets the fast path covers, and the games of a whole default run
/// of Nomic IV: each the engine's.
#[test]
fn nomic_iv_games_are_the_engines_games() {
    let rules = ruleset("nomic-4-long.md");
    for behaviour in [Behaviour::DEFAULT, Behaviour::DILIGENT] {
        let config = nomic_iv_run(behaviour, 300);
        let mut engine = template(&rules, 5).unwrap();
        let initial = engine.state.clone();
        let mut fast = FastGame::new(&initial, &config).expect("Nomic IV is covered");
        for index in 0..config.games {
            let expected = play(&mut engine, &initial, &config, index);
            assert_eq!(fast.play(&config, index), expected, "game {index}");
        }
    }
}

/// Nomic IV's turns with the default and the diligent players can be plain
/// (`plain.rs`), so that most of them are played at once; the games stay
/// the engine's (above).
#[test]
fn nomic_iv_turns_can_be_plain() {
    for behaviour in [Behaviour::DEFAULT, Behaviour::DILIGENT] {
        let (config, fast) = nomic_iv_fast(behaviour, 1);
        assert!(super::PlainTurn::new(&fast.plan, &config).is_some());
        let voters_no = Config {
            voters: Voters::No,
            ..config
        };
        assert!(super::PlainTurn::new(&fast.plan, &voters_no).is_none());
    }
}

/// Most turns of a default Nomic IV game are steady (`steady.rs`): played
/// from their words alone, with every player active and with some not. So
/// the games compared with the engine above go through them.
#[test]
fn most_nomic_iv_turns_are_steady() {
    for behaviour in [Behaviour::DEFAULT, Behaviour::DILIGENT] {
        let (config, mut fast) = nomic_iv_fast(behaviour, 200);
        let turns: u64 = (0..config.games)
            .map(|index| u64::from(fast.play(&config, index).turns))
            .sum();
        let steady = fast.steady.turns;
        assert!(steady * 10 >= turns * 7, "{steady} of {turns} turns steady");
        if behaviour == Behaviour::DEFAULT {
            assert!(
                fast.steady.covers_some_inactive(5),
                "some steady turns had inactive players"
            );
        }
    }
}

/// The game loop compiled for AVX-512 (where the CPU has it) and for the
/// baseline target plays the same games.
#[test]
fn games_are_the_same_on_every_cpu() {
    for behaviour in [Behaviour::DEFAULT, Behaviour::DILIGENT] {
        let (config, mut wide) = nomic_iv_fast(behaviour, 300);
        let mut baseline = wide.clone();
        baseline.wide = false;
        for index in 0..config.games {
            assert_eq!(
                wide.play(&config, index),
                baseline.play(&config, index),
                "game {index}"
            );
        }
    }
}
