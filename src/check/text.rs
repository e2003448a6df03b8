//! Rule bodies: a paragraph printed twice in one rule, a rule with no text.

use super::{finding, locate, Code, Input};
use crate::diagnostic::Diagnostic;
use std::collections::HashMap;

/// Paragraphs shorter than this many words (headings such as `Cowboy:`,
/// short list items) may repeat on purpose.
const MIN_WORDS: usize = 5;

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    for rule in &input.ruleset.rules {
        if rule.text.trim().is_empty() {
            findings.push(
                finding(
                    Code::EmptyRule,
                    format!("rule {} has no text", rule.number),
                    locate::heading(rule),
                )
                .with_label("empty rule")
                .with_help("restore the rule's text, or repeal the rule"),
            );
            continue;
        }
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for paragraph in rule.text.split("\n\n").map(str::trim) {
            if paragraph.split_whitespace().count() < MIN_WORDS {
                continue;
            }
            let count = seen.entry(paragraph).or_insert(0);
            *count += 1;
            if *count == 1 {
                continue;
            }
            let first = locate::phrase(rule, paragraph, 0);
            let span = locate::phrase(rule, paragraph, *count - 1).map_or_else(
                || locate::heading(rule),
                |span| locate::first_line_of(input.text, span),
            );
            let mut diagnostic = finding(
                Code::RepeatedParagraph,
                format!("a paragraph of rule {} is repeated", rule.number),
                span,
            );
            if let Some(first) = first {
                diagnostic = diagnostic.with_label(format!(
                    "same as the paragraph on line {}",
                    input.line_of(first.start)
                ));
            }
            findings.push(diagnostic.with_help("delete the copy"));
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
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
