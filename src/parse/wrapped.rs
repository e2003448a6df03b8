//! Bodies of the 70-column text forms (`txt-long`, `txt-short`): indented 6
//! spaces, wrapped, paragraphs separated by blank lines, list items `* `
//! with a hanging indent. Unwrapped into Markdown: each paragraph on one
//! line, list items `* item` on consecutive lines.

use super::markdown::quirk;
use super::text::Line;
use crate::model::{LayoutQuirk, QuirkKind};
use unicode_width::UnicodeWidthStr;

/// The column text forms wrap at.
pub const WIDTH: usize = 70;
const INDENT: usize = 6;

enum BlockKind {
    Paragraph,
    /// A list item; the level counts nesting (0 at the body's indent).
    Item(usize),
}

struct Block<'a> {
    kind: BlockKind,
    lines: Vec<(Line<'a>, &'a str)>,
}

/// Unwraps body lines into Markdown and reports lines that canonical
/// wrapping would not produce.
pub fn unwrap_body(lines: &[Line<'_>], quirks: &mut Vec<LayoutQuirk>) -> String {
    let blocks = blocks(lines);
    let mut out = String::new();
    let mut previous_was_item = false;
    for block in &blocks {
        let joined = join_words(block.lines.iter().map(|(_, text)| *text));
        let is_item = matches!(block.kind, BlockKind::Item(_));
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
        }
        previous_was_item = is_item;
        check_wrap(block, &joined, quirks);
    }
    out
}

fn blocks<'a>(lines: &[Line<'a>]) -> Vec<Block<'a>> {
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
            .map(|_| spaces.saturating_sub(INDENT) / 2);
        match (item_level, blocks.last_mut()) {
            (Some(level), _) => {
                let text = &content[2..];
                blocks.push(Block {
                    kind: BlockKind::Item(level),
                    lines: vec![(*line, text.trim_start())],
                });
            }
            (None, Some(block)) if open => block.lines.push((*line, content)),
            (None, _) => blocks.push(Block {
                kind: BlockKind::Paragraph,
                lines: vec![(*line, content)],
            }),
        }
        open = true;
    }
    blocks
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
    let mut limit = WIDTH.saturating_sub(first_indent);
    for word in text.split(' ') {
        if current.is_empty() {
            current.push_str(word);
        } else if current.width() + 1 + word.width() <= limit {
            current.push(' ');
            current.push_str(word);
        } else {
            lines.push(std::mem::take(&mut current));
            limit = WIDTH.saturating_sub(indent);
            current.push_str(word);
        }
    }
    lines.push(current);
    lines
}

fn check_wrap(block: &Block<'_>, joined: &str, quirks: &mut Vec<LayoutQuirk>) {
    let (first, rest) = match block.kind {
        BlockKind::Paragraph => (INDENT, INDENT),
        BlockKind::Item(level) => (INDENT + 2 * level + 2, INDENT + 2 * level + 2),
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
    let first_off = differs
        .map(|((line, _), _)| *line)
        .or_else(|| (canonical.len() > block.lines.len()).then(|| block.lines.last().unwrap().0));
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
