//! Markdown rule bodies as plain text, through `pulldown-cmark` events.
//!
//! A body becomes a list of `Block`s (paragraphs, list items, verbatim
//! code and tables); the text forms lay those blocks out differently:
//! unwrapped for `txt-rule` ([`markdown_to_text`]), wrapped at 70 columns
//! with a 6-space indent for `txt-long`/`txt-short` ([`wrap_markdown_into`]), and
//! with `  • ` bullets for `txt-plain` ([`markdown_to_export`]).

use super::style::{Counts, Emphasis, Spacing, Style};
use crate::model::{
    is_hard_break, last_line_needs_break_mark, looks_preformatted, opens_list_item, wrap_ends,
};
use unicode_width::UnicodeWidthStr;

/// The column text forms wrap at.
pub const WIDTH: usize = 70;
/// The indent of rule bodies in `txt-long` and `txt-short`.
pub const INDENT: usize = 6;
/// The deepest a nested list item is indented (columns before its marker):
/// deeper items stand there too, so output stays proportional to input.
pub const MAX_ITEM_INDENT: usize = 32;

/// Marks a line break of the Markdown source inside a paragraph (a soft
/// break): it means a space, so unwrapped forms write one (a new line there
/// would read as a line break) and wrapped forms reflow it.
pub const SOFT_BREAK: char = '\u{2028}';

/// Stands for an emphasis marker that is measured when a line is wrapped
/// and then left out ([`crate::render::style::Emphasis::RemovedAfterWrap`]).
pub const HIDDEN_MARK: char = '\u{E000}';

/// The bullet `txt-plain` writes.
pub const BULLET: &str = "•";

/// One block of a rule body, already free of Markdown markup.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum Block {
    /// Running text; `\n` marks a hard line break, [`SOFT_BREAK`] a source one.
    Paragraph(String),
    /// A list item: `marker` is `*` for any bullet, `1.` or `1)` as written; `depth`
    /// is 0 for a top-level item.
    Item {
        marker: String,
        depth: usize,
        text: String,
    },
    /// Code blocks and tables: lines kept as they are, never wrapped.
    Verbatim(String),
}

/// The body as unwrapped plain text in the canonical style: blocks
/// separated by one blank line, list items as `* text` (a nested item lined
/// up with its parent item's text, their further lines lined up with their
/// text).
pub fn markdown_to_text(md: &str) -> String {
    markdown_to_text_in(md, &Style::default())
}

/// [`markdown_to_text`] in `style`: its bullet, item indent, item spacing
/// and emphasis.
pub fn markdown_to_text_in(md: &str, style: &Style) -> String {
    let (blocks, blank) = blocks::spaced_blocks(md, style.emphasis);
    let indents = item_indents(&blocks);
    let text = join_blocks(&blocks, &blank, style, |n, block| match block {
        Block::Paragraph(text) => unwrapped_paragraph(text),
        Block::Verbatim(text) => verbatim(text, ""),
        Block::Item { marker, text, .. } => hang(
            &format!(
                "{}{} ",
                " ".repeat(indents[n] + style.item_indent),
                bullet(marker, style)
            ),
            text,
        ),
    });
    text.replace(SOFT_BREAK, " ").replace(HIDDEN_MARK, "")
}

/// An item's marker as `style` writes it: a bullet list's in its bullet,
/// a numbered one's as written.
fn bullet<'m>(marker: &'m str, style: &Style) -> &'m str {
    if marker == "*" {
        style.bullet.as_str()
    } else {
        marker
    }
}

/// Whether a line that follows a line break inside a paragraph would open
/// a list item there for the text readers: only `1.` and `1)` can interrupt
/// a paragraph, as in Markdown.
fn opens_list_in_paragraph(line: &str) -> bool {
    let first = line.split([' ', SOFT_BREAK]).next().unwrap_or_default();
    matches!(first, "1." | "1)")
}

/// Whether a line of body text would read as a rule heading in the
/// unwrapped text forms (`Rule 113 (Immutable)`, or one whose number is too
/// large, which readers refuse).
fn reads_as_heading(line: &str) -> bool {
    use crate::parse::lines::{looks_like_txt_heading, txt_heading};
    looks_like_txt_heading(line) && txt_heading(line).map_or_else(|err| err.overflow, |_| true)
}

