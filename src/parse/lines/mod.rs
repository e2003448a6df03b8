//! Line grammars (nom): rule headings, history entries, judgments.
//!
//! Each grammar reads one line without its line ending. History entries and
//! judgments never fail: a line no grammar recognises keeps its text (kind
//! `other` for history). Headings do fail, with the byte offset in the line
//! where the heading stopped fitting.

mod heading;
mod history;
mod judgment;

pub(crate) use heading::{
    looks_like_md_heading, looks_like_txt_heading, md_heading, txt_heading, Heading, HeadingError,
};
pub(crate) use history::history_entry;
pub(crate) use judgment::judgment;

use crate::model::Date;
use nom::bytes::complete::{tag, take_while1, take_while_m_n};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::{eof, map_opt, recognize};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

fn number(input: &str) -> IResult<&str, u32> {
    map_opt(digit1, |digits: &str| digits.parse().ok()).parse(input)
}

/// `Jun 1, 2020` (`%b %-d, %Y`), validated: three ASCII letters, a space,
/// one or two digits, `, ` and four digits (a fifth is left unread). Read
/// byte by byte (a ruleset has a date on most history lines); what the
/// combinators `take_while_m_n` … `map_opt` read, as a test checks.
pub(crate) fn date(input: &str) -> IResult<&str, Date> {
    let fail = || nom::Err::Error(nom::error::Error::new(input, nom::error::ErrorKind::MapOpt));
    let bytes = input.as_bytes();
    let digits = |from: usize, most: usize| {
        bytes
            .get(from..)
            .unwrap_or_default()
            .iter()
            .take(most)
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    if bytes.len() < 4 || !bytes[..3].iter().all(u8::is_ascii_alphabetic) || bytes[3] != b' ' {
        return Err(fail());
    }
    let day_len = digits(4, 2);
    let comma = 4 + day_len;
    if day_len == 0 || bytes.get(comma..comma + 2) != Some(b", ".as_slice()) {
        return Err(fail());
    }
    let year_at = comma + 2;
    if digits(year_at, 4) != 4 {
        return Err(fail());
    }
    // ASCII throughout, so every index is a character boundary.
    let field = |range: std::ops::Range<usize>| &input[range];
    let date = Date::new(
        field(year_at..year_at + 4).parse().map_err(|_| fail())?,
        Date::month_from_abbrev(field(0..3)).ok_or_else(fail)?,
        field(4..comma).parse().map_err(|_| fail())?,
    )
    .ok_or_else(fail)?;
    Ok((&input[year_at + 4..], date))
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

/// An md-long history line: `[*ENTRY*](LINK)` or `*ENTRY*`, with optional
/// trailing spaces (a Markdown line break). Returns the entry text, the link
/// and the number of trailing spaces.
pub(crate) fn md_history_line(line: &str) -> Option<(&str, Option<&str>, usize)> {
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
pub(crate) fn italic(line: &str) -> Option<&str> {
    let content = line.trim_end_matches(' ');
    let inner = content.strip_prefix('*')?.strip_suffix('*')?;
    (!inner.is_empty()).then_some(inner)
}

/// `##### *History*` or `#### *History*` (any level 3 to 6): the level.
pub(crate) fn md_section_heading(line: &str, name: &str) -> Option<u8> {
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
    /// [`super::date`] as the combinators read it.
    fn date_by_combinators(input: &str) -> nom::IResult<&str, crate::model::Date> {
        use nom::bytes::complete::{tag, take_while_m_n};
        use nom::character::complete::char;
        use nom::combinator::map_opt;
        use nom::Parser;
        map_opt(
            (
                take_while_m_n(3, 3, |c: char| c.is_ascii_alphabetic()),
                char(' '),
                take_while_m_n(1, 2, |c: char| c.is_ascii_digit()),
                tag(", "),
                take_while_m_n(4, 4, |c: char| c.is_ascii_digit()),
            ),
            |(month, _, day, _, year): (&str, char, &str, &str, &str)| {
                crate::model::Date::new(
                    year.parse().ok()?,
                    crate::model::Date::month_from_abbrev(month)?,
                    day.parse().ok()?,
                )
            },
        )
        .parse(input)
    }

    proptest::proptest! {
        #[test]
        fn a_date_reads_as_the_combinators_read_it(
            input in "(Jan|Feb|Jun|Dec|jun|J n|Jün|Xyz|Ju)?[ ,]{0,2}[0-9]{0,3}[, ]{0,3}[0-9]{0,6}[ (a]{0,2}",
        ) {
            let ours = super::date(&input).ok();
            let theirs = date_by_combinators(&input).ok();
            proptest::prop_assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn dates_read_with_their_remainder() {
        for input in [
            "Jun 1, 2020",
            "Feb 29, 2020 (R1T3)",
            "Dec 31, 20201",
            "Jun 01, 2020",
        ] {
            assert_eq!(
                super::date(input).ok(),
                date_by_combinators(input).ok(),
                "{input}"
            );
            assert!(super::date(input).is_ok(), "{input}");
        }
        for input in [
            "Feb 30, 2020",
            "Jun 1,2020",
            "Jun 123, 2020",
            "Jun 1, 202",
            "",
            "Jun",
        ] {
            assert!(super::date(input).is_err(), "{input}");
        }
    }

    use super::*;

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
