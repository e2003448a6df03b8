//! Inference: with no dialect file, find the repeated first line that
//! carries rule identifiers and splits the file into the most consistent
//! rules (the most distinct identifiers), and describe it as a dialect.

use super::body::{blank_after_heading, history_marked};
use super::group::{group_template, rests_read_as_titles, Shapes};
use super::ident;
use super::reader::{self, heading_level, heading_text, underline_char, Line};
use super::start::{self, StartShape};
use super::template::Template;
use crate::model::{Dialect, GroupHeading, IdShape, Mutability};
use std::collections::BTreeSet;

/// How many of the most frequent line shapes are scored.
const MAX_SHAPES: usize = 32;

/// What inference tried, for the message when nothing fits.
pub(super) const TRIED: &str = "headings (`#` to `######`, underlined), bold or italic lead \
paragraphs, list items, quoted lines and plain `N.`/`N:` lines, each carrying an identifier \
(integer, negative, Roman numeral, prefixed like `UC1` or compound like `2.2.1`), optionally \
after `Rule`; headings linked from a table of contents";

/// A dialect found in a file, with how it splits the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The dialect, as `nomic dialect infer` prints it.
    pub dialect: Dialect,
    /// How many rules it reads.
    pub rules: usize,
    /// How many distinct identifiers they carry.
    pub distinct: usize,
    /// The first identifier, as written.
    pub first: String,
    /// The last identifier, as written.
    pub last: String,
    /// The first rule starts, as written (up to three).
    pub opening: Vec<String>,
    /// How sure inference is of this reading, in percent: 100 when no
    /// other reading finds rules, less as the next best comes closer.
    pub confidence: u8,
    /// What the reading found, in words: how rules start and how many
    /// carry each optional part, and the dialect's other choices.
    pub findings: Vec<String>,
}

