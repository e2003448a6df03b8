//! Puts a parsed file together: the meaning of each rule, and the layout
//! pieces (header, rule sources, footer) that concatenate to the file.

use super::ReadMode;
use crate::model::{DocumentLayout, Format, LayoutQuirk, LineEnding, Rule, RuleLayout, Ruleset};
use rayon::prelude::*;

/// One rule as a parser read it: its meaning, where its source starts, and
/// the quirks found in it. Its source ends where the next piece starts.
pub(super) struct Piece {
    pub start: usize,
    pub rule: Rule,
    pub quirks: Vec<LayoutQuirk>,
}

/// A whole document as a parser read it.
pub(super) struct Document {
    pub format: Format,
    pub title: String,
    pub pieces: Vec<Piece>,
    /// Where the footer starts (the end of the last rule's source).
    pub footer_start: usize,
    pub quirks: Vec<LayoutQuirk>,
}

/// The line ending of the first line that has one.
pub(super) fn line_ending(text: &str) -> LineEnding {
    match text.find('\n') {
        Some(i) if i > 0 && text.as_bytes()[i - 1] == b'\r' => LineEnding::Crlf,
        _ => LineEnding::Lf,
    }
}

/// Builds the ruleset; fingerprints are taken from the final meaning.
pub(super) fn assemble(text: &str, document: Document) -> Ruleset {
    assemble_read(text, document, ReadMode::Full)
}

/// [`assemble`] for a read in `mode`: a [`ReadMode::Meaning`] read keeps
/// no layout (no copies of the source, no fingerprints), a
/// [`ReadMode::Layout`] read keeps it without fingerprints.
pub(super) fn assemble_read(text: &str, document: Document, mode: ReadMode) -> Ruleset {
    if matches!(mode, ReadMode::Meaning | ReadMode::Check) {
        return Ruleset {
            title: document.title,
            rules: document
                .pieces
                .into_iter()
                .map(|piece| piece.rule)
                .collect(),
            layout: None,
            agora: None,
        };
    }
    let header_end = document
        .pieces
        .first()
        .map_or(document.footer_start, |p| p.start);
    let ends: Vec<usize> = document
        .pieces
        .iter()
        .skip(1)
        .map(|p| p.start)
        .chain(std::iter::once(document.footer_start))
        .collect();
    // A fingerprint is a digest of a rule's whole meaning, the costliest
    // part of the assembly: the rules are independent, so both cores share it.
    let fingerprint = |rule: &Rule| {
        if mode == ReadMode::Full {
            rule.fingerprint()
        } else {
            String::new()
        }
    };
    // Each piece gets its layout where it is, and the rules are then taken
    // out of the pieces in place: a second vector of rules beside the
    // pieces (368 bytes a rule) was the read's peak.
    let mut pieces = document.pieces;
    pieces
        .par_iter_mut()
        .zip(ends)
        .with_min_len(64)
        .for_each(|(piece, end)| {
            let rule = &mut piece.rule;
            let source = text[piece.start..end].to_string();
            rule.layout = Some(RuleLayout {
                source,
                offset: piece.start,
                fingerprint: fingerprint(rule),
                trailer: String::new(),
                note: None,
                heading_level: None,
                tree: None,
                quirks: std::mem::take(&mut piece.quirks),
            });
        });
    let rules: Vec<Rule> = pieces.into_iter().map(|piece| piece.rule).collect();
    Ruleset {
        title: document.title.clone(),
        rules,
        layout: Some(DocumentLayout {
            format: document.format,
            line_ending: line_ending(text),
            title: document.title,
            header: text[..header_end].to_string(),
            footer: text[document.footer_start..].to_string(),
            rules_end: Some(document.footer_start),
            quirks: document.quirks,
            dialect: None,
        }),
        agora: None,
    }
}
