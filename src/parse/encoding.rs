//! Decoding, and mojibake: UTF-8 text that was once decoded as Windows-1252
//! or Windows-1254 and saved again (`’` became `â€™`, `🚼` became `ğŸš¼`).
//!
//! Every character of such a sequence maps back to one byte through the code
//! page (encoding_rs's tables, used in reverse); the bytes are UTF-8 again.
//! Bytes the code page leaves undefined were dropped when the file was
//! saved, so a sequence one byte short cannot be restored with certainty:
//! it is reported with the characters it could have been, and left alone.

use super::error::ParseError;
use encoding_rs::{Encoding, WINDOWS_1252, WINDOWS_1254};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

/// A stretch of text that looks like mojibake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodingIssue {
    /// Byte range in `Parsed::text`.
    pub span: Range<usize>,
    /// The characters found there.
    pub found: String,
    /// What they were before the damage, when that is known (certain) or
    /// when exactly one character fits (not certain, not applied).
    pub repair: Option<String>,
    /// Whether the repair is certain (no byte was lost).
    pub certain: bool,
    /// The finding as shown to the user (`mojibake: … read as Windows-1252`).
    pub message: String,
}

/// UTF-8 with or without a byte order mark (kept in the text).
pub(super) fn decode(bytes: &[u8]) -> Result<String, ParseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(err) => {
            let at = err.valid_up_to();
            let len = err.error_len().unwrap_or(bytes.len() - at);
            let guess = if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
                "the file is UTF-16; save it as UTF-8"
            } else {
                "the file may be in a legacy code page such as Windows-1252; save it as UTF-8"
            };
            Err(ParseError::new(
                format!("invalid UTF-8 at byte {at}; nomic reads UTF-8 files ({guess})"),
                at..at + len,
            )
            .expected("UTF-8 text"))
        }
    }
}

const CP1252: u8 = 1;
const CP1254: u8 = 2;

/// For each non-ASCII character a code page can produce: its byte, and the
/// code pages (bit set) that produce it.
fn reverse_table() -> &'static HashMap<char, (u8, u8)> {
    static TABLE: OnceLock<HashMap<char, (u8, u8)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: HashMap<char, (u8, u8)> = HashMap::new();
        for (encoding, bit) in [(WINDOWS_1252, CP1252), (WINDOWS_1254, CP1254)] {
            for byte in 0x80..=0xFFu8 {
                if let Some(c) = decode_byte(encoding, byte) {
                    table.entry(c).or_insert((byte, 0)).1 |= bit;
                }
            }
        }
        table
    })
}

fn decode_byte(encoding: &'static Encoding, byte: u8) -> Option<char> {
    let input = [byte];
    let (text, _) = encoding.decode_without_bom_handling(&input);
    let c = text.chars().next()?;
    // encoding_rs maps the bytes a code page leaves undefined to C1 controls.
    (!('\u{80}'..='\u{9f}').contains(&c) || u32::from(c) != u32::from(byte)).then_some(c)
}

/// Bytes a code page leaves undefined (they were dropped on saving).
fn undefined_bytes(pages: u8) -> &'static [u8] {
    static UNDEFINED: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    let [cp1252, cp1254] = UNDEFINED.get_or_init(|| {
        [WINDOWS_1252, WINDOWS_1254].map(|encoding| {
            (0x80..=0xBFu8)
                .filter(|&b| decode_byte(encoding, b).is_none())
                .collect()
        })
    });
    if pages & CP1252 != 0 && pages & CP1254 == 0 {
        cp1252
    } else {
        cp1254
    }
}

fn page_name(pages: u8) -> &'static str {
    match pages {
        CP1252 => "Windows-1252",
        CP1254 => "Windows-1254",
        _ => "Windows-1252 or Windows-1254",
    }
}

fn continuation_count(lead: u8) -> Option<usize> {
    match lead {
        0xC2..=0xDF => Some(1),
        0xE0..=0xEF => Some(2),
        0xF0..=0xF4 => Some(3),
        _ => None,
    }
}

