//! `agora-flr`: Agora's Full Logical Ruleset as published (`flr.txt`).
//!
//! The page around the rules (header, table of contents, power
//! distribution) is kept as the skeleton it was filled from: the table of
//! contents, the power distribution and the rules become `{toc}`,
//! `{powers}` and `{ruleset}` again, so rendering the model fills them back
//! in and gives the same bytes.

use super::blocks::{self, Lines, DASHES, EQUALS};
use crate::model::{AgoraRuleset, Category, Format, Ruleset};
use crate::parse::ParseError;

/// Whether a text looks like a published FLR or SLR: a rule heading with a
/// power and the category frame before it.
pub(crate) fn looks_like(text: &str) -> bool {
    text.contains(&format!("\n{EQUALS}\n")) && text.contains(" (Power=")
}

/// Reads a published FLR.
pub fn parse(text: &str) -> Result<Ruleset, ParseError> {
    parse_published(text, Format::AgoraFlr)
}

/// The FLR and SLR reader; `format` says whether rules carry history.
pub(crate) fn parse_published(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    let full = format == Format::AgoraFlr;
    let frame = format!("{EQUALS}\n");
    let start = text
        .match_indices(&frame)
        .map(|(at, _)| at)
        .find(|&at| at == 0 || text.as_bytes()[at - 1] == b'\n')
        .ok_or_else(|| {
            ParseError::new("no category: no line of 72 `=`", 0..0)
                .expected("a category frame opening the rules")
                .in_format(format)
        })?;
    let closing = format!("{DASHES}\n");
    let end = text
        .rfind(&closing)
        .map_or(text.len(), |at| at + closing.len());
    let mut lines = Lines::new(text, start, end.max(start), format);
    let mut rules = Vec::new();
    let mut categories = Vec::new();
    while !lines.done() {
        let (name, note) = blocks::category(&mut lines)?;
        let mut numbers = Vec::new();
        while lines.peek().is_some_and(|line| line != EQUALS) {
            let mut rule = blocks::rule(&mut lines, full)?;
            if let Some(agora) = rule.agora.as_mut() {
                agora.category = Some(name.clone());
            }
            numbers.push(rule.number);
            rules.push(rule);
        }
        categories.push(Category {
            order: categories.len(),
            name,
            note,
            rules: numbers,
        });
    }
    let mut skeleton = String::new();
    let before = &text[..start];
    let after = &text[end..];
    if full {
        skeleton.push_str(&slot_out(before));
    } else {
        skeleton.push_str(before);
    }
    skeleton.push_str("{ruleset}");
    skeleton.push_str(after);
    let title = text.lines().next().unwrap_or_default().to_string();
    let agora = AgoraRuleset {
        categories,
        flr_format: full.then(|| skeleton.clone()),
        slr_format: (!full).then_some(skeleton),
        ..AgoraRuleset::default()
    };
    Ok(Ruleset {
        agora: Some(agora),
        ..Ruleset::new(title, rules)
    })
}

/// The page before the rules with the table of contents and the power
/// distribution turned back into their slots.
fn slot_out(before: &str) -> String {
    let mut out = before.to_string();
    for (label, slot, keep_newline) in [
        ("Table of Contents:\n\n", "{toc}", true),
        ("Power Distribution:\n\n", "{powers}", false),
    ] {
        let Some(at) = out.find(label) else { continue };
        let from = at + label.len();
        let Some(len) = out[from..].find("\n\n") else {
            continue;
        };
        let to = from + len + usize::from(keep_newline);
        out.replace_range(from..to, slot);
    }
    out
}
