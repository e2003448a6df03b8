//! `agora-flr`: Agora's Full Logical Ruleset as published (`flr.txt`).
//!
//! The page around the rules (header, table of contents, power
//! distribution) is kept as the skeleton it was filled from: the table of
//! contents, the power distribution and the rules become `{toc}`,
//! `{powers}` and `{ruleset}` again, so rendering the model fills them back
//! in and gives the same bytes.

use super::blocks::{self, Lines, DASHES, EQUALS};
use crate::model::{AgoraRuleset, Category, Format, Power, Rule, Ruleset};
use crate::parse::ParseError;
use std::fmt::Write as _;
use std::ops::Range;

/// Whether a text looks like a published FLR or SLR: a rule heading with a
/// power and the category frame before it.
pub(crate) fn looks_like(text: &str) -> bool {
    text.contains(&format!("\n{EQUALS}\n")) && text.contains(" (Power=")
}

/// Reads a published FLR.
pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    parse_published(text, Format::AgoraFlr)
}

/// The FLR and SLR reader; `format` says whether rules carry history.
pub(crate) fn parse_published(text: &str, format: Format) -> Result<Ruleset, ParseError> {
    let full = format == Format::AgoraFlr;
    let frame = format!("{EQUALS}\n");
    let start = text
        .match_indices(&frame)
        .map(|(at, _)| at)
        .find(|&at| at == 0 || text.as_bytes()[at - 1] == b'\n')
        .ok_or_else(|| {
            ParseError::new("no category: no line of 72 `=`", 0..0)
                .expected("a category frame opening the rules")
                .in_format(format)
        })?;
    let closing = format!("{DASHES}\n");
    let end = text
        .rfind(&closing)
        .map_or(text.len(), |at| at + closing.len());
    // The rules run from the first frame to the last line of dashes: a
    // frame after every line of dashes opens a category that never closes.
    if end <= start {
        return Err(ParseError::new(
            "a category frame after the last line of 72 `-`",
            start..start + frame.len() - 1,
        )
        .expected("a category's heading closed by 72 `-`, then its rules")
        .in_format(format));
    }
    let mut lines = Lines::new(text, start, end, format);
    let mut rules = Vec::new();
    let mut categories = Vec::new();
    let mut toc = String::new();
    while !lines.done() {
        let (name, note) = blocks::category(&mut lines)?;
        toc.push_str(&name);
        toc.push('\n');
        let mut numbers = Vec::new();
        while lines.peek().is_some_and(|line| line != EQUALS) {
            let mut rule = blocks::rule(&mut lines, full)?;
            if let Some(agora) = rule.agora.as_mut() {
                agora.category = Some(name.clone());
            }
            if !numbers.is_empty() {
                toc.push('\n');
            }
            toc_line(&rule, &mut toc);
            numbers.push(rule.number);
            rules.push(rule);
        }
        toc.push('\n');
        categories.push(Category {
            order: categories.len(),
            name,
            note,
            rules: numbers,
        });
    }
    let mut skeleton = String::new();
    let before = &text[..start];
    let after = &text[end..];
    let (before_slotted, slotted) = if full {
        slot_out(before, &toc, &powers_text(&rules))
    } else {
        (before.to_string(), Vec::new())
    };
    let around = slot_in(before, 0, &slotted).or_else(|| slot_in(after, end, &[]));
    if let Some((at, slot)) = around {
        return Err(ParseError::new(
            format!("`{slot}` in the page around the rules"),
            at..at + slot.len(),
        )
        .expected("text without the slots the page is filled from (the program fills them)")
        .in_format(format));
    }
    skeleton.push_str(&before_slotted);
    skeleton.push_str("{ruleset}");
    skeleton.push_str(after);
    let title = text.lines().next().unwrap_or_default().to_string();
    let agora = AgoraRuleset {
        categories,
        flr_format: full.then(|| skeleton.clone()),
        slr_format: (!full).then_some(skeleton),
        ..AgoraRuleset::default()
    };
    Ok(Ruleset {
        agora: Some(agora),
        ..Ruleset::new(title, rules)
    })
}

/// The slots the published page is filled from (`templates/agora.txt.j2`).
const SLOTS: [&str; 9] = [
    "{header}",
    "{num}",
    "{her}",
    "{hr}",
    "{hp}",
    "{line}",
    "{toc}",
    "{powers}",
    "{ruleset}",
];

/// The first slot name in `text` (which starts at `offset` of the page)
/// outside the `slotted` ranges (the table of contents and the power
/// distribution that became slots): the page around the rules is kept as
/// the skeleton it was filled from, where a slot name would be filled, not
/// written as it was read.
fn slot_in(text: &str, offset: usize, slotted: &[Range<usize>]) -> Option<(usize, &'static str)> {
    SLOTS
        .iter()
        .flat_map(|slot| text.match_indices(slot).map(|(at, _)| (at, *slot)))
        .filter(|(at, _)| !slotted.iter().any(|range| range.contains(at)))
        .min()
        .map(|(at, slot)| (offset + at, slot))
}

