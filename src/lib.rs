//! `nomic`: a toolchain for the rulesets of Nomic, the self-amending game.
//!
//! Data flows one way: text → [`parse`] → [`model`] → [`render`], [`check`],
//! [`diff`], [`amend`], [`engine`]. The [`cli`] only wires these together and
//! reports.

pub mod amend;
pub mod check;
pub mod cli;
pub mod diagnostic;
pub mod diff;
pub mod engine;
pub mod model;
pub mod output;
pub mod parse;
pub mod refs;
pub mod render;
pub mod rules_text;
pub mod sim;
