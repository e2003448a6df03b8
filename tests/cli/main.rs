//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod build;
mod diff;
mod apply;
mod check;
mod ci_docs;
mod fmt;
mod formats;
mod parse;
mod refs;
mod render;
mod simulate;
mod renumber;
mod test;

pub use test::{bundled, Test};
