//! Word-level differences inside an amended rule.
//!
//! `similar` diffs the two texts at Unicode word granularity (words,
//! whitespace and punctuation are separate tokens). Runs of one kind are then
//! merged, and a lone stretch of whitespace between two changes is folded
//! into them, so `if and only if a` → `if a` reads as one removal
//! `and only if ` rather than three.

use serde::Serialize;
use similar::{ChangeTag, TextDiff};

/// What a [`WordChange`] run is to the two texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WordOp {
    /// Text both sides share.
    Equal,
    /// Text only the old side has.
    Removed,
    /// Text only the new side has.
    Added,
}

/// A run of text that both sides share, or that one side removed or added.
/// A replacement is a `removed` run directly followed by an `added` run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WordChange {
    /// Whether the run is shared, removed or added.
    pub op: WordOp,
    /// The run's text, whitespace and punctuation included.
    pub text: String,
}

/// The word-level difference of two texts, as runs in reading order.
pub(crate) fn word_diff(old: &str, new: &str) -> Vec<WordChange> {
    let diff = TextDiff::configure().diff_unicode_words(old, new);
    let mut runs: Vec<WordChange> = Vec::new();
    for change in diff.iter_all_changes() {
        let op = match change.tag() {
            ChangeTag::Equal => WordOp::Equal,
            ChangeTag::Delete => WordOp::Removed,
            ChangeTag::Insert => WordOp::Added,
        };
        push(&mut runs, op, change.value());
    }
    fold_whitespace(runs)
}

fn push(runs: &mut Vec<WordChange>, op: WordOp, text: &str) {
    match runs.last_mut() {
        Some(last) if last.op == op => last.text.push_str(text),
        _ => runs.push(WordChange {
            op,
            text: text.to_string(),
        }),
    }
}

/// Regroups the runs into hunks (removed text, added text) separated by
/// equal runs, folding whitespace-only equal runs that sit between changes
/// into both sides of the surrounding hunk.
fn fold_whitespace(runs: Vec<WordChange>) -> Vec<WordChange> {
    let mut out: Vec<WordChange> = Vec::new();
    let mut removed = String::new();
    let mut added = String::new();
    let mut in_hunk = false;
    let count = runs.len();
    for (index, run) in runs.into_iter().enumerate() {
        match run.op {
            WordOp::Removed => {
                removed.push_str(&run.text);
                in_hunk = true;
            }
            WordOp::Added => {
                added.push_str(&run.text);
                in_hunk = true;
            }
            WordOp::Equal => {
                let between_changes = in_hunk && index + 1 < count;
                if between_changes && run.text.trim().is_empty() {
                    removed.push_str(&run.text);
                    added.push_str(&run.text);
                    continue;
                }
                flush(&mut out, &mut removed, &mut added);
                in_hunk = false;
                push(&mut out, WordOp::Equal, &run.text);
            }
        }
    }
    flush(&mut out, &mut removed, &mut added);
    out
}

fn flush(out: &mut Vec<WordChange>, removed: &mut String, added: &mut String) {
    // Whitespace folded into a hunk that both sides share at its ends goes
    // back out, so markers hug the words.
    let common_end = common_suffix(removed, added);
    let tail = removed[removed.len() - common_end..].to_string();
    removed.truncate(removed.len() - common_end);
    added.truncate(added.len() - common_end);
    if !removed.is_empty() {
        out.push(WordChange {
            op: WordOp::Removed,
            text: std::mem::take(removed),
        });
    }
    if !added.is_empty() {
        out.push(WordChange {
            op: WordOp::Added,
            text: std::mem::take(added),
        });
    }
    if !tail.is_empty() {
        push(out, WordOp::Equal, &tail);
    }
}

/// Length in bytes of the whitespace both strings end with, when both are
/// non-empty.
fn common_suffix(a: &str, b: &str) -> usize {
    if a.is_empty() || b.is_empty() {
        return 0;
    }
    a.chars()
        .rev()
        .zip(b.chars().rev())
        .take_while(|(x, y)| x == y && x.is_whitespace())
        .map(|(x, _)| x.len_utf8())
        .sum()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The old text the runs spell.
    pub(crate) fn old_text(runs: &[WordChange]) -> String {
        runs.iter()
            .filter(|run| run.op != WordOp::Added)
            .map(|run| run.text.as_str())
            .collect()
    }

    /// The new text the runs spell.
    pub(crate) fn new_text(runs: &[WordChange]) -> String {
        runs.iter()
            .filter(|run| run.op != WordOp::Removed)
            .map(|run| run.text.as_str())
            .collect()
    }

    fn spell(runs: &[WordChange]) -> String {
        runs.iter()
            .map(|run| match run.op {
                WordOp::Equal => run.text.clone(),
                WordOp::Removed => format!("[-{}-]", run.text),
                WordOp::Added => format!("{{+{}+}}", run.text),
            })
            .collect()
    }

    #[test]
    fn a_removed_phrase_is_one_run() {
        let old = "adopted if and only if a simple majority";
        let new = "adopted if a simple majority";
        let runs = word_diff(old, new);
        assert_eq!(spell(&runs), "adopted if [-and only if -]a simple majority");
        assert_eq!(old_text(&runs), old);
        assert_eq!(new_text(&runs), new);
    }

    #[test]
    fn replaced_words_pair_up_and_spell_both_sides() {
        let old = "The winner is the first player to achieve 100 points.";
        let new = "The winner is the last player to reach 200 points.";
        let runs = word_diff(old, new);
        assert_eq!(old_text(&runs), old);
        assert_eq!(new_text(&runs), new);
        assert_eq!(
            spell(&runs),
            "The winner is the [-first-]{+last+} player to [-achieve 100-]{+reach 200+} points."
        );
    }

    #[test]
    fn identical_texts_are_one_equal_run() {
        let runs = word_diff("Same words.", "Same words.");
        assert_eq!(runs.len(), 1);
        assert_eq!(runs[0].op, WordOp::Equal);
    }
}
