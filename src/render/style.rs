//! How the text a form writes anew is laid out: one description ([`Style`])
//! that is inferred from a published file (the style that rewrites the most
//! of its latest untouched rules to their own bytes), pinned in
//! `nomic.toml` (`[style]`, [`Pins`]) and handed to the templates (`style`,
//! and `width` for `{{ r.text | wrap(width) }}`), whose filters write by it.

use super::publish::Form;
use super::Renderer;
use crate::model::{Format, Rule};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use unicode_width::UnicodeWidthChar;

/// How a form lays out what it writes anew. The default is the canonical
/// style (docs/formats.md), which a fresh folder gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Style {
    /// The column `txt-long` and `txt-short` wrap a rule's body at.
    pub width: usize,
    /// How that column is counted.
    pub counts: Counts,
    /// The bullet the text forms write before an item of a bullet list.
    pub bullet: Bullet,
    /// Columns before a top-level list item's marker, past the body's margin.
    pub item_indent: usize,
    /// Whether the text forms leave a blank line before a list item.
    pub item_spacing: Spacing,
    /// Whether the text forms keep Markdown's emphasis markers (`*i.e.*`).
    pub emphasis: Emphasis,
    /// The level of `md-long`'s `History` and `Judgments` headings (`#####`).
    pub history_level: u8,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            width: super::text::WIDTH,
            counts: Counts::Display,
            bullet: Bullet::Star,
            item_indent: 0,
            item_spacing: Spacing::Blank,
            emphasis: Emphasis::Kept,
            history_level: 5,
        }
    }
}

/// How a wrapped line's width is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Counts {
    /// Columns on a terminal: a wide character (`日`) counts two, a combining one none.
    Display,
    /// Characters, each one.
    Chars,
}

/// The bullet of a bullet list's items in the text forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bullet {
    /// `* item`.
    #[serde(rename = "*")]
    Star,
    /// `- item`.
    #[serde(rename = "-")]
    Dash,
    /// `• item`.
    #[serde(rename = "•")]
    Dot,
}

impl Bullet {
    /// The bullet as written.
    #[must_use]
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Bullet::Star => "*",
            Bullet::Dash => "-",
            Bullet::Dot => "•",
        }
    }
}

/// What stands before a list item in the text forms (other blocks are
/// always a blank line apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spacing {
    /// A blank line, as between paragraphs.
    Blank,
    /// Nothing after an item: each item of a list on the line after the one before.
    None,
    /// A blank line where the Markdown has one: the items of a tight list,
    /// and a list that follows a paragraph line, each on the next line.
    Source,
}

/// Whether the text forms keep Markdown's emphasis markers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Emphasis {
    /// `*i.e.*` stays `*i.e.*`.
    #[default]
    Kept,
    /// `*i.e.*` is written `i.e.`.
    Removed,
    /// `*i.e.*` is written `i.e.`, but lines are wrapped as if the markers
    /// were there (as a moderator does who wraps the Markdown, then deletes
    /// its markers).
    RemovedAfterWrap,
}

impl Emphasis {
    /// Whether the markers are left out of what is written.
    #[must_use]
    pub(crate) fn removed(self) -> bool {
        self != Emphasis::Kept
    }
}

/// The parts of a style that can be told apart in a file, each inferred on
/// its own, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Width,
    Emphasis,
    Bullet,
    ItemIndent,
    ItemSpacing,
    Counts,
    HistoryLevel,
}

/// The narrowest width a style may pin.
const MIN_WIDTH: usize = 40;
/// The widest: the text forms' width and their body's indent (wrapping is
/// measured against the one, the other taking up the difference).
const MAX_WIDTH: usize = super::text::WIDTH + super::text::INDENT;

/// The widths a text form's body may be inferred to be wrapped at.
const WIDTHS: std::ops::RangeInclusive<usize> = 60..=72;

/// How many of the rules that can show a part it is inferred from: those
/// enacted last (the highest numbers), which show how the moderator
/// writes now.
const SAMPLE: usize = 16;

