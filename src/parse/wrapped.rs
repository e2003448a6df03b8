//! Bodies of the 70-column text forms (`txt-long`, `txt-short`): indented 6
//! spaces, wrapped, paragraphs separated by blank lines, list items `* ` or
//! `1) ` with a hanging indent. Unwrapped into Markdown: each paragraph on
//! one line, list items `* item` / `1) item` on consecutive lines.

use super::quirks::quirk;
use super::text::Line;
use crate::model::{LayoutQuirk, QuirkKind};
use unicode_width::UnicodeWidthStr;

/// The column text forms wrap at.
pub const WIDTH: usize = 70;
const INDENT: usize = 6;

enum BlockKind<'a> {
    Paragraph,
    /// A list item; the level counts nesting (0 at the body's indent).
    Item(usize),
    /// An ordered list item at the body's indent, with its marker (`7)`).
    Ordered(&'a str),
}

struct Block<'a> {
    kind: BlockKind<'a>,
    lines: Vec<(Line<'a>, &'a str)>,
}

/// Unwraps body lines into Markdown and reports lines that canonical
/// wrapping would not produce.
pub fn unwrap_body(lines: &[Line<'_>], quirks: &mut Vec<LayoutQuirk>) -> String {
    to_markdown(lines, INDENT, Some(quirks))
}

/// The unwrapped, unindented body of a `txt-rule` page into Markdown. The
/// page is not wrapped, so a new line inside a block can only be a line
/// break: it becomes a Markdown hard break (`  \n`), as the Markdown forms
/// write it.
pub fn unwrapped_body(lines: &[Line<'_>]) -> String {
    to_markdown(lines, 0, None)
}

/// `quirks` is given for wrapped bodies (whose lines are joined into one and
/// whose wrapping is checked); an unwrapped body keeps its line breaks.
fn to_markdown(
    lines: &[Line<'_>],
    indent: usize,
    mut quirks: Option<&mut Vec<LayoutQuirk>>,
) -> String {
    let blocks = blocks(lines, indent);
    let mut out = String::new();
    let mut previous_was_item = false;
    for block in &blocks {
        let texts = block.lines.iter().map(|(_, text)| *text);
        let joined = if quirks.is_some() {
            join_words(texts)
        } else {
            join_hard_breaks(texts, continuation_indent(&block.kind))
        };
        let is_item = !matches!(block.kind, BlockKind::Paragraph);
        if !out.is_empty() {
            out.push_str(if is_item && previous_was_item {
                "\n"
            } else {
                "\n\n"
            });
        }
        match block.kind {
            BlockKind::Paragraph => out.push_str(&joined),
            BlockKind::Item(level) => {
                out.push_str(&"  ".repeat(level));
                out.push_str("* ");
                out.push_str(&joined);
            }
            BlockKind::Ordered(marker) => {
                out.push_str(marker);
                out.push(' ');
                out.push_str(&joined);
            }
        }
        previous_was_item = is_item;
        if let Some(quirks) = quirks.as_deref_mut() {
            check_wrap(block, &joined, quirks);
        }
    }
    out
}

fn blocks<'a>(lines: &[Line<'a>], indent: usize) -> Vec<Block<'a>> {
    let mut blocks: Vec<Block<'a>> = Vec::new();
    let mut open = false;
    for line in lines {
        if line.is_blank() {
            open = false;
            continue;
        }
        let spaces = line.text.len() - line.text.trim_start_matches(' ').len();
        let content = line.text.trim();
        let item_level = content
            .strip_prefix("* ")
            .map(|_| spaces.saturating_sub(indent) / 2);
        // `7) ` at the body's indent starts an ordered item when a list is
        // under way or a block starts; inside a paragraph only `1) ` can
        // (as in Markdown), so a wrapped line opening with a number stays.
        let ordered = ordered_marker(content).filter(|(marker, _)| {
            spaces == indent
                && (!open
                    || matches!(
                        blocks.last(),
                        Some(Block {
                            kind: BlockKind::Ordered(_),
                            ..
                        })
                    )
                    || marker.starts_with("1") && marker.len() == 2)
        });
        match (item_level, ordered, blocks.last_mut()) {
            (Some(level), _, _) => {
                let text = &content[2..];
                blocks.push(Block {
                    kind: BlockKind::Item(level),
                    lines: vec![(*line, text.trim_start())],
                });
            }
            (None, Some((marker, text)), _) => blocks.push(Block {
                kind: BlockKind::Ordered(marker),
                lines: vec![(*line, text)],
            }),
            (None, None, Some(block)) if open => block.lines.push((*line, content)),
            (None, None, _) => blocks.push(Block {
                kind: BlockKind::Paragraph,
                lines: vec![(*line, content)],
            }),
        }
        open = true;
    }
    blocks
}

