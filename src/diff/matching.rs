//! Pairing the rules of two rulesets.
//!
//! 1. By number, through a map: linear.
//! 2. Rules left over on both sides may be one rule renumbered. Identical
//!    texts pair through a map (a pure renumbering). The rest are compared
//!    pairwise, but only after two cheap filters that a pair must pass to
//!    possibly reach the threshold: a length band (a word ratio of `t` needs
//!    the shorter text to have at least `t / (2 - t)` of the longer one's
//!    words) and a 256-bit word-set signature (each distinct word one side has
//!    and the other lacks costs at least one unmatched word). Only survivors
//!    get the real ratio from `similar`. Pairs are then taken greedily, best
//!    ratio first.
//!
//! The threshold is [`RENUMBER_THRESHOLD`] = 0.9 on the word ratio
//! `2·matched / (old words + new words)`: a renumbering in a Nomic game is a
//! move (ratio 1.0), sometimes with a word or two touched up; two different
//! rules of one game share much vocabulary ("player", "turn", "vote") and
//! score 0.3–0.6, and a real amendment that rewrites a sentence of a
//! paragraph falls below 0.9. So 0.9 keeps a moved-and-tweaked rule together
//! while an unrelated enactment next to a repeal is reported as such. Rules
//! shorter than ten words need an exact match (one changed word already
//! costs more than 10%).

use super::lens::Lens;
use crate::model::{Rule, Ruleset};
use similar::{Algorithm, TextDiff};
use std::borrow::Cow;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};

/// The least word ratio at which a vanished rule and a new rule are taken to
/// be one rule renumbered (see the module documentation for why 0.9).
pub const RENUMBER_THRESHOLD: f32 = 0.9;

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

/// A leftover rule's body as compared, split into words once.
struct Candidate<'a> {
    rule: &'a Rule,
    body: Cow<'a, str>,
    signature: [u64; 4],
    words: usize,
}

impl<'a> Candidate<'a> {
    fn new(rule: &'a Rule, lens: &Lens) -> Candidate<'a> {
        let body = lens.body(&rule.text);
        let mut signature = [0u64; 4];
        let mut words = 0;
        for word in body.split_whitespace() {
            let mut hasher = DefaultHasher::new();
            word.hash(&mut hasher);
            let bit = hasher.finish() % 256;
            signature[(bit / 64) as usize] |= 1 << (bit % 64);
            words += 1;
        }
        Candidate {
            rule,
            body,
            signature,
            words,
        }
    }

    /// An upper bound of the word ratio with `other`, from counts alone.
    fn ratio_bound(&self, other: &Candidate) -> f32 {
        let lacking = |a: &[u64; 4], b: &[u64; 4]| -> usize {
            a.iter()
                .zip(b)
                .map(|(x, y)| (x & !y).count_ones() as usize)
                .sum()
        };
        let only_here = lacking(&self.signature, &other.signature);
        let only_there = lacking(&other.signature, &self.signature);
        let matched = self
            .words
            .saturating_sub(only_here)
            .min(other.words.saturating_sub(only_there));
        2.0 * matched as f32 / (self.words + other.words).max(1) as f32
    }

    fn ratio(&self, other: &Candidate) -> f32 {
        let old: Vec<&str> = self.body.split_whitespace().collect();
        let new: Vec<&str> = other.body.split_whitespace().collect();
        TextDiff::configure()
            .algorithm(Algorithm::Myers)
            .diff_slices(&old, &new)
            .ratio()
    }
}

const MIN_WORDS_FOR_FUZZY: usize = 10;

type Renumberings<'a> = (Vec<Pair<'a>>, Vec<&'a Rule>, Vec<&'a Rule>);