impl Part {
    /// The parts a form's files show, in groups inferred one after the
    /// other; the parts of a group together (a list shows its bullet only
    /// where its spacing comes out right too).
    fn groups(format: Format) -> &'static [&'static [Part]] {
        const LISTS: &[Part] = &[Part::Bullet, Part::ItemIndent, Part::ItemSpacing];
        match format {
            Format::TxtLong | Format::TxtShort => {
                &[&[Part::Width], &[Part::Emphasis], LISTS, &[Part::Counts]]
            }
            Format::TxtRule => &[&[Part::Emphasis], LISTS],
            Format::MdLong => &[&[Part::HistoryLevel]],
            _ => &[],
        }
    }

    /// `style` with this part set to each value it may take, the one
    /// preferred on a tie first (the canonical, then the nearest to it).
    fn candidates(self, style: Style) -> Vec<Style> {
        let canonical = Style::default();
        match self {
            Part::Width => {
                let mut widths: Vec<usize> = WIDTHS.collect();
                widths.sort_by_key(|&width| (width.abs_diff(canonical.width), width));
                widths
                    .into_iter()
                    .map(|width| Style { width, ..style })
                    .collect()
            }
            Part::Emphasis => [
                Emphasis::Kept,
                Emphasis::Removed,
                Emphasis::RemovedAfterWrap,
            ]
            .map(|emphasis| Style { emphasis, ..style })
            .to_vec(),
            Part::Bullet => [Bullet::Star, Bullet::Dash, Bullet::Dot]
                .map(|bullet| Style { bullet, ..style })
                .to_vec(),
            Part::ItemIndent => [0, 2, 4]
                .map(|item_indent| Style {
                    item_indent,
                    ..style
                })
                .to_vec(),
            Part::ItemSpacing => [Spacing::Blank, Spacing::Source, Spacing::None]
                .map(|item_spacing| Style {
                    item_spacing,
                    ..style
                })
                .to_vec(),
            Part::Counts => [Counts::Display, Counts::Chars]
                .map(|counts| Style { counts, ..style })
                .to_vec(),
            Part::HistoryLevel => [5, 4, 6, 3, 2, 1]
                .map(|history_level| Style {
                    history_level,
                    ..style
                })
                .to_vec(),
        }
    }

    /// Whether `rule` can show this part at all (a rule without a list
    /// shows no bullet): the others are passed by without a render.
    fn shown_by(self, rule: &Rule) -> bool {
        let items = || {
            rule.text.lines().filter(|line| {
                let line = line.trim_start();
                ["* ", "- ", "+ "]
                    .iter()
                    .any(|bullet| line.starts_with(bullet))
                    || line.split_once(['.', ')']).is_some_and(|(n, _)| {
                        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
                    })
            })
        };
        match self {
            Part::Width => !rule.text.is_empty(),
            Part::Emphasis => rule.text.contains(['*', '_']),
            Part::Bullet | Part::ItemIndent => items().next().is_some(),
            Part::ItemSpacing => items().nth(1).is_some(),
            Part::Counts => rule
                .text
                .chars()
                .any(|c| !c.is_ascii() && c.width() != Some(1)),
            Part::HistoryLevel => !rule.history.is_empty() || !rule.judgments.is_empty(),
        }
    }
}

/// The widths a rule's wrapped `bytes` may have been wrapped at: about its
/// longest body line (indented as bodies are), a few columns less (a line
/// wrapped by hand) to a few more (a line is as long as its words allow,
/// and hidden markers took room).
fn widths_allowed(bytes: &str) -> Vec<usize> {
    let margin = " ".repeat(super::text::INDENT);
    let longest = bytes
        .lines()
        .filter(|line| line.starts_with(&margin))
        .map(|line| unicode_width::UnicodeWidthStr::width(line.trim_end()))
        .max()
        .unwrap_or(0);
    WIDTHS
        .filter(|&width| width + 6 >= longest && width <= longest + 8)
        .collect()
}

/// Whether two writings of a rule are the same, trailing spaces aside.
fn same_lines(a: &str, b: &str) -> bool {
    a.trim_end()
        .lines()
        .map(str::trim_end)
        .eq(b.trim_end().lines().map(str::trim_end))
}