/// `7) rest` or `7. rest`: the marker and the rest.
fn ordered_marker(content: &str) -> Option<(&str, &str)> {
    let digits = content.len()
        - content
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    if !(1..=9).contains(&digits) {
        return None;
    }
    let after = &content[digits..];
    let rest = after
        .strip_prefix(") ")
        .or_else(|| after.strip_prefix(". "))?;
    Some((&content[..digits + 1], rest.trim_start()))
}

/// How far a block's further lines are indented in Markdown to stay in it.
fn continuation_indent(kind: &BlockKind<'_>) -> usize {
    match kind {
        BlockKind::Paragraph => 0,
        BlockKind::Item(level) => 2 * level + 2,
        BlockKind::Ordered(marker) => marker.len() + 1,
    }
}

/// Lines joined by Markdown hard breaks (two spaces and a new line), each
/// further line indented `indent` spaces.
pub(super) fn join_hard_breaks<'a>(parts: impl Iterator<Item = &'a str>, indent: usize) -> String {
    let separator = format!("  \n{}", " ".repeat(indent));
    parts.collect::<Vec<_>>().join(&separator)
}

fn join_words<'a>(parts: impl Iterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for part in parts {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(part);
    }
    out
}

/// Greedy wrapping of `text` at [`WIDTH`] columns: the line texts, without
/// their indentation.
pub fn wrap(text: &str, first_indent: usize, indent: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut current_width = 0;
    let mut limit = WIDTH.saturating_sub(first_indent);
    for word in text.split(' ') {
        let word_width = word.width();
        if current.is_empty() {
            current.push_str(word);
            current_width = word_width;
        } else if current_width + 1 + word_width <= limit {
            current.push(' ');
            current.push_str(word);
            current_width += 1 + word_width;
        } else {
            lines.push(std::mem::take(&mut current));
            limit = WIDTH.saturating_sub(indent);
            current.push_str(word);
            current_width = word_width;
        }
    }
    lines.push(current);
    lines
}

fn check_wrap(block: &Block<'_>, joined: &str, quirks: &mut Vec<LayoutQuirk>) {
    let (first, rest) = match block.kind {
        BlockKind::Paragraph => (INDENT, INDENT),
        BlockKind::Item(level) => (INDENT + 2 * level + 2, INDENT + 2 * level + 2),
        BlockKind::Ordered(marker) => (INDENT + marker.len() + 1, INDENT + marker.len() + 1),
    };
    let canonical = wrap(joined, first, rest);
    let differs = block
        .lines
        .iter()
        .map(|(line, text)| (line, *text))
        .zip(
            canonical
                .iter()
                .map(String::as_str)
                .chain(std::iter::repeat("")),
        )
        .find(|((_, actual), expected)| actual != expected);
    // Canonical wrapping needs more lines: the last one is too long.
    let first_off = differs.map(|((line, _), _)| *line).or_else(|| {
        block
            .lines
            .last()
            .filter(|_| canonical.len() > block.lines.len())
            .map(|(line, _)| *line)
    });
    if let Some(line) = first_off {
        quirks.push(quirk(QuirkKind::IrregularWrap, line.start, line.text.len()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::text::lines;

    #[test]
    fn paragraphs_join_and_items_become_markdown_lists() {
        let text = "      First line of a\n      paragraph.\n\n      * item one\n        continues\n\n      * item two\n\n      After.\n";
        let ls = lines(text, 0);
        let mut quirks = Vec::new();
        let md = unwrap_body(&ls, &mut quirks);
        assert_eq!(
            md,
            "First line of a paragraph.\n\n* item one continues\n* item two\n\nAfter."
        );
        // All three blocks are wrapped shorter than 70 columns would.
        assert_eq!(quirks.len(), 2, "{quirks:?}");
    }

    #[test]
    fn ordered_items_keep_their_markers() {
        let text = "      Bot-players are a subcategory of player.\n\n      1) Bot-players do not get\n         turns.\n      2) They cannot win.\n      7) Any future rules that mention\n         players.\n\n      The total is\n      2. Then more.\n";
        let ls = lines(text, 0);
        let md = unwrap_body(&ls, &mut Vec::new());
        assert_eq!(
            md,
            "Bot-players are a subcategory of player.\n\n1) Bot-players do not get turns.\n2) They cannot win.\n7) Any future rules that mention players.\n\nThe total is 2. Then more."
        );
    }

    #[test]
    fn greedy_wrap_fills_to_seventy_columns() {
        let text =
            "Players shall initially alternate in a random order to be determined by the server";
        assert_eq!(
            wrap(text, 6, 6),
            [
                "Players shall initially alternate in a random order to be",
                "determined by the server"
            ]
        );
    }
}