fn renumberings<'a>(
    old: Vec<&'a Rule>,
    new: Vec<&'a Rule>,
    lens: &Lens,
    threshold: f32,
) -> Renumberings<'a> {
    if old.is_empty() || new.is_empty() {
        return (Vec::new(), old, new);
    }
    let old: Vec<Candidate> = old.into_iter().map(|r| Candidate::new(r, lens)).collect();
    let new: Vec<Candidate> = new.into_iter().map(|r| Candidate::new(r, lens)).collect();
    let mut old_used = vec![false; old.len()];
    let mut new_used = vec![false; new.len()];
    let mut pairs = Vec::new();

    // Identical texts: a map, no ratios; the k-th copy pairs with the k-th.
    let mut by_text: HashMap<&str, VecDeque<usize>> = HashMap::new();
    for (index, candidate) in old.iter().enumerate() {
        if candidate.words > 0 {
            by_text.entry(&candidate.body).or_default().push_back(index);
        }
    }
    for (j, candidate) in new.iter().enumerate() {
        let found = by_text
            .get_mut(candidate.body.as_ref())
            .and_then(VecDeque::pop_front);
        if let Some(i) = found {
            old_used[i] = true;
            new_used[j] = true;
            pairs.push(Pair {
                old: old[i].rule,
                new: candidate.rule,
                similarity: Some(1.0),
            });
        }
    }

    // Near-identical texts: the length band narrows the pairs to compare.
    let mut scored: Vec<(f32, usize, usize)> = Vec::new();
    let mut by_length: Vec<usize> = (0..old.len())
        .filter(|&i| !old_used[i] && old[i].words >= MIN_WORDS_FOR_FUZZY)
        .collect();
    by_length.sort_by_key(|&i| old[i].words);
    let band = threshold / (2.0 - threshold);
    for (j, candidate) in new.iter().enumerate() {
        if new_used[j] || candidate.words < MIN_WORDS_FOR_FUZZY {
            continue;
        }
        let low = (candidate.words as f32 * band).floor() as usize;
        let high = (candidate.words as f32 / band).ceil() as usize;
        let start = by_length.partition_point(|&i| old[i].words < low);
        for &i in by_length[start..]
            .iter()
            .take_while(|&&i| old[i].words <= high)
        {
            if old[i].ratio_bound(candidate) < threshold {
                continue;
            }
            let ratio = old[i].ratio(candidate);
            if ratio >= threshold {
                scored.push((ratio, i, j));
            }
        }
    }

    // Best pairs first; ties by rule order, so the result is deterministic.
    scored.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then_with(|| old[a.1].rule.number.cmp(&old[b.1].rule.number))
            .then_with(|| new[a.2].rule.number.cmp(&new[b.2].rule.number))
    });
    for (ratio, i, j) in scored {
        if !old_used[i] && !new_used[j] {
            old_used[i] = true;
            new_used[j] = true;
            pairs.push(Pair {
                old: old[i].rule,
                new: new[j].rule,
                // Three decimals are all a reader (or JSON) needs.
                similarity: Some((ratio * 1000.0).round() / 1000.0),
            });
        }
    }
    let repealed = old
        .iter()
        .zip(&old_used)
        .filter(|(_, used)| !**used)
        .map(|(c, _)| c.rule)
        .collect();
    let enacted = new
        .iter()
        .zip(&new_used)
        .filter(|(_, used)| !**used)
        .map(|(c, _)| c.rule)
        .collect();
    (pairs, repealed, enacted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::synthetic_ruleset;

    #[test]
    fn the_signature_bound_never_undercuts_the_real_ratio() {
        let lens = Lens::new(None, None);
        let rules = synthetic_ruleset(30, 3).rules;
        let mut edited = rules.clone();
        for rule in &mut edited {
            rule.text = rule.text.replacen("the", "a", 2);
        }
        let candidates: Vec<Candidate> = rules
            .iter()
            .chain(&edited)
            .map(|rule| Candidate::new(rule, &lens))
            .collect();
        for a in &candidates {
            for b in candidates.iter().step_by(7) {
                assert!(a.ratio_bound(b) + 1e-6 >= a.ratio(b));
            }
        }
    }
}
