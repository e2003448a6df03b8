//! A worker's table: plays a run's games on the fast path where it covers
//! the rules in force, else on the engine. Both give the same games.

use super::fast::FastGame;
use super::{play, template, Config, Game, MonteCarloError};
use crate::engine::state::State;
use crate::engine::Engine;
use crate::model::Ruleset;

/// Plays the games of one Monte Carlo run (clone one per worker).
#[derive(Clone)]
pub struct Table {
    /// The run's configuration.
    config: Config,
    /// Every game's starting state (for the engine).
    template: State,
    /// The engine, reset for each game where the fast path does not cover
    /// the rules.
    engine: Engine<()>,
    /// The fast path, where it covers the rules in force.
    fast: Option<FastGame>,
}

impl Table {
    /// The table for `config`'s games on `ruleset`.
    ///
    /// # Errors
    /// As [`template`].
    pub fn new(ruleset: &Ruleset, config: &Config) -> Result<Table, MonteCarloError> {
        let engine = template(ruleset, config.players)?;
        let fast = FastGame::new(&engine.state, config);
        Ok(Table {
            config: config.clone(),
            template: engine.state.clone(),
            engine,
            fast,
        })
    }

    /// Whether the games are played on the fast path (a mover turn, and no
    /// V 214 Judge; see `monte_carlo/fast.rs`).
    #[must_use]
    pub fn is_fast(&self) -> bool {
        self.fast.is_some()
    }

    /// Plays game `index` (the dice of `(seed, index)`).
    pub fn play(&mut self, index: u64) -> Game {
        match &mut self.fast {
            Some(fast) => fast.play(&self.config, index),
            None => play(&mut self.engine, &self.template, &self.config, index),
        }
    }
}
