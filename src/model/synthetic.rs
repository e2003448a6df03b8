//! Synthetic rulesets for property tests and benchmarks: realistic in shape
//! (paragraphs, lists, citations, histories, judgments), deterministic for a
//! seed, and plain enough that every format can carry their meaning.

use super::history::{Change, Date, HistoryEntry, RoundTurn};
use super::judgment::Judgment;
use super::rule::{Mutability, Rule};
use super::ruleset::Ruleset;

const WORDS: &[&str] = &[
    "player",
    "players",
    "rule",
    "vote",
    "votes",
    "turn",
    "proposal",
    "shall",
    "may",
    "must",
    "the",
    "a",
    "of",
    "each",
    "every",
    "active",
    "points",
    "judge",
    "adopted",
    "eligible",
    "game",
    "score",
    "within",
    "hours",
    "unless",
    "after",
    "before",
    "winner",
    "majority",
    "amendment",
    "repeal",
    "transmute",
    "moderator",
    "round",
    "action",
    "channel",
    "emoji",
    "is",
    "are",
    "be",
    "not",
    "and",
    "or",
    "to",
    "in",
    "on",
    "with",
    "by",
    "any",
    "their",
];

const NAMES: &[&str] = &[
    "Alekosen",
    "Crorem",
    "Sauce",
    "Janwich",
    "JRK",
    "Fenris Wolf",
];

/// A small, portable pseudo-random sequence (SplitMix64): the same seed gives
/// the same ruleset on every platform and every version of every crate.
struct Sequence(u64);

impl Sequence {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (bound > 0).
    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// A ruleset of `rules` rules: an initial set (101.., 201..) followed by
/// enacted rules numbered from 301, with amendments and judgments.
pub fn synthetic_ruleset(rules: usize, seed: u64) -> Ruleset {
    let mut seq = Sequence(seed);
    let start = Date::new(2020, 6, 1);
    let initial_immutable = rules.min(17);
    let initial_mutable = rules.saturating_sub(initial_immutable).min(19);
    let mut numbers: Vec<u32> = (101..101 + initial_immutable as u32).collect();
    numbers.extend(201..201 + initial_mutable as u32);
    let mut proposal = 301;
    while numbers.len() < rules {
        numbers.push(proposal);
        proposal += 1 + seq.below(3) as u32;
    }
    let mut next_proposal = proposal;
    let built = numbers
        .iter()
        .enumerate()
        .map(|(index, &number)| {
            let immutable = number < 200 || (number >= 300 && seq.below(10) == 0);
            let text = synthetic_text(&mut seq, &numbers);
            let mut history = if number < 300 {
                vec![HistoryEntry::initial(number, immutable, start)]
            } else {
                vec![HistoryEntry::enacted(&change(&mut seq, number, index))]
            };
            let amendments = if immutable { 0 } else { seq.below(4) as u32 };
            for k in 1..=amendments {
                history.push(HistoryEntry::amended(
                    k,
                    &change(&mut seq, next_proposal, index),
                ));
                next_proposal += 1;
            }
            let judgments = if seq.below(8) == 0 {
                vec![synthetic_judgment(&mut seq)]
            } else {
                Vec::new()
            };
            Rule {
                number,
                id: None,
                title: None,
                revision: Some(amendments),
                mutability: if immutable {
                    Mutability::Immutable
                } else {
                    Mutability::Mutable
                },
                text,
                history,
                judgments,
                layout: None,
                agora: None,
            }
        })
        .collect();
    Ruleset::new("SYNTHETIC NOMIC RULESET (LONG FORMAT)", built)
}

fn change(seq: &mut Sequence, proposal: u32, index: usize) -> Change {
    let month = 6 + (index / 28 % 6) as u8;
    let day = 1 + (index % 28) as u8;
    Change {
        proposal,
        proposer: Some(seq.pick(NAMES).to_string()),
        date: Date::new(2020, month, day),
        round_turn: (seq.below(4) != 0).then(|| RoundTurn {
            round: 1 + (index / 10) as u32,
            turn: 1 + (index % 10) as u32,
        }),
    }
}

fn synthetic_judgment(seq: &mut Sequence) -> Judgment {
    let ruling = sentence(seq, 12);
    let judge = seq.pick(NAMES).to_string();
    let date = Date::new(2020, 7, 1 + seq.below(28) as u8);
    let source = format!(
        "{ruling} ({judge}), {}",
        date.map(Date::to_ruleset_string).unwrap_or_default()
    );
    Judgment {
        text: ruling,
        judge: Some(judge),
        date,
        round: None,
        turn: None,
        source,
    }
}

fn synthetic_text(seq: &mut Sequence, numbers: &[u32]) -> String {
    let paragraphs = 1 + seq.below(3);
    let mut blocks = Vec::new();
    for _ in 0..paragraphs {
        let sentences = 1 + seq.below(4);
        let mut paragraph: Vec<String> = (0..sentences).map(|_| sentence(seq, 18)).collect();
        if seq.below(3) == 0 {
            let cited = numbers[seq.below(numbers.len() as u64) as usize];
            paragraph.push(format!("This is governed by Rule {cited}."));
        }
        blocks.push(paragraph.join(" "));
    }
    if seq.below(5) == 0 {
        let items: Vec<String> = (0..2 + seq.below(3))
            .map(|_| format!("* {}", sentence(seq, 10)))
            .collect();
        blocks.push(items.join("\n"));
    }
    blocks.join("\n\n")
}

fn sentence(seq: &mut Sequence, max_words: u64) -> String {
    let count = 3 + seq.below(max_words);
    let words: Vec<&str> = (0..count).map(|_| seq.pick(WORDS)).collect();
    let mut text = words.join(" ");
    if let Some(first) = text.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    text.push('.');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_ruleset_and_revisions_match_histories() {
        let a = synthetic_ruleset(60, 7);
        assert_eq!(a, synthetic_ruleset(60, 7));
        assert_ne!(a, synthetic_ruleset(60, 8));
        assert_eq!(a.rules.len(), 60);
        for rule in &a.rules {
            assert_eq!(rule.revision, Some(rule.amendment_count()));
            assert!(!rule.text.is_empty());
        }
        let mut numbers: Vec<u32> = a.rules.iter().map(|r| r.number).collect();
        numbers.dedup();
        assert_eq!(numbers.len(), 60, "numbers are unique and ascending");
    }
}
