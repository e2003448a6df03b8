//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod formats;
mod parse;
mod simulate;
mod test;

pub use test::{bundled, Test};
