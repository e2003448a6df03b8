//! Image paths seen from another folder: a per-rule page lives two folders
//! below the published set (`rules/md/319.md`), so the source's
//! `images/319.png` is `../../images/319.png` there. Only relative paths
//! move; URLs (`https:`, `data:`), absolute paths (`/img/a.png`, `C:/a.png`)
//! and fragments stay as written.

use pulldown_cmark::{Event, LinkType, Parser, Tag};
use std::borrow::Cow;
use std::ops::Range;

/// `markdown` with every relative image destination prefixed by `up`
/// (`"../../"`): inline images where they are written, reference images in
/// their definition. A destination written with escapes (`a\_b.png`) is left
/// as it is.
pub(crate) fn relative_images<'a>(markdown: &'a str, up: &str) -> Cow<'a, str> {
    if !markdown.contains("![") {
        return Cow::Borrowed(markdown);
    }
    let mut at: Vec<Range<usize>> = Vec::new();
    let mut references: Vec<String> = Vec::new();
    let mut events = Parser::new(markdown).into_offset_iter();
    for (event, range) in events.by_ref() {
        let Event::Start(Tag::Image {
            link_type,
            dest_url,
            id,
            ..
        }) = event
        else {
            continue;
        };
        if !is_relative(&dest_url) {
            continue;
        }
        match link_type {
            LinkType::Inline => {
                if let Some(found) = inline_destination(markdown, range, &dest_url) {
                    at.push(found);
                }
            }
            LinkType::Reference | LinkType::Collapsed | LinkType::Shortcut => {
                references.push(id.to_string());
            }
            _ => {}
        }
    }
    let definitions = events.reference_definitions();
    for label in references {
        let Some(definition) = definitions.get(&label) else {
            continue;
        };
        if let Some(found) =
            defined_destination(markdown, definition.span.clone(), &definition.dest)
        {
            at.push(found);
        }
    }
    if at.is_empty() {
        return Cow::Borrowed(markdown);
    }
    at.sort_by_key(|range| range.start);
    at.dedup();
    let mut out = String::with_capacity(markdown.len() + at.len() * up.len());
    let mut copied = 0;
    for range in at {
        out.push_str(&markdown[copied..range.start]);
        out.push_str(up);
        copied = range.start;
    }
    out.push_str(&markdown[copied..]);
    Cow::Owned(out)
}

/// The image files `markdown` shows by a safe relative path (see
/// [`safe_image_path`]), in the order written.
pub(super) fn image_paths(markdown: &str) -> Vec<String> {
    if !markdown.contains("![") {
        return Vec::new();
    }
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Image { dest_url, .. }) => {
                safe_image_path(&dest_url).map(str::to_string)
            }
            _ => None,
        })
        .collect()
}

/// An image destination that names a file at or below the folder of the
/// file that holds it (`images/319.png`), which can be copied into an
/// output with the same relative path: relative, no `..`, `.` or empty
/// part, no backslash, no query or fragment, of letters, digits and
/// `-_.~/` only. URLs and absolute paths are not files to copy.
pub(crate) fn safe_image_path(destination: &str) -> Option<&str> {
    let safe = is_relative(destination)
        && !destination.is_empty()
        && destination
            .chars()
            .all(|c| c.is_alphanumeric() || "-_.~/".contains(c))
        && destination
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..");
    safe.then_some(destination)
}

/// Whether a destination is a path relative to the file that holds it.
fn is_relative(destination: &str) -> bool {
    let scheme = destination.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    !(destination.is_empty() || scheme || destination.starts_with(['/', '\\', '#', '?']))
}

/// Where the destination of `![alt](dest "title")` starts in `markdown`:
/// after the last `](` of the image, past spaces and an opening `<`.
fn inline_destination(
    markdown: &str,
    image: Range<usize>,
    destination: &str,
) -> Option<Range<usize>> {
    let written = markdown.get(image.clone())?;
    written.rmatch_indices("](").find_map(|(open, _)| {
        let after = &written[open + 2..];
        let rest = after.trim_start().trim_start_matches('<');
        let start = image.start + open + 2 + (after.len() - rest.len());
        follows(rest, destination).then_some(start..start + destination.len())
    })
}

/// Where the destination of `[label]: dest "title"` starts in `markdown`.
fn defined_destination(
    markdown: &str,
    definition: Range<usize>,
    destination: &str,
) -> Option<Range<usize>> {
    let written = markdown.get(definition.clone())?;
    let colon = written.find("]:")?;
    let after = &written[colon + 2..];
    let rest = after.trim_start().trim_start_matches('<');
    let start = definition.start + colon + 2 + (after.len() - rest.len());
    follows(rest, destination).then_some(start..start + destination.len())
}

/// Whether `rest` begins with exactly `destination` (then its end, a space,
/// a `)` or a `>`).
fn follows(rest: &str, destination: &str) -> bool {
    rest.strip_prefix(destination).is_some_and(|tail| {
        tail.chars()
            .next()
            .is_none_or(|c| c.is_whitespace() || c == ')' || c == '>')
    })
}

#[cfg(test)]
mod tests {
    use super::relative_images;

    fn relinked(markdown: &str) -> String {
        relative_images(markdown, "../../").into_owned()
    }

    #[test]
    fn relative_image_paths_start_from_the_page_folder() {
        assert_eq!(
            relinked("A graph:\n\n![319 graph](images/319.png)"),
            "A graph:\n\n![319 graph](../../images/319.png)"
        );
        assert_eq!(
            relinked("![a](../up.png \"title\") and ![b](<images/with space.png>)"),
            "![a](../../../up.png \"title\") and ![b](<../../images/with space.png>)"
        );
        assert_eq!(
            relinked("![](images/a.png)![](images/a.png)"),
            "![](../../images/a.png)![](../../images/a.png)"
        );
    }

    #[test]
    fn urls_absolute_paths_and_links_stay() {
        for kept in [
            "![web](https://example.org/319.png)",
            "![root](/images/319.png)",
            "![drive](C:/images/319.png)",
            "![data](data:image/png;base64,AAAA)",
            "![frag](#here)",
            "[a link](images/319.png) is not an image",
            "No image at all: [x](y)",
            "`![code](images/319.png)` is code",
        ] {
            assert_eq!(relinked(kept), kept);
        }
    }

    #[test]
    fn reference_images_move_in_their_definition() {
        assert_eq!(
            relinked("See ![chart][c] and ![chart][c].\n\n[c]: images/c.png \"Chart\""),
            "See ![chart][c] and ![chart][c].\n\n[c]: ../../images/c.png \"Chart\""
        );
        assert_eq!(
            relinked("![Shortcut]\n\n[shortcut]: <images/s.png>"),
            "![Shortcut]\n\n[shortcut]: <../../images/s.png>"
        );
    }

    #[test]
    fn escaped_destinations_are_left_as_written() {
        let escaped = "![e](images/a\\_b.png)";
        assert_eq!(relinked(escaped), escaped);
    }
}
