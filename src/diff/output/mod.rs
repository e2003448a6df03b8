//! The ways a [`RulesetDiff`](super::RulesetDiff) is shown: `human`, `md`,
//! `json`, `unified` and `--stat`.

pub mod human;
pub mod json;
pub mod md;
pub mod stat;
pub mod unified;

use super::{Change, RulesetDiff, WordChange, WordOp};

/// The changes of one rule (or of the title, `rule` None), consecutive in
/// the diff's order.
pub(crate) struct RuleChanges<'a> {
    pub rule: Option<u32>,
    pub changes: &'a [Change],
}

/// Groups consecutive changes that belong to the same rule.
pub(crate) fn by_rule(changes: &[Change]) -> Vec<RuleChanges<'_>> {
    changes
        .chunk_by(|a, b| a.rule() == b.rule())
        .map(|changes| RuleChanges {
            rule: changes[0].rule(),
            changes,
        })
        .collect()
}

/// A short phrase for a change, as in a heading: `amended (revision 0 → 1)`.
pub(crate) fn headline(change: &Change) -> String {
    match change {
        Change::Title { .. } => "title changed".to_string(),
        Change::Enacted { mutability, .. } => format!("enacted ({mutability})"),
        Change::Repealed { .. } => "repealed".to_string(),
        Change::Renumbered { from, .. } => format!("renumbered from {from}"),
        Change::Transmuted { old, new, .. } => format!("transmuted from {old} to {new}"),
        Change::Retitled { old, new, .. } => match (old, new) {
            (Some(old), Some(new)) => format!("retitled from “{old}” to “{new}”"),
            (None, Some(new)) => format!("titled “{new}”"),
            (Some(old), None) => format!("title “{old}” removed"),
            (None, None) => "retitled".to_string(),
        },
        Change::Amended { revision, .. } => match (revision.old, revision.new) {
            (Some(a), Some(b)) if a != b => format!("amended (revision {a} → {b})"),
            _ => "amended".to_string(),
        },
        Change::Revised { old, new, .. } => format!("revision {old} → {new}"),
        Change::Spacing { only, .. } => only.to_string(),
        Change::History { .. } => "history changed".to_string(),
        Change::Judgments { .. } => "judgments changed".to_string(),
        Change::Layout { only: None, .. } => "layout only".to_string(),
        Change::Layout {
            only: Some(only), ..
        } => format!("layout only ({only})"),
    }
}

/// What the diff says when it lists no change but the sides differ all
/// the same: the rules that differ in layout alone (listed by `--layout`),
/// or the formats whose writing differs. `None` when nothing differs.
pub(crate) fn unlisted_note(diff: &RulesetDiff) -> Option<String> {
    if !diff.changes.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    if let Some(formats) = diff.unlisted.formats {
        parts.push(format!(
            "the sides differ only as {} and {} write the same rules \
             (line breaks, markup, and what one of them does not carry)",
            formats.old, formats.new
        ));
    }
    match diff.unlisted.layout {
        0 => {}
        1 => parts.push("1 rule differs in layout only (`--layout` shows it)".to_string()),
        n => parts.push(format!(
            "{n} rules differ in layout only (`--layout` shows them)"
        )),
    }
    (!parts.is_empty()).then(|| format!("No change in meaning: {}.", parts.join("; ")))
}

/// Splits a run into leading whitespace, the words, and trailing whitespace,
/// so markers can hug the words.
pub(crate) fn hug(text: &str) -> (&str, &str, &str) {
    let core = text.trim();
    if core.is_empty() {
        return (text, "", "");
    }
    let start = text.len() - text.trim_start().len();
    let end = start + core.len();
    (&text[..start], core, &text[end..])
}

/// Writes word runs with `mark(op, words)` around each changed run. For a
/// replacement, whitespace between the removed and added words is written
/// once, after both.
pub(crate) fn spell_words(runs: &[WordChange], mark: impl Fn(WordOp, &str) -> String) -> String {
    let mut out = String::new();
    let mut index = 0;
    while index < runs.len() {
        let run = &runs[index];
        if run.op == WordOp::Equal {
            out.push_str(&run.text);
            index += 1;
            continue;
        }
        let (lead, core, mut trail) = hug(&run.text);
        if core.is_empty() {
            // A change of whitespace alone: the new side's spacing stands.
            if run.op == WordOp::Added {
                out.push_str(&run.text);
            }
            index += 1;
            continue;
        }
        out.push_str(lead);
        out.push_str(&mark(run.op, core));
        if run.op == WordOp::Removed {
            if let Some(next) = runs.get(index + 1).filter(|r| r.op == WordOp::Added) {
                let (_, added, added_trail) = hug(&next.text);
                out.push_str(&mark(WordOp::Added, added));
                trail = if added_trail.is_empty() {
                    trail
                } else {
                    added_trail
                };
                index += 1;
            }
        }
        out.push_str(trail);
        index += 1;
    }
    out
}

/// The number of words removed and added.
pub(crate) fn word_counts(runs: &[WordChange]) -> (usize, usize) {
    let count = |op| {
        runs.iter()
            .filter(|run| run.op == op)
            .map(|run| run.text.split_whitespace().count())
            .sum()
    };
    (count(WordOp::Removed), count(WordOp::Added))
}

/// The first `words` words of a text, with `…` if there were more.
pub(crate) fn preview(text: &str, words: usize) -> String {
    let mut iter = text.split_whitespace();
    let shown: Vec<&str> = iter.by_ref().take(words).collect();
    let mut out = shown.join(" ");
    if iter.next().is_some() {
        out.push_str(" …");
    }
    out
}

#[cfg(test)]
mod tests;
