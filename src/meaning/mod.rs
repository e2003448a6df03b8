//! The safety check every write goes through: what a command is about to
//! write is read back and its meaning compared with what it meant to write.
//!
//! Meaning is what a reader of the rules sees: numbers, mutability, the
//! revision and history where the form carries them, and each rule's text
//! as blocks (paragraphs, list items with their depth and number, lines of
//! preformatted text) of words, with emphasis and line breaks. Layout is not
//! meaning: wrapping, indentation, bullet glyphs, the spacing of blocks.
//! Markup a text form drops by design (HTML tags, link targets written
//! after their text) is compared as the text forms write it.

mod copies;
mod normal;
mod write;

use crate::model::{Format, Rule, Ruleset};
use crate::parse::{self, ParseError};
use crate::render::style::Style;
use crate::render::Published;
pub use copies::{disagreements, forget, not_carried_over, Disagreement};
use normal::{first_difference, normal_form, without_emphasis, words_only, Difference};
use std::collections::{HashMap, HashSet};
use std::fmt;
pub use write::{read_depth, render_read, RenderRefusal};

/// A construct of a rule text that a form may be unable to carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Construct {
    /// Lines kept as written: code, a table, aligned columns.
    Preformatted,
    /// A list item (its depth or number).
    ListItem,
    /// A line break inside a paragraph or item.
    LineBreak,
    /// Emphasis (`*word*`) or strong emphasis.
    Emphasis,
    /// An identifier that is not a number (`UC1`, `2.2.1`).
    Identifier,
}

impl fmt::Display for Construct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Construct::Preformatted => "a preformatted block (code or table)",
            Construct::ListItem => "a list item",
            Construct::LineBreak => "a line break",
            Construct::Emphasis => "emphasis",
            Construct::Identifier => "an identifier that is not a number",
        })
    }
}

/// Why a write was refused: what it would write does not mean what it was
/// meant to.
#[derive(Debug, thiserror::Error)]
pub enum MeaningError {
    /// The written text of a rule reads back differently.
    #[error(
        "refusing to write {format}: rule {rule} would not say what it says now \
         (its {aspect} would change{construct}): expected \u{201c}{expected}\u{201d}, \
         the written {format} reads \u{201c}{found}\u{201d}",
        construct = construct.map(|c| format!("; {format} cannot carry {c} here")).unwrap_or_default()
    )]
    Changed {
        /// The format being written.
        format: Format,
        /// The rule that would change, as the file names it (its
        /// identifier, else its number).
        rule: String,
        /// Which part of the rule differs (`text`, `history`, ...).
        aspect: &'static str,
        /// The first words that differ, as meant.
        expected: String,
        /// The same place as it reads back.
        found: String,
        /// The construct the form could not carry, when one is to blame.
        construct: Option<Construct>,
    },
    /// The written text holds more or fewer rules than it should.
    #[error("refusing to write {format}: it would hold {found} rules where there are {expected}{}", first.map(|n| format!(" (rule {n} first differs)")).unwrap_or_default())]
    RuleCount {
        /// The format being written.
        format: Format,
        /// How many rules the ruleset has.
        expected: usize,
        /// How many the written text reads back as.
        found: usize,
        /// The rule to name: the first one side has beyond the other's last
        /// (for a per-rule page, the page's rule).
        first: Option<u32>,
    },
    /// The written text cannot be read back at all.
    #[error("refusing to write {format}: what would be written cannot be read back: {source}")]
    Unreadable {
        /// The format being written.
        format: Format,
        /// Why it cannot be read back.
        #[source]
        source: ParseError,
    },
}

/// How many of `ruleset`'s titled rules a file of `format` leaves their
/// titles out of (the nomic forms title no rule): what a command writing
/// that form says it drops.
pub fn untitled_in(ruleset: &Ruleset, format: Format) -> usize {
    if format.carries_titles() {
        return 0;
    }
    ruleset
        .rules
        .iter()
        .filter(|rule| rule.title.as_deref().is_some_and(|t| !t.trim().is_empty()))
        .count()
}

/// Reads `written` back as `format` and compares it with `intended`.
///
/// # Errors
/// [`MeaningError`] naming the first rule whose meaning would change.
pub fn verify_written(
    intended: &Ruleset,
    written: &str,
    format: Format,
) -> Result<(), MeaningError> {
    verify_written_in(intended, written, format, &Style::default())
}

