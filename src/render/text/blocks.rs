//! Markdown → [`Block`]s: one pass over `pulldown-cmark` events.

use super::{Block, Emphasis, HIDDEN_MARK, SOFT_BREAK};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// Parses a Markdown body into plain-text blocks, its emphasis markers
/// kept or removed.
pub(super) fn blocks(md: &str, emphasis: Emphasis) -> Vec<Block> {
    spaced_blocks(md, emphasis).0
}

/// [`blocks`], and for each block whether a blank line stands before it in
/// the Markdown (the first block: none).
pub(super) fn spaced_blocks(md: &str, emphasis: Emphasis) -> (Vec<Block>, Vec<bool>) {
    let mut builder = Builder {
        emphasis,
        ..Builder::default()
    };
    let parser = Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH);
    for (event, range) in parser.into_offset_iter() {
        builder.at = range.start;
        builder.event(event, &md[range]);
    }
    builder.flush();
    let blank = (0..builder.blocks.len())
        .map(|n| n > 0 && blank_line_in(&md[builder.starts[n - 1]..builder.starts[n]]))
        .collect();
    (builder.blocks, blank)
}

/// Whether a whole line of `between` (the text from one block's start to
/// the next one's) is blank.
fn blank_line_in(between: &str) -> bool {
    let pieces: Vec<&str> = between.split('\n').collect();
    pieces.len() > 2
        && pieces[1..pieces.len() - 1]
            .iter()
            .any(|line| line.trim().is_empty())
}

/// Where the text being collected goes when the current block ends.
#[derive(Debug)]
enum Pending {
    Paragraph,
    Item { marker: String, depth: usize },
}

#[derive(Debug, Default)]
struct Builder {
    blocks: Vec<Block>,
    text: String,
    pending: Option<Pending>,
    /// For each open list: the next number of an ordered list and its
    /// delimiter, or `None` for a bullet list.
    lists: Vec<Option<(u64, char)>>,
    /// Destinations of the open links.
    links: Vec<String>,
    /// Inside a table: the event stream is skipped until its end (the table
    /// was copied from the source).
    verbatim_depth: usize,
    /// Inside a code block: its literal text, without fences.
    code: Option<String>,
    /// Inside an image: its alt text is collected here.
    image: Option<(String, String)>,
    /// Whether emphasis markers are kept, left out, or hidden (measured,
    /// then left out).
    emphasis: Emphasis,
    /// Where in the Markdown the event being read starts.
    at: usize,
    /// Where the block being collected started.
    opened: usize,
    /// Where each block of `blocks` started.
    starts: Vec<usize>,
}

