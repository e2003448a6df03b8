//! `--stat`: one line per changed rule, then a summary.

use super::{by_rule, unlisted_note, word_counts};
use crate::diff::{Change, RulesetDiff};
use std::collections::BTreeMap;

/// One line per changed rule, then a summary line.
pub fn render(diff: &RulesetDiff) -> String {
    let mut out = String::new();
    let mut counts: BTreeMap<u8, (&str, usize)> = BTreeMap::new();
    let mut rules = 0;
    for group in by_rule(&diff.changes) {
        let label = group
            .rule
            .map_or_else(|| "title".to_string(), |rule| rule.to_string());
        let aspects: Vec<String> = group.changes.iter().map(aspect).collect();
        out.push_str(&format!("{label:>6} | {}\n", aspects.join(", ")));
        if group.rule.is_some() {
            rules += 1;
        }
        for change in group.changes {
            let entry = counts.entry(rank(change)).or_insert((change.kind(), 0));
            entry.1 += 1;
        }
    }
    let summary: Vec<String> = counts
        .values()
        .map(|(kind, count)| format!("{count} {kind}"))
        .collect();
    let noun = if rules == 1 { "rule" } else { "rules" };
    if let Some(note) = unlisted_note(diff) {
        out.push_str(&note);
        out.push('\n');
    } else if summary.is_empty() {
        out.push_str("no changes\n");
    } else {
        out.push_str(&format!("{rules} {noun} changed: {}\n", summary.join(", ")));
    }
    out
}

fn rank(change: &Change) -> u8 {
    match change {
        Change::Title { .. } => 0,
        Change::Enacted { .. } => 1,
        Change::Repealed { .. } => 2,
        Change::Renumbered { .. } => 3,
        Change::Transmuted { .. } | Change::Retitled { .. } => 4,
        Change::Amended { .. } => 5,
        Change::Revised { .. } => 6,
        Change::Spacing { .. } => 7,
        Change::History { .. } => 8,
        Change::Judgments { .. } => 9,
        Change::Layout { .. } => 10,
    }
}

fn aspect(change: &Change) -> String {
    match change {
        Change::Renumbered { from, .. } => format!("renumbered from {from}"),
        Change::Amended { words, .. } => {
            let (removed, added) = word_counts(words);
            format!("amended +{added} -{removed} words")
        }
        Change::History {
            added,
            removed,
            changed,
            ..
        } => {
            let mut parts = vec![format!("+{}", added.len()), format!("-{}", removed.len())];
            if !changed.is_empty() {
                parts.push(format!("~{}", changed.len()));
            }
            format!("history {}", parts.join(" "))
        }
        Change::Judgments { added, removed, .. } => {
            format!("judgments +{} -{}", added.len(), removed.len())
        }
        Change::Revised { old, new, .. } => format!("revision {old} → {new}"),
        Change::Spacing { only, .. } => only.to_string(),
        Change::Title { .. } => "changed".to_string(),
        other => other.kind().to_string(),
    }
}
