//! Reading what an output folder already publishes, so that `build` (and
//! `apply --commit`) writes onto it ([`nomic::render::Existing`]).

use super::super::io::read_input;
use nomic::model::Format;
use nomic::parse::{read_owned, ReadDepth, ReadOptions};
use nomic::render::{Existing, Form};
use std::fs;
use std::path::{Path, PathBuf};

/// The files of `forms` that `dir` holds, each read in its form with its
/// layout; `source` (the file being published, when it is in the folder)
/// is not a copy. A file that does not read in its form is named in
/// `unread` and written anew.
pub(in crate::cmd) fn read(dir: &Path, forms: &[Form], source: &Path) -> (Existing, Vec<String>) {
    let mut existing = Existing::default();
    let mut unread = Vec::new();
    let source = fs::canonicalize(source).ok();
    for &form in forms {
        let Some(format) = form.format() else {
            continue;
        };
        let path = dir.join(form.path());
        if matches!(format, Format::MdRule | Format::TxtRule) {
            for page in pages(
                &path,
                if format == Format::MdRule {
                    "md"
                } else {
                    "txt"
                },
            ) {
                let relative = Path::new(form.path()).join(page.file_name().unwrap_or_default());
                match read_file(&page, format) {
                    Some((text, mut ruleset)) if ruleset.rules.len() == 1 => {
                        let rule = ruleset.rules.remove(0);
                        existing.pages.insert(relative, (text, rule));
                    }
                    _ => unread.push(page.display().to_string()),
                }
            }
        } else if path.is_file() && fs::canonicalize(&path).ok() != source {
            match read_file(&path, format) {
                Some((_, ruleset)) => {
                    existing.whole.insert(PathBuf::from(form.path()), ruleset);
                }
                None => unread.push(path.display().to_string()),
            }
        }
    }
    (existing, unread)
}

/// The numbered pages (`203.md`) of a page folder.
fn pages(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut pages: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|ext| ext == extension)
                && path
                    .file_stem()
                    .and_then(|stem| stem.to_str())
                    .is_some_and(|stem| {
                        !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_digit())
                    })
        })
        .collect();
    pages.sort();
    pages
}

/// A file's text and its ruleset read in `format` with its layout.
fn read_file(path: &Path, format: Format) -> Option<(String, nomic::model::Ruleset)> {
    let (_, bytes) = read_input(path).ok()?;
    let options = ReadOptions {
        from: Some(format),
        repair_encoding: false,
    };
    let parsed = read_owned(bytes, &options, None, ReadDepth::Full).ok()?;
    Some((parsed.text, parsed.ruleset))
}

/// A rule whose copy in a file of the folder, carried over, does not say
/// what the source says.
pub(super) struct Disagreement {
    /// The file, relative to the folder.
    pub path: PathBuf,
    /// The line of the file where the rule's copy starts.
    pub line: usize,
    pub rule: u32,
    /// What differs, in words.
    pub what: String,
}

/// The rules `published` carries over whose copy disagrees with `ruleset`
/// (a hand slip in the copy, or what only that form carries, such as a
/// table drawn where the source has an image).
pub(super) fn disagreements(
    ruleset: &nomic::model::Ruleset,
    existing: &Existing,
    published: &nomic::render::Published,
) -> Vec<Disagreement> {
    let mut found = Vec::new();
    let mut paths: Vec<&PathBuf> = published.carried.keys().collect();
    paths.sort();
    for path in paths {
        let carried = &published.carried[path];
        let Some(format) = format_of(path) else {
            continue;
        };
        for rule in &ruleset.rules {
            if !carried.contains(&rule.number) {
                continue;
            }
            let (copy, line) = match existing.pages.get(path) {
                Some((_, copy)) => (copy, 1),
                None => {
                    let Some(copy) = existing.whole.get(path) else {
                        continue;
                    };
                    let Some(rule_copy) = copy.rule(rule.number) else {
                        continue;
                    };
                    (rule_copy, line_of(copy, rule.number))
                }
            };
            let meant = if existing.pages.contains_key(path) {
                nomic::render::page_rule(rule).into_owned()
            } else {
                rule.clone()
            };
            if let Some(err) = nomic::meaning::copy_disagrees(&meant, copy, format) {
                let what = match err {
                    nomic::meaning::MeaningError::Changed {
                        aspect,
                        expected,
                        found,
                        ..
                    } => format!("its {aspect} reads \u{201c}{found}\u{201d} where the source has \u{201c}{expected}\u{201d}"),
                    other => other.to_string(),
                };
                found.push(Disagreement {
                    path: path.clone(),
                    line,
                    rule: rule.number,
                    what,
                });
            }
        }
    }
    found
}

