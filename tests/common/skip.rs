//! A test that cannot run here says so in the test run's output, and fails
//! in CI, where everything it needs is installed.

use std::io::Write;

/// Says that a part of the tests is skipped because `missing` is not
/// installed, and how to install it; panics when `CI` is set. The notice
/// goes straight to the process's standard error, which the test harness
/// does not capture (it captures `eprintln!` and shows it only on failure).
pub(crate) fn skipped(missing: &str, what: &str, install: &str) {
    let message = format!(
        "{missing} is not installed: {what} SKIPPED. Install it with `{install}` (.ci/run does)."
    );
    assert!(std::env::var_os("CI").is_none(), "{message}");
    let _ = std::io::stderr().write_all(format!("\n!!!!!!!! {message}\n\n").as_bytes());
}
