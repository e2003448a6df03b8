//! Checks of an Agora source folder (or of a ruleset read from Agora's
//! published text): what the reader found (files holding no rule, dates
//! that do not exist, proposal files recording another number), rules
//! missing from the index or filed twice, revisions against the counted
//! changes, history dates out of order, proposals that history cites but
//! the proposals folder lacks, and citations of rules not in force.
//!
//! Findings point into the source's files by path and line. Codes are
//! stable (`A001`…, in the table of [`Code`]s); `docs/check.md` lists them.

use crate::diagnostic::{Code, Diagnostic, Severity as Level};
use crate::model::{AgoraDate, HistoryKind, Rule, Ruleset};
use crate::parse::agora::{AgoraSource, FindingKind, Severity, SourceFiles, SourceFinding};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// One finding about an Agora source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// `A001`…, one of the table of [`Code`]s.
    pub code: Code,
    /// `error` or `warning`.
    pub severity: &'static str,
    /// The file, relative to the source folder.
    pub file: String,
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when there is advice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

impl Finding {
    /// The finding as a diagnostic of the file's text `text` (the whole
    /// line from its column on), rendered like every other finding.
    pub fn to_diagnostic(&self, text: &str) -> Diagnostic {
        let line_start = if self.line <= 1 {
            0
        } else {
            text.match_indices('\n')
                .nth(self.line - 2)
                .map_or(text.len(), |(at, _)| at + 1)
        };
        let line = &text[line_start..];
        let line = line[..line.find('\n').unwrap_or(line.len())].trim_end();
        let start = line_start
            + line
                .char_indices()
                .nth(self.column.saturating_sub(1))
                .map_or(line.len(), |(at, _)| at);
        let level = if self.severity == ERROR {
            Level::Error
        } else {
            Level::Warning
        };
        let diagnostic = Diagnostic::new(
            self.code,
            level,
            self.message.clone(),
            start..line_start + line.len(),
        );
        match &self.help {
            Some(help) => diagnostic.with_help(help.clone()),
            None => diagnostic,
        }
    }
}

const WARNING: &str = "warning";
const ERROR: &str = "error";

/// Every finding about a source read from `files`.
pub fn check_source(source: &AgoraSource, files: &SourceFiles) -> Vec<Finding> {
    let mut findings: Vec<Finding> = source.findings.iter().map(reader_finding).collect();
    let ruleset = &source.ruleset;
    let locate_in = |rule: &Rule, needle: &str| locate(files, rule.number, needle);
    if let Some(agora) = &ruleset.agora {
        for rule in &agora.unfiled {
            let repealed = rule
                .history
                .last()
                .is_some_and(|e| e.kind == HistoryKind::Repealed);
            if !repealed && !rule.history.is_empty() {
                let (file, line) = locate_in(rule, "id:");
                findings.push(Finding {
                    code: Code::IndexMismatch,
                    severity: WARNING,
                    file,
                    line,
                    column: 1,
                    message: format!(
                        "rule {} is in no category of the index, and its history does not end in a repeal",
                        rule.number
                    ),
                    help: Some("file it under a category in config/index, or record its repeal".to_string()),
                });
            }
        }
        let known: BTreeSet<&str> = agora.proposals.iter().map(|p| p.number.as_str()).collect();
        for rule in ruleset.rules.iter().chain(&agora.unfiled) {
            for entry in &rule.history {
                let cited = entry
                    .agora
                    .as_ref()
                    .and_then(|a| a.change.as_ref())
                    .and_then(|c| match c.agent.as_ref()? {
                        crate::model::Agent::Proposal(p) => Some(p.number.as_str()),
                        _ => None,
                    });
                if let Some(number) = cited.filter(|n| !known.contains(n)) {
                    let (file, line) = locate_in(rule, &format!("proposal: \"{number}\""));
                    findings.push(Finding {
                        code: Code::MissingProposal,
                        severity: WARNING,
                        file,
                        line,
                        column: 1,
                        message: format!(
                            "rule {}'s history cites proposal {number}, which rules_data/proposals lacks",
                            rule.number
                        ),
                        help: Some(format!("the published line names no title or author for P{number}; add rules_data/proposals/{number}")),
                    });
                }
            }
        }
    }
    let unfiled = ruleset.agora.iter().flat_map(|a| &a.unfiled);
    let unfiled_dates = unfiled.flat_map(dates_out_of_order);
    for finding in check_ruleset(ruleset).into_iter().chain(unfiled_dates) {
        let rule = finding.0;
        let (file, line) = locate(files, rule, &finding.2);
        findings.push(Finding {
            file,
            line,
            ..finding.1
        });
    }
    findings
}

/// A finding about the model, not yet placed in a file (the caller finds
/// its line by the text that goes with it).
fn blank(code: Code, severity: &'static str, message: String, help: Option<String>) -> Finding {
    Finding {
        code,
        severity,
        file: String::new(),
        line: 1,
        column: 1,
        message,
        help,
    }
}

