//! Reads a file in a dialect: finds each rule's first line, its body, the
//! group headings that set mutability and the sections that are not rules,
//! and keeps every byte (header, rule sources with their trailers, footer).

use super::body::{bodies, own_level, split_history};
use super::ident;
use super::start;
use super::template::{Fields, Template, TextStart};
use crate::model::{
    Dialect, Format, IdShape, Identifiers, LayoutQuirk, Mutability, QuirkKind, Rule, Ruleset,
};
use crate::parse::assemble::{self, Document, Piece};
use crate::parse::ParseError;
use std::collections::HashMap;

/// One line of the file: its text (no line break) and where it starts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line<'t> {
    pub text: &'t str,
    pub start: usize,
    /// Inside a fenced code block (or its fence).
    pub code: bool,
}

impl Line<'_> {
    pub(super) fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// The file's lines, with fenced code marked.
pub(crate) fn lines(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut fence = false;
    while start < text.len() {
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let next = if end < text.len() { end + 1 } else { end };
        let line = text[start..end].trim_end_matches('\r');
        let is_fence = line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~");
        out.push(Line {
            text: line,
            start,
            code: fence || is_fence,
        });
        if is_fence {
            fence = !fence;
        }
        start = next;
    }
    out
}

/// The level of a heading line: `#`… for ATX, 1 or 2 for a setext line
/// whose next line is `===` or `---`. None for other lines.
pub(crate) fn heading_level(lines: &[Line<'_>], i: usize) -> Option<usize> {
    let line = lines[i];
    if line.code || line.is_blank() {
        return None;
    }
    let hashes = line.text.bytes().take_while(|b| *b == b'#').count();
    if (1..=6).contains(&hashes) && line.text[hashes..].starts_with([' ', '\t']) {
        return Some(hashes);
    }
    let under = lines.get(i + 1)?;
    underline_char(under.text).map(|c| if c == '=' { 1 } else { 2 })
}

/// The character of an underline (`===`, `---`, at least three).
pub(crate) fn underline_char(text: &str) -> Option<char> {
    let text = text.trim_end();
    let first = text.chars().next()?;
    (matches!(first, '=' | '-' | '~' | '^' | '*' | '+')
        && text.len() >= 3
        && text.chars().all(|c| c == first))
    .then_some(first)
}

/// A heading's text without its markers.
pub(crate) fn heading_text(text: &str) -> &str {
    text.trim_start_matches('#').trim()
}

/// Where each rule starts (line indices), given a template.
pub(crate) fn rule_starts(
    lines: &[Line<'_>],
    dialect: &Dialect,
    template: &Template,
) -> Vec<usize> {
    let skipped = not_rule_lines(lines, dialect);
    let marked: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].code && !skipped[i] && starts_rule(lines, i, dialect, template))
        .collect();
    let bare = template.without_heading_marker();
    let Some(bare) = bare.filter(|_| dialect.unmarked_headings) else {
        return marked;
    };
    let ids: std::collections::HashSet<String> = marked
        .iter()
        .filter_map(|&i| template.matches(lines[i].text, &dialect.ids))
        .map(|fields| fields.id)
        .collect();
    let mut starts = marked;
    starts.extend((0..lines.len()).filter(|&i| {
        !lines[i].code
            && !skipped[i]
            && unmarked_heading(lines, i, &bare, &dialect.ids)
                .is_some_and(|fields| !ids.contains(&fields.id))
    }));
    starts.sort_unstable();
    starts
}

