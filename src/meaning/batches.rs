//! Writing a document and checking its meaning a batch of rules at a time:
//! each batch is read back on its own (between the document's header and
//! footer, the next rule's region after it) while others are written, on
//! every core, so that neither the whole document's lines nor a second copy
//! of its rules are ever held.
//!
//! Every whole form's reader cuts a document into rules at heading lines
//! found by what stands right before them (`txt-long`, `txt-short`: a `-`
//! ruler before `Rule N/R`; `txt-plain`: a blank line before `Rule N`;
//! `md-long`, `md-short`: a `## N/R` line that Markdown reads as a heading,
//! which closes every open block) and reads each rule's region by itself.
//! What a region leaves open can only change how the rule after it reads
//! by swallowing that rule's heading: the next rule's region, read with
//! each batch, shows that. So a document reads back as meant when every
//! batch does; when one does not, the whole is read back, for the error a
//! whole read gives.

use super::{compare_rule, MeaningError};
use crate::model::{Format, Rule};
use crate::parse;
use crate::render::Parts;
use rayon::prelude::*;
use std::ops::Range;

/// How many rules one batch holds.
const BATCH: usize = 256;
/// How many batches are written and checked at once (on every core) before
/// they are joined to the document.
const AT_ONCE: usize = 8;

/// Whether [`write_checked`] checks `format` a batch at a time (see the
/// module documentation).
#[must_use]
pub fn checks_in_batches(format: Format) -> bool {
    matches!(
        format,
        Format::MdLong | Format::MdShort | Format::TxtLong | Format::TxtShort | Format::TxtPlain
    )
}

/// The document `parts` make, each rule's meaning checked as
/// [`super::verify_written`] checks it: a batch at a time where
/// [`checks_in_batches`], whole otherwise. `size` is called with the
/// document's length before its meaning is judged (the renderer's own
/// refusal of a runaway document comes first, as when it is written whole).
///
/// # Errors
/// What `size` returns, or [`MeaningError`] naming the first rule whose
/// meaning would change: the same error a check of the whole gives.
pub fn write_checked<E: From<MeaningError>>(
    parts: &Parts<'_>,
    size: impl FnOnce(usize) -> Result<(), E>,
) -> Result<String, E> {
    let format = parts.format();
    let rules = parts.rules();
    let (mut header, mut footer) = (String::new(), String::new());
    parts.header(&mut header);
    parts.footer(&mut footer);
    let batched = checks_in_batches(format) && !rules.is_empty();
    let mut out = header.clone();
    // Once a batch does not read back, the rest is only written: the whole
    // is then read back, for the error a whole read gives.
    let mut all_read_back = batched;
    let batches: Vec<Range<usize>> = (0..rules.len())
        .step_by(BATCH)
        .map(|start| start..(start + BATCH).min(rules.len()))
        .collect();
    for group in batches.chunks(AT_ONCE) {
        let check = all_read_back;
        let written: Vec<(String, bool)> = group
            .par_iter()
            .map(|range| {
                let mut text = String::new();
                parts.rules_at(range.clone(), &mut text);
                let read_back = check && {
                    let mut next = String::new();
                    parts.rules_at(range.end..(range.end + 1).min(rules.len()), &mut next);
                    let document = [header.as_str(), &text, &next, &footer].concat();
                    let with_next = range.start..(range.end + 1).min(rules.len());
                    reads_back(&rules[with_next], range.len(), &document, format)
                };
                (text, read_back)
            })
            .collect();
        out.reserve(written.iter().map(|(text, _)| text.len()).sum());
        for (text, read_back) in written {
            out.push_str(&text);
            all_read_back &= read_back;
        }
    }
    out.push_str(&footer);
    size(out.len())?;
    if !all_read_back {
        super::verify_written_slice(rules, &out, format)?;
    }
    Ok(out)
}

/// Whether the document `parts` make is `text` byte for byte, where `text`
/// is the file its rules were read from, unchanged since: such a document
/// reads back as those rules (the same bytes read the same), so it needs no
/// re-read, and `text` itself is the document. The parts are compared with
/// `text` a run of rules at a time as they are made, and none is kept.
#[must_use]
pub fn writes_read_text(parts: &Parts<'_>, text: &str) -> bool {
    let mut at = 0;
    let mut same = true;
    let mut compare = |written: &str| {
        same = same
            && text
                .get(at..at + written.len())
                .is_some_and(|read| read == written);
        at += written.len();
    };
    let (mut header, mut footer) = (String::new(), String::new());
    parts.header(&mut header);
    compare(&header);
    // The runs are made on every core a batch at a time; once one differs,
    // the rest is made and skipped (rare: a file read in its own form is
    // re-emitted as read).
    parts.for_each_run(&mut compare);
    parts.footer(&mut footer);
    compare(&footer);
    same && at == text.len()
}

/// Whether `document` reads back as `rules`: the first `checked` of
/// them as they are meant, the one after those (the next batch's first) as
/// a rule.
pub(super) fn reads_back(rules: &[Rule], checked: usize, document: &str, format: Format) -> bool {
    parse::read_check(document, format).is_ok_and(|read| {
        read.rules.len() == rules.len()
            && rules[..checked]
                .iter()
                .zip(&read.rules)
                .all(|(meant, read)| compare_rule(meant, read, format).is_ok())
    })
}
