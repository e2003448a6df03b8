//! Agora's one-rule pages: `full_rules/RNNN.txt` (`agora-rule`, the FLR's
//! rule block) and `short_rules/RNNN.txt` (`agora-short-rule`, the SLR's).
//! A page is the rule's block without the dashes that close it.

use super::blocks::{self, Lines, DASHES};
use crate::model::{Format, Ruleset};
use crate::parse::ParseError;

/// Whether a text starts like an Agora rule page (`Rule 101/17 (Power=4)`).
pub(crate) fn looks_like(text: &str) -> bool {
    text.lines()
        .next()
        .is_some_and(|line| line.contains(" (Power=") && blocks::heading_parts(line).is_some())
}

/// Whether a page carries history (a full page).
pub(crate) fn is_full(text: &str) -> bool {
    text.contains("\nHistory:\n")
}

/// Reads a page of either kind.
pub(crate) fn parse(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    let closed = format!("{text}\n{DASHES}\n");
    let full = format == Format::AgoraRule;
    let mut lines = Lines::new(&closed, 0, closed.len(), format);
    let rule = blocks::rule(&mut lines, full)?;
    if !lines.done() {
        return Err(lines.error("more text after the rule", "the end of the page"));
    }
    Ok(Ruleset::new(String::new(), vec![rule]))
}

#[cfg(test)]
mod tests {
    use crate::model::Format;
    use crate::render::{render, RenderOptions};

    /// A full page whose history line and annotation break before Agora's
    /// program would (found by the `lossless` fuzz target).
    const PAGE: &str = "Rule 911/1 (Power=1.7)\nMotions\n\n      Text.\n\nHistory:\n\nPower changed from 1 to 1.7 by P5086 'judicial reform' (Zefram),\n   2008\nAmended(1) by P8221 'Usage de-capitalization' (Janet, Aris), 05 Sep\n   2019\n\nAnnotations:\nCFJ 1597 (called 22 Dec 2006): It is possible to appeal a\n    judgement.\n";

    #[test]
    fn history_and_annotations_keep_the_line_breaks_they_were_read_with() {
        let ruleset = super::parse(PAGE, Format::AgoraRule).unwrap();
        let kept = render(&ruleset, Format::AgoraRule, &RenderOptions::default()).unwrap();
        assert_eq!(kept, PAGE);
        // The breaks are layout: the canonical form wraps as the program
        // does, and the meaning has none of them.
        let canonical = RenderOptions {
            canonical: true,
            templates: None,
        };
        let written = render(&ruleset, Format::AgoraRule, &canonical).unwrap();
        assert!(written.contains("(Zefram), 2008\n"), "{written}");
        assert!(written.contains("appeal a judgement.\n"), "{written}");
        let again = super::parse(&written, Format::AgoraRule).unwrap();
        assert_eq!(again.without_layout(), ruleset.without_layout());
    }

    #[test]
    fn a_heading_number_with_a_leading_zero_is_not_a_heading() {
        // Found by the `lossless` fuzz target: `275/00` read as revision 0
        // and was written `275/0`.
        let page = "Rule 275/00 (Power=1.0)\nCrop Seasons\n\n      Text.\n";
        assert!(super::parse(page, Format::AgoraShortRule).is_err());
        assert!(!super::looks_like(page));
        let page = page.replace("/00", "/0");
        let ruleset = super::parse(&page, Format::AgoraShortRule).unwrap();
        let written = render(&ruleset, Format::AgoraShortRule, &RenderOptions::default()).unwrap();
        assert_eq!(written, page);
    }

    #[test]
    fn a_history_entry_starts_at_the_margin() {
        // Found by the `fmt` fuzz target: a line of two spaces was read as
        // an entry, joined with the indented lines after it; written, the
        // entry began with five spaces and read back as part of the entry
        // before it. An entry that starts with a space is refused, where it
        // starts; continuation lines still join their entry.
        let page = |history: &str| {
            format!("Rule 1/1 (Power=1)\nT\n\n      A.\n\nHistory:\n\n{history}\n\nAnnotations:\n")
        };
        let first = "Enacted by P1 'First' (a,\n   b), 01 Jan 2020";
        for stray in ["  ", " Amended(1), 02 Jan 2020"] {
            let text = page(&format!("{first}\n{stray}\n     * more"));
            let err = super::parse(&text, Format::AgoraRule).unwrap_err();
            let line_start = text.find(&format!("\n{stray}\n     *")).unwrap() + 1;
            assert_eq!(err.span.start, line_start, "{stray:?}: {err}");
        }
        let err = super::parse(&page("   Enacted by P1, 01 Jan 2020"), Format::AgoraRule);
        assert!(err.is_err());
        let text = page(&format!(
            "{first}\nAmended(1) by P2 'Second' (a),\n   02 Jan 2020"
        ));
        let ruleset = super::parse(&text, Format::AgoraRule).unwrap();
        assert_eq!(ruleset.rules[0].history.len(), 2);
        let written = render(&ruleset, Format::AgoraRule, &RenderOptions::default()).unwrap();
        assert_eq!(written, text);
    }

    #[test]
    fn a_rule_has_a_text_line_if_only_the_indent() {
        // Found by hand after the `lossless` fuzz runs: a page with no text
        // line read as the empty text, which the program writes as a line
        // of six spaces. Without the line the page is refused, at the blank
        // line where the text should be; with it, it reads and writes back.
        let full = "Rule 1/0 (Power=1)\nT\n\n{text}\nHistory:\n\nEnacted by P1, 01 Jan 2020\n\nAnnotations:\n";
        for (page, format) in [
            (full.replace("{text}", "\n"), Format::AgoraRule),
            (
                "Rule 1/0 (Power=1)\nT\n\n".to_string(),
                Format::AgoraShortRule,
            ),
        ] {
            let err = super::parse(&page, format).unwrap_err();
            assert_eq!(err.span.start, "Rule 1/0 (Power=1)\nT\n\n".len(), "{err}");
        }
        for (page, format) in [
            (full.replace("{text}", "      \n"), Format::AgoraRule),
            (
                "Rule 1/0 (Power=1)\nT\n\n      \n".to_string(),
                Format::AgoraShortRule,
            ),
        ] {
            let ruleset = super::parse(&page, format).unwrap();
            assert_eq!(ruleset.rules[0].text, "");
            let written = render(&ruleset, format, &RenderOptions::default()).unwrap();
            assert_eq!(written, page);
        }
    }

    #[test]
    fn blank_text_lines_and_annotations_read_only_as_the_program_writes_them() {
        // Found by the `lossless` fuzz target: a blank text line shorter
        // than the indent was read and written as the indent, and
        // `CFJ 1112:finding` was written `CFJ 1112: finding`.
        let page = |text: &str, annotation: &str| {
            format!("Rule 1/0 (Power=1)\nT\n\n      A.\n{text}\n      B.\n\nHistory:\n\nEnacted by P1, 01 Jan 2020\n\nAnnotations:\n{annotation}\n")
        };
        assert!(super::parse(&page("    ", "CFJ 1: x"), Format::AgoraRule).is_err());
        assert!(super::parse(&page("      ", "CFJ 1:x"), Format::AgoraRule).is_err());
        for blank in ["      ", "          "] {
            let text = page(blank, "CFJ 1: x");
            let ruleset = super::parse(&text, Format::AgoraRule).unwrap();
            let written = render(&ruleset, Format::AgoraRule, &RenderOptions::default()).unwrap();
            assert_eq!(written, text);
        }
    }
}
