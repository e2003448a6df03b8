//! Simulation: scripts that drive the engine, their expectations and logs,
//! and Monte Carlo runs.

mod expect;
pub mod load;
pub(crate) mod log;
#[cfg(test)]
mod mechanics;
pub mod monte_carlo;
pub mod plot;
pub mod render;
mod report;
pub mod runner;
pub mod script;
pub(crate) mod stats;
pub(crate) mod time;
pub mod whatif;

pub use runner::{run, Outcome, Report, RulesetSource};
