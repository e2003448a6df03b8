//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod apply;
mod build;
mod check;
mod ci_docs;
mod diff;
mod fmt;
mod formats;
mod parse;
mod refs;
mod render;
mod renumber;
mod simulate;
mod simulate_mc;
mod test;
mod workflow;

pub use test::{bundled, git, Test, BUNDLED};
