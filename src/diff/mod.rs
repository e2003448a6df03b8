//! Differences between two rulesets, in the game's own terms.
//!
//! Rules are matched by number; a rule that disappears while a rule with
//! nearly the same text appears under another number is *renumbered*
//! (`matching`). Each matched pair is then compared aspect by aspect
//! (`classify`) through a [`Lens`] that hides what only the file formats
//! make different (Markdown emphasis, history links, revisions a format does
//! not carry).
//!
//! Representation: one [`Change`] per *aspect*, in rule order. A rule that
//! was amended and gained a history line yields an `amended` change followed
//! by a `history` change for the same rule. Each change therefore has exactly
//! one `kind`, which keeps the JSON flat and lets tools filter by kind; the
//! renderers group consecutive changes of one rule into one section.
//! Within a rule the order is: renumbered / enacted / repealed, transmuted,
//! amended (or revision, or spacing), history, judgments, layout.
//!
//! A rule whose revision alone changed is a `revision` change, not an
//! amendment with nothing to mark; a text whose words are the same but whose
//! line breaks or spacing differ is a `spacing` change naming which. What is
//! not listed but differs (layout without `--layout`, the formats of the two
//! sides) is counted in [`RulesetDiff::unlisted`], so an empty list of
//! changes can still say why the files differ. The title change, if any, comes
//! first.

mod classify;
mod lens;
mod matching;
pub mod output;
mod renumber;
mod spacing;
mod words;

pub(crate) use lens::Lens;
pub(crate) use matching::RENUMBER_THRESHOLD;
pub(crate) use spacing::Spacing;
#[cfg(test)]
pub(crate) use words::word_diff;
pub(crate) use words::{WordChange, WordOp};

use crate::model::{Format, Mutability, Ruleset};
use serde::Serialize;

/// How to compare.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DiffOptions {
    /// The format the old side was read from; `None` takes it from the
    /// ruleset's layout, and a ruleset without layout counts as carrying
    /// everything (like JSON).
    pub old_format: Option<Format>,
    /// The same for the new side.
    pub new_format: Option<Format>,
    /// Report rules whose meaning is the same but whose bytes differ.
    pub layout: bool,
    /// The least similarity (0..=1) at which a vanished rule and a new rule
    /// count as the same rule renumbered.
    pub renumber_threshold: f32,
}

impl Default for DiffOptions {
    fn default() -> DiffOptions {
        DiffOptions {
            old_format: None,
            new_format: None,
            layout: false,
            renumber_threshold: RENUMBER_THRESHOLD,
        }
    }
}

/// Everything that differs, in rule order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulesetDiff {
    /// One change per aspect of a rule, in rule order (the title first).
    pub changes: Vec<Change>,
    /// The identifiers as written of the rules whose identifier is not
    /// their number (`UC1`, `-216`, `xiv`, read through a dialect).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub labels: std::collections::BTreeMap<u32, String>,
    /// What differs without being listed as a change.
    #[serde(skip_serializing_if = "Unlisted::is_empty")]
    pub unlisted: Unlisted,
}

/// Differences that carry no meaning and are not listed as changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Unlisted {
    /// Rules of the same meaning whose bytes differ (both sides in one
    /// format), counted when `--layout` does not list them.
    #[serde(skip_serializing_if = "is_zero")]
    pub layout: usize,
    /// The two sides' formats when they differ: their files differ by what
    /// each format writes (wrapping, markup, what it leaves out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formats: Option<FormatPair>,
}

impl Unlisted {
    /// Whether nothing unlisted differs.
    pub fn is_empty(&self) -> bool {
        self.layout == 0 && self.formats.is_none()
    }
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(count: &usize) -> bool {
    *count == 0
}

/// The formats of the old and the new side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FormatPair {
    /// The old side's format.
    pub old: Format,
    /// The new side's format.
    pub new: Format,
}

impl RulesetDiff {
    /// How a rule is named: its identifier as written, or its number.
    pub fn label(&self, rule: u32) -> String {
        self.labels
            .get(&rule)
            .cloned()
            .unwrap_or_else(|| rule.to_string())
    }

