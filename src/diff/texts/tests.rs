//! [`diff_texts`] against the whole read: generated rulesets with random
//! edits of their text, and every bundled Markdown ruleset against edited
//! copies and against the others of its format.

use super::reread::{diff_reread_within, Outline, Outlined};
use super::{diff_texts_within, differing, keep_one_where_none_would_be, Rules};
use crate::diff::{diff, DiffOptions, RulesetDiff};
use crate::model::{synthetic_ruleset, Format};
use crate::parse::{read_owned, rule_starts, ReadDepth, ReadOptions};
use crate::render::{render, RenderOptions};
use proptest::prelude::*;

/// The diff of the two whole reads, as `nomic diff` made it before the
/// shortcut, and whether both sides have rules; `None` when a side does not
/// read.
fn whole(old: &str, new: &str, format: Format, layout: bool) -> Option<(RulesetDiff, bool)> {
    let read = |text: &str| {
        let options = ReadOptions {
            from: Some(format),
            ..ReadOptions::default()
        };
        read_owned(text.as_bytes().to_vec(), &options, None, ReadDepth::Layout).ok()
    };
    let (old, new) = (read(old)?, read(new)?);
    let options = DiffOptions {
        old_format: Some(format),
        new_format: Some(format),
        layout,
        ..DiffOptions::default()
    };
    let ruled = !old.ruleset.rules.is_empty() && !new.ruleset.rules.is_empty();
    Some((diff(&old.ruleset, &new.ruleset, &options), ruled))
}

/// The shortcut, reading however much differs, gives the whole read's diff
/// (with and without `--layout`) wherever it applies, and applies wherever
/// both sides read and have rules.
fn same_as_whole(old: &str, new: &str, format: Format) {
    for layout in [false, true] {
        let options = DiffOptions {
            layout,
            ..DiffOptions::default()
        };
        let fast = diff_texts_within(old, new, format, &options, |_| usize::MAX);
        for outlined in [Outlined::Old, Outlined::New] {
            assert_eq!(
                reread(old, new, outlined, format, &options, |_| usize::MAX),
                fast,
                "{outlined:?} read again\n{old}\n---\n{new}"
            );
        }
        let whole = whole(old, new, format, layout);
        assert!(
            fast.is_some() || whole.as_ref().is_none_or(|(_, ruled)| !ruled),
            "the shortcut did not apply to\n{old}\n---\n{new}"
        );
        if let Some(fast) = fast {
            assert_eq!(
                Some(fast),
                whole.map(|(diff, _)| diff),
                "{format}\n{old}\n---\n{new}"
            );
        }
    }
}

/// [`diff_reread_within`] with one side's text outlined and then read
/// again: `None` also where the outline does not apply.
fn reread(
    old: &str,
    new: &str,
    outlined: Outlined,
    format: Format,
    options: &DiffOptions,
    limit: fn(usize) -> usize,
) -> Option<RulesetDiff> {
    let (own, other) = match outlined {
        Outlined::Old => (old, new),
        Outlined::New => (new, old),
    };
    let outline = Outline::of(own, format)?;
    diff_reread_within(
        &outline,
        outlined,
        own.as_bytes(),
        other,
        format,
        options,
        limit,
    )
}

/// The old side read again, at every limit the proptest's sides meet: a
/// side just within it and just over it.
fn same_reread_at_limits(old: &str, new: &str, format: Format) {
    let options = DiffOptions::default();
    for limit in [
        (|len| len / 2) as fn(usize) -> usize,
        |len| len / 4,
        |len| len / 10,
        |len| len * 9 / 10,
        |_| 0,
    ] {
        let fast = diff_texts_within(old, new, format, &options, limit);
        for outlined in [Outlined::Old, Outlined::New] {
            assert_eq!(
                reread(old, new, outlined, format, &options, limit),
                fast,
                "{format} {outlined:?}\n{old}\n---\n{new}"
            );
        }
    }
}

/// An edit of one rule's bytes (a chunk from its heading to the next).
#[derive(Debug, Clone, Copy)]
enum Edit {
    Keep,
    /// A sentence added to its text.
    Amend,
    /// Trailing spaces after its heading: a layout change alone.
    Layout,
    /// A blank line more after it: a layout change alone.
    Spacing,
    /// The paragraph re-wrapped: a line break more inside it.
    Rewrap,
    /// Under a new number.
    Move,
    Remove,
    /// A copy right after it: the number twice.
    Duplicate,
    /// A new rule after it.
    Enact,
    /// A code block holding a heading-shaped line.
    Fence,
    /// Its revision in the heading changed.
    Revise,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        8 => Just(Edit::Keep),
        1 => Just(Edit::Amend),
        1 => Just(Edit::Layout),
        1 => Just(Edit::Spacing),
        1 => Just(Edit::Rewrap),
        1 => Just(Edit::Move),
        1 => Just(Edit::Remove),
        1 => Just(Edit::Duplicate),
        1 => Just(Edit::Enact),
        1 => Just(Edit::Fence),
        1 => Just(Edit::Revise),
    ]
}

