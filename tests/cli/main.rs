//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod check;
mod formats;
mod test;

pub use test::{bundled, Test};
