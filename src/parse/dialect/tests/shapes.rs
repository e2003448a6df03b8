//! Issue 37's shapes, each read alike by inference and by its dialect file.

use super::{labels, shape};
use crate::model::{Format, Mutability, Ruleset};

/// `shape` checks that inference and the dialect file agree, and the
/// byte-for-byte round trip.
#[test]
fn the_shapes_real_files_vary_in_read_right() {
    let titles = |ruleset: &Ruleset| -> Vec<Option<String>> {
        ruleset.rules.iter().map(|r| r.title.clone()).collect()
    };
    let words = |ruleset: &Ruleset| -> Vec<String> {
        ruleset
            .rules
            .iter()
            .map(|r| {
                r.text
                    .split_whitespace()
                    .take(3)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    // A marker on some rules and not others.
    let marked = shape("marker-some.md", "marker-some.toml");
    assert_eq!(labels(&marked), ["1", "2", "7"]);
    let mutability: Vec<_> = marked.rules.iter().map(|r| r.mutability.clone()).collect();
    assert_eq!(
        mutability,
        [
            Mutability::Immutable,
            Mutability::Mutable,
            Mutability::Immutable
        ]
    );
    // A note after the number is no title.
    let noted = shape("note-number.md", "note-number.toml");
    assert_eq!(labels(&noted), ["301", "302", "303"]);
    assert_eq!(titles(&noted), [None, None, None]);
    let notes: Vec<_> = noted
        .rules
        .iter()
        .map(|r| r.layout.as_ref().and_then(|l| l.note.clone()))
        .collect();
    assert_eq!(notes[2].as_deref(), Some("formerly 201"));
    // A number leading the first paragraph: the first sentence is text.
    let led = shape("lead-paragraph.md", "lead-paragraph.toml");
    assert_eq!(labels(&led), ["101", "102", "103"]);
    assert_eq!(titles(&led), [None, Some("VOTING:".to_string()), None]);
    assert_eq!(words(&led)[0], "All players must");
    assert!(led.rules[2].text.ends_with("belong to the rule above."));
    assert_eq!(led.title, "Initial Set of Rules");
    // Punctuation some rules leave out; separators and end matter are layout.
    let soft = shape("mixed-punctuation.md", "mixed-punctuation.toml");
    assert_eq!(labels(&soft), ["1", "2", "10"]);
    assert_eq!(
        words(&soft),
        ["Be kind to", "Players move in", "The game is"]
    );
    assert!(soft.rules.iter().all(|r| !r.text.contains("----")));
    assert!(!soft.rules[2].text.contains("Kontakt"));
    // Dotted and lettered sub-rules are rules; `Section 2` inside is text.
    let subs = shape("sub-rules.md", "sub-rules.toml");
    assert_eq!(labels(&subs), ["2.1", "2.2", "2.2.1", "307b"]);
    assert_eq!(subs.rules[3].title.as_deref(), Some("Items"));
    assert!(subs.rules[2].text.starts_with("Section 2 of this rule"));
    // Items written `1.` every time are numbered by position.
    let implied = shape("implied-list.md", "implied-list.toml");
    assert_eq!(labels(&implied), ["1", "2", "3"]);
    assert!(implied.rules[1].text.contains("Un sous-point"));
    // Front matter and pandoc title lines are the header.
    let front = shape("front-matter.md", "front-matter.toml");
    assert_eq!(labels(&front), ["101", "102"]);
    assert_eq!(words(&front)[0], "All players must");
    // Setext headings: the underline belongs to the heading.
    let setext = shape("setext.md", "setext.toml");
    assert_eq!(labels(&setext), ["1", "2"]);
    assert_eq!(words(&setext), ["Players take turns.", "Each turn has"]);
}

#[test]
fn a_heading_that_lost_its_marker_starts_a_rule() {
    // `Rule 4E2: Turns` among `### Rule …` headings is a rule the sequence
    // misses; `Rule 4E1: Players` later repeats an identifier: text.
    let lost = shape("lost-marker.md", "lost-marker.toml");
    assert_eq!(labels(&lost), ["4E1", "4E2", "4E3"]);
    assert_eq!(lost.rules[1].title.as_deref(), Some("Turns"));
    assert!(lost.rules[0].text.ends_with("in the register."));
    assert!(lost.rules[2].text.contains("Rule 4E1: Players"));
}

#[test]
fn numbers_restarting_in_each_section_are_the_rules_under_their_heading() {
    // The numbered setup steps after `## Initial Rules` are end matter.
    let restarting = shape("section-numbers.md", "section-numbers.toml");
    assert_eq!(labels(&restarting), ["1", "2", "1"]);
    assert_eq!(
        restarting.rules[2].text,
        "The first player to 50 points wins."
    );
}

#[test]
fn a_link_as_the_identifier_with_tags_after_it() {
    // `[meta init]` is a tag list kept as the rule's note, not a title.
    let linked = shape("link-id.md", "link-id.toml");
    assert_eq!(labels(&linked), ["101", "102", "201"]);
    assert!(linked.rules.iter().all(|r| r.title.is_none()));
    let note = linked.rules[2].layout.as_ref().and_then(|l| l.note.clone());
    assert_eq!(note.as_deref(), Some("player vote"));
    assert!(linked.rules[1].text.contains("> 2. the repeal of a rule."));
}

#[test]
fn a_few_words_over_sub_points_are_a_title() {
    // A sentence over sub-points stays text alone; the title's words stay
    // the text's first line, where the file writes them.
    let points = shape("title-over-points.md", "title-over-points.toml");
    assert_eq!(labels(&points), ["1", "2", "3"]);
    let titles: Vec<_> = points.rules.iter().map(|r| r.title.as_deref()).collect();
    assert_eq!(titles, [None, Some("Points de règle"), None]);
    assert!(points.rules[1]
        .text
        .starts_with("Points de règle\n    1. Un point"));
}

#[test]
fn every_node_of_a_tree_drawing_is_a_rule() {
    // The drawing before each arrow is `{tree}`, as deep as the node.
    // The gutter before each line of text (`|  | `, `|       `) is layout.
    let tree = shape("tree.txt", "tree.toml");
    assert_eq!(labels(&tree), ["1", "1.1", "2", "2.1"]);
    assert_eq!(tree.rules[1].title.as_deref(), Some("End of Play"));
    let texts: Vec<&str> = tree.rules.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "When a player wins, the game is over.",
            "If play is impossible, the game is over.",
            "A player abides by all the rules.",
            "A person may ask to become a player.",
        ]
    );
    // The root line `> RULES` names the ruleset; its quote mark is layout.
    assert_eq!(tree.title, "RULES");
}

#[test]
fn a_tree_rule_written_anew_keeps_its_place_in_the_drawing() {
    let original = super::fixture("shapes/tree.txt");
    let mut tree = shape("tree.txt", "tree.toml");
    tree.rules[1].text = "If play is impossible, the game is over.\n\nNobody wins.".into();
    tree.rules[2].text = "A player abides by the rules.".into();
    tree.rules[3].text = "A person may ask to play.".into();
    let out = crate::render::render(&tree, Format::Dialect, &Default::default()).unwrap();
    let expected = original
        .replace(
            "|       If play is impossible, the game is over.\n",
            "|       If play is impossible, the game is over.\n|\n|       Nobody wins.\n",
        )
        .replace("   | A player abides by all", "   | A player abides by")
        .replace(
            "        A person may ask to become a player.",
            "        A person may ask to play.",
        );
    assert_eq!(out, expected);
    let dialect = tree.layout.as_ref().unwrap().dialect.clone().unwrap();
    let reread = crate::parse::dialect::read(&out, &dialect).unwrap();
    assert_eq!(reread.rules[1].text, tree.rules[1].text);
    assert_eq!(reread.rules[3].text, "A person may ask to play.");
}

#[test]
fn headings_a_numbered_table_of_contents_links_are_rules() {
    // The numbers are only in the table of contents; the anchor tag is
    // the rule's note, the rest of the heading its title.
    let linked = shape("contents-numbered.md", "contents-numbered.toml");
    assert_eq!(labels(&linked), ["1", "1.1", "1.1.1", "2"]);
    assert_eq!(linked.title, "Rules");
    assert_eq!(linked.rules[2].title.as_deref(), Some("Leaving"));
    let note = linked.rules[2].layout.as_ref().and_then(|l| l.note.clone());
    assert_eq!(note.as_deref(), Some("leaving"));
    assert_eq!(linked.rules[1].text, "A person joins by saying so.");
    assert!(linked
        .layout
        .as_ref()
        .unwrap()
        .header
        .contains("## Contents"));
}

#[test]
fn without_numbers_the_link_targets_are_the_identifiers() {
    // A link without `#` links all the same; a target linked twice names
    // the second heading by its own anchor, as GitHub gives it.
    let linked = shape("contents-slugs.md", "contents-slugs.toml");
    assert_eq!(
        labels(&linked),
        ["meta-rules", "precedence", "voting", "voting-1"]
    );
    assert_eq!(linked.rules[3].title.as_deref(), Some("#voting"));
    assert_eq!(linked.title, "Game Rules");
    assert!(linked.rules.iter().all(|r| !r.text.contains("base rules")));
}

#[test]
fn a_contents_linked_rule_written_anew_keeps_its_level_and_anchor() {
    let mut linked = shape("contents-numbered.md", "contents-numbered.toml");
    linked.rules[2].text.push_str(" Then they are no player.");
    let out = crate::render::render(&linked, Format::Dialect, &Default::default()).unwrap();
    assert!(out.contains(
        "#### <a name='leaving'/> Leaving\n\nA player may leave at any time. Then they are no player.\n"
    ));
    let dialect = linked.layout.as_ref().unwrap().dialect.clone().unwrap();
    let reread = crate::parse::dialect::read(&out, &dialect).unwrap();
    assert_eq!(labels(&reread), ["1", "1.1", "1.1.1", "2"]);
    assert!(reread.rules[2].text.ends_with("no player."));
}

#[test]
fn a_rule_of_one_short_sentence_is_text_not_a_title() {
    // No rule has anything under its first line: the words after each
    // number are the rules' texts, though short and without a period.
    let listed = shape("one-sentence.md", "one-sentence.toml");
    assert_eq!(labels(&listed), ["1", "2", "3", "4"]);
    assert!(listed.rules.iter().all(|r| r.title.is_none()));
    assert_eq!(listed.rules[0].text, "Be kind to every player");
    assert_eq!(listed.rules[3].text, "The moderator breaks ties");
    let bold = shape("one-sentence-bold.md", "one-sentence-bold.toml");
    assert_eq!(labels(&bold), ["101", "102", "103"]);
    assert!(bold.rules.iter().all(|r| r.title.is_none()));
    assert_eq!(bold.rules[2].text, "Votes close after one day");
    assert_eq!(bold.title, "House rules");
}

#[test]
fn a_revision_after_the_identifier_is_the_rules_revision() {
    // Every rule carries `/N` and a marker.
    let every = shape("revision.md", "revision.toml");
    assert_eq!(labels(&every), ["101", "102", "103"]);
    let revisions: Vec<_> = every.rules.iter().map(|r| r.revision).collect();
    assert_eq!(revisions, [Some(2), Some(0), Some(1)]);
    assert_eq!(every.rules[0].mutability, Mutability::Immutable);
    assert_eq!(every.rules[0].title.as_deref(), Some("Obedience"));
    // Only some rules carry `/N`, a marker or a title.
    let some = shape("revision-some.md", "revision-some.toml");
    assert_eq!(labels(&some), ["101", "102", "103", "104"]);
    let revisions: Vec<_> = some.rules.iter().map(|r| r.revision).collect();
    assert_eq!(revisions, [Some(2), None, Some(1), None]);
    let titles: Vec<_> = some.rules.iter().map(|r| r.title.as_deref()).collect();
    assert_eq!(
        titles,
        [Some("Obedience"), Some("Amendment"), Some("Voting"), None]
    );
    let mutability: Vec<_> = some.rules.iter().map(|r| r.mutability.clone()).collect();
    assert_eq!(
        mutability,
        [
            Mutability::Immutable,
            Mutability::Mutable,
            Mutability::Mutable,
            Mutability::Mutable
        ]
    );
}

#[test]
fn a_rule_written_anew_keeps_its_revision_and_punctuation() {
    let mut some = shape("revision-some.md", "revision-some.toml");
    some.rules[1].text = "Rules may be amended by a vote.".to_string();
    some.rules[2].revision = Some(2);
    let out = crate::render::render(&some, Format::Dialect, &Default::default()).unwrap();
    assert!(
        out.contains("## Rule 102: Amendment\n\nRules may be amended by a vote.\n"),
        "{out}"
    );
    assert!(out.contains("## Rule 103/2: Voting\n"), "{out}");
}

#[test]
fn one_file_mixing_decorations_of_the_number() {
    // `**101.**`, `**104**.` and `201.` continue one identifier sequence.
    let mixed = shape("mixed-decorations.md", "mixed-decorations.toml");
    assert_eq!(labels(&mixed), ["101", "102", "104", "201", "202"]);
    assert!(mixed.rules.iter().all(|r| r.title.is_none()));
    assert_eq!(
        mixed.rules[1].text,
        "Rules may be amended by a vote. Votes are public."
    );
    assert_eq!(
        mixed.rules[2].text,
        "The game ends when a player has 100 points."
    );
    assert_eq!(mixed.rules[3].text, "Players take turns in order.");
    // One rule in another decoration is no longer lost in the one above.
    let bold = shape("mixed-decorations-bold.md", "mixed-decorations-bold.toml");
    assert_eq!(labels(&bold), ["101", "102", "104"]);
    assert!(!bold.rules[1].text.contains("game ends"));
}

#[test]
fn a_rule_written_anew_keeps_its_decoration() {
    let mut mixed = shape("mixed-decorations.md", "mixed-decorations.toml");
    mixed.rules[2].text = "The game ends at 200 points.".to_string();
    mixed.rules[3].text = "Players take turns.".to_string();
    mixed.rules.push(crate::model::Rule {
        id: Some("203".to_string()),
        ..crate::model::Rule::new(203, "A new rule.")
    });
    let out = crate::render::render(&mixed, Format::Dialect, &Default::default()).unwrap();
    assert!(
        out.contains("\n**104**. The game ends at 200 points.\n"),
        "{out}"
    );
    assert!(out.contains("\n201. Players take turns.\n"), "{out}");
    // A new rule takes the dialect's first form.
    assert!(out.ends_with("\n**203.** A new rule.\n"), "{out}");
}
