//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod apply;
mod formats;
mod parse;
mod renumber;
mod test;

pub use test::{bundled, Test};
