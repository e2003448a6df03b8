//! End matter with no heading of its own (issue 37): the file's footer,
//! never the last rule's text, read alike by inference and by the dialect
//! file, and rendered back byte for byte (`shape` checks both).

use super::{labels, shape};
use crate::model::{Format, Ruleset};

fn footer(ruleset: &Ruleset) -> &str {
    &ruleset.layout.as_ref().unwrap().footer
}

fn last_text(ruleset: &Ruleset) -> &str {
    &ruleset.rules.last().unwrap().text
}

#[test]
fn trailing_link_reference_definitions_are_the_footer() {
    let read = shape("end-references.md", "end-references.toml");
    assert_eq!(labels(&read), ["1", "2", "3"]);
    assert_eq!(
        last_text(&read),
        "The game is won by the first player to 100 points."
    );
    assert_eq!(
        footer(&read),
        "[c]: https://example.org/charter\n[log]: https://example.org/log \"Turn log\"\n"
    );
    // The rules citing them keep their references as written.
    assert!(read.rules[1].text.contains("[turn log][log]"));
}

#[test]
fn an_address_and_links_after_a_separator_are_the_footer() {
    let read = shape("end-address.md", "end-address.toml");
    assert_eq!(labels(&read), ["1", "2", "3"]);
    assert_eq!(
        last_text(&read),
        "Rule text of the last rule: the first player to 100 points wins."
    );
    assert!(footer(&read).starts_with("---\nRules kept at https://example.org/nomic\n"));
    assert!(footer(&read).ends_with("- [Archive](https://example.org/archive)\n"));
}

#[test]
fn a_block_of_links_alone_after_the_last_rule_is_the_footer() {
    let read = shape("end-links.md", "end-links.toml");
    assert_eq!(labels(&read), ["101", "102", "103"]);
    assert_eq!(
        last_text(&read),
        "The first player to reach 100 points wins."
    );
    assert!(footer(&read).starts_with("Links: https://example.org/harbour\n"));
    // A numbered list of links is no second reading whose rules are links.
    let read = shape("end-numbered-links.md", "end-numbered-links.toml");
    assert_eq!(labels(&read), ["101", "102"]);
    assert_eq!(
        last_text(&read),
        "A proposal passes with a simple majority."
    );
    assert!(footer(&read).starts_with("1. [Discord]"));
}

#[test]
fn after_the_separator_that_closes_every_rule_anything_is_the_footer() {
    let read = shape("end-separated.md", "end-separated.toml");
    assert_eq!(
        last_text(&read),
        "The game is won by the first player to 100 points."
    );
    assert_eq!(
        footer(&read),
        "----\n\nWritten down by the players of the Lake club, spring 2021.\n"
    );
}

#[test]
fn a_last_rule_ending_with_an_ordinary_list_keeps_it() {
    let read = shape("end-list.md", "end-list.toml");
    assert_eq!(
        last_text(&read),
        "A player wins by any of these:\n\n- reaching 100 points;\n- holding every office at once."
    );
    assert!(read.rules[0].text.contains("https://example.org/proposals"));
    assert_eq!(footer(&read), "");
}

#[test]
fn links_ending_every_rule_are_the_last_rules_text_too() {
    let read = shape("end-links-every-rule.md", "end-links-every-rule.toml");
    assert!(last_text(&read).ends_with("- [Proposal 12](https://example.org/p/12)"));
    assert_eq!(footer(&read), "");
}

/// The last rule's text and the footer, read by inference.
fn inferred(text: &str) -> (String, String) {
    let read = crate::parse::read(text.as_bytes(), &Default::default()).unwrap();
    assert_eq!(read.format, Format::Dialect);
    let out = crate::render::render(&read.ruleset, Format::Dialect, &Default::default()).unwrap();
    assert_eq!(out, text);
    let ruleset = read.ruleset;
    (
        last_text(&ruleset).to_string(),
        footer(&ruleset).to_string(),
    )
}

#[test]
fn real_text_after_the_last_rule_is_never_cut() {
    let rules = "## 1. Turns\n\nPlayers take turns.\n\n## 2. Points\n\nPoints are whole.\n\n";
    // A sentence holding a URL, a link inside a sentence.
    for tail in [
        "The record is kept at https://example.org/record.\n",
        "See [the archive](https://example.org/a) for old rules.\n",
        "- reaching 100 points;\n- holding every office.\n",
    ] {
        let text = format!("{rules}## 3. Winning\n\nThe first to 100 points wins.\n\n{tail}");
        let (last, footer) = inferred(&text);
        assert!(last.ends_with(tail.trim_end()), "{tail}");
        assert_eq!(footer, "", "{tail}");
    }
    // A ruler inside the last rule, before text with no link, in a file
    // whose other rules have no ruler after them: the rule's text.
    let text = format!("{rules}## 3. Winning\n\nThe first wins.\n\n---\n\nTies are replayed.\n");
    assert_eq!(
        inferred(&text),
        (
            "The first wins.\n\n---\n\nTies are replayed.".into(),
            String::new()
        )
    );
    // Links alone and nothing else: the rule's text is the links.
    let text = format!("{rules}## 3. Sources\n\n- [Proposal 9](https://example.org/p/9)\n");
    assert_eq!(inferred(&text).1, "");
}

#[test]
fn a_last_rule_written_anew_keeps_the_footer_after_it() {
    let mut read = shape("end-references.md", "end-references.toml");
    read.rules[2].text = "The first player to 50 points wins.".to_string();
    let out = crate::render::render(&read, Format::Dialect, &Default::default()).unwrap();
    let original = super::fixture("shapes/end-references.md");
    let expected = original.replace(
        "The game is won by the first player to 100 points.",
        "The first player to 50 points wins.",
    );
    assert_eq!(out, expected);
}
