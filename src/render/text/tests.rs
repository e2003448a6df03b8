use super::*;

#[test]
fn emphasis_is_written_as_it_is_written() {
    // Text forms keep emphasis as the rulesets' own text files write it.
    assert_eq!(
        markdown_to_text("Players may not (*i.e.* alter) the **record** or ~~that~~."),
        "Players may not (*i.e.* alter) the **record** or ~~that~~."
    );
}

#[test]
fn html_tags_and_entities_become_their_text() {
    let md = "profanity<sup>[1]</sup> here:  \nhttps<span>://</span>github.com/x\n\n\
              &nbsp;&nbsp;Cost: 20 Food<br/>Mobile";
    assert_eq!(
        markdown_to_text(md),
        "profanity[1] here:\nhttps://github.com/x\n\n\u{a0}\u{a0}Cost: 20 Food\nMobile"
    );
}

#[test]
fn links_show_their_url_and_images_a_bracketed_note() {
    assert_eq!(
        markdown_to_text("See [the list](https://x.org/l) and <https://y.org>."),
        "See the list (https://x.org/l) and https://y.org."
    );
    assert_eq!(
        markdown_to_text("![319 graph](images/319.png)"),
        "[image: 319 graph (images/319.png)]"
    );
    assert_eq!(markdown_to_text("![](a.png)"), "[image: a.png]");
}

#[test]
fn list_items_become_blocks_with_their_markers() {
    let md = "Criteria:\n* first\n* second\n  * nested\n\n1) one  \n2) two";
    assert_eq!(
        blocks(md),
        vec![
            Block::Paragraph("Criteria:".into()),
            Block::Item {
                marker: "*".into(),
                depth: 0,
                text: "first".into()
            },
            Block::Item {
                marker: "*".into(),
                depth: 0,
                text: "second".into()
            },
            Block::Item {
                marker: "*".into(),
                depth: 1,
                text: "nested".into()
            },
            Block::Item {
                marker: "1)".into(),
                depth: 0,
                text: "one".into()
            },
            Block::Item {
                marker: "2)".into(),
                depth: 0,
                text: "two".into()
            },
        ]
    );
    assert_eq!(markdown_to_text("* a\n* b"), "* a\n\n* b");
}

#[test]
fn headings_become_paragraphs() {
    assert_eq!(
        markdown_to_text("#### Pagan Trans-Humanists\n\nEnd-Goal: win."),
        "Pagan Trans-Humanists\n\nEnd-Goal: win."
    );
}

#[test]
fn wrapping_fills_70_columns_with_a_six_space_indent() {
    let md = "All players must always abide by all the rules then in effect, in the form in \
              which they are then in effect. The rules in the Initial Set are in effect whenever \
              a game begins. The Initial Set consists of Rules 101-117 (immutable) and 201-219 \
              (mutable).";
    // As published in nomic-4-long-early.txt.
    assert_eq!(
        wrap_markdown(md, WIDTH, INDENT),
        "      All players must always abide by all the rules then in effect,\n\
         \x20     in the form in which they are then in effect. The rules in the\n\
         \x20     Initial Set are in effect whenever a game begins. The Initial\n\
         \x20     Set consists of Rules 101-117 (immutable) and 201-219 (mutable)."
    );
}

#[test]
fn list_items_wrap_with_a_hanging_indent() {
    let md = "* It is not the active player’s turn, a proposal has been put forward during the \
              turn, and said player has not voted on said proposal by the end of the turn";
    assert_eq!(
        wrap_markdown(md, WIDTH, INDENT),
        "      * It is not the active player’s turn, a proposal has been put\n\
         \x20       forward during the turn, and said player has not voted on said\n\
         \x20       proposal by the end of the turn"
    );
}

#[test]
fn width_counts_columns_not_bytes() {
    let wrapped = wrap_line(&"ééééé ".repeat(20), 20, "", "");
    assert!(wrapped.lines().all(|line| line.chars().count() <= 20));
    assert_eq!(wrapped.lines().next(), Some("ééééé ééééé ééééé"));
    // Wide characters take two columns each.
    assert_eq!(wrap_line("日本 日本 日本", 10, "", ""), "日本 日本\n日本");
}

