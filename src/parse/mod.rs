//! Parsers: text → model, one submodule per input format.
//!
//! [`read`] decodes bytes (UTF-8, BOM and CRLF kept), finds mojibake and
//! repairs it on request, detects the format (or takes `from`), and reads
//! the ruleset with its layout: the header, each rule's exact source and the
//! footer concatenate to the text that was read.

pub mod agora;
mod assemble;
mod detect;
pub mod dialect;
mod encoding;
mod error;
mod folder_source;
pub(crate) mod json;
pub(crate) mod lines;
mod literal;
mod markdown;
pub(crate) mod md_long;
pub(crate) mod md_rule;
pub(crate) mod md_short;
mod quirks;
mod text;
pub(crate) mod txt_long;
pub(crate) mod txt_plain;
pub(crate) mod txt_rule;
pub(crate) mod txt_short;
mod wrapped;

pub(crate) use wrapped::reads_as_one_part;

pub(crate) use detect::detect;
pub(crate) use encoding::find_mojibake;
pub use encoding::{repair_encoding, EncodingIssue, EncodingRepair, UncertainSpot};
pub use error::ParseError;
pub use folder_source::{read_folder_source, FolderRead, FolderSourceError, SourceKind};

use crate::model::{Dialect, Format, Ruleset};

/// What a read is for. A full read keeps the layout (each rule's source,
/// its fingerprint, the departures from the canonical form that `check`
/// reports); a meaning read, which the safety re-read of every write
/// ([`crate::meaning`]) does, reads the same rules and skips the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReadMode {
    /// The ruleset with its layout and quirks.
    Full,
    /// The rules' meaning only: no layout, no layout quirks.
    Meaning,
    /// The ruleset with its layout and quirks but without the rules'
    /// fingerprints (each is left empty), for a caller that checks or
    /// compares the layout and never re-emits a kept source.
    Layout,
    /// What the safety re-read compares ([`crate::meaning::compare_rule`]):
    /// a meaning read whose history lines are kept as written (their
    /// source) without reading what each records (`txt-long`, `md-long`).
    Check,
}

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
    /// The ruleset the file holds.
    pub ruleset: Ruleset,
    /// The format it was read as, given or detected.
    pub format: Format,
    /// The decoded file exactly (BOM and CRLF included; repaired when
    /// repair was asked for). Every span and layout offset points into it.
    pub text: String,
    /// Mojibake found, repaired or not.
    pub encoding: Vec<EncodingIssue>,
    /// For a dialect inferred from the content: how sure inference was of
    /// it, in percent ([`dialect::Candidate::confidence`]).
    pub confidence: Option<u8>,
}

/// Reads a ruleset file's bytes: in the format `options.from` names, else
/// in the built-in format detected from the content, else (when no built-in
/// format reads it) in a dialect inferred from the content.
pub fn read(bytes: &[u8], options: &ReadOptions) -> Result<Parsed, ParseError> {
    read_with(bytes, options, None)
}

/// Reads a ruleset file's bytes in `dialect` when one is given (a dialect
/// file), else as [`read`] does.
pub fn read_with(
    bytes: &[u8],
    options: &ReadOptions,
    dialect: Option<&Dialect>,
) -> Result<Parsed, ParseError> {
    read_by(bytes, options, dialect, parse_as)
}

/// [`read_with`] for a caller that needs the rules and not the layout
/// (`nomic parse` without `--layout`): the same rules, or the same error,
/// read with a meaning read where the format has one, so without the kept
/// sources, fingerprints and wrap measurements a layout costs. The
/// ruleset's layout is absent for those forms and kept for the others;
/// [`Ruleset::into_without_layout`] makes it alike for every form.
pub fn read_rules_with(
    bytes: &[u8],
    options: &ReadOptions,
    dialect: Option<&Dialect>,
) -> Result<Parsed, ParseError> {
    read_by(bytes, options, dialect, read_meaning)
}