/// Edits of the whole text.
#[derive(Debug, Clone, Copy)]
struct Whole {
    title: bool,
    crlf_old: bool,
    crlf_new: bool,
    /// The new side's last line ending taken away.
    no_final_newline: bool,
    /// An unterminated code fence (swallowing later headings) in the new
    /// side's last rule.
    open_fence: bool,
}

fn whole_edits() -> impl Strategy<Value = Whole> {
    (
        prop::bool::weighted(0.2),
        prop::bool::weighted(0.1),
        prop::bool::weighted(0.1),
        prop::bool::weighted(0.2),
        prop::bool::weighted(0.2),
    )
        .prop_map(
            |(title, crlf_old, crlf_new, no_final_newline, open_fence)| Whole {
                title,
                crlf_old,
                crlf_new,
                no_final_newline,
                open_fence,
            },
        )
}

/// `text` cut at its rule headings: the header and each rule's bytes.
fn cut(text: &str, format: Format) -> (String, Vec<String>) {
    let starts = rule_starts(text, format).expect("a rendered ruleset has rule headings");
    let ends = starts
        .iter()
        .skip(1)
        .map(|(start, _)| *start)
        .chain([text.len()]);
    let rules = starts
        .iter()
        .zip(ends)
        .map(|((start, _), end)| text[*start..end].to_string())
        .collect();
    (text[..starts[0].0].to_string(), rules)
}

/// The rule's heading line and the rest of its bytes.
fn heading_and_rest(rule: &str) -> (&str, &str) {
    rule.split_at(rule.find('\n').map_or(rule.len(), |i| i + 1))
}

/// The rule with the number in its heading replaced by `number`.
fn renumbered(rule: &str, number: u32) -> String {
    let digits = rule[3..].find(|c: char| !c.is_ascii_digit()).unwrap_or(0) + 3;
    format!("## {number}{}", &rule[digits..])
}

fn edited(header: &str, rules: &[String], edits: &[Edit], whole: Whole) -> String {
    let mut next = 9000;
    let mut out = if whole.title {
        header.replacen("# ", "# Amended ", 1)
    } else {
        header.to_string()
    };
    for (rule, edit) in rules.iter().zip(edits) {
        let (head, rest) = heading_and_rest(rule);
        match edit {
            Edit::Keep => out.push_str(rule),
            Edit::Amend => out.push_str(&rule.replacen('.', ". Zq clause applies.", 1)),
            Edit::Layout => out.push_str(&format!("{}  \n{rest}", head.trim_end())),
            Edit::Spacing => out.push_str(&format!("{rule}\n")),
            Edit::Rewrap => out.push_str(&format!("{head}{}", rest.replacen(' ', "\n", 1))),
            Edit::Move => {
                out.push_str(&renumbered(rule, next));
                next += 1;
            }
            Edit::Remove => {}
            Edit::Duplicate => {
                out.push_str(rule);
                out.push_str(rule);
            }
            Edit::Enact => {
                out.push_str(rule);
                out.push_str(&format!("## {next}/0\n\nA new rule numbered {next}.\n\n"));
                next += 1;
            }
            Edit::Fence => out.push_str(&format!(
                "{head}\n```\n## 4242\n##### *History*\n```\n{rest}"
            )),
            Edit::Revise => out.push_str(&format!(
                "{}\n{rest}",
                head.replacen('/', "/1", 1).trim_end()
            )),
        }
    }
    if whole.open_fence {
        out.push_str("\n```\n## 4343\n\nswallowed\n");
    }
    if whole.no_final_newline {
        while out.ends_with('\n') {
            out.pop();
        }
    }
    if whole.crlf_new {
        out = out.replace('\n', "\r\n");
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random edits of a rendered ruleset's text: the shortcut's diff is
    /// the whole read's.
    #[test]
    fn the_diff_of_the_changed_rules_is_the_diff_of_the_whole_files(
        edits in prop::collection::vec(edit(), 1..24),
        whole in whole_edits(),
        seed in 0u64..1000,
        long in any::<bool>(),
    ) {
        let format = if long { Format::MdLong } else { Format::MdShort };
        let base = synthetic_ruleset(edits.len(), seed);
        let options = RenderOptions { canonical: true, templates: None };
        let old = render(&base, format, &options).unwrap();
        let (header, rules) = cut(&old, format);
        let new = edited(&header, &rules, &edits, whole);
        let old = if whole.crlf_old { old.replace('\n', "\r\n") } else { old };
        same_as_whole(&old, &new, format);
        same_as_whole(&new, &old, format);
        same_reread_at_limits(&old, &new, format);
        same_reread_at_limits(&new, &old, format);
    }
}

/// Every bundled Markdown ruleset against itself edited (a rule amended,
/// the last one moved, one re-spaced) and against every other of its format.
#[test]
fn bundled_rulesets_diff_as_they_do_read_whole() {
    let mut files = Vec::new();
    for path in crate::test_files::repository_files() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(format) = crate::parse::detect(&text) else {
            continue;
        };
        if matches!(format, Format::MdLong | Format::MdShort)
            && rule_starts(&text, format).is_some()
        {
            files.push((text, format));
        }
    }
    assert!(
        files.len() >= 3,
        "bundled Markdown rulesets: {}",
        files.len()
    );
    for (text, format) in &files {
        let (header, rules) = cut(text, *format);
        let mut edits = vec![Edit::Keep; rules.len()];
        edits[0] = Edit::Amend;
        edits[rules.len() / 2] = Edit::Spacing;
        edits[rules.len() - 1] = Edit::Move;
        let plain = Whole {
            title: false,
            crlf_old: false,
            crlf_new: false,
            no_final_newline: false,
            open_fence: false,
        };
        same_as_whole(text, &edited(&header, &rules, &edits, plain), *format);
        same_as_whole(text, text, *format);
        for (other, other_format) in &files {
            if other_format == format {
                same_as_whole(text, other, *format);
            }
        }
    }
}

