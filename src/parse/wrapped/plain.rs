//! The Markdown of a text-form body of plain paragraphs and bulleted
//! items, read without cutting it into blocks, parts and words first: most
//! bodies are such.
//!
//! A body takes this path when every line that is not blank is plain text
//! after the body's indent (`base` spaces): ASCII letters, digits, single
//! spaces and punctuation that opens no Markdown construct
//! (`.,;:?!'"()/%-`), ending in no space; a paragraph's first line starts
//! with a letter, and so does an item's text after its `* ` (the line's
//! first); a further line of a paragraph (at the indent) or an item (two
//! columns further in, under its text) starts with a letter, or
//! punctuation or a number that opens no list item (no `-`, no `7.`). An
//! item stands after a blank line or another item, and a blank line or
//! another item follows it. No such line opens a preformatted block, and
//! only the bullets open list items, so the blocks are those paragraphs and
//! items; in a wrapped body none ends in a break mark, and when none is
//! left short before the next (a line break, see
//! [`super::hard_break_between`]) each block is its lines joined by spaces
//! (after `* ` for an item), which holds nothing to escape; items one after
//! another are a tight list. A body with a line break (or, unwrapped, a
//! block of two lines or an item) takes the general path. A proptest holds
//! the two paths together.

use super::Mode;
use crate::model::{is_hard_break, is_plain_single_spaced, opens_list_item};
use crate::parse::text::Line;

/// The block a line of a plain body is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum In {
    /// None yet: the body starts or a blank line was read.
    Nothing,
    Paragraph,
    Item,
}

