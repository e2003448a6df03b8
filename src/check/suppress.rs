//! Inline suppression: a comment in the file's own syntax allows codes in
//! the rule that holds it, or in the whole file when it stands before the
//! first rule.
//!
//! - Markdown forms (and dialects): `<!-- nomic: allow N401 -->`; several
//!   codes or names are separated by commas or spaces
//!   (`<!-- nomic: allow N401, missing-blank-line -->`). Markdown shows
//!   nothing of it.
//! - Text forms, which have no comments: a line of its own,
//!   `[nomic: allow N706]`.
//!
//! A code the comment names that is not one is itself a finding (`N901`).

use super::{finding, Input};
use crate::diagnostic::{Code, Diagnostic, DiagnosticCode};
use crate::model::Format;
use std::ops::Range;

const MARK: &str = "nomic: allow";

/// One suppression: the codes it allows and the part of the file it covers.
#[derive(Debug)]
struct Allow {
    codes: Vec<Code>,
    covers: Range<usize>,
}

/// Drops the findings that a suppression covers, and adds one `N901` for
/// every name in a suppression that is not a code.
pub(super) fn apply(input: &Input<'_>, findings: &mut Vec<Diagnostic>) {
    let (allows, unknown) = suppressions(input);
    if allows.is_empty() && unknown.is_empty() {
        return;
    }
    findings.retain(|f| {
        let DiagnosticCode::Finding(code) = f.code else {
            return true;
        };
        !allows
            .iter()
            .any(|a| a.covers.contains(&f.span.start) && a.codes.contains(&code))
    });
    findings.extend(unknown);
    super::sort(findings);
}

fn suppressions(input: &Input<'_>) -> (Vec<Allow>, Vec<Diagnostic>) {
    let text = input.text;
    let markdown = !matches!(
        input.format,
        Format::TxtLong | Format::TxtShort | Format::TxtPlain | Format::TxtRule | Format::Json
    ) && !input.format.is_agora();
    let (open, close) = if markdown {
        ("<!--", "-->")
    } else {
        ("[", "]")
    };
    let mut starts: Vec<usize> = input
        .ruleset
        .rules
        .iter()
        .filter_map(|rule| rule.layout.as_ref().map(|l| l.offset))
        .collect();
    starts.sort_unstable();
    let mut allows = Vec::new();
    let mut unknown = Vec::new();
    for (at, _) in text.match_indices(MARK) {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let before = text[line_start..at].trim_end();
        let Some(lead) = before.strip_suffix(open) else {
            continue;
        };
        // A text form's suppression is a line of its own.
        if !markdown && !lead.trim().is_empty() {
            continue;
        }
        let rest = &text[at + MARK.len()..line_end];
        let Some(list_len) = rest.find(close) else {
            continue;
        };
        if !markdown && !rest[list_len + close.len()..].trim().is_empty() {
            continue;
        }
        let list_start = at + MARK.len();
        let mut codes = Vec::new();
        for (offset, name) in words(&rest[..list_len]) {
            match Code::from_code(name) {
                Some(code) => codes.push(code),
                None => {
                    let span = list_start + offset..list_start + offset + name.len();
                    unknown.push(
                        finding(
                            Code::UnknownSuppressedCode,
                            format!("`{name}` is not a finding code or name, so nothing is allowed by it"),
                            span,
                        )
                        .with_help("`nomic check --explain CODE` names every code; correct it or remove it"),
                    );
                }
            }
        }
        allows.push(Allow {
            codes,
            covers: covered(&starts, at, text.len()),
        });
    }
    (allows, unknown)
}

/// The names of a list, with their offsets in it.
fn words(list: &str) -> impl Iterator<Item = (usize, &str)> {
    list.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(move |word| (word.as_ptr() as usize - list.as_ptr() as usize, word))
}

/// The rule that holds `at` (from its start to the next rule's), or the
/// whole file before the first rule.
fn covered(starts: &[usize], at: usize, len: usize) -> Range<usize> {
    let next = starts.partition_point(|&start| start <= at);
    if next == 0 {
        return 0..len;
    }
    starts[next - 1]..starts.get(next).copied().unwrap_or(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check;
    use crate::parse::{read, ReadOptions};

    fn codes_of(text: &str) -> Vec<String> {
        let parsed = read(text.as_bytes(), &ReadOptions::default()).unwrap();
        check(&Input::from_parsed(&parsed, None))
            .iter()
            .map(|f| f.code.to_string())
            .collect()
    }

    /// Rule 303 cites rule 206, which is not in the ruleset (`N401`).
    const RULES: &str = include_str!("../../tests/fixtures/check/dangling-reference.bad.md");

    fn n401s(text: &str) -> usize {
        codes_of(text).iter().filter(|c| *c == "N401").count()
    }

    /// The ruleset with `line` as a paragraph of its own after the heading
    /// of rule `rule`.
    fn with_line_in(rule: &str, line: &str) -> String {
        let heading = RULES.find(&format!("\n## {rule}")).unwrap() + 1;
        let end = heading + RULES[heading..].find("\n\n").unwrap();
        format!("{}\n\n{line}{}", &RULES[..end], &RULES[end..])
    }

    #[test]
    fn a_comment_allows_its_codes_in_its_rule_only() {
        assert_eq!(n401s(RULES), 1);
        let here = with_line_in("303", "<!-- nomic: allow dangling-reference -->");
        assert_eq!(n401s(&here), 0);
        let elsewhere = with_line_in("202", "<!-- nomic: allow dangling-reference -->");
        assert_eq!(n401s(&elsewhere), 1);
    }

    #[test]
    fn a_comment_before_the_first_rule_allows_its_codes_in_the_whole_file() {
        let first = RULES.find("\n## ").unwrap() + 1;
        let text = format!(
            "{}<!-- nomic: allow N401 -->\n\n{}",
            &RULES[..first],
            &RULES[first..]
        );
        assert_eq!(n401s(&text), 0);
    }

    #[test]
    fn an_unknown_name_is_reported_and_a_text_form_uses_a_line_in_brackets() {
        let text = with_line_in("303", "<!-- nomic: allow N401, N999 -->");
        let found = codes_of(&text);
        assert!(found.contains(&"N901".to_string()), "{found:?}");
        assert!(!found.contains(&"N401".to_string()), "{found:?}");
        let starts = [10, 50];
        assert_eq!(covered(&starts, 5, 90), 0..90);
        assert_eq!(covered(&starts, 10, 90), 10..50);
        assert_eq!(covered(&starts, 60, 90), 50..90);
        let listed: Vec<(usize, &str)> = words(" N401, N702  x").collect();
        assert_eq!(listed, [(1, "N401"), (7, "N702"), (13, "x")]);
    }
}
