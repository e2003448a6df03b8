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
//! A `rule` counts only where a number can follow it (`Rule 206`, not `rule
//! votes`). The windows are a superset of where the grammar can succeed (a
//! test holds the result to a scan of every position), and each is found by
//! looking at a few bytes around a `u`, found eight bytes at a time: most
//! text has no `rule` and no `super` at all.

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
        while let Some(at) = next_u(bytes, next) {
            next = at + 1;
            let start = at - 1;
            let rest = &bytes[at + 1..];
            match bytes[start] | 0x20 {
                b'r' if starts_with_ignore_case(rest, b"le") && number_may_follow(text, start) => {
                    let from = part_prefix_start(text, start).unwrap_or(start);
                    return Some(from..start + 1);
                }
                b's' if starts_with_ignore_case(rest, b"per") => {
                    return Some(start..start + 1);
                }
                _ => {}
            }
        }
        next = bytes.len();
        None
    })
}

/// The first `u` or `U` at or after `from`, eight bytes at a time.
fn next_u(bytes: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const CASE: u64 = u64::from_ne_bytes([0x20; 8]);
    const U: u64 = u64::from_ne_bytes([b'u'; 8]);
    let mut at = from;
    while at + 8 <= bytes.len() {
        let mut chunk = [0; 8];
        chunk.copy_from_slice(&bytes[at..at + 8]);
        // A byte of `x` is zero exactly where the chunk holds `u` or `U`
        // (only 0x55 and 0x75 become 0x75 with bit 0x20 set).
        let x = (u64::from_ne_bytes(chunk) | CASE) ^ U;
        if x.wrapping_sub(ONES) & !x & HIGHS != 0 {
            break;
        }
        at += 8;
    }
    bytes
        .get(at..)?
        .iter()
        .position(|&b| b | 0x20 == b'u')
        .map(|i| at + i)
}

/// Whether the `rule` at `keyword` can introduce a number, as
/// `grammar::rule` reads one: `rule` or `rules`, perhaps a colon, a blank,
/// then what a number or identifier starts with (`206`, `#206`, `**206`,
/// `[206`, `-216`, `UC1`). `Rule votes` cannot.
fn number_may_follow(text: &str, keyword: usize) -> bool {
    let bytes = text.as_bytes();
    let mut at = keyword + 4;
    if bytes.get(at).is_some_and(|b| b | 0x20 == b's') {
        at += 1;
    }
    if bytes.get(at) == Some(&b':') {
        at += 1;
    }
    let Some(after) = after_gap(text, at) else {
        return false;
    };
    bytes.get(after).is_some_and(|&b| {
        matches!(b, b'#' | b'*' | b'_' | b'[' | b'-')
            || b.is_ascii_digit()
            || b.is_ascii_uppercase()
    })
}

/// Where the blank that starts at `start` ends; `None` when there is none.
fn after_gap(text: &str, start: usize) -> Option<usize> {
    let mut at = start;
    loop {
        let rest = text.get(at..)?;
        if rest.starts_with("&nbsp;") || rest.starts_with("&#160;") {
            at += 6;
        } else if let Some(c) = rest.chars().next().filter(|c| c.is_whitespace()) {
            at += c.len_utf8();
        } else {
            break;
        }
    }
    (at > start).then_some(at)
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
