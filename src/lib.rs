//! `nomic`: a toolchain for the rulesets of Nomic, the self-amending game.
//!
//! Data flows one way: text → [`parse`] → [`model`] → [`render`], [`check`],
//! [`diff`], [`refs`], [`amend`], [`engine`] and [`sim`]. The command line is
//! not part of the library: it lives in the `nomic` binary (`src/main.rs` and
//! `src/cmd/`), which only wires these modules together and reports.
//!
//! # What is public, and why
//!
//! - [`model`]: the meaning of a ruleset, as plain serde data
//!   ([`model::Ruleset`], [`model::Rule`], [`model::Format`]). Its JSON form
//!   is the `json` format and a documented contract.
//! - [`parse`]: [`parse::read`] (bytes, with encoding repair) and
//!   [`parse::parse_str`] turn text into a model; the per-format readers are
//!   internal, only [`parse::lines`] (one history or judgment line) is shared.
//! - [`render`]: a model to any format ([`render::render`]), the published
//!   pages ([`render::publish::Plan`]) and the templates behind them.
//! - [`check`], [`diff`], [`refs`], [`amend`]: findings, differences,
//!   citations and proposals, each over models; none writes files.
//! - [`chronicle`]: a rule across git commits (its versions, word-level
//!   blame, the rule on a day); the one module that runs a program, `git`.
//! - [`engine`]: the game itself, an event-sourced state machine
//!   ([`engine::Engine`], [`engine::State`]) whose parameters
//!   ([`engine::Params`]) are read from the rules in force; [`sim`]: its
//!   scripted and Monte Carlo runs.
//! - [`diagnostic`] and [`output`]: located messages shared by every module,
//!   and the atomic file write every command uses.
//!
//! Enums that will grow (formats, finding codes, error kinds, history kinds,
//! diff changes) are `#[non_exhaustive]`; helpers used by one module only
//! are `pub(crate)`.

pub mod amend;
pub mod check;
pub mod chronicle;
pub mod diagnostic;
pub mod diff;
pub mod engine;
pub mod input;
pub mod lsp;
pub mod meaning;
pub mod model;
pub mod output;
pub mod parse;
pub mod refs;
pub mod render;
mod rules_text;
pub mod sim;
pub mod site;
#[cfg(test)]
mod test_files;
