//! `md-short`: `## N (IMMUTABLE)` headings and Markdown bodies, no history.
//! Also the older dialect (`# RULES`, sometimes no blank line after a
//! heading), whose departures are recorded as layout quirks.

use super::error::ParseError;
use super::md_long::parse_markdown;
use crate::model::{Format, Ruleset};

pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    parse_markdown(text, Format::MdShort)
}
