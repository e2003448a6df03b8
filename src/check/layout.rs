//! Layout that is not canonical: what the parser recorded as quirks, and any
//! other line where the file differs from its canonical rendering. All are
//! warnings that `nomic fmt` fixes.

use super::{finding, Code, Input};
use crate::diagnostic::Diagnostic;
use crate::model::{Format, LayoutQuirk, QuirkKind, Rule};
use crate::render::{RenderOptions, Renderer};
use similar::{DiffOp, DiffTag};
use std::ops::Range;

const FIX: &str = "`nomic fmt` rewrites the file in canonical form";

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    let mut findings = document_quirks(input);
    findings.extend(rule_quirks(&input.ruleset.rules, input.text));
    findings.extend(against_canonical(input, &findings));
    findings
}

/// The findings of the quirks of the file as a whole (its header, its end).
pub(super) fn document_quirks(input: &Input<'_>) -> Vec<Diagnostic> {
    let document = input.ruleset.layout.iter().flat_map(|l| &l.quirks);
    document
        .map(|quirk| quirk_finding(quirk, input.text))
        .collect()
}

/// The findings of the quirks of `rules`, in rule order.
pub(super) fn rule_quirks(rules: &[Rule], text: &str) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    for layout in rules.iter().filter_map(|r| r.layout.as_ref()) {
        let (wraps, others): (Vec<&LayoutQuirk>, Vec<&LayoutQuirk>) = layout
            .quirks
            .iter()
            .partition(|quirk| quirk.kind == QuirkKind::IrregularWrap);
        for quirk in others {
            // A swallowed heading loses a rule: an error of its own (`headings`).
            if !matches!(quirk.kind, QuirkKind::SwallowedHeading { .. }) {
                findings.push(quirk_finding(quirk, text));
            }
        }
        // Irregular wrapping: once per rule, at its first line, with the count.
        if let Some(first) = wraps.first() {
            let lines = wraps.len();
            let mut finding = quirk_finding(first, text);
            if lines > 1 {
                finding.message =
                    format!("{lines} lines wrapped differently from the canonical 70 columns");
                finding.label = Some(format!("the first of {lines} lines"));
            }
            findings.push(finding);
        }
    }
    findings
}

fn quirk_finding(quirk: &LayoutQuirk, text: &str) -> Diagnostic {
    let span = quirk.offset..quirk.offset + quirk.len;
    let (code, message, label) = match &quirk.kind {
        QuirkKind::HistoryHeadingLevel { level } => (
            Code::HistoryHeadingLevel,
            format!("history heading at level {level}; the canonical level is 5 (`#####`)"),
            "heading level",
        ),
        QuirkKind::TrailingSpaces => (
            Code::TrailingSpaces,
            "trailing spaces where the canonical form has none".to_string(),
            "trailing spaces",
        ),
        QuirkKind::MissingBlankLine => (
            Code::MissingBlankLine,
            "a blank line is missing here".to_string(),
            "blank line expected",
        ),
        QuirkKind::ExtraBlankLines => (
            Code::ExtraBlankLines,
            "more blank lines than the canonical form has".to_string(),
            "extra blank lines",
        ),
        QuirkKind::HeadingWithoutRevision => (
            Code::HeadingWithoutRevision,
            "rule heading without a revision (`/R`)".to_string(),
            "no revision",
        ),
        QuirkKind::IrregularWrap => (
            Code::IrregularWrap,
            "text wrapped differently from the canonical 70 columns".to_string(),
            "irregular wrapping",
        ),
        QuirkKind::FinalNewline => {
            // The parser flags the end of the file; which way it differs
            // follows from how the file ends.
            let message = if text.ends_with('\n') {
                "the file ends with a line break; the canonical form of this format has none"
            } else {
                "the file does not end with a line break; the canonical form of this format does"
            };
            (Code::FinalNewline, message.to_string(), "end of file")
        }
        QuirkKind::SwallowedHeading { .. } => (
            Code::SwallowedRuleHeading,
            "a rule heading inside a code block that is never closed".to_string(),
            "read as code",
        ),
        QuirkKind::Other { description } => (
            Code::NonCanonicalLayout,
            format!("layout is not canonical: {description}"),
            "not canonical",
        ),
    };
    finding(code, message, span)
        .with_label(label)
        .with_help(FIX)
}

/// One warning per rule (or header, or footer) whose lines differ from the
/// canonical rendering where no quirk already says why.
fn against_canonical(input: &Input<'_>, quirks: &[Diagnostic]) -> Vec<Diagnostic> {
    let Some(canonical) = canonical_if_different(input) else {
        return Vec::new();
    };
    differences(input.text, &canonical, &regions(input), quirks)
}

