//! `nomic check`: findings about a parsed ruleset, each located in the file.
//!
//! Every check reads the model (and, for layout and encoding, what the parser
//! recorded about the file) and returns [`Diagnostic`]s with a stable
//! [`Code`] and byte spans in the file's text. The checks never print; the
//! CLI renders what they return.

pub mod agora;

mod encoding;
mod files;
mod folder;
mod headings;
mod history;
mod initial_set;
mod layout;
mod levels;
mod locate;
mod numbers;
mod references;
mod suppress;
mod text;
mod walk;

pub use crate::diagnostic::Code;
pub use folder::{check_folder, FileFindings, RuleFiles};
pub use levels::{Level, LevelError, Levels};
pub(crate) use locate::Kept;
pub use walk::{folder, holds_a_found_ruleset, Folder};

use crate::diagnostic::{Diagnostic, DiagnosticCode, Severity, Source};
use crate::model::{Format, Rule, Ruleset};
use crate::parse::{EncodingIssue, Parsed};
use std::ops::Range;
use std::path::Path;

/// What the checks look at.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// The ruleset as read from `text`.
    pub ruleset: &'a Ruleset,
    /// The decoded file exactly: spans and layout offsets point into it.
    pub text: &'a str,
    /// The format the file was read as.
    pub format: Format,
    /// Damaged characters the decoder found (`parse::Parsed::encoding`).
    pub encoding: &'a [EncodingIssue],
    /// The folder that relative image and link paths start from; `None`
    /// (standard input) skips the file check.
    pub base_dir: Option<&'a Path>,
    /// For a folder of rule files laid end to end into `text`
    /// ([`check_folder`]): where each file is; `None` for one file.
    pub folder: Option<&'a RuleFiles>,
}

impl<'a> Input<'a> {
    /// The input of a parsed file; `base_dir` is the folder relative paths
    /// start from (`None` skips the linked-file check).
    pub fn from_parsed(parsed: &'a Parsed, base_dir: Option<&'a Path>) -> Input<'a> {
        Input {
            ruleset: &parsed.ruleset,
            text: &parsed.text,
            format: parsed.format,
            encoding: &parsed.encoding,
            base_dir,
            folder: None,
        }
    }

    /// The findings of `check` on every rule, each rule on any core, in
    /// rule order.
    pub(crate) fn each_rule(
        &self,
        check: impl Fn(&Rule) -> Vec<Diagnostic> + Sync + Send,
    ) -> Vec<Diagnostic> {
        use rayon::prelude::*;
        let per_rule: Vec<Vec<Diagnostic>> = self
            .ruleset
            .rules
            .par_iter()
            .with_min_len(64)
            .map(check)
            .collect();
        per_rule.into_iter().flatten().collect()
    }

    /// Where `rule` (one of [`Input::ruleset`]'s) is in the file: its kept
    /// source, or, for a Markdown rule that kept none, the text from its
    /// offset up to the next rule's offset (up to the end of the rules
    /// after the last).
    pub(crate) fn kept<'r>(&self, rule: &'r Rule) -> Option<Kept<'r>>
    where
        'a: 'r,
    {
        let layout = rule.layout.as_ref()?;
        let markdown = matches!(
            self.format,
            Format::MdLong | Format::MdShort | Format::MdRule
        );
        if !layout.source.is_empty() || !markdown {
            return Kept::of(rule);
        }
        // A Markdown read gives its rules in file order, so the next rule
        // is found by its offset.
        let rules = &self.ruleset.rules;
        let offset_of = |r: &Rule| r.layout.as_ref().map(|l| l.offset);
        let next = rules.partition_point(|r| offset_of(r).is_none_or(|o| o <= layout.offset));
        let end = rules
            .get(next)
            .and_then(offset_of)
            .or_else(|| self.ruleset.layout.as_ref().and_then(|l| l.rules_end))
            .unwrap_or(self.text.len());
        Some(Kept {
            offset: layout.offset,
            source: self.text.get(layout.offset..end)?,
        })
    }

    /// The 1-based line of a byte offset.
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        Source::new("", self.text).location(offset).line
    }

    /// Where a byte offset is, for a message that points elsewhere:
    /// `line 7`, or in a folder of rule files the file and its line,
    /// `rules/rule101.md:7`.
    pub(crate) fn place(&self, offset: usize) -> String {
        match self.folder {
            Some(files) => files.place(self.text, offset),
            None => format!("line {}", self.line_of(offset)),
        }
    }

    /// The folder that the relative links of `rule` start from.
    pub(crate) fn base_dir_of(&self, rule: &Rule) -> Option<&'a Path> {
        let folder = self.folder.zip(rule.layout.as_ref());
        match folder {
            Some((files, layout)) => files.dir_at(layout.offset),
            None => self.base_dir,
        }
    }

    /// Whether the input is a whole ruleset, so that the checks that need
    /// every rule apply: a file of a whole form, or a folder of rule files.
    /// A per-rule page (md-rule, txt-rule) is one rule: references to other
    /// rules, rule 101's Initial Set and rule order cannot be checked on it.
    pub(crate) fn holds_a_ruleset(&self) -> bool {
        self.folder.is_some() || !matches!(self.format, Format::MdRule | Format::TxtRule)
    }

    /// Whether the order of the rules is the author's, to be checked: not
    /// for per-rule pages nor the files of a folder, which come in any
    /// order.
    pub(crate) fn ordered(&self) -> bool {
        self.folder.is_none() && self.holds_a_ruleset()
    }
}

/// Runs every check; findings come in file order, without those that the
/// file's own suppression comments allow (`<!-- nomic: allow N401 -->`).
pub fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    let mut findings = every_check(input);
    suppress::apply(input, &mut findings);
    findings
}