/// How much of a file a read keeps, for a caller that needs less than a
/// lossless re-emit does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadDepth {
    /// Everything [`read_with`] gives: the layout with each rule's kept
    /// source, quirks and fingerprint (a digest of its meaning), so that a
    /// write in the file's own format re-emits unchanged rules byte for byte.
    Full,
    /// The layout without the fingerprints, for a caller that checks or
    /// compares the layout and never writes the file back (`nomic check`,
    /// `nomic diff`). The fingerprints stay empty where the format has a
    /// layout read (md-long, md-short, md-rule, txt-long, txt-short), so
    /// [`Rule::unchanged_source`](crate::model::Rule::unchanged_source)
    /// gives nothing for those rules: render such a ruleset canonically.
    Layout,
    /// The rules without the layout, as [`read_rules_with`] reads them.
    Meaning,
}

/// [`read_with`] taking the file's bytes and reading as deep as `depth`:
/// UTF-8 bytes become [`Parsed::text`] without a copy, so the bytes and
/// their decoded text are never held at once. A failure comes with the
/// text its error points into (what [`error_source`] gives for the same
/// bytes).
pub fn read_owned(
    bytes: Vec<u8>,
    options: &ReadOptions,
    dialect: Option<&Dialect>,
    depth: ReadDepth,
) -> Result<Parsed, Unread> {
    let read: FormatReader = match depth {
        ReadDepth::Full => parse_as,
        ReadDepth::Layout => read_layout,
        ReadDepth::Meaning => read_meaning,
    };
    read_owned_by(bytes, options, dialect, read)
}

/// A read by [`read_owned`] that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread {
    /// Why the file could not be read.
    pub error: ParseError,
    /// The text the error points into: the decoded file (repaired when
    /// repair was asked for), or the bytes as lossy UTF-8 when they are not
    /// UTF-8.
    pub source: String,
}

/// How a built-in format is read: a full read or a meaning read.
type FormatReader = fn(&str, Format) -> Result<Ruleset, ParseError>;

/// Decodes `bytes` and reads them in `dialect`, the format `options.from`
/// names, or the one detected, each built-in format with `read` (a full
/// read or a meaning read).
fn read_by(
    bytes: &[u8],
    options: &ReadOptions,
    dialect: Option<&Dialect>,
    read: FormatReader,
) -> Result<Parsed, ParseError> {
    let (text, issues) = decode(bytes, options)?;
    let (ruleset, format, confidence) = read_text(&text, options, dialect, read)?;
    Ok(Parsed {
        ruleset,
        format,
        text,
        encoding: issues,
        confidence,
    })
}

/// [`read_by`] on bytes it owns.
fn read_owned_by(
    bytes: Vec<u8>,
    options: &ReadOptions,
    dialect: Option<&Dialect>,
    read: FormatReader,
) -> Result<Parsed, Unread> {
    let decoded = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(invalid) => {
            let bytes = invalid.into_bytes();
            let error = encoding::decode(&bytes)
                .err()
                .unwrap_or_else(|| ParseError::new("invalid UTF-8", 0..0));
            return Err(Unread {
                error,
                source: String::from_utf8_lossy(&bytes).into_owned(),
            });
        }
    };
    let (text, issues) = repaired(decoded, options);
    match read_text(&text, options, dialect, read) {
        Ok((ruleset, format, confidence)) => Ok(Parsed {
            ruleset,
            format,
            text,
            encoding: issues,
            confidence,
        }),
        Err(error) => Err(Unread {
            error,
            source: text,
        }),
    }
}

/// Reads decoded `text` in `dialect`, the format `options.from` names, or
/// the one detected.
fn read_text(
    text: &str,
    options: &ReadOptions,
    dialect: Option<&Dialect>,
    read: FormatReader,
) -> Result<(Ruleset, Format, Option<u8>), ParseError> {
    match (dialect, options.from) {
        (Some(dialect), _) => Ok((dialect::read(text, dialect)?, Format::Dialect, None)),
        (None, Some(format)) => Ok((read(text, format)?, format, None)),
        (None, None) => detected_by(text, read),
    }
}

/// The built-in format detected and read, or an inferred dialect when no
/// built-in format reads the text.
fn detected(text: &str) -> Result<(Ruleset, Format), ParseError> {
    detected_by(text, parse_as).map(|(ruleset, format, _)| (ruleset, format))
}