#[test]
fn long_words_stand_alone_and_hard_breaks_are_kept() {
    let url = "https://github.com/RobertJGabriel/Google-profanity-words/blob/master/list.txt";
    assert_eq!(
        wrap_markdown(&format!("found here:  \n{url}"), WIDTH, INDENT),
        format!("      found here:\n      {url}")
    );
}

#[test]
fn code_blocks_and_tables_are_kept_verbatim_and_not_wrapped() {
    let long = "x ".repeat(50);
    let md = format!(
        "Intro.\n\n```\n{long}\n  indented *not emphasis*\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |"
    );
    // Code keeps its text and loses its fences, indented 4 columns as
    // preformatted; a table is its source.
    assert_eq!(
        markdown_to_text(&md),
        format!("Intro.\n\n    {long}\n      indented *not emphasis*\n\n| a | b |\n|---|---|\n| 1 | 2 |")
    );
    let wrapped = wrap_markdown(&md, WIDTH, INDENT);
    assert!(wrapped.contains(&format!("      {long}")), "{wrapped}");
    assert!(wrapped.contains("      | 1 | 2 |"));
}

#[test]
fn export_uses_bullets_on_consecutive_lines() {
    assert_eq!(
        markdown_to_export("The classes are:\n\n* DOG\n* Cowboy\n\nAfter."),
        "The classes are:\n\n  • DOG\n  • Cowboy\n\nAfter."
    );
}

#[test]
fn source_line_breaks_are_spaces_and_reflow_when_wrapped() {
    // A new line in Markdown source is a space (a soft break); written as a
    // new line, the unwrapped forms would read it back as a line break.
    let md = "The tiers are:\nBronze26\nIron48";
    assert_eq!(markdown_to_text(md), "The tiers are: Bronze26 Iron48");
    assert_eq!(markdown_to_export(md), "The tiers are: Bronze26 Iron48");
    assert_eq!(
        wrap_markdown(md, WIDTH, INDENT),
        "      The tiers are: Bronze26 Iron48"
    );
}

#[test]
fn unwrapped_list_items_line_up_their_further_lines() {
    let md = "* City: earn gold.\nYou can also buy items:  \nDynamite";
    assert_eq!(
        markdown_to_text(md),
        "* City: earn gold. You can also buy items:\n  Dynamite"
    );
    assert_eq!(
        markdown_to_export(md),
        "  • City: earn gold. You can also buy items:\n    Dynamite"
    );
}

mod properties {
    use super::super::*;
    use proptest::prelude::*;
    use unicode_width::UnicodeWidthStr;

    proptest! {
        /// Wrapping keeps every word, in order, and only a word wider than
        /// the line makes a line too long (a list marker after it stays
        /// there, rather than start a line).
        #[test]
        fn wrap_line_keeps_words_and_width(words in proptest::collection::vec("[a-zé日-]{1,12}", 0..60), width in 20usize..80) {
            let line = words.join(" ");
            let wrapped = wrap_line(&line, width, "      ", "      ");
            let back: Vec<&str> = wrapped.split_whitespace().collect();
            prop_assert_eq!(back, words.iter().map(String::as_str).collect::<Vec<_>>());
            for out in wrapped.lines() {
                let words: Vec<&str> = out.split_whitespace().collect();
                let lone = match words.as_slice() {
                    [_] => true,
                    [_, marker] => crate::model::opens_list_item(marker),
                    _ => false,
                };
                prop_assert!(out.width() <= width || lone, "{out:?}");
            }
        }

        /// No input makes the text conversions panic.
        #[test]
        fn any_markdown_converts(md in "(\\PC|[\\n*_`<>#|\\[\\]()!-]){0,200}") {
            let _ = markdown_to_text(&md);
            let _ = markdown_to_export(&md);
            let _ = wrap_markdown(&md, WIDTH, INDENT);
        }
    }
}