/// [`verify_written`] for a file written in `style`: a text form whose
/// style removes emphasis markers is compared without them.
///
/// # Errors
/// [`MeaningError`] naming the first rule whose meaning would change.
pub fn verify_written_in(
    intended: &Ruleset,
    written: &str,
    format: Format,
    style: &Style,
) -> Result<(), MeaningError> {
    let actual = parse::read_check(written, format)
        .map_err(|source| MeaningError::Unreadable { format, source })?;
    let drops = drops_emphasis(format, style);
    compare_rules(
        &intended.rules,
        &actual.rules,
        format,
        &HashSet::new(),
        drops,
    )
}

/// Whether a file of `format` written in `style` leaves emphasis markers out.
fn drops_emphasis(format: Format, style: &Style) -> bool {
    style.emphasis.removed()
        && matches!(format, Format::TxtLong | Format::TxtShort | Format::TxtRule)
}

/// Compares the rules of two rulesets in the parts `format` carries.
///
/// # Errors
/// [`MeaningError`] naming the first rule whose meaning differs.
pub fn compare(intended: &Ruleset, actual: &Ruleset, format: Format) -> Result<(), MeaningError> {
    compare_rules(
        &intended.rules,
        &actual.rules,
        format,
        &HashSet::new(),
        false,
    )
}

/// Compares each rule but those `carried` over (their bytes are the
/// published file's own, whatever they say); without emphasis markers when
/// the file `drops` them.
fn compare_rules(
    intended: &[Rule],
    actual: &[Rule],
    format: Format,
    carried: &HashSet<u32>,
    drops: bool,
) -> Result<(), MeaningError> {
    for (meant, read) in intended.iter().zip(actual) {
        if !carried.contains(&meant.number) {
            compare_rule_in(meant, read, format, drops)?;
        }
    }
    if intended.len() != actual.len() {
        let first = intended
            .get(actual.len())
            .or_else(|| actual.get(intended.len()))
            .map(|rule| rule.number);
        return Err(MeaningError::RuleCount {
            format,
            expected: intended.len(),
            found: actual.len(),
            first,
        });
    }
    Ok(())
}

/// Checks every file of a published set against the ruleset it was
/// rendered from: whole forms by their format (`.md`/`.txt`, long or short
/// by name), per-rule pages against the rule of their number (the last rule
/// of that number: the one its page was rendered from). The rules a file
/// carries over from the folder's copy ([`Published::carried`]) are the
/// folder's and are not compared.
///
/// # Errors
/// [`MeaningError`] for the first file that would change a rule's meaning.
pub fn verify_published(ruleset: &Ruleset, published: &Published) -> Result<(), MeaningError> {
    let none = HashSet::new();
    let carried = &published.carried;
    let by_number: HashMap<u32, &Rule> = ruleset
        .rules
        .iter()
        .map(|rule| (rule.number, rule))
        .collect();
    for file in &published.files {
        let Some(format) = published_format(&file.path) else {
            continue;
        };
        let carried = carried.get(&file.path).unwrap_or(&none);
        let style = published
            .styles
            .get(&file.path)
            .copied()
            .unwrap_or_default();
        let drops = drops_emphasis(format, &style);
        if matches!(format, Format::MdRule | Format::TxtRule) {
            let read = parse::read_meaning(&file.contents, format)
                .map_err(|source| MeaningError::Unreadable { format, source })?;
            for page_rule in &read.rules {
                if carried.contains(&page_rule.number) {
                    continue;
                }
                if let Some(meant) = by_number.get(&page_rule.number) {
                    let meant = crate::render::page_rule(meant);
                    compare_rule_in(&meant, page_rule, format, drops)?;
                }
            }
        } else {
            let actual = parse::read_check(&file.contents, format)
                .map_err(|source| MeaningError::Unreadable { format, source })?;
            compare_rules(&ruleset.rules, &actual.rules, format, carried, drops)?;
        }
    }
    Ok(())
}

pub(crate) fn published_format(path: &std::path::Path) -> Option<Format> {
    let name = path.to_string_lossy();
    let format = if name.starts_with("rules/md/") {
        Format::MdRule
    } else if name.starts_with("rules/txt/") {
        Format::TxtRule
    } else {
        match name.as_ref() {
            "rules-l.md" => Format::MdLong,
            "rules-l.txt" => Format::TxtLong,
            "rules-s.md" => Format::MdShort,
            "rules-s.txt" => Format::TxtShort,
            _ => return None,
        }
    };
    Some(format)
}

