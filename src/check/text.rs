//! Rule bodies: a paragraph printed twice in one rule, a rule with no text.

use super::{finding, locate, Code, Input};
use crate::diagnostic::Diagnostic;
use crate::model::Rule;
use std::collections::HashMap;

/// Paragraphs shorter than this many words (headings such as `Cowboy:`,
/// short list items) may repeat on purpose.
const MIN_WORDS: usize = 5;

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    input.each_rule(|rule| rule_findings(input, rule))
}

/// An empty rule, or the paragraphs a rule repeats.
fn rule_findings(input: &Input<'_>, rule: &Rule) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    if rule.text.trim().is_empty() {
        findings.push(
            finding(
                Code::EmptyRule,
                format!("rule {} has no text", rule.label()),
                locate::heading(input.kept(rule)),
            )
            .with_label("empty rule")
            .with_help("restore the rule's text, or repeal the rule"),
        );
        return findings;
    }
    if !has_repeat(&rule.text) {
        return findings;
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for paragraph in paragraphs(&rule.text) {
        let count = seen.entry(paragraph).or_insert(0);
        *count += 1;
        if *count == 1 {
            continue;
        }
        let first = locate::phrase(input.kept(rule), paragraph, 0);
        let span = locate::phrase(input.kept(rule), paragraph, *count - 1).map_or_else(
            || locate::heading(input.kept(rule)),
            |span| locate::first_line_of(input.text, span),
        );
        let mut diagnostic = finding(
            Code::RepeatedParagraph,
            format!("a paragraph of rule {} is repeated", rule.label()),
            span,
        );
        if let Some(first) = first {
            diagnostic = diagnostic.with_label(format!(
                "same as the paragraph on {}",
                input.place(first.start)
            ));
        }
        findings.push(diagnostic.with_help("delete the copy"));
    }
    findings
}

/// The paragraphs of a rule's text that are long enough to count, trimmed.
fn paragraphs(text: &str) -> impl Iterator<Item = &str> {
    split_paragraphs(text)
        .map(str::trim)
        .filter(|paragraph| long_enough(paragraph))
}

/// `text.split("\n\n")`, finding each break by its first line break (a
/// byte search) rather than by a search for the two-byte string.
fn split_paragraphs(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        let mut from = 0;
        while let Some(newline) = current[from..].find('\n').map(|i| from + i) {
            if current.as_bytes().get(newline + 1) == Some(&b'\n') {
                rest = Some(&current[newline + 2..]);
                return Some(&current[..newline]);
            }
            from = newline + 1;
        }
        rest = None;
        Some(current)
    })
}

/// Whether any paragraph that counts appears twice: the quick test before
/// the findings are made (most rules repeat nothing), by sorting instead of
/// hashing every paragraph, and counting the words of repeated ones only
/// (copies have the same words).
fn has_repeat(text: &str) -> bool {
    let mut all: Vec<&str> = split_paragraphs(text).map(str::trim).collect();
    if all.len() < 2 {
        return false;
    }
    all.sort_unstable_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    all.windows(2)
        .any(|pair| pair[0] == pair[1] && long_enough(pair[0]))
}

/// Whether a paragraph has the words to count as one that should not repeat.
fn long_enough(paragraph: &str) -> bool {
    paragraph.split_whitespace().nth(MIN_WORDS - 1).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_split_as_str_split_does() {
        for text in [
            "",
            "a",
            "a\n\nb",
            "a\n\n\nb",
            "a\n\n\n\nb\n",
            "\n\n",
            "\n",
            "a\nb\n\n",
            "é\n\nü\n\n\n\n",
            "x\r\n\r\ny\n\nz",
        ] {
            let expected: Vec<&str> = text.split("\n\n").collect();
            assert_eq!(
                split_paragraphs(text).collect::<Vec<_>>(),
                expected,
                "{text:?}"
            );
        }
    }
    use crate::check::testing::{codes, File};
    use crate::model::{Format, Rule};

    const PARAGRAPH: &str = "Players may only change their vote three times per proposal.";

    #[test]
    fn a_repeated_paragraph_is_flagged_on_its_second_copy() {
        let text = format!("{PARAGRAPH}\n\n{PARAGRAPH}");
        let source = format!("Rule 310\n\n{PARAGRAPH}\n\n{PARAGRAPH}\n\n\n");
        let file = File::new(
            Format::TxtPlain,
            "T\n\n\n",
            vec![(Rule::new(310, text), &source)],
        );
        let findings = check(&file.input());
        assert_eq!(codes(&findings), ["N501"]);
        assert_eq!(file.input().line_of(findings[0].span.start), 8);
        assert_eq!(file.at(&findings[0].span), PARAGRAPH);
        assert_eq!(
            findings[0].label.as_deref(),
            Some("same as the paragraph on line 6")
        );
    }

    #[test]
    fn distinct_paragraphs_and_short_repeats_are_clean() {
        let text = format!("{PARAGRAPH}\n\nCowboy:\n\nOther words in this one here.\n\nCowboy:");
        let file = File::new(
            Format::TxtPlain,
            "",
            vec![(Rule::new(333, text.clone()), &text)],
        );
        assert!(check(&file.input()).is_empty());
    }

    #[test]
    fn an_empty_body_is_an_error_at_the_heading() {
        let file = File::new(
            Format::MdShort,
            "# RULES\n\n",
            vec![(Rule::new(205, ""), "## 205\n\n")],
        );
        let findings = check(&file.input());
        assert_eq!(codes(&findings), ["N502"]);
        assert_eq!(file.at(&findings[0].span), "## 205");
    }
}
