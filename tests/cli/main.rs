//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod check;
mod ci_docs;
mod fmt;
mod formats;
mod parse;
mod refs;
mod test;

pub use test::{bundled, Test};
