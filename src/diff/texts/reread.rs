//! [`diff_reread`]: [`super::diff_texts`] without the two texts in memory
//! at once. One side's text is read once for its rule starts (an
//! [`Outline`]) and let go; the other side's text is then read whole, and
//! the outlined side's bytes are read a second time, rule by rule, each
//! compared with its partner in the other text and kept only where they
//! differ. Peak memory is one text, not two (issue 15).
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

/// What the shortcut needs of a side once its text is let go: the
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

/// Which side an [`Outline`] is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outlined {
    /// The old side: the new one is the text in memory.
    Old,
    /// The new side: the old one is the text in memory.
    New,
}

/// [`super::diff_texts`] of the text `outline` outlines and `other`, the
/// other side's text, where `again` reads the outlined text again from its
/// start.
///
/// `None` where [`super::diff_texts`] gives `None`, and where `again` fails
/// or does not give as many bytes as the outline's text has (the caller
/// reads both sides whole then). The caller vouches that `again` reads the
/// text outlined (the same file, unchanged).
pub fn diff_reread(
    outline: &Outline,
    outlined: Outlined,
    again: impl Read,
    other: &str,
    format: Format,
    options: &DiffOptions,
) -> Option<RulesetDiff> {
    diff_reread_within(outline, outlined, again, other, format, options, |len| {
        len / 2
    })
}

/// [`diff_reread`], falling back when what a side keeps to read is longer
/// than `limit` of its text's length.
pub(super) fn diff_reread_within(
    outline: &Outline,
    outlined: Outlined,
    again: impl Read,
    other: &str,
    format: Format,
    options: &DiffOptions,
    limit: fn(usize) -> usize,
) -> Option<RulesetDiff> {
    let other = Rules {
        text: other,
        starts: rule_starts(other, format)?,
    };
    let mut other_kept = vec![true; other.len()];
    let document = outlined_kept(outline, outlined, again, &other, &mut other_kept, limit)?;
    let (outlined_set, other_set) = rayon::join(
        || read_document(document, format),
        || read_kept(&other, &other_kept, format, limit),
    );
    let (outlined_set, other_set) = (outlined_set?, other_set?);
    let (old_set, new_set) = match outlined {
        Outlined::Old => (outlined_set, other_set),
        Outlined::New => (other_set, outlined_set),
    };
    let options = DiffOptions {
        old_format: Some(format),
        new_format: Some(format),
        ..*options
    };
    Some(diff(&old_set, &new_set, &options))
}

/// The outlined side's smaller document (its header and the rules
/// [`super::differing`] keeps, in file order), read from `again`; marks in
/// `other_kept` the other side's rules whose partner has the same bytes.
/// `None` when the document is longer than `limit` of the outlined text's
/// length or `again` does not give the text outlined.
fn outlined_kept(
    outline: &Outline,
    outlined: Outlined,
    mut again: impl Read,
    other: &Rules<'_>,
    other_kept: &mut [bool],
    limit: fn(usize) -> usize,
) -> Option<Vec<u8>> {
    let most = limit(outline.len);
    let partners = partners(&outline.starts, &other.starts);
    let mut kept = vec![true; partners.len()];
    let mut document = vec![0; outline.starts[0].0];
    again.read_exact(&mut document).ok()?;
    // The first alike pair in the new side's order (`differing`'s), and
    // where in the document its outlined rule would stand.
    let mut first_alike: Option<(usize, usize, usize)> = None;
    let new_index = |(own, partner): (usize, usize)| match outlined {
        Outlined::Old => partner,
        Outlined::New => own,
    };
    let mut rule = Vec::new();
    for (own, &partner) in partners.iter().enumerate() {
        rule.resize(outline.range(own).len(), 0);
        again.read_exact(&mut rule).ok()?;
        let partner = partner as usize;
        if partner != NO_PARTNER as usize && other.bytes(partner).as_bytes() == rule {
            kept[own] = false;
            other_kept[partner] = false;
            if first_alike.is_none_or(|(first, first_partner, _)| {
                new_index((own, partner)) < new_index((first, first_partner))
            }) {
                first_alike = Some((own, partner, document.len()));
            }
        } else {
            document.extend_from_slice(&rule);
            if document.len() > most {
                return None;
            }
        }
    }
    // A longer text than the outlined one is not the text outlined.
    if !matches!(again.read(&mut [0; 1]), Ok(0)) {
        return None;
    }
    if let Some((own, partner, at)) = first_alike {
        match outlined {
            Outlined::Old => {
                keep_one_where_none_would_be(Some((own, partner)), &mut kept, other_kept);
            }
            Outlined::New => {
                keep_one_where_none_would_be(Some((partner, own)), other_kept, &mut kept);
            }
        }
        if kept[own] {
            // Its bytes are its partner's.
            let bytes = other.bytes(partner).as_bytes();
            document.splice(at..at, bytes.iter().copied());
        }
    }
    (document.len() <= most).then_some(document)
}
