//! A folder of rule files (one rule per file) checked as one ruleset.
//!
//! The files are laid end to end into one text (a line break after each),
//! each rule's layout offset moved to where its
//! file starts, and the ordinary checks run once on that text, so the checks
//! of a whole ruleset apply: numbers used twice, dangling references, rule
//! 101's Initial Set. The findings are then split by the file that holds
//! each one's span, their spans made relative to that file. A message that
//! cites another place names its file and line (`rules/rule101.md:7`,
//! [`super::Input::place`]); the layout is compared, file by file, with what
//! `nomic fmt` writes into the folder (`dialect::write_folder`).

use super::{check, Input};
use crate::diagnostic::{Diagnostic, Source};
use crate::model::Ruleset;
use crate::parse::dialect::{write_folder, FolderRule};
use crate::parse::FolderRead;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Where each rule file of a folder is in the text the files make laid end
/// to end, and its canonical form: what [`Input::folder`] tells the checks.
#[derive(Debug, Clone, Default)]
pub struct RuleFiles {
    files: Vec<RuleFile>,
}

#[derive(Debug, Clone)]
struct RuleFile {
    /// The file's name as reported (the folder's path joined with the
    /// file's path in it).
    name: String,
    /// The file's bytes in the joined text.
    span: Range<usize>,
    /// The folder the file is in, that its relative links start from.
    dir: PathBuf,
    /// The file as `nomic fmt` writes it.
    canonical: String,
}

impl RuleFiles {
    /// The file whose bytes hold `offset` (or end at it).
    fn index_of(&self, offset: usize) -> usize {
        self.files
            .partition_point(|file| file.span.end < offset)
            .min(self.files.len().saturating_sub(1))
    }

    /// `name:line` of a byte offset of the joined `text`.
    pub(crate) fn place(&self, text: &str, offset: usize) -> String {
        let Some(file) = self.files.get(self.index_of(offset)) else {
            return format!("line {}", Source::new("", text).location(offset).line);
        };
        let own = &text[file.span.clone()];
        let line = Source::new("", own)
            .location(offset.saturating_sub(file.span.start))
            .line;
        format!("{}:{line}", file.name)
    }

    /// The folder that the relative links of the file holding `offset`
    /// start from.
    pub(crate) fn dir_at(&self, offset: usize) -> Option<&Path> {
        self.files
            .get(self.index_of(offset))
            .map(|file| file.dir.as_path())
    }

    /// Each file's bytes in the joined text, with its canonical form.
    pub(crate) fn canonical(&self) -> impl Iterator<Item = (Range<usize>, &str)> {
        self.files
            .iter()
            .map(|file| (file.span.clone(), file.canonical.as_str()))
    }
}

/// One rule file's findings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileFindings {
    /// The file: the folder's path joined with the file's path in it.
    pub name: String,
    /// The file's text, that the spans point into.
    pub text: String,
    /// The findings, in file order.
    pub findings: Vec<Diagnostic>,
}

/// Checks the folder `dir` of rule files, read as `read` (a rule folder's
/// read, [`crate::parse::read_folder_source`]), as one ruleset: the
/// findings of every file, each file in the order read, without the ones
/// its own suppression comments allow.
pub fn check_folder(read: &FolderRead, dir: &Path) -> Vec<FileFindings> {
    let mut text = String::new();
    let mut files = Vec::new();
    let mut ruleset = read.parsed.ruleset.clone();
    for (file, rule) in read.files.iter().zip(&mut ruleset.rules) {
        // The folder's reader keeps each file's whole text, exactly as read,
        // as its rule's source.
        let source = file.rule.layout.as_ref().map_or("", |l| l.source.as_str());
        let start = text.len();
        text.push_str(source);
        // A line break after every file: an offset at a file's end is
        // that file's, never the next one's start.
        text.push('\n');
        if let Some(layout) = rule.layout.as_mut() {
            layout.offset = start;
        }
        let path = dir.join(&file.path);
        // `.` names its files as a person would: `rule101.md`.
        let path = path
            .strip_prefix(".")
            .map_or(path.clone(), Path::to_path_buf);
        files.push(RuleFile {
            name: path.display().to_string(),
            span: start..start + source.len(),
            dir: match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
                _ => PathBuf::from("."),
            },
            canonical: canonical(file),
        });
    }
    let files = RuleFiles { files };
    let encoding = crate::parse::find_mojibake(&text);
    let input = Input {
        ruleset: &ruleset,
        text: &text,
        format: read.parsed.format,
        encoding: &encoding,
        base_dir: Some(dir),
        folder: Some(&files),
    };
    let mut by_file: Vec<Vec<Diagnostic>> = vec![Vec::new(); files.files.len()];
    for mut finding in check(&input) {
        let index = files.index_of(finding.span.start);
        let Some(file) = files.files.get(index) else {
            continue;
        };
        let within = |offset: usize| offset.clamp(file.span.start, file.span.end) - file.span.start;
        finding.span = within(finding.span.start)..within(finding.span.end);
        by_file[index].push(finding);
    }
    files
        .files
        .iter()
        .zip(by_file)
        .map(|(file, findings)| FileFindings {
            name: file.name.clone(),
            text: text[file.span.clone()].to_string(),
            findings,
        })
        .collect()
}

/// The file as `nomic fmt` writes it: its front matter, the rule's text
/// and its end matter, by the folder writer.
fn canonical(file: &FolderRule) -> String {
    let rule = file.rule.clone().into_without_layout();
    let ruleset = Ruleset::new("", vec![rule]);
    let written = write_folder(std::slice::from_ref(file), &ruleset, &BTreeMap::new());
    written
        .files
        .into_iter()
        .next()
        .map(|(_, text)| text)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
