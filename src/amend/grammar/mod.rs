//! The proposal file grammar (documented in `docs/amend.md`), parsed with
//! `nom`: a line-oriented frame (headers, operation lines, `>` quote blocks)
//! with one `nom` parser per line shape, so every error has a line and column.

mod shapes;

use super::proposal::{Operation, Proposal};
use crate::diagnostic::{Diagnostic, Severity};
use nom::IResult;
use nom_language::error::{VerboseError, VerboseErrorKind};
use shapes::{from_temporary, header, operation};
use std::ops::Range;

type Res<'a, O> = IResult<&'a str, O, VerboseError<&'a str>>;

/// A proposal file that does not follow the grammar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ProposalError {
    /// What is wrong, for people to read.
    pub message: String,
    /// Byte offsets in the proposal file.
    pub span: Range<usize>,
    /// What the grammar expected at the span (`a date such as …`), when known.
    pub expected: Option<String>,
}

impl ProposalError {
    fn new(message: impl Into<String>, span: Range<usize>, expected: Option<&str>) -> Self {
        ProposalError {
            message: message.into(),
            span,
            expected: expected.map(str::to_string),
        }
    }

    /// The error as a `proposal-syntax` diagnostic, pointing to the grammar's docs.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut diagnostic = Diagnostic::new(
            "proposal-syntax",
            Severity::Error,
            &self.message,
            self.span.clone(),
        );
        if let Some(expected) = &self.expected {
            diagnostic = diagnostic.with_label(format!("expected {expected}"));
        }
        diagnostic.with_help("`nomic help proposals` gives the proposal grammar, with examples")
    }
}

/// One line of the file: its byte offset and its text without the line end.
#[derive(Clone, Copy)]
struct Line<'a> {
    start: usize,
    text: &'a str,
}

impl Line<'_> {
    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    fn span(&self) -> Range<usize> {
        self.start..self.start + self.text.len()
    }
}

fn lines(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split_inclusive('\n') {
        let body = piece.strip_suffix('\n').unwrap_or(piece);
        let body = body.strip_suffix('\r').unwrap_or(body);
        out.push(Line { start, text: body });
        start += piece.len();
    }
    out
}

/// Parses a proposal file: one or more proposals, each a header line and
/// one or more operations.
pub fn parse_proposals(text: &str) -> Result<Vec<Proposal>, ProposalError> {
    let mut all = lines(text);
    if let Some(first) = all.first_mut() {
        if let Some(rest) = first.text.strip_prefix('\u{feff}') {
            first.text = rest;
            first.start += '\u{feff}'.len_utf8();
        }
    }
    let mut proposals: Vec<Proposal> = Vec::new();
    let mut index = 0;
    while index < all.len() {
        let line = all[index];
        index += 1;
        if line.is_blank() {
            continue;
        }
        if is_header(line.text) {
            let mut proposal = parse_line(line, header)?;
            proposal.span = line.span();
            proposals.push(proposal);
            continue;
        }
        // A temporary rule becomes a rule without a proposal (Nomic IV rule
        // 308): outside a proposal, or with its own author and date, it
        // stands alone, and no proposal number is made up for it.
        if is_temporary(line.text) {
            let (_, attribution) = parse_line(line, from_temporary)?;
            if proposals.is_empty() || !attribution.is_empty() {
                proposals.push(Proposal {
                    number: None,
                    proposer: attribution.proposer,
                    date: attribution.date,
                    round_turn: attribution.round_turn,
                    title: None,
                    operations: Vec::new(),
                    span: line.span(),
                });
            }
        }
        let Some(current) = proposals.last_mut() else {
            return Err(ProposalError::new(
                "a proposal file starts with a header line",
                line.span(),
                Some("`Proposal N (Proposer), Mon D, YYYY (RxTy)`"),
            ));
        };
        let (kind, quoted) = parse_line(line, operation)?;
        let kind = match quoted {
            None => kind,
            Some(fill) => {
                let (quote, next) = quote_block(&all, index);
                if quote.is_empty() {
                    let at = all
                        .get(index)
                        .map_or(line.span().end..line.span().end, |l| {
                            l.start..l.start + l.text.len().max(1)
                        });
                    return Err(ProposalError::new(
                        "the rule's text must follow, as a `>` block quote",
                        at,
                        Some("a line starting with `>`"),
                    ));
                }
                index = next;
                fill(kind, quote)
            }
        };
        current.operations.push(Operation {
            kind,
            span: line.span(),
        });
    }
    if proposals.is_empty() {
        return Err(ProposalError::new(
            "the proposal file is empty",
            0..0,
            Some("`Proposal N (Proposer), Mon D, YYYY (RxTy)`"),
        ));
    }
    for proposal in &proposals {
        if proposal.operations.is_empty() {
            return Err(ProposalError::new(
                format!("{} has no operations", proposal.name()),
                proposal.span.clone(),
                Some("an operation on the lines after the header"),
            ));
        }
    }
    Ok(proposals)
}

