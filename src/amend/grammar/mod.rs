//! The proposal file grammar (documented in `docs/amend.md`), parsed with
//! `nom`: a line-oriented frame (headers, operation lines, `>` quote blocks)
//! with one `nom` parser per line shape, so every error has a line and column.

use super::proposal::{Operation, OperationKind, Proposal};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{Date, Mutability, RoundTurn};
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till, take_while1};
use nom::character::complete::{char, digit1, one_of, space0, space1};
use nom::combinator::{eof, map, map_res, not, opt, value};
use nom::error::context;
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};
use nom_language::error::{VerboseError, VerboseErrorKind};
use std::ops::Range;

type Res<'a, O> = IResult<&'a str, O, VerboseError<&'a str>>;

/// A proposal file that does not follow the grammar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ProposalError {
    pub message: String,
    /// Byte offsets in the proposal file.
    pub span: Range<usize>,
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
        diagnostic.with_help("see docs/amend.md for the proposal grammar")
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
                format!("Proposal {} has no operations", proposal.number),
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

fn is_header(line: &str) -> bool {
    let rest = line.trim_start_matches('#').trim_start();
    rest.get(..8)
        .is_some_and(|word| word.eq_ignore_ascii_case("proposal"))
}

fn number(input: &str) -> Res<'_, u32> {
    map_res(digit1, str::parse::<u32>).parse(input)
}

fn rule_ref(input: &str) -> Res<'_, u32> {
    preceded(
        (context("`Rule`", tag_no_case("rule")), space1),
        context("a rule number", number),
    )
    .parse(input)
}

fn round_turn(input: &str) -> Res<'_, RoundTurn> {
    map(
        delimited(
            (char('('), tag_no_case("r")),
            (number, preceded(tag_no_case("t"), number)),
            char(')'),
        ),
        |(round, turn)| RoundTurn { round, turn },
    )
    .parse(input)
}

fn proposer(input: &str) -> Res<'_, String> {
    preceded(
        not(round_turn),
        delimited(
            char('('),
            map(take_till(|c| c == ')'), |s: &str| s.trim().to_string()),
            context("`)` after the proposer's name", char(')')),
        ),
    )
    .parse(input)
}

fn date(input: &str) -> Res<'_, Date> {
    context(
        "a date such as `Aug 24, 2020` or `2020-08-24`",
        alt((iso_date, month_date)),
    )
    .parse(input)
}

fn iso_date(input: &str) -> Res<'_, Date> {
    map_res(
        (
            take_while1(|c: char| c.is_ascii_digit()),
            char('-'),
            digit1,
            char('-'),
            digit1,
        ),
        |(y, _, m, _, d): (&str, char, &str, char, &str)| {
            Date::parse_iso(&format!("{y}-{m}-{d}")).ok_or("no such date")
        },
    )
    .parse(input)
}

fn month_date(input: &str) -> Res<'_, Date> {
    map_res(
        (
            take_while1(|c: char| c.is_ascii_alphabetic()),
            opt(char('.')),
            space1,
            digit1,
            char(','),
            space0,
            digit1,
        ),
        |(month, _, _, day, _, _, year): (&str, _, _, &str, _, _, &str)| {
            let month = month_number(month).ok_or("unknown month")?;
            let day: u8 = day.parse().map_err(|_| "bad day")?;
            let year: i32 = year.parse().map_err(|_| "bad year")?;
            Date::new(year, month, day).ok_or("no such date")
        },
    )
    .parse(input)
}

/// `Aug`, `aug`, `August`: the month's number.
fn month_number(name: &str) -> Option<u8> {
    const FULL: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let lower = name.to_ascii_lowercase();
    FULL.iter()
        .position(|full| lower.len() >= 3 && full.starts_with(&lower))
        .map(|i| i as u8 + 1)
}

/// Optional final punctuation, then the end of the line.
fn end_of_line(input: &str) -> Res<'_, ()> {
    value(
        (),
        (
            space0,
            opt(one_of(".:")),
            space0,
            context("the end of the line", eof),
        ),
    )
    .parse(input)
}

fn header(input: &str) -> Res<'_, Proposal> {
    let (rest, _) = opt((take_while1(|c| c == '#'), space0)).parse(input)?;
    let (rest, _) = (tag_no_case("proposal"), space1).parse(rest)?;
    let (rest, number) = context("the proposal's number", number).parse(rest)?;
    let (rest, proposer) = opt(preceded(space0, proposer)).parse(rest)?;
    let (rest, date) = opt(preceded((space0, char(','), space0), date)).parse(rest)?;
    let (rest, round_turn) = opt(preceded(space0, round_turn)).parse(rest)?;
    let (rest, ()) = context(
        "`(Proposer)`, `, Mon D, YYYY` or `(RxTy)` after the proposal number",
        end_of_line,
    )
    .parse(rest)?;
    Ok((
        rest,
        Proposal {
            number,
            proposer: proposer.filter(|p| !p.is_empty()),
            date,
            round_turn,
            operations: Vec::new(),
            span: 0..input.len(),
        },
    ))
}

fn mutability(input: &str) -> Res<'_, Mutability> {
    context(
        "`mutable` or `immutable`",
        alt((
            value(Mutability::Immutable, tag_no_case("immutable")),
            value(Mutability::Mutable, tag_no_case("mutable")),
        )),
    )
    .parse(input)
}

