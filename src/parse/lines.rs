//! Line grammars (nom): rule headings, history entries, judgments.
//!
//! Each grammar reads one line without its line ending. History entries and
//! judgments never fail: a line no grammar recognises keeps its text (kind
//! `other` for history). Headings do fail, with the byte offset in the line
//! where the heading stopped fitting.

use crate::model::{Date, HistoryEntry, HistoryKind, Judgment, Mutability};
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1, take_while_m_n};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::{eof, map, map_opt, opt, recognize};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};
use std::ops::Range;

/// A rule heading: `## 203/1`, `## 101 (IMMUTABLE)`, `Rule 101 (Immutable)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    pub number: u32,
    pub revision: Option<u32>,
    pub mutability: Mutability,
    /// Bytes of trailing whitespace after the heading (a quirk when non-zero).
    pub trailing_spaces: usize,
}

/// Why a line is not a rule heading, located in the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadingError {
    /// Byte range in the line.
    pub span: Range<usize>,
    pub message: String,
    pub expected: String,
}

/// `## N[/R][ (MARKER)]`, the Markdown rule heading.
pub fn md_heading(line: &str) -> Result<Heading, HeadingError> {
    heading_after(line, "## ", "`## N/R` or `## N (IMMUTABLE)`")
}

/// `Rule N[/R][ (MARKER)]`, the text-form rule heading.
pub fn txt_heading(line: &str) -> Result<Heading, HeadingError> {
    heading_after(line, "Rule ", "`Rule N/R` or `Rule N (Immutable)`")
}

