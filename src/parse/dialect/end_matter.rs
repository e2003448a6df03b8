//! End matter without a heading of its own: what closes the file after the
//! last rule's text (a page's address, a list of links, Markdown link
//! reference definitions) is the file's footer, layout like a separator,
//! never the last rule's text.
//!
//! Headed end matter (`## Ende`, a section that is not a rule) already ends
//! the last rule's body where its heading is; here the reader finds the
//! rest from evidence across the whole file, never from the last rule
//! alone:
//! - trailing blocks (after a blank line) whose every line is links alone
//!   (a link, a bare URL or address, a link reference definition, each
//!   perhaps a list item or after a short `Label:`), when no other rule's
//!   text holds such a block: a file whose rules end in link lists keeps
//!   the last one's too;
//! - a separator line (`---` after a blank line) in the last rule's text
//!   followed by blocks unlike the rules' texts: blocks that each carry a
//!   link or address, or anything when the file closes every other rule
//!   with separators; never when another rule's text holds a separator.

use super::reader::Line;
use std::ops::Range;

/// What the reader knows of the rules' bodies for finding end matter: the
/// lines of each body (after the rule's first line up to its closing
/// separators), whether separators closed it, and whether the last rule
/// has text on its first line.
pub(super) struct Bodies<'b> {
    pub lines: &'b [Range<usize>],
    pub closed_by_separators: &'b [bool],
    pub last_text_on_first_line: bool,
}

