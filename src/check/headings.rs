//! Lines that look like a rule heading but are not one (`##206/1`,
//! `Rule206`): the reader takes them as body text, so the rule they head is
//! lost inside the rule before. And rule headings swallowed by a code block
//! that is never closed, which the parser records as quirks.

use super::{finding, Code, Input};
use crate::diagnostic::Diagnostic;
use crate::model::{Format, QuirkKind};
use crate::parse::lines::looks_like_md_heading;
use pulldown_cmark::{Event, Options, Parser, Tag};
use std::ops::Range;

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    let mut findings = broken_headings(input);
    findings.extend(swallowed_headings(input));
    findings
}

pub(super) fn broken_headings(input: &Input<'_>) -> Vec<Diagnostic> {
    // A folder's rules are its files: no line of one heads a rule. A
    // dialect's rule starts are its own (`### 307b: Items`), not the
    // nomic forms' headings this looks for: its `#` lines are rules or
    // their text as the dialect reads them.
    if matches!(input.format, Format::Json | Format::Dialect) || input.folder.is_some() {
        return Vec::new();
    }
    let candidates = heading_shaped(input.text, input.format);
    broken_among(input, candidates)
}

/// A line that looks like a rule heading but is not one: its span (without
/// the line break) and the heading it was meant to be.
pub(super) type HeadingShaped = (Range<usize>, String);

/// Every line of `text` (a file of `format`) that looks like a rule
/// heading but is not one, the header and code blocks included.
pub(super) fn heading_shaped(text: &str, format: Format) -> Vec<HeadingShaped> {
    let markdown = format.is_markdown();
    let mut candidates = Vec::new();
    // Only a line that starts with `#` (Markdown) or `Rule` (text) can be
    // a broken heading: the lines are found by a search for a line break
    // and that start (a byte search), not read one by one, nor stopped at
    // every `#` inside a line.
    let lead = if markdown { "#" } else { "Rule" };
    for at in lines_starting_with(text, lead) {
        let end = memchr::memchr(b'\n', &text.as_bytes()[at..]).map_or(text.len(), |i| at + i + 1);
        let line = text[at..end].trim_end_matches(['\n', '\r']);
        let fixed = if markdown {
            broken_md_heading(line)
        } else {
            broken_txt_heading(line)
        };
        if let Some(fixed) = fixed {
            candidates.push((at..at + line.len(), fixed));
        }
    }
    candidates
}

/// The findings of the [`heading_shaped`] lines of `input`'s text that are
/// not in its header nor in a code or HTML block.
pub(super) fn broken_among(
    input: &Input<'_>,
    mut candidates: Vec<HeadingShaped>,
) -> Vec<Diagnostic> {
    // The header holds the title (`# 2020 Season` is a title, not a rule).
    let header_end = input.ruleset.layout.as_ref().map_or(0, |l| l.header.len());
    candidates.retain(|(span, _)| span.start >= header_end);
    // A `#` line in a code or HTML block is no heading. Finding the blocks
    // reads the whole file as Markdown again, so only a file with
    // heading-shaped lines pays for it.
    if input.format.is_markdown() && !candidates.is_empty() {
        let hidden = hidden_blocks(input.text);
        candidates.retain(|(span, _)| !hidden.iter().any(|block| block.contains(&span.start)));
    }
    candidates
        .into_iter()
        .map(|(span, fixed)| {
            finding(
                Code::BrokenRuleHeading,
                "this line looks like a rule heading but is not one: it is read as text of the rule before",
                span,
            )
            .with_label("not a rule heading")
            .with_help(format!("write `{fixed}`"))
        })
        .collect()
}

/// The offsets of the lines of `text` that start with `lead`, in order.
fn lines_starting_with(text: &str, lead: &str) -> Vec<usize> {
    let after_break = format!("\n{lead}");
    let first_line = text.starts_with(lead).then_some(0);
    let rest = memchr::memmem::find_iter(text.as_bytes(), after_break.as_bytes()).map(|at| at + 1);
    first_line.into_iter().chain(rest).collect()
}

