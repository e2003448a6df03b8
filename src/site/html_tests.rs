//! The fast path of plain rule texts against ammonia: the same bytes.

use super::{plain_clean, RuleText};
use crate::model::synthetic_ruleset;
use std::collections::BTreeSet;

/// `render` (the fast path where it applies) and ammonia alone agree.
fn same_as_ammonia(text: &RuleText, markdown: &str, in_force: &BTreeSet<u32>) {
    assert_eq!(
        text.render(markdown, in_force),
        text.render_with(markdown, in_force, false),
        "{markdown:?}"
    );
}

#[test]
fn every_rule_of_every_bundled_ruleset_is_what_ammonia_makes_of_it() {
    let text = RuleText::new();
    for ruleset in crate::site::tests::bundled_rulesets() {
        let in_force: BTreeSet<u32> = ruleset.rules.iter().map(|r| r.number).collect();
        for rule in &ruleset.rules {
            same_as_ammonia(&text, &rule.text, &in_force);
        }
    }
}

#[test]
fn the_synthetic_rules_take_the_fast_path_and_match_ammonia() {
    let text = RuleText::new();
    let ruleset = synthetic_ruleset(300, 15);
    // Some cited rules are in force and some not: both kinds of mark.
    let in_force: BTreeSet<u32> = ruleset
        .rules
        .iter()
        .map(|r| r.number)
        .filter(|n| n % 3 != 0)
        .collect();
    let mut fast = 0;
    for rule in &ruleset.rules {
        same_as_ammonia(&text, &rule.text, &in_force);
        let mut html = String::new();
        let parser = pulldown_cmark::Parser::new(&rule.text);
        pulldown_cmark::html::push_html(&mut html, parser);
        fast += usize::from(plain_clean(&html).is_some());
    }
    assert!(fast * 10 >= ruleset.rules.len() * 9, "{fast} fast");
}

#[test]
fn what_ammonia_would_change_is_left_to_ammonia() {
    for html in [
        "<p>a&quot;b</p>\n",
        "<p>a\u{a0}b</p>\n",
        "<p>a<br />b</p>\n",
        "<ol start=\"3\">\n<li>x</li>\n</ol>\n",
        "<p><a href=\"http://x\">x</a></p>\n",
        "<p>a\rb</p>\n",
        "<p>a>b</p>\n",
        "<p><a class=\"cite\" href=\"1.html#r2\">1</a></p>\n",
        "<p>a &#39; b</p>\n",
    ] {
        assert_eq!(plain_clean(html), None, "{html:?}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]
    /// Markdown made of words, citations, emphasis, lists, breaks, entities
    /// and characters ammonia escapes or drops: the page's HTML is
    /// ammonia's, fast path or not.
    #[test]
    fn the_fast_path_is_ammonias_output(
        pieces in proptest::collection::vec(
            proptest::sample::select(vec![
                "word", " ", "Rule 101", "Rules 102-104", "Rule 999", "rule 7", "*em*",
                "**strong**", "_u_", "\n", "\n\n", "\n* ", "\n- ", "\n1. ", "\n2) ", "\n   * ",
                "&", "&amp;", "&#39;", "<", ">", "\"", "'", "\u{a0}", "<b>raw</b>", "<!-- c -->",
                "`code`", "[link](http://x.org)", "[rel](a.html)", "![img](i.png)", "  \n",
                "\\\n", "\r\n", "\t", "\u{0}", "\u{1}", "é", "日", "\u{feff}", "# ", "> ",
                "~~del~~", "| a | b |\n|---|---|\n| c | d |\n", "```\nx\n```\n", "    code\n",
                "---\n", "1.", "(", ")", "\u{2028}", "\u{85}",
            ]),
            0..24,
        )
    ) {
        let markdown: String = pieces.concat();
        let in_force: BTreeSet<u32> = [7, 101, 102, 104].into_iter().collect();
        let text = RuleText::new();
        proptest::prop_assert_eq!(
            text.render(&markdown, &in_force),
            text.render_with(&markdown, &in_force, false),
            "{:?}", markdown
        );
    }
}