/// The page before the rules with the table of contents and the power
/// distribution turned back into their slots, each where it is what the
/// rules fill it with (`toc`, `powers`): one that says something else (a
/// table edited by hand, or out of date) stays text, so that the page is
/// written back as it was read.
fn slot_out(before: &str, toc: &str, powers: &str) -> (String, Vec<Range<usize>>) {
    let mut out = before.to_string();
    // Where each slot went, as ranges of `before`.
    let mut slotted: Vec<Range<usize>> = Vec::new();
    for (label, slot, keep_newline, filled) in [
        ("Table of Contents:\n\n", "{toc}", true, toc),
        ("Power Distribution:\n\n", "{powers}", false, powers),
    ] {
        let Some(at) = out.find(label) else { continue };
        let from = at + label.len();
        let Some(len) = out[from..].find("\n\n") else {
            continue;
        };
        let to = from + len + usize::from(keep_newline);
        if out[from..to] == *filled {
            out.replace_range(from..to, slot);
            // Back to `before`: past the table of contents' slot (the only
            // earlier one), by the text it stands for.
            let back = |at: usize| match slotted.first() {
                Some(toc) if toc.start < from => at + toc.len() - "{toc}".len(),
                _ => at,
            };
            slotted.push(back(from)..back(to));
        }
    }
    (out, slotted)
}

/// A rule's line in the table of contents, `   * Rule  101: The Game of
/// Agora`, as the page is filled (the `toc` macro of the Agora templates).
fn toc_line(rule: &Rule, toc: &mut String) {
    let title = rule.agora.as_ref().map_or("", |a| a.title.as_str());
    // Writing into a `String` does not fail.
    let _ = write!(toc, "   * Rule {:>4}: {title}", rule.number);
}

