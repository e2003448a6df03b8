//! Bodies of the text forms into Markdown. The wrapped forms (`txt-long`,
//! `txt-short`) indent bodies 6 spaces and wrap them at 70 columns; the
//! unwrapped ones (`txt-rule`, `txt-plain`) write each line as a line.
//!
//! Besides paragraphs, a body holds what published text rulesets hold:
//! - list items: `*`, `-`, `+`, `•` or `◦` bullets and `1.` / `1)`
//!   numbers, nested by indentation, one item a line (a continuation line
//!   is indented past its item's marker); they become Markdown list items;
//! - preformatted lines, whose breaks and spacing carry meaning (box-drawing
//!   and ASCII tables, aligned columns, or a block indented 4 columns past
//!   the body): they become a fenced code block, kept as they are;
//! - line breaks: in an unwrapped body every new line inside a block is a
//!   line break; in a wrapped one, a line that ends although the next word
//!   would have fitted well within the width (by [`crate::model::HARD_BREAK_SLACK`]) was
//!   broken on purpose, and so was a line ending in ` \\` (where the writer
//!   could not leave a line short enough). Both become Markdown hard breaks
//!   (`  \n`);
//! - emphasis as written (`*Extra Savage*`), which is Markdown already;
//!   any other Markdown a line happens to contain is text, and is escaped
//!   (see [`super::literal`]).

use super::literal;
use super::quirks::quirk;
use super::text::Line;
use crate::model::{
    is_hard_break, looks_preformatted, looks_tabular, word_width, wrap_words, LayoutQuirk,
    QuirkKind, HARD_BREAK_MARK,
};
use unicode_width::UnicodeWidthStr;

const INDENT: usize = 6;
/// Columns past the body's indent from which a block of lines is
/// preformatted (as in Markdown's indented code).
const PRE_INDENT: usize = 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Wrapped,
    Unwrapped,
}

#[derive(Debug)]
enum Kind {
    Paragraph,
    /// A list item: its Markdown marker (`*`, `7)`) and the column its
    /// marker stands at in the Markdown.
    Item {
        marker: String,
        md_indent: usize,
    },
    Preformatted,
}

#[derive(Debug)]
struct Block<'a> {
    kind: Kind,
    /// Each line with its text (after a list marker; trimmed).
    lines: Vec<(Line<'a>, &'a str)>,
}

