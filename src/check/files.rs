//! Images and local links whose file does not exist.
//!
//! Paths are relative to the folder of the file that holds them, as a
//! Markdown viewer resolves them: `../../images/319.png` in
//! `rules/md/319.md` is `images/319.png` beside `rules/`. Links with a
//! scheme (`https:`), protocol-relative links, paths from the site's root
//! (`/images/319.png`, whose root is the web server's), fragments
//! (`#rule-101`) and `mailto:` are not files to look for.

use super::{finding, locate, Code, Input};
use crate::diagnostic::Diagnostic;
use crate::model::Rule;
use pulldown_cmark::{Event, Parser, Tag};
use std::path::{Component, Path, PathBuf};

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    if input.base_dir.is_none() {
        return Vec::new();
    }
    // Text forms carry no links; JSON holds Markdown bodies.
    if !input.format.is_markdown() && input.format != crate::model::Format::Json {
        return Vec::new();
    }
    input.each_rule(|rule| match input.base_dir_of(rule) {
        Some(base) => rule_files(input, rule, base),
        None => Vec::new(),
    })
}

/// The findings of one rule's images and links.
fn rule_files(input: &Input<'_>, rule: &Rule, base: &Path) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    // History lines link to the rule's page after each change.
    let history_links = rule
        .history
        .iter()
        .filter_map(|entry| entry.link.clone())
        .map(|link| ("history link", link));
    for (what, destination) in destinations(&rule.text).into_iter().chain(history_links) {
        let nth = seen.iter().filter(|d| **d == destination).count();
        seen.push(destination.clone());
        let Some(path) = local_path(&destination) else {
            continue;
        };
        if base.join(&path).exists() {
            continue;
        }
        let kept = input.kept(rule);
        let span = locate::phrase(kept, &destination, nth).unwrap_or_else(|| locate::heading(kept));
        findings.push(
            finding(
                Code::MissingFile,
                format!("{what} `{destination}` in rule {} does not exist", rule.label()),
                span,
            )
            .with_label(format!("no file {}", display(base, &path)))
            .with_help(
                "add the file, or correct the path (paths are relative to the folder of the file that holds them)",
            ),
        );
    }
    findings
}

/// Every image and link destination of a Markdown text, in order.
fn destinations(markdown: &str) -> Vec<(&'static str, String)> {
    // Every link and image starts with `[` (`[a](b)`, `![a](b)`, `[a][b]`)
    // or `<` (`<https://…>`): a text with neither holds none, and is not
    // read as Markdown (most rule texts).
    if memchr::memchr2(b'[', b'<', markdown.as_bytes()).is_none() {
        return Vec::new();
    }
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Image { dest_url, .. }) => Some(("image", dest_url.to_string())),
            Event::Start(Tag::Link { dest_url, .. }) => Some(("link", dest_url.to_string())),
            _ => None,
        })
        .collect()
}

/// The file a destination names, if it names a local file.
fn local_path(destination: &str) -> Option<String> {
    let lower = destination.to_ascii_lowercase();
    // A one-letter scheme is a Windows drive (`C:/rules/303.png`), a file.
    let has_scheme = lower.split_once(':').is_some_and(|(scheme, _)| {
        scheme.len() > 1
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    if destination.is_empty() || has_scheme || destination.starts_with(['#', '/', '\\']) {
        return None;
    }
    let path = destination.split(['#', '?']).next().unwrap_or("");
    (!path.is_empty()).then(|| percent_decode(path))
}

/// `%20` → space, and so on; malformed escapes stay as written.
fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The path as the user would find it: `out/rules/md/../../images/a.png`
/// is shown as `out/images/a.png`.
fn display(base: &Path, path: &str) -> String {
    let joined = if base.as_os_str().is_empty() || base == Path::new(".") {
        Path::new(path).to_path_buf()
    } else {
        base.join(path)
    };
    let mut parts: Vec<Component<'_>> = Vec::new();
    for part in joined.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.iter().collect::<PathBuf>().display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::testing::{codes, File};
    use crate::model::{Format, HistoryEntry, HistoryKind, Rule};

    #[test]
    fn only_local_files_are_destinations_to_check() {
        assert_eq!(
            local_path("images/319.png").as_deref(),
            Some("images/319.png")
        );
        assert_eq!(local_path("a%20b.png#x").as_deref(), Some("a b.png"));
        assert_eq!(local_path("https://example.com/a.png"), None);
        assert_eq!(local_path("mailto:x@y.z"), None);
        assert_eq!(local_path("#rule-101"), None);
        assert_eq!(local_path("//cdn/x.png"), None);
        assert_eq!(local_path("/images/319.png"), None, "from the site's root");
        assert_eq!(
            local_path("../../images/319.png").as_deref(),
            Some("../../images/319.png")
        );
    }

    #[test]
    fn a_missing_image_is_an_error_at_its_path_and_a_present_one_is_clean() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("images")).unwrap();
        std::fs::write(dir.path().join("images/here.png"), b"png").unwrap();
        let text = "A graph:\n\n![319 graph](images/319.png)\n\n![ok](images/here.png) [web](https://x.org/y) [page](rules/md/101.md)";
        let source = format!(
            "## 319\n\n{text}\n\n##### *History*\n\n[*Enacted by Proposal 319*](rules/md/319.md)\n"
        );
        let mut rule = Rule::new(319, text);
        let mut entry = HistoryEntry::new(HistoryKind::Enacted, "Enacted by Proposal 319");
        entry.link = Some("rules/md/319.md".into());
        rule.history.push(entry);
        let file = File::new(Format::MdLong, "# T\n---\n", vec![(rule, &source)]);
        let mut input = file.input();
        input.base_dir = Some(dir.path());
        let findings = check(&input);
        assert_eq!(codes(&findings), ["N801", "N801", "N801"]);
        assert_eq!(file.at(&findings[0].span), "images/319.png");
        assert_eq!(
            findings[0].message,
            "image `images/319.png` in rule 319 does not exist"
        );
        assert_eq!(file.at(&findings[1].span), "rules/md/101.md");
        assert!(findings[1].message.starts_with("link "));
        assert_eq!(file.at(&findings[2].span), "rules/md/319.md");
        assert!(findings[2].message.starts_with("history link "));

        input.base_dir = None;
        assert!(check(&input).is_empty(), "standard input has no folder");
    }

    #[test]
    fn a_page_in_a_subfolder_resolves_images_from_its_own_folder() {
        let dir = tempfile::tempdir().unwrap();
        let pages = dir.path().join("rules/md");
        std::fs::create_dir_all(&pages).unwrap();
        std::fs::create_dir(dir.path().join("images")).unwrap();
        std::fs::write(dir.path().join("images/319.png"), b"png").unwrap();
        let text = "![here](../../images/319.png) ![gone](../../images/320.png) ![not here](images/319.png)";
        let source = format!("## 319/0\n\n{text}");
        let file = File::new(Format::MdRule, "", vec![(Rule::new(319, text), &source)]);
        let mut input = file.input();
        input.base_dir = Some(&pages);
        let findings = check(&input);
        assert_eq!(codes(&findings), ["N801", "N801"]);
        assert_eq!(file.at(&findings[0].span), "../../images/320.png");
        assert_eq!(file.at(&findings[1].span), "images/319.png");
        let shown = dir.path().join("images/320.png").display().to_string();
        assert_eq!(findings[0].label, Some(format!("no file {shown}")));
    }
}
