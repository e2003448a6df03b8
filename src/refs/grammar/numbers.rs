//! Rule numbers, ranges and lists, and what may follow a number.

use super::words::{gap, keyword, lead, spaces};
use super::{fail, span, Intro, Res};
use crate::refs::CitedNumber;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while_m_n};
use nom::character::complete::{char, digit1};
use nom::combinator::{map_res, opt, recognize, verify};
use nom::multi::many0;
use nom::sequence::{delimited, preceded, terminated};
use nom::Parser;

/// Words that may follow the last bare number of a list of rules
/// (`Rules 201 and 212 are mutable`). Words that follow quantities
/// (`hours`, `points`, `of`, `in`, `each`) are deliberately absent.
const LIST_FOLLOWERS: &[&str] = &[
    "and", "or", "nor", "but", "are", "is", "was", "were", "be", "apply", "applies", "shall",
    "must", "may", "will", "can", "cannot", "do", "does", "did", "have", "has", "had", "take",
    "takes", "remain", "remains", "still", "also", "hold", "holds", "say", "says", "state",
    "states", "govern", "governs", "would", "should", "could", "might",
];

/// Citations are at most five digits long: longer numbers are not rule
/// numbers (and could not be renumbered back digit for digit).
pub(in crate::refs) const MAX_DIGITS: usize = 5;

/// The digits of a rule number, and its value.
fn digits(input: &str) -> Res<'_, (&str, u32)> {
    let (rest, found) = verify(digit1, |d: &str| {
        d.len() <= MAX_DIGITS && (d == "0" || !d.starts_with('0'))
    })
    .parse(input)?;
    let (_, number) = map_res(digit1, str::parse::<u32>).parse(found)?;
    Ok((rest, (found, number)))
}

/// The `-117` of `101-117`, `101–117`, `101 through 117`, `201 to 219`,
/// and whether the range was written in words.
fn range_end(input: &str) -> Res<'_, ((&str, u32), bool)> {
    // A dash may end a wrapped line: `101-\n      117`.
    let dash = recognize((spaces, alt((char('-'), char('–'), char('—'))), opt(gap))).map(|_| false);
    let words = recognize((
        gap,
        alt((
            tag_no_case("through"),
            tag_no_case("thru"),
            tag_no_case("to"),
        )),
        gap,
    ))
    .map(|_| true);
    let (rest, (worded, end)) = (alt((dash, words)), digits).parse(input)?;
    Ok((rest, (end, worded)))
}

/// An identifier that is not a number, after the word rule: `-216`, `UC1`
/// (one to four capital letters, then digits).
fn identifier(input: &str) -> Res<'_, &str> {
    let negative = recognize((
        char('-'),
        take_while_m_n(1, MAX_DIGITS, |c: char| c.is_ascii_digit()),
    ));
    let prefixed = recognize((
        take_while_m_n(1, 4, |c: char| c.is_ascii_uppercase()),
        take_while_m_n(1, MAX_DIGITS, |c: char| c.is_ascii_digit()),
    ));
    let (rest, found) = alt((negative, prefixed)).parse(input)?;
    if rest.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return fail(input);
    }
    Ok((rest, found))
}

/// One number or range, with the check of what follows it.
fn item<'a>(text: &'a str, input: &'a str, intro: Intro) -> Res<'a, CitedNumber> {
    if intro != Intro::Bare {
        if let Ok((rest, found)) = preceded(lead, identifier).parse(input) {
            if follower_ok(rest, intro) {
                let cited = CitedNumber {
                    number: 0,
                    id: Some(found.to_string()),
                    span: span(text, found),
                    range_end: None,
                };
                return Ok((rest, cited));
            }
        }
    }
    let (rest, (first, number)) = preceded(lead, digits).parse(input)?;
    let cited = |end: Option<(&str, u32)>| CitedNumber {
        number,
        id: None,
        span: span(text, first),
        range_end: end.map(|(digits, last)| (last, span(text, digits))),
    };
    if let Ok((after, ((last, end), worded))) = range_end(rest) {
        // `Rule 206 to 250 words` is not a range: after `to` or `through`
        // the end must read as a list member, like a bare number.
        let end_intro = if worded { Intro::Bare } else { intro };
        if end > number && follower_ok(after, end_intro) {
            return Ok((after, cited(Some((last, end)))));
        }
    }
    if follower_ok(rest, intro) {
        Ok((rest, cited(None)))
    } else {
        fail(input)
    }
}

/// The first number after the introducing word, then the rest of the list.
pub(super) fn numbers<'a>(
    text: &'a str,
    input: &'a str,
    intro: Intro,
) -> Res<'a, Vec<CitedNumber>> {
    let (rest, first) = item(text, input, intro)?;
    let (rest, more) = many0(|i| continuation(text, i)).parse(rest)?;
    let mut all = vec![first];
    all.extend(more);
    Ok((rest, all))
}

/// `, 212`, ` and 213`, `, and Rule 304`, ` (immutable) and 201-219`.
fn continuation<'a>(text: &'a str, input: &'a str) -> Res<'a, CitedNumber> {
    let conjunction = || {
        alt((
            tag_no_case("and/or"),
            tag_no_case("and"),
            tag_no_case("or"),
            tag("&amp;"),
            tag("&"),
        ))
    };
    let parenthetical = (
        spaces,
        delimited(
            char('('),
            take_while_m_n(1, 40, |c| c != '(' && c != ')' && c != '\n'),
            char(')'),
        ),
    );
    let separator = alt((
        recognize((spaces, char(','), opt(gap), opt((conjunction(), gap)))),
        recognize((gap, conjunction(), gap)),
    ));
    let (rest, (_, separator, intro)) =
        (opt(parenthetical), separator, opt(terminated(keyword, gap))).parse(input)?;
    // `…under Rule 206,\n2. Each player…`: a bare number that starts a line
    // after a comma and is followed by `.` or `)` is the marker of an ordered
    // list item. (After `and` or `or` it is the end of a wrapped list.)
    let marker = rest
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .starts_with(['.', ')']);
    let line_after_comma = separator.contains('\n') && separator.trim_end().ends_with(',');
    if intro.is_none() && line_after_comma && marker {
        return fail(input);
    }
    item(text, rest, intro.unwrap_or(Intro::Bare))
}

/// Whether the text after a number lets the number be a rule number.
fn follower_ok(rest: &str, intro: Intro) -> bool {
    let mut chars = rest.chars();
    let Some(next) = chars.next() else {
        return true;
    };
    let second = chars.next();
    let digit_follows = second.is_some_and(|c| c.is_ascii_digit());
    match next {
        c if c.is_alphanumeric() => false,
        '.' | ',' | '-' | '–' | '—' if digit_follows => false,
        '/' if digit_follows => intro != Intro::Bare,
        '\'' | '’' if matches!(second, Some('s' | 'S')) => {
            intro == Intro::Singular && !chars.next().is_some_and(char::is_alphanumeric)
        }
        '%' | '°' => false,
        _ => intro != Intro::Bare || list_follower(rest),
    }
}

/// After a bare number: punctuation, a line end or a list word.
fn list_follower(rest: &str) -> bool {
    let rest = rest.trim_start_matches(['*', '_']);
    let rest = rest.trim_start_matches([' ', '\t', '\u{a0}']);
    let Some(next) = rest.chars().next() else {
        return true;
    };
    if next.is_ascii_digit() {
        return false;
    }
    if !next.is_alphabetic() {
        return true;
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphabetic())
        .flat_map(char::to_lowercase)
        .collect();
    LIST_FOLLOWERS.contains(&word.as_str())
}
