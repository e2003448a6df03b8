//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod formats;
mod simulate;
mod test;

pub use test::{bundled, Test};
