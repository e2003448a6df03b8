//! Progress bars on standard error (`indicatif`) for long runs: Monte Carlo
//! games, and `build`, `check` and `apply` over many files. Nothing is drawn
//! where standard error is not a terminal (a pipe, a file, CI logs).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// Files below which a command draws no bar: it would only flicker.
const MANY_FILES: u64 = 2;

/// A bar of `total` steps drawn with `template`, on a terminal only.
pub(crate) fn bar(total: u64, template: &str) -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    })
}

/// A command's progress through files: `what` (`checking`, `writing`)
/// and how many of them are done.
pub(crate) struct Files(Option<ProgressBar>);

impl Files {
    /// A bar for `total` files, when there are many and stderr is a terminal.
    pub(crate) fn new(total: usize, what: &str) -> Files {
        let total = u64::try_from(total).unwrap_or(u64::MAX);
        let bar = (total >= MANY_FILES)
            .then(|| bar(total, "{msg} {bar:40} {pos}/{len} files, {eta} left"))
            .flatten();
        if let Some(bar) = &bar {
            bar.set_message(what.to_string());
        }
        Files(bar)
    }

    /// Starts over with `total` files of a next step (`writing`).
    pub(crate) fn restart(&mut self, total: usize, what: &str) {
        self.finish();
        *self = Files::new(total, what);
    }

    /// One more file done.
    pub(crate) fn inc(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    /// Removes the bar, leaving the terminal as it was.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Files {
    /// An early return (an error) clears the bar before the error is printed.
    fn drop(&mut self) {
        self.finish();
    }
}