    /// Whether the two rulesets mean the same (layout changes and spacing
    /// that does not change the meaning do not count).
    pub fn same_meaning(&self) -> bool {
        self.changes.iter().all(|change| {
            matches!(
                change,
                Change::Layout { .. } | Change::Spacing { meaning: false, .. }
            )
        })
    }
}

/// A revision number before and after, where the formats carry them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RevisionChange {
    /// The revision on the old side, if its format carries one and it gives one.
    pub old: Option<u32>,
    /// The revision on the new side, likewise.
    pub new: Option<u32>,
}

/// One history line, as compared: its text and, where both sides can carry
/// links, its link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryText {
    /// The history line's source text, whitespace collapsed.
    pub text: String,
    /// Where the line links to, when both sides can carry links.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// A history line that stands in the same place but reads differently.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryChange {
    /// The line as the old side has it.
    pub old: EntryText,
    /// The line as the new side has it.
    pub new: EntryText,
}

/// One aspect of one rule that differs (see the module documentation).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[non_exhaustive]
pub enum Change {
    /// The ruleset's title.
    Title {
        /// The old side's title.
        old: String,
        /// The new side's title.
        new: String,
    },
    /// A rule only the new side has.
    Enacted {
        /// The rule's number.
        rule: u32,
        /// Its revision, if the format gives one.
        revision: Option<u32>,
        /// Whether it may be amended directly.
        mutability: Mutability,
        /// Its text, as Markdown.
        text: String,
    },
    /// A rule only the old side has.
    Repealed {
        /// The rule's number.
        rule: u32,
        /// Its revision, if the format gives one.
        revision: Option<u32>,
        /// Whether it may be amended directly.
        mutability: Mutability,
        /// Its text, as Markdown.
        text: String,
    },
    /// The same rule under another number; `similarity` is the word ratio.
    Renumbered {
        /// The rule's number on the old side.
        from: u32,
        /// The rule's number on the new side.
        to: u32,
        /// How alike the two texts are, from 0 to 1.
        similarity: f32,
    },
    /// Mutability changed.
    Transmuted {
        /// The rule's (new) number.
        rule: u32,
        /// Its mutability before.
        old: Mutability,
        /// Its mutability after.
        new: Mutability,
    },
    /// The rule's title changed (or it gained or lost one).
    Retitled {
        /// The rule's (new) number.
        rule: u32,
        /// Its title before.
        old: Option<String>,
        /// Its title after.
        new: Option<String>,
    },
    /// The text (or the revision number) changed; `words` spells the new text
    /// against the old one.
    Amended {
        /// The rule's (new) number.
        rule: u32,
        /// The revision before and after.
        revision: RevisionChange,
        /// The new text word by word against the old.
        words: Vec<WordChange>,
    },
    /// The revision number alone changed: the text is the same.
    #[serde(rename = "revision")]
    Revised {
        /// The rule.
        rule: u32,
        /// The old revision.
        old: u32,
        /// The new revision.
        new: u32,
    },
    /// The words of the text are the same; only whitespace between them
    /// differs (re-wrapped lines, a paragraph split, spacing).
    Spacing {
        /// The rule.
        rule: u32,
        /// Which kinds of whitespace differ.
        only: Spacing,
        /// Whether the difference changes what the rule says (a paragraph
        /// split, a hard line break), as the write check sees meaning.
        meaning: bool,
    },
    /// History lines added, removed or changed.
    History {
        /// The rule's (new) number.
        rule: u32,
        /// Lines only the new side has.
        added: Vec<EntryText>,
        /// Lines only the old side has.
        removed: Vec<EntryText>,
        /// Lines in the same place that read differently.
        changed: Vec<EntryChange>,
    },
    /// Judgments added or removed (by their text).
    Judgments {
        /// The rule's (new) number.
        rule: u32,
        /// Judgments only the new side has.
        added: Vec<String>,
        /// Judgments only the old side has.
        removed: Vec<String>,
    },
    /// The same meaning written with different bytes.
    Layout {
        /// The rule's number.
        rule: u32,
        /// Which whitespace differs when nothing else in the rule's bytes
        /// does.
        #[serde(skip_serializing_if = "Option::is_none")]
        only: Option<Spacing>,
    },
}