/// Runs a line parser over a whole line and locates its error.
fn parse_line<'a, O>(
    line: Line<'a>,
    parser: fn(&'a str) -> Res<'a, O>,
) -> Result<O, ProposalError> {
    match parser(line.text.trim_end()) {
        Ok((_, out)) => Ok(out),
        Err(nom::Err::Error(err) | nom::Err::Failure(err)) => {
            let at = err.errors.first().map_or(line.text, |(rest, _)| *rest);
            let offset = line.start + (line.text.len() - at.len());
            let expected = err.errors.iter().find_map(|(_, kind)| match kind {
                VerboseErrorKind::Context(context) => Some(*context),
                _ => None,
            });
            let word_len = at.find(char::is_whitespace).unwrap_or(at.len()).max(1);
            let message = match expected {
                Some(expected) => format!("unexpected text in proposal: expected {expected}"),
                None => "unexpected text in proposal".to_string(),
            };
            Err(ProposalError::new(
                message,
                offset..offset + word_len.min(at.len().max(1)),
                expected,
            ))
        }
        Err(nom::Err::Incomplete(_)) => {
            Err(ProposalError::new("incomplete line", line.span(), None))
        }
    }
}

/// Collects the `>` lines from `index` on into text; returns it and the
/// index of the first line after the quote.
fn quote_block(all: &[Line<'_>], mut index: usize) -> (String, usize) {
    // Blank lines between the operation and its quote are allowed.
    let mut probe = index;
    while probe < all.len() && all[probe].is_blank() {
        probe += 1;
    }
    if probe < all.len() && quote_line(all[probe].text).is_some() {
        index = probe;
    }
    let mut body: Vec<&str> = Vec::new();
    while index < all.len() {
        let Some(content) = quote_line(all[index].text) else {
            break;
        };
        body.push(content);
        index += 1;
    }
    while body.first().is_some_and(|l| l.trim().is_empty()) {
        body.remove(0);
    }
    while body.last().is_some_and(|l| l.trim().is_empty()) {
        body.pop();
    }
    // Paragraphs are separated by exactly one blank line, as in the model.
    let mut text = String::new();
    let mut blank = false;
    for line in body {
        if line.trim().is_empty() {
            blank = true;
            continue;
        }
        if !text.is_empty() {
            text.push_str(if blank { "\n\n" } else { "\n" });
        }
        blank = false;
        text.push_str(line);
    }
    (text, index)
}

/// The content of a quote line: `> text` gives `text`, `>` alone gives "".
fn quote_line(line: &str) -> Option<&str> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let rest = trimmed.strip_prefix('>')?;
    Some(rest.strip_prefix(' ').unwrap_or(rest))
}

fn is_temporary(line: &str) -> bool {
    line.trim_start()
        .get(..9)
        .is_some_and(|word| word.eq_ignore_ascii_case("temporary"))
}

/// Whether `text` opens as a proposal file does: its first line that is
/// not blank is a proposal's header (`# Proposal 342 (Ann)`).
pub(crate) fn looks_like_proposals(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .find(|line| !line.trim().is_empty())
        .is_some_and(is_header)
}

fn is_header(line: &str) -> bool {
    let rest = line.trim_start_matches('#').trim_start();
    rest.get(..8)
        .is_some_and(|word| word.eq_ignore_ascii_case("proposal"))
}

#[cfg(test)]
mod tests;