impl std::fmt::Display for Candidate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}`", self.dialect.rule)?;
        for form in &self.dialect.alternatives {
            write!(f, " or `{form}`")?;
        }
        if let Some(c) = self.dialect.underline {
            write!(f, " underlined with `{c}`")?;
        }
        write!(
            f,
            " ({}: {} rules, {} to {})",
            self.dialect.start_kind(),
            self.rules,
            self.first,
            self.last
        )
    }
}

/// Why no dialect could be inferred.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InferError {
    /// No line shape carrying identifiers repeats.
    #[error("no rule structure found: no repeated line carries rule identifiers (tried {TRIED})")]
    NoStructure,
    /// The two best readings split the file (nearly) equally well.
    #[error("unsure which lines start rules: two readings fit (nearly) equally well")]
    Unsure {
        /// The best reading.
        first: Box<Candidate>,
        /// The reading that did (nearly) as well.
        second: Box<Candidate>,
    },
}

/// Below this confidence a reading is not taken: both are shown instead.
pub(crate) const MIN_CONFIDENCE: u8 = 10;

impl InferError {
    /// For an unsure inference: each reading with its first rules and the
    /// dialect line that chooses it.
    pub(crate) fn readings(&self) -> Option<String> {
        let InferError::Unsure { first, second } = self else {
            return None;
        };
        let mut out = String::new();
        for (n, candidate) in [first, second].into_iter().enumerate() {
            out.push_str(&format!("reading {}: {candidate}, starting", n + 1));
            for line in &candidate.opening {
                out.push_str(&format!("\n    {line}"));
            }
            let mut lines = format!("rule = {:?}", candidate.dialect.rule);
            if !candidate.dialect.alternatives.is_empty() {
                lines.push_str(&format!(
                    ", alternatives = {:?}",
                    candidate.dialect.alternatives
                ));
            }
            out.push_str(&format!(
                "\n  to choose it, a dialect file (nomic.toml beside the ruleset, or \
                 --dialect FILE) with: {lines}\n"
            ));
        }
        Some(out.trim_end().to_string())
    }
}

/// The dialect that best splits `text` into rules, unless another reading
/// comes within [`MIN_CONFIDENCE`] percent of it.
pub fn infer(text: &str) -> Result<Candidate, InferError> {
    let mut ranked = candidates(text);
    ranked.sort_by(rank);
    let mut ranked = ranked.into_iter();
    let mut best = ranked.next().ok_or(InferError::NoStructure)?;
    let Some(second) = ranked.next() else {
        best.confidence = 100;
        return Ok(best);
    };
    // How much further the best reading goes than the next.
    let lead = best.distinct.saturating_sub(second.distinct) * 100 / best.distinct.max(1);
    best.confidence = u8::try_from(lead.min(100)).unwrap_or(100);
    let tied = second.distinct == best.distinct && second.rules == best.rules;
    if tied || best.confidence < MIN_CONFIDENCE {
        return Err(InferError::Unsure {
            first: Box::new(best),
            second: Box::new(second),
        });
    }
    Ok(best)
}

/// The better reading first: the most distinct identifiers, then the most
/// rules, then the shorter template (its alternatives counted).
fn rank(a: &Candidate, b: &Candidate) -> std::cmp::Ordering {
    let key = |c: &Candidate| {
        let len = c.dialect.rule.len()
            + c.dialect
                .alternatives
                .iter()
                .map(String::len)
                .sum::<usize>();
        (
            std::cmp::Reverse(c.distinct),
            std::cmp::Reverse(c.rules),
            len,
        )
    };
    key(a).cmp(&key(b))
}

/// Every shape of first line that starts two rules or more, scored. Lines
/// are grouped by their core (decoration, identifier, punctuation); a part
/// after it that only some rules have is optional in the template.
pub fn candidates(text: &str) -> Vec<Candidate> {
    let lines = reader::lines(text);
    let mut shapes = Shapes::new();
    for i in 0..lines.len() {
        if lines[i].code {
            continue;
        }
        let heading = heading_level(&lines, i).is_some();
        if let Some(shape) = start::shape(lines[i].text, heading) {
            let underline = lines.get(i + 1).and_then(|next| underline_char(next.text));
            let underline = underline.filter(|c| matches!(c, '=' | '-' | '~' | '^'));
            shapes
                .entry((shape.core.clone(), underline))
                .or_default()
                .push((i, shape));
        }
    }
    let variants = super::combine::variants(&shapes);
    // Only shapes that repeat, the most frequent first, a bounded number.
    let mut shapes: Vec<_> = shapes
        .into_iter()
        .filter(|(_, found)| found.len() >= 2)
        .collect();
    shapes.sort_by_key(|shape| std::cmp::Reverse(shape.1.len()));
    shapes.truncate(MAX_SHAPES);
    let not_rules = not_rules(&lines);
    let groups = groups(&lines);
    let mut found: Vec<Candidate> = shapes
        .into_iter()
        .filter_map(|((core, underline), found)| {
            let titles = rests_read_as_titles(&lines, &found);
            let found: Vec<StartShape> = found.into_iter().map(|(_, shape)| shape).collect();
            let template = group_template(&core, &found, titles);
            score(
                &lines,
                (template, Vec::new()),
                underline,
                &not_rules,
                &groups,
            )
        })
        .collect();
    // The best reading with the other decorations that continue its
    // identifier sequence.
    let combined = found.iter().min_by(|a, b| rank(a, b)).and_then(|best| {
        let alternatives = super::combine::alternatives(&lines, best, &variants);
        if alternatives.is_empty() {
            return None;
        }
        let forms = (best.dialect.rule.clone(), alternatives);
        score(&lines, forms, None, &not_rules, &groups)
    });
    found.extend(combined);
    // Headings a table of contents links, read as rules when that finds
    // more identifiers than any line carries.
    let linked = super::contents::candidate(&lines)
        .filter(|linked| found.iter().all(|other| other.distinct < linked.distinct));
    found.extend(linked);
    found
}

/// Scores the reading whose rules start with `forms` (the template and its
/// alternatives).
fn score(
    lines: &[Line<'_>],
    forms: (String, Vec<String>),
    underline: Option<char>,
    not_rules: &[String],
    groups: &[GroupHeading],
) -> Option<Candidate> {
    let (template, alternatives) = forms;
    // Roman numerals only after markup or `Rule`, in every form.
    let roman_allowed = std::iter::once(&template)
        .chain(&alternatives)
        .all(|form| Template::parse(form).is_ok_and(|t| !t.lead().trim().is_empty()));
    let ids: Vec<IdShape> = IdShape::ALL
        .into_iter()
        .filter(|s| roman_allowed || *s != IdShape::Roman)
        .collect();
    let mut dialect = Dialect {
        alternatives,
        underline,
        ids,
        ..Dialect::new(template)
    };
    let parsed = Template::of(&dialect).ok()?;
    // A heading that names players is not a rule, unless it starts one.
    let all_starts = reader::rule_starts(lines, &dialect, &parsed);
    dialect.not_rules = not_rules
        .iter()
        .filter(|name| {
            !all_starts
                .iter()
                .any(|&i| heading_text(lines[i].text) == name.as_str())
        })
        .cloned()
        .collect();
    let mut starts = reader::rule_starts(lines, &dialect, &parsed);
    let ids_of = |starts: &[usize], dialect: &Dialect| -> Vec<String> {
        starts
            .iter()
            .map(|&i| reader::start_fields(lines, i, dialect, &parsed).id)
            .collect()
    };
    let mut found = ids_of(&starts, &dialect);
    // Lists numbered again in each section (the first rule's number comes
    // back) make no one sequence: the rules are the lists under the
    // heading that names them, not a numbered list elsewhere (setup steps).
    let restarting = reader::rule_level(&dialect, &parsed) == 7
        && found.iter().skip(1).any(|id| Some(id) == found.first());
    if let Some(heading) = rules_section(lines, &starts).filter(|_| restarting) {
        dialect.rules_within = Some(heading);
        starts = reader::rule_starts(lines, &dialect, &parsed);
        found = ids_of(&starts, &dialect);
    }
    // A heading that lost its marker, with an identifier of the same shape
    // as the others' and none of theirs, is a rule the sequence misses.
    if parsed.without_heading_marker().is_some() {
        let shapes: Vec<IdShape> = IdShape::ALL
            .into_iter()
            .filter(|s| {
                found
                    .iter()
                    .any(|id| ident::shape_of(id, &dialect.ids) == Some(*s))
            })
            .collect();
        let with = Dialect {
            unmarked_headings: true,
            ids: shapes,
            ..dialect.clone()
        };
        let more = reader::rule_starts(lines, &with, &parsed);
        if more.len() > starts.len() {
            dialect.unmarked_headings = true;
            found = ids_of(&more, &with);
            starts = more;
        }
    }
    if super::end_matter::only_links(lines, &starts) {
        return None;
    }
    let mut distinct: BTreeSet<&String> = found.iter().collect();
    // A list that writes the same number on every item (`1.` each time)
    // is numbered by position, as Markdown renders it.
    let implied = distinct.len() == 1 && found.len() >= 3 && list_numbered(&parsed);
    if implied {
        dialect.implied_numbers = found.first().cloned();
        distinct = BTreeSet::new();
    }
    let positions: Vec<String> = (1..=found.len()).map(|n| n.to_string()).collect();
    if implied {
        distinct.extend(positions.iter());
    }
    if distinct.len() < 2 {
        return None;
    }
    // A few words over sub-points, where the others start their text.
    if parsed.has_text() {
        let level = reader::rule_level(&dialect, &parsed);
        let skipped = reader::not_rule_lines(lines, &dialect);
        let ends = starts.iter().skip(1).copied().chain([lines.len()]);
        let titled = starts.iter().zip(ends).any(|(&i, end)| {
            let fields = reader::start_fields(lines, i, &dialect, &parsed);
            let end = reader::body_end(lines, i + 1..end, &dialect, level, &skipped);
            matches!(fields.text, Some(super::template::TextStart::At(at))
                if reader::title_above_sub_points(lines, i, at, end).is_some())
        });
        dialect.titles_above_sub_points = titled;
    }
    let seen: BTreeSet<IdShape> = found
        .iter()
        .filter_map(|id| ident::shape_of(id, &dialect.ids))
        .collect();
    dialect.ids = IdShape::ALL
        .into_iter()
        .filter(|s| seen.contains(s))
        .collect();
    dialect.groups = groups
        .iter()
        .filter(|g| {
            !starts
                .iter()
                .any(|&i| lines[i].text.trim_end() == g.heading)
        })
        .cloned()
        .collect();
    if !dialect
        .groups
        .iter()
        .any(|g| g.mutability != Mutability::Mutable)
    {
        dialect.groups.clear();
    }
    dialect.blank_after_heading = blank_after_heading(lines, &starts, &dialect, &parsed);
    if history_marked(lines, &starts) {
        dialect.history = Some("History:".to_string());
    }
    let named = if implied { &positions } else { &found };
    let opening = starts
        .iter()
        .take(3)
        .map(|&i| lines[i].text.trim_end().to_string())
        .collect();
    let fields: Vec<_> = starts
        .iter()
        .map(|&i| (i, reader::start_fields(lines, i, &dialect, &parsed)))
        .collect();
    let findings = super::describe::findings(lines, &fields, &dialect, &parsed);
    Some(Candidate {
        findings,
        opening,
        confidence: 0,
        rules: found.len(),
        distinct: distinct.len(),
        first: named.first().cloned().unwrap_or_default(),
        last: named.last().cloned().unwrap_or_default(),
        dialect,
    })
}

/// Whether rules start as items of an ordered Markdown list (`1.`, `1)`
/// at the start of the line), whose numbers the renderer counts.
fn list_numbered(template: &Template) -> bool {
    let written = template.write(&super::template::Fields {
        id: "1".to_string(),
        ..Default::default()
    });
    written.starts_with("1.") || written.starts_with("1)")
}

/// The template a line would have if it started a rule on its own: its
/// core and every part it has.
#[cfg(test)]
pub(crate) fn line_template(line: &str) -> Option<String> {
    let shape = start::shape(line, line.starts_with('#'))?;
    let titles = start::rests_are_titles(shape.rest.as_deref());
    Some(group_template(
        &shape.core,
        std::slice::from_ref(&shape),
        titles,
    ))
}

/// The heading naming rules (`## Initial Rules`) whose section holds the
/// most rule starts, when some starts lie outside it.
fn rules_section(lines: &[Line<'_>], starts: &[usize]) -> Option<String> {
    reader::sections(lines)
        .into_iter()
        .filter(|&(h, _)| heading_text(lines[h].text).to_lowercase().contains("rule"))
        .map(|(h, end)| {
            let inside = starts.iter().filter(|&&i| i > h && i < end).count();
            (inside, h)
        })
        .filter(|&(inside, _)| inside >= 2 && inside < starts.len())
        .max_by_key(|&(inside, h)| (inside, std::cmp::Reverse(h)))
        .map(|(_, h)| heading_text(lines[h].text).to_string())
}

/// Headings that name a player list: never rules.
fn not_rules(lines: &[Line<'_>]) -> Vec<String> {
    let mut names: Vec<String> = (0..lines.len())
        .filter(|&i| heading_level(lines, i).is_some())
        .map(|i| heading_text(lines[i].text).to_string())
        .filter(|text| text.to_lowercase().contains("player"))
        .collect();
    names.dedup();
    names
}

/// Headings that name a mutability (`## Immutable Rules`).
fn groups(lines: &[Line<'_>]) -> Vec<GroupHeading> {
    let mut groups: Vec<GroupHeading> = Vec::new();
    for i in 0..lines.len() {
        if heading_level(lines, i).is_none() || !lines[i].text.starts_with('#') {
            continue;
        }
        let text = heading_text(lines[i].text).to_lowercase();
        let mutability = if text.contains("immutable") {
            Mutability::Immutable
        } else if text.contains("mutable") {
            Mutability::Mutable
        } else {
            continue;
        };
        let heading = lines[i].text.trim_end().to_string();
        if !groups.iter().any(|g| g.heading == heading) {
            groups.push(GroupHeading {
                heading,
                mutability,
            });
        }
    }
    groups
}

#[cfg(test)]
#[path = "infer_tests.rs"]
mod tests;
