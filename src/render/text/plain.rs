//! The wrapped text forms' layout of a body of plain paragraphs and
//! bulleted items, without cutting it into words: each line is found by a
//! look at the byte where the width runs out and a short step back to the
//! space before it.
//!
//! Only bodies whose every line is plain (see [`super::blocks::is_plain_line`])
//! or a `* ` bullet before a plain line, between blank lines and other such
//! items, with no run of spaces, take this path. Markdown reads such a body
//! as paragraphs and list items of plain text, as [`super::blocks`] does.
//! Lines are laid out as the greedy wrapping of [`crate::model::wrap_ends`]
//! lays them out (a word that would open a list item moves down with the
//! word before it); when that would leave a line starting with a `-`, with
//! a list marker after all, after an overlong word, or short enough to read
//! as a line break, the body takes the general path. Otherwise the lines
//! read back as their paragraph or item ([`crate::parse::reads_as_one_part`]
//! holds for them), so the general path would write the same bytes.
//! `txt-plain` writes such a body's blocks unwrapped
//! ([`export_plain_body`]). Proptests hold both to the general paths.

use super::WIDTH;
use crate::model::{is_hard_break, is_plain_single_spaced, opens_list_item};

/// The text of a body's block as [`wrap_plain_body`] gathers it: the byte
/// range of its lines.
#[derive(Clone, Copy)]
enum Gathered {
    Nothing,
    Paragraph(usize, usize),
    Item(usize, usize),
}

/// `md` laid out as [`super::wrap_markdown_into`] lays it out at the text
/// forms' width after `margin` (spaces), appended to `out`; `false` (and
/// `out` as it was) when `md` is not a body this path lays out.
pub(super) fn wrap_plain_body(md: &str, margin: &str, out: &mut String) -> bool {
    let at = out.len();
    let laid_out = lay_out_body(md, margin, out).is_some();
    if !laid_out {
        out.truncate(at);
    }
    laid_out
}

fn lay_out_body(md: &str, margin: &str, out: &mut String) -> Option<()> {
    let (item_first, item_rest) = (format!("{margin}* "), format!("{margin}  "));
    let mut written = false;
    plain_blocks(md, |text, item| {
        if written {
            out.push_str("\n\n");
        }
        written = true;
        if item {
            wrap_text(text, &item_first, &item_rest, out)
        } else {
            wrap_text(text, margin, margin, out)
        }
    })
}

/// The body as `txt-plain` writes it ([`super::markdown_to_export`]), when
/// it is a body of plain paragraphs and items: each paragraph's lines on
/// one line (one column in where it would read as a rule's heading), each
/// item as `  • text`, blocks apart by a blank line but items one under
/// another. `None` for any other body.
pub(super) fn export_plain_body(md: &str) -> Option<String> {
    let mut out = String::with_capacity(md.len() + md.len() / 32);
    let mut previous_item = false;
    plain_blocks(md, |text, item| {
        if !out.is_empty() {
            out.push_str(if item && previous_item { "\n" } else { "\n\n" });
        }
        previous_item = item;
        if item {
            out.push_str("  ");
            out.push_str(super::BULLET);
            out.push(' ');
            push_spaced(text, &mut out);
        } else {
            let at = out.len();
            push_spaced(text, &mut out);
            if super::reads_as_heading(&out[at..]) {
                out.insert(at, ' ');
            }
        }
        Some(())
    })?;
    Some(out)
}

/// Calls `each` with the text of every block of `md` (its lines joined by
/// line feeds) and whether it is an item, in order, when `md` is a body of
/// plain paragraphs and `* ` items (see the module documentation); `None`
/// as soon as a line shows it is not, or when `each` says `None`.
fn plain_blocks<'m>(md: &'m str, mut each: impl FnMut(&'m str, bool) -> Option<()>) -> Option<()> {
    let bytes = md.as_bytes();
    let mut gathered = Gathered::Nothing;
    let mut start = 0;
    // Hands the block gathered so far to `each`.
    let mut hand = |gathered: Gathered| match gathered {
        Gathered::Nothing => Some(()),
        Gathered::Paragraph(from, to) => each(&md[from..to], false),
        Gathered::Item(from, to) => each(&md[from..to], true),
    };
    while start <= bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |k| start + k);
        let line = &md[start..end];
        if line.is_empty() {
            hand(gathered)?;
            gathered = Gathered::Nothing;
        } else if let Some(text) = line.strip_prefix("* ") {
            // An item right under a paragraph's line would be Markdown's
            // business (a lazy line of the paragraph or not).
            if matches!(gathered, Gathered::Paragraph(..)) || !is_plain_line(text) {
                return None;
            }
            hand(gathered)?;
            gathered = Gathered::Item(start + 2, end);
        } else if is_plain_line(line) {
            gathered = match gathered {
                Gathered::Nothing => Gathered::Paragraph(start, end),
                Gathered::Paragraph(from, _) => Gathered::Paragraph(from, end),
                // A lazy continuation line of the item.
                Gathered::Item(..) => return None,
            };
        } else {
            return None;
        }
        start = end + 1;
    }
    hand(gathered)
}

