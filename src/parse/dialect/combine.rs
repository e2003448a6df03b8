//! One identifier sequence written in more than one decoration (`**101.**`,
//! `**104**.`, `201.` in one file): the other forms of rule start that
//! continue the best reading's sequence become its dialect's alternatives.

use super::group::{group_template, Shapes};
use super::ident;
use super::infer::Candidate;
use super::reader::{self, Line};
use super::start::StartShape;
use super::template::Template;
use crate::model::{Dialect, Identifiers};
use std::collections::BTreeMap;

/// How many forms of rule start are tried as alternatives.
const MAX_VARIANTS: usize = 32;

/// Line shapes split by core and by the punctuation closing the identifier:
/// each a form a rule start may take, however few lines write it.
pub(super) fn variants(shapes: &Shapes) -> Vec<(String, Vec<StartShape>)> {
    let mut out: Vec<(String, Vec<StartShape>)> = Vec::new();
    for ((core, underline), found) in shapes {
        if underline.is_some() {
            continue;
        }
        let mut by_punct: BTreeMap<&str, Vec<StartShape>> = BTreeMap::new();
        for (_, shape) in found {
            by_punct
                .entry(&shape.punct)
                .or_default()
                .push(shape.clone());
        }
        out.extend(by_punct.into_values().map(|found| (core.clone(), found)));
    }
    out.sort_by_key(|(_, found)| std::cmp::Reverse(found.len()));
    out.truncate(MAX_VARIANTS);
    out
}

/// The templates of the `variants` whose rule starts continue `base`'s
/// identifiers as one sequence: at the rules' own level, starting lines
/// `base` does not, and with every identifier (base's and theirs, in file
/// order) a number greater than the one before.
pub(super) fn alternatives(
    lines: &[Line<'_>],
    base: &Candidate,
    variants: &[(String, Vec<StartShape>)],
) -> Vec<String> {
    let dialect = &base.dialect;
    let plain = dialect.underline.is_none()
        && dialect.identifiers == Identifiers::Written
        && dialect.implied_numbers.is_none()
        && dialect.rules_within.is_none()
        && dialect.alternatives.is_empty();
    let Some(parsed) = Template::of(dialect).ok().filter(|_| plain) else {
        return Vec::new();
    };
    let level = reader::rule_level(dialect, &parsed);
    let Some(mut taken) = numbered(lines, dialect, &parsed) else {
        return Vec::new();
    };
    // What follows the number reads as the base reads it: text or title.
    let titles = !parsed.has_text();
    let mut accepted: Vec<String> = Vec::new();
    for (core, found) in variants {
        let template = group_template(core, found, titles);
        if template == dialect.rule || accepted.contains(&template) {
            continue;
        }
        let form = Dialect {
            rule: template.clone(),
            ..dialect.clone()
        };
        let Ok(form_parsed) = Template::parse(&template) else {
            continue;
        };
        if reader::rule_level(&form, &form_parsed) != level {
            continue;
        }
        let Some(more) = numbered(lines, &form, &form_parsed) else {
            continue;
        };
        let mut merged = taken.clone();
        let before = merged.len();
        merged.extend(more);
        let increasing = merged
            .values()
            .zip(merged.values().skip(1))
            .all(|(a, b)| a < b);
        if merged.len() > before && increasing {
            taken = merged;
            accepted.push(template);
        }
    }
    accepted
}

/// The rule starts a dialect finds, each with its identifier's number;
/// None when one has none (a sequence is told by numbers).
fn numbered(
    lines: &[Line<'_>],
    dialect: &Dialect,
    template: &Template,
) -> Option<BTreeMap<usize, u32>> {
    reader::rule_starts(lines, dialect, template)
        .into_iter()
        .map(|i| {
            let id = reader::start_fields(lines, i, dialect, template).id;
            Some((i, ident::number(&id)?))
        })
        .collect()
}
