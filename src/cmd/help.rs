//! Help that an installed binary carries: `nomic help TOPIC` and
//! `nomic check --explain CODE`, from the table of codes.

use super::io::{print_stdout, Failure};
use nomic::diagnostic::Code;
use std::process::ExitCode;

/// `nomic check --explain CODE`: what the code means, and its name and
/// severity.
pub(super) fn explain(name: &str) -> Result<ExitCode, Failure> {
    let Some(code) = Code::from_code(name) else {
        let known: Vec<&str> = Code::ALL.iter().map(|c| c.code()).collect();
        return Err(Failure::message(format!(
            "`{name}` is not a finding code or name; the codes are {}",
            known.join(", ")
        )));
    };
    print_stdout(&explanation(code))?;
    Ok(ExitCode::SUCCESS)
}

fn explanation(code: Code) -> String {
    format!(
        "{} ({}, {} by default): {}\n",
        code.code(),
        code.name(),
        code.severity(),
        code.summary()
    )
}
