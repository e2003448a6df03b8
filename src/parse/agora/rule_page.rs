//! Agora's one-rule pages: `full_rules/RNNN.txt` (`agora-rule`, the FLR's
//! rule block) and `short_rules/RNNN.txt` (`agora-short-rule`, the SLR's).
//! A page is the rule's block without the dashes that close it.

use super::blocks::{self, Lines, DASHES};
use crate::model::{Format, Ruleset};
use crate::parse::ParseError;

/// Whether a text starts like an Agora rule page (`Rule 101/17 (Power=4)`).
pub(crate) fn looks_like(text: &str) -> bool {
    text.lines()
        .next()
        .is_some_and(|line| line.contains(" (Power=") && blocks::heading_parts(line).is_some())
}

/// Whether a page carries history (a full page).
pub(crate) fn is_full(text: &str) -> bool {
    text.contains("\nHistory:\n")
}

/// Reads a page of either kind.
pub fn parse(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    let closed = format!("{text}\n{DASHES}\n");
    let full = format == Format::AgoraRule;
    let mut lines = Lines::new(&closed, 0, closed.len(), format);
    let rule = blocks::rule(&mut lines, full)?;
    if !lines.done() {
        return Err(lines.error("more text after the rule", "the end of the page"));
    }
    Ok(Ruleset::new(String::new(), vec![rule]))
}