/// The findings of [`against_canonical`] for a file `text` whose
/// `canonical` rendering differs from it, the file cut into `regions`
/// ([`regions_of`]), with the `quirks` found so far.
pub(super) fn differences(
    text: &str,
    canonical: &str,
    regions: &[Region],
    quirks: &[Diagnostic],
) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    // CRLF is one finding for the file; the lines are then compared as LF.
    // Both texts have the same lines, so line numbers carry over.
    let lf;
    let compared = if text.contains("\r\n") {
        findings.push(crlf_finding(text));
        lf = text.replace("\r\n", "\n");
        lf.as_str()
    } else {
        text
    };
    if canonical == compared {
        return findings;
    }
    // The same ops as `TextDiff::from_lines(compared, canonical).ops()`,
    // without its per-line tokens and second interning (issue 15).
    let ops = line_diff::line_ops(compared, canonical);
    let mut canonical_lines = line_diff::LineCursor::new(canonical);
    let canonical_line = |index| canonical_lines.line(index);
    findings.extend(findings_of_ops(text, &ops, canonical_line, regions, quirks));
    findings
}

/// [`differences`] for a file without CRLF line endings whose canonical
/// rendering was taken in as line ids ([`ComparedLines`]).
pub(super) fn differences_by_lines(
    text: &str,
    lines: &LineIds<'_>,
    regions: &[Region],
    quirks: &[Diagnostic],
) -> Vec<Diagnostic> {
    if lines.same() {
        return Vec::new();
    }
    let ops = lines.ops();
    findings_of_ops(text, &ops, |index| lines.new_line(index), regions, quirks)
}

/// The findings of the line diff `ops` of `text` (compared as LF text)
/// against a canonical rendering whose lines `canonical_line` gives by
/// index.
fn findings_of_ops<'c>(
    text: &str,
    ops: &[DiffOp],
    mut canonical_line: impl FnMut(usize) -> Option<&'c str>,
    regions: &[Region],
    quirks: &[Diagnostic],
) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    let mut line_starts = line_diff::LineStarts::new(text);
    let mut reported = std::collections::BTreeSet::new();
    let mut quirk_starts: Vec<usize> = quirks.iter().map(|q| q.span.start).collect();
    quirk_starts.sort_unstable();
    // Regions by where they start, so each changed line finds its region
    // by binary search (a file with a finding per rule stays linear).
    let mut by_start: Vec<usize> = (0..regions.len()).collect();
    by_start.sort_by_key(|&i| regions[i].span.start);
    let contains = |r: &Region, offset: usize| {
        r.span.contains(&offset) || (r.span.end == offset && offset == text.len())
    };
    for op in ops {
        let (tag, old, new) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            continue;
        }
        let offset = line_starts.start(old.start);
        let nearest = by_start[..by_start.partition_point(|&i| regions[i].span.start <= offset)]
            .iter()
            .rev()
            .take(2)
            .copied()
            .filter(|&i| contains(&regions[i], offset))
            .min();
        let Some(region) = nearest.or_else(|| regions.iter().position(|r| contains(r, offset)))
        else {
            continue;
        };
        // A quirk at the very end of a region (a final newline) is its own.
        let span = &regions[region].span;
        let first_quirk = quirk_starts.partition_point(|&start| start < span.start);
        let covered = quirk_starts
            .get(first_quirk)
            .is_some_and(|&start| start <= span.end);
        if covered || !reported.insert(region) {
            continue;
        }
        let end = line_end(text, offset);
        let old_line = &text[offset..end];
        let new_line = (tag == DiffTag::Replace)
            .then(|| canonical_line(new.start))
            .flatten()
            .map(|line| line.trim_end_matches(['\n', '\r']).to_string());
        findings.push(
            finding(
                Code::NonCanonicalLayout,
                format!("{} is not laid out in canonical form", regions[region].name),
                offset..end,
            )
            .with_label(match tag {
                DiffTag::Insert => "the canonical form has a line before this one".to_string(),
                DiffTag::Delete => "the canonical form has no such line".to_string(),
                _ => describe(old_line, new_line.as_deref()),
            })
            .with_help(FIX),
        );
    }
    findings
}

/// The canonical rendering of the file's ruleset, `None` when it is the
/// file exactly or cannot be rendered (no finding either way).
///
/// A form with a built-in writer is rendered a run of rules at a time on
/// every core and compared with the file as it comes: a canonical file's
/// canonical text is never held whole. From the first difference on, the
/// rendering is kept (after the file's matching bytes, which it equals), so
/// a file that differs is rendered once too.
fn canonical_if_different(input: &Input<'_>) -> Option<String> {
    let renderer = canonical_renderer()?;
    // `Renderer::render` writes these forms without parts.
    let by_parts = input.format != Format::Dialect && !input.format.is_agora();
    let Some(parts) = by_parts
        .then(|| renderer.parts(input.ruleset, input.format))
        .flatten()
    else {
        let canonical = renderer.render(input.ruleset, input.format).ok()?;
        return (canonical != input.text).then_some(canonical);
    };
    let mut compared = Compared::new(input.text);
    let mut piece = String::new();
    parts.header(&mut piece);
    compared.push(&piece);
    parts.for_each_run(|run| compared.push(run));
    piece.clear();
    parts.footer(&mut piece);
    compared.push(&piece);
    let canonical = compared.canonical()?;
    // What `Renderer::render` refuses as too large.
    parts.check_size(canonical.len()).ok()?;
    Some(canonical)
}

