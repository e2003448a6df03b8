//! The quick turn (`quick.rs`) against `play_turn`, turn by turn: where it
//! plays a turn it draws the same words and leaves the same state.

use super::tests::{begin_game, turn_cases};
use super::FastGame;
use crate::sim::monte_carlo::Config;
use proptest::prelude::*;

/// Everything a turn may change, and the next words the dice would draw
/// (the same words mean the same draws so far).
pub(super) fn turn_state(game: &FastGame) -> impl PartialEq + std::fmt::Debug {
    let next = game.dice.clone().ahead(8).to_vec();
    (
        (game.players, game.active, game.locked, game.voted, game.yes),
        (game.scores.clone(), game.reached, game.order.clone()),
        (game.turn, game.mover, game.mover_at, game.current),
        (game.proposed_this_turn, game.tiebreak_rolled),
        (game.tiebreak_vote, game.over, game.winners),
        (game.decided, game.adopted, next),
    )
}

/// Plays game `index` with `play_turn` for every turn, and at each turn's
/// start asks the quick turn to play it on a copy; returns the turns it
/// played, after checking each is `play_turn`'s.
fn quick_turns_of(fast: &mut FastGame, config: &Config, index: u64) -> Result<u64, TestCaseError> {
    let Some(plain) = begin_game(fast, config, index) else {
        return Ok(0);
    };
    let mut quick = 0;
    while !fast.over && fast.turn <= config.max_turns {
        let mut copy = fast.clone();
        let before = turn_state(fast);
        let turn = fast.turn;
        fast.play_turn(config);
        if copy.quick_turn(plain) {
            quick += 1;
            prop_assert_eq!(turn_state(&copy), turn_state(fast), "turn {}", turn);
        } else {
            prop_assert_eq!(turn_state(&copy), before, "turn {} not played", turn);
        }
        if fast.turn == turn && !fast.over {
            fast.close_turn();
        }
    }
    Ok(quick)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    /// Every turn the quick turn plays is `play_turn`'s, for any seed,
    /// player count, bundled ruleset, behaviour and parameters in force;
    /// a turn it does not play draws nothing and changes nothing.
    #[test]
    fn a_quick_turn_is_play_turns_turn(case in turn_cases()) {
        let Some((config, mut fast)) = case.game() else {
            return Ok(());
        };
        for index in case.first..case.first + 2 {
            quick_turns_of(&mut fast, &config, index)?;
        }
    }
}

/// Default Nomic IV games go through the quick turn (so the test above is
/// not empty where it matters).
#[test]
fn default_nomic_iv_turns_are_played_quick() {
    let (config, mut fast) = super::tests::nomic_iv_fast(super::Behaviour::DEFAULT, 20);
    let mut quick = 0;
    for index in 0..config.games {
        quick += quick_turns_of(&mut fast, &config, index).expect("the same turns");
    }
    assert!(quick >= 20 * 50, "{quick} quick turns in 20 games");
}
