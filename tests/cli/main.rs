//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod agora;
mod apply;
mod build;
mod check;
mod ci_docs;
mod dialects;
mod diff;
mod fmt;
mod formats;
mod hostile;
mod parse;
mod refs;
mod render;
mod renumber;
mod simulate;
mod simulate_mc;
mod site;
mod test;
mod untouched;
mod workflow;

pub use test::{bundled, git, Test, BUNDLED};