/// Finds mojibake. Sequences one byte short are reported only when the text
/// also holds certain mojibake: alone, `é’` is far more likely French. When
/// the certain ones show which code page did the damage (`ğ` exists only in
/// Windows-1254), the text is read again with that code page alone.
pub(crate) fn find_mojibake(text: &str) -> Vec<EncodingIssue> {
    if text.is_ascii() {
        return Vec::new();
    }
    let (mut certain, mut uncertain) = scan(text, CP1252 | CP1254);
    if certain.is_empty() {
        return Vec::new();
    }
    let only = |page: u8| certain.iter().any(|issue| issue.1 == page);
    let page = match (only(CP1252), only(CP1254)) {
        (false, true) => Some(CP1254),
        (true, false) => Some(CP1252),
        _ => None,
    };
    if let Some(page) = page {
        (certain, uncertain) = scan(text, page);
    }
    let mut issues: Vec<EncodingIssue> =
        certain.into_iter().chain(uncertain).map(|i| i.0).collect();
    issues.sort_by_key(|issue| issue.span.start);
    issues
}

/// Issues, each with the code pages that fit it.
type Found = Vec<(EncodingIssue, u8)>;

/// One pass over the text with the code pages in `allowed`: the certain and
/// the one-byte-short sequences.
fn scan(text: &str, allowed: u8) -> (Found, Found) {
    let table = reverse_table();
    let bytes_of_text = text.as_bytes();
    let mut certain = Vec::new();
    let mut uncertain = Vec::new();
    let mut pos = 0;
    while let Some(skip) = bytes_of_text[pos..].iter().position(|&b| b >= 0x80) {
        pos += skip;
        let c = text[pos..].chars().next().expect("a character starts here");
        let after = pos + c.len_utf8();
        let lead = table
            .get(&c)
            .filter(|(_, pages)| pages & allowed != 0)
            .and_then(|&(lead, pages)| Some((lead, pages & allowed, continuation_count(lead)?)));
        let Some((lead, mut pages, needed)) = lead else {
            pos = after;
            continue;
        };
        let mut bytes = vec![lead];
        let mut end = after;
        for next in text[after..].chars() {
            if bytes.len() > needed {
                break;
            }
            match table.get(&next) {
                Some(&(b @ 0x80..=0xBF, p)) if p & pages != 0 => {
                    bytes.push(b);
                    pages &= p;
                    end += next.len_utf8();
                }
                _ => break,
            }
        }
        let found = &text[pos..end];
        if bytes.len() == needed + 1 {
            if let Ok(repaired) = std::str::from_utf8(&bytes) {
                let issue = EncodingIssue {
                    span: pos..end,
                    found: found.to_string(),
                    repair: Some(repaired.to_string()),
                    certain: true,
                    message: format!(
                        "mojibake: `{found}` is `{repaired}` in UTF-8 read as {}",
                        page_name(pages)
                    ),
                };
                certain.push((issue, pages));
                pos = end;
                continue;
            }
        } else if bytes.len() == needed && needed >= 2 {
            uncertain.push((one_byte_short(found, pos..end, &bytes, pages), pages));
            pos = end;
            continue;
        }
        pos = after;
    }
    (certain, uncertain)
}

/// A sequence missing one continuation byte: every character that putting
/// back one undefined byte would give.
fn one_byte_short(found: &str, span: Range<usize>, bytes: &[u8], pages: u8) -> EncodingIssue {
    let mut candidates: Vec<String> = Vec::new();
    for &missing in undefined_bytes(pages) {
        for at in 1..=bytes.len() {
            let mut attempt = bytes.to_vec();
            attempt.insert(at, missing);
            if let Ok(s) = std::str::from_utf8(&attempt) {
                if !candidates.iter().any(|c| c == s) {
                    candidates.push(s.to_string());
                }
            }
        }
    }
    candidates.sort();
    let listed: Vec<String> = candidates.iter().map(|c| format!("`{c}`")).collect();
    let message = format!(
        "mojibake: `{found}` is UTF-8 read as {} with a byte dropped; it could be {}; \
         not repaired",
        page_name(pages),
        if listed.is_empty() {
            "nothing valid".to_string()
        } else {
            listed.join(", ")
        }
    );
    EncodingIssue {
        span,
        found: found.to_string(),
        repair: (candidates.len() == 1).then(|| candidates[0].clone()),
        certain: false,
        message,
    }
}