/// `##206/1 (IMMUTABLE)` (or `### 206`): the heading it was meant to be.
fn broken_md_heading(line: &str) -> Option<String> {
    let rest = line.trim_start_matches('#');
    let hashes = line.len() - rest.len();
    let number = rest.trim_start();
    let meant = (1..=6).contains(&hashes)
        && number.starts_with(|c: char| c.is_ascii_digit())
        && !looks_like_md_heading(line);
    meant.then(|| format!("## {number}"))
}

/// `Rule206`: the heading it was meant to be.
fn broken_txt_heading(line: &str) -> Option<String> {
    let rest = line.strip_prefix("Rule")?;
    rest.starts_with(|c: char| c.is_ascii_digit())
        .then(|| format!("Rule {rest}"))
}

/// Byte ranges of code blocks and raw HTML blocks, where `#` lines are not
/// headings.
fn hidden_blocks(text: &str) -> Vec<Range<usize>> {
    Parser::new_ext(text, Options::empty())
        .into_offset_iter()
        .filter(|(event, _)| matches!(event, Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock)))
        .map(|(_, range)| range)
        .collect()
}

pub(super) fn swallowed_headings(input: &Input<'_>) -> Vec<Diagnostic> {
    let rules = input.ruleset.rules.iter().filter_map(|r| r.layout.as_ref());
    let quirks = rules.flat_map(|layout| &layout.quirks);
    quirks
        .filter_map(|quirk| match quirk.kind {
            QuirkKind::SwallowedHeading { fence } => Some((quirk, fence)),
            _ => None,
        })
        .map(|(quirk, fence)| {
            finding(
                Code::SwallowedRuleHeading,
                "this rule heading is inside a code (or HTML) block that is never closed: the rule is lost",
                quirk.offset..quirk.offset + quirk.len,
            )
            .with_label("read as code, not as a rule")
            .with_help(format!(
                "close the block opened on {} before this heading",
                input.place(fence)
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_shaped_lines_that_are_not_headings_are_found() {
        assert_eq!(broken_md_heading("##206/1"), Some("## 206/1".into()));
        assert_eq!(broken_md_heading("### 206"), Some("## 206".into()));
        assert_eq!(broken_md_heading("## 206/1"), None);
        assert_eq!(broken_md_heading("## Definitions"), None);
        assert_eq!(broken_md_heading("#######206"), None);
        assert_eq!(broken_txt_heading("Rule206/1"), Some("Rule 206/1".into()));
        assert_eq!(broken_txt_heading("Rule 206"), None);
        assert_eq!(broken_txt_heading("Rules 2"), None);
    }

    proptest::proptest! {
        /// The byte search finds the lines that start with the lead, as
        /// reading the lines one by one does.
        #[test]
        fn lines_starting_with_a_lead_are_found_by_a_byte_search(text in "[#R\nule x]{0,24}") {
            for lead in ["#", "Rule"] {
                let mut by_lines = Vec::new();
                let mut start = 0;
                for line in text.split_inclusive('\n') {
                    if line.starts_with(lead) {
                        by_lines.push(start);
                    }
                    start += line.len();
                }
                let found = lines_starting_with(&text, lead);
                proptest::prop_assert_eq!(found, by_lines);
            }
        }
    }

    #[test]
    fn a_title_starting_with_a_number_is_not_a_broken_heading() {
        let text = "# 2020 Season\n---\n## 101/0\n\nText.\n\n##102/0\n\nMore.\n";
        let parsed = crate::parse::read(text.as_bytes(), &Default::default()).unwrap();
        let input = Input {
            ruleset: &parsed.ruleset,
            text: &parsed.text,
            format: parsed.format,
            encoding: &[],
            base_dir: None,
            folder: None,
        };
        let findings = check(&input);
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert_eq!(&text[findings[0].span.clone()], "##102/0");
        assert_eq!(findings[0].help.as_deref(), Some("write `## 102/0`"));
    }
}
