//! The output formats on a small hand-made diff.

use super::{human, md, stat};
use crate::diff::{diff, DiffOptions};
use crate::model::{Mutability, Rule, Ruleset};

/// The Markdown with every changed rule's whole text.
fn full() -> md::MdOptions {
    md::MdOptions {
        detail: md::Detail::Full,
        ..md::MdOptions::default()
    }
}

fn sample() -> crate::diff::RulesetDiff {
    let long = "Players that are required by the rules to perform an action have a total \
                of 48 hours to perform said action unless otherwise specified.";
    let old = Ruleset::new(
        "T",
        vec![
            Rule::new(110, "A player may forfeit."),
            Rule::new(202, "One turn consists of proposing one rule-change."),
            Rule::new(219, long),
        ],
    );
    let mut transmuted = Rule::new(110, "A player may forfeit.");
    transmuted.mutability = Mutability::Immutable;
    let new = Ruleset::new(
        "T",
        vec![
            transmuted,
            Rule::new(219, long.replace("48 hours", "72 hours")),
            Rule::new(340, "Each player has one vote."),
        ],
    );
    diff(&old, &new, &DiffOptions::default())
}

#[test]
fn human_plain_marks_words_and_names_each_rule() {
    let text = human::render(&sample(), false);
    assert_eq!(
        text,
        "Rule 110: transmuted from mutable to immutable\n\
         \n\
         Rule 202: repealed\n    \
         [-One turn consists of proposing one rule-change.-]\n\
         \n\
         Rule 219: amended\n    \
         Players that are required by the rules to perform an action have a total of \
         [-48-]{+72+} hours to perform said action unless otherwise specified.\n\
         \n\
         Rule 340: enacted (mutable)\n    \
         Each player has one vote.\n"
    );
    let coloured = human::render(&sample(), true);
    assert!(
        coloured.contains(&format!(
            "{REMOVED}48{REMOVED:#}{ADDED}72{ADDED:#}",
            REMOVED = human::REMOVED,
            ADDED = human::ADDED
        )),
        "{coloured}"
    );
}

#[test]
fn md_strikes_removals_and_bolds_additions() {
    let text = md::render(&sample(), &full());
    assert!(text.starts_with("# Ruleset changes\n"), "{text}");
    assert!(text.contains("\n## Rule 219: amended\n\nPlayers"), "{text}");
    assert!(text.contains("a total of ~~48~~**72** hours"), "{text}");
    assert!(
        text.contains("\n## Rule 202: repealed\n\n~~One turn"),
        "{text}"
    );
}

#[test]
fn stat_is_one_line_per_rule_and_a_summary() {
    assert_eq!(
        stat::render(&sample()),
        "   110 | transmuted\n   \
         202 | repealed\n   \
         219 | amended +1 -1 words\n   \
         340 | enacted\n\
         4 rules changed: 1 enacted, 1 repealed, 1 transmuted, 1 amended\n"
    );
}

#[test]
fn long_unchanged_stretches_are_shortened_in_human_output() {
    let body: Vec<String> = (0..60).map(|i| format!("w{i}")).collect();
    let old = Ruleset::new("T", vec![Rule::new(201, body.join(" "))]);
    let mut changed = body.clone();
    changed[30] = "CHANGED".into();
    let new = Ruleset::new("T", vec![Rule::new(201, changed.join(" "))]);
    let text = human::render(&diff(&old, &new, &DiffOptions::default()), false);
    assert!(
        text.contains("    … w20 w21 w22 w23 w24 w25 w26 w27 w28 w29 [-w30-]{+CHANGED+} w31"),
        "{text}"
    );
    assert!(text.contains("w40 …\n"), "{text}");
}

/// The texts a Markdown renderer shows struck through and in bold.
fn struck_and_bold(markdown: &str) -> (String, String) {
    struck_bold_and_lists(markdown).0
}

/// As [`struck_and_bold`], and how many lists the renderer sees.
fn struck_bold_and_lists(markdown: &str) -> ((String, String), usize) {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let (mut struck, mut bold) = (String::new(), String::new());
    let (mut in_struck, mut in_bold, mut lists) = (0, 0, 0);
    for event in Parser::new_ext(markdown, Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Start(Tag::List(_)) => lists += 1,
            Event::Start(Tag::Strikethrough) => in_struck += 1,
            Event::End(TagEnd::Strikethrough) => in_struck -= 1,
            Event::Start(Tag::Strong) => in_bold += 1,
            Event::End(TagEnd::Strong) => in_bold -= 1,
            Event::Text(text) => {
                if in_struck > 0 {
                    struck.push_str(&text);
                }
                if in_bold > 0 {
                    bold.push_str(&text);
                }
            }
            _ => {}
        }
    }
    ((struck, bold), lists)
}

