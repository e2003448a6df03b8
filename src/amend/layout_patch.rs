//! Keeping a renumbered ruleset byte for byte: instead of writing a rule
//! whose only change is a number canonically (which would rewrap or restyle
//! it), patch the digits in the bytes it was read from.

use super::citations::cited_numbers;
use crate::model::{Rule, Ruleset};
use crate::refs;
use std::collections::BTreeMap;
use std::ops::Range;

/// Rewrites the digits of a rule's heading and of the citations the
/// renumbering changed in its kept source, then declares the source current.
/// `rewrote` says whether the renumbering changed the rule's text. Leaves
/// the layout alone (so the rule is written canonically) when
/// the source cannot be matched with the text.
pub(super) fn patch_rule(
    rule: &mut Rule,
    old_number: u32,
    old_text: &str,
    rewrote: bool,
    mapping: &BTreeMap<u32, u32>,
) {
    let Some(layout) = rule.layout.as_mut() else {
        return;
    };
    let mut source = layout.source.clone();
    if let Some(body) = body_range(&source) {
        if rewrote {
            let Some(patched) = patch_body(&source, body, old_text, mapping) else {
                return;
            };
            source = patched;
        }
    } else if rewrote {
        return;
    }
    if old_number != rule.number {
        let Some(patched) = patch_heading(&source, old_number, rule.number) else {
            return;
        };
        source = patched;
    }
    layout.source = source;
    let fingerprint = rule.fingerprint();
    if let Some(layout) = rule.layout.as_mut() {
        layout.fingerprint = fingerprint;
    }
}

/// The first run of digits in the heading line equal to `old`, rewritten.
fn patch_heading(source: &str, old: u32, new: u32) -> Option<String> {
    let line_end = source.find('\n').unwrap_or(source.len());
    let digits = digit_runs(&source[..line_end])
        .into_iter()
        .find(|run| source[run.clone()].parse::<u32>().ok() == Some(old))?;
    Some(splice(source, &[(digits, new)]))
}

/// The body part of the source renumbered, if it cites the same numbers in
/// the same places as the rule's text (so both are rewritten alike).
fn patch_body(
    source: &str,
    body: Range<usize>,
    old_text: &str,
    mapping: &BTreeMap<u32, u32>,
) -> Option<String> {
    if cited_numbers(&source[body.clone()]) != cited_numbers(old_text) {
        return None;
    }
    let renumbered = refs::renumber(&source[body.clone()], mapping);
    Some(format!(
        "{}{}{}",
        &source[..body.start],
        renumbered.text,
        &source[body.end..]
    ))
}

/// Replaces each span with a number; spans must not overlap.
pub(super) fn splice(text: &str, edits: &[(Range<usize>, u32)]) -> String {
    let mut sorted: Vec<&(Range<usize>, u32)> = edits.iter().collect();
    sorted.sort_by_key(|(span, _)| span.start);
    let mut out = String::with_capacity(text.len() + 8);
    let mut at = 0;
    for (span, number) in sorted {
        out.push_str(&text[at..span.start]);
        out.push_str(&number.to_string());
        at = span.end;
    }
    out.push_str(&text[at..]);
    out
}

fn digit_runs(text: &str) -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        runs.push(s..text.len());
    }
    runs
}

/// The body of a rule's source: after the heading line, up to the History
/// or Judgments section (`History:`, `##### *History*`) if there is one.
fn body_range(source: &str) -> Option<Range<usize>> {
    let start = source.find('\n')? + 1;
    let mut at = start;
    for line in source[start..].split_inclusive('\n') {
        let name = line.trim_matches(|c: char| c.is_whitespace() || "#*:_".contains(c));
        if name.eq_ignore_ascii_case("history") || name.eq_ignore_ascii_case("judgments") {
            return Some(start..at);
        }
        at += line.len();
    }
    Some(start..source.len())
}

/// Where a rule's source ends and the separator before the next rule
/// begins: the separator is the trailing blank lines, starting at the line
/// end after the last line of content.
///
/// A ruler (`-----`, `=====`) is never part of the separator: no reader
/// puts one at the end of a rule's kept source as a separator (the text
/// forms' `-` ruler opens the next rule's source and the closing one is
/// the footer), so a ruler there is the rule's own text, a Markdown
/// thematic break or a heading's underline, and stays with the rule.
fn content_end(source: &str) -> usize {
    let before = source.trim_end_matches(['\n', '\r', ' ', '\t']);
    // The last line keeps its trailing spaces: they are the rule's bytes
    // (a quirk, or a Markdown line break), not its separator.
    let rest = &source[before.len()..];
    let spaces = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    before.len() + spaces
}

