//! Pairing rules left unmatched on both sides: a vanished rule and a new
//! rule with (nearly) the same text are one rule renumbered.
//!
//! Comparing every leftover with every other would be quadratic, and a
//! moderator who renumbers a whole ruleset leaves thousands on each side. So:
//! 1. Identical texts pair through a map: a pure renumbering costs nothing.
//! 2. The rest go through *prefix filtering* (as in similarity joins): each
//!    text is a set of words tagged with their occurrence (`the#1`, `the#2`,
//!    so the set overlap is the bag overlap, an upper bound of the matched
//!    words of any alignment). Words are ordered rarest first across all
//!    leftovers. A pair reaching the word ratio `t` must share at least
//!    `α = t·(1 + b)/2 · n` words, where `b = t/(2 - t)` is the length band
//!    (the shorter text has at least `b` of the longer's words); two sets
//!    sharing `α` words share one among the first `n - α + 1` of each. Only
//!    old texts whose prefix shares a word with a new text's prefix are
//!    candidates; rare words make those lists short.
//! 3. Candidates must also pass the length band and a 256-bit word-set
//!    signature bound before `similar` computes the real ratio.
//! 4. Pairs at or above the threshold are taken greedily, best ratio first,
//!    ties in rule order.

use super::lens::Lens;
use super::matching::Pair;
use crate::model::Rule;
use similar::{Algorithm, TextDiff};
use std::borrow::Cow;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};

/// Rules shorter than this renumber only on an identical text: one changed
/// word already costs them more than 10%.
const MIN_WORDS_FOR_FUZZY: usize = 10;

/// A leftover rule's body as compared, split into words once.
struct Candidate<'a> {
    rule: &'a Rule,
    body: Cow<'a, str>,
    /// Hashes of `(word, occurrence)`.
    tokens: Vec<u64>,
    signature: [u64; 4],
}

fn hash_of(value: impl Hash) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

impl<'a> Candidate<'a> {
    fn new(rule: &'a Rule, lens: &Lens) -> Candidate<'a> {
        let body = lens.body(&rule.text);
        let mut signature = [0u64; 4];
        let mut seen: HashMap<&str, u32> = HashMap::new();
        let mut tokens = Vec::new();
        for word in body.split_whitespace() {
            let bit = hash_of(word) % 256;
            signature[(bit / 64) as usize] |= 1 << (bit % 64);
            let occurrence = seen.entry(word).or_default();
            *occurrence += 1;
            tokens.push(hash_of((word, *occurrence)));
        }
        drop(seen);
        Candidate {
            rule,
            body,
            tokens,
            signature,
        }
    }

    fn words(&self) -> usize {
        self.tokens.len()
    }

    /// An upper bound of the word ratio with `other`: each distinct word one
    /// side has and the other lacks costs at least one unmatched word.
    fn ratio_bound(&self, other: &Candidate) -> f32 {
        let lacking = |a: &[u64; 4], b: &[u64; 4]| -> usize {
            a.iter()
                .zip(b)
                .map(|(x, y)| (x & !y).count_ones() as usize)
                .sum()
        };
        let matched = self
            .words()
            .saturating_sub(lacking(&self.signature, &other.signature))
            .min(
                other
                    .words()
                    .saturating_sub(lacking(&other.signature, &self.signature)),
            );
        2.0 * matched as f32 / (self.words() + other.words()).max(1) as f32
    }

    /// The word ratio `2·matched / (words + other words)` from `similar`.
    fn ratio(&self, other: &Candidate) -> f32 {
        let old: Vec<&str> = self.body.split_whitespace().collect();
        let new: Vec<&str> = other.body.split_whitespace().collect();
        TextDiff::configure()
            .algorithm(Algorithm::Myers)
            .diff_slices(&old, &new)
            .ratio()
    }
}

/// `(renumbered pairs, repealed, enacted)`.
type Renumberings<'a> = (Vec<Pair<'a>>, Vec<&'a Rule>, Vec<&'a Rule>);