/// The fields of a line that reads as a rule heading without its marker:
/// a plain line (no heading) fitting the bare template, alone before a
/// blank line, whose title (if any) reads as one.
fn unmarked_heading(
    lines: &[Line<'_>],
    i: usize,
    bare: &Template,
    ids: &[IdShape],
) -> Option<Fields> {
    if heading_level(lines, i).is_some() || !lines.get(i + 1).is_none_or(Line::is_blank) {
        return None;
    }
    let fields = bare.matches(lines[i].text, ids)?;
    let titled = fields
        .title
        .as_deref()
        .is_none_or(|title| start::rests_are_titles([title]));
    titled.then_some(fields)
}

/// The fields of a rule start found by [`rule_starts`].
pub(crate) fn start_fields(
    lines: &[Line<'_>],
    i: usize,
    dialect: &Dialect,
    template: &Template,
) -> Fields {
    template
        .matches(lines[i].text, &dialect.ids)
        .or_else(|| {
            let bare = template.without_heading_marker()?;
            unmarked_heading(lines, i, &bare, &dialect.ids)
        })
        .expect("a rule start fits the template")
}

fn starts_rule(lines: &[Line<'_>], i: usize, dialect: &Dialect, template: &Template) -> bool {
    if template.matches(lines[i].text, &dialect.ids).is_none() {
        return false;
    }
    dialect.underline.is_none_or(|c| {
        lines
            .get(i + 1)
            .is_some_and(|next| underline_char(next.text) == Some(c))
    })
}

/// The lines inside sections that are not rules, and outside the section
/// that holds the rules when the dialect names one.
pub(crate) fn not_rule_lines(lines: &[Line<'_>], dialect: &Dialect) -> Vec<bool> {
    let mut skipped = vec![false; lines.len()];
    let mut inside: Option<usize> = None;
    let mut within: Option<usize> = None;
    for i in 0..lines.len() {
        if let Some(level) = heading_level(lines, i) {
            let text = heading_text(lines[i].text);
            let named = dialect.not_rules.iter().any(|name| name.trim() == text);
            if named {
                inside = Some(level);
            } else if inside.is_some_and(|open| level <= open) {
                inside = None;
            }
            if dialect.rules_within.as_deref().map(str::trim) == Some(text) {
                within = Some(level);
            } else if within.is_some_and(|open| level <= open) {
                within = None;
            }
        }
        skipped[i] = inside.is_some() || (dialect.rules_within.is_some() && within.is_none());
    }
    skipped
}

/// The section (from its heading to the next heading of its level or
/// above) of every heading line: (heading line, end).
pub(crate) fn sections(lines: &[Line<'_>]) -> Vec<(usize, usize)> {
    let levels: Vec<Option<usize>> = (0..lines.len()).map(|i| heading_level(lines, i)).collect();
    (0..lines.len())
        .filter_map(|h| {
            let level = levels[h]?;
            let end = (h + 1..lines.len())
                .find(|&i| levels[i].is_some_and(|l| l <= level))
                .unwrap_or(lines.len());
            Some((h, end))
        })
        .collect()
}

/// The level of the rules' own heading: a body ends at a heading of this
/// level or above (7 for rules that are not headings: any heading ends them).
pub(crate) fn rule_level(dialect: &Dialect, template: &Template) -> usize {
    if let Some(c) = dialect.underline {
        return if c == '=' { 1 } else { 2 };
    }
    let hashes = template.lead().bytes().take_while(|b| *b == b'#').count();
    if (1..=6).contains(&hashes) {
        hashes
    } else {
        7
    }
}

/// Every rule start (line index) with its fields: where the template's
/// `{id}` reads them, or the headings a table of contents links.
pub(crate) fn rules(
    lines: &[Line<'_>],
    dialect: &Dialect,
    template: &Template,
) -> Vec<(usize, Fields)> {
    match dialect.identifiers {
        Identifiers::Written => rule_starts(lines, dialect, template)
            .into_iter()
            .map(|i| (i, start_fields(lines, i, dialect, template)))
            .collect(),
        Identifiers::Contents => {
            super::contents::rules(lines, dialect, template, &not_rule_lines(lines, dialect))
        }
    }
}

/// Reads `text` in `dialect`.
pub(crate) fn read(text: &str, dialect: &Dialect) -> Result<Ruleset, ParseError> {
    let template = Template::of(dialect)
        .map_err(|err| ParseError::new(err.to_string(), 0..0).in_format(Format::Dialect))?;
    let lines = lines(text);
    let found = rules(&lines, dialect, &template);
    let starts: Vec<usize> = found.iter().map(|(i, _)| *i).collect();
    if starts.is_empty() {
        let missing = match dialect.identifiers {
            Identifiers::Written => format!("no rule starts with `{}`", dialect.rule),
            Identifiers::Contents => format!(
                "no heading that a table of contents links to fits `{}`",
                dialect.rule
            ),
        };
        return Err(ParseError::new(missing, 0..text.len().min(1))
            .expected(format!("a line such as `{}`", example(&template)))
            .in_format(Format::Dialect));
    }
    let bodies = bodies(&lines, &found, dialect, &template);
    let mut mutability = Mutability::Mutable;
    let mut keys: HashMap<String, u32> = HashMap::new();
    let mut pieces = Vec::new();
    let mut trailers = Vec::new();
    let mut places = Vec::new();
    let mut group_at = 0;
    for (n, &start) in starts.iter().enumerate() {
        for line in &lines[group_at..start] {
            if let Some(group) = group_of(dialect, line.text) {
                mutability = group;
            }
        }
        let end = starts.get(n + 1).copied().unwrap_or(lines.len());
        group_at = start + 1;
        let heading = lines[start];
        let fields = found[n].1.clone();
        let level = own_level(&lines, start, dialect, &template);
        let (first_body, body_end) = (bodies[n].start, bodies[n].end);
        // Blank lines before a trailer belong to the rule.
        let trailer_line = if body_end < end { body_end } else { end };
        let trailer_start = lines.get(trailer_line).map_or(text.len(), |l| l.start);
        // Text that starts on the rule's first line (`{text}`) starts the body.
        let body_start = match fields.text {
            Some(TextStart::At(at)) => heading.start + at,
            _ => lines.get(first_body).map_or(text.len(), |l| l.start),
        }
        .min(trailer_start);
        let body = super::tree::body(&text[body_start..trailer_start], heading.text, &fields);
        let (body, history) = split_history(&body, dialect);
        // One key per identifier, so that a repeated `UC1` is a duplicate.
        let next_key = Rule::FIRST_KEY + u32::try_from(keys.len()).unwrap_or(u32::MAX);
        let (id, number) = match dialect.implied_numbers {
            Some(_) => {
                let position = u32::try_from(n + 1).unwrap_or(u32::MAX);
                (position.to_string(), position)
            }
            None => {
                let number = ident::number(&fields.id)
                    .unwrap_or_else(|| *keys.entry(fields.id.clone()).or_insert(next_key));
                (fields.id.clone(), number)
            }
        };
        let rule = Rule {
            id: Some(id),
            // "Untitled" names no title (it is what a rule without one is
            // written with where the template needs one).
            title: fields
                .title
                .clone()
                .or_else(|| {
                    let at = match fields.text {
                        Some(TextStart::At(at)) if dialect.titles_above_sub_points => at,
                        _ => return None,
                    };
                    title_above_sub_points(&lines, start, at, body_end)
                })
                .filter(|t| !t.eq_ignore_ascii_case("untitled")),
            revision: fields.revision,
            mutability: fields
                .mutability
                .as_deref()
                .map_or_else(|| mutability.clone(), Mutability::from_marker),
            history,
            ..Rule::new(number, body)
        };
        places.push(Place {
            note: fields.note.clone(),
            heading_level: match dialect.identifiers {
                Identifiers::Contents => u8::try_from(level).ok(),
                Identifiers::Written => None,
            },
            tree: fields.tree.clone(),
        });
        pieces.push(Piece {
            start: heading.start,
            rule,
            quirks: quirks(&lines, start, first_body, dialect, fields.text.is_some()),
        });
        trailers.push(trailer_start);
    }
    let footer_start = trailers.last().copied().unwrap_or(text.len());
    let document = Document {
        format: Format::Dialect,
        title: super::title::title(&lines, &starts, rule_level(dialect, &template), dialect),
        pieces,
        footer_start,
        quirks: Vec::new(),
    };
    let mut ruleset = assemble::assemble(text, document);
    let ends: Vec<usize> = starts.iter().skip(1).map(|&s| lines[s].start).collect();
    for ((rule, trailer), end) in ruleset.rules.iter_mut().zip(&trailers).zip(ends) {
        if let Some(layout) = rule.layout.as_mut() {
            layout.trailer = text[*trailer..end].to_string();
        }
    }
    for (rule, place) in ruleset.rules.iter_mut().zip(places) {
        if let Some(layout) = rule.layout.as_mut() {
            layout.note = place.note;
            layout.heading_level = place.heading_level;
            layout.tree = place.tree;
        }
    }
    if let Some(layout) = ruleset.layout.as_mut() {
        layout.dialect = Some(dialect.clone());
    }
    Ok(ruleset)
}

/// What a rule written anew keeps of its first line (see `RuleLayout`).
struct Place {
    note: Option<String>,
    heading_level: Option<u8>,
    tree: Option<String>,
}

/// The words starting rule `start`'s text at `at` on its line, when they
/// read as a title above sub-points: few, no sentence, and every line of
/// the body up to `end` blank or indented under the rule, the first a list
/// item.
pub(crate) fn title_above_sub_points(
    lines: &[Line<'_>],
    start: usize,
    at: usize,
    end: usize,
) -> Option<String> {
    let line = lines[start].text;
    let words = line.get(at..)?.trim();
    if !start::rests_are_titles([words]) {
        return None;
    }
    let indent = |text: &str| text.len() - text.trim_start().len();
    let own = indent(line);
    let body: Vec<&str> = lines[start + 1..end]
        .iter()
        .filter(|l| !l.is_blank())
        .map(|l| l.text)
        .collect();
    let first = body.first()?.trim_start();
    let item = first.starts_with(['-', '*', '+'])
        || first
            .split_once(['.', ')'])
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric()));
    (item && body.iter().all(|text| indent(text) > own)).then(|| words.to_string())
}

/// Where the body of a rule whose lines after its heading are `after`
/// ends: at a section that is not a rule, a group heading, or a heading of
/// the rules' `level` or above (what follows is the rule's trailer).
pub(crate) fn body_end(
    lines: &[Line<'_>],
    after: std::ops::Range<usize>,
    dialect: &Dialect,
    level: usize,
    skipped: &[bool],
) -> usize {
    let end = after.end;
    after
        .into_iter()
        .find(|&i| {
            skipped[i]
                || group_of(dialect, lines[i].text).is_some()
                || heading_level(lines, i).is_some_and(|l| l <= level)
        })
        .unwrap_or(end)
}

/// The mutability a group heading sets, if `line` is one.
pub(super) fn group_of(dialect: &Dialect, line: &str) -> Option<Mutability> {
    dialect
        .groups
        .iter()
        .find(|g| g.heading.trim_end() == line.trim_end())
        .map(|g| g.mutability.clone())
}

/// Where the rule's first lines depart from the dialect.
fn quirks(
    lines: &[Line<'_>],
    start: usize,
    first_body: usize,
    dialect: &Dialect,
    text_on_first_line: bool,
) -> Vec<LayoutQuirk> {
    let mut quirks = Vec::new();
    let heading = lines[start];
    let trimmed = heading.text.trim_end().len();
    if trimmed < heading.text.len() {
        quirks.push(LayoutQuirk {
            kind: QuirkKind::TrailingSpaces,
            offset: heading.start + trimmed,
            len: heading.text.len() - trimmed,
        });
    }
    if let Some(first) = lines.get(first_body) {
        if dialect.blank_after_heading && !first.is_blank() && !text_on_first_line {
            quirks.push(LayoutQuirk {
                kind: QuirkKind::MissingBlankLine,
                offset: first.start,
                len: 0,
            });
        }
    }
    quirks
}

/// An example first line for error messages.
fn example(template: &Template) -> String {
    template.write(&super::template::Fields {
        id: "101".to_string(),
        title: Some("Title".to_string()),
        revision: Some(0),
        mutability: Some("Immutable".to_string()),
        note: None,
        text: Some(TextStart::Line("Text.".to_string())),
        form: 0,
        tree: None,
    })
}