#[test]
fn nested_items_line_up_with_the_text_of_their_parent_item() {
    let md = "1. one\n2. two\n   * nested\n     * deeper\n\n* a\n  * b";
    let wrapped = wrap_markdown(md, WIDTH, INDENT);
    assert_eq!(
        wrapped,
        "      1. one\n\n      2. two\n\n         * nested\n\n           * deeper\n\n      * a\n\n        * b"
    );
    assert!(markdown_to_text(md).contains("\n\n   * nested\n\n     * deeper"));
}

#[test]
fn output_stays_proportional_to_deeply_nested_input() {
    // `* * * … x`: a list nested once per two bytes of input. Indentation
    // is bounded, so output grows linearly with the input, not with the
    // square of the depth.
    let measure = |depth: usize| {
        let md = format!("{}x", "* ".repeat(depth));
        let sizes = [
            wrap_markdown(&md, WIDTH, INDENT).len(),
            markdown_to_text(&md).len(),
            markdown_to_export(&md).len(),
        ];
        (md.len(), sizes)
    };
    let (small_in, small_out) = measure(5_000);
    let (large_in, large_out) = measure(50_000);
    for (small, large) in small_out.iter().zip(large_out) {
        assert!(large <= 64 * large_in, "{large} bytes from {large_in}");
        // Ten times the input, about ten times the output.
        assert!(large <= 12 * small, "{small} → {large}");
    }
    assert!(small_in * 10 <= large_in + 10);
}

#[test]
fn a_body_line_that_would_read_as_a_rule_heading_stands_one_column_in() {
    // Found by the `canonical` fuzz target: a txt-plain body line
    // `Rule 207` (under a line it could not be a heading after) became a
    // paragraph of its own, which after its blank line read as a heading.
    let md = "Before.\n\nRule 207\n\nRule 113 (Immutable)\n\nRule 99999999999\n\nRule 206 says so.";
    let expected =
        "Before.\n\n Rule 207\n\n Rule 113 (Immutable)\n\n Rule 99999999999\n\nRule 206 says so.";
    assert_eq!(markdown_to_export(md), expected);
    assert_eq!(markdown_to_text(md), expected);
}

#[test]
fn a_line_after_a_break_that_would_open_a_list_stands_one_column_in() {
    // Found by the `fmt` fuzz target: `met:  \n1\. The player` was written
    // `met:\n1. The player`, which reads back as a list item.
    let md = "met:  \n1\\. The player  \n2. The judge  \n1\\) also";
    assert_eq!(
        markdown_to_export(md),
        "met:\n 1. The player\n2. The judge\n 1) also"
    );
    assert_eq!(
        wrap_markdown(md, WIDTH, INDENT),
        "      met:\n       1. The player\n      2. The judge\n       1) also"
    );
}

#[test]
fn numbered_items_keep_the_numbers_they_are_written_with() {
    // Found by the `fmt` fuzz target: Markdown counts `8.` `5.` `6.` as
    // 8, 9, 10, and the text forms wrote that: `fmt` changed the rule.
    let md = "8. amend\n5. retitle\n6. change\n\n1) a\n1) b";
    assert_eq!(
        markdown_to_export(md),
        "  8. amend\n  5. retitle\n  6. change\n  1) a\n  1) b"
    );
}

#[test]
fn a_list_marker_after_a_word_wider_than_the_line_stays_on_its_line() {
    // Found by the `canonical` fuzz target (txt-short): `1.` after a word
    // wider than the line started a line, and read back as a list item.
    let wide = "x".repeat(80);
    assert_eq!(
        wrap_line(&format!("{wide} 1. is labelled"), WIDTH, "      ", "      "),
        format!("      {wide} 1.\n      is labelled")
    );
}

#[test]
fn a_lone_backslash_never_ends_a_wrapped_line() {
    // A line ending in ` \` reads as the break mark: a backslash word
    // moves down with the next word, or the mark follows it.
    let words = format!("{} \\ value", "x".repeat(61));
    assert_eq!(
        wrap_line(&words, WIDTH, "      ", "      "),
        format!("      {}\n      \\ value", "x".repeat(61))
    );
    assert_eq!(
        wrap_markdown("a \\  \nb", WIDTH, INDENT),
        "      a \\ \\\n      b"
    );
}