/// The style of a file of `format`, from `sample`: its untouched rules,
/// each with the bytes it has there, the latest first. Each group of parts
/// in turn takes the values that makes `write` (a rule written anew in a style)
/// give the most of the latest rules that can show it their own bytes
/// (trailing spaces aside); a rule that comes out so in every value of the
/// part, or in none (a hand wrap, a drawing), tells nothing. With no rule that tells, or on
/// a tie, the part keeps its canonical value.
pub(super) fn infer<'r>(
    format: Format,
    sample: &[(&'r Rule, &str)],
    write: impl Fn(&'r Rule, Style) -> Option<String>,
) -> Style {
    let mut style = Style::default();
    let wrapped = Part::groups(format).contains(&[Part::Width].as_slice());
    for &group in Part::groups(format) {
        // Every combination of the group's values, the preferred first.
        let mut candidates = vec![style];
        for part in group {
            candidates = candidates
                .into_iter()
                .flat_map(|style| part.candidates(style))
                .collect();
        }
        // The width each rule was wrapped at is its own (moderators change
        // theirs): a part other than the width fits a rule at any width
        // its lines allow.
        let free_width = wrapped && !matches!(group, [Part::Width]);
        let mut counts = vec![0usize; candidates.len()];
        for &(rule, bytes) in sample
            .iter()
            .filter(|(rule, _)| group.iter().any(|part| part.shown_by(rule)))
            .take(SAMPLE)
        {
            let widths = if free_width {
                widths_allowed(bytes)
            } else {
                Vec::new()
            };
            let fits_in = |style: Style| write(rule, style).is_some_and(|w| same_lines(&w, bytes));
            let fits: Vec<bool> = candidates
                .iter()
                .map(|&candidate| {
                    if widths.is_empty() {
                        fits_in(candidate)
                    } else {
                        widths
                            .iter()
                            .any(|&width| fits_in(Style { width, ..candidate }))
                    }
                })
                .collect();
            let fitting = fits.iter().filter(|&&fit| fit).count();
            if fitting == 0 || fitting == fits.len() {
                continue;
            }
            for (count, fit) in counts.iter_mut().zip(fits) {
                *count += usize::from(fit);
            }
        }
        let best = counts.iter().copied().max().unwrap_or(0);
        if best > 0 {
            let at = counts.iter().position(|&count| count == best).unwrap_or(0);
            style = candidates[at];
        }
    }
    style
}

/// The style of the rules of `ruleset` whose bytes its file of `format`
/// keeps (its layout, when read in that form): the file's own style, for
/// what is written anew into it.
pub(super) fn of_layout(renderer: &Renderer, rules: &[Rule], format: Format) -> Style {
    let mut sample: Vec<(&Rule, &str)> = rules
        .iter()
        .filter_map(|rule| Some((rule, rule.unchanged_source()?)))
        .collect();
    sample.sort_by_key(|(rule, _)| std::cmp::Reverse(rule.number));
    infer(format, &sample, |rule, style| {
        renderer.region(rule, format, style).ok()
    })
}

/// What `nomic.toml`'s `[style]` table pins: the fields it names, for every
/// form, and a table named after a form (`[style.txt-rule]`) for that form
/// alone. A pinned field is written so whatever the file shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pins {
    every: toml::Table,
    by_form: HashMap<Form, toml::Table>,
}

/// A `[style]` table that is not a style.
#[derive(Debug, thiserror::Error)]
#[error("[style{}]: {message}", form.map(|f| format!(".{f}")).unwrap_or_default())]
pub struct PinError {
    /// The form whose table it is, if not the common one.
    pub form: Option<Form>,
    /// What is wrong.
    pub message: String,
}

impl Pins {
    /// Reads a `[style]` table: style fields, and tables named after forms.
    ///
    /// # Errors
    /// A field that is no part of a style, a value of the wrong type, or a
    /// table named after no form.
    pub fn from_table(table: &toml::Table) -> Result<Pins, PinError> {
        let mut pins = Pins::default();
        for (key, value) in table {
            match value {
                toml::Value::Table(fields) => {
                    let form: Form = key.parse().map_err(|message| PinError {
                        form: None,
                        message,
                    })?;
                    pins.by_form.insert(form, fields.clone());
                }
                value => {
                    pins.every.insert(key.clone(), value.clone());
                }
            }
        }
        pins.check()?;
        Ok(pins)
    }

    /// Fails on the first table that does not make a style.
    fn check(&self) -> Result<(), PinError> {
        let fields = |table: &toml::Table, form| {
            overlay(Style::default(), table).map_err(|message| PinError { form, message })
        };
        fields(&self.every, None)?;
        for (&form, table) in &self.by_form {
            fields(table, Some(form))?;
        }
        Ok(())
    }

    /// `style` (inferred) with what is pinned for `form` in its place.
    #[must_use]
    pub fn apply(&self, form: Form, style: Style) -> Style {
        let style = overlay(style, &self.every).unwrap_or(style);
        match self.by_form.get(&form) {
            Some(table) => overlay(style, table).unwrap_or(style),
            None => style,
        }
    }
}

/// `style` with the fields `table` names set to its values.
fn overlay(style: Style, table: &toml::Table) -> Result<Style, String> {
    if table.is_empty() {
        return Ok(style);
    }
    let mut fields = toml::Table::try_from(style).map_err(|err| err.to_string())?;
    fields.extend(table.iter().map(|(k, v)| (k.clone(), v.clone())));
    let style: Style = toml::Value::Table(fields)
        .try_into()
        .map_err(|err: toml::de::Error| err.message().to_string())?;
    if !(1..=6).contains(&style.history_level) {
        return Err("history_level is a Markdown heading level, 1 to 6".to_string());
    }
    if !(MIN_WIDTH..=MAX_WIDTH).contains(&style.width) {
        return Err(format!("width is a column from {MIN_WIDTH} to {MAX_WIDTH}"));
    }
    if style.item_indent > super::text::MAX_ITEM_INDENT {
        return Err(format!(
            "item_indent is at most {}",
            super::text::MAX_ITEM_INDENT
        ));
    }
    Ok(style)
}

#[cfg(test)]
#[path = "style_tests.rs"]
mod tests;
