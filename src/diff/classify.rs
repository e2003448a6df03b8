//! The aspects in which two versions of one rule differ.

use super::lens::{EntryKey, Lens};
use super::spacing::Spacing;
use super::words::word_diff;
use super::{Change, EntryChange, EntryText, RevisionChange};
use crate::model::Rule;
use similar::{capture_diff_slices, Algorithm, DiffOp};
use std::collections::HashMap;

/// Appends one change per differing aspect of `old` → `new` (already paired).
/// `layout` asks for a layout change when nothing else differs.
pub(crate) fn compare(
    old: &Rule,
    new: &Rule,
    lens: &Lens,
    layout: bool,
    changes: &mut Vec<Change>,
) {
    let before = changes.len();
    let rule = new.number;
    // Most rules did not change: alike as read, they differ in no aspect
    // below whatever the lens, and only the layout is left to compare.
    let (old_title, new_title) = (title(old), title(new));
    let alike = old.text == new.text
        && old_title == new_title
        && old.revision == new.revision
        && old.mutability == new.mutability
        && old.history == new.history
        && old.judgments == new.judgments;
    if alike {
        push_layout(old, new, layout, changes);
        return;
    }
    if old.mutability != new.mutability {
        changes.push(Change::Transmuted {
            rule,
            old: old.mutability.clone(),
            new: new.mutability.clone(),
        });
    }
    if old_title != new_title {
        changes.push(Change::Retitled {
            rule,
            old: old_title.map(str::to_string),
            new: new_title.map(str::to_string),
        });
    }
    let (old_body, new_body) = (lens.body(&old.text), lens.body(&new.text));
    let revised = lens
        .revisions(old.revision, new.revision)
        .filter(|(a, b)| a != b);
    let spacing = Spacing::between(&old_body, &new_body);
    match (old_body == new_body, revised, spacing) {
        (true, None, _) => {}
        (true, Some((old, new)), _) => changes.push(Change::Revised { rule, old, new }),
        (false, revised, spacing) => {
            // The same words, or whitespace moved beside punctuation: a word
            // diff would mark nothing, so the change is named as spacing.
            let words = spacing.is_none().then(|| word_diff(&old_body, &new_body));
            let spacing =
                spacing.or_else(|| words.as_deref().and_then(Spacing::around_punctuation));
            match (spacing, words) {
                (Some(only), _) => {
                    if let Some((old, new)) = revised {
                        changes.push(Change::Revised { rule, old, new });
                    }
                    changes.push(Change::Spacing {
                        rule,
                        only,
                        meaning: !crate::meaning::same_text(&old_body, &new_body),
                    });
                }
                (None, words) => changes.push(Change::Amended {
                    rule,
                    revision: RevisionChange {
                        old: old.revision,
                        new: new.revision,
                    },
                    words: words.unwrap_or_default(),
                }),
            }
        }
    }
    if lens.compares_history() {
        history(old, new, lens, changes);
        judgments(old, new, lens, changes);
    }
    if changes.len() == before {
        push_layout(old, new, layout, changes);
    }
}

/// A rule's title: a dialect's, or an Agora rule's.
fn title(rule: &Rule) -> Option<&str> {
    rule.title
        .as_deref()
        .or_else(|| rule.agora.as_ref().map(|agora| agora.title.as_str()))
        .filter(|title| !title.is_empty())
}

/// The layout change of a rule that changed in nothing else, when
/// `layout` asks for one.
fn push_layout(old: &Rule, new: &Rule, layout: bool, changes: &mut Vec<Change>) {
    if !layout {
        return;
    }
    if let (Some(a), Some(b)) = (&old.layout, &new.layout) {
        if a.source != b.source {
            changes.push(Change::Layout {
                rule: new.number,
                only: Spacing::between(&a.source, &b.source),
            });
        }
    }
}

fn entry_text(key: &EntryKey) -> EntryText {
    EntryText {
        text: key.text.clone(),
        link: key.link.clone(),
    }
}

fn history(old: &Rule, new: &Rule, lens: &Lens, changes: &mut Vec<Change>) {
    if old.history == new.history {
        return;
    }
    let old_keys: Vec<EntryKey> = old.history.iter().map(|e| lens.entry(e)).collect();
    let new_keys: Vec<EntryKey> = new.history.iter().map(|e| lens.entry(e)).collect();
    if old_keys == new_keys {
        return;
    }
    let (mut added, mut removed, mut changed) = (Vec::new(), Vec::new(), Vec::new());
    for op in capture_diff_slices(Algorithm::Myers, &old_keys, &new_keys) {
        match op {
            DiffOp::Equal { .. } => {}
            DiffOp::Delete {
                old_index, old_len, ..
            } => removed.extend(
                old_keys[old_index..old_index + old_len]
                    .iter()
                    .map(entry_text),
            ),
            DiffOp::Insert {
                new_index, new_len, ..
            } => added.extend(
                new_keys[new_index..new_index + new_len]
                    .iter()
                    .map(entry_text),
            ),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                // Lines replaced pair up in order; the longer side's rest
                // is added or removed.
                let old_run = &old_keys[old_index..old_index + old_len];
                let new_run = &new_keys[new_index..new_index + new_len];
                let paired = old_len.min(new_len);
                changed.extend(old_run.iter().zip(new_run).map(|(old, new)| EntryChange {
                    old: entry_text(old),
                    new: entry_text(new),
                }));
                removed.extend(old_run[paired..].iter().map(entry_text));
                added.extend(new_run[paired..].iter().map(entry_text));
            }
        }
    }
    changes.push(Change::History {
        rule: new.number,
        added,
        removed,
        changed,
    });
}

/// Judgments are a set of rulings, not a sequence: compared as multisets of
/// their text, so reordering them is not a change.
fn judgments(old: &Rule, new: &Rule, lens: &Lens, changes: &mut Vec<Change>) {
    if old.judgments == new.judgments {
        return;
    }
    let old_texts: Vec<String> = old.judgments.iter().map(|j| lens.judgment(j)).collect();
    let new_texts: Vec<String> = new.judgments.iter().map(|j| lens.judgment(j)).collect();
    let removed = missing_from(&old_texts, &new_texts);
    let added = missing_from(&new_texts, &old_texts);
    if !added.is_empty() || !removed.is_empty() {
        changes.push(Change::Judgments {
            rule: new.number,
            added,
            removed,
        });
    }
}

/// The items of `these` (with multiplicity) that `those` lacks, in order.
fn missing_from(these: &[String], those: &[String]) -> Vec<String> {
    let mut available: HashMap<&str, usize> = HashMap::new();
    for text in those {
        *available.entry(text).or_default() += 1;
    }
    these
        .iter()
        .filter(|text| match available.get_mut(text.as_str()) {
            Some(count) if *count > 0 => {
                *count -= 1;
                false
            }
            _ => true,
        })
        .cloned()
        .collect()
}
