//! The published set of one ruleset: every form rendered in memory
//! ([`published_files`], [`rule_pages`]), then compared with an output
//! folder ([`Plan`]): which files a write would create or change, and which
//! per-rule pages are stale. `nomic build` and `nomic apply --commit` share
//! it; the plan writes through [`crate::output::write_batch_within`] only when the
//! command says so.

use super::onto::{inferred_style, onto, Existing, Witness};
use super::{Pins, RenderError, Renderer, Style};
use crate::model::{Format, Rule, Ruleset};
use crate::output::{existing_within, write_batch_within, WriteError, WriteOutcome};
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::{fs, io};

/// One file of the published set, its path relative to the output folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedFile {
    /// Where the file goes, relative to the output folder.
    pub path: PathBuf,
    /// What it holds.
    pub contents: String,
}

/// A file copied into the published set as it is (an image a rule
/// shows), its path relative to the output folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asset {
    /// Where the file goes, relative to the output folder.
    pub path: PathBuf,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The image files the rules of `ruleset` show by a safe relative path
/// (`images/319.png`: no `..`, no URL, no absolute path), sorted: what a
/// published set copies from the source's folder.
#[must_use]
pub fn image_paths(ruleset: &Ruleset) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = ruleset
        .rules
        .iter()
        .flat_map(|rule| super::relink::image_paths(&rule.text))
        .map(PathBuf::from)
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

/// One form of the published set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// `rules-l.md`.
    MdLong,
    /// `rules-l.txt`.
    TxtLong,
    /// `rules-s.md`.
    MdShort,
    /// `rules-s.txt`.
    TxtShort,
    /// `rules/md/NNN.md`, one page per rule.
    MdPages,
    /// `rules/txt/NNN.txt`, one page per rule.
    TxtPages,
    /// The website in `site/` (written by [`crate::site`]).
    Site,
}

impl Form {
    /// Every form, in the order they are written.
    pub const ALL: [Form; 7] = [
        Form::MdLong,
        Form::TxtLong,
        Form::MdShort,
        Form::TxtShort,
        Form::MdPages,
        Form::TxtPages,
        Form::Site,
    ];

    /// The form's file or folder, relative to the output folder.
    #[must_use]
    pub fn path(self) -> &'static str {
        match self {
            Form::MdLong => "rules-l.md",
            Form::TxtLong => "rules-l.txt",
            Form::MdShort => "rules-s.md",
            Form::TxtShort => "rules-s.txt",
            Form::MdPages => "rules/md",
            Form::TxtPages => "rules/txt",
            Form::Site => "site",
        }
    }

    /// The format its files are written in (none for the website).
    #[must_use]
    pub fn format(self) -> Option<Format> {
        Some(match self {
            Form::MdLong => Format::MdLong,
            Form::TxtLong => Format::TxtLong,
            Form::MdShort => Format::MdShort,
            Form::TxtShort => Format::TxtShort,
            Form::MdPages => Format::MdRule,
            Form::TxtPages => Format::TxtRule,
            Form::Site => return None,
        })
    }

    /// The forms `dir` already holds; all of them for a folder that holds
    /// none (a fresh folder gets the whole set).
    #[must_use]
    pub fn in_folder(dir: &Path) -> Vec<Form> {
        let held: Vec<Form> = Form::ALL
            .into_iter()
            .filter(|form| fs::symlink_metadata(dir.join(form.path())).is_ok())
            .collect();
        if held.is_empty() {
            Form::ALL.to_vec()
        } else {
            held
        }
    }
}

impl std::str::FromStr for Form {
    type Err = String;

    fn from_str(name: &str) -> Result<Form, String> {
        Form::ALL
            .into_iter()
            .find(|form| form.to_string() == name)
            .ok_or_else(|| {
                let names: Vec<String> = Form::ALL.iter().map(Form::to_string).collect();
                format!(
                    "`{name}` is not a form; expected one of {}",
                    names.join(", ")
                )
            })
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Form::Site => "site",
            form => form.format().map_or("site", Format::name),
        })
    }
}

