//! The findings of [`super::differences`] as they were computed before the
//! line diff of [`super::line_diff`]: with `similar::TextDiff`, kept to
//! prove the two equal.

use super::{crlf_finding, describe, finding, line_end, Code, Region, FIX};
use crate::diagnostic::Diagnostic;
use similar::{DiffTag, TextDiff};

pub(super) fn differences_by_text_diff(
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
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let diff = TextDiff::from_lines(compared, canonical);
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
    for op in diff.ops() {
        let (tag, old, new) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            continue;
        }
        let line = old.start.min(line_starts.len() - 1);
        let offset = line_starts[line];
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
            .then(|| diff.new_slice(new.start))
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