/// Unwraps `txt-long`/`txt-short` body lines into Markdown and reports
/// lines that canonical wrapping would not produce.
pub(super) fn unwrap_body(lines: &[Line<'_>], quirks: &mut Vec<LayoutQuirk>) -> String {
    let blocks = blocks(lines, INDENT);
    for block in &blocks {
        check_wrap(block, quirks);
    }
    to_markdown(&blocks, Mode::Wrapped)
}

/// [`unwrap_body`] without measuring the wrapping: the same Markdown, for a
/// read that wants the meaning only.
pub(super) fn unwrapped_meaning(lines: &[Line<'_>]) -> String {
    to_markdown(&blocks(lines, INDENT), Mode::Wrapped)
}

/// The unwrapped, unindented body of a `txt-rule` page or a `txt-plain`
/// export into Markdown. Nothing is wrapped, so a new line inside a block
/// can only be a line break: it becomes a Markdown hard break (`  \n`), as
/// the Markdown forms write it.
pub(super) fn unwrapped_body(lines: &[Line<'_>]) -> String {
    to_markdown(&blocks(lines, 0), Mode::Unwrapped)
}

fn leading_spaces(text: &str) -> usize {
    text.len() - text.trim_start_matches(' ').len()
}

/// A bullet (`* `, `- `, `+ `, `• `, `◦ `) and the text after it.
fn bullet(content: &str) -> Option<&str> {
    ["* ", "- ", "+ ", "• ", "◦ ", "•\t"]
        .iter()
        .find_map(|b| content.strip_prefix(b))
        .map(str::trim_start)
        .filter(|rest| !rest.is_empty())
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
    Some((&content[..=digits], rest.trim_start()))
}

/// The body's lines in groups separated by blank lines.
fn groups<'l, 'a>(lines: &'l [Line<'a>]) -> impl Iterator<Item = &'l [Line<'a>]> {
    lines
        .split(Line::is_blank)
        .filter(|group| !group.is_empty())
}

/// A whole group indented past the body as code is (and not a list item).
fn indented_group(group: &[Line<'_>], base: usize) -> bool {
    let first = group[0].text.trim();
    group
        .iter()
        .all(|line| leading_spaces(line.text) >= base + PRE_INDENT)
        && bullet(first).is_none()
        && ordered_marker(first).is_none()
}

fn blocks<'a>(lines: &[Line<'a>], base: usize) -> Vec<Block<'a>> {
    let mut blocks: Vec<Block<'a>> = Vec::new();
    // Open list items: the column of each marker in the source, and the
    // column of its text in the Markdown.
    let mut items: Vec<(usize, usize)> = Vec::new();
    for group in groups(lines) {
        if indented_group(group, base) {
            items.clear();
            push_preformatted(&mut blocks, group);
            continue;
        }
        for (j, line) in group.iter().enumerate() {
            let open = j > 0;
            let spaces = leading_spaces(line.text);
            // Only ASCII spaces indent: a no-break space is text.
            let content = line.text.trim_matches(LINE_BLANK);
            let opens_item = bullet(content).is_some() || ordered_marker(content).is_some();
            let last_is_item =
                open && matches!(blocks.last(), Some(b) if matches!(b.kind, Kind::Item { .. }));
            // A line indented past an item's marker continues the item,
            // tabs and runs of spaces in it or not (the text forms hang an
            // item's lines so); only a table there is a block of its own.
            let continues_item =
                last_is_item && items.last().is_some_and(|&(column, _)| spaces > column);
            let aligned_in_item = continues_item && !looks_tabular(line.text);
            if !opens_item && !aligned_in_item && looks_preformatted(line.text) {
                items.clear();
                push_preformatted(&mut blocks, std::slice::from_ref(line));
                continue;
            }
            let last_is_pre =
                open && matches!(blocks.last(), Some(b) if matches!(b.kind, Kind::Preformatted));
            // A line right under a preformatted one starts a block, as one
            // after a blank line does: the two read alike once written.
            let starts_block = !open || last_is_pre;
            // `7) ` starts an ordered item where a block or a list starts;
            // inside a paragraph only `1) ` can (as in Markdown), so a
            // wrapped line opening with a number stays. Right under an item,
            // a numbered line opens an item, as a bulleted one does: a
            // sibling or nested one at or past the list's first marker
            // (`txt-plain` indents its items two columns), one of a new
            // list less indented (as text it would read as a list item
            // in Markdown, and written so, after a blank line, it would be
            // one).
            let ordered = ordered_marker(content).filter(|(marker, _)| {
                starts_block
                    || last_is_item
                    || (spaces == base && marker.starts_with('1') && marker.len() == 2)
            });
            let marked = bullet(content)
                .map(|text| ("*".to_string(), text))
                .or_else(|| ordered.map(|(marker, text)| (marker.to_string(), text)));
            if let Some((marker, text)) = marked {
                while items.last().is_some_and(|&(column, _)| column >= spaces) {
                    items.pop();
                }
                let md_indent = items.last().map_or(0, |&(_, text_column)| text_column);
                items.push((spaces, md_indent + marker.width() + 1));
                // The group's lines left are as many as the block can take.
                let mut lines = Vec::with_capacity(group.len() - j);
                lines.push((*line, text));
                blocks.push(Block {
                    kind: Kind::Item { marker, md_indent },
                    lines,
                });
                continue;
            }
            let continues = !starts_block
                && (!last_is_item || items.last().is_some_and(|&(column, _)| spaces > column));
            match blocks.last_mut() {
                Some(block) if continues => block.lines.push((*line, content)),
                _ => {
                    items.clear();
                    let mut lines = Vec::with_capacity(group.len() - j);
                    lines.push((*line, content));
                    blocks.push(Block {
                        kind: Kind::Paragraph,
                        lines,
                    });
                }
            }
        }
    }
    blocks
}

/// Adds preformatted lines: to the preformatted block right above (across
/// blank lines too), or as a new block.
fn push_preformatted<'a>(blocks: &mut Vec<Block<'a>>, lines: &[Line<'a>]) {
    if let Some(block) = blocks
        .last_mut()
        .filter(|b| matches!(b.kind, Kind::Preformatted))
    {
        block
            .lines
            .extend(lines.iter().map(|line| (*line, line.text)));
        return;
    }
    blocks.push(Block {
        kind: Kind::Preformatted,
        lines: lines.iter().map(|line| (*line, line.text)).collect(),
    });
}

