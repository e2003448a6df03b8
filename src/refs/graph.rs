//! Who cites whom in a ruleset.

use super::{extract, CitedNumber, Reference};
use crate::model::Ruleset;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// The citations between the rules of a ruleset.
///
/// Every rule of the ruleset is a key of `references`, `cites` and
/// `cited_by`, with an empty value when it has none. `cites` and `cited_by`
/// hold rules that exist; citations of numbers that do not are in
/// `dangling`. A range (`Rules 101-117`) cites the rules of the ruleset that
/// lie in it, and is dangling only when none does: rulesets keep stating
/// their Initial Set after some of its rules were repealed, and that is not
/// a broken citation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ReferenceGraph {
    /// Every citation in each rule's text; spans are byte offsets in `Rule::text`.
    pub references: BTreeMap<u32, Vec<Reference>>,
    /// For each rule, the existing rules its text cites.
    pub cites: BTreeMap<u32, BTreeSet<u32>>,
    /// For each rule, the rules whose texts cite it.
    pub cited_by: BTreeMap<u32, BTreeSet<u32>>,
    /// Citations of rules that are not in the ruleset, in rule order.
    pub dangling: Vec<Dangling>,
}

/// A citation of a rule (or of a range of rules) that the ruleset lacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dangling {
    /// The citing rule.
    pub rule: u32,
    /// The cited number (the start, for a range).
    pub number: u32,
    /// The end of a cited range.
    pub range_end: Option<u32>,
    /// The digits (of the whole range, for a range), in the citing rule's text.
    pub span: Range<usize>,
}

/// The reference graph of a ruleset, from its rule texts.
pub fn graph(ruleset: &Ruleset) -> ReferenceGraph {
    let existing: BTreeSet<u32> = ruleset.rules.iter().map(|rule| rule.number).collect();
    let mut graph = ReferenceGraph::default();
    for &number in &existing {
        graph.references.insert(number, Vec::new());
        graph.cites.insert(number, BTreeSet::new());
        graph.cited_by.insert(number, BTreeSet::new());
    }
    for rule in &ruleset.rules {
        let references = extract(&rule.text);
        for cited in references.iter().flat_map(|reference| &reference.numbers) {
            let targets: Vec<u32> = existing.range(cited.numbers()).copied().collect();
            if targets.is_empty() {
                graph.dangling.push(dangling(rule.number, cited));
            }
            for target in targets {
                graph.cites.entry(rule.number).or_default().insert(target);
                graph
                    .cited_by
                    .entry(target)
                    .or_default()
                    .insert(rule.number);
            }
        }
        graph
            .references
            .entry(rule.number)
            .or_default()
            .extend(references);
    }
    graph
}

fn dangling(rule: u32, cited: &CitedNumber) -> Dangling {
    let end = cited
        .range_end
        .as_ref()
        .map_or(cited.span.end, |(_, span)| span.end);
    Dangling {
        rule,
        number: cited.number,
        range_end: cited.range_end.as_ref().map(|(end, _)| *end),
        span: cited.span.start..end,
    }
}