/// Only the shortcut's own limit sends a pair to the whole read: more than
/// half of a side differing.
#[test]
fn a_pair_mostly_changed_is_left_to_the_whole_read() {
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    let old = render(&synthetic_ruleset(40, 7), Format::MdLong, &options).unwrap();
    let new = render(&synthetic_ruleset(40, 8), Format::MdLong, &options).unwrap();
    let options = DiffOptions::default();
    assert!(super::diff_texts(&old, &new, Format::MdLong, &options).is_none());
    assert!(super::diff_texts(&old, &old, Format::MdLong, &options).is_some());
    assert!(super::diff_texts(&old, &old, Format::TxtLong, &options).is_none());
    let outline = Outline::of(&old, Format::MdLong).unwrap();
    let read_again = |again: &[u8], new: &str| {
        super::diff_reread(
            &outline,
            Outlined::Old,
            again,
            new,
            Format::MdLong,
            &options,
        )
    };
    assert!(read_again(old.as_bytes(), &new).is_none());
    assert!(read_again(old.as_bytes(), &old).is_some());
    assert!(Outline::of(&old, Format::TxtLong).is_none());
    // Read again, the old side must give the bytes outlined and no more.
    let longer = format!("{old}\n");
    assert!(read_again(longer.as_bytes(), &old).is_none());
    assert!(read_again(&old.as_bytes()[..old.len() - 1], &old).is_none());
}

/// `differing` as it was, with maps of each number's occurrences: the
/// merge of sorted lists that replaced it is held to it.
fn differing_by_maps(old: &Rules<'_>, new: &Rules<'_>) -> (Vec<bool>, Vec<bool>) {
    use std::collections::HashMap;
    let mut by_number: HashMap<(u32, u32), usize> = HashMap::new();
    let mut seen: HashMap<u32, u32> = HashMap::new();
    for index in 0..old.len() {
        let number = old.number(index);
        let occurrence = seen.entry(number).or_default();
        by_number.insert((number, *occurrence), index);
        *occurrence += 1;
    }
    seen.clear();
    let mut old_kept = vec![true; old.len()];
    let mut new_kept = vec![true; new.len()];
    let mut first_alike = None;
    for (index, kept) in new_kept.iter_mut().enumerate() {
        let number = new.number(index);
        let occurrence = seen.entry(number).or_default();
        if let Some(&partner) = by_number.get(&(number, *occurrence)) {
            if old.bytes(partner) == new.bytes(index) {
                old_kept[partner] = false;
                *kept = false;
                first_alike.get_or_insert((partner, index));
            }
        }
        *occurrence += 1;
    }
    keep_one_where_none_would_be(first_alike, &mut old_kept, &mut new_kept);
    (old_kept, new_kept)
}

/// A text of rules with these numbers and bodies, and where each starts.
fn rules_text(rules: &[(u32, u8)]) -> (String, Vec<(usize, u32)>) {
    let mut text = String::from("# T\n\n");
    let mut starts = Vec::new();
    for (number, body) in rules {
        starts.push((text.len(), *number));
        text.push_str(&format!("## {number}\n\nbody {body}\n\n"));
    }
    (text, starts)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Few numbers and few bodies: repeated numbers, moves, equal and
    /// unequal partners, sides of different lengths, in and out of order.
    #[test]
    fn the_merged_pairs_are_the_mapped_pairs(
        old in proptest::collection::vec((0u32..6, 0u8..3), 0..24),
        new in proptest::collection::vec((0u32..6, 0u8..3), 0..24),
    ) {
        let (old_text, old_starts) = rules_text(&old);
        let (new_text, new_starts) = rules_text(&new);
        let old = Rules { text: &old_text, starts: old_starts };
        let new = Rules { text: &new_text, starts: new_starts };
        prop_assert_eq!(differing(&old, &new), differing_by_maps(&old, &new));
    }
}