/// Applies the certain repairs. Returns the repaired text and the issues
/// with their spans moved into it (a repaired issue spans its repair).
pub(super) fn repair(text: &str, issues: &[EncodingIssue]) -> (String, Vec<EncodingIssue>) {
    let mut out = String::with_capacity(text.len());
    let mut moved = Vec::with_capacity(issues.len());
    let mut copied = 0;
    for issue in issues {
        out.push_str(&text[copied..issue.span.start]);
        let start = out.len();
        match (&issue.repair, issue.certain) {
            (Some(repaired), true) => out.push_str(repaired),
            _ => out.push_str(&issue.found),
        }
        moved.push(EncodingIssue {
            span: start..out.len(),
            ..issue.clone()
        });
        copied = issue.span.end;
    }
    out.push_str(&text[copied..]);
    (out, moved)
}

/// What [`repair_encoding`] made of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodingRepair {
    /// The text with every certain repair applied; everything else as it was.
    pub text: String,
    /// How many damaged sequences were repaired.
    pub repaired: usize,
    /// The damaged sequences left as they are, in order.
    pub uncertain: Vec<UncertainSpot>,
}

/// A damaged sequence whose repair is not certain (a byte was lost), so it
/// was left as it is; located in the text as it was before the repair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UncertainSpot {
    /// Line of the sequence, from 1.
    pub line: usize,
    /// Column of its first character, from 1, counted in characters.
    pub column: usize,
    /// The sequence; its span is a byte range in the text before repair.
    pub issue: EncodingIssue,
}