/// A published set rendered onto its folder: the files, and for each one
/// the rules whose bytes were carried over from the file the folder holds
/// (what they say is the folder's, so the meaning check passes them by).
#[derive(Debug, Default)]
pub struct Published {
    /// The files, the whole forms first, then the pages.
    pub files: Vec<PublishedFile>,
    /// The numbers of the rules each file carries over, by its path.
    pub carried: HashMap<PathBuf, HashSet<u32>>,
    /// The style each file writes anew in, by its path (the canonical one
    /// for a file not listed).
    pub styles: HashMap<PathBuf, Style>,
}

/// Renders every published file of `ruleset` into a fresh folder:
/// `rules-l.md`, `rules-l.txt`, `rules-s.md`, `rules-s.txt`, then the
/// [`rule_pages`]. Nothing is written; a template error fails the whole set.
pub fn published_files(
    ruleset: &Ruleset,
    renderer: &Renderer,
) -> Result<Vec<PublishedFile>, RenderError> {
    Ok(publish_onto(
        ruleset,
        renderer,
        &Form::ALL,
        &Existing::default(),
        &Pins::default(),
    )?
    .files)
}

/// Renders the `forms` of `ruleset` (the website aside) onto what its
/// folder already publishes ([`Existing`]): each file the folder holds keeps
/// its header, footer and the bytes of every rule untouched in what its
/// form carries, and the rest is written in the style the file shows
/// ([`super::style`]; its sibling pages for a page), with what `pins`
/// pins in its place. A file the folder lacks is written in the canonical
/// style, pins aside; the source's own form (a ruleset read with its
/// layout) in the style its file shows. Nothing is written.
///
/// # Errors
/// A template's failure, for the first file in order that meets one.
pub fn publish_onto(
    ruleset: &Ruleset,
    renderer: &Renderer,
    forms: &[Form],
    existing: &Existing,
    pins: &Pins,
) -> Result<Published, RenderError> {
    let witness = Witness::new(ruleset, existing);
    let whole: Vec<Form> = forms
        .iter()
        .copied()
        .filter(|form| !matches!(form, Form::MdPages | Form::TxtPages | Form::Site))
        .collect();
    let (whole, pages) = rayon::join(
        || {
            whole
                .par_iter()
                .map(|&form| {
                    let path = PathBuf::from(form.path());
                    let format = form.format().expect("a whole form has a format");
                    let (contents, carried, style) = match existing.whole.get(&path) {
                        Some(copy) => {
                            let (onto, carried) = onto(ruleset, copy, format, &witness);
                            let style = inferred_style(renderer, &onto, &carried, format);
                            let style = pins.apply(form, style);
                            (
                                renderer.render_styled(&onto, format, style)?,
                                carried,
                                style,
                            )
                        }
                        None => {
                            let style = pins.apply(form, renderer.own_style(ruleset, format));
                            let contents = renderer.render_styled(ruleset, format, style)?;
                            (contents, HashSet::new(), style)
                        }
                    };
                    Ok((PublishedFile { path, contents }, carried, style))
                })
                .collect::<Vec<Result<_, RenderError>>>()
        },
        || pages_onto(ruleset, renderer, forms, existing, &witness, pins),
    );
    // The first failure in the order a serial render meets them.
    let mut published = Published::default();
    for file in whole {
        let (file, carried, style) = file?;
        published.carried.insert(file.path.clone(), carried);
        published.styles.insert(file.path.clone(), style);
        published.files.push(file);
    }
    let pages = pages?;
    published.files.extend(pages.files);
    published.carried.extend(pages.carried);
    published.styles.extend(pages.styles);
    Ok(published)
}

/// Renders `rules/md/NNN.md` and `rules/txt/NNN.txt` for each rule of a
/// fresh folder. A number used twice (a defect `check` reports) gets one
/// page: the rule that comes last in the ruleset.
pub fn rule_pages(
    ruleset: &Ruleset,
    renderer: &Renderer,
) -> Result<Vec<PublishedFile>, RenderError> {
    let existing = Existing::default();
    let witness = Witness::new(ruleset, &existing);
    Ok(pages_onto(
        ruleset,
        renderer,
        &Form::ALL,
        &existing,
        &witness,
        &Pins::default(),
    )?
    .files)
}