pub(crate) fn renumberings<'a>(
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
        if candidate.words() > 0 {
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

    let fuzzy = |c: &Candidate, used: bool| !used && c.words() >= MIN_WORDS_FOR_FUZZY;
    let old_left: Vec<usize> = (0..old.len())
        .filter(|&i| fuzzy(&old[i], old_used[i]))
        .collect();
    let new_left: Vec<usize> = (0..new.len())
        .filter(|&j| fuzzy(&new[j], new_used[j]))
        .collect();
    let mut scored = Vec::new();
    if !old_left.is_empty() && !new_left.is_empty() {
        scored = near_pairs(&old, &old_left, &new, &new_left, threshold);
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
    let left = |candidates: &[Candidate<'a>], used: &[bool]| -> Vec<&'a Rule> {
        candidates
            .iter()
            .zip(used)
            .filter(|(_, used)| !**used)
            .map(|(c, _)| c.rule)
            .collect()
    };
    (pairs, left(&old, &old_used), left(&new, &new_used))
}

/// All `(ratio, old, new)` pairs at or above `threshold`, found through
/// prefix filtering (see the module documentation).
fn near_pairs(
    old: &[Candidate],
    old_left: &[usize],
    new: &[Candidate],
    new_left: &[usize],
    threshold: f32,
) -> Vec<(f32, usize, usize)> {
    let band = threshold / (2.0 - threshold);
    // Rarest first: order tokens by how many leftover texts hold them.
    let mut frequency: HashMap<u64, u32> = HashMap::new();
    let all = old_left
        .iter()
        .map(|&i| &old[i])
        .chain(new_left.iter().map(|&j| &new[j]));
    for candidate in all {
        for token in &candidate.tokens {
            *frequency.entry(*token).or_default() += 1;
        }
    }
    let prefix = |candidate: &Candidate| -> Vec<u64> {
        let n = candidate.words();
        // Rounded down (and a hair less), so α never exceeds the true need.
        let alpha = ((threshold * (1.0 + band) / 2.0 * n as f32) - 1e-3).floor() as usize;
        let length = (n + 1).saturating_sub(alpha.max(1)).clamp(1, n);
        let mut tokens = candidate.tokens.clone();
        tokens.sort_unstable_by_key(|t| (frequency[t], *t));
        tokens.truncate(length);
        tokens
    };
    let mut index: HashMap<u64, Vec<usize>> = HashMap::new();
    for &i in old_left {
        for token in prefix(&old[i]) {
            index.entry(token).or_default().push(i);
        }
    }
    let mut seen_for = vec![usize::MAX; old.len()];
    let mut scored = Vec::new();
    for &j in new_left {
        let candidate = &new[j];
        let (low, high) = (
            (candidate.words() as f32 * band).floor() as usize,
            (candidate.words() as f32 / band).ceil() as usize,
        );
        for token in prefix(candidate) {
            for &i in index.get(&token).map_or(&[][..], Vec::as_slice) {
                if seen_for[i] == j {
                    continue;
                }
                seen_for[i] = j;
                let words = old[i].words();
                if words < low || words > high || old[i].ratio_bound(candidate) < threshold {
                    continue;
                }
                let ratio = old[i].ratio(candidate);
                if ratio >= threshold {
                    scored.push((ratio, i, j));
                }
            }
        }
    }
    scored
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

    #[test]
    fn prefix_filtering_finds_every_pair_a_full_comparison_finds() {
        let lens = Lens::new(None, None);
        let rules = synthetic_ruleset(60, 11).rules;
        // Each new text: an old one with one word in twenty changed.
        let edited: Vec<Rule> = rules
            .iter()
            .map(|rule| {
                let words: Vec<String> = rule
                    .text
                    .split_whitespace()
                    .enumerate()
                    .map(|(k, w)| {
                        if k % 20 == 7 {
                            format!("x{k}")
                        } else {
                            w.into()
                        }
                    })
                    .collect();
                Rule::new(rule.number + 5000, words.join(" "))
            })
            .collect();
        let old: Vec<Candidate> = rules.iter().map(|r| Candidate::new(r, &lens)).collect();
        let new: Vec<Candidate> = edited.iter().map(|r| Candidate::new(r, &lens)).collect();
        let old_left: Vec<usize> = (0..old.len()).filter(|&i| old[i].words() >= 10).collect();
        let new_left: Vec<usize> = (0..new.len()).filter(|&j| new[j].words() >= 10).collect();
        let mut found = near_pairs(&old, &old_left, &new, &new_left, 0.9);
        let mut full = Vec::new();
        for &i in &old_left {
            for &j in &new_left {
                let ratio = old[i].ratio(&new[j]);
                if ratio >= 0.9 {
                    full.push((ratio, i, j));
                }
            }
        }
        let key = |v: &mut Vec<(f32, usize, usize)>| {
            v.sort_by_key(|p| (p.1, p.2));
        };
        key(&mut found);
        key(&mut full);
        assert!(!full.is_empty());
        assert_eq!(found, full);
    }
}