/// Compares one rule in the parts `format` carries.
///
/// # Errors
/// [`MeaningError::Changed`] naming the first difference.
pub(crate) fn compare_rule(meant: &Rule, read: &Rule, format: Format) -> Result<(), MeaningError> {
    compare_rule_in(meant, read, format, false)
}

/// [`compare_rule`], the texts compared without emphasis markers when the
/// copy `drops` them.
fn compare_rule_in(
    meant: &Rule,
    read: &Rule,
    format: Format,
    drops: bool,
) -> Result<(), MeaningError> {
    let changed = |aspect, expected: String, found: String, construct| MeaningError::Changed {
        format,
        rule: meant.label(),
        aspect,
        expected,
        found,
        construct,
    };
    if meant.number != read.number {
        return Err(changed(
            "number",
            meant.number.to_string(),
            read.number.to_string(),
            None,
        ));
    }
    // A form that numbers its rules would give this one a number it does
    // not have. (Titles such a form leaves out are said, not refused:
    // [`untitled_in`].)
    if let Some(id) = meant.id.as_deref() {
        if !format.carries_titles() && *id != meant.number.to_string() {
            return Err(changed(
                "identifier",
                id.to_string(),
                read.number.to_string(),
                Some(Construct::Identifier),
            ));
        }
    }
    if meant.mutability != read.mutability {
        return Err(changed(
            "mutability",
            meant.mutability.to_string(),
            read.mutability.to_string(),
            None,
        ));
    }
    // A rule read without a revision gets one where a form carries it.
    if format.carries_revision() && meant.revision.is_some() && meant.revision != read.revision {
        let show = |r: Option<u32>| r.map_or_else(|| "none".to_string(), |r| r.to_string());
        return Err(changed(
            "revision",
            show(meant.revision),
            show(read.revision),
            None,
        ));
    }
    if format.carries_history() {
        // Compared in place: only a difference takes copies of its lines.
        fn lines(rule: &Rule) -> impl Iterator<Item = &str> {
            let history = rule.history.iter().map(|e| e.source.as_str());
            history.chain(rule.judgments.iter().map(|j| j.text.as_str()))
        }
        if !lines(meant).eq(lines(read)) {
            let k = lines(meant)
                .zip(lines(read))
                .take_while(|(x, y)| x == y)
                .count();
            let line = |rule: &Rule| lines(rule).nth(k).unwrap_or("(nothing)").to_string();
            return Err(changed("history", line(meant), line(read), None));
        }
    }
    if meant.text == read.text {
        return Ok(());
    }
    let (mut a, mut b) = (normal_form(&meant.text), normal_form(&read.text));
    if drops {
        (a, b) = (without_emphasis(a), without_emphasis(b));
    }
    match first_difference(&a, &b) {
        None => Ok(()),
        Some(Difference {
            expected,
            found,
            construct,
        }) => Err(changed("text", expected, found, construct)),
    }
}

/// How a published copy of a rule in `format` disagrees with the rule, as
/// [`compare_rule`] tells, except that a text form is compared by its words
/// alone: it may drop emphasis, line breaks and block structure as its
/// moderator writes it. A hand slip to report while the copy is kept.
#[must_use]
pub(crate) fn copy_disagrees(meant: &Rule, copy: &Rule, format: Format) -> Option<MeaningError> {
    let err = compare_rule(meant, copy, format).err()?;
    let text_only = matches!(err, MeaningError::Changed { aspect: "text", .. });
    let drops_emphasis = matches!(
        format,
        Format::TxtLong | Format::TxtShort | Format::TxtRule | Format::TxtPlain
    );
    if text_only && drops_emphasis {
        let (a, b) = (
            words_only(without_emphasis(normal_form(&meant.text))),
            words_only(without_emphasis(normal_form(&copy.text))),
        );
        let Difference {
            expected,
            found,
            construct,
        } = first_difference(&a, &b)?;
        return Some(MeaningError::Changed {
            format,
            rule: meant.label(),
            aspect: "text",
            expected,
            found,
            construct,
        });
    }
    Some(err)
}

/// Whether two rule texts (Markdown) mean the same: the same blocks of
/// words, with emphasis and line breaks, however they are wrapped and
/// spaced.
pub(crate) fn same_text(a: &str, b: &str) -> bool {
    a == b || normal_form(a) == normal_form(b)
}

#[cfg(test)]
mod tests;