/// Whether the break after line `a` (followed by `b`'s text) was made on
/// purpose in a wrapped body: `b`'s first word would have fitted on `a`.
fn hard_break_between(a: &str, b: &str) -> bool {
    let next = b.split(' ').next().unwrap_or_default();
    is_hard_break(word_width(a.trim_end()), word_width(next))
}

/// The trimming a body line's text gets before it is read.
const LINE_BLANK: [char; 2] = [' ', '\t'];

/// Whether `lines`, written one under the other in a wrapped body (each
/// whole, indent included) as one part of a paragraph or, `in_item`, of a
/// list item (its first line after the item's marker), read back as that
/// part: a line of its own each, joined by spaces (the words as written:
/// none loses white space at a line's edge), no line break read between
/// them (no break mark, no line left short), no line opening a list item or
/// a preformatted block. `texts` are the lines without their indent (and
/// the first without the item's marker). The writer lays a part out again
/// when wrapping it would not read back (see `render::text`).
pub(crate) fn reads_as_one_part(lines: &[&str], texts: &[&str], in_item: bool) -> bool {
    let n = lines.len();
    lines
        .iter()
        .zip(texts)
        .enumerate()
        .all(|(k, (&line, &text))| {
            let kept = text.trim_matches(LINE_BLANK) == text && !text.is_empty();
            let block_of_its_own = if in_item {
                k > 0 && looks_tabular(line)
            } else {
                looks_preformatted(line)
            };
            let opens_item = k > 0 && (bullet(text).is_some() || ordered_marker(text).is_some());
            let breaks = k + 1 < n
                && (without_break_mark(line).is_some() || hard_break_between(line, texts[k + 1]));
            kept && !block_of_its_own && !opens_item && !breaks
        })
}

/// A line's text without the break mark that ends it (` \`, after a
/// space: a word that ends in a backslash is text), if one does.
fn without_break_mark(text: &str) -> Option<&str> {
    text.strip_suffix(HARD_BREAK_MARK)
        .filter(|rest| rest.ends_with(' '))
        .map(str::trim_end)
}

/// The block's lines cut at its line breaks: each part's texts.
fn segments<'b, 'a>(block: &'b Block<'a>, mode: Mode) -> Vec<Vec<&'a str>> {
    let mut parts: Vec<Vec<&'a str>> = Vec::new();
    let mut marked = false;
    for (k, (_, text)) in block.lines.iter().enumerate() {
        let broken = k == 0
            || mode == Mode::Unwrapped
            || marked
            || hard_break_between(block.lines[k - 1].0.text, text);
        // A line that a break mark ends (not the block's last) loses it.
        let mut text: &'a str = text;
        marked = false;
        if mode == Mode::Wrapped && k + 1 < block.lines.len() {
            if let Some(rest) = without_break_mark(text) {
                text = rest;
                marked = true;
            }
        }
        match parts.last_mut() {
            Some(part) if !broken => part.push(text),
            _ => {
                // The block's lines left are as many as the part can take.
                let mut part = Vec::with_capacity(block.lines.len() - k);
                part.push(text);
                parts.push(part);
            }
        }
    }
    parts
}

