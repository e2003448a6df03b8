//! Rule numbers: each number once, in ascending order. Identifiers that
//! are not numbers (`UC1`) are in order within their prefix.

use super::{finding, holds_a_ruleset, locate, Code, Input};
use crate::diagnostic::Diagnostic;
use crate::model::identifier;
use std::collections::HashMap;

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    let mut first_seen: HashMap<u32, &crate::model::Rule> = HashMap::new();
    let mut highest: HashMap<String, (i64, String)> = HashMap::new();
    for rule in &input.ruleset.rules {
        // Where a finding points, found only for a finding (a walk over the
        // rule's kept source).
        let heading = || locate::heading(input.kept(rule));
        let label = rule.label();
        if let Some(first) = first_seen.get(&rule.number) {
            let first_line = input.line_of(locate::heading(input.kept(first)).start);
            findings.push(
                finding(
                    Code::DuplicateRuleNumber,
                    format!("rule {label} appears more than once"),
                    heading(),
                )
                .with_label(format!("rule {label} is already on line {first_line}"))
                .with_help("give one of them a number no other rule has, or delete the copy"),
            );
            continue;
        }
        first_seen.insert(rule.number, rule);
        let (prefix, value) = identifier::order_key(&label);
        match highest.get(&prefix) {
            // Pages joined into one file come in any order.
            Some((previous, previous_label))
                if value < *previous && holds_a_ruleset(input.format) =>
            {
                findings.push(
                    finding(
                        Code::RuleOutOfOrder,
                        format!("rule {label} comes after rule {previous_label}"),
                        heading(),
                    )
                    .with_label("out of order")
                    .with_help("list rules in ascending order of number"),
                );
            }
            _ => {
                highest.insert(prefix, (value, label));
            }
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::testing::{codes, File};
    use crate::model::{Format, Rule};

    fn file(numbers: &[u32]) -> File {
        let sources: Vec<String> = numbers
            .iter()
            .map(|n| format!("## {n}\n\nText of {n}.\n\n"))
            .collect();
        let rules = numbers
            .iter()
            .zip(&sources)
            .map(|(&n, s)| (Rule::new(n, format!("Text of {n}.")), s.as_str()))
            .collect();
        File::new(Format::MdShort, "# RULES\n\n", rules)
    }

    #[test]
    fn a_second_rule_with_the_same_number_is_an_error_at_its_heading() {
        let file = file(&[101, 102, 102, 103]);
        let findings = check(&file.input());
        assert_eq!(codes(&findings), ["N101"]);
        assert_eq!(file.at(&findings[0].span), "## 102");
        assert_eq!(file.input().line_of(findings[0].span.start), 11);
        assert_eq!(
            findings[0].label.as_deref(),
            Some("rule 102 is already on line 7")
        );
    }

    #[test]
    fn a_rule_below_its_predecessor_is_out_of_order() {
        let file = file(&[101, 201, 105, 202]);
        let findings = check(&file.input());
        assert_eq!(codes(&findings), ["N102"]);
        assert_eq!(findings[0].message, "rule 105 comes after rule 201");
        assert_eq!(file.at(&findings[0].span), "## 105");
    }

    #[test]
    fn ascending_unique_numbers_are_clean() {
        assert!(check(&file(&[101, 102, 201, 305, 601]).input()).is_empty());
    }
}