#[test]
fn md_escapes_markup_inside_marked_words() {
    // `*5*` → `**10**` plus an added `~~now~~`: unescaped, the marks pair
    // with the rule's own asterisks and tildes, and the added `~~now~~`
    // renders struck through, as if it had been removed.
    let old = Ruleset::new("T", vec![Rule::new(101, "Players get *5* points.")]);
    let new = Ruleset::new(
        "T",
        vec![Rule::new(101, "Players get **10** points ~~now~~.")],
    );
    let text = md::render(&diff(&old, &new, &DiffOptions::default()), &full());
    let (struck, bold) = struck_and_bold(&text);
    assert_eq!(struck, "5", "{text}");
    assert!(bold.contains("~~now~~") && bold.contains("10"), "{text}");
    assert!(
        !bold.contains("Players") && !bold.contains("points"),
        "{text}"
    );
    // Plain words are untouched.
    let plain = md::render(&sample(), &full());
    assert!(plain.contains("a total of ~~48~~**72** hours"));
    assert_eq!(struck_and_bold(&plain).1, "72");
}

#[test]
fn md_marks_added_lines_that_look_like_list_items_line_by_line() {
    let old = Ruleset::new("T", vec![Rule::new(302, "Keep.")]);
    let new = Ruleset::new("T", vec![Rule::new(302, "Keep.\n- new item\n1. numbered")]);
    let text = md::render(&diff(&old, &new, &DiffOptions::default()), &full());
    let ((struck, bold), lists) = struck_bold_and_lists(&text);
    assert_eq!(struck, "", "{text}");
    assert_eq!(bold, "- new item1. numbered", "{text}");
    assert_eq!(lists, 0, "a marked line became a list item:\n{text}");
}

#[test]
fn md_escapes_markup_in_judgments_and_history_lines() {
    use crate::model::{HistoryEntry, HistoryKind, Judgment};
    let mut old_rule = Rule::new(117, "Text.");
    old_rule.judgments.push(Judgment {
        text: "*Regulated* ~~means~~ this".into(),
        judge: Some("Coconutpies".into()),
        date: None,
        round: None,
        turn: None,
        source: "*Regulated* ~~means~~ this (Coconutpies)".into(),
    });
    let mut new_rule = Rule::new(117, "Text.");
    new_rule.history.push(HistoryEntry::new(
        HistoryKind::Other,
        "Amended by Proposal 3*9 (A_b_c), Jul 27, 2020",
    ));
    let old = Ruleset::new("T", vec![old_rule]);
    let new = Ruleset::new("T", vec![new_rule]);
    let text = md::render(&diff(&old, &new, &DiffOptions::default()), &full());
    let (struck, bold) = struck_and_bold(&text);
    assert!(struck.contains("*Regulated* ~~means~~ this"), "{text}");
    assert!(bold.contains("Proposal 3*9 (A_b_c)"), "{text}");
}

#[test]
fn md_announcement_shows_the_changed_sentences_under_the_rule_title() {
    let rule = |text: &str| {
        let mut rule = Rule::new(201, text);
        rule.title = Some("Time limits".into());
        rule
    };
    let old = Ruleset::new(
        "T",
        vec![rule(
            "Turns are short. The limit is 48 hours. A vote ends at midnight.\n\nA second paragraph.",
        )],
    );
    let new = Ruleset::new(
        "T",
        vec![rule(
            "Turns are short. The limit is 72 hours. A vote ends at midnight.\n\nA second paragraph.",
        )],
    );
    let changes = diff(&old, &new, &DiffOptions::default());
    let options = md::MdOptions {
        titles: md::titles(&old, &new),
        ..md::MdOptions::default()
    };
    assert_eq!(
        md::render(&changes, &options),
        "# Ruleset changes\n\n## Rule 201 \u{201c}Time limits\u{201d}: amended\n\n\
         … The limit is ~~48~~**72** hours. …\n"
    );
    let whole = md::render(&changes, &full());
    assert!(
        whole.contains("Turns are short. The limit is ~~48~~**72** hours. A vote ends"),
        "{whole}"
    );
    assert!(whole.contains("A second paragraph."), "{whole}");
}
