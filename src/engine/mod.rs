//! The game engine: an event-sourced state machine for the procedural core
//! of Nomic (turns, proposals, votes, adoption, scores, winners), with its
//! parameters read from the rules in force by recognisers.
//!
//! # Public API
//!
//! - [`Engine`]: a game in play. [`Engine::new`] takes a ruleset and a
//!   [`Setup`] (players, `set` overrides) and fails with a [`SetupError`];
//!   its commands (`propose`, `vote`, `create`, `endorse`, `invoke_judgment`,
//!   `end_turn`, ...) return a [`Refusal`] (with a stable [`RefusalCode`])
//!   or emit [`Event`]s to a [`Sink`] (`()` drops them, as Monte Carlo
//!   does).
//! - [`State`]: the game so far, a fold over events; [`State::replay`]
//!   rebuilds it from a log.
//! - [`Params`], [`ParamKey`], [`Setting`], [`Provenance`]: the parameter
//!   catalogue, each value with where it came from; [`recognise()`] reads
//!   them from a ruleset, [`gaps`] lists the sentences deliberately not
//!   modelled.
//! - [`rng::Dice`]: seeded, forceable dice (one stream per Monte Carlo
//!   game).
//!
//! Enums that will grow (parameters and their values, refusal codes, setup
//! errors, proposal statuses) are `#[non_exhaustive]`. The game logic
//! (`game`), rule changes (`rules`) and the vote formula's internals are
//! private; [`crate::sim`] drives the engine from scripts and Monte Carlo
//! runs.

pub mod catalogue;
pub mod event;
#[cfg(test)]
pub(crate) mod fixtures;
mod game;
pub mod gaps;
pub mod params;
pub mod recognise;
pub mod rng;
mod rules;
pub mod state;
pub mod tally;

pub use catalogue::{ParamError, ParamKey, Setting};
pub use event::{Ballot, Event, PlayerId, ProposalBody, Tally, Time};
pub use game::{Engine, PlayerSpec, Refusal, RefusalCode, Setup, SetupError, Sink, VoteReading};
pub use params::{Param, Params, Provenance};
pub use recognise::Unapplicable;
pub use recognise::{recognise, Recognition};
pub use state::State;