fn quoted_string(input: &str) -> Res<'_, String> {
    context(
        "a quoted text such as \"old words\"",
        map(
            alt((
                delimited(char('"'), take_till(|c| c == '"'), char('"')),
                delimited(char('“'), take_till(|c| c == '”'), char('”')),
            )),
            str::to_string,
        ),
    )
    .parse(input)
}

/// Puts a quoted text into an operation that takes one.
type Fill = fn(OperationKind, String) -> OperationKind;

fn fill_text(kind: OperationKind, quote: String) -> OperationKind {
    match kind {
        OperationKind::Enact {
            number, mutability, ..
        } => OperationKind::Enact {
            number,
            mutability,
            text: quote,
        },
        OperationKind::Amend { rule, .. } => OperationKind::Amend { rule, text: quote },
        OperationKind::Reenact {
            rule, mutability, ..
        } => OperationKind::Reenact {
            rule,
            mutability,
            text: quote,
        },
        other => other,
    }
}

const OPERATIONS: &str = "an operation: `Enact a new rule:`, `Amend Rule N to read:`, \
     `In Rule N, replace \"X\" with \"Y\".`, `Repeal Rule N.`, `Transmute Rule N to mutable.`, \
     `Renumber Rule N to M.` or `Reenact Rule N to read:`";

fn operation(input: &str) -> Res<'_, (OperationKind, Option<Fill>)> {
    let word = input
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    match word.as_str() {
        "enact" => map(enact, |k| (k, Some(fill_text as Fill))).parse(input),
        "amend" => map(amend, |k| (k, Some(fill_text as Fill))).parse(input),
        "reenact" => map(reenact, |k| (k, Some(fill_text as Fill))).parse(input),
        "in" => map(replace, |k| (k, None)).parse(input),
        "repeal" => map(repeal, |k| (k, None)).parse(input),
        "transmute" => map(transmute, |k| (k, None)).parse(input),
        "renumber" => map(renumber, |k| (k, None)).parse(input),
        _ => Err(nom::Err::Error(VerboseError {
            errors: vec![(input, VerboseErrorKind::Context(OPERATIONS))],
        })),
    }
}

fn enact(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("enact"), space1).parse(input)?;
    let (rest, _) = opt((tag_no_case("a"), space1)).parse(rest)?;
    let (rest, _) = opt((tag_no_case("new"), space1)).parse(rest)?;
    let (rest, mutability) = opt(terminated(mutability, space1)).parse(rest)?;
    let (rest, _) = context("`rule`", tag_no_case("rule")).parse(rest)?;
    let (rest, number) =
        opt(preceded((space1, tag_no_case("as"), space1), rule_ref)).parse(rest)?;
    let (rest, ()) = context(
        "`:` and the rule's text quoted on the next lines",
        end_of_line,
    )
    .parse(rest)?;
    Ok((
        rest,
        OperationKind::Enact {
            number,
            mutability: mutability.unwrap_or(Mutability::Mutable),
            text: String::new(),
        },
    ))
}

fn to_read(input: &str) -> Res<'_, ()> {
    value(
        (),
        (
            space1,
            context(
                "`to read:`",
                (tag_no_case("to"), space1, tag_no_case("read")),
            ),
            context("`:` and the new text quoted on the next lines", end_of_line),
        ),
    )
    .parse(input)
}

fn amend(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("amend"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, ()) = to_read(rest)?;
    Ok((
        rest,
        OperationKind::Amend {
            rule,
            text: String::new(),
        },
    ))
}

fn reenact(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("reenact"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, mutability) =
        opt(preceded((space1, tag_no_case("as"), space1), mutability)).parse(rest)?;
    let (rest, ()) = to_read(rest)?;
    Ok((
        rest,
        OperationKind::Reenact {
            rule,
            mutability: mutability.unwrap_or(Mutability::Mutable),
            text: String::new(),
        },
    ))
}

fn replace(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("in"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, _) = (
        space0,
        opt(char(',')),
        space0,
        context("`replace`", tag_no_case("replace")),
        space1,
    )
        .parse(rest)?;
    let (rest, find) = quoted_string(rest)?;
    let (rest, _) = (space1, context("`with`", tag_no_case("with")), space1).parse(rest)?;
    let (rest, replacement) = quoted_string(rest)?;
    let (rest, ()) = end_of_line(rest)?;
    Ok((
        rest,
        OperationKind::Replace {
            rule,
            find,
            replacement,
        },
    ))
}

fn repeal(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("repeal"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, ()) = end_of_line(rest)?;
    Ok((rest, OperationKind::Repeal { rule }))
}

fn transmute(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("transmute"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, _) = (space1, context("`to`", tag_no_case("to")), space1).parse(rest)?;
    let (rest, to) = mutability(rest)?;
    let (rest, ()) = end_of_line(rest)?;
    Ok((rest, OperationKind::Transmute { rule, to }))
}

fn renumber(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("renumber"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, _) = (space1, context("`to`", tag_no_case("to")), space1).parse(rest)?;
    let (rest, _) = opt((tag_no_case("rule"), space1)).parse(rest)?;
    let (rest, to) = context("the new rule number", number).parse(rest)?;
    let (rest, ()) = end_of_line(rest)?;
    Ok((rest, OperationKind::Renumber { rule, to }))
}

#[cfg(test)]
mod tests;