/// Forgets the copies of the `disagreeing` rules, so that they are written
/// anew.
pub(super) fn forget(existing: &mut Existing, disagreeing: &[Disagreement]) {
    for found in disagreeing {
        if existing.pages.remove(&found.path).is_some() {
            continue;
        }
        if let Some(copy) = existing.whole.get_mut(&found.path) {
            if let Some(rule) = copy.rule_mut(found.rule) {
                rule.layout = None;
            }
        }
    }
}

/// The format of a file of the published set, by its path.
fn format_of(path: &Path) -> Option<Format> {
    nomic::render::Form::ALL.into_iter().find_map(|form| {
        let format = form.format()?;
        (path == Path::new(form.path()) || path.parent() == Some(Path::new(form.path())))
            .then_some(format)
    })
}

/// The line where rule `number`'s copy starts in the file `copy` was read
/// from: its header's lines and those of the rules before it, plus one.
fn line_of(copy: &nomic::model::Ruleset, number: u32) -> usize {
    let Some(layout) = &copy.layout else {
        return 1;
    };
    let mut rules: Vec<&nomic::model::Rule> = copy
        .rules
        .iter()
        .filter(|rule| rule.layout.is_some())
        .collect();
    rules.sort_by_key(|rule| rule.layout.as_ref().map(|kept| kept.offset));
    let mut line = 1 + layout.header.matches('\n').count();
    for rule in rules {
        if rule.number == number {
            return line;
        }
        line += rule
            .layout
            .as_ref()
            .map_or(0, |kept| kept.source.matches('\n').count());
    }
    line
}

/// The rules written anew over a copy that held what the source did not
/// (a drawing where the source has an image, a hand-set formula): their
/// copies, as the folder's Markdown copy of the rule's last version shows,
/// said more than the form writes, and that is not carried over.
pub(super) fn not_carried_over(
    ruleset: &nomic::model::Ruleset,
    existing: &Existing,
    published: &nomic::render::Published,
) -> Vec<Disagreement> {
    let mut lost = Vec::new();
    let mut paths: Vec<&PathBuf> = published.carried.keys().collect();
    paths.sort();
    for path in paths {
        let Some(format) = format_of(path) else {
            continue;
        };
        if !matches!(format, Format::TxtLong | Format::TxtShort | Format::TxtRule) {
            continue;
        }
        for rule in &ruleset.rules {
            if published.carried[path].contains(&rule.number) {
                continue;
            }
            let page = Path::new("rules/md").join(format!("{:03}.md", rule.number));
            let Some((_, old)) = existing.pages.get(&page) else {
                continue;
            };
            let (copy, line) = match existing.pages.get(path) {
                Some((_, copy)) if copy.number == rule.number => (copy, 1),
                Some(_) => continue,
                None => match existing.whole.get(path) {
                    Some(whole) => match whole.rule(rule.number) {
                        Some(copy) => (copy, line_of(whole, rule.number)),
                        None => continue,
                    },
                    None => continue,
                },
            };
            // Only the text is asked about: the copy with the old text.
            let with_text = nomic::model::Rule {
                text: old.text.clone(),
                layout: None,
                ..copy.clone()
            };
            let Some(nomic::meaning::MeaningError::Changed {
                aspect: "text",
                expected,
                found,
                ..
            }) = nomic::meaning::copy_disagrees(&with_text, copy, format)
            else {
                continue;
            };
            lost.push(Disagreement {
                path: path.clone(),
                line,
                rule: rule.number,
                what: format!(
                    "it read \u{201c}{found}\u{201d} where the rule's Markdown had \u{201c}{expected}\u{201d}"
                ),
            });
        }
    }
    lost
}
