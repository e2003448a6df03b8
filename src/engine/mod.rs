//! The game engine: an event-sourced state machine for the procedural core
//! of Nomic (turns, proposals, votes, adoption, scores, winners), with its
//! parameters read from the rules in force by recognisers.

// About 250 (engine) and 100 (sim) public items still lack item docs;
// docs/engine.md and docs/engine-design.md describe them meanwhile.
#![allow(missing_docs)]

pub mod catalogue;
pub mod event;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod gaps;
pub mod params;
pub mod recognise;
pub mod rng;
mod rules;
pub mod state;
pub mod tally;

pub use event::{Ballot, Event, PlayerId, ProposalBody, Tally, Time};
pub use params::{Param, Params, Provenance};
pub use recognise::{recognise, Recognition};
pub use state::State;
pub mod game;
pub use catalogue::{ParamError, ParamKey, Setting};
pub use game::{Engine, PlayerSpec, Recorder, Refusal, RefusalCode, Setup, SetupError, Sink};
