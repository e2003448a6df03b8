//! Rule text as HTML: Markdown through pulldown-cmark, citations as links,
//! and everything cleaned by ammonia, because rule text is untrusted.

use super::cite::{self, Mark};
use crate::refs;
use pulldown_cmark::{html, CowStr, Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeSet, HashSet};

/// Renders rule texts; holds the sanitizer, set up once.
pub(crate) struct RuleText {
    sanitizer: ammonia::Builder<'static>,
    /// The images the site holds (copied at these paths): shown, not
    /// stood in for.
    images: HashSet<String>,
}

impl RuleText {
    /// A renderer for a site that holds no images.
    #[cfg(test)]
    pub(super) fn new() -> RuleText {
        RuleText::with_images(&[])
    }

    /// A renderer for a site that holds `images` (relative to it).
    pub(super) fn with_images(images: &[std::path::PathBuf]) -> RuleText {
        let mut sanitizer = ammonia::Builder::default();
        sanitizer
            .url_schemes(HashSet::from(["http", "https", "mailto"]))
            .url_relative(ammonia::UrlRelative::PassThrough)
            .add_allowed_classes("a", &["cite"])
            .add_allowed_classes("span", &["dangling", "image"])
            .link_rel(Some("noopener noreferrer"));
        let images = images
            .iter()
            .map(|path| path.to_string_lossy().into_owned())
            .collect();
        RuleText { sanitizer, images }
    }

    /// The rule text as sanitized HTML, each citation of a rule in force a
    /// link to its page and each citation of another rule marked.
    pub(super) fn render(&self, markdown: &str, in_force: &BTreeSet<u32>) -> String {
        let marks = cite::marks(&refs::extract(markdown), in_force);
        let mut events = Vec::new();
        let mut in_link = 0usize;
        let mut in_image = 0usize;
        let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
        for (event, range) in Parser::new_ext(markdown, options).into_offset_iter() {
            match &event {
                // A relative image is a file beside the source, which the
                // build copies into the site at the same path when it has
                // it: a rule page (`rules/N.html`) shows it one folder up.
                Event::Start(Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    id,
                }) if crate::render::safe_image_path(dest_url)
                    .is_some_and(|path| self.images.contains(path)) =>
                {
                    events.push(Event::Start(Tag::Image {
                        link_type: *link_type,
                        dest_url: CowStr::from(format!("../{dest_url}")),
                        title: title.clone(),
                        id: id.clone(),
                    }));
                    continue;
                }
                // Another relative path (`../a.png`, or a file the source's
                // folder lacks) names no file the site holds: its alt text
                // stands in, with the path.
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
        self.sanitizer.clean(&out).to_string()
    }
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