/// Whether a line starts like a Markdown rule heading (`## ` and a digit),
/// so that failing to parse it is an error rather than body text.
pub fn looks_like_md_heading(line: &str) -> bool {
    line.strip_prefix("## ")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

/// Whether a line starts like a text rule heading (`Rule ` and a digit).
pub fn looks_like_txt_heading(line: &str) -> bool {
    line.strip_prefix("Rule ")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

type Raw<'a> = (&'a str, Option<&'a str>, Option<&'a str>, &'a str);

fn heading_shape(input: &str) -> IResult<&str, Raw<'_>> {
    let marker = delimited(
        (space0, char('(')),
        take_while1(|c: char| c.is_alphabetic() || c == ' ' || c == '-'),
        char(')'),
    );
    terminated(
        (
            digit1,
            opt(preceded(char('/'), digit1)),
            opt(marker),
            space0,
        ),
        eof,
    )
    .parse(input)
}

fn heading_after(line: &str, prefix: &str, expected: &str) -> Result<Heading, HeadingError> {
    let Some(rest) = line.strip_prefix(prefix) else {
        return Err(HeadingError {
            span: 0..line.len().min(prefix.len()),
            message: "not a rule heading".into(),
            expected: expected.into(),
        });
    };
    let base = prefix.len();
    let (number, revision, marker, trailing) = match heading_shape(rest) {
        Ok((_, raw)) => raw,
        Err(nom::Err::Error(err) | nom::Err::Failure(err)) => {
            let at = base + rest.len() - err.input.len();
            let end = line[at..].chars().next().map_or(at, |c| at + c.len_utf8());
            return Err(HeadingError {
                span: at..end,
                message: "malformed rule heading".into(),
                expected: expected.into(),
            });
        }
        Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers never ask for more"),
    };
    let offset_of = |part: &str| part.as_ptr() as usize - line.as_ptr() as usize;
    let number_value = to_u32(number, offset_of(number), "rule number")?;
    let revision = revision
        .map(|digits| to_u32(digits, offset_of(digits), "revision"))
        .transpose()?;
    Ok(Heading {
        number: number_value,
        revision,
        mutability: marker.map_or(Mutability::Mutable, Mutability::from_marker),
        trailing_spaces: trailing.len(),
    })
}

fn to_u32(digits: &str, at: usize, what: &str) -> Result<u32, HeadingError> {
    digits.parse().map_err(|_| HeadingError {
        span: at..at + digits.len(),
        message: format!("{what} {digits} is too large"),
        expected: format!("a {what} up to {}", u32::MAX),
    })
}

fn number(input: &str) -> IResult<&str, u32> {
    map_opt(digit1, |digits: &str| digits.parse().ok()).parse(input)
}

/// `Jun 1, 2020` (`%b %-d, %Y`), validated.
pub fn date(input: &str) -> IResult<&str, Date> {
    map_opt(
        (
            take_while_m_n(3, 3, |c: char| c.is_ascii_alphabetic()),
            char(' '),
            take_while_m_n(1, 2, |c: char| c.is_ascii_digit()),
            tag(", "),
            take_while_m_n(4, 4, |c: char| c.is_ascii_digit()),
        ),
        |(month, _, day, _, year): (&str, char, &str, &str, &str)| {
            Date::new(
                year.parse().ok()?,
                Date::month_from_abbrev(month)?,
                day.parse().ok()?,
            )
        },
    )
    .parse(input)
}

/// ` (R4T6)`.
fn round_turn(input: &str) -> IResult<&str, (u32, u32)> {
    preceded(
        tag(" (R"),
        (terminated(number, char('T')), terminated(number, char(')'))),
    )
    .parse(input)
}

/// A name in parentheses: no parentheses inside, so a failed attempt stops
/// at the next one (keeps right-to-left searches linear).
fn parenthesised_name(input: &str) -> IResult<&str, &str> {
    delimited(
        char('('),
        take_while1(|c: char| c != ')' && c != '('),
        char(')'),
    )
    .parse(input)
}

struct Tail {
    proposal: u32,
    proposer: Option<String>,
    date: Option<Date>,
    round_turn: Option<(u32, u32)>,
}

/// `N[ (Proposer)][, Mon D, YYYY][ (RxTy)]` to the end of the line.
fn change_tail(input: &str) -> IResult<&str, Tail> {
    map(
        terminated(
            (
                number,
                opt(preceded(char(' '), parenthesised_name)),
                opt(preceded(tag(", "), date)),
                opt(round_turn),
            ),
            eof,
        ),
        |(proposal, proposer, date, round_turn)| Tail {
            proposal,
            proposer: proposer.map(str::to_string),
            date,
            round_turn,
        },
    )
    .parse(input)
}

fn entry_from(kind: HistoryKind, amendment: Option<u32>, tail: Tail, source: &str) -> HistoryEntry {
    HistoryEntry {
        kind,
        amendment,
        proposal: Some(tail.proposal),
        proposer: tail.proposer,
        date: tail.date,
        round: tail.round_turn.map(|rt| rt.0),
        turn: tail.round_turn.map(|rt| rt.1),
        link: None,
        source: source.to_string(),
    }
}

fn initial(input: &str) -> IResult<&str, Option<Date>> {
    preceded(
        (
            tag("Initial "),
            alt((tag("immutable"), tag("mutable"))),
            tag(" Rule "),
            number,
        ),
        terminated(opt(preceded(tag(", "), date)), eof),
    )
    .parse(input)
}

fn verb(input: &str) -> IResult<&str, (HistoryKind, Option<u32>)> {
    let amended = map(
        delimited(tag("Amended ("), number, tag(") by Proposal ")),
        |k| (HistoryKind::Amended, Some(k)),
    );
    let transmuted = map(
        (
            tag("Transmuted "),
            opt(alt((tag("from immutable "), tag("from mutable ")))),
            alt((tag("to immutable"), tag("to mutable"))),
            tag(" by Proposal "),
        ),
        |_| (HistoryKind::Transmuted, None),
    );
    alt((
        map(tag("Enacted by Proposal "), |_| {
            (HistoryKind::Enacted, None)
        }),
        amended,
        transmuted,
        map(tag("Repealed by Proposal "), |_| {
            (HistoryKind::Repealed, None)
        }),
        map(
            alt((
                tag("Reenacted by Proposal "),
                tag("Re-enacted by Proposal "),
            )),
            |_| (HistoryKind::Reenacted, None),
        ),
        map(tag("Created from Temporary Rule "), |_| {
            (HistoryKind::CreatedFromTemporary, None)
        }),
        map(
            (
                tag("Renumbered from Rule "),
                number,
                tag(" to Rule "),
                number,
                tag(" by Proposal "),
            ),
            |_| (HistoryKind::Renumbered, None),
        ),
    ))
    .parse(input)
}

/// Parses a history entry's text (without link markup or italics). Never
/// fails: an unknown shape is kind `other` with its text kept in `source`.
pub fn history_entry(line: &str) -> HistoryEntry {
    if let Ok((_, date)) = initial(line) {
        return HistoryEntry {
            date,
            ..HistoryEntry::new(HistoryKind::Initial, line)
        };
    }
    if let Ok((_, ((kind, amendment), tail))) = (verb, change_tail).parse(line) {
        return entry_from(kind, amendment, tail, line);
    }
    // `nomic renumber` records a renumbering no proposal made.
    let mut renumbered = (
        tag("Renumbered from Rule "),
        number,
        tag(" to Rule "),
        number,
        eof,
    );
    if renumbered.parse(line).is_ok() {
        return HistoryEntry::new(HistoryKind::Renumbered, line);
    }
    HistoryEntry::new(HistoryKind::Other, line)
}

/// `(Judge), Mon D, YYYY[ (RxTy)]` to the end of the line.
type JudgmentTail<'a> = (&'a str, Date, Option<(u32, u32)>);

