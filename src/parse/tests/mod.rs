//! Tests over whole files: the bundled rulesets, small fixtures, hostile
//! input.

pub(crate) mod bundled;
pub(crate) use bundled::BUNDLED;
mod canonical;
mod fixtures;
mod hostile;
mod meaning_read;

use super::*;

/// A file of the repository, as bytes.
fn repo_file(path: &str) -> Vec<u8> {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read(&full).unwrap_or_else(|err| panic!("{}: {err}", full.display()))
}

/// The kinds of a rule's layout quirks, in order.
fn quirk_kinds(rule: &crate::model::Rule) -> Vec<crate::model::QuirkKind> {
    let layout = rule.layout.as_ref().expect("rule layout");
    layout.quirks.iter().map(|q| q.kind.clone()).collect()
}

/// How many layout quirks a parsed ruleset has, document and rules together.
fn quirk_count(ruleset: &crate::model::Ruleset) -> usize {
    let document = ruleset
        .layout
        .as_ref()
        .expect("document layout")
        .quirks
        .len();
    let rules: usize = ruleset.rules.iter().map(|r| quirk_kinds(r).len()).sum();
    document + rules
}

/// Asserts that header + rule sources + footer give back `text`, that each
/// offset is where its source sits, and that every kept source is valid.
fn assert_lossless(parsed: &Parsed) {
    let layout = parsed.ruleset.layout.as_ref().expect("document layout");
    let mut joined = layout.header.clone();
    for rule in &parsed.ruleset.rules {
        let rule_layout = rule.layout.as_ref().expect("rule layout");
        assert_eq!(
            rule_layout.offset,
            joined.len(),
            "offset of rule {}",
            rule.number
        );
        assert_eq!(rule.unchanged_source(), Some(rule_layout.source.as_str()));
        joined.push_str(&rule_layout.source);
    }
    joined.push_str(&layout.footer);
    assert!(joined == parsed.text, "pieces differ from the text");
}
