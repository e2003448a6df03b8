//! One file as the server knows it: its text, and what the library reads
//! in it (a ruleset with its findings and citations, or proposals), read
//! once per version so that every request answers from what is kept.

use super::formatting::Canonical;
use super::position::LineIndex;
use crate::amend::{self, Proposal};
use crate::check::{self, Input};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{Dialect, Rule};
use crate::parse::{self, dialect, Parsed, ReadDepth, ReadOptions, Unread};
use crate::refs::{self, ReferenceGraph};
use lsp_types::Uri;
use std::ops::{Range, RangeInclusive};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A file read by the server.
#[derive(Debug)]
pub(crate) struct Document {
    /// Its URI (a `file:` URI for a file).
    pub uri: Uri,
    /// Where the file is; `None` for a buffer that is not a file.
    pub path: Option<PathBuf>,
    /// The text exactly (every span points into it).
    pub text: String,
    /// Its lines, for positions.
    pub index: LineIndex,
    /// What the text holds.
    pub kind: Kind,
}

/// What a file holds.
#[derive(Debug)]
pub(crate) enum Kind {
    /// A ruleset, in any form nomic reads.
    Ruleset(Box<RulesetFile>),
    /// Proposals (`docs/amend.md`), or the error that stops reading them.
    Proposals(ProposalFile),
    /// A file that does not read: the reader's error, located.
    Unreadable(Diagnostic),
}

/// A ruleset file, read whole.
#[derive(Debug)]
pub(crate) struct RulesetFile {
    /// The ruleset, its form and its text (the same as [`Document::text`]),
    /// shared with the worker that writes its canonical form.
    pub parsed: Arc<Parsed>,
    /// Its canonical form (`fmt`), written once, by the worker or by the
    /// first request that needs it.
    pub canonical: Arc<Canonical>,
    /// `check`'s findings, in file order.
    pub findings: Vec<Diagnostic>,
    /// Who cites whom.
    pub graph: ReferenceGraph,
    /// Each rule's place in the file, in rule order.
    pub sites: Vec<Site>,
    /// Every citation in the rules' sources, in file order.
    pub citations: Vec<Citation>,
}

/// A proposal file.
#[derive(Debug)]
pub(crate) struct ProposalFile {
    /// The proposals, or why they do not read.
    pub proposals: Result<Vec<Proposal>, Diagnostic>,
    /// Every citation of a rule in the file, in file order.
    pub citations: Vec<Citation>,
}

/// Where a rule is in its file.
#[derive(Debug, Clone)]
pub(crate) struct Site {
    /// Its index in the ruleset's rules.
    pub rule: usize,
    /// Its source, from the heading to the next rule.
    pub span: Range<usize>,
    /// Its heading line.
    pub heading: Range<usize>,
    /// The number (or identifier) in the heading.
    pub label: Range<usize>,
}

/// One cited number in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Citation {
    /// The digits (or the identifier) as written.
    pub span: Range<usize>,
    /// The rule number cited; 0 for an identifier no rule has.
    pub number: u32,
    /// Every number the citation names: a range's, for either end of it.
    pub covers: RangeInclusive<u32>,
    /// A rule's record of itself (its history, its annotations) rather
    /// than a reference: its source names it and its text does not.
    pub recorded: bool,
}

impl Document {
    /// Reads `text`, the file at `path` (if a file): proposals when it
    /// starts as a proposal file does, else a ruleset in the dialect of
    /// `nomic.toml` beside it, else in the form its content shows (a dialect
    /// inferred only when `infer` is set).
    pub(crate) fn read(uri: Uri, path: Option<PathBuf>, text: String, infer: bool) -> Document {
        if looks_like_proposals(&text) {
            let kind = Kind::Proposals(read_proposals(&text));
            return Document::of(uri, path, text, kind);
        }
        let dialect = match path.as_deref().and_then(dialect::beside) {
            Some(file) => match dialect::load(&file) {
                Ok(dialect) => Some(dialect),
                Err(err) => {
                    let unreadable =
                        Diagnostic::new("dialect", Severity::Error, err.to_string(), 0..0);
                    return Document::of(uri, path, text, Kind::Unreadable(unreadable));
                }
            },
            None => None,
        };
        if dialect.is_none() && !infer && parse::detect(&text).is_err() {
            let unreadable = Diagnostic::new(
                "parse",
                Severity::Error,
                "not a ruleset in a form nomic detects",
                0..0,
            );
            return Document::of(uri, path, text, Kind::Unreadable(unreadable));
        }
        read_ruleset(uri, path, text, dialect.as_ref())
    }