impl Change {
    /// The rule the change belongs to (the new number for a renumbering);
    /// `None` for the title.
    pub fn rule(&self) -> Option<u32> {
        match self {
            Change::Title { .. } => None,
            Change::Renumbered { to, .. } => Some(*to),
            Change::Enacted { rule, .. }
            | Change::Repealed { rule, .. }
            | Change::Transmuted { rule, .. }
            | Change::Retitled { rule, .. }
            | Change::Amended { rule, .. }
            | Change::Revised { rule, .. }
            | Change::Spacing { rule, .. }
            | Change::History { rule, .. }
            | Change::Judgments { rule, .. }
            | Change::Layout { rule, .. } => Some(*rule),
        }
    }

    /// The `kind` tag, as in JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            Change::Title { .. } => "title",
            Change::Enacted { .. } => "enacted",
            Change::Repealed { .. } => "repealed",
            Change::Renumbered { .. } => "renumbered",
            Change::Transmuted { .. } => "transmuted",
            Change::Retitled { .. } => "retitled",
            Change::Amended { .. } => "amended",
            Change::Revised { .. } => "revision",
            Change::Spacing { .. } => "spacing",
            Change::History { .. } => "history",
            Change::Judgments { .. } => "judgments",
            Change::Layout { .. } => "layout",
        }
    }

    /// Order of aspects within one rule.
    fn rank(&self) -> u8 {
        match self {
            Change::Title { .. } => 0,
            Change::Renumbered { .. } | Change::Enacted { .. } | Change::Repealed { .. } => 1,
            Change::Transmuted { .. } | Change::Retitled { .. } => 2,
            Change::Amended { .. } | Change::Revised { .. } | Change::Spacing { .. } => 3,
            Change::History { .. } => 4,
            Change::Judgments { .. } => 5,
            Change::Layout { .. } => 6,
        }
    }
}

/// Compares two rulesets. Runs in time roughly linear in their size: rules
/// are matched by number through maps, and only rules left unmatched on both
/// sides are compared with each other (see `matching`).
pub fn diff(old: &Ruleset, new: &Ruleset, options: &DiffOptions) -> RulesetDiff {
    let old_format = options
        .old_format
        .or_else(|| old.layout.as_ref().map(|l| l.format));
    let new_format = options
        .new_format
        .or_else(|| new.layout.as_ref().map(|l| l.format));
    let lens = Lens::new(old_format, new_format);
    let mut changes = Vec::new();
    let (old_title, new_title) = (lens.title(&old.title), lens.title(&new.title));
    if old_title != new_title {
        changes.push(Change::Title {
            old: old.title.clone(),
            new: new.title.clone(),
        });
    }
    let matched = matching::match_rules(old, new, &lens, options.renumber_threshold);
    for rule in &matched.repealed {
        changes.push(Change::Repealed {
            rule: rule.number,
            revision: rule.revision,
            mutability: rule.mutability.clone(),
            text: rule.text.clone(),
        });
    }
    for rule in &matched.enacted {
        changes.push(Change::Enacted {
            rule: rule.number,
            revision: rule.revision,
            mutability: rule.mutability.clone(),
            text: rule.text.clone(),
        });
    }
    for pair in &matched.pairs {
        if let Some(similarity) = pair.similarity {
            changes.push(Change::Renumbered {
                from: pair.old.number,
                to: pair.new.number,
                similarity,
            });
        }
        let same_layout_format = old_format.is_some() && old_format == new_format;
        classify::compare(
            pair.old,
            pair.new,
            &lens,
            same_layout_format && pair.similarity.is_none(),
            &mut changes,
        );
    }
    let mut unlisted = Unlisted::default();
    if !options.layout {
        let before = changes.len();
        changes.retain(|change| !matches!(change, Change::Layout { .. }));
        unlisted.layout = before - changes.len();
    }
    if let (Some(old), Some(new)) = (old_format, new_format) {
        if old != new {
            unlisted.formats = Some(FormatPair { old, new });
        }
    }
    changes.sort_by_key(|change| (change.rule(), change.rank()));
    let labels = old
        .rules
        .iter()
        .chain(&new.rules)
        .filter_map(|rule| {
            let id = rule.id.as_ref()?;
            (*id != rule.number.to_string()).then(|| (rule.number, id.clone()))
        })
        .collect();
    RulesetDiff {
        changes,
        labels,
        unlisted,
    }
}

#[cfg(test)]
mod tests;
