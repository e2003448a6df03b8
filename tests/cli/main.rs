//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod diff;
mod formats;
mod parse;
mod test;

pub use test::{bundled, Test};