/// [`detected`], reading a built-in format with `read`.
fn detected_by(
    text: &str,
    read: FormatReader,
) -> Result<(Ruleset, Format, Option<u8>), ParseError> {
    let builtin = detect(text).and_then(|format| Ok((read(text, format)?, format, None)));
    let Err(error) = builtin else {
        return builtin;
    };
    if text.trim().is_empty() {
        return Err(error);
    }
    match dialect::infer(text) {
        // A file whose rules mostly have built-in headings is a damaged
        // file of that format: its own error says what to mend.
        Ok(candidate) if builtin_headings(text) * 2 >= candidate.rules => Err(error),
        Ok(candidate) => Ok((
            dialect::read(text, &candidate.dialect)?,
            Format::Dialect,
            Some(candidate.confidence),
        )),
        Err(unsure @ dialect::InferError::Unsure { .. }) => Err(ParseError {
            inference: Some(unsure.clone()),
            ..ParseError::new(unsure.to_string(), 0..0).in_format(Format::Dialect)
        }),
        Err(inference) => Err(ParseError {
            inference: Some(inference),
            ..error
        }),
    }
}

/// Whether `text` reads, with at least one rule, in the built-in format
/// detected from it (no dialect is inferred): a ruleset file or a per-rule
/// page, not a bare rule of a folder of rule files.
pub(crate) fn reads_in_a_built_in_format(text: &str) -> bool {
    detect(text).is_ok_and(|format| {
        read_meaning(text, format).is_ok_and(|ruleset| !ruleset.rules.is_empty())
    })
}

/// How many lines are complete rule headings of a built-in format.
fn builtin_headings(text: &str) -> usize {
    text.lines()
        .map(|line| line.trim_end_matches('\r'))
        .filter(|line| lines::md_heading(line).is_ok() || lines::txt_heading(line).is_ok())
        .count()
}

/// The decoded (and, on request, repaired) text with its encoding issues.
fn decode(bytes: &[u8], options: &ReadOptions) -> Result<(String, Vec<EncodingIssue>), ParseError> {
    Ok(repaired(encoding::decode(bytes)?, options))
}

/// Decoded text, repaired on request, with its encoding issues.
fn repaired(decoded: String, options: &ReadOptions) -> (String, Vec<EncodingIssue>) {
    let issues = encoding::find_mojibake(&decoded);
    if options.repair_encoding && issues.iter().any(|i| i.certain) {
        encoding::repair(&decoded, &issues)
    } else {
        (decoded, issues)
    }
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
    match from {
        Some(format) => parse_as(text, format),
        None => detected(text).map(|(ruleset, _)| ruleset),
    }
}

/// Reads the rules of `text` in `format` for their meaning only: the same
/// rules [`parse_str`] reads, without the layout (and, for the forms that
/// measure it, without checking the wrapping of every paragraph).
pub(crate) fn read_meaning(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    match format {
        Format::MdLong | Format::MdShort | Format::MdRule => {
            md_long::read_markdown(text, format, ReadMode::Meaning)
        }
        Format::TxtLong | Format::TxtShort => {
            txt_long::read_wrapped(text, format, ReadMode::Meaning)
        }
        Format::TxtPlain => txt_plain::read(text, ReadMode::Meaning),
        Format::TxtRule => txt_rule::read(text, ReadMode::Meaning),
        _ => parse_as(text, format),
    }
}

/// [`read_meaning`] as the safety re-read of a write needs it: the same
/// rules, the same error, and, in the long forms, history entries that
/// hold only their source (all the comparison looks at).
pub(crate) fn read_check(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    match format {
        Format::TxtLong | Format::TxtShort => txt_long::read_wrapped(text, format, ReadMode::Check),
        Format::MdLong | Format::MdShort => md_long::read_markdown(text, format, ReadMode::Check),
        _ => read_meaning(text, format),
    }
}

/// Reads the rules of `text` in `format` with their layout but, for the
/// forms that have a layout read, without their fingerprints.
fn read_layout(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    match format {
        Format::MdLong | Format::MdShort | Format::MdRule => {
            md_long::read_markdown(text, format, ReadMode::Layout)
        }
        Format::TxtLong | Format::TxtShort => {
            txt_long::read_wrapped(text, format, ReadMode::Layout)
        }
        _ => parse_as(text, format),
    }
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
        Format::Dialect => dialect::infer(text)
            .map_err(|err| ParseError::new(err.to_string(), 0..0).in_format(Format::Dialect))
            .and_then(|candidate| dialect::read(text, &candidate.dialect)),
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