/// The rule that was last, and the separator its kept source ends with
/// (the end of the file, which other rules' separators are not).
#[derive(Debug, Clone)]
pub(super) struct LastRule {
    number: u32,
    separator: Option<String>,
}

impl LastRule {
    pub(super) fn of(ruleset: &Ruleset) -> Option<LastRule> {
        let last = ruleset.rules.last()?;
        Some(LastRule {
            number: last.number,
            separator: last
                .unchanged_source()
                .map(|source| source[content_end(source)..].to_string()),
        })
    }
}

/// After rules changed places (or the last one was repealed or a rule was
/// added after it), gives the rule now last the separator the last rule
/// had, and the rule that was last the separator most rules have, so that
/// the kept sources still join into a file. `renumbered` maps old numbers
/// to new ones.
pub(super) fn fix_separators(
    ruleset: &mut Ruleset,
    before: Option<LastRule>,
    renumbered: &BTreeMap<u32, u32>,
) {
    let (Some(before), Some(new_last)) = (before, ruleset.rules.last().map(|r| r.number)) else {
        return;
    };
    let old_last = renumbered
        .get(&before.number)
        .copied()
        .unwrap_or(before.number);
    if old_last == new_last {
        return;
    }
    let separators: Vec<String> = ruleset
        .rules
        .iter()
        .filter(|rule| rule.number != old_last && rule.number != new_last)
        .filter_map(|rule| {
            let source = rule.unchanged_source()?;
            Some(source[content_end(source)..].to_string())
        })
        .collect();
    let typical = most_common(&separators);
    for rule in &mut ruleset.rules {
        let separator = if rule.number == new_last {
            before.separator.clone()
        } else if rule.number == old_last {
            typical.clone()
        } else {
            None
        };
        let (Some(separator), true) = (separator, rule.unchanged_source().is_some()) else {
            continue;
        };
        if let Some(layout) = rule.layout.as_mut() {
            let end = content_end(&layout.source);
            layout.source.truncate(end);
            layout.source.push_str(&separator);
        }
    }
}

fn most_common(items: &[String]) -> Option<String> {
    let mut counts: Vec<(&String, usize)> = Vec::new();
    for item in items {
        match counts.iter_mut().find(|(seen, _)| *seen == item) {
            Some((_, count)) => *count += 1,
            None => counts.push((item, 1)),
        }
    }
    counts
        .into_iter()
        .max_by_key(|(_, count)| *count)
        .map(|(item, _)| item.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_are_trailing_blank_lines() {
        let txt = "Rule 1/0\n\n      Text.\n\nHistory:\nInitial\n\n";
        assert_eq!(&txt[content_end(txt)..], "\n\n");
        assert_eq!(content_end("Rule 3\n\nText."), "Rule 3\n\nText.".len());
        let md = "## 1/0\n\nText.\n\n##### *History*\n\n[*x*](y)\n\n";
        assert_eq!(&md[content_end(md)..], "\n\n");
        // Trailing spaces of the last line are the rule's own.
        let spaced = "## 1/0\n\nText.\n\n##### *History*\n\n[*x*](y)  \n";
        assert_eq!(&spaced[content_end(spaced)..], "\n");
        // In Markdown a closing `---` is the rule's thematic break.
        let rule = "## 2/1\n\nText.\n\n---\n\n";
        assert_eq!(&rule[content_end(rule)..], "\n\n");
    }

    #[test]
    fn a_ruler_that_ends_a_rule_is_its_text_in_every_form() {
        // txt-rule reads `===` right under the heading as the rule's text
        // (`\===`): repealing the rule after it must not cut it off.
        let txt = "Rule 2\n===\n\n";
        assert_eq!(&txt[content_end(txt)..], "\n\n");
        let dashes = "Rule 0\n---";
        assert_eq!(content_end(dashes), dashes.len());
    }

    #[test]
    fn the_body_stops_at_the_history_section() {
        let md = "## 1/0\n\nSee Rule 2.\n\n##### *History*\n\n[*Initial mutable Rule 1*](y)\n";
        let body = body_range(md).unwrap();
        assert_eq!(&md[body], "\nSee Rule 2.\n\n");
        assert_eq!(
            patch_heading(md, 1, 10).unwrap().lines().next(),
            Some("## 10/0")
        );
    }
}