fn judgment_tail(input: &str) -> IResult<&str, JudgmentTail<'_>> {
    terminated(
        (
            terminated(parenthesised_name, tag(", ")),
            date,
            opt(round_turn),
        ),
        eof,
    )
    .parse(input)
}

/// Parses a judgment's text (without italics): `TEXT (Judge), Mon D, YYYY
/// (RxTy)`. Never fails: an unknown shape keeps the whole line as `text`.
pub fn judgment(line: &str) -> Judgment {
    // The ruling itself may hold parentheses, so the judge is the last
    // parenthesised name that the date follows: try candidates right to left.
    let mut search_end = line.len();
    while let Some(at) = line[..search_end].rfind(" (") {
        if let Ok((_, (judge, date, round_turn))) = judgment_tail(&line[at + 1..]) {
            return Judgment {
                text: line[..at].to_string(),
                judge: Some(judge.to_string()),
                date: Some(date),
                round: round_turn.map(|rt| rt.0),
                turn: round_turn.map(|rt| rt.1),
                source: line.to_string(),
            };
        }
        search_end = at;
    }
    Judgment {
        text: line.to_string(),
        judge: None,
        date: None,
        round: None,
        turn: None,
        source: line.to_string(),
    }
}

/// An md-long history line: `[*ENTRY*](LINK)` or `*ENTRY*`, with optional
/// trailing spaces (a Markdown line break). Returns the entry text, the link
/// and the number of trailing spaces.
pub fn md_history_line(line: &str) -> Option<(&str, Option<&str>, usize)> {
    let content = line.trim_end_matches(' ');
    let trailing = line.len() - content.len();
    if let Some(inner) = content.strip_prefix("[*") {
        let (entry, link) = inner.split_once("*](")?;
        let link = link.strip_suffix(')')?;
        return Some((entry, Some(link), trailing));
    }
    let entry = italic(content)?;
    Some((entry, None, trailing))
}

/// The text inside `*...*` on a whole line (trailing spaces allowed).
pub fn italic(line: &str) -> Option<&str> {
    let content = line.trim_end_matches(' ');
    let inner = content.strip_prefix('*')?.strip_suffix('*')?;
    (!inner.is_empty()).then_some(inner)
}