    fn of(uri: Uri, path: Option<PathBuf>, text: String, kind: Kind) -> Document {
        Document {
            uri,
            path,
            index: LineIndex::new(&text),
            text,
            kind,
        }
    }

    /// The ruleset, when the file holds one.
    pub(crate) fn ruleset(&self) -> Option<&RulesetFile> {
        match &self.kind {
            Kind::Ruleset(file) => Some(file),
            _ => None,
        }
    }

    /// The citations of the file.
    pub(crate) fn citations(&self) -> &[Citation] {
        match &self.kind {
            Kind::Ruleset(file) => &file.citations,
            Kind::Proposals(file) => &file.citations,
            Kind::Unreadable(_) => &[],
        }
    }

    /// The citation whose digits hold byte `offset` (or end at it).
    pub(crate) fn citation_at(&self, offset: usize) -> Option<&Citation> {
        let citations = self.citations();
        let after = citations.partition_point(|c| c.span.end < offset);
        citations.get(after).filter(|c| c.span.start <= offset)
    }

    /// The folder relative paths in the file start from.
    pub(crate) fn folder(&self) -> Option<&Path> {
        self.path.as_deref().and_then(Path::parent)
    }
}

impl RulesetFile {
    /// The rule at `index` in the ruleset.
    pub(crate) fn rule(&self, index: usize) -> Option<&Rule> {
        self.parsed.ruleset.rules.get(index)
    }

    /// The first rule numbered `number`, with its site.
    pub(crate) fn site_of(&self, number: u32) -> Option<(&Site, &Rule)> {
        self.sites.iter().find_map(|site| {
            let rule = self.rule(site.rule)?;
            (rule.number == number).then_some((site, rule))
        })
    }

    /// The rule whose heading's number holds byte `offset` (or ends at it).
    pub(crate) fn label_at(&self, offset: usize) -> Option<(&Site, &Rule)> {
        self.sites.iter().find_map(|site| {
            let inside = site.label.start <= offset && offset <= site.label.end;
            inside
                .then(|| Some((site, self.rule(site.rule)?)))
                .flatten()
        })
    }
}

/// Whether a text is a proposal file: its first line that is not blank is
/// a proposal's header or a temporary rule becoming a rule.
fn looks_like_proposals(text: &str) -> bool {
    let Some(first) = text.lines().map(str::trim).find(|l| !l.is_empty()) else {
        return false;
    };
    let words: Vec<String> = first
        .trim_start_matches('#')
        .split_whitespace()
        .take(2)
        .map(str::to_lowercase)
        .collect();
    let numbered = |word: &str| word.starts_with(|c: char| c.is_ascii_digit());
    match words.as_slice() {
        [proposal, number] if proposal == "proposal" => numbered(number),
        [temporary, rule] => temporary == "temporary" && rule == "rule",
        _ => false,
    }
}

fn read_proposals(text: &str) -> ProposalFile {
    let citations = refs::extract(text)
        .iter()
        .flat_map(|reference| &reference.numbers)
        .flat_map(|cited| {
            let end = cited.range_end.iter().map(|(number, span)| Citation {
                span: span.clone(),
                number: *number,
                covers: cited.numbers(),
                recorded: false,
            });
            std::iter::once(Citation {
                span: cited.span.clone(),
                number: cited.number,
                covers: cited.numbers(),
                recorded: false,
            })
            .chain(end)
        })
        .collect();
    ProposalFile {
        proposals: amend::parse_proposals(text).map_err(|err| err.to_diagnostic()),
        citations,
    }
}

fn read_ruleset(
    uri: Uri,
    path: Option<PathBuf>,
    text: String,
    dialect: Option<&Dialect>,
) -> Document {
    let read = parse::read_owned(
        text.into_bytes(),
        &ReadOptions::default(),
        dialect,
        ReadDepth::Full,
    );
    let parsed = match read {
        Ok(parsed) => parsed,
        Err(Unread { error, source }) => {
            return Document::of(uri, path, source, Kind::Unreadable(error.to_diagnostic()));
        }
    };
    let text = parsed.text.clone();
    let base_dir = path.as_deref().and_then(Path::parent);
    let input = Input::from_parsed(&parsed, base_dir);
    let (findings, graph) = rayon::join(|| check::check(&input), || refs::graph(&parsed.ruleset));
    let sites = sites(&input);
    let citations = citations(&input, &graph, &sites);
    let file = RulesetFile {
        parsed: Arc::new(parsed),
        canonical: Arc::default(),
        findings,
        graph,
        sites,
        citations,
    };
    Document::of(uri, path, text, Kind::Ruleset(Box::new(file)))
}

