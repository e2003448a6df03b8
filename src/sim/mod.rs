//! Simulation: scripts that drive the engine, their expectations and logs,
//! and Monte Carlo runs.

pub mod script;
pub mod time;