/// `##### *History*` or `#### *History*` (any level 3 to 6): the level.
pub fn md_section_heading(line: &str, name: &str) -> Option<u8> {
    let hashes = recognize(take_while_m_n(3, 6, |c| c == '#'));
    let parsed: IResult<&str, &str> = terminated(
        hashes,
        (char(' '), char('*'), tag(name), char('*'), space0, eof),
    )
    .parse(line);
    parsed.ok().map(|(_, hashes)| hashes.len() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Change, RoundTurn};

    #[test]
    fn headings_of_both_families() {
        let h = md_heading("## 101/0 (IMMUTABLE)").unwrap();
        assert_eq!((h.number, h.revision), (101, Some(0)));
        assert_eq!(h.mutability, Mutability::Immutable);
        let h = md_heading("## 205").unwrap();
        assert_eq!(
            (h.number, h.revision, h.mutability),
            (205, None, Mutability::Mutable)
        );
        let h = txt_heading("Rule 101 (Immutable)").unwrap();
        assert_eq!(h.mutability, Mutability::Immutable);
        let h = txt_heading("Rule 7/2 (TRANSIENT)").unwrap();
        assert_eq!(h.mutability, Mutability::Other("transient".into()));
        assert_eq!(h.revision, Some(2));
        assert_eq!(md_heading("## 203/1  ").unwrap().trailing_spaces, 2);
    }

    #[test]
    fn heading_errors_are_located() {
        let err = md_heading("## 99999999999/0").unwrap_err();
        assert_eq!(err.span, 3..14);
        assert!(err.message.contains("too large"), "{}", err.message);
        let err = md_heading("## 12/x").unwrap_err();
        assert_eq!(err.span.start, 5);
        let err = txt_heading("Rule 5/99999999999").unwrap_err();
        assert_eq!(err.span, 7..18);
    }

    fn change(p: u32, who: &str, date: (i32, u8, u8), rt: Option<(u32, u32)>) -> Change {
        Change {
            proposal: p,
            proposer: Some(who.into()),
            date: Date::new(date.0, date.1, date.2),
            round_turn: rt.map(|(round, turn)| RoundTurn { round, turn }),
        }
    }

    #[test]
    fn canonical_entries_parse_back_to_their_constructors() {
        let date = Date::new(2020, 6, 1);
        let c = change(329, "Alekosen", (2020, 7, 27), None);
        let t = change(601, "Fenris Wolf", (2020, 8, 14), Some((5, 8)));
        let r = change(340, "THUNDER THIGHS", (2020, 8, 20), Some((6, 1)));
        let entries = [
            HistoryEntry::initial(203, false, date),
            HistoryEntry::initial(101, true, date),
            HistoryEntry::initial(101, true, None),
            HistoryEntry::enacted(&r),
            HistoryEntry::amended(1, &c),
            HistoryEntry::amended(12, &r),
            HistoryEntry::transmuted(true, &r),
            HistoryEntry::transmuted(false, &r),
            HistoryEntry::repealed(&r),
            HistoryEntry::reenacted(&r),
            HistoryEntry::created_from_temporary(&t),
            HistoryEntry::enacted(&Change {
                proposal: 5,
                ..Change::default()
            }),
        ];
        for entry in entries {
            assert_eq!(history_entry(&entry.source), entry, "{}", entry.source);
        }
    }

    #[test]
    fn unknown_history_shapes_are_kept() {
        for line in [
            "Something happened",
            "Amended (x) by Proposal 3",
            "Enacted by Proposal 3, Feb 30, 2020",
        ] {
            let entry = history_entry(line);
            assert_eq!(entry.kind, HistoryKind::Other);
            assert_eq!(entry.source, line);
        }
    }

    #[test]
    fn judgments_find_the_judge_after_parenthesised_text() {
        let line = "\"Regulated\" (in rules) means x. (Coconutpies), Jun 6, 2020 (R1T3)";
        let j = judgment(line);
        assert_eq!(j.text, "\"Regulated\" (in rules) means x.");
        assert_eq!(j.judge.as_deref(), Some("Coconutpies"));
        assert_eq!(j.date, Date::new(2020, 6, 6));
        assert_eq!((j.round, j.turn), (Some(1), Some(3)));
        assert_eq!(j.source, line);
        let j = judgment("No judge here");
        assert_eq!((j.text.as_str(), j.judge), ("No judge here", None));
    }

    #[test]
    fn md_history_lines_with_and_without_links() {
        assert_eq!(
            md_history_line("[*Initial mutable Rule 1*](http://x/y.md)  "),
            Some(("Initial mutable Rule 1", Some("http://x/y.md"), 2))
        );
        assert_eq!(
            md_history_line("*Initial mutable Rule 1*"),
            Some(("Initial mutable Rule 1", None, 0))
        );
        assert_eq!(md_section_heading("##### *History*", "History"), Some(5));
        assert_eq!(md_section_heading("#### *History*", "History"), Some(4));
        assert_eq!(md_section_heading("#### History", "History"), None);
    }
}
