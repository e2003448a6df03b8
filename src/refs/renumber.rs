//! Rewriting citations when rules are renumbered (Nomic I rule 308).

use super::grammar::MAX_DIGITS;
use super::{extract, CitedNumber};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;

/// The text with its citations renumbered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Renumbered {
    /// The input text with every citation the mapping covers rewritten, except the skipped ones.
    pub text: String,
    /// The rewritten digits, as byte ranges in the *new* `text`.
    pub rewritten: Vec<Range<usize>>,
    /// Citations the mapping covers that were left as they were.
    pub skipped: Vec<Skipped>,
}

/// A citation that could not be rewritten without changing what it says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skipped {
    /// The cited number or range, with spans in the *input* text.
    pub cited: CitedNumber,
    /// Why it was left as it was.
    pub reason: SkipReason,
}

/// Why a citation was left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
#[non_exhaustive]
pub enum SkipReason {
    /// After renumbering, the rules of the range are no longer one range
    /// (`Rules 301-310` when 304 becomes 340), so no pair of endpoints says
    /// the same thing.
    RangeSplits {
        /// The rules the range would have to name after renumbering, ascending.
        rules: Vec<u32>,
    },
    /// The new number has more digits than a citation may have.
    TooLong {
        /// The new number that is too long.
        number: u32,
    },
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkipReason::RangeSplits { rules } => write!(
                f,
                "after renumbering, the range would have to name rules {}, which are not one range",
                listed(rules)
            ),
            SkipReason::TooLong { number } => write!(
                f,
                "{number} has more than {MAX_DIGITS} digits and would not be read back as a rule number"
            ),
        }
    }
}

