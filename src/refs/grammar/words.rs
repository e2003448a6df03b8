//! The words that introduce a citation, and the blanks between words.

use super::{Intro, Res};
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while, take_while1, take_while_m_n};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{not, opt, recognize, verify};
use nom::multi::many1_count;
use nom::sequence::terminated;
use nom::Parser;

/// A quick test before the full parse, which is slow to fail in debug
/// builds and would be tried at most words of a text.
pub(super) fn starts_with_part_word(input: &str) -> bool {
    const WORDS: &[&str] = &[
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "last",
        "final",
        "paragraph",
        "subsection",
        "section",
        "sentence",
        "clause",
        "item",
        "bullet",
        "part",
    ];
    // On the input's bytes, without first cutting out its word (a scan of
    // Unicode classes at every word start): a known word is ASCII letters,
    // so where the input starts with it, its word does too, and a word
    // starts with a digit exactly when the input does.
    // Only the words with the input's first letter are compared.
    let bytes = input.as_bytes();
    let Some(&first) = bytes.first() else {
        return false;
    };
    let first = first.to_ascii_lowercase();
    first.is_ascii_digit()
        || WORDS
            .iter()
            .filter(|known| known.as_bytes()[0] == first)
            .any(|known| {
                bytes
                    .get(..known.len())
                    .is_some_and(|start| start.eq_ignore_ascii_case(known.as_bytes()))
            })
}

/// `rule` or `rules` as a whole word, and the colon of `Relevant Rules:`.
pub(super) fn keyword(input: &str) -> Res<'_, Intro> {
    let (rest, word) = alt((tag_no_case("rules"), tag_no_case("rule"))).parse(input)?;
    let (rest, ()) = not(satisfy(|c| c.is_alphanumeric() || c == '-')).parse(rest)?;
    let (rest, _) = opt(char(':')).parse(rest)?;
    let intro = if word.len() == 5 {
        Intro::Plural
    } else {
        Intro::Singular
    };
    Ok((rest, intro))
}

/// Any spelling of supersede found in rulesets: `supersedes`, `superseding`,
/// `supercede`, `superceeding`, `superseded`.
pub(super) fn supersede_verb(input: &str) -> Res<'_, &str> {
    recognize((
        tag_no_case("super"),
        satisfy(|c| matches!(c, 's' | 'S' | 'c' | 'C')),
        take_while_m_n(1, 2, |c| c == 'e' || c == 'E'),
        satisfy(|c| c == 'd' || c == 'D'),
        opt(alt((
            tag_no_case("ing"),
            tag_no_case("es"),
            tag_no_case("ed"),
            tag_no_case("e"),
            tag_no_case("s"),
        ))),
        not(satisfy(char::is_alphanumeric)),
    ))
    .parse(input)
}

pub(super) fn ordinal(input: &str) -> Res<'_, &str> {
    terminated(
        alt((
            tag_no_case("first"),
            tag_no_case("second"),
            tag_no_case("third"),
            tag_no_case("fourth"),
            tag_no_case("fifth"),
            tag_no_case("sixth"),
            tag_no_case("seventh"),
            tag_no_case("eighth"),
            tag_no_case("ninth"),
            tag_no_case("tenth"),
            tag_no_case("last"),
            tag_no_case("final"),
            recognize((
                digit1,
                alt((
                    tag_no_case("st"),
                    tag_no_case("nd"),
                    tag_no_case("rd"),
                    tag_no_case("th"),
                )),
            )),
        )),
        not(satisfy(char::is_alphanumeric)),
    )
    .parse(input)
}

pub(super) fn part_word(input: &str) -> Res<'_, &str> {
    recognize((
        alt((
            tag_no_case("paragraph"),
            tag_no_case("subsection"),
            tag_no_case("section"),
            tag_no_case("sentence"),
            tag_no_case("clause"),
            tag_no_case("item"),
            tag_no_case("bullet"),
            tag_no_case("part"),
        )),
        opt(tag_no_case("s")),
        not(satisfy(char::is_alphanumeric)),
    ))
    .parse(input)
}

/// Whitespace between words, `&nbsp;` included; at most one line break, so
/// that a citation never spans paragraphs.
pub(super) fn gap(input: &str) -> Res<'_, &str> {
    verify(
        recognize(many1_count(alt((
            take_while1(char::is_whitespace),
            tag("&nbsp;"),
            tag("&#160;"),
        )))),
        |gap: &str| gap.matches('\n').count() <= 1,
    )
    .parse(input)
}

pub(super) fn spaces(input: &str) -> Res<'_, &str> {
    take_while(|c| c == ' ' || c == '\t' || c == '\u{a0}').parse(input)
}

/// What may stand between the introducing word and the digits: `#206`,
/// `**206**`, `[206](…)`.
pub(super) fn lead(input: &str) -> Res<'_, &str> {
    recognize((
        opt(char('#')),
        take_while_m_n(0, 3, |c| c == '*' || c == '_' || c == '['),
    ))
    .parse(input)
}

#[cfg(test)]
mod tests {
    use super::starts_with_part_word;

    #[test]
    fn a_part_word_is_found_at_the_start_of_the_input_in_any_case() {
        for yes in [
            "first paragraph",
            "FIRST",
            "Firstly",
            "1st",
            "2",
            "Paragraph 2",
            "sections",
            "item(a)",
            "bullet-point",
            "Last",
        ] {
            assert!(starts_with_part_word(yes), "{yes:?}");
        }
        for no in [
            "", " first", "fïrst", "fir", "rule 101", "éfirst", "-1", "paragrap", "２nd",
        ] {
            assert!(!starts_with_part_word(no), "{no:?}");
        }
    }
}
