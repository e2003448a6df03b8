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
