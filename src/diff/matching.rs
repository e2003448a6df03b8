//! Pairing the rules of two rulesets.
//!
//! 1. By number, through a map: linear.
//! 2. Rules left over on both sides may be one rule renumbered; see
//!    [`super::renumber`] for how they are paired without comparing every
//!    leftover with every other.
//!
//! The threshold is [`RENUMBER_THRESHOLD`] = 0.9 on the word ratio
//! `2·matched / (old words + new words)`: a renumbering in a Nomic game is a
//! move (ratio 1.0), sometimes with a word or two touched up; two different
//! rules of one game share vocabulary ("player", "turn", "vote") yet score
//! low: among the 57 rules of Nomic IV the most alike pair (106 and 204)
//! scores 0.37, the median pair 0.06; and the real amendments of that game
//! score about 0.6–0.7 against their old text, so a rule amended *and* moved
//! is reported as a repeal and an enactment, which is what it is in effect.
//! 0.9 keeps a moved rule with a word or two touched up together, and
//! nothing else. Rules shorter than ten words need an exact match (one
//! changed word already costs more than 10%).

use super::lens::Lens;
use super::renumber::renumberings;
use crate::model::{Rule, Ruleset};
use std::collections::HashMap;

/// The least word ratio at which a vanished rule and a new rule are taken to
/// be one rule renumbered (see the module documentation for why 0.9).
pub(crate) const RENUMBER_THRESHOLD: f32 = 0.9;

/// Two rules taken to be the same rule; `similarity` is set for renumberings.
pub(crate) struct Pair<'a> {
    pub old: &'a Rule,
    pub new: &'a Rule,
    pub similarity: Option<f32>,
}

pub(crate) struct Matching<'a> {
    pub pairs: Vec<Pair<'a>>,
    pub repealed: Vec<&'a Rule>,
    pub enacted: Vec<&'a Rule>,
}

pub(crate) fn match_rules<'a>(
    old: &'a Ruleset,
    new: &'a Ruleset,
    lens: &Lens,
    threshold: f32,
) -> Matching<'a> {
    // The k-th rule numbered n on one side pairs with the k-th rule numbered
    // n on the other, so duplicated numbers (a defect `check` reports) still
    // pair deterministically.
    let mut by_number: HashMap<(u32, usize), usize> = HashMap::with_capacity(old.rules.len());
    let mut seen: HashMap<u32, usize> = HashMap::with_capacity(old.rules.len());
    for (index, rule) in old.rules.iter().enumerate() {
        let occurrence = seen.entry(rule.number).or_default();
        by_number.insert((rule.number, *occurrence), index);
        *occurrence += 1;
    }
    seen.clear();
    let mut old_taken = vec![false; old.rules.len()];
    let mut pairs = Vec::with_capacity(new.rules.len());
    let mut unmatched_new = Vec::new();
    for rule in &new.rules {
        let occurrence = seen.entry(rule.number).or_default();
        match by_number.get(&(rule.number, *occurrence)) {
            Some(&index) => {
                old_taken[index] = true;
                pairs.push(Pair {
                    old: &old.rules[index],
                    new: rule,
                    similarity: None,
                });
            }
            None => unmatched_new.push(rule),
        }
        *occurrence += 1;
    }
    let unmatched_old: Vec<&Rule> = old
        .rules
        .iter()
        .zip(&old_taken)
        .filter(|(_, taken)| !**taken)
        .map(|(rule, _)| rule)
        .collect();
    let (renumbered, repealed, enacted) =
        renumberings(unmatched_old, unmatched_new, lens, threshold);
    pairs.extend(renumbered);
    Matching {
        pairs,
        repealed,
        enacted,
    }
}
