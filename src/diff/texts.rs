//! [`diff_texts`]: two Markdown rulesets compared from their texts, reading
//! only the rules whose bytes differ.
//!
//! Both texts are cut at their rule headings (`parse::rule_starts`, the
//! headings the whole read finds) and the `k`-th rule numbered `n` on one
//! side is compared byte for byte with the `k`-th rule numbered `n` on the
//! other, the pairing [`super::diff`] makes. Equal bytes are equal rules with
//! equal layouts, which [`super::diff`] pairs and reports nothing for, so
//! both sides drop them. What is left (the header, for the title, and the
//! rules that differ or have no partner) is put together as a smaller
//! document of each side and read whole; their diff is the diff of the two
//! files.
//!
//! Why a rule read out of its file is the rule read in it: a rule heading
//! (`## N` at the start of a line, outside code and HTML blocks) closes
//! every block before it, so a rule's bytes alone decide the blocks in them
//! (and so where its history and judgments sections start), and a rule that
//! is not its file's last closes all its blocks before the next heading, so
//! the rule put after it in the smaller document starts as it did. Whether
//! a rule is its document's last, and where it lies, change only its layout
//! quirks and offsets, which the diff does not compare. A proptest holds the
//! result to the whole read's on edited rulesets.

use super::{diff, DiffOptions, RulesetDiff};
use crate::model::{Format, Ruleset};
use crate::parse::{read_owned, rule_starts, ReadDepth, ReadOptions};
use std::ops::Range;

/// The diff of two rulesets in `format`, read from their texts: what
/// [`diff`] of the two whole reads gives (with both formats `format`),
/// reading only the rules whose bytes differ.
///
/// `None` when the shortcut does not apply and the caller should read both
/// texts whole: a format other than md-long or md-short, a text that does
/// not read without an error, or sides that differ in more than half their
/// bytes (then the smaller documents would cost about what the whole reads
/// do).
pub fn diff_texts(
    old: &str,
    new: &str,
    format: Format,
    options: &DiffOptions,
) -> Option<RulesetDiff> {
    diff_texts_within(old, new, format, options, |len| len / 2)
}

/// [`diff_texts`], falling back when what a side keeps to read is longer
/// than `limit` of its text's length.
fn diff_texts_within(
    old: &str,
    new: &str,
    format: Format,
    options: &DiffOptions,
    limit: fn(usize) -> usize,
) -> Option<RulesetDiff> {
    let (old_starts, new_starts) =
        rayon::join(|| rule_starts(old, format), || rule_starts(new, format));
    let old_rules = Rules {
        text: old,
        starts: old_starts?,
    };
    let new_rules = Rules {
        text: new,
        starts: new_starts?,
    };
    let (old_kept, new_kept) = differing(&old_rules, &new_rules);
    let (old_set, new_set) = rayon::join(
        || read_kept(&old_rules, &old_kept, format, limit),
        || read_kept(&new_rules, &new_kept, format, limit),
    );
    let options = DiffOptions {
        old_format: Some(format),
        new_format: Some(format),
        ..*options
    };
    Some(diff(&old_set?, &new_set?, &options))
}

/// A text's rules: where each starts, with its number (`rule_starts`).
/// A rule's bytes run to the next start, the last rule's to the end.
struct Rules<'a> {
    text: &'a str,
    starts: Vec<(usize, u32)>,
}

impl Rules<'_> {
    fn len(&self) -> usize {
        self.starts.len()
    }

    #[cfg(test)]
    fn number(&self, index: usize) -> u32 {
        self.starts[index].1
    }

    /// Where the `index`-th rule's bytes lie in the text.
    fn range(&self, index: usize) -> Range<usize> {
        let end = self
            .starts
            .get(index + 1)
            .map_or(self.text.len(), |(start, _)| *start);
        self.starts[index].0..end
    }

    fn bytes(&self, index: usize) -> &str {
        &self.text[self.range(index)]
    }
}

/// Which rules of each side to read: all but those whose partner (the
/// `k`-th rule of the same number on the other side) has the same bytes.
/// When that leaves a side no rule, the first such pair is read after all:
/// a document of a header alone need not read as its file does (text after
/// the title and no rule heading is an error).
fn differing(old: &Rules<'_>, new: &Rules<'_>) -> (Vec<bool>, Vec<bool>) {
    let mut old_kept = vec![true; old.len()];
    let mut new_kept = vec![true; new.len()];
    let mut first_alike: Option<(usize, usize)> = None;
    for (partner, &index) in reread::partners(&old.starts, &new.starts)
        .iter()
        .enumerate()
    {
        let index = index as usize;
        if index != reread::NO_PARTNER as usize && old.bytes(partner) == new.bytes(index) {
            old_kept[partner] = false;
            new_kept[index] = false;
            // The first in the new side's order, as a walk of it in file
            // order finds it.
            if first_alike.is_none_or(|(_, first)| index < first) {
                first_alike = Some((partner, index));
            }
        }
    }
    keep_one_where_none_would_be(first_alike, &mut old_kept, &mut new_kept);
    (old_kept, new_kept)
}

/// Reads the first pair alike after all where a side would read no rule
/// (see [`differing`]).
fn keep_one_where_none_would_be(
    first_alike: Option<(usize, usize)>,
    old_kept: &mut [bool],
    new_kept: &mut [bool],
) {
    let none_kept = |kept: &[bool]| !kept.contains(&true);
    if let Some((partner, index)) = first_alike {
        if none_kept(old_kept) || none_kept(new_kept) {
            old_kept[partner] = true;
            new_kept[index] = true;
        }
    }
}

/// Each rule's number and index (of `starts`), sorted by number and then
/// index.
fn by_number(starts: &[(usize, u32)]) -> Vec<(u32, u32)> {
    let mut order: Vec<(u32, u32)> = (0..starts.len())
        .map(|index| (starts[index].1, index as u32))
        .collect();
    // Already in order for a ruleset in order: the sort only checks it.
    order.sort_unstable();
    order
}

/// The header of a text and its `kept` rules, in file order, read as one
/// document; `None` when they are longer than `limit` of the text's length
/// (read it whole) or do not read.
fn read_kept(
    rules: &Rules<'_>,
    kept: &[bool],
    format: Format,
    limit: fn(usize) -> usize,
) -> Option<Ruleset> {
    let text = rules.text;
    let header = rules.starts.first().map_or(text.len(), |(start, _)| *start);
    let kept = || (0..rules.len()).filter(|index| kept[*index]);
    let size = header + kept().map(|index| rules.range(index).len()).sum::<usize>();
    if size > limit(text.len()) {
        return None;
    }
    let mut document = String::with_capacity(size);
    document.push_str(&text[..header]);
    for index in kept() {
        document.push_str(rules.bytes(index));
    }
    read_document(document.into_bytes(), format)
}

/// A smaller document put together of a side's header and kept rules, read
/// as `format`; `None` when it does not read.
fn read_document(document: Vec<u8>, format: Format) -> Option<Ruleset> {
    let options = ReadOptions {
        from: Some(format),
        ..ReadOptions::default()
    };
    read_owned(document, &options, None, ReadDepth::Layout)
        .ok()
        .map(|parsed| parsed.ruleset)
}

mod reread;

pub use reread::{diff_reread, Outline, Outlined};

#[cfg(test)]
mod tests;
