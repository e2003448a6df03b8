//! `nomic simulate --monte-carlo`: the statistics report.

use super::{load_ruleset, Args};
use crate::cli::io::{print_stdout, Failure};
use std::process::ExitCode;

pub fn run(_args: &Args, _games: u64) -> Result<ExitCode, Failure> {
    let _ = load_ruleset;
    print_stdout("")?;
    Err(Failure::message("Monte Carlo is not built yet"))
}
