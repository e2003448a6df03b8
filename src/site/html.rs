//! Rule text as HTML: Markdown through pulldown-cmark, citations as links,
//! and everything cleaned by ammonia, because rule text is untrusted.
//!
//! Most rule texts are paragraphs, lists, emphasis and citations, with no
//! HTML of their own: for those, ammonia's parse and re-serialisation gives
//! back what pulldown-cmark wrote, with `rel` added to each citation's link,
//! and [`plain_clean`] writes that without the parse (a fresh `build`'s
//! largest step of a rule page). Anything else goes through ammonia.

use super::cite::{self, Mark, Target};
use crate::refs;
use pulldown_cmark::{html, CowStr, Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeSet, HashSet};

/// Renders rule texts; holds the sanitizer, set up once.
pub(crate) struct RuleText {
    sanitizer: ammonia::Builder<'static>,
}

impl RuleText {
    pub(super) fn new() -> RuleText {
        let mut sanitizer = ammonia::Builder::default();
        sanitizer
            .url_schemes(HashSet::from(["http", "https", "mailto"]))
            .url_relative(ammonia::UrlRelative::PassThrough)
            .add_allowed_classes("a", &["cite"])
            .add_allowed_classes("span", &["dangling", "image"])
            .link_rel(Some("noopener noreferrer"));
        RuleText { sanitizer }
    }

    /// The rule text as sanitized HTML, each citation of a rule in force a
    /// link to its page and each citation of another rule marked.
    pub(super) fn render(&self, markdown: &str, in_force: &BTreeSet<u32>) -> String {
        self.render_with(markdown, in_force, true)
    }

    /// [`RuleText::render`]; with `plain_allowed` false, every text goes
    /// through ammonia (what the fast path is tested against).
    fn render_with(&self, markdown: &str, in_force: &BTreeSet<u32>, plain_allowed: bool) -> String {
        let marks = cite::marks(&refs::extract(markdown), in_force);
        let mut events = Vec::new();
        let mut in_link = 0usize;
        let mut in_image = 0usize;
        // HTML of the text's own may be anything: only ammonia reads it.
        let mut own_html = false;
        let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
        for (event, range) in Parser::new_ext(markdown, options).into_offset_iter() {
            match &event {
                // A relative image is a file beside the source, which the
                // site does not have: its alt text stands in, with the path.
                Event::Start(Tag::Image { dest_url, .. }) if !dest_url.contains(':') => {
                    in_image += 1;
                    let open = format!(
                        "<span class=\"image\" title=\"image: {}\">",
                        escape(dest_url)
                    );
                    events.push(Event::InlineHtml(CowStr::from(open)));
                    continue;
                }
                Event::End(TagEnd::Image) if in_image > 0 => {
                    in_image -= 1;
                    events.push(Event::InlineHtml(CowStr::from("</span>")));
                    continue;
                }
                Event::Html(_) | Event::InlineHtml(_) => own_html = true,
                Event::Start(Tag::Link { .. }) => in_link += 1,
                Event::End(TagEnd::Link) => in_link = in_link.saturating_sub(1),
                Event::Text(text) if in_link == 0 && markdown.get(range.clone()) == Some(text) => {
                    let inside = marks_within(&marks, &range);
                    if !inside.is_empty() {
                        split_text(text, range.start, inside, &mut events);
                        continue;
                    }
                }
                _ => {}
            }
            events.push(event);
        }
        let mut out = String::with_capacity(markdown.len() * 3 / 2);
        html::push_html(&mut out, events.into_iter());
        if plain_allowed && !own_html {
            if let Some(clean) = plain_clean(&out) {
                return clean;
            }
        }
        self.sanitizer.clean(&out).to_string()
    }
}

