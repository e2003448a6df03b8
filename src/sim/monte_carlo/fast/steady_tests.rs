//! Steady turns (`steady.rs`) against the turns they stand for, turn by
//! turn: a steady turn draws the words and leaves the state of
//! `plain_turn` and `close_plain_turn` (or of `play_turn` and `close_turn`
//! where `plain_turn` declines), and a run that stops before a turn draws
//! nothing and changes nothing. Where `the_fast_path_plays_the_engines_games`
//! compares whole games' outcomes, this compares every steady turn's state:
//! its chances read in lanes ([`lane_product`]), its coins and their count
//! summed in lanes, its dice and its tally.
//!
//! [`lane_product`]: crate::sim::monte_carlo::players::lane_product

use super::quick_tests::turn_state;
use super::steady::Stop;
use super::tests::{begin_game, turn_cases};
use super::FastGame;
use crate::sim::monte_carlo::Config;
use proptest::prelude::*;

/// Plays game `index` turn by turn as `FastGame::play` does without steady
/// runs, and at each turn's start asks a steady run of at most that turn
/// to play it on a copy; returns the turns it played, after checking each.
fn steady_turns_of(fast: &mut FastGame, config: &Config, index: u64) -> Result<u64, TestCaseError> {
    let Some(plain) = begin_game(fast, config, index) else {
        return Ok(0);
    };
    fast.steady.prepare(plain);
    let mut steady = 0;
    while !fast.over && fast.turn <= config.max_turns {
        let mut copy = fast.clone();
        let mut wide = fast.clone();
        let before = turn_state(fast);
        let turn = fast.turn;
        // The run stops after this turn: the limit is this turn. Both ways
        // of reading the lanes (`steady_turns`), on any CPU.
        let stop = copy.steady_run::<false>(plain, turn);
        prop_assert_eq!(wide.steady_run::<true>(plain, turn), stop);
        prop_assert_eq!(turn_state(&wide), turn_state(&copy));
        if fast.plain_turn(plain) {
            fast.close_plain_turn();
        } else {
            fast.play_turn(config);
            if fast.turn == turn && !fast.over {
                fast.close_turn();
            }
        }
        if stop == Stop::Done {
            steady += 1;
            prop_assert_eq!(turn_state(&copy), turn_state(fast), "turn {}", turn);
        } else {
            prop_assert_eq!(turn_state(&copy), before, "turn {} not played", turn);
        }
    }
    Ok(steady)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    /// Every turn a steady run plays is the general path's turn, for any
    /// seed, player count, bundled ruleset, behaviour and parameters in
    /// force; a run that stops before a turn draws nothing and changes
    /// nothing.
    #[test]
    fn a_steady_turn_is_the_general_paths_turn(case in turn_cases()) {
        let Some((config, mut fast)) = case.game() else {
            return Ok(());
        };
        for index in case.first..case.first + 2 {
            steady_turns_of(&mut fast, &config, index)?;
        }
    }
}

/// Default Nomic IV games go through steady turns (so the test above is
/// not empty where it matters).
#[test]
fn default_nomic_iv_turns_are_played_steady() {
    let (config, mut fast) = super::tests::nomic_iv_fast(super::Behaviour::DEFAULT, 20);
    let mut steady = 0;
    for index in 0..config.games {
        steady += steady_turns_of(&mut fast, &config, index).expect("the same turns");
    }
    assert!(steady >= 20 * 70, "{steady} steady turns in 20 games");
}