fn every_check(input: &Input<'_>) -> Vec<Diagnostic> {
    let located = locate::json_layout(input.ruleset, input.text, input.format);
    let input = &match &located {
        Some(ruleset) => Input { ruleset, ..*input },
        None => *input,
    };
    let mut findings = Vec::new();
    if input.format.is_agora() {
        // Agora's rules follow Agora's conventions (power, not mutability;
        // its own history forms): only Agora's checks apply.
        findings.extend(agora::diagnostics(input.ruleset, input.text));
        findings.extend(encoding::check(input));
        findings.sort_by(|a, b| (a.span.start, &a.code).cmp(&(b.span.start, &b.code)));
        return findings;
    }
    // The checks are independent; they run in two groups of about equal
    // cost side by side (the canonical rendering that layout compares
    // with; the reference graph). Findings are gathered in one fixed
    // order, so ties sort as before.
    let ((headings, text, layout), (numbers, history, ruleset, files)) = rayon::join(
        || {
            (
                headings::check(input),
                text::check(input),
                layout::check(input),
            )
        },
        || {
            let numbers = numbers::check(input);
            let history = history::check(input);
            let ruleset = if input.holds_a_ruleset() {
                let mut findings = initial_set::check(input);
                findings.extend(references::check(input));
                findings
            } else {
                Vec::new()
            };
            (numbers, history, ruleset, files::check(input))
        },
    );
    findings.extend(numbers);
    findings.extend(headings);
    findings.extend(history);
    findings.extend(ruleset);
    findings.extend(text);
    findings.extend(encoding::check(input));
    findings.extend(layout);
    findings.extend(files);
    sort(&mut findings);
    findings
}

/// Where `rule` (one of `input`'s) has its heading line in the file (the
/// first line of its source that is not a ruler), without the line break;
/// `0..0` for a rule that has no place in the file.
pub(crate) fn heading_span(input: &Input<'_>, rule: &Rule) -> Range<usize> {
    locate::heading(input.kept(rule))
}

/// The revision `rule`'s history records (the amendments it lists): what
/// [`Code::RevisionMismatch`] compares the heading's revision with.
pub(crate) fn recorded_revision(rule: &Rule) -> u32 {
    history::recorded_revision(rule)
}

/// The heading that the line at `span` of `text` (a file of `format`) was
/// meant to be, where [`Code::BrokenRuleHeading`] reports that line.
pub(crate) fn repaired_heading(text: &str, format: Format, span: &Range<usize>) -> Option<String> {
    headings::heading_shaped(text, format)
        .into_iter()
        .find(|(shaped, _)| shaped == span)
        .map(|(_, fixed)| fixed)
}

/// Findings in file order; ties keep the order of the checks that found
/// them.
fn sort(findings: &mut [Diagnostic]) {
    findings.sort_by(|a, b| {
        (a.span.start, a.span.end, &a.code).cmp(&(b.span.start, b.span.end, &b.code))
    });
}

/// Counts of findings by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// How many findings are errors.
    pub errors: usize,
    /// How many findings are warnings (notes are not counted).
    pub warnings: usize,
}

impl Summary {
    /// The counts of one list of findings.
    pub fn of(findings: &[Diagnostic]) -> Summary {
        let mut summary = Summary::default();
        for finding in findings {
            match finding.severity {
                Severity::Error => summary.errors += 1,
                Severity::Warning => summary.warnings += 1,
                Severity::Note => {}
            }
        }
        summary
    }

    /// Adds another summary's counts to this one (several files' totals).
    pub fn add(&mut self, other: Summary) {
        self.errors += other.errors;
        self.warnings += other.warnings;
    }
}

/// Only the findings of rule numbers used more than once: what `nomic build`
/// must refuse, since two rules would share one `rules/*/NNN` page.
pub fn duplicate_numbers(input: &Input<'_>) -> Vec<Diagnostic> {
    let mut findings = numbers::check(input);
    findings.retain(|finding| finding.code == DiagnosticCode::Finding(Code::DuplicateRuleNumber));
    findings
}

/// A finding of a kind, with that kind's severity.
fn finding(code: Code, message: impl Into<String>, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(code, code.severity(), message, span)
}

#[cfg(test)]
mod testing;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_thread_finds_what_every_core_finds_on_every_bundled_file() {
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let mut files = 0;
        for path in crate::test_files::repository_files() {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let Ok(parsed) = crate::parse::read(&bytes, &crate::parse::ReadOptions::default())
            else {
                continue;
            };
            let input = Input::from_parsed(&parsed, path.parent());
            let several = check(&input);
            assert_eq!(one.install(|| check(&input)), several, "{}", path.display());
            files += 1;
        }
        assert!(files >= 20, "only {files} files");
    }

    #[test]
    fn denied_warnings_become_errors_and_the_summary_counts_them() {
        let mut findings = vec![
            finding(Code::RuleOutOfOrder, "w", 0..1),
            finding(Code::DanglingReference, "e", 2..3),
            Diagnostic::new("note", Severity::Note, "n", 0..0),
        ];
        assert_eq!(
            Summary::of(&findings),
            Summary {
                errors: 1,
                warnings: 1
            }
        );
        let mut levels = Levels::default();
        levels.set(Level::Deny, "warnings").unwrap();
        levels.apply(&mut findings);
        assert_eq!(findings[0].severity, Severity::Error);
        assert_eq!(findings[2].severity, Severity::Note);
        assert_eq!(
            Summary::of(&findings),
            Summary {
                errors: 2,
                warnings: 0
            }
        );
    }
}