/// The Markdown `lines` (a body indented `base` spaces, read in `mode`)
/// make, as [`super::to_markdown`] of their blocks makes it; `None` unless
/// the body is of plain paragraphs and items (see the module documentation).
pub(super) fn plain_markdown(lines: &[Line<'_>], base: usize, mode: Mode) -> Option<String> {
    let mut out = String::with_capacity(lines.iter().map(|line| line.text.len()).sum());
    // The block the line above is in, and that line (whole: plain text
    // after spaces or a bullet, so as wide as it is long).
    let (mut inside, mut above) = (In::Nothing, "");
    // Whether the last block was an item (across blank lines).
    let mut after_item = false;
    for line in lines {
        if line.is_blank() {
            inside = In::Nothing;
            continue;
        }
        let bytes = line.text.as_bytes();
        let indent = bytes.iter().take_while(|&&b| b == b' ').count();
        let content = &line.text[indent..];
        // Items are `* ` at the indent in a wrapped body, `• ` two columns
        // in (`txt-plain`) in an unwrapped one.
        let (marker, marker_indent) = match mode {
            Mode::Wrapped => ("* ", base),
            Mode::Unwrapped => ("\u{2022} ", base + 2),
        };
        let bullet = indent == marker_indent && content.starts_with(marker);
        let text = if bullet {
            &content[marker.len()..]
        } else {
            content
        };
        if !is_plain(text) {
            return None;
        }
        let first = text.as_bytes()[0];
        if bullet {
            // An item's first line: after a blank line or an item.
            if inside == In::Paragraph || !first.is_ascii_alphabetic() {
                return None;
            }
            if !out.is_empty() {
                out.push_str(if after_item { "\n" } else { "\n\n" });
            }
            out.push_str("* ");
            (inside, after_item) = (In::Item, true);
        } else if indent == base && inside == In::Nothing && first.is_ascii_alphabetic() {
            // A paragraph's first line.
            if !out.is_empty() {
                out.push_str("\n\n");
            }
            (inside, after_item) = (In::Paragraph, false);
        } else if ((indent == base && inside == In::Paragraph)
            || (indent == base + 2 && inside == In::Item))
            && mode == Mode::Wrapped
            && continues(above, text)
        {
            out.push(' ');
        } else {
            return None;
        }
        out.push_str(text);
        above = line.text;
    }
    Some(out)
}

/// Whether `text`, a plain line of a wrapped body under the plain line
/// `above` (whole), goes on in the same part of its block: it opens no list
/// item, and `above` was not left short (see [`super::hard_break_between`],
/// which measures the two as this does: they are ASCII).
fn continues(above: &str, text: &str) -> bool {
    let word = &text[..memchr::memchr(b' ', text.as_bytes()).unwrap_or(text.len())];
    !word.starts_with('-') && !opens_list_item(word) && !is_hard_break(above.len(), word.len())
}

/// Whether `text` is plain: not empty, no space at either end, only the
/// bytes of a plain line, and no two spaces in a row.
fn is_plain(text: &str) -> bool {
    text.as_bytes().first().is_some_and(|&b| b != b' ') && is_plain_single_spaced(text)
}

#[cfg(test)]
mod tests {
    use super::{plain_markdown, Mode};
    use crate::parse::text::lines;
    use crate::parse::wrapped::{blocks, to_markdown, INDENT};
    use proptest::prelude::*;

    fn general(text: &str, base: usize, mode: Mode) -> String {
        to_markdown(&blocks(&lines(text, 0), base), mode)
    }

    fn fast(text: &str, base: usize, mode: Mode) -> Option<String> {
        plain_markdown(&lines(text, 0), base, mode)
    }

    #[test]
    fn plain_bodies_read_as_the_general_path_reads_them() {
        let items = "      A list:\n\n      * One item of a list that goes on and on and on and on and on\n        and on.\n      * Another.\n\n      * A third, 5% of it.\n\n      After.\n";
        assert_eq!(
            fast(items, INDENT, Mode::Wrapped).as_deref(),
            Some(general(items, INDENT, Mode::Wrapped).as_str())
        );
        let wrapped = "      On the vote (a 2/3 majority), rules pass. Judge rule votes\n      after, and again: 5% more!\n\n      Judge rule votes after.\n";
        assert_eq!(
            fast(wrapped, INDENT, Mode::Wrapped).as_deref(),
            Some(general(wrapped, INDENT, Mode::Wrapped).as_str())
        );
        let plain = "On the vote (a 2/3 majority), rules pass.\n\nJudge rule votes after.\n";
        assert_eq!(
            fast(plain, 0, Mode::Unwrapped).as_deref(),
            Some(general(plain, 0, Mode::Unwrapped).as_str())
        );
        for (text, base, mode) in [
            // A line left short: a line break.
            ("      Short.\n      Then a line.\n", INDENT, Mode::Wrapped),
            // Unwrapped, a second line is a line break.
            ("A line.\nAnother.\n", 0, Mode::Unwrapped),
            ("      1. An item\n", INDENT, Mode::Wrapped),
            ("      A *word*\n", INDENT, Mode::Wrapped),
            ("       A line one further in\n", INDENT, Mode::Wrapped),
            ("          Code\n", INDENT, Mode::Wrapped),
            ("      Two  spaces\n", INDENT, Mode::Wrapped),
            // A paragraph's line right under an item.
            ("      * An item\n      A line\n", INDENT, Mode::Wrapped),
            ("      A line\n      * An item\n", INDENT, Mode::Wrapped),
            ("* An item\n", 0, Mode::Unwrapped),
            ("A line\n  \u{2022} An item\n", 0, Mode::Unwrapped),
        ] {
            assert_eq!(fast(text, base, mode), None, "{text:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        // Bodies of lines of words, indented 4 to 8 spaces (0 to 2 when
        // unwrapped), of plain characters with numbers, dashes, markup,
        // tabs, runs of spaces and lines of every length now and then:
        // where the fast path reads a body, it reads it as the general path.
        #[test]
        fn plain_reading_is_the_general_reading(
            body in r"(( {4,8}|\t)?(\* )?([a-zA-Z(.-][a-z0-9.,;:?!'\x22()/%-]{0,12}|[0-9]{1,3}[.)]?|-|\*|[a-z]{50,80}|\*a\*|_a_|&amp;|\\)( {1,3}([a-z0-9.,;:?!'\x22()/%-]{1,12}|[0-9]{1,3}[.)]?|-|\t)){0,12}\r?\n{1,3}){0,6}",
            unwrapped in any::<bool>(),
        ) {
            let (base, mode) = if unwrapped {
                (0, Mode::Unwrapped)
            } else {
                (INDENT, Mode::Wrapped)
            };
            let body = if unwrapped {
                body.lines().map(|line| line.get(6..).unwrap_or(line)).collect::<Vec<_>>().join("\n")
            } else {
                body
            };
            if let Some(fast) = fast(&body, base, mode) {
                prop_assert_eq!(fast, general(&body, base, mode));
            }
        }

        // Bodies as the wrapped forms write them, and near misses: lines
        // at the indent (a `* ` item now and then) or two columns further
        // in, of plain words, numbers and list markers, some short enough
        // to read as a line break, some with markup.
        #[test]
        fn wrapped_bodies_read_as_the_general_path_reads_them(
            body in r"((      |      \* |        |     |       )([A-Za-z(][a-z,.]{0,9}|[0-9]{1,3}[.)]?|-|-x|2/3|\*a\*)( ([a-z,.;:?!'()%-]{1,9}|[0-9]{1,5}[.)]?|Rule|-)){0,14}\n{1,2}){1,8}",
        ) {
            if let Some(fast) = fast(&body, INDENT, Mode::Wrapped) {
                prop_assert_eq!(fast, general(&body, INDENT, Mode::Wrapped));
            }
        }

        // Unwrapped bodies (`txt-plain`), with items as it writes them.
        #[test]
        fn plain_unwrapped_reading_is_the_general_reading(
            body in r"(( {1,2}\u{2022} | {2}\* | {0,1})?([a-zA-Z(.-][a-z0-9.,;:?!'\x22()/%-]{0,12}|[0-9]{1,3}[.)]?|-|\*|\u{2022}|\*a\*|&amp;)( {1,3}([a-z0-9.,;:?!'\x22()/%-]{1,12}|[0-9]{1,3}[.)]?|-|\t)){0,12}\r?\n{1,3}){0,6}",
        ) {
            if let Some(fast) = fast(&body, 0, Mode::Unwrapped) {
                prop_assert_eq!(fast, general(&body, 0, Mode::Unwrapped));
            }
        }

        // What `txt-plain` makes of plain paragraphs and items reads on the
        // fast path.
        #[test]
        fn exported_plain_paragraphs_take_the_fast_path(
            md in r"(\n\* [A-Z][a-z]{0,9}( ([a-z]{1,9}[.,]?|Rule [0-9]{1,5}[.)]?|2/3)){0,20}\n|[A-Z][a-z]{0,9}( ([a-z]{1,9}[.,]?|Rule [0-9]{1,5}[.)]?|2/3)){0,20}\n\n){1,4}",
        ) {
            let written = crate::render::text::markdown_to_export(&md);
            let fast = fast(&written, 0, Mode::Unwrapped);
            prop_assert_eq!(fast, Some(general(&written, 0, Mode::Unwrapped)));
        }

        // What the writer makes of plain paragraphs reads on the fast path.
        #[test]
        fn written_plain_paragraphs_take_the_fast_path(
            md in r"(\n\* [A-Z][a-z]{0,9}( ([a-z]{1,9}[.,]?|Rule [0-9]{1,5}[.)]?|2/3)){0,40}\n\n|[A-Z][a-z]{0,9}( ([a-z]{1,9}[.,]?|Rule [0-9]{1,5}[.)]?|2/3)){0,40}\n{1,2}){1,4}",
        ) {
            let written = crate::render::text::wrap_markdown(&md, 70, INDENT);
            let fast = fast(&written, INDENT, Mode::Wrapped);
            prop_assert_eq!(fast, Some(general(&written, INDENT, Mode::Wrapped)));
        }
    }
}
