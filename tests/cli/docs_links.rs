//! Messages and docs point at things that exist: every relative link of
//! README.md and docs/*.md resolves (its `#anchor` to a heading), no text
//! names files that are not in the repository, and every repository path
//! named in the binary's help or in `src/` exists.

use crate::Test;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every page of docs/.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    pages.extend(files_under(&root().join("docs"), "md", false));
    pages
}

/// Files under `dir` whose name ends in `.extension`, in every sub-folder
/// when `deep`.
fn files_under(dir: &Path, extension: &str, deep: bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if deep {
                    folders.push(path);
                }
            } else if path.extension().is_some_and(|e| e == extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    assert!(
        !found.is_empty(),
        "no .{extension} files in {}",
        dir.display()
    );
    found
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Link and image destinations of a Markdown page, in order.
fn destinations(markdown: &str) -> Vec<String> {
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.to_string())
            }
            _ => None,
        })
        .collect()
}

/// The anchors GitHub gives a page's headings: lower case, punctuation
/// dropped, spaces as `-`, a repeated heading numbered `-1`, `-2`, ….
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(text) | Event::Code(text) => {
                if let Some(heading) = &mut heading {
                    heading.push_str(&text);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let text = heading.take().unwrap_or_default();
                let slug: String = text
                    .trim()
                    .to_lowercase()
                    .chars()
                    .filter_map(|c| match c {
                        ' ' => Some('-'),
                        c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                        _ => None,
                    })
                    .collect();
                let mut unique = slug.clone();
                let mut n = 0;
                while anchors.contains(&unique) {
                    n += 1;
                    unique = format!("{slug}-{n}");
                }
                anchors.insert(unique);
            }
            _ => {}
        }
    }
    anchors
}

/// Whether a destination leaves the repository (`https:`, `mailto:`) or
/// is a path from a web server's root.
fn is_external(destination: &str) -> bool {
    let scheme = destination.split_once(':').is_some_and(|(scheme, _)| {
        scheme.len() > 1
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    scheme || destination.starts_with('/')
}

#[test]
fn every_relative_link_of_the_docs_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let markdown = fs::read_to_string(&page).unwrap();
        for destination in destinations(&markdown) {
            if is_external(&destination) {
                continue;
            }
            checked += 1;
            let (path, anchor) = match destination.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (destination.as_str(), None),
            };
            let target = if path.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(path)
            };
            if !target.exists() {
                broken.push(format!(
                    "{}: `{destination}`: no such file",
                    relative(&page)
                ));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            if target.extension().is_some_and(|e| e == "md") {
                let headings = anchors(&fs::read_to_string(&target).unwrap());
                if !headings.contains(anchor) {
                    broken.push(format!(
                        "{}: `{destination}`: {} has no heading #{anchor}",
                        relative(&page),
                        relative(&target)
                    ));
                }
            }
        }
    }
    assert!(checked > 30, "only {checked} relative links found");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_anchor_rules_are_githubs() {
    let headings = anchors("# The meaning check\n\n## `nomic build`\n\n## In CI\n\n## In CI\n\n## Parameters (and defaults)\n");
    let expected = [
        "in-ci",
        "in-ci-1",
        "nomic-build",
        "parameters-and-defaults",
        "the-meaning-check",
    ];
    assert_eq!(
        headings.iter().map(String::as_str).collect::<Vec<_>>(),
        expected
    );
}

/// Names of files that are not in this repository (the design notes it was
/// written from), and a command that does not exist.
const NOT_HERE: [&str; 4] = ["FORMATS.md", "ENGINE.md", "seeds/", "nomic publish"];

#[test]
fn no_text_names_files_that_are_not_here() {
    let mut files = pages();
    // docs/*.md are in `pages()`; the folders below them hold examples.
    files.retain(|page| page.parent() == Some(root()));
    files.extend(files_under(&root().join("docs"), "md", true));
    for (folder, extension) in [("src", "rs"), ("templates", "j2"), ("docs", "yml")] {
        files.extend(files_under(&root().join(folder), extension, true));
    }
    let mut found = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for (number, line) in text.lines().enumerate() {
            for name in NOT_HERE {
                if line.contains(name) {
                    found.push(format!("{}:{}: {name}", relative(file), number + 1));
                }
            }
        }
    }
    assert!(files.len() > 100, "only {} files read", files.len());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Repository paths (`docs/render.md`, `rulesets/nomic-3.md`) a text
/// names, with a trailing `#anchor` or sentence punctuation dropped.
fn repository_paths(text: &str, prefixes: &[&str]) -> Vec<String> {
    let is_path_char = |c: char| c.is_ascii_alphanumeric() || "_-./".contains(c);
    let mut paths = Vec::new();
    for prefix in prefixes {
        for (at, _) in text.match_indices(prefix) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(is_path_char) {
                continue;
            }
            let rest = &text[at..];
            let end = rest.find(|c: char| !is_path_char(c)).unwrap_or(rest.len());
            let path = rest[..end].trim_end_matches(['.', ',', ':']);
            paths.push(path.to_string());
        }
    }
    paths
}

/// Every subcommand, nested ones included (`dialect infer`).
fn subcommands(prefix: &[String]) -> Vec<Vec<String>> {
    let mut args = prefix.to_vec();
    args.push("--help".to_string());
    let help = Test::new().args(&args).run().status(0).stdout;
    let Some(listing) = help.split_once("Commands:\n").map(|(_, rest)| rest) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for line in listing.lines().take_while(|line| !line.trim().is_empty()) {
        let Some(name) = line
            .strip_prefix("  ")
            .and_then(|l| l.split_whitespace().next())
        else {
            continue;
        };
        if line.starts_with("   ") || name == "help" {
            continue;
        }
        let mut command = prefix.to_vec();
        command.push(name.to_string());
        found.extend(subcommands(&command));
        found.push(command);
    }
    found
}

#[test]
fn paths_named_in_help_and_in_the_source_exist() {
    let commands = subcommands(&[]);
    assert!(commands.len() >= 15, "{commands:?}");
    assert!(commands.contains(&vec!["dialect".to_string(), "infer".to_string()]));
    let mut missing = Vec::new();
    let mut checked = 0;
    for command in std::iter::once(Vec::new()).chain(commands) {
        let mut args = command.clone();
        args.push("--help".to_string());
        let help = Test::new().args(&args).run().status(0).stdout;
        for path in repository_paths(&help, &["docs/", "rulesets/", "templates/"]) {
            checked += 1;
            if !root().join(&path).exists() {
                missing.push(format!("nomic {} --help: {path}", command.join(" ")));
            }
        }
    }
    assert!(checked > 5, "only {checked} paths in the help");
    let mut in_source = 0;
    for file in files_under(&root().join("src"), "rs", true) {
        let text = fs::read_to_string(&file).unwrap();
        for path in repository_paths(&text, &["docs/"]) {
            in_source += 1;
            if !root().join(&path).exists() {
                missing.push(format!("{}: {path}", relative(&file)));
            }
        }
    }
    assert!(in_source > 5, "only {in_source} docs/ paths in src/");
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn repository_paths_are_found_whole() {
    let text =
        "see docs/render.md#the-meaning-check, rulesets/nomic-3.md. and out/docs/x.md or ./docs/y";
    assert_eq!(
        repository_paths(text, &["docs/", "rulesets/"]),
        ["docs/render.md", "rulesets/nomic-3.md"]
    );
}
