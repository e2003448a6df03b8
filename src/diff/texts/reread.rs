//! [`diff_reread`]: [`super::diff_texts`] without the two texts in memory
//! at once. The old side's text is read once for its rule starts (an
//! [`Outline`]) and let go; the new side's text is then read whole, and the
//! old side's bytes are read a second time, rule by rule, each compared
//! with its partner in the new text and kept only where they differ. Peak
//! memory is one text, not two (issue 15).
//!
//! The rules kept, the pairing and the limits are [`super::diff_texts`]'s,
//! so the result is its result: a proptest holds the two to each other.

use super::{by_number, keep_one_where_none_would_be, read_document, read_kept, Rules};
use crate::diff::{diff, DiffOptions, RulesetDiff};
use crate::model::Format;
use crate::parse::rule_starts;
use std::cmp::Ordering;
use std::io::Read;
use std::ops::Range;

/// What the shortcut needs of the old side once its text is let go: the
/// text's length and where each rule starts, with its number.
pub struct Outline {
    len: usize,
    /// As `parse::rule_starts` gives them: never empty.
    starts: Vec<(usize, u32)>,
}

impl Outline {
    /// The outline of `text` read as `format`; `None` where
    /// [`super::diff_texts`] would not apply to it (see `rule_starts`).
    pub fn of(text: &str, format: Format) -> Option<Outline> {
        Some(Outline {
            len: text.len(),
            starts: rule_starts(text, format)?,
        })
    }

    /// Where the `index`-th rule's bytes lie in the text.
    fn range(&self, index: usize) -> Range<usize> {
        let end = self
            .starts
            .get(index + 1)
            .map_or(self.len, |(start, _)| *start);
        self.starts[index].0..end
    }
}

/// No partner: the merge of [`partners`] found none.
pub(super) const NO_PARTNER: u32 = u32::MAX;

/// For each rule of `old`, the index of its partner in `new` (the `k`-th
/// rule of the same number meets the `k`-th), or [`NO_PARTNER`]. The
/// partners are found by merging both sides' rules sorted by number and
/// then place: two sorted lists of 8 bytes a rule hold less than maps of
/// each number's occurrences did (indexes as u32: a file of four billion
/// rules does not fit in memory anyway).
pub(super) fn partners(old: &[(usize, u32)], new: &[(usize, u32)]) -> Vec<u32> {
    let (old_order, new_order) = (by_number(old), by_number(new));
    let mut partners = vec![NO_PARTNER; old.len()];
    let (mut o, mut n) = (0, 0);
    while o < old_order.len() && n < new_order.len() {
        let ((old_number, partner), (new_number, index)) = (old_order[o], new_order[n]);
        match old_number.cmp(&new_number) {
            Ordering::Less => o += 1,
            Ordering::Greater => n += 1,
            Ordering::Equal => {
                partners[partner as usize] = index;
                o += 1;
                n += 1;
            }
        }
    }
    partners
}

/// [`super::diff_texts`] of the text `old` outlines and `new`, where
/// `old_again` reads the old text again from its start.
///
/// `None` where [`super::diff_texts`] gives `None`, and where `old_again`
/// fails or does not give as many bytes as the outline's text has (the
/// caller reads both sides whole then). The caller vouches that
/// `old_again` reads the text outlined (the same file, unchanged).
pub fn diff_reread(
    old: &Outline,
    old_again: impl Read,
    new: &str,
    format: Format,
    options: &DiffOptions,
) -> Option<RulesetDiff> {
    diff_reread_within(old, old_again, new, format, options, |len| len / 2)
}

/// [`diff_reread`], falling back when what a side keeps to read is longer
/// than `limit` of its text's length.
pub(super) fn diff_reread_within(
    old: &Outline,
    old_again: impl Read,
    new: &str,
    format: Format,
    options: &DiffOptions,
    limit: fn(usize) -> usize,
) -> Option<RulesetDiff> {
    let new = Rules {
        text: new,
        starts: rule_starts(new, format)?,
    };
    let mut new_kept = vec![true; new.len()];
    let old_document = old_kept(old, old_again, &new, &mut new_kept, limit)?;
    let (old_set, new_set) = rayon::join(
        || read_document(old_document, format),
        || read_kept(&new, &new_kept, format, limit),
    );
    let options = DiffOptions {
        old_format: Some(format),
        new_format: Some(format),
        ..*options
    };
    Some(diff(&old_set?, &new_set?, &options))
}

/// The old side's smaller document (its header and the rules [`super::differing`]
/// keeps, in file order), read from `old_again`; marks in `new_kept` the new
/// side's rules whose partner has the same bytes. `None` when the document
/// is longer than `limit` of the old text's length or `old_again` does not
/// give the text outlined.
fn old_kept(
    old: &Outline,
    mut old_again: impl Read,
    new: &Rules<'_>,
    new_kept: &mut [bool],
    limit: fn(usize) -> usize,
) -> Option<Vec<u8>> {
    let most = limit(old.len);
    let partners = partners(&old.starts, &new.starts);
    let mut old_kept = vec![true; partners.len()];
    let mut document = vec![0; old.starts[0].0];
    old_again.read_exact(&mut document).ok()?;
    // The first alike pair in the new side's order, and where in the
    // document its old rule would stand.
    let mut first_alike: Option<(usize, usize, usize)> = None;
    let mut rule = Vec::new();
    for (partner, &index) in partners.iter().enumerate() {
        rule.resize(old.range(partner).len(), 0);
        old_again.read_exact(&mut rule).ok()?;
        let index = index as usize;
        if index != NO_PARTNER as usize && new.bytes(index).as_bytes() == rule {
            old_kept[partner] = false;
            new_kept[index] = false;
            if first_alike.is_none_or(|(_, first, _)| index < first) {
                first_alike = Some((partner, index, document.len()));
            }
        } else {
            document.extend_from_slice(&rule);
            if document.len() > most {
                return None;
            }
        }
    }
    // A longer text than the outlined one is not the text outlined.
    if !matches!(old_again.read(&mut [0; 1]), Ok(0)) {
        return None;
    }
    let first = first_alike.map(|(partner, index, _)| (partner, index));
    keep_one_where_none_would_be(first, &mut old_kept, new_kept);
    if let Some((partner, index, at)) = first_alike {
        if old_kept[partner] {
            // Its bytes are its partner's.
            let bytes = new.bytes(index).as_bytes();
            document.splice(at..at, bytes.iter().copied());
        }
    }
    (document.len() <= most).then_some(document)
}