/// The pages of the page `forms`, each page the folder holds kept whole
/// while its rule is untouched in what the page carries, the others
/// written in the style of the untouched ones (with `pins` in its place).
fn pages_onto(
    ruleset: &Ruleset,
    renderer: &Renderer,
    forms: &[Form],
    existing: &Existing,
    witness: &Witness,
    pins: &Pins,
) -> Result<Published, RenderError> {
    let mut files: Vec<PublishedFile> = Vec::with_capacity(2 * ruleset.rules.len());
    let mut carried = HashMap::new();
    let mut styles = HashMap::new();
    for form in [Form::MdPages, Form::TxtPages] {
        if !forms.contains(&form) {
            continue;
        }
        let format = form.format().expect("pages have a format");
        let extension = if format == Format::MdRule {
            "md"
        } else {
            "txt"
        };
        let path_of =
            |rule: &Rule| Path::new(form.path()).join(format!("{}.{extension}", page_stem(rule)));
        let pages: Vec<(PathBuf, Cow<'_, Rule>)> = ruleset
            .rules
            .iter()
            .map(|rule| (path_of(rule), page_rule(rule)))
            .collect();
        let kept: Vec<Option<&String>> = pages
            .par_iter()
            .map(|(path, page)| match existing.pages.get(path) {
                Some((text, copy)) if witness.untouched(page, copy, format) => Some(text),
                _ => None,
            })
            .collect();
        let mut sample: Vec<(&Rule, &str)> = pages
            .iter()
            .zip(&kept)
            .filter_map(|((_, page), text)| Some((page.as_ref(), text.as_deref()?.as_str())))
            .collect();
        sample.sort_by_key(|(rule, _)| std::cmp::Reverse(rule.number));
        let style = super::style::infer(format, &sample, |rule, style| {
            renderer.render_rule_styled(rule, format, style).ok()
        });
        let style = pins.apply(form, style);
        let rendered = pages
            .par_iter()
            .zip(&kept)
            .map(|((path, page), kept)| match kept {
                Some(text) => Ok((
                    PublishedFile {
                        path: path.clone(),
                        contents: (*text).clone(),
                    },
                    true,
                )),
                None => Ok((
                    PublishedFile {
                        contents: renderer.render_rule_styled(page, format, style)?,
                        path: path.clone(),
                    },
                    false,
                )),
            })
            .collect::<Vec<Result<_, RenderError>>>()
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        let mut page_of = HashMap::new();
        for (rule, (file, kept)) in ruleset.rules.iter().zip(rendered) {
            let numbers: HashSet<u32> = if kept {
                HashSet::from([rule.number])
            } else {
                HashSet::new()
            };
            carried.insert(file.path.clone(), numbers);
            styles.insert(file.path.clone(), style);
            match page_of.get(&rule.number) {
                Some(&index) => files[index] = file,
                None => {
                    page_of.insert(rule.number, files.len());
                    files.push(file);
                }
            }
        }
    }
    Ok(Published {
        files,
        carried,
        styles,
    })
}

/// How a per-rule page is one folder further down than its name says:
/// `rules/md/NNN.md` is two folders below the published set.
const PAGE_UP: &str = "../../";

/// The rule as its page in `rules/md/` or `rules/txt/` holds it: relative
/// image paths (`images/319.png`) start from the page's folder
/// (`../../images/319.png`); URLs and absolute paths stay. The rule itself
/// when nothing moves.
#[must_use]
pub fn page_rule(rule: &Rule) -> Cow<'_, Rule> {
    match super::relink::relative_images(&rule.text, PAGE_UP) {
        Cow::Borrowed(_) => Cow::Borrowed(rule),
        Cow::Owned(text) => Cow::Owned(Rule {
            text,
            ..rule.clone()
        }),
    }
}