/// Whether `line` is plain (see [`super::blocks::is_plain_line`]) with no
/// two spaces in a row.
fn is_plain_line(line: &str) -> bool {
    line.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) && is_plain_single_spaced(line)
}

/// One paragraph's or item's text (plain lines joined by line feeds,
/// single-spaced) wrapped, its first line after `first` and the others
/// after `rest` (spaces but for a bullet); `None` when the layout would not
/// be the greedy wrapping that reads back (see the module documentation).
fn wrap_text(text: &str, first: &str, rest: &str, out: &mut String) -> Option<()> {
    let bytes = text.as_bytes();
    let is_space = |b: u8| b == b' ' || b == b'\n';
    // The end of the word that starts at `from`.
    let word_end = |from: usize| {
        bytes[from..]
            .iter()
            .position(|&b| is_space(b))
            .map_or(bytes.len(), |k| from + k)
    };
    let mut start = 0;
    let mut margin = first;
    loop {
        out.push_str(margin);
        // Columns the line's text may take (one a byte: all is ASCII).
        let room = WIDTH.saturating_sub(margin.len());
        // Greedy: the last word that ends within `room` columns ends the
        // line; a first word longer than that stands alone.
        let mut end = if bytes.len() - start <= room {
            bytes.len()
        } else if room > 0 && is_space(bytes[start + room]) {
            start + room
        } else if let Some(k) = bytes[start + 1..start + room.max(1)]
            .iter()
            .rposition(|&b| is_space(b))
        {
            start + 1 + k
        } else {
            let end = word_end(start);
            // An overlong word keeps a list marker after it on its line.
            if end < bytes.len() && opens_list_item(&text[end + 1..word_end(end + 1)]) {
                return None;
            }
            end
        };
        if end < bytes.len() {
            // A word that would open a list item does not start a line: the
            // word before it moves down with it, while one is left.
            let (unmoved, marker_end) = (end, word_end(end + 1));
            // The end of the word after the line.
            let mut next_end = marker_end;
            while opens_list_item(&text[end + 1..next_end]) {
                let before = bytes[start..end].iter().rposition(|&b| is_space(b))?;
                (next_end, end) = (end, start + before);
            }
            // The words moved down and the marker fit on the next line (the
            // greedy wrapping would let them overflow it).
            if end != unmoved && marker_end - (end + 1) > WIDTH.saturating_sub(rest.len()) {
                return None;
            }
            let next = end + 1;
            if bytes[next] == b'-' || is_hard_break(margin.len() + end - start, next_end - next) {
                return None;
            }
        }
        push_spaced(&text[start..end], out);
        if end == bytes.len() {
            return Some(());
        }
        out.push('\n');
        start = end + 1;
        margin = rest;
    }
}
/// `text` with its line feeds written as spaces (a paragraph's source lines
/// are joined by them).
fn push_spaced(text: &str, out: &mut String) {
    let mut rest = text;
    while let Some(k) = memchr::memchr(b'\n', rest.as_bytes()) {
        out.push_str(&rest[..k]);
        out.push(' ');
        rest = &rest[k + 1..];
    }
    out.push_str(rest);
}

#[cfg(test)]
mod tests {
    use super::wrap_plain_body;
    use proptest::prelude::*;

    /// The general path's layout (blocks cut into words).
    fn by_blocks(md: &str, indent: usize) -> String {
        let mut out = String::from("before");
        super::super::wrap_blocks_into(md, super::WIDTH, &" ".repeat(indent), &mut out);
        out
    }

    fn by_plain(md: &str, indent: usize) -> Option<String> {
        let mut out = String::from("before");
        let laid_out = wrap_plain_body(md, &" ".repeat(indent), &mut out);
        if !laid_out {
            assert_eq!(out, "before", "a refused body leaves the output as it was");
        }
        laid_out.then_some(out)
    }