/// The power distribution of `rules`, `44 with Power=1` a line, as the page
/// is filled (the `powers` macro of the Agora templates).
fn powers_text(rules: &[Rule]) -> String {
    let counts = Power::distribution(rules.iter().filter_map(|r| r.agora.as_ref()?.power.clone()));
    let width = counts
        .iter()
        .map(|(_, count)| count.to_string().len())
        .max()
        .unwrap_or(0);
    let lines: Vec<String> = counts
        .iter()
        .map(|(power, count)| format!("{count:<width$} with Power={}", power.normalized()))
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::{parse, DASHES, EQUALS};
    use crate::model::{Format, Ruleset};
    use crate::render::{render, RenderOptions};

    /// A two-category FLR page with `toc` as its table of contents; the
    /// rules are `(number, title, text)`, the first two in `A`, the rest in
    /// `B`, all of power 1.
    fn page(toc: &str, rules: &[(u32, &str, &str)]) -> String {
        let mut text = format!(
            "THE FULL LOGICAL RULESET\n\nTable of Contents:\n\n{toc}\n\n{DASHES}\n\n\
             Power Distribution:\n\n{} with Power=1\n\n",
            rules.len()
        );
        for (i, (number, title, body)) in rules.iter().enumerate() {
            if i == 0 || i == 2 {
                let name = if i == 0 { "A" } else { "B" };
                text.push_str(&format!("{EQUALS}\n{name}\n   A note.\n{DASHES}\n"));
            }
            text.push_str(&format!(
                "Rule {number}/0 (Power=1)\n{title}\n\n      {body}\n\nHistory:\n\n\
                 Enacted by P{number} (Someone), 01 Jan 2020\n\nAnnotations:\n\n{DASHES}\n"
            ));
        }
        text
    }

    fn skeleton(ruleset: &Ruleset) -> &str {
        let agora = ruleset.agora.as_ref().unwrap();
        agora.flr_format.as_deref().unwrap()
    }

    fn renders_back(text: &str) -> Ruleset {
        let ruleset = parse(text).unwrap();
        let back = render(&ruleset, Format::AgoraFlr, &RenderOptions::default()).unwrap();
        assert_eq!(back, text);
        ruleset
    }

    const RULES: [(u32, &str, &str); 3] = [
        (1, "One", "The first."),
        (2, "Two", "The second."),
        (300, "Three", "The third."),
    ];
    const TOC: &str = "A\n   * Rule    1: One\n   * Rule    2: Two\nB\n   * Rule  300: Three";

    #[test]
    fn a_table_of_contents_the_rules_fill_becomes_slots() {
        let ruleset = renders_back(&page(TOC, &RULES));
        let skeleton = skeleton(&ruleset);
        assert!(
            skeleton.contains("Table of Contents:\n\n{toc}\n"),
            "{skeleton}"
        );
        assert!(
            skeleton.contains("Power Distribution:\n\n{powers}\n"),
            "{skeleton}"
        );
    }

    #[test]
    fn a_table_of_contents_that_says_otherwise_stays_text() {
        // Out of date: rule 300 is not listed, and the distribution counts
        // two rules where there are three.
        let stale = "A\n   * Rule    1: One\n   * Rule    2: Two";
        let text = page(stale, &RULES).replace("3 with Power=1", "2 with Power=1");
        let ruleset = renders_back(&text);
        let skeleton = skeleton(&ruleset);
        assert!(skeleton.contains(stale), "{skeleton}");
        assert!(skeleton.contains("2 with Power=1"), "{skeleton}");
    }

    #[test]
    fn two_rules_of_one_number_are_each_written_where_they_were_read() {
        let rules = [
            (1, "One", "The first."),
            (2, "Two", "The second."),
            (1, "One", "The first, changed."),
        ];
        let toc = "A\n   * Rule    1: One\n   * Rule    2: Two\nB\n   * Rule    1: One";
        let ruleset = renders_back(&page(toc, &rules));
        assert_eq!(ruleset.rules.len(), 3);
        assert!(skeleton(&ruleset).contains("{toc}"));
    }

    #[test]
    fn the_published_flr_fills_both_slots() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/agora/published/flr.txt"
        );
        let ruleset = renders_back(&std::fs::read_to_string(path).unwrap());
        let skeleton = skeleton(&ruleset);
        assert!(skeleton.contains("{toc}") && skeleton.contains("{powers}"));
        assert!(!skeleton.contains("   * Rule"), "{skeleton}");
    }

    #[test]
    fn a_category_heading_is_read_only_as_the_program_writes_it() {
        // Found by line-level mutations of the published SLR (`lossless`):
        // a heading without its note line read as the empty note, which is
        // written as three spaces; a note broken where the program would
        // not break it was written wrapped anew. Both are refused, at the
        // line after the name; an empty note (three spaces) and a long one
        // wrapped as the program wraps it read and write back.
        let rules = &RULES[..2];
        let good = page("A\n   * Rule    1: One\n   * Rule    2: Two", rules);
        renders_back(&good);
        let note = "word ".repeat(30);
        let note = note.trim_end();
        let mut wrapped = format!("   {note}");
        for at in crate::model::printed_breaks(note, 3, 3).into_iter().rev() {
            wrapped.replace_range(3 + at..=3 + at, "\n   ");
        }
        assert!(wrapped.contains('\n'), "{wrapped}");
        for fine in ["   ", wrapped.as_str()] {
            renders_back(&good.replace("   A note.\n", &format!("{fine}\n")));
        }
        let name_line = format!("{EQUALS}\nA\n");
        let after_name = good.find(&name_line).unwrap() + name_line.len();
        for bad in ["", "   A\n   note.\n"] {
            let text = good.replacen("   A note.\n", bad, 1);
            let err = parse(&text).unwrap_err();
            assert_eq!(err.span.start, after_name, "{bad:?}: {err}");
        }
    }

    #[test]
    fn a_category_frame_after_the_last_dashes_is_refused() {
        // Found by line-level mutations of the published SLR (`lossless`):
        // a page cut after a frame (`=`×72, a name, a note, no dashes) read
        // as a ruleset without categories, and was written with its title
        // as a category.
        let text = format!("Title\n\n{DASHES}\n{EQUALS}\nA\n   A note.\n");
        let err = parse(&text).unwrap_err();
        assert_eq!(err.span.start, text.find(EQUALS).unwrap(), "{err}");
        assert!(super::parse_published(&text, Format::AgoraSlr).is_err());
    }

    #[test]
    fn slot_names_are_text_in_rules_and_refused_around_them() {
        // Found by hand after the `lossless` fuzz runs: the page was filled
        // slot after slot, so a title `{powers}` listed in the table of
        // contents was filled with the power distribution, and `{toc}` in
        // the page around the rules with the table of contents.
        let rules = [(1, "{powers}", "{ruleset}"), (2, "{ruleset}", "{toc}")];
        let toc = "A\n   * Rule    1: {powers}\n   * Rule    2: {ruleset}";
        let ruleset = renders_back(&page(toc, &rules));
        assert_eq!(ruleset.rules[1].text, "{toc}");
        let text = page(toc, &rules).replacen("FULL", "FULL {toc}", 1);
        let err = parse(&text).unwrap_err();
        assert_eq!(
            err.span,
            text.find("{toc}").unwrap()..text.find("{toc}").unwrap() + 5
        );
        let after = format!("{}{{line}}\n", page(toc, &rules));
        let err = parse(&after).unwrap_err();
        assert_eq!(err.span.start, after.rfind("{line}").unwrap(), "{err}");
    }
}
