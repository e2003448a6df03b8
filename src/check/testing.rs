//! Hand-built rulesets for the checks' unit tests: rules with a kept source
//! laid end to end as a file.

use super::Input;
use crate::model::{Format, Rule, RuleLayout, Ruleset};

/// The rule with `source` kept at `offset` (and the current fingerprint).
pub(super) fn with_layout(mut rule: Rule, source: &str, offset: usize) -> Rule {
    rule.layout = Some(RuleLayout {
        source: source.to_string(),
        offset,
        fingerprint: rule.fingerprint(),
        trailer: String::new(),
        note: None,
        heading_level: None,
        tree: None,
        quirks: Vec::new(),
    });
    rule
}

/// A file: a header, then each rule's source in turn.
pub(super) struct File {
    pub ruleset: Ruleset,
    pub text: String,
    pub format: Format,
}

impl File {
    pub(super) fn new(format: Format, header: &str, rules: Vec<(Rule, &str)>) -> File {
        let mut text = header.to_string();
        let mut built = Vec::new();
        for (rule, source) in rules {
            built.push(with_layout(rule, source, text.len()));
            text.push_str(source);
        }
        File {
            ruleset: Ruleset::new("TEST", built),
            text,
            format,
        }
    }

    pub(super) fn input(&self) -> Input<'_> {
        Input {
            ruleset: &self.ruleset,
            text: &self.text,
            format: self.format,
            encoding: &[],
            base_dir: None,
            folder: None,
        }
    }

    /// The text of the file under a span.
    pub(super) fn at(&self, span: &std::ops::Range<usize>) -> &str {
        &self.text[span.clone()]
    }
}

/// The codes of a list of findings.
pub(super) fn codes(findings: &[crate::diagnostic::Diagnostic]) -> Vec<&str> {
    findings.iter().map(|f| f.code.as_str()).collect()
}

/// An md-long rule and its source, from history entries.
pub(super) fn md_long_rule(
    number: u32,
    revision: u32,
    mutability: crate::model::Mutability,
    text: &str,
    history: Vec<crate::model::HistoryEntry>,
) -> (Rule, String) {
    let marker = mutability
        .heading_marker()
        .map(|m| format!(" ({m})"))
        .unwrap_or_default();
    let lines: Vec<String> = history.iter().map(|e| format!("*{}*", e.source)).collect();
    let source = format!(
        "## {number}/{revision}{marker}\n\n{text}\n\n##### *History*\n\n{}\n\n",
        lines.join("  \n")
    );
    let rule = Rule {
        revision: Some(revision),
        mutability,
        history,
        ..Rule::new(number, text)
    };
    (rule, source)
}

/// A md-long file of such rules.
pub(super) fn md_long_file(rules: Vec<(Rule, String)>) -> File {
    let pairs: Vec<(Rule, &str)> = rules.iter().map(|(r, s)| (r.clone(), s.as_str())).collect();
    File::new(Format::MdLong, "# TEST (LONG FORMAT)\n---\n", pairs)
}
