//! Rule text as HTML: Markdown through pulldown-cmark, citations as links,
//! and everything cleaned by ammonia, because rule text is untrusted.

use super::cite::{self, Mark};
use crate::model::Ruleset;
use crate::refs;
use pulldown_cmark::{html, BrokenLink, CowStr, Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Renders rule texts; holds the sanitizer, set up once.
pub(crate) struct RuleText {
    sanitizer: ammonia::Builder<'static>,
    /// The images the site holds (copied at these paths): shown, not
    /// stood in for.
    images: HashSet<String>,
    /// The file's link reference definitions, by label (see
    /// [`RuleText::with_references`]): destination and title.
    references: HashMap<String, (String, String)>,
}

/// Options of every Markdown reading of rule text here.
const OPTIONS: Options = Options::ENABLE_TABLES.union(Options::ENABLE_STRIKETHROUGH);

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
        RuleText {
            sanitizer,
            images,
            references: HashMap::new(),
        }
    }

    /// The renderer resolving the link reference definitions of the whole
    /// file (`[1]: https://…`): Markdown holds them document-wide, but each
    /// rule is rendered alone, so `[Droits Humains][1]` in one rule finds a
    /// definition kept in another rule, the header or the footer (the end
    /// matter after the last rule).
    pub(super) fn with_references(mut self, ruleset: &Ruleset) -> RuleText {
        let layout = ruleset.layout.as_ref();
        let pieces = layout
            .map(|l| l.header.as_str())
            .into_iter()
            .chain(ruleset.rules.iter().map(|r| r.text.as_str()))
            .chain(layout.map(|l| l.footer.as_str()));
        for piece in pieces {
            let parser = Parser::new_ext(piece, OPTIONS);
            for (label, def) in parser.reference_definitions().iter() {
                let title = def.title.as_deref().unwrap_or("").to_string();
                self.references
                    .entry(label_key(label))
                    .or_insert_with(|| (def.dest.to_string(), title));
            }
        }
        self
    }

    /// The rule text as sanitized HTML, each citation of a rule in force a
    /// link to its page and each citation of another rule marked.
    pub(super) fn render(&self, markdown: &str, in_force: &BTreeSet<u32>) -> String {
        let marks = cite::marks(&refs::extract(markdown), in_force);
        let mut events = Vec::new();
        let mut in_link = 0usize;
        let mut in_image = 0usize;
        let defined = |link: BrokenLink<'_>| {
            let (dest, title) = self.references.get(&label_key(&link.reference))?;
            Some((CowStr::from(dest.clone()), CowStr::from(title.clone())))
        };
        let parser = Parser::new_with_broken_link_callback(markdown, OPTIONS, Some(defined));
        for (event, range) in parser.into_offset_iter() {
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

/// A link label as Markdown matches it: case and runs of white space
/// do not count.
fn label_key(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
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