/// What ammonia (as [`RuleText`] sets it up) makes of `html`, written
/// without parsing it, when `html` is pulldown-cmark's output for text
/// with no HTML of its own and holds only what ammonia keeps as it is:
/// the tags below, without attributes, the citations' own tags (a link gets
/// ammonia's `rel`), text with no control character and no no-break space
/// (which ammonia writes `&nbsp;`), and no entity but `&amp;`, `&lt;` and
/// `&gt;` (ammonia writes `&quot;` and `&#39;` as the character). `None`
/// for anything else: then ammonia cleans it.
fn plain_clean(html: &str) -> Option<String> {
    /// Tags pulldown-cmark writes, with no attributes, that ammonia keeps.
    const KEPT: [&str; 12] = [
        "<p>",
        "</p>",
        "<ul>",
        "</ul>",
        "<ol>",
        "</ol>",
        "<li>",
        "</li>",
        "<em>",
        "</em>",
        "<strong>",
        "</strong>",
    ];
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let mut rest = html;
    while !rest.is_empty() {
        let cut = rest.find(['<', '&']).unwrap_or(rest.len());
        let (text, after) = rest.split_at(cut);
        if !text.chars().all(plain_char) {
            return None;
        }
        out.push_str(text);
        rest = after;
        if rest.starts_with('&') {
            let entity = ["&amp;", "&lt;", "&gt;"]
                .into_iter()
                .find(|entity| rest.starts_with(entity))?;
            out.push_str(entity);
            rest = &rest[entity.len()..];
        } else if !rest.is_empty() {
            let end = rest.find('>')? + 1;
            let tag = &rest[..end];
            if KEPT.contains(&tag) || tag == "</a>" || tag == "</span>" {
                out.push_str(tag);
            } else {
                match cite_target(tag)? {
                    Target::Dangling(_) => out.push_str(tag),
                    Target::Rule(_) => {
                        // Ammonia adds `rel` after the link's own attributes.
                        out.push_str(tag.strip_suffix('>')?);
                        out.push_str(" rel=\"noopener noreferrer\">");
                    }
                }
            }
            rest = &rest[end..];
        }
    }
    Some(out)
}

/// Whether ammonia writes `c`, in text, as it is.
fn plain_char(c: char) -> bool {
    (c == '\n' || !c.is_control()) && !matches!(c, '>' | '\u{a0}' | '\u{feff}' | '\u{fffd}')
}

/// The citation whose opening tag [`Target::open`] writes as `tag`, if
/// any: the tag's first digits are its number.
fn cite_target(tag: &str) -> Option<Target> {
    let digits = tag.find(|c: char| c.is_ascii_digit())?;
    let rest = &tag[digits..];
    let number = rest[..rest.find(|c: char| !c.is_ascii_digit())?]
        .parse()
        .ok()?;
    [Target::Rule(number), Target::Dangling(number)]
        .into_iter()
        .find(|target| target.open() == tag)
}

/// The marks whose digits lie wholly inside `range`.
fn marks_within<'m>(marks: &'m [Mark], range: &std::ops::Range<usize>) -> &'m [Mark] {
    let first = marks.partition_point(|mark| mark.span.start < range.start);
    let last = marks.partition_point(|mark| mark.span.end <= range.end);
    if last <= first {
        return &[];
    }
    &marks[first..last]
}

/// A text event cut at each mark: text, opening tag, digits, closing tag, …
fn split_text(text: &str, offset: usize, marks: &[Mark], events: &mut Vec<Event<'_>>) {
    let mut at = 0;
    for mark in marks {
        let start = mark.span.start - offset;
        let end = mark.span.end - offset;
        if start < at {
            continue;
        }
        if start > at {
            events.push(Event::Text(CowStr::from(text[at..start].to_string())));
        }
        events.push(Event::InlineHtml(CowStr::from(mark.target.open())));
        events.push(Event::Text(CowStr::from(text[start..end].to_string())));
        events.push(Event::InlineHtml(CowStr::from(mark.target.close())));
        at = end;
    }
    if at < text.len() {
        events.push(Event::Text(CowStr::from(text[at..].to_string())));
    }
}

/// Text for an attribute value between double quotes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
#[path = "html_tests.rs"]
mod tests;