fn to_markdown(blocks: &[Block<'_>], mode: Mode) -> String {
    let mut out = String::new();
    let mut previous: Option<&Block<'_>> = None;
    let mut lists = Vec::new();
    for block in blocks {
        // An ordered list that starts at another number than 1 cannot
        // interrupt a paragraph in Markdown (the item above's text): a
        // blank line keeps it a list.
        let numbered_list = match &block.kind {
            Kind::Item { marker, md_indent } => {
                starts_list(&mut lists, marker, *md_indent)
                    && marker.starts_with(|c: char| c.is_ascii_digit())
                    && marker.len() > 1
                    && marker[..marker.len() - 1] != *"1"
            }
            _ => {
                lists.clear();
                false
            }
        };
        if let Some(previous) = previous {
            // A list right under a paragraph is the same Markdown as one
            // after a blank line, which is how every text form writes it:
            // it is read so, or `fmt` would add the blank line to the text.
            let tight = !numbered_list
                && matches!(
                    (&previous.kind, &block.kind),
                    (Kind::Item { .. }, Kind::Item { .. })
                );
            out.push_str(if tight { "\n" } else { "\n\n" });
        }
        previous = Some(block);
        let (first, indent) = match &block.kind {
            Kind::Preformatted => {
                out.push_str(&fenced(block));
                continue;
            }
            Kind::Paragraph => (String::new(), 0),
            Kind::Item { marker, md_indent } => (
                format!("{}{marker} ", " ".repeat(*md_indent)),
                md_indent + marker.width() + 1,
            ),
        };
        let mut markdown = first;
        for (k, part) in segments(block, mode).iter().enumerate() {
            if k > 0 {
                // A line break, the next part under the item's text.
                markdown.push_str("  \n");
                markdown.extend(std::iter::repeat_n(' ', indent));
            }
            let text = escape_bare_marker(literal::escape_line(part_text(part, mode)));
            // A paragraph's first part is its Markdown so far: taken, not copied.
            if markdown.is_empty() {
                markdown = text;
            } else {
                markdown.push_str(&text);
            }
        }
        out.push_str(&literal::escape_markup(markdown));
    }
    out
}

/// Whether a list item (`marker` at column `md_indent` of the Markdown)
/// starts a Markdown list rather than continuing one; `lists` holds the
/// open lists (column and marker kind) and is updated.
fn starts_list(lists: &mut Vec<(usize, char)>, marker: &str, md_indent: usize) -> bool {
    let kind = marker.chars().last().unwrap_or('*');
    while lists.last().is_some_and(|&(column, _)| column > md_indent) {
        lists.pop();
    }
    if lists.last() == Some(&(md_indent, kind)) {
        return false;
    }
    if lists.last().is_some_and(|&(column, _)| column == md_indent) {
        lists.pop();
    }
    lists.push((md_indent, kind));
    true
}

/// A part's lines as one line of text: joined by spaces, a lone carriage
/// return (which ends a line to Markdown) a space, and in a wrapped body
/// each run of spaces one space (wrapping reflows a paragraph, as the
/// writer wraps it).
fn part_text(part: &[&str], mode: Mode) -> String {
    let mut text = String::with_capacity(part.iter().map(|line| line.len() + 1).sum());
    for (k, line) in part.iter().enumerate() {
        if k > 0 {
            text.push(' ');
        }
        text.push_str(line);
    }
    if text.contains('\r') {
        text = text.replace('\r', " ");
    }
    // A vertical tab or form feed at either end is white space that
    // Markdown drops there, as it drops spaces: it goes too.
    if text.starts_with(MARKDOWN_BLANK) || text.ends_with(MARKDOWN_BLANK) {
        text = text.trim_matches(MARKDOWN_BLANK).to_string();
    }
    match mode {
        Mode::Wrapped => single_spaced(text),
        Mode::Unwrapped => text,
    }
}

/// The white space Markdown drops at either end of a paragraph's line.
const MARKDOWN_BLANK: [char; 3] = [' ', '\u{b}', '\u{c}'];

/// `text` with each run of ASCII spaces made one space (and none at either
/// end); `text` itself when it has none to change.
fn single_spaced(text: String) -> String {
    if !text.starts_with(' ') && !text.ends_with(' ') && !text.contains("  ") {
        return text;
    }
    text.split(' ')
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A line of text that is nothing but a list marker (`-`, `*`, `+`, `1.`,
/// `1)`): Markdown would read it as an empty list item (or, after a line,
/// as a heading underline), so its first character is escaped and it stays
/// the text it is.
fn escape_bare_marker(text: String) -> String {
    let bare_bullet = matches!(text.as_str(), "-" | "*" | "+");
    // A bare number is at most 9 digits and its delimiter.
    let bare_number = text.len() <= 10
        && ordered_marker(&format!("{text} "))
            .is_some_and(|(marker, rest)| marker.len() == text.len() && rest.is_empty());
    if bare_bullet {
        format!("\\{text}")
    } else if bare_number {
        // `1.` → `1\.`: the escape goes before the delimiter.
        let (digits, delimiter) = text.split_at(text.len() - 1);
        format!("{digits}\\{delimiter}")
    } else {
        text
    }
}

/// A preformatted block as a fenced code block: its lines less their
/// common indent, a blank line where blank lines separated them.
fn fenced(block: &Block<'_>) -> String {
    let indent = block
        .lines
        .iter()
        .map(|(line, _)| leading_spaces(line.text))
        .min()
        .unwrap_or(0);
    let mut body = String::new();
    let mut longest_run = 0;
    for (k, (line, text)) in block.lines.iter().enumerate() {
        if k > 0 {
            body.push('\n');
            if block.lines[k - 1].0.end != line.start {
                body.push('\n');
            }
        }
        let text = text.get(indent..).unwrap_or(text.trim_start()).trim_end();
        longest_run = longest_run.max(backtick_run(text));
        body.push_str(text);
    }
    let fence = "`".repeat(longest_run.max(2) + 1);
    format!("{fence}\n{body}\n{fence}")
}

fn backtick_run(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

/// Canonical wrapping of `text` (see [`wrap_words`]): the line texts,
/// without their indentation. `then` is the first word after a line break
/// that ends the text, if one does.
pub(super) fn wrap_before(
    text: &str,
    first_indent: usize,
    indent: usize,
    then: Option<&str>,
) -> Vec<String> {
    let words: Vec<&str> = text.split(' ').collect();
    wrap_words(&words, first_indent, indent, then)
        .into_iter()
        .map(|words| words.join(" "))
        .collect()
}

/// Canonical wrapping of `text` that no line break follows.
#[cfg(test)]
pub(super) fn wrap(text: &str, first_indent: usize, indent: usize) -> Vec<String> {
    wrap_before(text, first_indent, indent, None)
}

/// Reports each line of a wrapped paragraph that canonical wrapping (of
/// each part between line breaks) would not produce. List items and
/// preformatted lines are laid out by hand in published files and are not
/// measured.
fn check_wrap(block: &Block<'_>, quirks: &mut Vec<LayoutQuirk>) {
    if !matches!(block.kind, Kind::Paragraph) {
        return;
    }
    let parts = segments(block, Mode::Wrapped);
    let canonical: Vec<String> = parts
        .iter()
        .enumerate()
        .flat_map(|(k, part)| {
            let then = parts.get(k + 1).and_then(|next| next[0].split(' ').next());
            let text = part.join(" ");
            let lines = wrap_before(&text, INDENT, INDENT, then);
            // Wrapping that would not read back is not canonical: the
            // writer leaves such a part on one line.
            let margin = " ".repeat(INDENT);
            let whole: Vec<String> = lines.iter().map(|line| format!("{margin}{line}")).collect();
            let whole: Vec<&str> = whole.iter().map(String::as_str).collect();
            let texts: Vec<&str> = lines.iter().map(String::as_str).collect();
            if reads_as_one_part(&whole, &texts, false) {
                lines
            } else {
                vec![text]
            }
        })
        .collect();
    let written: Vec<(Line<'_>, &str)> = block
        .lines
        .iter()
        .map(|(line, text)| (*line, without_break_mark(text).unwrap_or(text)))
        .collect();
    let mut off: Vec<Line<'_>> = written
        .iter()
        .zip(
            canonical
                .iter()
                .map(String::as_str)
                .chain(std::iter::repeat("")),
        )
        .filter(|((_, actual), expected)| actual != expected)
        .map(|((line, _), _)| *line)
        .collect();
    // Canonical wrapping needs more lines: the last one is too long.
    if canonical.len() > written.len() {
        if let Some((last, _)) = written.last().filter(|(l, _)| off.last() != Some(l)) {
            off.push(*last);
        }
    }
    quirks.extend(
        off.into_iter()
            .map(|line| quirk(QuirkKind::IrregularWrap, line.start, line.text.len())),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;
    use crate::parse::text::lines;

    #[test]
    fn a_line_that_is_only_a_list_marker_stays_text() {
        // Found by the `canonical` fuzz target: a txt-plain line `-` became
        // the Markdown `-`, an empty list item, written back as `  • `.
        let text = "-\n\nSee:\n-\n\n+\n\n1.\n\n* *\n\n-1.";
        let md = unwrapped_body(&lines(text, 0));
        assert_eq!(md, "\\-\n\nSee:  \n\\-\n\n\\+\n\n1\\.\n\n* \\*\n\n-1.");
        let plain = "Title\n\nRule 1\n\n-\n\nx\n-\n\n* *";
        let parsed = crate::parse::parse_str(plain, Some(Format::TxtPlain)).unwrap();
        let options = crate::render::RenderOptions {
            canonical: true,
            templates: None,
        };
        let once = crate::render::render(&parsed, Format::TxtPlain, &options).unwrap();
        let back = crate::parse::parse_str(&once, Some(Format::TxtPlain)).unwrap();
        assert_eq!(back.without_layout(), parsed.without_layout(), "{once:?}");
    }

    #[test]
    fn a_numbered_list_that_starts_under_text_follows_a_blank_line() {
        // Found by the `fmt` fuzz target: a nested `2.` right under its
        // item's text, Markdown that reads as that text going on.
        let text = "  • change:\n    type: x\n    2. The Polit\n  • next\n  3. three";
        let md = unwrapped_body(&lines(text, 0));
        assert_eq!(
            md,
            "* change:  \n  type: x\n\n  2. The Polit\n* next\n\n3. three"
        );
        let blocks = crate::render::text::blocks(&md);
        assert_eq!(blocks.len(), 4, "{blocks:?}");
    }

    #[test]
    fn a_word_ending_in_a_backslash_is_not_a_break_mark() {
        // Found by the `canonical` fuzz target: `th\` wrapped to the end of
        // a line read as `th` and the break mark ` \`, a line break.
        let body = |mark: &str| {
            let text = format!(
                "      “Unit of X” is a Unit of Land whose Land Type switch has th{mark}\n      value X.\n"
            );
            unwrap_body(&lines(&text, 0), &mut Vec::new())
        };
        assert_eq!(
            body("\\"),
            "“Unit of X” is a Unit of Land whose Land Type switch has th\\ value X."
        );
        assert_eq!(
            body(" \\"),
            "“Unit of X” is a Unit of Land whose Land Type switch has th  \nvalue X."
        );
        // A backslash word that wrapping would leave at a line's end.
        for body in [
            format!("{} \\ value", "x".repeat(61)),
            "a \\ \\\n      b".into(),
        ] {
            let text = format!("T\n\n=====\n-----\nRule 1/0\n\n      {body}\n\n-----");
            let ruleset = crate::parse::parse_str(&text, Some(Format::TxtLong)).unwrap();
            let options = crate::render::RenderOptions {
                canonical: true,
                templates: None,
            };
            let once = crate::render::render(&ruleset, Format::TxtLong, &options).unwrap();
            let back = crate::parse::parse_str(&once, Some(Format::TxtLong)).unwrap();
            assert_eq!(back.without_layout(), ruleset.without_layout(), "{once}");
        }
    }

    /// `page` read as `txt-rule`, written canonically and read again: the
    /// same rules, and the same page written again.
    fn txt_rule_fmt_keeps(page: &str) {
        let ruleset = crate::parse::parse_str(page, Some(Format::TxtRule)).unwrap();
        let options = crate::render::RenderOptions {
            canonical: true,
            templates: None,
        };
        let once = crate::render::render(&ruleset, Format::TxtRule, &options).unwrap();
        let back = crate::parse::parse_str(&once, Some(Format::TxtRule)).unwrap();
        assert_eq!(back.without_layout(), ruleset.without_layout(), "{once:?}");
        let twice = crate::render::render(&back, Format::TxtRule, &options).unwrap();
        assert_eq!(twice, once);
    }

    #[test]
    fn an_item_whose_text_opens_with_a_number_marker_keeps_it_as_text() {
        // Found by the `fmt` fuzz target: the item `9) 9) x` became the
        // Markdown `9) 9) x`, a list nested in the item, written back as
        // an empty item `9)` and a nested one.
        assert_eq!(unwrapped_body(&lines("9) 9) x", 0)), "9) 9\\) x");
        assert_eq!(
            unwrapped_body(&lines("* 12. x\n* 3) y", 0)),
            "* 12\\. x\n* 3\\) y"
        );
        txt_rule_fmt_keeps("Rule 1/0\n\n9) 9) \u{1}");
        txt_rule_fmt_keeps("Rule 1/0\n\n* 4. four\n\n2) 7) seven");
    }

    #[test]
    fn a_numbered_line_right_under_a_preformatted_one_opens_an_item() {
        // Found by the `fmt` fuzz target: `4) 3.` under an aligned line was
        // a paragraph whose Markdown reads as a list, written back after a
        // blank line as an empty item `4)` with `3.` nested in it.
        assert_eq!(
            unwrapped_body(&lines("h   x\n4) 3.\n   more", 0)),
            "```\nh   x\n```\n\n4) 3\\.  \n   more"
        );
        txt_rule_fmt_keeps("Rule 2/0\n\nh   \0\n4) 3.");
        txt_rule_fmt_keeps("Rule 2/0\n\nA   B\n7) seven\n8) eight");
    }

    #[test]
    fn a_numbered_line_under_an_item_less_indented_than_its_list_opens_an_item() {
        // Found by the `fmt` fuzz target (txt-rule): ` 0) 2` under `  3) 3`
        // was a paragraph whose Markdown reads as a list item, written
        // back after a blank line as an item of the list above.
        assert_eq!(unwrapped_body(&lines("  3) 3\n 0) 2", 0)), "3) 3\n0) 2");
        txt_rule_fmt_keeps("Rule 1/0\n\n  3) 3\n 0) 2");
        txt_rule_fmt_keeps("Rule 7/0\n\n  5) d\n 1. F");
    }

    #[test]
    fn wrapped_lines_read_as_one_part_unless_an_edge_or_a_break_changes_them() {
        let check = |lines: &[&str], in_item: bool| {
            let texts: Vec<&str> = lines.iter().map(|l| &l[INDENT..]).collect();
            reads_as_one_part(lines, &texts, in_item)
        };
        let full = "      a line of words long enough to be wrapped by the writer";
        assert!(check(&[full, "      here"], false));
        // Tabs at a line's edge are trimmed by the reader.
        assert!(!check(&[full, "      \tthere"], true));
        assert!(!check(&["      a\t", "      b"], true));
        // A short line reads as a line break; so does the break mark.
        assert!(!check(&["      short", "      here"], false));
        assert!(!check(&[&format!("{full} \\"), "      here"], false));
        // A line that opens a list item or a table.
        assert!(!check(&[full, "      - x"], false));
        assert!(!check(&[full, "      7) x"], true));
        assert!(!check(&[full, "      |x y|"], true));
        assert!(!check(&[full, "      x   y"], false));
        assert!(check(&[full, "      x\ty"], true));
    }

    #[test]
    fn a_paragraph_whose_wrapping_would_not_read_back_is_canonical_on_one_line() {
        // Markers that move down with the word before them can leave a
        // line short enough to read as a line break: the writer keeps such
        // a part on one line, and the reader measures it so (no quirk).
        let mut found = 0;
        for n in 1..40 {
            let text = format!("{} {} - - - - - 1) end", "x".repeat(n), "y".repeat(40));
            let wrapped = wrap(&text, INDENT, INDENT);
            let whole: Vec<String> = wrapped.iter().map(|l| format!("      {l}")).collect();
            let whole: Vec<&str> = whole.iter().map(String::as_str).collect();
            let texts: Vec<&str> = wrapped.iter().map(String::as_str).collect();
            if reads_as_one_part(&whole, &texts, false) {
                continue;
            }
            found += 1;
            let mut quirks = Vec::new();
            let md = unwrap_body(&lines(&format!("      {text}\n"), 0), &mut quirks);
            assert_eq!(md, text);
            assert!(quirks.is_empty(), "{text:?}: {quirks:?}");
            let written = crate::render::text::wrap_markdown(&md, 70, INDENT);
            assert_eq!(written, format!("      {text}"));
        }
        assert!(found > 0);
    }

    #[test]
    fn a_vertical_tab_or_form_feed_at_the_ends_of_a_line_goes() {
        // Found by the `fmt` fuzz target: `)\u{b}` read as that Markdown,
        // which means `)`: Markdown drops the vertical tab as a space.
        assert_eq!(
            unwrapped_body(&lines(")\u{b}\n\u{c}-\u{b}\n-", 0)),
            ")  \n\\-  \n\\-"
        );
        txt_rule_fmt_keeps("Rule 1/0\n\n)\u{b}");
        txt_rule_fmt_keeps("Rule 10/0\n\n- -\u{b}\n-");
        let wrapped = "      a\u{b}\n\n      \u{c}b c\n";
        assert_eq!(unwrap_body(&lines(wrapped, 0), &mut Vec::new()), "a\n\nb c");
    }

    #[test]
    fn lone_carriage_returns_at_the_ends_of_a_line_go() {
        // Found by the `fmt` fuzz target: `\r\rM\r\r` became `  M  `, whose
        // spaces Markdown drops.
        let md = unwrapped_body(&lines("One\n\r\rM\r\r\nTwo", 0));
        assert_eq!(md, "One  \nM  \nTwo");
    }

    #[test]
    fn paragraphs_join_and_items_become_markdown_lists() {
        // Lines broken where the next word would not fit are wrapping.
        let text = "      First line of a paragraph that runs on until the seventieth\n      column.\n\n      * item one, long enough to be wrapped by the writer of the\n        file\n\n      * item two\n\n      After.\n";
        let ls = lines(text, 0);
        let mut quirks = Vec::new();
        let md = unwrap_body(&ls, &mut quirks);
        assert_eq!(
            md,
            "First line of a paragraph that runs on until the seventieth column.\n\n* item one, long enough to be wrapped by the writer of the file\n* item two\n\nAfter."
        );
        // Items are laid out by hand in published files: not measured.
        assert!(quirks.is_empty(), "{quirks:?}");
    }

    #[test]
    fn ordered_items_keep_their_markers() {
        let text = "      Bot-players are a subcategory of player.\n\n      1) Bot-players do not get turns, superseding 201, and do not\n         vote.\n      2) They cannot win.\n      7) Any future rules that mention players apply to them as\n         well.\n\n      The total number of points held by all the players together is\n      2. Then more.\n";
        let ls = lines(text, 0);
        let md = unwrap_body(&ls, &mut Vec::new());
        assert_eq!(
            md,
            "Bot-players are a subcategory of player.\n\n1) Bot-players do not get turns, superseding 201, and do not vote.\n2) They cannot win.\n7) Any future rules that mention players apply to them as well.\n\nThe total number of points held by all the players together is 2. Then more."
        );
    }

    #[test]
    fn a_line_hung_under_an_item_continues_it_runs_of_spaces_or_not() {
        // Found by the `canonical` fuzz target: an item's line with a tab
        // or a run of spaces in it was read as a code block of its own, so
        // the item written canonically read back as two blocks.
        let plain = "  • one  \n    two\tthree    four\n  • five";
        assert_eq!(
            unwrapped_body(&lines(plain, 0)),
            "* one  \n  two\tthree    four\n* five"
        );
        // A table under an item stays a table.
        let table = "  • one\n    │ a │ b │";
        assert_eq!(
            unwrapped_body(&lines(table, 0)),
            "* one\n\n```\n│ a │ b │\n```"
        );
    }

    #[test]
    fn every_bullet_keeps_one_item_a_line_nested_by_indentation() {
        let text = "      The list of Types is as follows:\n\n      • Executive\n      • Legislative\n        - Upper house\n        - Lower house\n      • Judicial\n";
        let md = unwrap_body(&lines(text, 0), &mut Vec::new());
        assert_eq!(
            md,
            "The list of Types is as follows:\n\n* Executive\n* Legislative\n  * Upper house\n  * Lower house\n* Judicial"
        );
        let plain = "Types:\n  • Executive\n    ◦ Cabinet\n  • Judicial";
        assert_eq!(
            unwrapped_body(&lines(plain, 0)),
            "Types:\n\n* Executive\n  * Cabinet\n* Judicial"
        );
    }

    #[test]
    fn numbered_items_nest_under_the_text_of_their_item() {
        let plain = "Steps:\n\n  1. card\n  2. the\n     1. points\n  3. turn";
        assert_eq!(
            unwrapped_body(&lines(plain, 0)),
            "Steps:\n\n1. card\n2. the\n   1. points\n3. turn"
        );
    }

    #[test]
    fn tables_and_indented_blocks_are_kept_as_written() {
        let text = "      The Type Chart:\n      ┌──────┬─────┐\n      │ Exec │ 2x  │\n      └──────┴─────┘\n\n      Between.\n\n          fn main() {\n              go();\n          }\n\n      After.\n";
        let mut quirks = Vec::new();
        let md = unwrap_body(&lines(text, 0), &mut quirks);
        assert_eq!(
            md,
            "The Type Chart:\n\n```\n┌──────┬─────┐\n│ Exec │ 2x  │\n└──────┴─────┘\n```\n\nBetween.\n\n```\nfn main() {\n    go();\n}\n```\n\nAfter."
        );
        assert!(quirks.is_empty(), "{quirks:?}");
    }

    #[test]
    fn a_short_line_in_a_wrapped_body_ends_in_a_line_break() {
        let text = "      Power Name: X\n      Power Cost: 5\n      Emphasis stays *as written* in this line of the wrapped body,\n      because it is Markdown already.\n";
        let mut quirks = Vec::new();
        let md = unwrap_body(&lines(text, 0), &mut quirks);
        assert_eq!(
            md,
            "Power Name: X  \nPower Cost: 5  \nEmphasis stays *as written* in this line of the wrapped body, because it is Markdown already."
        );
        assert!(quirks.is_empty(), "{quirks:?}");
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