/// Reading, writing or removing a file of the published set failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PublishError {
    /// An existing file could not be compared, or the path is not one the
    /// set may be written to (a link inside the folder, a path leaving it).
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: WriteError,
    },
    /// A stale page could not be removed.
    #[error("cannot remove {}: {source}", path.display())]
    Remove {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// A published set compared with an output folder: what writing it would
/// do. Build it with [`Plan::compare`], then [`Plan::execute`] it (or only
/// report it, as `nomic build --check` does).
#[derive(Debug, Clone)]
pub struct Plan {
    /// The output folder.
    pub dir: PathBuf,
    /// Every file of the set, with what writing it would do.
    pub writes: Vec<(PublishedFile, WriteOutcome)>,
    /// The files copied into the set (images), with what writing them
    /// would do.
    pub copies: Vec<(Asset, WriteOutcome)>,
    /// Per-rule pages in the folder that the set no longer has (repealed or
    /// renumbered rules), relative to `dir`. Other files are left alone.
    pub removals: Vec<PathBuf>,
}

impl Plan {
    /// Compares `files` with what `dir` holds now. Reads, writes nothing.
    pub fn compare(dir: PathBuf, files: Vec<PublishedFile>) -> Result<Plan, PublishError> {
        let mut writes = Vec::with_capacity(files.len());
        for file in files {
            // Never reads through a link: the set stays inside `dir`.
            let outcome =
                existing_within(&dir, &file.path, file.contents.as_bytes()).map_err(|source| {
                    PublishError::Write {
                        path: dir.join(&file.path),
                        source,
                    }
                })?;
            writes.push((file, outcome));
        }
        let removals = stale_rule_pages(&dir, writes.iter().map(|(file, _)| file.path.as_path()));
        Ok(Plan {
            dir,
            writes,
            copies: Vec::new(),
            removals,
        })
    }

    /// The plan with `assets` copied too, each compared with what `dir`
    /// holds at its path. Reads, writes nothing.
    pub fn with_assets(mut self, assets: Vec<Asset>) -> Result<Plan, PublishError> {
        for asset in assets {
            let outcome =
                existing_within(&self.dir, &asset.path, &asset.bytes).map_err(|source| {
                    PublishError::Write {
                        path: self.dir.join(&asset.path),
                        source,
                    }
                })?;
            self.copies.push((asset, outcome));
        }
        Ok(self)
    }

    /// Every path the plan writes or copies, with what doing so would do.
    fn outcomes(&self) -> impl Iterator<Item = (&Path, WriteOutcome)> {
        let files = self.writes.iter().map(|(f, o)| (f.path.as_path(), *o));
        files.chain(self.copies.iter().map(|(a, o)| (a.path.as_path(), *o)))
    }

    /// The files that writing would leave with `outcome`, relative to `dir`.
    pub(crate) fn with_outcome(&self, outcome: WriteOutcome) -> impl Iterator<Item = &Path> {
        self.outcomes()
            .filter(move |(_, o)| *o == outcome)
            .map(|(path, _)| path)
    }

    /// Whether the folder already holds exactly the set.
    pub fn is_current(&self) -> bool {
        self.removals.is_empty()
            && self
                .outcomes()
                .all(|(_, outcome)| outcome == WriteOutcome::Unchanged)
    }

    /// Every path the plan covers (written, unchanged or removed), joined to
    /// `dir`: what a commit of the published set names.
    pub fn paths(&self) -> Vec<PathBuf> {
        self.outcomes()
            .map(|(path, _)| path)
            .chain(self.removals.iter().map(PathBuf::as_path))
            .map(|path| self.dir.join(path))
            .collect()
    }

    /// Writes the created and changed files atomically, never outside `dir`
    /// (a link inside it is replaced, not followed), and removes the stale
    /// pages. A file already up to date is not touched.
    pub fn execute(&self) -> Result<(), PublishError> {
        self.execute_with(|| {})
    }

    /// How many files [`Plan::execute`] writes or removes.
    pub fn pending(&self) -> usize {
        self.outcomes()
            .filter(|(_, outcome)| *outcome != WriteOutcome::Unchanged)
            .count()
            + self.removals.len()
    }

    /// [`Plan::execute`], calling `done` after each file staged or removed
    /// ([`Plan::pending`] calls in all), for a progress display.
    pub fn execute_with(&self, mut done: impl FnMut()) -> Result<(), PublishError> {
        // One durable sync for the whole set, not one per file.
        let files = self
            .writes
            .iter()
            .map(|(file, o)| (file.path.as_path(), file.contents.as_bytes(), *o));
        let copies = self
            .copies
            .iter()
            .map(|(asset, o)| (asset.path.as_path(), asset.bytes.as_slice(), *o));
        let changed = files
            .chain(copies)
            .filter(|(_, _, outcome)| *outcome != WriteOutcome::Unchanged)
            .map(|(path, bytes, _)| (path, bytes))
            .inspect(|_| done());
        if let Err(err) = write_batch_within(&self.dir, changed) {
            return Err(PublishError::Write {
                path: err.path,
                source: err.source,
            });
        }
        for relative in &self.removals {
            let path = self.dir.join(relative);
            if let Err(source) = fs::remove_file(&path) {
                return Err(PublishError::Remove { path, source });
            }
            done();
        }
        Ok(())
    }
}

/// Per-rule pages in `dir` (`rules/md/NNN.md`, `rules/txt/NNN.txt`) that
/// are not among `wanted` (paths relative to `dir`), sorted: the pages of
/// repealed or renumbered rules. Other files in those folders are not pages.
pub fn stale_rule_pages<'a>(
    dir: &Path,
    wanted: impl IntoIterator<Item = &'a Path>,
) -> Vec<PathBuf> {
    // Hashed, not ordered: an ordered set of paths compares them part by
    // part, and every page of the folder is looked up.
    let wanted: HashSet<&Path> = wanted.into_iter().collect();
    let mut removals = Vec::new();
    for (folder, extension) in [("rules/md", "md"), ("rules/txt", "txt")] {
        // A folder the set does not write to is not pruned.
        if !wanted.iter().any(|path| path.starts_with(folder)) {
            continue;
        }
        // A folder that is a link is never listed (the write refuses it).
        let folder_path = dir.join(folder);
        if !fs::symlink_metadata(&folder_path).is_ok_and(|meta| meta.is_dir()) {
            continue;
        }
        let Ok(entries) = fs::read_dir(&folder_path) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let relative = Path::new(folder).join(&name);
            if is_rule_page(&name, extension) && !wanted.contains(relative.as_path()) {
                removals.push(relative);
            }
        }
    }
    removals.sort();
    removals
}

