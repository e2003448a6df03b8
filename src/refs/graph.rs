//! Who cites whom in a ruleset.

use super::{CitedNumber, Reference};
use crate::model::Ruleset;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::ops::RangeInclusive;

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
    /// The citing rule's position in `Ruleset::rules`: it tells apart rules
    /// that share a number (a defect `nomic check` reports), whose texts
    /// `span` could otherwise point into either of.
    pub rule_index: usize,
    /// The cited number (the start, for a range).
    pub number: u32,
    /// The end of a cited range.
    pub range_end: Option<u32>,
    /// The identifier cited, when it is not a number (`UC7`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The digits (of the whole range, for a range), in the citing rule's text.
    pub span: Range<usize>,
}

/// The reference graph of a ruleset, from its rule texts.
pub fn graph(ruleset: &Ruleset) -> ReferenceGraph {
    let existing: BTreeSet<u32> = ruleset.rules.iter().map(|rule| rule.number).collect();
    let by_id: BTreeMap<&str, u32> = ruleset
        .rules
        .iter()
        .filter_map(|rule| Some((rule.id.as_deref()?, rule.number)))
        .collect();
    let mut graph = ReferenceGraph::default();
    for &number in &existing {
        graph.references.insert(number, Vec::new());
        graph.cites.insert(number, BTreeSet::new());
        graph.cited_by.insert(number, BTreeSet::new());
    }
    // Reading the citations of a text is the costly part, and each rule's
    // is its own: both cores read them, then the graph is joined in order.
    let extracted: Vec<Vec<Reference>> = ruleset
        .rules
        .par_iter()
        .with_min_len(64)
        .map(super::extract_rule)
        .collect();
    for ((index, rule), references) in ruleset.rules.iter().enumerate().zip(extracted) {
        for cited in references.iter().flat_map(|reference| &reference.numbers) {
            let targets: Vec<u32> = match &cited.id {
                Some(id) => by_id.get(id.as_str()).copied().into_iter().collect(),
                None => existing.range(cited.numbers()).copied().collect(),
            };
            if targets.is_empty() {
                graph.dangling.push(dangling_of(rule.number, index, cited));
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

/// Whether `cited` names a rule there is: the rule with its id, where it
/// cites one by id, else one whose number is within what it cites, looked
/// up in `numbers` (every rule's, sorted).
pub(crate) fn cites_existing(
    cited: &CitedNumber,
    numbers: &[u32],
    has_id: impl Fn(&str) -> bool,
) -> bool {
    match &cited.id {
        Some(id) => has_id(id),
        None => cites_a_number_of(&cited.numbers(), numbers),
    }
}

/// Whether a rule numbered within `cites` is in `numbers` (every rule's,
/// sorted): [`cites_existing`] for a citation by number.
pub(crate) fn cites_a_number_of(cites: &RangeInclusive<u32>, numbers: &[u32]) -> bool {
    let first = numbers.partition_point(|&number| number < *cites.start());
    numbers
        .get(first)
        .is_some_and(|number| number <= cites.end())
}

/// Only the citations of rules the ruleset lacks: the `dangling` of
/// [`graph`], without building who cites whom (what `nomic check` needs).
pub fn dangling(ruleset: &Ruleset) -> Vec<Dangling> {
    let mut existing: Vec<u32> = ruleset.rules.iter().map(|rule| rule.number).collect();
    existing.sort_unstable();
    let ids: BTreeSet<&str> = ruleset
        .rules
        .iter()
        .filter_map(|rule| rule.id.as_deref())
        .collect();
    let exists = |cited: &CitedNumber| cites_existing(cited, &existing, |id| ids.contains(id));
    let per_rule: Vec<Vec<Dangling>> = ruleset
        .rules
        .par_iter()
        .enumerate()
        .with_min_len(64)
        .map(|(index, rule)| {
            super::extract_rule(rule)
                .iter()
                .flat_map(|reference| &reference.numbers)
                .filter(|cited| !exists(cited))
                .map(|cited| dangling_of(rule.number, index, cited))
                .collect()
        })
        .collect();
    per_rule.into_iter().flatten().collect()
}

/// The citation `cited` of the rule at `rule_index` (numbered `rule`) as a
/// dangling one.
pub(crate) fn dangling_of(rule: u32, rule_index: usize, cited: &CitedNumber) -> Dangling {
    let end = cited
        .range_end
        .as_ref()
        .map_or(cited.span.end, |(_, span)| span.end);
    Dangling {
        rule,
        rule_index,
        number: cited.number,
        range_end: cited.range_end.as_ref().map(|(end, _)| *end),
        id: cited.id.clone(),
        span: cited.span.start..end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{synthetic_ruleset, Rule};

    fn ruleset() -> Ruleset {
        Ruleset::new(
            "T",
            vec![
                Rule::new(
                    101,
                    "The Initial Set consists of Rules 101-116 (immutable) and 201-213 (mutable).",
                ),
                Rule::new(201, "Nothing here: 24 hours, 35 points, 100's."),
                Rule::new(303, "taking precedence over both Rule 206 and Rule 304."),
                Rule::new(304, "See Rule 201 and Rule 303, and Rules 500-510."),
            ],
        )
    }

    #[test]
    fn cites_and_cited_by_cover_every_rule() {
        let graph = graph(&ruleset());
        let set = |numbers: &[u32]| numbers.iter().copied().collect::<BTreeSet<u32>>();
        assert_eq!(graph.cites[&101], set(&[101, 201]));
        assert_eq!(graph.cites[&201], set(&[]));
        assert_eq!(graph.cites[&303], set(&[304]));
        assert_eq!(graph.cites[&304], set(&[201, 303]));
        assert_eq!(graph.cited_by[&101], set(&[101]));
        assert_eq!(graph.cited_by[&201], set(&[101, 304]));
        assert_eq!(graph.cited_by[&303], set(&[304]));
        assert_eq!(graph.cited_by[&304], set(&[303]));
        assert_eq!(graph.references[&201], vec![]);
        assert_eq!(graph.references[&303].len(), 1);
    }

    #[test]
    fn citations_of_missing_rules_are_dangling_with_their_span() {
        let ruleset = ruleset();
        let graph = graph(&ruleset);
        let text_303 = &ruleset.rule(303).unwrap().text;
        let text_304 = &ruleset.rule(304).unwrap().text;
        assert_eq!(
            graph.dangling,
            vec![
                Dangling {
                    rule: 303,
                    rule_index: 2,
                    number: 206,
                    range_end: None,
                    id: None,
                    span: 33..36,
                },
                Dangling {
                    rule: 304,
                    rule_index: 3,
                    number: 500,
                    range_end: Some(510),
                    id: None,
                    span: 37..44,
                },
            ]
        );
        assert_eq!(&text_303[33..36], "206");
        assert_eq!(&text_304[37..44], "500-510");
    }

    #[test]
    fn rules_sharing_a_number_keep_their_own_dangling_citations() {
        let ruleset = Ruleset::new(
            "T",
            vec![
                Rule::new(201, "See Rule 999."),
                Rule::new(201, "A longer text that cites Rule 998."),
            ],
        );
        let graph = graph(&ruleset);
        let found: Vec<(usize, u32, &str)> = graph
            .dangling
            .iter()
            .map(|d| {
                (
                    d.rule_index,
                    d.number,
                    &ruleset.rules[d.rule_index].text[d.span.clone()],
                )
            })
            .collect();
        assert_eq!(found, vec![(0, 999, "999"), (1, 998, "998")]);
        assert_eq!(graph.references[&201].len(), 2);
    }

    #[test]
    fn synthetic_citations_all_resolve() {
        // Synthetic rulesets cite only rules they contain.
        let ruleset = synthetic_ruleset(80, 3);
        let graph = graph(&ruleset);
        assert!(graph.dangling.is_empty(), "{:?}", graph.dangling);
        let citing = graph
            .cites
            .values()
            .filter(|cited| !cited.is_empty())
            .count();
        assert!(citing > 10, "synthetic texts cite rules");
        for (rule, cited) in &graph.cites {
            for target in cited {
                assert!(graph.cited_by[target].contains(rule));
            }
        }
    }

    #[test]
    fn dangling_alone_is_the_graphs_dangling() {
        let mut rules = ruleset().rules;
        rules.push(Rule::new(
            305,
            "Rules 302-303 and 400-402, Rule 0 and Rule 99999.",
        ));
        rules.push(Rule::new(
            201,
            "A second 201 citing Rule 12 and Rules 90-100.",
        ));
        let mut with_id = Rule::new(306, "Rule UC1 and Rule UC2.");
        with_id.id = Some("UC1".to_string());
        rules.push(with_id);
        let ruleset = Ruleset::new("T", rules);
        assert_eq!(dangling(&ruleset), graph(&ruleset).dangling);
        assert_eq!(dangling(&ruleset).len(), 8);
        for name in crate::parse::tests::BUNDLED {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("rulesets")
                .join(name);
            let bytes = std::fs::read(path).unwrap();
            let ruleset = crate::parse::read(&bytes, &crate::parse::ReadOptions::default())
                .unwrap()
                .ruleset;
            assert_eq!(dangling(&ruleset), graph(&ruleset).dangling, "{name}");
        }
    }
}
