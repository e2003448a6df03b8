//! A line of a text form (`txt-*`) as Markdown that reads back as that line.
//!
//! The text forms are plain text, except for what they write as Markdown on
//! purpose: emphasis with `*` (`*Extra Savage*`), `**` and `~~`, list
//! markers and line breaks. Any other Markdown a line happens to contain
//! (`## 303/0`, `![chart](a.png)`, `` `x` ``, `<b>`, `_x_`, `&amp;`,
//! `> quoted`) is text in the text form: it is escaped, so that the model
//! means what the line says and a text form writes the line back as it was.

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag};
use std::ops::Range;

/// `line` (one line of a paragraph or list item, trimmed) with what makes
/// Markdown show less than the line says escaped: a lone carriage return
/// (a line ending to Markdown, a space once written), backslash escapes,
/// entities, a `===`/`---` underline and a backslash ending the line.
pub(super) fn escape_line(line: impl Into<String>) -> String {
    let mut line = line.into();
    if memchr::memchr(b'\r', line.as_bytes()).is_some() {
        line = line.replace('\r', " ");
    }
    let ends_in_backslash = line.ends_with('\\');
    let underline = is_setext_underline(&line);
    // Most lines hold neither a backslash nor an ampersand: nothing to find.
    if !ends_in_backslash && !underline && memchr::memchr2(b'\\', b'&', line.as_bytes()).is_none() {
        return line;
    }
    let mut at: Vec<usize> = escapes_and_entities(&line).collect();
    if ends_in_backslash {
        // A backslash before the line break would make it a hard break.
        at.push(line.len() - 1);
    }
    if underline {
        at.push(0);
    }
    escaped_at(line, at)
}

/// A block's Markdown (a paragraph, or a list item with its marker; its
/// lines already through [`escape_line`]) with every construct the text
/// forms do not write escaped, until none is left (escaping one can open
/// another: `` `#` `x `` → `` \`#` `x ``, where `` ` ` `` is code).
pub(super) fn escape_markup(block: impl Into<String>) -> String {
    let mut block = block.into();
    // Each round escapes at least one character: a bound, not a limit any
    // real text comes near.
    for _ in 0..block.len().min(256) {
        let at = unwritten_markup(&block);
        if at.is_empty() {
            break;
        }
        block = escaped_at(block, at);
    }
    block
}

/// `text` with a backslash before each byte offset of `at`.
fn escaped_at(text: String, mut at: Vec<usize>) -> String {
    if at.is_empty() {
        return text;
    }
    at.sort_unstable();
    at.dedup();
    let mut out = String::with_capacity(text.len() + at.len());
    let mut start = 0;
    for index in at {
        out.push_str(&text[start..index]);
        out.push('\\');
        start = index;
    }
    out.push_str(&text[start..]);
    out
}

/// `===` or `---` alone: under another line of a paragraph, Markdown reads
/// the two as a heading.
fn is_setext_underline(line: &str) -> bool {
    let line = line.trim_end();
    !line.is_empty() && (line.bytes().all(|b| b == b'=') || line.bytes().all(|b| b == b'-'))
}

/// Byte offsets in `line` of the characters to escape: the first character
/// of each construct Markdown reads in it that the text forms would not
/// write back as it is.
fn unwritten_markup(line: &str) -> Vec<usize> {
    // Only the characters that can start markup: most lines have none.
    if !may_hold_markup(line) {
        return Vec::new();
    }
    parsed_markup(line)
}

/// [`unwritten_markup`] found by reading `line` as Markdown.
fn parsed_markup(line: &str) -> Vec<usize> {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut at = Vec::new();
    let first_char = |range: &Range<usize>| {
        range.start + line[range.clone()].len() - line[range.clone()].trim_start().len()
    };
    // Where the block's own text starts: a list there is the block's (a
    // list item the reader found); one further in is a line of its text
    // that Markdown would read as a list (`1. x` after a line).
    let start = line.len() - line.trim_start().len();
    for (event, range) in Parser::new_ext(line, options).into_offset_iter() {
        let source = &line[range.clone()];
        match event {
            Event::Start(
                Tag::Heading { .. }
                | Tag::BlockQuote(_)
                | Tag::HtmlBlock
                | Tag::CodeBlock(CodeBlockKind::Fenced(_)),
            )
            | Event::Rule
            | Event::InlineHtml(_)
            | Event::Code(_) => at.push(first_char(&range)),
            Event::Start(Tag::List(_)) if first_char(&range) > start => {
                let marker = first_char(&range);
                let digits = line[marker..]
                    .bytes()
                    .take_while(u8::is_ascii_digit)
                    .count();
                // `1.` → `1\.`, `-` → `\-`.
                at.push(marker + digits);
            }
            Event::Start(Tag::Link { .. }) => at.push(range.start),
            Event::Start(Tag::Image { .. }) => at.push(range.start + 1),
            // `_x_` and `__x__` are written back as `*x*`, `~x~` as `~~x~~`.
            Event::Start(Tag::Emphasis | Tag::Strong) if source.starts_with('_') => {
                at.push(range.start);
            }
            Event::Start(Tag::Strikethrough) if !source.starts_with("~~") => {
                at.push(range.start);
            }
            _ => {}
        }
    }
    at
}