#[test]
fn a_marker_moved_down_never_starts_a_line_behind_another() {
    // Found by the `fmt` fuzz target (txt-short): `1)` did not fit, `-`
    // moved down with it and started the line `- 1)`, a list item.
    let text = "t +1h alice proposes amend 213 \"The winner is the first \
                playhieve 50 (positive) points.\" expect turn 1 203/1: 3 > (5 - 1)";
    let wrapped = wrap_line(text, WIDTH, "      ", "      ");
    assert_eq!(
        wrapped,
        "      t +1h alice proposes amend 213 \"The winner is the first\n      \
         playhieve 50 (positive) points.\" expect turn 1 203/1: 3 >\n      (5 - 1)"
    );
}

#[test]
fn a_part_whose_wrapping_would_not_read_back_stays_on_one_line() {
    // Found by the `fmt` fuzz target (txt-short): a word opening with tabs
    // wrapped to the start of a line, where the reader trims them.
    let tabbed = "\t".repeat(20);
    let wide = "x".repeat(61);
    let md = format!("* {wide} {tabbed}n\t\tI more");
    assert_eq!(
        wrap_markdown(&md, WIDTH, INDENT),
        format!("      * {wide} {tabbed}n\t\tI more")
    );
    // A word ending in tabs at a line's end: whatever the width of the
    // words before it, it never ends a written line.
    let mut at_an_end = 0;
    for n in 40..70 {
        let text = format!("{} a\t\t\t w w", "x".repeat(n));
        let raw = wrap_line(&text, WIDTH, "      * ", "        ");
        let written = wrap_markdown(&format!("* {text}"), WIDTH, INDENT);
        if raw.lines().any(|line| line.ends_with('\t')) {
            at_an_end += 1;
            assert_eq!(written, format!("      * {text}"));
        } else {
            assert_eq!(written, raw);
        }
    }
    assert!(at_an_end > 0);
    // Wrapping that reads back stays: no tabs at a line's edge.
    let md = format!("* a{tabbed}b {}", "w ".repeat(40).trim_end());
    assert_eq!(wrap_markdown(&md, WIDTH, INDENT).lines().count(), 2);
}

mod plainly_one_part {
    use super::super::plainly_one_part;
    use proptest::prelude::*;

    /// Words from the characters that the reader's test turns on.
    fn word() -> impl Strategy<Value = String> {
        proptest::string::string_regex(r"[a-z0-9*+\-|\\.)\t•─]{1,9}|[a-z]{1,12}").unwrap()
    }

    proptest! {
        /// Where the cheap test says a wrapped part reads back, the
        /// reader's own test agrees: the cheap test only saves work.
        #[test]
        fn implies_the_readers_test(
            texts in proptest::collection::vec(
                proptest::collection::vec(word(), 1..12).prop_map(|w| w.join(" ")),
                1..6,
            ),
            start in 0usize..12,
            rest in 0usize..12,
            in_item in any::<bool>(),
        ) {
            let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
            let lines: Vec<String> = texts
                .iter()
                .enumerate()
                .map(|(k, text)| format!("{}{text}", " ".repeat(if k == 0 { start } else { rest })))
                .collect();
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            if plainly_one_part(&texts, start, rest) {
                prop_assert!(crate::parse::reads_as_one_part(&lines, &texts, in_item));
            }
        }
    }

    #[test]
    fn ordinary_wrapped_lines_pass_and_doubtful_ones_do_not() {
        let wrapped = ["The quick brown fox", "running"];
        // The second line's word would have fitted: a line break.
        assert!(!plainly_one_part(&wrapped, 6, 6));
        let full = [
            "The quick brown fox jumps over the lazy dog and keeps on going",
            "running far away",
        ];
        assert!(plainly_one_part(&full, 6, 6));
        for doubtful in ["- running far", "7. running", "a\tb", "|x|", "a   b"] {
            let part = [full[0], doubtful];
            assert!(!plainly_one_part(&part, 6, 6), "{doubtful}");
        }
    }
}
