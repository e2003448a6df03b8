//! `agora-slr`: Agora's Short Logical Ruleset as published (`slr.txt`):
//! the FLR's categories and rules without history or annotations.

use crate::model::{Format, Ruleset};
use crate::parse::ParseError;

/// Reads a published SLR.
pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    super::flr::parse_published(text, Format::AgoraSlr)
}
