//! Simulation: scripts that drive the engine, their expectations and logs,
//! and Monte Carlo runs.

// About 250 (engine) and 100 (sim) public items still lack item docs;
// docs/engine.md and docs/engine-design.md describe them meanwhile.
#![allow(missing_docs)]

mod describe;
mod expect;
pub mod load;
pub mod log;
#[cfg(test)]
mod mechanics;
pub mod monte_carlo;
pub mod plot;
pub mod render;
pub mod replay;
mod report;
pub mod runner;
pub mod script;
mod sentence;
pub mod stats;
pub mod time;
pub mod whatif;

pub use runner::{run, Outcome, Report, RulesetSource};