impl Builder {
    fn event(&mut self, event: Event<'_>, source: &str) {
        if self.verbatim_depth > 0 {
            match event {
                Event::Start(Tag::Table(_)) => self.verbatim_depth += 1,
                Event::End(TagEnd::Table) => self.verbatim_depth -= 1,
                _ => {}
            }
            return;
        }
        if let Some(code) = &mut self.code {
            match event {
                Event::End(TagEnd::CodeBlock) => {
                    let code = self.code.take().unwrap_or_default();
                    self.push_block(Block::Verbatim(code.trim_end_matches('\n').to_string()));
                }
                Event::Text(text) => code.push_str(&text),
                _ => {}
            }
            return;
        }
        if let Some((alt, _)) = &mut self.image {
            match event {
                Event::End(TagEnd::Image) => {
                    let (alt, path) = self.image.take().unwrap_or_default();
                    let note = if alt.trim().is_empty() {
                        format!("[image: {path}]")
                    } else {
                        format!("[image: {} ({path})]", alt.trim())
                    };
                    self.push_text(&note);
                }
                Event::Text(text) | Event::Code(text) => alt.push_str(&text),
                _ => {}
            }
            return;
        }
        match event {
            Event::Start(Tag::Paragraph | Tag::Heading { .. } | Tag::BlockQuote(_)) => {
                if self.pending.is_none() {
                    self.flush();
                    self.opened = self.at;
                    self.pending = Some(Pending::Paragraph);
                } else if !self.text.is_empty() && !self.text.ends_with('\n') {
                    // A second paragraph inside a list item: keep it on a new line.
                    self.text.push('\n');
                }
            }
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::BlockQuote(_)) => {
                if matches!(self.pending, Some(Pending::Paragraph)) {
                    self.flush();
                }
            }
            Event::Start(Tag::List(start)) => {
                self.flush();
                let delimiter = list_delimiter(source);
                self.lists.push(start.map(|n| (n, delimiter)));
            }
            Event::End(TagEnd::List(_)) => {
                self.flush();
                self.lists.pop();
            }
            Event::Start(Tag::Item) => {
                self.flush();
                let depth = self.lists.len().saturating_sub(1);
                let marker = match self.lists.last_mut() {
                    Some(Some((number, delimiter))) => {
                        // The number as the item writes it: Markdown counts
                        // on from the list's first, the text forms do not
                        // (`8.` `5.` reads back as written).
                        let written = written_number(source).unwrap_or(*number);
                        let marker = format!("{written}{delimiter}");
                        *number = written.saturating_add(1);
                        marker
                    }
                    // Text forms write every bullet as `*` (docs/formats.md).
                    _ => "*".to_string(),
                };
                self.opened = self.at;
                self.pending = Some(Pending::Item { marker, depth });
            }
            Event::End(TagEnd::Item) => self.flush(),
            Event::Start(Tag::CodeBlock(_)) => {
                self.flush();
                self.opened = self.at;
                self.code = Some(String::new());
            }
            Event::Start(Tag::Table(_)) => {
                self.flush();
                self.opened = self.at;
                let text = source.trim_end_matches(['\n', '\r']);
                let text = strip_common_indent(text);
                self.push_block(Block::Verbatim(text));
                self.verbatim_depth = 1;
            }
            Event::Start(Tag::HtmlBlock) => {
                if self.pending.is_none() {
                    self.flush();
                    self.opened = self.at;
                    self.pending = Some(Pending::Paragraph);
                }
            }
            Event::End(TagEnd::HtmlBlock) => {
                if matches!(self.pending, Some(Pending::Paragraph)) {
                    self.flush();
                }
            }
            Event::Start(Tag::Link { dest_url, .. }) => self.links.push(dest_url.to_string()),
            Event::End(TagEnd::Link) => {
                let url = self.links.pop().unwrap_or_default();
                let shown = url.trim_start_matches("mailto:");
                if !self.text.ends_with(shown) {
                    self.push_text(&format!(" ({url})"));
                }
            }
            Event::Start(Tag::Image { dest_url, .. }) => {
                self.image = Some((String::new(), dest_url.to_string()));
            }
            Event::Start(Tag::Emphasis) | Event::End(TagEnd::Emphasis) => self.push_mark(1),
            Event::Start(Tag::Strong) | Event::End(TagEnd::Strong) => self.push_mark(2),
            Event::Start(Tag::Strikethrough) | Event::End(TagEnd::Strikethrough) => {
                self.push_text("~~");
            }
            Event::Text(text) | Event::Code(text) => self.push_text(&text),
            Event::InlineMath(text) | Event::DisplayMath(text) => self.push_text(&text),
            Event::Html(html) | Event::InlineHtml(html) => {
                let text = html_to_text(&html);
                self.push_text(&text);
            }
            Event::SoftBreak => {
                let mut buf = [0; 4];
                self.push_text(SOFT_BREAK.encode_utf8(&mut buf));
            }
            Event::HardBreak => self.push_text("\n"),
            Event::Rule => {
                self.flush();
                self.opened = self.at;
                self.push_block(Block::Verbatim("---".to_string()));
            }
            Event::FootnoteReference(name) => self.push_text(&format!("[{name}]")),
            Event::TaskListMarker(done) => self.push_text(if done { "[x] " } else { "[ ] " }),
            Event::Start(_) | Event::End(_) => {}
        }
    }

    /// An emphasis marker of `count` stars, as the style writes it.
    fn push_mark(&mut self, count: usize) {
        match self.emphasis {
            Emphasis::Kept => self.push_text(&"*".repeat(count)),
            Emphasis::Removed => {}
            Emphasis::RemovedAfterWrap => {
                let mut buf = [0; 4];
                let mark = HIDDEN_MARK.encode_utf8(&mut buf).repeat(count);
                self.push_text(&mark);
            }
        }
    }

    fn push_block(&mut self, block: Block) {
        self.blocks.push(block);
        self.starts.push(self.opened);
    }

    fn push_text(&mut self, text: &str) {
        if self.pending.is_none() {
            self.opened = self.at;
            self.pending = Some(Pending::Paragraph);
        }
        self.text.push_str(text);
    }

    /// Ends the block being collected, if it holds any text.
    fn flush(&mut self) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        let text = tidy(std::mem::take(&mut self.text));
        match pending {
            Pending::Paragraph if text.is_empty() => {}
            Pending::Paragraph => self.push_block(Block::Paragraph(text)),
            Pending::Item { marker, depth } => self.push_block(Block::Item {
                marker,
                depth,
                text,
            }),
        }
    }
}

/// Trailing spaces of each line go (they were Markdown line breaks), and so
/// do blank lines at either end.
fn tidy(mut text: String) -> String {
    // Most blocks are one line: nothing to cut into lines.
    if memchr::memchr(b'\n', text.as_bytes()).is_none() {
        text.truncate(text.trim_end().len());
        return text;
    }
    let lines: Vec<&str> = text.split('\n').map(str::trim_end).collect();
    lines.join("\n").trim_matches('\n').to_string()
}

/// The number an ordered list item's source starts with (`5. text`).
fn written_number(source: &str) -> Option<u64> {
    let source = source.trim_start();
    let digits = source.len()
        - source
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    source[..digits].parse().ok()
}

/// `.` or `)`, the delimiter an ordered list's source uses.
fn list_delimiter(source: &str) -> char {
    source
        .trim_start()
        .chars()
        .find(|c| !c.is_ascii_digit())
        .filter(|c| *c == ')')
        .unwrap_or('.')
}

/// A table's source minus the common indent of its lines (a table inside
/// a list item is indented in the source).
fn strip_common_indent(text: &str) -> String {
    let indent = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    text.lines()
        .map(|line| line.get(indent..).unwrap_or(line.trim_start()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of an HTML fragment: `<br>` becomes a line break, other tags
/// (`<sup>`, `<span>`, ...) go, and their content stays.
fn html_to_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let Some(len) = rest[start..].find('>') else {
            out.push_str(&rest[start..]);
            return decode_entities(&out);
        };
        let tag = &rest[start + 1..start + len];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        if name.eq_ignore_ascii_case("br") {
            out.push('\n');
        }
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    decode_entities(&out)
}

/// The few named entities that survive inside raw HTML (pulldown-cmark
/// decodes those in ordinary text itself).
fn decode_entities(text: &str) -> String {
    text.replace("&nbsp;", "\u{a0}")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}
