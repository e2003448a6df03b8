//! A worker's table: plays a run's games on the engine, with no sink (the
//! `()` sink keeps no events and builds no strings).

use super::{play, template, Config, Game, MonteCarloError};
use crate::engine::state::State;
use crate::engine::Engine;
use crate::model::Ruleset;

/// Plays the games of one Monte Carlo run (clone one per worker).
#[derive(Clone)]
pub struct Table {
    /// The run's configuration.
    config: Config,
    /// Every game's starting state.
    template: State,
    /// The engine, reset for each game.
    engine: Engine<()>,
}

impl Table {
    /// The table for `config`'s games on `ruleset`.
    ///
    /// # Errors
    /// As [`template`].
    pub fn new(ruleset: &Ruleset, config: &Config) -> Result<Table, MonteCarloError> {
        let engine = template(ruleset, config.players)?;
        Ok(Table {
            config: config.clone(),
            template: engine.state.clone(),
            engine,
        })
    }

    /// Plays game `index` (the dice of `(seed, index)`).
    pub fn play(&mut self, index: u64) -> Game {
        play(&mut self.engine, &self.template, &self.config, index)
    }
}