/// `301-303, 305-310, 340` for those rules, in order.
fn listed(rules: &[u32]) -> String {
    super::runs(rules.iter().copied())
        .iter()
        .map(|&(start, end)| {
            if start == end {
                start.to_string()
            } else {
                format!("{start}-{end}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Rewrites the digits of every cited number that `mapping` covers (old →
/// new) and nothing else: not the words around them, not numbers that are
/// not citations.
///
/// A range is rewritten when the renumbered rules still form one range
/// (its endpoints become the lowest and highest of them); otherwise it is
/// left as it was and reported in `skipped`. Renumbering to a number that no
/// citation in the text uses, then back, gives the text back unchanged.
pub fn renumber(text: &str, mapping: &BTreeMap<u32, u32>) -> Renumbered {
    let map = |n: u32| mapping.get(&n).copied().unwrap_or(n);
    let mut edits: Vec<(Range<usize>, u32)> = Vec::new();
    let mut skipped = Vec::new();
    // Identifiers that are not numbers (`UC1`) are not renumbered.
    for cited in extract(text)
        .iter()
        .flat_map(|reference| &reference.numbers)
        .filter(|cited| cited.id.is_none())
    {
        match &cited.range_end {
            None => {
                if let Some(&new) = mapping.get(&cited.number) {
                    if too_long(new) {
                        skipped.push(Skipped {
                            cited: cited.clone(),
                            reason: SkipReason::TooLong { number: new },
                        });
                    } else if new != cited.number {
                        edits.push((cited.span.clone(), new));
                    }
                }
            }
            Some((end, end_span)) => {
                let old: Vec<u32> = (cited.number..=*end).collect();
                if !old.iter().any(|n| mapping.contains_key(n)) {
                    continue;
                }
                let new: BTreeSet<u32> = old.iter().map(|&n| map(n)).collect();
                let (low, high) = (new.first().copied(), new.last().copied());
                let contiguous = match (low, high) {
                    (Some(low), Some(high)) => high > low && (high - low) as usize + 1 == new.len(),
                    _ => false,
                };
                let (low, high) = (low.unwrap_or_default(), high.unwrap_or_default());
                if !contiguous {
                    skipped.push(Skipped {
                        cited: cited.clone(),
                        reason: SkipReason::RangeSplits {
                            rules: new.into_iter().collect(),
                        },
                    });
                } else if too_long(high) {
                    skipped.push(Skipped {
                        cited: cited.clone(),
                        reason: SkipReason::TooLong { number: high },
                    });
                } else {
                    if low != cited.number {
                        edits.push((cited.span.clone(), low));
                    }
                    if high != *end {
                        edits.push((end_span.clone(), high));
                    }
                }
            }
        }
    }
    apply(text, edits, skipped)
}

fn too_long(number: u32) -> bool {
    number.to_string().len() > MAX_DIGITS
}

fn apply(text: &str, mut edits: Vec<(Range<usize>, u32)>, skipped: Vec<Skipped>) -> Renumbered {
    edits.sort_by_key(|(span, _)| span.start);
    let mut out = String::with_capacity(text.len());
    let mut rewritten = Vec::with_capacity(edits.len());
    let mut copied = 0;
    for (span, number) in edits {
        out.push_str(&text[copied..span.start]);
        let start = out.len();
        out.push_str(&number.to_string());
        rewritten.push(start..out.len());
        copied = span.end;
    }
    out.push_str(&text[copied..]);
    Renumbered {
        text: out,
        rewritten,
        skipped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(pairs: &[(u32, u32)]) -> BTreeMap<u32, u32> {
        pairs.iter().copied().collect()
    }

    #[test]
    fn rewrites_only_the_digits_of_citations() {
        let text = "over both Rule 206 and Rule 304. Proposal 304 gives 304 points.";
        let out = renumber(text, &map(&[(304, 340)]));
        assert_eq!(
            out.text,
            "over both Rule 206 and Rule 340. Proposal 304 gives 304 points."
        );
        assert_eq!(out.rewritten, vec![28..31]);
        assert_eq!(&out.text[28..31], "340");
        assert!(out.skipped.is_empty());
    }

    #[test]
    fn digit_count_may_change_and_offsets_follow() {
        let text = "Rule 99 and Rule 304, superseding 201.";
        let out = renumber(text, &map(&[(99, 1000), (201, 2)]));
        assert_eq!(out.text, "Rule 1000 and Rule 304, superseding 2.");
        let rewritten: Vec<&str> = out.rewritten.iter().map(|r| &out.text[r.clone()]).collect();
        assert_eq!(rewritten, vec!["1000", "2"]);
    }

    #[test]
    fn a_range_that_stays_a_range_is_rewritten() {
        let text = "Rules 101-117 (immutable) and 201-219 (mutable).";
        let shifted: Vec<(u32, u32)> = (201..=219).map(|n| (n, n + 100)).collect();
        let out = renumber(text, &map(&shifted));
        assert_eq!(out.text, "Rules 101-117 (immutable) and 301-319 (mutable).");
        assert_eq!(out.rewritten.len(), 2);
        let swapped = renumber(text, &map(&[(101, 117), (117, 101)]));
        assert_eq!(swapped.text, text, "same set, same endpoints");
        assert!(swapped.skipped.is_empty());
    }

    #[test]
    fn a_range_that_would_change_meaning_is_skipped() {
        let text = "Rules 301-310 and Rule 304.";
        let out = renumber(text, &map(&[(304, 340)]));
        assert_eq!(out.text, "Rules 301-310 and Rule 340.");
        assert_eq!(out.skipped.len(), 1);
        assert_eq!(out.skipped[0].cited.number, 301);
        assert_eq!(&text[out.skipped[0].cited.span.clone()], "301");
        assert!(matches!(
            out.skipped[0].reason,
            SkipReason::RangeSplits { .. }
        ));
        let endpoint = renumber("Rules 301-304.", &map(&[(304, 340)]));
        assert_eq!(endpoint.text, "Rules 301-304.");
        assert_eq!(endpoint.skipped.len(), 1);
        assert!(endpoint.skipped[0]
            .reason
            .to_string()
            .contains("not one range"));
    }

    #[test]
    fn a_number_too_long_to_cite_is_skipped() {
        let out = renumber("Rule 304.", &map(&[(304, 1_000_000)]));
        assert_eq!(out.text, "Rule 304.");
        assert_eq!(
            out.skipped[0].reason,
            SkipReason::TooLong { number: 1_000_000 }
        );
    }
}