/// `203.md`, `206.html`: the pages nomic writes; other files in those
/// folders are left alone.
pub(super) fn is_rule_page(name: &str, extension: &str) -> bool {
    name.strip_suffix(extension)
        .and_then(|stem| stem.strip_suffix('.'))
        .is_some_and(|stem| !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_digit()))
}

/// Where a rule's Markdown page stands in a published set:
/// `rules/md/NNN.md`.
#[must_use]
pub fn md_page_path(rule: &Rule) -> PathBuf {
    Path::new(Form::MdPages.path()).join(format!("{}.md", page_stem(rule)))
}

/// A per-rule page's file name: `NNN`, or the identifier as written for
/// rules whose identifier is not a number (`UC1`, `-216`).
pub(super) fn page_stem(rule: &Rule) -> String {
    match &rule.id {
        Some(id) if rule.number >= Rule::FIRST_KEY => id.clone(),
        _ => format!("{:03}", rule.number),
    }
}

/// Agora's published set: `flr.txt`, `slr.txt`, then `full_rules/RNNN.txt`
/// and `short_rules/RNNN.txt` for each rule the index files.
pub fn agora_published_files(
    ruleset: &Ruleset,
    renderer: &Renderer,
) -> Result<Vec<PublishedFile>, RenderError> {
    let mut files = vec![
        PublishedFile {
            path: PathBuf::from("flr.txt"),
            contents: renderer.render(ruleset, Format::AgoraFlr)?,
        },
        PublishedFile {
            path: PathBuf::from("slr.txt"),
            contents: renderer.render(ruleset, Format::AgoraSlr)?,
        },
    ];
    for (folder, format) in [
        ("full_rules", Format::AgoraRule),
        ("short_rules", Format::AgoraShortRule),
    ] {
        for rule in &ruleset.rules {
            files.push(PublishedFile {
                path: PathBuf::from(folder).join(format!("R{}.txt", rule.number)),
                contents: renderer.render_rule(rule, format)?,
            });
        }
    }
    Ok(files)
}