/// Whether `block` may hold markup the text forms do not write: one of
/// the inline characters `[`<_~\\&` or a line break anywhere, or a line that
/// opens with a character of block structure (`#>-+=*`, a digit: a
/// heading, quote, list item, rule or underline), which Markdown reads only
/// at the start of a line, after its indent and the markers of the quotes
/// and list items it is in. A number marker or a hyphen inside a line
/// (`see 3.2`, `so-called`) starts nothing.
fn may_hold_markup(block: &str) -> bool {
    let bytes = block.as_bytes();
    let opening = bytes
        .iter()
        .take_while(|&&b| {
            matches!(
                b,
                b' ' | b'\t' | b'#' | b'>' | b'-' | b'+' | b'=' | b'*' | b'.' | b')' | b'0'..=b'9'
            )
        })
        .any(|&b| !matches!(b, b' ' | b'\t'));
    opening || bytes.iter().any(|&b| INLINE_MARKUP[usize::from(b)])
}

/// The bytes that may hold inline markup or a line break (see
/// [`may_hold_markup`]), looked up rather than matched: every byte of a
/// block is.
const INLINE_MARKUP: [bool; 256] = {
    let mut markup = [false; 256];
    let mut k = 0;
    let bytes = *b"[`<_~\\&\n\r";
    while k < bytes.len() {
        markup[bytes[k] as usize] = true;
        k += 1;
    }
    markup
};

/// Where a backslash escapes punctuation (`\*`) or `&` starts an entity
/// (`&amp;`, `&#42;`): Markdown would show less than the line says.
fn escapes_and_entities(line: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = line.as_bytes();
    line.match_indices(['\\', '&'])
        .map(|(index, _)| index)
        .filter(move |&index| {
            let rest = &bytes[index + 1..];
            if bytes[index] == b'\\' {
                return rest.first().is_some_and(u8::is_ascii_punctuation);
            }
            let name = rest
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'#')
                .count();
            name > 0 && rest.get(name) == Some(&b';')
        })
}

#[cfg(test)]
mod tests {
    /// One line as a paragraph of its own.
    fn escape(line: &str) -> String {
        super::escape_markup(super::escape_line(line))
    }

    #[test]
    fn markup_the_text_forms_do_not_write_is_escaped() {
        assert_eq!(escape("## 303/0"), "\\## 303/0");
        assert_eq!(
            escape("![303 chart](images/303.png)"),
            "!\\[303 chart](images/303.png)"
        );
        assert_eq!(
            escape("see [this](a.md) and `x`"),
            "see \\[this](a.md) and \\`x`"
        );
        assert_eq!(escape("a <b>bold</b> move"), "a \\<b>bold\\</b> move");
        assert_eq!(escape("> quoted"), "\\> quoted");
        assert_eq!(escape("_x_ and __y__"), "\\_x_ and \\_\\_y__");
        assert_eq!(escape("fish &amp; chips"), "fish \\&amp; chips");
        assert_eq!(escape("a \\* b"), "a \\\\* b");
        assert_eq!(escape("ends in \\"), "ends in \\\\");
        assert_eq!(escape("==="), "\\===");
        assert_eq!(escape("***"), "\\***");
        // Escaping the first code span's backtick opens another one.
        assert_eq!(escape("`#` `x"), "\\`#\\` `x");
        // An image across a line break of the paragraph.
        assert_eq!(
            super::escape_markup("![chart](a.png  \n)"),
            "!\\[chart](a.png  \n)"
        );
        assert_eq!(escape("a\rb"), "a b");
        // A line of a paragraph that Markdown would read as a list.
        assert_eq!(
            super::escape_markup("Rules:  \n1. one"),
            "Rules:  \n1\\. one"
        );
        assert_eq!(super::escape_markup("* a  \n  - b"), "* a  \n  \\- b");
    }

    proptest::proptest! {
        /// Where the cheap test finds no markup, Markdown finds none to
        /// escape either.
        #[test]
        fn a_block_without_markup_characters_holds_no_markup(
            block in " {0,5}[a-c]?[ a-c1-9.)#>*=+\\-]{0,40}"
        ) {
            if !super::may_hold_markup(&block) {
                proptest::prop_assert!(super::parsed_markup(&block).is_empty(), "{block:?}");
            }
        }
    }

    #[test]
    fn what_the_text_forms_write_stays() {
        for line in [
            "*Extra Savage* and **bold**",
            "~~struck~~",
            "plain words",
            "a - b",
        ] {
            assert_eq!(escape(line), line);
        }
    }
}
