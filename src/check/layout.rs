//! Layout that is not canonical: what the parser recorded as quirks, and any
//! other line where the file differs from its canonical rendering. All are
//! warnings that `nomic fmt` fixes.

use super::{finding, Code, Input};
use crate::diagnostic::Diagnostic;
use crate::model::{LayoutQuirk, QuirkKind};
use crate::render::{RenderOptions, Renderer};
use similar::{DiffOp, DiffTag, TextDiff};
use std::ops::Range;

const FIX: &str = "`nomic fmt` rewrites the file in canonical form";

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    let document = input.ruleset.layout.iter().flat_map(|l| &l.quirks);
    let mut findings: Vec<Diagnostic> = document
        .map(|quirk| quirk_finding(quirk, input.text))
        .collect();
    for layout in input.ruleset.rules.iter().filter_map(|r| r.layout.as_ref()) {
        let (wraps, others): (Vec<&LayoutQuirk>, Vec<&LayoutQuirk>) = layout
            .quirks
            .iter()
            .partition(|quirk| quirk.kind == QuirkKind::IrregularWrap);
        for quirk in others {
            // A swallowed heading loses a rule: an error of its own (`headings`).
            if !matches!(quirk.kind, QuirkKind::SwallowedHeading { .. }) {
                findings.push(quirk_finding(quirk, input.text));
            }
        }
        // Irregular wrapping: once per rule, at its first line, with the count.
        if let Some(first) = wraps.first() {
            let lines = wraps.len();
            let mut finding = quirk_finding(first, input.text);
            if lines > 1 {
                finding.message =
                    format!("{lines} lines wrapped differently from the canonical 70 columns");
                finding.label = Some(format!("the first of {lines} lines"));
            }
            findings.push(finding);
        }
    }
    findings.extend(against_canonical(input, &findings));
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
/// canonical rendering where no quirk already says why. A folder of rule
/// files is compared file by file with what `nomic fmt` writes into it.
fn against_canonical(input: &Input<'_>, quirks: &[Diagnostic]) -> Vec<Diagnostic> {
    let mut regions = None;
    if let Some(files) = input.folder {
        let mut findings = Vec::new();
        for (span, canonical) in files.canonical() {
            let file = Compared {
                text: &input.text[span.clone()],
                start: span.start,
                canonical,
            };
            findings.extend(file.final_newline());
            findings.extend(file.findings(input, &mut regions, quirks));
        }
        return findings;
    }
    let Some(canonical) = canonical_if_different(input) else {
        return Vec::new();
    };
    let file = Compared {
        text: input.text,
        start: 0,
        canonical: &canonical,
    };
    file.findings(input, &mut regions, quirks)
}

/// A file's text (at `start` of the input's text) and its canonical form.
struct Compared<'t> {
    text: &'t str,
    start: usize,
    canonical: &'t str,
}

impl Compared<'_> {
    /// The finding of a rule file that does not end as `nomic fmt` ends
    /// it (a parsed file's reader records this as a quirk).
    fn final_newline(&self) -> Option<Diagnostic> {
        if self.text.ends_with('\n') == self.canonical.ends_with('\n') {
            return None;
        }
        let quirk = LayoutQuirk {
            kind: QuirkKind::FinalNewline,
            offset: self.start + self.text.len(),
            len: 0,
        };
        Some(quirk_finding(&quirk, self.text))
    }

    /// The findings of the lines that differ, `regions` made on the first.
    fn findings(
        &self,
        input: &Input<'_>,
        regions: &mut Option<Vec<Region>>,
        quirks: &[Diagnostic],
    ) -> Vec<Diagnostic> {
        let text = self.text;
        let mut findings = Vec::new();
        // CRLF is one finding for the file; the lines are then compared as LF.
        // Both texts have the same lines, so line numbers carry over.
        let mut compared = std::borrow::Cow::Borrowed(text);
        if text.contains("\r\n") {
            let mut crlf = crlf_finding(text);
            crlf.span = crlf.span.start + self.start..crlf.span.end + self.start;
            findings.push(crlf);
            compared = text.replace("\r\n", "\n").into();
        }
        // A rule file's end is its own finding (`final_newline`).
        let folder = input.folder.is_some();
        if folder && !compared.ends_with('\n') {
            compared.to_mut().push('\n');
        }
        let canonical = if folder && !self.canonical.ends_with('\n') {
            std::borrow::Cow::Owned(format!("{}\n", self.canonical))
        } else {
            std::borrow::Cow::Borrowed(self.canonical)
        };
        if canonical == compared {
            return findings;
        }
        let diff = TextDiff::from_lines(compared.as_ref(), canonical.as_ref());
        let canonical_line = |index| diff.new_slice(index);
        let regions = regions.get_or_insert_with(|| self::regions(input));
        findings.extend(findings_of_ops(
            self,
            diff.ops(),
            canonical_line,
            regions,
            quirks,
        ));
        findings
    }
}

/// The findings of the line diff `ops` of `file` (compared as LF text)
/// against a canonical rendering whose lines `canonical_line` gives by
/// index.
fn findings_of_ops<'c>(
    file: &Compared<'_>,
    ops: &[DiffOp],
    mut canonical_line: impl FnMut(usize) -> Option<&'c str>,
    regions: &[Region],
    quirks: &[Diagnostic],
) -> Vec<Diagnostic> {
    let (text, start) = (file.text, file.start);
    let mut findings = Vec::new();
    // Where each line of the file starts, a line being what ends in `\n`.
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(at, _)| at + 1))
        .collect();
    let mut reported = std::collections::BTreeSet::new();
    let mut quirk_starts: Vec<usize> = quirks.iter().map(|q| q.span.start).collect();
    quirk_starts.sort_unstable();
    // Regions by where they start, so each changed line finds its region
    // by binary search (a file with a finding per rule stays linear).
    let mut by_start: Vec<usize> = (0..regions.len()).collect();
    by_start.sort_by_key(|&i| regions[i].span.start);
    let end_of_file = start + text.len();
    let contains = |r: &Region, offset: usize| {
        r.span.contains(&offset) || (r.span.end == offset && offset == end_of_file)
    };
    for op in ops {
        let (tag, old, new) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            continue;
        }
        let within = line_starts[old.start.min(line_starts.len() - 1)];
        let offset = start + within;
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
        let end = line_end(text, within);
        let old_line = &text[within..end];
        let new_line = (tag == DiffTag::Replace)
            .then(|| canonical_line(new.start))
            .flatten()
            .map(|line| line.trim_end_matches(['\n', '\r']).to_string());
        findings.push(
            finding(
                Code::NonCanonicalLayout,
                format!("{} is not laid out in canonical form", regions[region].name),
                offset..start + end,
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
fn canonical_if_different(input: &Input<'_>) -> Option<String> {
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    let canonical = Renderer::new(&options)
        .ok()?
        .render(input.ruleset, input.format)
        .ok()?;
    (canonical != input.text).then_some(canonical)
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
struct Region {
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
        Some((rule.label(), kept.offset..kept.offset + kept.source.len()))
    });
    let mut regions = vec![Region {
        name: "the header".to_string(),
        span: 0..first,
    }];
    let mut end_of_rules = 0;
    for (number, span) in rules {
        end_of_rules = end_of_rules.max(span.end);
        regions.push(Region {
            name: format!("rule {number}"),
            span,
        });
    }
    regions.push(Region {
        name: "the end of the file".to_string(),
        span: end_of_rules.max(first)..input.text.len(),
    });
    regions
}

#[cfg(test)]
mod tests;