/// Each rule's place in the file (rules without one are left out): its
/// kept source, or, in Agora's published forms, which keep none, from its
/// heading line to the next rule's.
fn sites(input: &Input<'_>) -> Vec<Site> {
    let agora = input
        .format
        .is_agora()
        .then(|| check::agora::heading_offsets(input.text));
    let starts: Vec<usize> = agora.iter().flat_map(|a| a.values().copied()).collect();
    let mut sorted = starts.clone();
    sorted.sort_unstable();
    let mut sites = Vec::new();
    for (index, rule) in input.ruleset.rules.iter().enumerate() {
        let (span, heading) = match (&rule.layout, &agora) {
            (Some(layout), _) => (
                layout.offset..layout.offset + layout.source.len(),
                check::heading_span(input, rule),
            ),
            (None, Some(agora)) => {
                let Some(&start) = agora.get(&rule.number) else {
                    continue;
                };
                let next = sorted.partition_point(|&at| at <= start);
                let end = sorted.get(next).copied().unwrap_or(input.text.len());
                let line = input.text[start..end].find('\n').map_or(end, |i| start + i);
                (start..end, start..line)
            }
            (None, None) => continue,
        };
        let label = rule.label();
        let in_heading = input.text.get(heading.clone()).unwrap_or("");
        let label = match in_heading.find(&label) {
            Some(at) => heading.start + at..heading.start + at + label.len(),
            None => heading.clone(),
        };
        sites.push(Site {
            rule: index,
            span,
            heading,
            label,
        });
    }
    sites
}

/// Every citation in the rules' sources after their headings, each
/// resolved to a rule number (identifiers through the rules' ids).
fn citations(input: &Input<'_>, graph: &ReferenceGraph, sites: &[Site]) -> Vec<Citation> {
    use rayon::prelude::*;
    let rules = &input.ruleset.rules;
    let by_id = |id: &str| {
        rules
            .iter()
            .find(|rule| rule.id.as_deref() == Some(id))
            .map_or(0, |rule| rule.number)
    };
    let mut citations: Vec<Citation> = sites
        .par_iter()
        .with_min_len(32)
        .flat_map_iter(|site| {
            let from = site.heading.end.max(site.span.start);
            let body = input.text.get(from..site.span.end).unwrap_or("");
            let rule = rules.get(site.rule);
            let references = if rule.is_some_and(|r| r.agora.is_some()) {
                refs::agora::extract(body)
            } else {
                refs::extract(body)
            };
            let own = rule.map(|r| r.number);
            let cites_itself =
                own.is_some_and(|n| graph.cites.get(&n).is_some_and(|c| c.contains(&n)));
            let mut found = Vec::new();
            for cited in references.iter().flat_map(|r| &r.numbers) {
                let (number, covers) = match &cited.id {
                    Some(id) => {
                        let number = by_id(id);
                        (number, number..=number)
                    }
                    None => (cited.number, cited.numbers()),
                };
                let recorded = own.is_some_and(|n| covers.contains(&n)) && !cites_itself;
                found.push(Citation {
                    span: from + cited.span.start..from + cited.span.end,
                    number,
                    covers: covers.clone(),
                    recorded,
                });
                if let Some((end, span)) = &cited.range_end {
                    found.push(Citation {
                        span: from + span.start..from + span.end,
                        number: *end,
                        covers,
                        recorded,
                    });
                }
            }
            found
        })
        .collect();
    citations.sort_by_key(|c| c.span.start);
    citations
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proposal_files_are_told_by_their_first_line() {
        assert!(looks_like_proposals("\n# Proposal 342 (Alekosen)\n"));
        assert!(looks_like_proposals("Temporary Rule 601 becomes a rule:\n"));
        assert!(!looks_like_proposals("# Proposals\n"));
        assert!(!looks_like_proposals("## Rule 101/0\n"));
        assert!(!looks_like_proposals(""));
    }
}