/// Applies every certain mojibake repair to `text` and lists, with line and
/// column, the damaged sequences that were left because their repair is
/// uncertain. Text without certain mojibake comes back unchanged.
#[must_use]
pub fn repair_encoding(text: &str) -> EncodingRepair {
    let issues = find_mojibake(text);
    let (repaired_text, _) = repair(text, &issues);
    let mut uncertain = Vec::new();
    let (mut line, mut line_start, mut scanned) = (1, 0, 0);
    for issue in issues.iter().filter(|issue| !issue.certain) {
        let before = &text[scanned..issue.span.start];
        line += before.matches('\n').count();
        if let Some(newline) = before.rfind('\n') {
            line_start = scanned + newline + 1;
        }
        scanned = issue.span.start;
        uncertain.push(UncertainSpot {
            line,
            column: text[line_start..issue.span.start].chars().count() + 1,
            issue: issue.clone(),
        });
    }
    EncodingRepair {
        text: repaired_text,
        repaired: issues.iter().filter(|issue| issue.certain).count(),
        uncertain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_names_the_byte() {
        let err = decode(b"ab\xffcd").unwrap_err();
        assert_eq!(err.span, 2..3);
        assert!(err.message.contains("byte 2"), "{}", err.message);
        assert!(err.message.contains("Windows-1252"), "{}", err.message);
        let err = decode(b"\xff\xfe#\x00").unwrap_err();
        assert!(err.message.contains("UTF-16"), "{}", err.message);
    }

    #[test]
    fn certain_mojibake_is_found_and_repaired() {
        let text = "player\u{e2}\u{20ac}\u{2122}s turn, assigned \u{11f}\u{178}\u{161}\u{bc}.";
        let issues = find_mojibake(text);
        assert_eq!(issues.len(), 2, "{issues:?}");
        assert_eq!(issues[0].repair.as_deref(), Some("\u{2019}"));
        assert_eq!(issues[1].repair.as_deref(), Some("\u{1f6bc}"));
        assert!(
            issues[1].message.contains("Windows-1254"),
            "{}",
            issues[1].message
        );
        let (repaired, moved) = repair(text, &issues);
        assert_eq!(repaired, "player\u{2019}s turn, assigned \u{1f6bc}.");
        assert_eq!(&repaired[moved[0].span.clone()], "\u{2019}");
    }

    #[test]
    fn a_dropped_byte_is_reported_not_guessed() {
        // `┐` is E2 94 90; 0x90 is undefined in Windows-1254 and was dropped.
        let text = "\u{e2}\u{20ac}\u{2122} and a corner \u{e2}\u{201d}\n";
        let issues = find_mojibake(text);
        assert_eq!(issues.len(), 2);
        let short = &issues[1];
        assert!(!short.certain);
        assert!(short.message.contains("`\u{2510}`"), "{}", short.message);
        let (repaired, _) = repair(text, &issues);
        assert!(repaired.ends_with("corner \u{e2}\u{201d}\n"));
    }

    #[test]
    fn two_byte_sequences_and_windows_1252() {
        // `é` is C3 A9: `Ã©` in both code pages; `ž` (C5 BE) is `Å¾`.
        let issues = find_mojibake("caf\u{c3}\u{a9} and \u{c5}\u{be}");
        let repairs: Vec<_> = issues.iter().map(|i| i.repair.as_deref()).collect();
        assert_eq!(repairs, [Some("é"), Some("ž")]);
        // `ð` exists only in Windows-1252: `ðŸš¼` says which page did it.
        let issues = find_mojibake("\u{f0}\u{178}\u{161}\u{bc}");
        assert_eq!(issues[0].repair.as_deref(), Some("\u{1f6bc}"));
        assert!(
            issues[0].message.contains("Windows-1252"),
            "{}",
            issues[0].message
        );
    }

    #[test]
    fn clean_text_has_no_issues() {
        assert!(find_mojibake("café’s naïve “quotes” 🚼").is_empty());
    }

    #[test]
    fn repair_encoding_applies_the_certain_and_locates_the_rest() {
        // Line 2 holds a certain `’` (E2 80 99); line 3 a `┐` whose 0x90 was
        // dropped (uncertain), after two characters.
        let text = "# Rules\nplayer\u{e2}\u{20ac}\u{2122}s\nab\u{e2}\u{201d} corner\n";
        let result = repair_encoding(text);
        assert_eq!(
            result.text,
            "# Rules\nplayer\u{2019}s\nab\u{e2}\u{201d} corner\n"
        );
        assert_eq!(result.repaired, 1);
        assert_eq!(result.uncertain.len(), 1);
        let spot = &result.uncertain[0];
        assert_eq!((spot.line, spot.column), (3, 3));
        assert_eq!(&text[spot.issue.span.clone()], "\u{e2}\u{201d}");
        assert!(!spot.issue.certain);
        assert!(
            spot.issue.message.contains("`\u{2510}`"),
            "{}",
            spot.issue.message
        );
    }

    #[test]
    fn repair_encoding_leaves_clean_and_uncertain_only_text_alone() {
        let clean = "caf\u{e9}\u{2019}s \u{201c}quotes\u{201d}\n";
        let result = repair_encoding(clean);
        assert_eq!(result.text, clean);
        assert_eq!((result.repaired, result.uncertain.len()), (0, 0));
        // Alone, a sequence one byte short is more likely French than damage.
        let french = "\u{e9}\u{2019} seul\n";
        assert_eq!(repair_encoding(french).text, french);
        assert!(repair_encoding(french).uncertain.is_empty());
    }

    #[test]
    fn repaired_text_reads_clean_again() {
        let text =
            "a\u{c3}\u{a9} \u{e2}\u{20ac}\u{153}x\u{e2}\u{20ac}\u{2122}\n\u{e2}\u{20ac}\u{2122}\n";
        let result = repair_encoding(text);
        assert_eq!(result.text, "a\u{e9} \u{201c}x\u{2019}\n\u{2019}\n");
        assert_eq!(result.repaired, 4);
        assert!(find_mojibake(&result.text).is_empty());
    }
}
