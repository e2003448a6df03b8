//! Citations of rules that are not in the ruleset (`refs::graph`).

use super::{finding, locate, Code, Input};
use crate::diagnostic::Diagnostic;
use crate::model::Rule;
use crate::refs::{self, Dangling, Reference};
use std::ops::Range;

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    for dangling in &refs::dangling(input.ruleset) {
        let Some(rule) = input.ruleset.rules.get(dangling.rule_index) else {
            continue;
        };
        findings.push(dangling_finding(input, rule, dangling));
    }
    findings
}

/// The finding of `rule`'s citation `dangling` (`rule` is one of
/// [`Input::ruleset`]'s).
pub(super) fn dangling_finding(input: &Input<'_>, rule: &Rule, dangling: &Dangling) -> Diagnostic {
    // The citations of this very rule (the graph merges rules that
    // share a number).
    let references = refs::extract(&rule.text);
    let (what, which) = match (&dangling.id, dangling.range_end) {
        (Some(id), _) => (format!("rule {id}"), "which is not"),
        (None, Some(end)) => (
            format!("rules {}-{end}", dangling.number),
            "none of which is",
        ),
        (None, None) => (format!("rule {}", dangling.number), "which is not"),
    };
    finding(
        Code::DanglingReference,
        format!(
            "rule {} cites {what}, {which} in the ruleset",
            rule.label()
        ),
        span_in_file(input.kept(rule), rule, &references, dangling),
    )
    .with_label(format!("no {what}"))
    .with_help("correct the number, or restore the rule it meant; if the rule was repealed, amend the citing rule")
}

/// Where the dangling digits are in the file: the citation that holds them
/// is found in the rule's source (its `nth` occurrence, as in the text),
/// then the digits within it.
fn span_in_file(
    kept: Option<locate::Kept<'_>>,
    rule: &Rule,
    references: &[Reference],
    dangling: &Dangling,
) -> Range<usize> {
    let text = &rule.text;
    let Some(reference) = references
        .iter()
        .find(|r| r.span.start <= dangling.span.start && dangling.span.end <= r.span.end)
    else {
        return locate::heading(kept);
    };
    let phrase = &text[reference.span.clone()];
    let nth = references
        .iter()
        .take_while(|r| r.span.start < reference.span.start)
        .filter(|r| &text[r.span.clone()] == phrase)
        .count();
    let (Some(found), Some(layout)) = (locate::phrase(kept, phrase, nth), kept) else {
        return locate::heading(kept);
    };
    let digits = &text[dangling.span.clone()];
    let before = text[reference.span.start..dangling.span.start]
        .matches(digits)
        .count();
    let local = found.start - layout.offset..found.end - layout.offset;
    let in_phrase = &layout.source[local.clone()];
    match in_phrase.match_indices(digits).nth(before) {
        Some((at, _)) => found.start + at..found.start + at + digits.len(),
        None => found,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::testing::{codes, File};
    use crate::model::Format;

    #[test]
    fn a_citation_of_a_missing_rule_points_at_its_digits() {
        let text_303 = "Only the most recent proposal may be scored taking precedence over both Rule 206 and Rule 304.";
        let source_303 = "Rule 303\n\nOnly the most recent proposal may be scored taking precedence over both Rule 206 and Rule 304.\n\n\n";
        let file = File::new(
            Format::TxtPlain,
            "Nomic\n\n\n",
            vec![
                (Rule::new(303, text_303), source_303),
                (Rule::new(304, "See Rule 303."), "Rule 304\n\nSee Rule 303."),
            ],
        );
        let findings = check(&file.input());
        assert_eq!(codes(&findings), ["N401"]);
        assert_eq!(file.at(&findings[0].span), "206");
        assert_eq!(
            findings[0].message,
            "rule 303 cites rule 206, which is not in the ruleset"
        );
    }

    #[test]
    fn wrapped_citations_and_ranges_are_found() {
        let text = "Set consists of Rules 101-117 (immutable).\n\nAlso Rule 999.";
        let source = "Rule 101/0\n\n      Set consists of Rules\n      101-117 (immutable).\n\n      Also Rule 999.\n\n";
        let file = File::new(Format::TxtLong, "", vec![(Rule::new(101, text), source)]);
        let findings = check(&file.input());
        assert_eq!(codes(&findings), ["N401"]);
        assert_eq!(file.at(&findings[0].span), "999");

        let file = File::new(
            Format::TxtLong,
            "",
            vec![(
                Rule::new(150, "See Rules 500-510."),
                "Rule 150\n\nSee Rules\n  500-510.",
            )],
        );
        let findings = check(&file.input());
        assert_eq!(file.at(&findings[0].span), "500-510");
        assert!(findings[0]
            .message
            .contains("rules 500-510, none of which is"));
    }

    #[test]
    fn citations_of_present_rules_are_clean() {
        let file = File::new(
            Format::TxtPlain,
            "",
            vec![
                (
                    Rule::new(201, "See Rule 202."),
                    "Rule 201\n\nSee Rule 202.\n\n\n",
                ),
                (Rule::new(202, "See rule 201."), "Rule 202\n\nSee rule 201."),
            ],
        );
        assert!(check(&file.input()).is_empty());
    }
}
