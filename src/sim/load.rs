//! Reading the ruleset a script names.

use crate::model::Ruleset;
use crate::parse::{ParseError, ReadOptions};
use sha2::{Digest, Sha256};

/// The hex SHA-256 of the ruleset file's bytes, for the log header.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Reads a ruleset file with the parsers (any supported format).
pub fn read_ruleset(bytes: &[u8]) -> Result<Ruleset, ParseError> {
    crate::parse::read(bytes, &ReadOptions::default()).map(|parsed| parsed.ruleset)
}
