//! Parsers: text → model, one submodule per input format.
//!
//! [`read`] decodes bytes (UTF-8, BOM and CRLF kept), finds mojibake and
//! repairs it on request, detects the format (or takes `from`), and reads
//! the ruleset with its layout: the header, each rule's exact source and the
//! footer concatenate to the text that was read.

pub mod agora;
mod assemble;
mod detect;
mod encoding;
mod error;
pub mod json;
pub mod lines;
mod markdown;
pub mod md_long;
pub mod md_rule;
pub mod md_short;
mod quirks;
mod text;
pub mod txt_long;
pub mod txt_plain;
pub mod txt_rule;
pub mod txt_short;
mod wrapped;

pub use detect::detect;
pub use encoding::EncodingIssue;
pub use error::ParseError;

use crate::model::{Format, Ruleset};

/// How to read a file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The format to read as; detected from the content when absent.
    pub from: Option<Format>,
    /// Repair mojibake whose repair is certain.
    pub repair_encoding: bool,
}

/// A file read as a ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub ruleset: Ruleset,
    pub format: Format,
    /// The decoded file exactly (BOM and CRLF included; repaired when
    /// repair was asked for). Every span and layout offset points into it.
    pub text: String,
    /// Mojibake found, repaired or not.
    pub encoding: Vec<EncodingIssue>,
}

/// Reads a ruleset file's bytes.
pub fn read(bytes: &[u8], options: &ReadOptions) -> Result<Parsed, ParseError> {
    let (text, issues) = decode(bytes, options)?;
    let format = match options.from {
        Some(format) => format,
        None => detect(&text)?,
    };
    let ruleset = parse_as(&text, format)?;
    Ok(Parsed {
        ruleset,
        format,
        text,
        encoding: issues,
    })
}

/// The decoded (and, on request, repaired) text with its encoding issues.
fn decode(bytes: &[u8], options: &ReadOptions) -> Result<(String, Vec<EncodingIssue>), ParseError> {
    let decoded = encoding::decode(bytes)?;
    let issues = encoding::find_mojibake(&decoded);
    Ok(
        if options.repair_encoding && issues.iter().any(|i| i.certain) {
            encoding::repair(&decoded, &issues)
        } else {
            (decoded, issues)
        },
    )
}

/// The text a [`ParseError`] from [`read`] points into: the decoded file,
/// repaired when repair was asked for; the bytes as lossy UTF-8 when they
/// are not UTF-8 (the error then points at the first invalid byte, and
/// everything before it is unchanged).
pub fn error_source(bytes: &[u8], options: &ReadOptions) -> String {
    match decode(bytes, options) {
        Ok((text, _)) => text,
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// Reads a ruleset from text (format detected when `from` is absent).
pub fn parse_str(text: &str, from: Option<Format>) -> Result<Ruleset, ParseError> {
    let format = match from {
        Some(format) => format,
        None => detect(text)?,
    };
    parse_as(text, format)
}

fn parse_as(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    match format {
        Format::MdLong => md_long::parse(text),
        Format::MdShort => md_short::parse(text),
        Format::TxtLong => txt_long::parse(text),
        Format::TxtShort => txt_short::parse(text),
        Format::TxtPlain => txt_plain::parse(text),
        Format::Json => json::parse(text),
        Format::MdRule => md_rule::parse(text),
        Format::TxtRule => txt_rule::parse(text),
        Format::AgoraFlr => agora::flr::parse(text),
        Format::AgoraSlr => agora::slr::parse(text),
        Format::AgoraRule | Format::AgoraShortRule => agora::rule_page::parse(text, format),
        Format::AgoraYaml => Err(ParseError::new("agora-yaml is a folder, not a file", 0..0)
            .expected("the folder holding rules_data/ (give the folder, not a file)")
            .in_format(format)),
    }
}

#[cfg(test)]
pub(crate) mod tests;