/// Findings about the model alone (also for a ruleset read from an FLR):
/// each with the rule it is about and a text to find its line by.
pub(crate) fn check_ruleset(ruleset: &Ruleset) -> Vec<(u32, Finding, String)> {
    let mut findings = Vec::new();
    let in_force: BTreeSet<u32> = ruleset.rules.iter().map(|r| r.number).collect();
    for rule in &ruleset.rules {
        let counted = rule
            .history
            .iter()
            .filter(|e| match e.agora.as_ref().and_then(|a| a.change.as_ref()) {
                Some(change) => change.kind.counted(),
                None => matches!(e.kind, HistoryKind::Amended | HistoryKind::Reenacted),
            })
            .count();
        if let Some(revision) = rule
            .revision
            .filter(|r| !rule.history.is_empty() && *r as usize != counted)
        {
            findings.push((
                rule.number,
                blank(
                    Code::AgoraRevisionMismatch,
                    ERROR,
                    format!(
                        "rule {}/{revision}: its history counts {counted} changes (amendments and re-enactments)",
                        rule.number
                    ),
                    Some("the revision is the number of counted changes".to_string()),
                ),
                format!("Rule {}/", rule.number),
            ));
        }
        findings.extend(dates_out_of_order(rule));
        for reference in crate::refs::extract_rule(rule) {
            for cited in &reference.numbers {
                if !cited.numbers().any(|n| in_force.contains(&n)) {
                    findings.push((
                        rule.number,
                        blank(
                            Code::CitationNotInForce,
                            WARNING,
                            format!(
                                "rule {} cites rule {cited}, which is not in force",
                                rule.number
                            ),
                            None,
                        ),
                        rule.text[reference.span.clone()].to_string(),
                    ));
                }
            }
        }
    }
    findings
}

fn reader_finding(finding: &SourceFinding) -> Finding {
    let code = match finding.kind {
        FindingKind::Empty => Code::EmptySourceFile,
        FindingKind::Unreadable => Code::UnreadableSourceFile,
        FindingKind::InvalidDate => Code::NonexistentDate,
        FindingKind::ProposalNumber => Code::ProposalNumberMismatch,
        FindingKind::Filing => Code::IndexMismatch,
    };
    Finding {
        code,
        severity: match finding.severity {
            Severity::Warning => WARNING,
            Severity::Error => ERROR,
        },
        file: finding.file.clone(),
        line: finding.line,
        column: finding.column,
        message: finding.message.clone(),
        help: finding.help.clone(),
    }
}

/// The rule's file and the line of `needle` in it.
fn locate(files: &SourceFiles, number: u32, needle: &str) -> (String, usize) {
    let file = format!("rules_data/rules/{number}");
    let line = files
        .get(&file)
        .and_then(|text| {
            text.find(needle)
                .map(|at| text[..at].matches('\n').count() + 1)
        })
        .unwrap_or(1);
    (file, line)
}

/// Where each rule's heading line (`Rule 2152/11 (Power=3)`) starts in a
/// published text (an FLR, SLR or rule page), by rule number: the first
/// such line of each number.
pub(crate) fn heading_offsets(text: &str) -> BTreeMap<u32, usize> {
    let mut offsets = BTreeMap::new();
    let line_starts =
        std::iter::once(0).chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1));
    for at in line_starts {
        let Some(rest) = text[at..].strip_prefix("Rule ") else {
            continue;
        };
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if rest[digits..].starts_with('/') {
            if let Ok(number) = rest[..digits].parse::<u32>() {
                offsets.entry(number).or_insert(at);
            }
        }
    }
    offsets
}

/// The model checks as located diagnostics in a published text (an FLR,
/// SLR or rule page): each points at the line of its rule that shows it.
pub(crate) fn diagnostics(ruleset: &Ruleset, text: &str) -> Vec<Diagnostic> {
    let headings = heading_offsets(text);
    check_ruleset(ruleset)
        .into_iter()
        .map(|(number, finding, needle)| {
            let start = headings.get(&number).copied().unwrap_or(0);
            let at = text[start..].find(&needle).map_or(start, |i| start + i);
            let len = if text[start..].contains(&needle) {
                needle.len()
            } else {
                0
            };
            let level = if finding.severity == ERROR {
                Level::Error
            } else {
                Level::Warning
            };
            let diagnostic = Diagnostic::new(finding.code, level, finding.message, at..at + len);
            match finding.help {
                Some(help) => diagnostic.with_help(help),
                None => diagnostic,
            }
        })
        .collect()
}

/// A007: entries dated before the entry above them (exact dates only:
/// `around` and `between` dates are not compared).
fn dates_out_of_order(rule: &Rule) -> Vec<(u32, Finding, String)> {
    let mut findings = Vec::new();
    let mut previous: Option<(crate::model::Date, &str)> = None;
    for entry in &rule.history {
        let exact = match entry.agora.as_ref().and_then(|a| a.date.as_ref()) {
            Some(AgoraDate::On { date }) => Some(*date),
            Some(_) => None,
            None => entry.date,
        };
        if let (Some(date), Some((before, before_line))) = (exact, previous) {
            if date < before {
                findings.push((
                    rule.number,
                    blank(
                        Code::AgoraDatesOutOfOrder,
                        WARNING,
                        format!(
                            "rule {}: `{}` is dated before the entry above it (`{before_line}`)",
                            rule.number, entry.source
                        ),
                        Some("history runs oldest first; check the date or the order".to_string()),
                    ),
                    date.to_string(),
                ));
            }
        }
        if let Some(date) = exact {
            previous = Some((date, entry.source.as_str()));
        }
    }
    findings
}
