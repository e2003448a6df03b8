//! Rule numbers: each number once, in ascending order. Identifiers that
//! are not numbers (`UC1`) are in order within their prefix.

use super::{finding, locate, Code, Input, Kept};
use crate::diagnostic::Diagnostic;
use crate::model::identifier;
use std::collections::HashMap;
use std::fmt;

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    let mut numbers = Numbers::new(*input, input.ruleset.rules.len());
    let rules = &input.ruleset.rules;
    for (index, rule) in rules.iter().enumerate() {
        numbers.next(rule.number, rule.id.as_deref(), index, |index| {
            input.kept(&rules[index])
        });
    }
    numbers.findings
}

/// The rules' numbers seen so far, walked in file order.
pub(super) struct Numbers<'k> {
    /// What is checked: for the places that findings cite, and whether the
    /// order is checked.
    input: Input<'k>,
    /// The index of the first rule of each number (its place is looked up
    /// only for a finding: 8 bytes an entry, not 32).
    first_seen: HashMap<u32, u32>,
    /// The highest value of the identifiers without a prefix (every plain
    /// number), with its label.
    plain: Option<(i64, Label)>,
    /// The highest value of each other prefix, with its label.
    highest: HashMap<String, (i64, Label)>,
    /// The findings so far, in rule order.
    pub(super) findings: Vec<Diagnostic>,
}

impl<'k> Numbers<'k> {
    /// The check of a ruleset of about `rules` rules: the map of first
    /// places is made at its size, so it never holds its old and its new
    /// table at once while it grows (a quarter of a megabyte more at the
    /// peak of `nomic check` at 10,000 rules).
    pub(super) fn new(input: Input<'k>, rules: usize) -> Numbers<'k> {
        Numbers {
            input,
            first_seen: HashMap::with_capacity(rules),
            plain: None,
            highest: HashMap::new(),
            findings: Vec::new(),
        }
    }

    /// The next rule in file order: its number, its identifier (`None`
    /// when it is the number) and its index; `kept` gives the place of the
    /// rule of an index (this one's or an earlier one's).
    pub(super) fn next(
        &mut self,
        number: u32,
        id: Option<&str>,
        index: usize,
        kept: impl Fn(usize) -> Option<Kept<'k>>,
    ) {
        // Where a finding points, found only for a finding (a walk over the
        // rule's kept source); the label is written only for one too.
        let heading = || locate::heading(kept(index));
        let label = Label::of(number, id);
        match self.first_seen.get(&number).copied() {
            Some(first) => {
                let at = locate::heading(kept(first as usize)).start;
                let first = self.input.place(at);
                self.findings.push(
                    finding(
                        Code::DuplicateRuleNumber,
                        format!("rule {label} appears more than once"),
                        heading(),
                    )
                    .with_label(format!("rule {label} is already on {first}"))
                    .with_help("give one of them a number no other rule has, or delete the copy"),
                );
                return;
            }
            None => {
                let index = u32::try_from(index).expect("fewer than 2^32 rules");
                self.first_seen.insert(number, index);
            }
        }
        // A plain number is its own value, without a prefix; a name has no
        // place in the order.
        let (prefix, value) = match id {
            None => (String::new(), i64::from(number)),
            Some(id) => match identifier::order_key(id) {
                Some(key) => key,
                None => return,
            },
        };
        let highest = if prefix.is_empty() {
            self.plain.as_mut()
        } else {
            self.highest.get_mut(&prefix)
        };
        match highest {
            // Pages joined into one file come in any order.
            Some((previous, previous_label)) if value < *previous && self.input.ordered() => {
                self.findings.push(
                    finding(
                        Code::RuleOutOfOrder,
                        format!("rule {label} comes after rule {previous_label}"),
                        heading(),
                    )
                    .with_label("out of order")
                    .with_help("list rules in ascending order of number"),
                );
            }
            Some(highest) => *highest = (value, label),
            None if prefix.is_empty() => self.plain = Some((value, label)),
            None => {
                self.highest.insert(prefix, (value, label));
            }
        }
    }
}

/// A rule's label ([`crate::model::Rule::label`]), written out only for a
/// finding.
enum Label {
    Number(u32),
    Id(String),
}

impl Label {
    fn of(number: u32, id: Option<&str>) -> Label {
        id.map_or(Label::Number(number), |id| Label::Id(id.to_string()))
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Number(number) => write!(f, "{number}"),
            Label::Id(id) => f.write_str(id),
        }
    }
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