    #[test]
    fn plain_bodies_are_laid_out_as_the_blocks_are() {
        let long = "x".repeat(80);
        for md in [
            "",
            "\n\n",
            "On the vote (a 2/3 majority), rules pass.\n\nJudge rule votes after.\nAnd again: 5% more!\n",
            "Words words words words words words words words words words words words words words words words words.",
            &format!("A {long} b c {long}\nd"),
            &format!("{long} and more words after it to go on to a second line of its own here"),
        ] {
            let plain = by_plain(md, 6);
            assert_eq!(plain.as_deref(), Some(by_blocks(md, 6).as_str()), "{md:?}");
        }
        // A number that would open a list item at a line's start moves down
        // with the word before it.
        let md = format!("{}is by Rule 5836. And so on.", "word ".repeat(10));
        let plain = by_plain(&md, 6);
        assert_eq!(plain.as_deref(), Some(by_blocks(&md, 6).as_str()));
        assert!(plain.is_some_and(|out| out.contains("\n      Rule 5836.")));
        // A dash would start a line.
        let md = format!("{}sooo -x and so", "word ".repeat(12));
        assert_eq!(by_plain(&md, 6), None);
        for md in ["a  b", "a *b*", "1. a", " a", "a \nb", "a\n \nb"] {
            assert_eq!(by_plain(md, 6), None, "{md:?}");
        }
    }

    /// The general path's export (blocks).
    fn export_by_blocks(md: &str) -> String {
        super::super::export_blocks(md)
    }

    #[test]
    fn plain_bodies_are_exported_as_the_blocks_are() {
        for md in [
            "",
            "On the vote (a 2/3 majority), rules pass.\n\nJudge rule votes after.\nAnd again: 5% more!\n",
            "A list:\n\n* One\n* Two item.\n\n* Three\n\nAfter.",
            "Rule 113 (Immutable) is a heading here.\n\nRule 5\n",
        ] {
            let plain = super::export_plain_body(md);
            assert_eq!(plain, Some(export_by_blocks(md)), "{md:?}");
        }
        assert_eq!(super::export_plain_body("A\n* lazy item"), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        // Bodies of words of plain characters (numbers, dashes, long words,
        // double spaces and markup now and then), on lines and in
        // paragraphs, after margins of 0 to 70 columns: where the fast path
        // lays a body out, it lays it out as the general path does.
        #[test]
        fn plain_layout_is_the_general_layout(
            md in r"((\* )?([a-zA-Z(][a-z0-9.,;:?!'\x22()/%-]{0,12}|[0-9]{1,3}[.)]?|-|[a-z]{50,80}|\*a\*)( {1,2}([a-z0-9.,;:?!'\x22()/%-]{1,12}|[0-9]{1,5}[.)]?|-|[a-z]{50,80})){0,30}\n{1,3}){0,5}",
            indent in prop_oneof![Just(6usize), 0usize..72],
        ) {
            if let Some(plain) = by_plain(&md, indent) {
                prop_assert_eq!(plain, by_blocks(&md, indent));
            }
        }

        // Bodies that are plain by construction take the fast path unless a
        // line of theirs would open with a number or a dash.
        // Words, numbers and markers as in rule texts (`Rule 5836.`, `2/3`).
        #[test]
        fn rule_like_words_are_laid_out_as_the_general_path_lays_them_out(
            md in r"((\* )?[A-Z][a-z]{0,9}( ([a-z]{1,9}|Rule [0-9]{1,5}[.)]?|[0-9]/[0-9]|-|[0-9]{1,4}[.)])){0,40}[.]?\n{1,2}){1,4}",
        ) {
            if let Some(plain) = by_plain(&md, 6) {
                prop_assert_eq!(plain, by_blocks(&md, 6));
            }
        }

        // The same bodies exported (`txt-plain`): where the fast path
        // exports a body, it exports it as the general path does.
        #[test]
        fn plain_export_is_the_general_export(
            md in r"((\* )?([A-Z][a-z]{0,9}|Rule [0-9]{1,5}|[0-9]{1,3}[.)]?|-|\*a\*)( {1,2}([a-z0-9.,;:?!'\x22()/%-]{1,12}|[0-9]{1,5}[.)]?|\([A-Za-z]+\)|-)){0,12}\n{1,3}){0,5}",
        ) {
            if let Some(plain) = super::export_plain_body(&md) {
                prop_assert_eq!(plain, export_by_blocks(&md));
            }
        }

        #[test]
        fn plain_words_take_the_fast_path(
            md in r"(\n\* [a-z]{1,9}( [a-z]{1,9}){0,40}\n\n|[a-z]{1,9}( [a-z]{1,9}){0,40}\n{1,2}){1,4}",
        ) {
            prop_assert_eq!(by_plain(&md, 6), Some(by_blocks(&md, 6)));
        }
    }
}