/// The renderer of the canonical forms.
pub(super) fn canonical_renderer() -> Option<Renderer> {
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    Renderer::new(&options).ok()
}

/// A rendering compared with the file piece by piece.
pub(super) struct Compared<'t> {
    text: &'t str,
    /// How many bytes of the file the pieces so far are.
    same: usize,
    /// The rendering from its start, once a piece differed from the file.
    differs: Option<String>,
}

impl<'t> Compared<'t> {
    /// A comparison with `text` from its start.
    pub(super) fn new(text: &'t str) -> Compared<'t> {
        Compared {
            text,
            same: 0,
            differs: None,
        }
    }

    /// The rendering the pieces make, `None` when it is the file's text
    /// exactly.
    pub(super) fn canonical(self) -> Option<String> {
        match self.differs {
            None if self.same == self.text.len() => None,
            // The file goes on past the canonical text.
            None => Some(self.text[..self.same].to_string()),
            Some(canonical) => Some(canonical),
        }
    }

    pub(super) fn push(&mut self, piece: &str) {
        if let Some(canonical) = &mut self.differs {
            canonical.push_str(piece);
        } else if self.text[self.same..].starts_with(piece) {
            self.same += piece.len();
        } else {
            let mut canonical = String::with_capacity(self.text.len());
            canonical.push_str(&self.text[..self.same]);
            canonical.push_str(piece);
            self.differs = Some(canonical);
        }
    }
}

/// The one finding for a file with CRLF line endings, on its first line.
fn crlf_finding(text: &str) -> Diagnostic {
    let first = text.find('\r').unwrap_or(0);
    let line_start = text[..first].rfind('\n').map_or(0, |i| i + 1);
    finding(
        Code::NonCanonicalLayout,
        "the file ends its lines with CRLF; the canonical form uses LF",
        line_start..first,
    )
    .with_label("CRLF line ending")
    .with_help(FIX)
}

/// Where the line starting at `offset` ends, before its `\n` or `\r\n`.
fn line_end(text: &str, offset: usize) -> usize {
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    if text[offset..end].ends_with('\r') {
        end - 1
    } else {
        end
    }
}

/// What differs between a line and its canonical counterpart, when a
/// simple reason explains it.
fn describe(old: &str, new: Option<&str>) -> String {
    let Some(new) = new else {
        return "first line that differs".to_string();
    };
    if old.starts_with('\u{feff}') && !new.starts_with('\u{feff}') {
        "byte order mark".to_string()
    } else if old.trim_end() == new.trim_end() {
        "trailing spaces".to_string()
    } else if old.trim() == new.trim() {
        "indentation differs".to_string()
    } else if old.replace(['*', '_'], "") == new.replace(['*', '_'], "") {
        "Markdown emphasis where the text form has none".to_string()
    } else if old.split_whitespace().eq(new.split_whitespace()) {
        "spacing differs".to_string()
    } else {
        "first line that differs".to_string()
    }
}

/// A named part of the file: the header, a rule's source, the footer.
pub(super) struct Region {
    name: String,
    span: Range<usize>,
}

fn regions(input: &Input<'_>) -> Vec<Region> {
    let first = input
        .ruleset
        .rules
        .iter()
        .filter_map(|r| r.layout.as_ref())
        .map(|l| l.offset)
        .min()
        .unwrap_or(input.text.len());
    let rules = input.ruleset.rules.iter().filter_map(|rule| {
        let kept = input.kept(rule)?;
        Some((rule.number, kept.offset..kept.offset + kept.source.len()))
    });
    regions_of(input.text.len(), first, rules)
}

/// The regions of a file of `len` bytes whose first rule starts at `first`
/// (`len` without rules), with each rule's number and span in rule order.
pub(super) fn regions_of(
    len: usize,
    first: usize,
    rules: impl Iterator<Item = (u32, Range<usize>)>,
) -> Vec<Region> {
    let mut regions = Vec::new();
    let mut end_of_rules = 0;
    regions.push(Region {
        name: "the header".to_string(),
        span: 0..first,
    });
    for (number, span) in rules {
        end_of_rules = end_of_rules.max(span.end);
        regions.push(Region {
            name: format!("rule {number}"),
            span,
        });
    }
    regions.push(Region {
        name: "the end of the file".to_string(),
        span: end_of_rules.max(first)..len,
    });
    regions
}

mod line_diff;
mod line_ids;

pub(super) use line_ids::{Canonical, ComparedLines, LineIds};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod text_diff_reference;
