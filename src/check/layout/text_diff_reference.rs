//! The findings of [`super::differences`] as they were computed before the
//! line diff of [`super::line_diff`]: the ops of `similar::TextDiff` and
//! its lines of the canonical text, kept to prove the two equal. What the
//! ops become is [`super::findings_of_ops`] either way; its line starts
//! are held to a table of them in `line_diff`'s tests.

use super::{crlf_finding, findings_of_ops, Region};
use crate::diagnostic::Diagnostic;
use similar::TextDiff;

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
    let diff = TextDiff::from_lines(compared, canonical);
    let canonical_line = |index| diff.new_slice(index);
    findings.extend(findings_of_ops(
        text,
        diff.ops(),
        canonical_line,
        regions,
        quirks,
    ));
    findings
}