/// Where the end matter in the last rule's body starts (a line index), or
/// the body's end when it has none.
pub(super) fn start(lines: &[Line<'_>], bodies: &Bodies<'_>) -> usize {
    let Some((last, others)) = bodies.lines.split_last() else {
        return 0;
    };
    let others_closed = bodies.closed_by_separators.split_last().map(|(_, o)| o);
    let separated = !others.is_empty() && others_closed.is_some_and(|o| o.iter().all(|&c| c));
    let has_text = |before: usize| {
        bodies.last_text_on_first_line
            || lines[last.start..before]
                .iter()
                .any(|line| !line.is_blank() && !super::body::is_separator(line.text))
    };
    let separator_in_text = others
        .iter()
        .any(|body| separator_at(lines, body.clone()).next().is_some());
    if !separator_in_text {
        let after_separator = separator_at(lines, last.clone()).find(|&s| {
            let rest = blocks(lines, s + 1..last.end);
            has_text(s)
                && !rest.is_empty()
                && (separated
                    || rest
                        .iter()
                        .all(|block| lines[block.clone()].iter().any(|l| carries_link(l.text))))
        });
        if let Some(at) = after_separator {
            return at;
        }
    }
    let links_in_text = others.iter().any(|body| {
        blocks(lines, body.clone())
            .into_iter()
            .any(|block| links_only(lines, block))
    });
    if links_in_text {
        return last.end;
    }
    let body_blocks = blocks(lines, last.clone());
    let trailing = body_blocks
        .iter()
        .rev()
        .take_while(|block| block.start > last.start && links_only(lines, (*block).clone()))
        .last();
    match trailing {
        Some(block) if has_text(block.start) => block.start,
        _ => last.end,
    }
}

/// The separator lines (after a blank line, outside code) inside `body`.
fn separator_at<'l>(lines: &'l [Line<'_>], body: Range<usize>) -> impl Iterator<Item = usize> + 'l {
    let first = body.start;
    body.filter(move |&i| {
        i > first
            && !lines[i].code
            && super::body::is_separator(lines[i].text)
            && lines[i - 1].is_blank()
    })
}

/// The blocks (runs of non-blank lines) of `range`.
fn blocks(lines: &[Line<'_>], range: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for i in range.clone() {
        match (lines[i].is_blank(), open) {
            (false, None) => open = Some(i),
            (true, Some(start)) => {
                out.push(start..i);
                open = None;
            }
            _ => {}
        }
    }
    if let Some(start) = open {
        out.push(start..range.end);
    }
    out
}

/// Whether every line of `block` is links alone (no code).
fn links_only(lines: &[Line<'_>], block: Range<usize>) -> bool {
    lines[block]
        .iter()
        .all(|line| !line.code && is_link_line(line.text))
}

/// Whether a line holds a link, a URL or an email address anywhere.
fn carries_link(text: &str) -> bool {
    text.split_whitespace()
        .any(|word| link(word).is_some() || url_or_address(word).is_some())
        || text.contains("](")
}

/// Whether `starts` read as rules would be only a list of links (each a
/// line of links alone with nothing under it): a numbered list of links
/// after the rules is the page's end matter, never a reading of its own.
pub(super) fn only_links(lines: &[Line<'_>], starts: &[usize]) -> bool {
    let ends = starts.iter().skip(1).copied().chain([lines.len()]);
    !starts.is_empty()
        && starts.iter().zip(ends).all(|(&start, end)| {
            is_link_line(lines[start].text) && lines[start + 1..end].iter().all(Line::is_blank)
        })
}

/// Whether a line is links alone: a link reference definition, or links,
/// bare URLs and addresses (separated by spaces or `|`, `,`, `·`), perhaps
/// a list item, perhaps after a short label ending with `:`.
pub(super) fn is_link_line(text: &str) -> bool {
    let text = strip_bullet(text.trim());
    if is_reference_definition(text) {
        return true;
    }
    let mut rest = text.trim_matches(|c| c == '*' || c == '_');
    if let Some((label, after)) = rest.split_once(": ") {
        let short = label.split_whitespace().count() <= 3;
        if short && !label.contains(['[', '(', '<', '/']) {
            rest = after;
        }
    }
    let mut links = 0;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || "|,;·•–—".contains(c));
        if rest.is_empty() {
            return links > 0;
        }
        let word = rest.split_whitespace().next().unwrap_or(rest);
        let after = link(rest).or_else(|| {
            url_or_address(word.trim_end_matches([',', ';', '.'])).map(|_| &rest[word.len()..])
        });
        match after {
            Some(after) => {
                links += 1;
                rest = after;
            }
            None => return false,
        }
    }
}

/// A list item's content (`- `, `* `, `+ `, `1. `, `1) `), or the line.
fn strip_bullet(text: &str) -> &str {
    for bullet in ["- ", "* ", "+ "] {
        if let Some(rest) = text.strip_prefix(bullet) {
            return rest.trim_start();
        }
    }
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &text[digits..];
    match rest.strip_prefix(". ").or_else(|| rest.strip_prefix(") ")) {
        Some(item) if digits > 0 => item.trim_start(),
        _ => text,
    }
}

/// `[label]: destination`, perhaps with a title after it.
fn is_reference_definition(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('[') else {
        return false;
    };
    let Some((label, destination)) = rest.split_once("]:") else {
        return false;
    };
    !label.trim().is_empty() && !label.contains(['[', ']']) && !destination.trim().is_empty()
}

/// The rest of `text` after a Markdown link or image at its start:
/// `[text](url)`, `[text][ref]` or `<url>`.
fn link(text: &str) -> Option<&str> {
    if let Some(rest) = text.strip_prefix('<') {
        let end = rest.find('>')?;
        url_or_address(&rest[..end])?;
        return Some(&rest[end + 1..]);
    }
    let rest = text.strip_prefix('!').unwrap_or(text).strip_prefix('[')?;
    let close = rest.find(']')?;
    let after = &rest[close + 1..];
    let (open, shut) = match after.chars().next()? {
        '(' => ('(', ')'),
        '[' => ('[', ']'),
        _ => return None,
    };
    let inner = after.strip_prefix(open)?;
    let end = inner.find(shut)?;
    Some(&inner[end + 1..])
}

/// `word` when it is a bare URL (`https://…`, `www.…`) or an email address.
fn url_or_address(word: &str) -> Option<&str> {
    let url = ["http://", "https://", "www."]
        .iter()
        .any(|scheme| word.len() > scheme.len() && word.starts_with(scheme));
    let address = word.split_once('@').is_some_and(|(user, host)| {
        !user.is_empty()
            && host.contains('.')
            && !host.ends_with('.')
            && word
                .chars()
                .all(|c| c.is_alphanumeric() || "@.-_+".contains(c))
    });
    (url || address).then_some(word)
}

#[cfg(test)]
mod tests {
    use super::is_link_line;

    #[test]
    fn lines_of_links_alone_are_told_from_sentences() {
        for line in [
            "[1]:http://www.un.org/fr/documents/udhr/",
            "[rules]: https://example.org/rules \"The rules\"",
            "- [Discord](https://discord.gg/x)",
            "* <https://example.org/archive>",
            "https://example.org/nomic",
            "Links: https://example.org/nomic",
            "Kontakt: moderator@example.org",
            "[Discord](https://discord.gg/x) | [Archive](https://example.org/a)",
            "1. [Setup](setup.md)",
        ] {
            assert!(is_link_line(line), "{line}");
        }
        for line in [
            "Proposals are posted at https://example.org/proposals.",
            "- Each player has one vote.",
            "See [the archive](https://example.org/a) for old rules.",
            "Rules kept at https://example.org/nomic",
            "[Droits Humains][1] are above the game.",
            "1. The first player to 100 points wins.",
            "",
        ] {
            assert!(!is_link_line(line), "{line}");
        }
    }
}
