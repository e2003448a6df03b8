//! `txt-short`: as `txt-long` with `Rule N` headings (no revision) and no
//! `History:` or `Judgments:` sections.

use super::error::ParseError;
use super::txt_long::parse_wrapped;
use crate::model::{Format, Ruleset};

pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    parse_wrapped(text, Format::TxtShort)
}
