//! Where a citation can start, found before the grammar runs.
//!
//! Every citation holds the word `rule` (`Rule 206`, `first paragraph of
//! rule 301`, `superseding Rule 215`) or starts with a form of supersede
//! (`superseding 203`). So the scanner need only try the grammar at:
//! - each `rule` (in any case): a citation introduced by the word;
//! - each `super`: a form of supersede;
//! - before a `rule` that follows `of` and, before that, a part word (`the
//!   first paragraph of rule 301`, `clause (a) of Rule 206`): the lines from
//!   the one before the part word to the `rule`, since an ordinal and its
//!   blank (at most one line break) may precede the part word.
//!
//! The windows are a superset of where the grammar can succeed (a test holds
//! the result to a scan of every position), and each is found by looking at
//! a few bytes around a `u`: most text has no `rule` and no `super` at all.

use std::ops::Range;

/// The part words of `first paragraph of rule 301` (`words::part_word`).
const PART_WORDS: &[&[u8]] = &[
    b"paragraph",
    b"subsection",
    b"section",
    b"sentence",
    b"clause",
    b"item",
    b"bullet",
    b"part",
];

/// Ascending ranges of byte positions at which a citation may start (they
/// may overlap); every position outside them fails the grammar.
pub(super) fn windows(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let bytes = text.as_bytes();
    let mut next = 1;
    std::iter::from_fn(move || {
        while next < bytes.len() {
            let at = next;
            next += 1;
            if bytes[at] | 0x20 != b'u' {
                continue;
            }
            let start = at - 1;
            let rest = &bytes[at + 1..];
            match bytes[start] | 0x20 {
                b'r' if starts_with_ignore_case(rest, b"le") => {
                    let from = part_prefix_start(text, start).unwrap_or(start);
                    return Some(from..start + 1);
                }
                b's' if starts_with_ignore_case(rest, b"per") => {
                    return Some(start..start + 1);
                }
                _ => {}
            }
        }
        None
    })
}

fn starts_with_ignore_case(bytes: &[u8], word: &[u8]) -> bool {
    bytes
        .get(..word.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(word))
}

fn ends_with_ignore_case(bytes: &[u8], word: &[u8]) -> bool {
    bytes.len() >= word.len() && bytes[bytes.len() - word.len()..].eq_ignore_ascii_case(word)
}

/// Where a part citation ending at the `rule` at `keyword` could start:
/// the start of the line before its part word's, when `of` and a part word
/// come before the `rule` (with blanks and an optional `2` or `(a)` between,
/// as `grammar::part` reads them).
fn part_prefix_start(text: &str, keyword: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let of_end = before_gap(text, keyword)?;
    if !ends_with_ignore_case(&bytes[..of_end], b"of") {
        return None;
    }
    let word_end = before_gap(text, of_end - 2)?;
    // `paragraph of`, or `paragraph 2 of` / `clause (a) of`.
    let direct = part_word_start(bytes, word_end);
    let numbered = before_number(bytes, word_end)
        .and_then(|number| before_gap(text, number))
        .and_then(|end| part_word_start(bytes, end));
    let part_start = match (direct, numbered) {
        (Some(direct), Some(numbered)) => direct.min(numbered),
        (direct, numbered) => direct.or(numbered)?,
    };
    Some(line_start_before(bytes, part_start))
}

/// Where a part word (or its plural) that ends at `end` starts.
fn part_word_start(bytes: &[u8], end: usize) -> Option<usize> {
    let before = &bytes[..end];
    PART_WORDS.iter().find_map(|word| {
        if ends_with_ignore_case(before, word) {
            Some(end - word.len())
        } else if before.last().is_some_and(|b| b | 0x20 == b's')
            && ends_with_ignore_case(&before[..end - 1], word)
        {
            Some(end - 1 - word.len())
        } else {
            None
        }
    })
}

/// The start of the `2` or `(a)` of `paragraph 2 of`, ending at `end`.
fn before_number(bytes: &[u8], end: usize) -> Option<usize> {
    let before = &bytes[..end];
    if before.last() == Some(&b')') {
        let inner = before[..end - 1]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        let open = end - 1 - inner;
        return (inner > 0 && open > 0 && bytes[open - 1] == b'(').then_some(open - 1);
    }
    let digits = before
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    (digits > 0).then_some(end - digits)
}

/// Where the blank (`words::gap`: whitespace and `&nbsp;`) that ends at
/// `end` starts; `None` when there is none.
fn before_gap(text: &str, end: usize) -> Option<usize> {
    let mut at = end;
    loop {
        let before = &text[..at];
        if before.ends_with("&nbsp;") || before.ends_with("&#160;") {
            at -= 6;
        } else if let Some(c) = before.chars().next_back().filter(|c| c.is_whitespace()) {
            at -= c.len_utf8();
        } else {
            break;
        }
    }
    (at < end).then_some(at)
}

/// The start of the line before the one that holds `at`.
fn line_start_before(bytes: &[u8], at: usize) -> usize {
    let line = bytes[..at].iter().rposition(|&b| b == b'\n');
    line.and_then(|newline| bytes[..newline].iter().rposition(|&b| b == b'\n'))
        .map_or(0, |newline| newline + 1)
}
