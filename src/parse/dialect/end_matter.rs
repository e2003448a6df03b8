//! End matter with no heading of its own, after the last rule: the file's
//! footer, not that rule's text.
//!
//! Two kinds are recognised, each only when the other rules' bodies show
//! that it is not how this file writes a rule's text:
//! - link reference definitions (`[1]: https://…`) closing the file: in
//!   Markdown they serve the whole document (a rule above may cite them);
//! - a block of links (link-only lines, bare addresses, a list of links),
//!   after a blank line or a separator: a page's address and link list.
//!
//! A rule whose own text ends that way in every file (definitions under
//! each rule, history links under each rule) keeps them: the evidence is
//! that some other rule's body has the same kind of block.

use super::reader::Line;
use std::ops::Range;

/// Where the end matter in the last rule's body (`first..end`, lines)
/// starts, or `end` when there is none. `others` are the other rules'
/// bodies, the evidence of how this file writes a rule's text.
pub(super) fn start(
    lines: &[Line<'_>],
    first: usize,
    end: usize,
    others: &[Range<usize>],
) -> usize {
    let in_others = |kind: fn(&str) -> bool| {
        others
            .iter()
            .any(|body| lines[body.clone()].iter().any(|line| kind(line.text)))
    };
    let mut at = end;
    if !in_others(is_link_definition) {
        at = trailing_block(lines, first, at, is_link_definition);
    }
    if let Some(separator) = separator_led(lines, first, at).filter(|_| !in_others(is_separator)) {
        at = separator;
    } else if !in_others(is_link_only) {
        at = trailing_block(lines, first, at, is_link_only);
    }
    // The rule keeps at least its first paragraph.
    match last_non_blank(lines, first, at) {
        Some(_) if at < end => at,
        _ => end,
    }
}

/// The first line of the run of `kind` lines (blank lines among them) that
/// ends at `end`, after a blank line; `end` when there is none.
fn trailing_block(lines: &[Line<'_>], first: usize, end: usize, kind: fn(&str) -> bool) -> usize {
    let mut start = end;
    let mut at = end;
    while at > first {
        let line = &lines[at - 1];
        if line.is_blank() {
            at -= 1;
        } else if kind(line.text) {
            at -= 1;
            start = at;
        } else {
            break;
        }
    }
    let after_blank = start > first && lines[start - 1].is_blank();
    if start < end && after_blank {
        start
    } else {
        end
    }
}

/// Whether `starts` read as rules are only a list of links (each a
/// link-only line with nothing under it): a page's links, not rules.
pub(super) fn only_links(lines: &[Line<'_>], starts: &[usize]) -> bool {
    let ends = starts.iter().skip(1).copied().chain([lines.len()]);
    !starts.is_empty()
        && starts.iter().zip(ends).all(|(&start, end)| {
            is_link_only(lines[start].text) && lines[start + 1..end].iter().all(Line::is_blank)
        })
}

/// A separator (after a blank line) followed only by links and lines that
/// give an address (a URL or an e-mail address): the page's own end matter.
fn separator_led(lines: &[Line<'_>], first: usize, end: usize) -> Option<usize> {
    let separator = (first + 1..end)
        .rev()
        .find(|&i| is_separator(lines[i].text) && lines[i - 1].is_blank())?;
    let after = &lines[separator + 1..end];
    let addresses = after
        .iter()
        .filter(|line| !line.is_blank())
        .all(|line| is_link_only(line.text) || gives_an_address(line.text));
    (addresses && after.iter().any(|line| !line.is_blank())).then_some(separator)
}

/// A line with a web or e-mail address in it.
fn gives_an_address(text: &str) -> bool {
    text.contains("https://")
        || text.contains("http://")
        || text
            .split_whitespace()
            .any(|word| word.contains('@') && word.contains('.') && !word.starts_with('@'))
}

fn last_non_blank(lines: &[Line<'_>], first: usize, end: usize) -> Option<usize> {
    (first..end).rev().find(|&i| !lines[i].is_blank())
}

/// `[label]: destination` (CommonMark's link reference definition, on one line).
fn is_link_definition(text: &str) -> bool {
    let indent = text.len() - text.trim_start_matches(' ').len();
    let Some(rest) = text[indent..].strip_prefix('[') else {
        return false;
    };
    let Some(close) = rest.find("]:") else {
        return false;
    };
    indent <= 3 && close > 0 && !rest[close + 2..].trim().is_empty()
}

/// A line that is nothing but a link, maybe as a list item: `[Site](…)`,
/// `- <https://…>`, `https://…`.
pub(super) fn is_link_only(text: &str) -> bool {
    let item = text.trim();
    let item = item
        .strip_prefix(['-', '*', '+'])
        .or_else(|| {
            let digits = item.len() - item.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            (digits > 0)
                .then(|| item[digits..].strip_prefix(['.', ')']))
                .flatten()
        })
        .unwrap_or(item)
        .trim();
    let bare = |s: &str| {
        (s.starts_with("https://") || s.starts_with("http://")) && !s.contains(char::is_whitespace)
    };
    if let Some(inner) = item.strip_prefix('<').and_then(|s| s.strip_suffix('>')) {
        return bare(inner);
    }
    if bare(item) {
        return true;
    }
    // `[words](destination)`, one link and nothing around it.
    item.strip_prefix('[')
        .and_then(|rest| rest.split_once("]("))
        .and_then(|(words, rest)| Some((words, rest.strip_suffix(')')?)))
        .is_some_and(|(words, destination)| {
            !words.contains(['[', ']']) && !destination.contains([' ', '(', ')'])
        })
}

/// A thematic break: three or more `-`, `*` or `_`, nothing else but spaces.
fn is_separator(text: &str) -> bool {
    let marks: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    marks.len() >= 3
        && ['-', '*', '_']
            .iter()
            .any(|&mark| marks.chars().all(|c| c == mark))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_that_are_links() {
        assert!(is_link_definition(
            "[1]:http://www.un.org/fr/documents/udhr/"
        ));
        assert!(is_link_definition(
            "   [site]: https://example.org \"Site\""
        ));
        assert!(!is_link_definition("[1]: "));
        assert!(!is_link_definition("    [1]: https://x"));
        assert!(is_link_only("- [Discord](https://discord.gg/x)"));
        assert!(is_link_only("2. <https://example.org/archive>"));
        assert!(is_link_only("https://example.org/nomic"));
        assert!(!is_link_only(
            "See [the archive](https://example.org) for more."
        ));
        assert!(!is_link_only(
            "[[7](https://github.com/stolksdorf/nomic/pull/7)]"
        ));
        assert!(!is_link_only("- Players may vote."));
    }
}