/// An unwrapped paragraph: each line after a line break that would open a
/// list item or a rule there stands one column in, where the readers see
/// text (their body lines are trimmed).
fn unwrapped_paragraph(text: &str) -> String {
    text.split('\n')
        .enumerate()
        .map(|(k, line)| {
            let flat = line.replace(SOFT_BREAK, " ");
            if (k > 0 && opens_list_in_paragraph(&flat)) || reads_as_heading(&flat) {
                format!(" {line}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// For each block, the columns before a list item's marker: a nested item
/// lines up with the text of the item it is nested in (after `2. `, three
/// columns; after `* `, two). Zero for other blocks.
fn item_indents(blocks: &[Block]) -> Vec<usize> {
    // The text column of the last item seen at each depth.
    let mut text_columns: Vec<usize> = Vec::new();
    blocks
        .iter()
        .map(|block| match block {
            Block::Item { marker, depth, .. } => {
                text_columns.truncate(*depth);
                // A depth with no item above it (Markdown allows a list to
                // start nested) takes two columns per missing level.
                while text_columns.len() < *depth {
                    text_columns.push(text_columns.last().map_or(2, |c| c + 2));
                }
                let indent = text_columns
                    .last()
                    .copied()
                    .unwrap_or(0)
                    .min(MAX_ITEM_INDENT);
                text_columns.push(indent + marker.width() + 1);
                indent
            }
            _ => {
                text_columns.clear();
                0
            }
        })
        .collect()
}

/// An unwrapped list item: `first` before its text, and every further line
/// of the text indented to line up with the text.
fn hang(first: &str, text: &str) -> String {
    let rest = format!("\n{}", " ".repeat(first.width()));
    let text = text.replace(SOFT_BREAK, " ").replace('\n', &rest);
    format!("{first}{text}")
}

/// The body as a word-processor export writes it (`txt-plain`): paragraphs
/// unwrapped and separated by a blank line, list items on consecutive lines
/// as `  • text`.
pub fn markdown_to_export(md: &str) -> String {
    let mut out = String::new();
    let mut previous_item = false;
    let blocks = blocks(md);
    // A nested item lines up with its parent's text (after `  1. `, five
    // columns), so the reader sees it nested.
    let indents = item_indents(&blocks);
    for (n, block) in blocks.into_iter().enumerate() {
        let is_item = matches!(block, Block::Item { .. });
        if !out.is_empty() {
            out.push_str(if is_item && previous_item {
                "\n"
            } else {
                "\n\n"
            });
        }
        match block {
            Block::Paragraph(text) => out.push_str(&unwrapped_paragraph(&text)),
            Block::Verbatim(text) => out.push_str(&verbatim(&text, "")),
            Block::Item { marker, text, .. } => {
                let bullet = if marker.ends_with(['.', ')']) {
                    marker
                } else {
                    BULLET.to_string()
                };
                out.push_str(&hang(
                    &format!("  {}{bullet} ", " ".repeat(indents[n])),
                    &text,
                ));
            }
        }
        previous_item = is_item;
    }
    out.replace(SOFT_BREAK, " ")
}

/// A body wrapped in `style` (its width and how it counts, bullet,
/// item indent and spacing, emphasis), appended to `out`: one pass over
/// each block, the words of each line cut out of it in place and laid out
/// straight into `out` (no string a word or a line).
pub fn wrap_markdown_into(md: &str, style: &Style, indent: usize, out: &mut String) {
    let margin = " ".repeat(indent);
    let start = out.len();
    wrap_blocks_into(md, style, &margin, out);
    if style.emphasis == Emphasis::RemovedAfterWrap && out[start..].contains(HIDDEN_MARK) {
        let wrapped = out[start..].replace(HIDDEN_MARK, "");
        out.truncate(start);
        out.push_str(&wrapped);
    }
}

/// [`wrap_markdown_into`] by the body's blocks, each part's words cut out
/// and laid out, for any body (after `margin`).
fn wrap_blocks_into(md: &str, style: &Style, margin: &str, out: &mut String) {
    let (blocks, blank) = blocks::spaced_blocks(md, style.emphasis);
    let indents = item_indents(&blocks);
    let mut wrap = Wrap::new(style.width, style.counts);
    // Room for the words of the longest part at once (a word is a few
    // letters and a space): the buffers do not grow word by word.
    wrap.reserve(md.len() / 4);
    let mut first = String::new();
    for (n, block) in blocks.iter().enumerate() {
        if n > 0 {
            out.push_str(separator(&blocks[n - 1], block, blank[n], style));
        }
        match block {
            Block::Paragraph(text) => wrap.lines(text, margin, margin, false, out),
            Block::Item { marker, text, .. } => {
                first.clear();
                first.push_str(margin);
                first.extend(std::iter::repeat_n(' ', indents[n] + style.item_indent));
                first.push_str(bullet(marker, style));
                first.push(' ');
                let rest = " ".repeat(first.width());
                wrap.lines(text, &first, &rest, true, out);
            }
            Block::Verbatim(text) => out.push_str(&verbatim(text, margin)),
        }
    }
}

/// The buffers of wrapping, kept from line to line: the words of the line
/// being wrapped (slices of it), their widths, and where its lines end.
struct Wrap<'t> {
    width: usize,
    /// Whether a word's width is its count of characters (else its
    /// display width).
    chars: bool,
    words: Vec<&'t str>,
    widths: Vec<usize>,
    ends: Vec<usize>,
    /// Where each written line of a part starts in the output.
    starts: Vec<usize>,
}

impl<'t> Wrap<'t> {
    fn new(width: usize, counts: Counts) -> Self {
        Wrap {
            width,
            chars: counts == Counts::Chars,
            words: Vec::new(),
            widths: Vec::new(),
            ends: Vec::new(),
            starts: Vec::new(),
        }
    }

    /// Makes room for `words` words and their lines.
    fn reserve(&mut self, words: usize) {
        self.words.reserve(words);
        self.widths.reserve(words);
        self.ends.reserve(words / 8);
        self.starts.reserve(words / 8);
    }

    /// Cuts `line` into its words (at ASCII spaces and source line breaks;
    /// a no-break space stays inside its word) and measures them: one pass
    /// over the bytes, a word of printable ASCII being as wide as it is long.
    fn split(&mut self, line: &'t str) {
        self.words.clear();
        self.widths.clear();
        let mut start = 0;
        let mut plain = true;
        for (k, &b) in line.as_bytes().iter().enumerate() {
            if b == b' ' {
                self.push_piece(&line[start..k], plain);
                start = k + 1;
                plain = true;
            } else if b.wrapping_sub(b' ') >= 0x5f {
                plain = false;
            }
        }
        self.push_piece(&line[start..], plain);
    }

    /// Adds the words of `piece` (text between two spaces): itself when it
    /// is `plain` (printable ASCII), else its parts between source line
    /// breaks, measured.
    fn push_piece(&mut self, piece: &'t str, plain: bool) {
        if piece.is_empty() {
            return;
        }
        if plain {
            self.words.push(piece);
            self.widths.push(piece.len());
            return;
        }
        for word in piece.split(SOFT_BREAK).filter(|word| !word.is_empty()) {
            self.words.push(word);
            self.widths.push(if self.chars {
                word.chars().count()
            } else {
                word.width()
            });
        }
    }

    /// The lines of a block's text (cut at its line breaks), each wrapped,
    /// appended to `out`. A line after a break that would open a list item
    /// there (`1.`) stands one column further in, where the readers see
    /// text.
    ///
    /// Each part is wrapped only where the wrapped lines read back as that
    /// part (the reader's own test, [`crate::parse::reads_as_one_part`]): a
    /// part that wrapping would change (a word whose tabs would stand at a
    /// line's edge, a wrap that would read as a line break or open a list
    /// item) is written on one line. Whether a part wraps is decided from
    /// its text alone, so a file written so is written the same again.
    fn lines(&mut self, text: &'t str, first: &str, rest: &str, in_item: bool, out: &mut String) {
        // The indent of a line that would open a list item, made when one does.
        let mut further = String::new();
        let mut parts = text.split('\n').enumerate().peekable();
        while let Some((i, line)) = parts.next() {
            if i > 0 {
                out.push('\n');
            }
            let then = parts
                .peek()
                .and_then(|(_, next)| next.split([' ', SOFT_BREAK]).find(|w| !w.is_empty()));
            let start = match i {
                0 => first,
                _ if opens_list_in_paragraph(line) => {
                    if further.is_empty() {
                        further = format!("{rest} ");
                    }
                    &further
                }
                _ => rest,
            };
            self.split(line);
            let at = out.len();
            self.lay_out(start, rest, then, out);
            if Self::reads_back(&out[at..], start, rest, in_item, then) {
                continue;
            }
            out.truncate(at);
            if self.width != WIDTH {
                // A narrower wrap whose short line would read back as a line
                // break: this part at the text forms' own width.
                let width = std::mem::replace(&mut self.width, WIDTH);
                self.lay_out(start, rest, then, out);
                self.width = width;
                if Self::reads_back(&out[at..], start, rest, in_item, then) {
                    continue;
                }
                out.truncate(at);
            }
            self.one_line(start, then, out);
        }
    }

    /// The words [`Wrap::split`] cut, wrapped, the first line after `first`
    /// and the others after `rest`, with the break mark when a line break
    /// follows (`then` its first word) that would not read as one without it.
    fn lay_out(&mut self, first: &str, rest: &str, then: Option<&str>, out: &mut String) {
        // Wrapping is measured against the text forms' width; another width
        // shifts the indents by the difference (a wider one as far as the
        // indents go).
        let (first_indent, indent) = if self.width <= WIDTH {
            let shift = WIDTH - self.width;
            (first.width() + shift, rest.width() + shift)
        } else {
            let extra = self.width - WIDTH;
            (
                first.width().saturating_sub(extra),
                rest.width().saturating_sub(extra),
            )
        };
        wrap_ends(
            &self.words,
            &self.widths,
            first_indent,
            indent,
            then,
            &mut self.ends,
        );
        let at = out.len();
        out.push_str(first);
        self.starts.clear();
        let mut start = 0;
        let mut column = first_indent;
        for (n, &end) in self.ends.iter().enumerate() {
            if n > 0 {
                out.push('\n');
                self.starts.push(out.len());
                out.push_str(rest);
                column = indent;
            }
            for k in start..end {
                if k > start {
                    out.push(' ');
                    column += 1;
                }
                out.push_str(self.words[k]);
                column += self.widths[k];
            }
            start = end;
        }
        if self.words.is_empty() {
            let trimmed = out[at..].trim_end().len();
            out.truncate(at + trimmed);
            return;
        }
        if then.is_some_and(|then| {
            last_line_needs_break_mark(column, self.words.last().copied(), then)
        }) {
            out.push_str(MARK_AFTER_WORD);
        }
    }

    /// Whether `wrapped` (a part of a block's text laid out by
    /// [`Wrap::lay_out`], its first line after `start` and the others after
    /// `rest`, a line break following it when `then` is some) reads back as
    /// the part.
    fn reads_back(
        wrapped: &str,
        start: &str,
        rest: &str,
        in_item: bool,
        then: Option<&str>,
    ) -> bool {
        // The lines and their texts, on the stack for a part of a few lines
        // (nearly all are): most parts are read back with no allocation.
        let count = 1 + memchr::memchr_iter(b'\n', wrapped.as_bytes()).count();
        let (mut lines_held, mut texts_held) = ([""; FEW_LINES], [""; FEW_LINES]);
        let (mut lines_heap, mut texts_heap) = (Vec::new(), Vec::new());
        let (lines, texts): (&mut [&str], &mut [&str]) = if count <= FEW_LINES {
            (&mut lines_held[..count], &mut texts_held[..count])
        } else {
            lines_heap.resize(count, "");
            texts_heap.resize(count, "");
            (&mut lines_heap, &mut texts_heap)
        };
        for (k, line) in wrapped.split('\n').enumerate() {
            let Some(text) = line.strip_prefix(if k == 0 { start } else { rest }) else {
                return true;
            };
            lines[k] = line;
            texts[k] = text;
        }
        // The break mark a following line break may add (a last word `\`
        // is always followed by it).
        if let Some(last) = texts.last_mut() {
            if let Some(before) = last
                .strip_suffix(MARK_AFTER_WORD)
                .filter(|_| then.is_some())
            {
                *last = before;
            }
        }
        // A part without words is the item's marker alone: nothing to read.
        texts.iter().all(|text| text.is_empty())
            || plainly_one_part(texts, start.width(), rest.width())
            || crate::parse::reads_as_one_part(lines, texts, in_item)
    }

    /// The words [`Wrap::split`] cut on one line after `start`, with the
    /// break mark when a line break follows (`then` its first word) that
    /// would not read as one without it.
    fn one_line(&self, start: &str, then: Option<&str>, out: &mut String) {
        out.push_str(start);
        let mut column = start.width();
        for (k, word) in self.words.iter().enumerate() {
            if k > 0 {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += self.widths[k];
        }
        if then.is_some_and(|then| {
            last_line_needs_break_mark(column, self.words.last().copied(), then)
        }) {
            out.push_str(MARK_AFTER_WORD);
        }
    }
}

/// A test that implies [`crate::parse::reads_as_one_part`] for the lines
/// `texts` (after indents of `start` and `rest` columns), at a fraction of
/// its cost: lines of ASCII text and single spaces, none at a line's edge,
/// with no tab, no table edge (`|`, `+`) and no three spaces in a row (so
/// not preformatted), every line after the first starting with neither a
/// bullet (`*`, `-`, `+`) nor a digit (so opening no list item), and no
/// line ending in a break mark or leaving room for the next line's first
/// word (so no line break read between them). Most wrapped parts are such;
/// the others take the reader's own test.
fn plainly_one_part(texts: &[&str], start: usize, rest: usize) -> bool {
    texts.iter().enumerate().all(|(k, text)| {
        let bytes = text.as_bytes();
        let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else {
            return false;
        };
        // One pass: printable ASCII, and no three spaces in a row.
        let mut spaces = 0;
        let plain = bytes.iter().all(|&b| {
            spaces = if b == b' ' { spaces + 1 } else { 0 };
            b.wrapping_sub(b' ') < 0x5f && spaces < 3
        }) && first != b' '
            && last != b' '
            && !matches!(first, b'|' | b'+');
        let opens_item = k > 0 && (matches!(first, b'*' | b'-' | b'+') || first.is_ascii_digit());
        let breaks = texts.get(k + 1).is_some_and(|next| {
            let indent = if k == 0 { start } else { rest };
            let word = next.split(' ').next().unwrap_or_default();
            last == b'\\' || is_hard_break(indent + text.len(), word.len())
        });
        plain && !opens_item && !breaks
    })
}

/// How many lines of a part [`Wrap::reads_back`] holds on the stack.
const FEW_LINES: usize = 16;

/// The break mark as written after a line's last word.
const MARK_AFTER_WORD: &str = " \\";

/// A verbatim block's lines, each after `margin`: a block whose every line
/// is laid out by hand (a table, columns) stands at the margin, any other
/// (code) 4 columns further in, where readers know it for preformatted.
fn verbatim(text: &str, margin: &str) -> String {
    let by_hand = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .all(|line| {
            let first = line.split_whitespace().next().unwrap_or_default();
            looks_preformatted(line) && !opens_list_item(first)
        });
    let margin = if by_hand {
        margin.to_string()
    } else {
        format!("{margin}    ")
    };
    text.lines()
        .map(|line| {
            if line.trim().is_empty() {
                String::new()
            } else {
                format!("{margin}{line}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The blocks laid out, separated by a blank line: list items too in the
/// canonical style, one item a line of its own with its bullet, as the
/// rulesets' own text files write lists (`rulesets/nomic-4-long-early.txt`).
fn join_blocks(
    blocks: &[Block],
    blank: &[bool],
    style: &Style,
    lay_out: impl Fn(usize, &Block) -> String,
) -> String {
    let mut out = String::new();
    for (n, block) in blocks.iter().enumerate() {
        if n > 0 {
            out.push_str(separator(&blocks[n - 1], block, blank[n], style));
        }
        out.push_str(&lay_out(n, block));
    }
    out
}

/// What stands between two blocks in `style` (`blank`: whether the
/// Markdown has a blank line between them): a blank line, or a line break
/// before a list item where the style spaces items so.
fn separator(before: &Block, block: &Block, blank: bool, style: &Style) -> &'static str {
    let item = matches!(block, Block::Item { .. });
    let after_item = matches!(before, Block::Item { .. });
    let after_text = matches!(before, Block::Paragraph(_));
    let tight = match style.item_spacing {
        Spacing::Blank => false,
        Spacing::None => item && after_item,
        Spacing::Source => item && (after_item || after_text) && !blank,
    };
    if tight {
        "\n"
    } else {
        "\n\n"
    }
}

mod blocks;

/// A body's blocks, its emphasis kept as `*` and `**`.
pub(crate) fn blocks(md: &str) -> Vec<Block> {
    blocks::blocks(md, Emphasis::Kept)
}

/// The body wrapped at `width` columns with every line indented `indent`
/// spaces, otherwise in the canonical style (what the tests wrap with).
#[cfg(test)]
pub(crate) fn wrap_markdown(md: &str, width: usize, indent: usize) -> String {
    let style = Style {
        width,
        ..Style::default()
    };
    let mut out = String::with_capacity(md.len() + md.len() / 8);
    wrap_markdown_into(md, &style, indent, &mut out);
    out
}

/// Greedy word wrap of one line: words split at ASCII spaces (a no-break
/// space stays inside its word), a word wider than the line stands alone.
/// A word that would open a list item (`-`, `7.`) never starts a line: the
/// word before it moves down with it, so that readers see running text.
#[cfg(test)]
fn wrap_line(line: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::with_capacity(first.len() + line.len() + 2 * rest.len());
    let mut wrap = Wrap::new(width, Counts::Display);
    wrap.split(line);
    wrap.lay_out(first, rest, None, &mut out);
    out
}

#[cfg(test)]
mod tests;
