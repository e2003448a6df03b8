//! Every pair of nameable formats keeps a rule's meaning: a generated
//! ruleset (lists tight, loose, nested and numbered, tables, emphasis,
//! code, links, images, hard breaks) rendered to the first format, read
//! back, rendered to the second and read back means what it meant, as the
//! write check (`nomic::meaning`) sees meaning. Where a form cannot carry a
//! construct, the check refuses naming it, and that refusal is the only
//! other outcome allowed.

use nomic::meaning::{compare, verify_written, MeaningError};
use nomic::model::{Date, Format, HistoryEntry, Mutability, Rule, Ruleset};
use nomic::parse::parse_str;
use nomic::render::{render, RenderOptions};
use proptest::prelude::*;

const WORDS: [&str; 12] = [
    "players",
    "vote",
    "points",
    "the",
    "turn",
    "judge",
    "card",
    "each",
    "may",
    "rule-change",
    "beans",
    "42",
];

fn word() -> impl Strategy<Value = String> {
    prop::sample::select(&WORDS[..]).prop_map(str::to_string)
}

fn words(range: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    prop::collection::vec(word(), range).prop_map(|w| w.join(" "))
}

/// One piece of running text: words, or a word or two marked up.
fn inline() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => words(1..4),
        1 => words(1..3).prop_map(|w| format!("*{w}*")),
        1 => words(1..3).prop_map(|w| format!("**{w}**")),
        1 => word().prop_map(|w| format!("`{w}`")),
        1 => words(1..3).prop_map(|w| format!("[{w}](https://example.org/{})", w.len())),
        1 => word().prop_map(|w| format!("![{w}](images/{w}.png)")),
    ]
}

/// A line of running text: a few inline pieces.
fn line() -> impl Strategy<Value = String> {
    prop::collection::vec(inline(), 1..5).prop_map(|pieces| pieces.join(" "))
}

/// A paragraph; lines after the first follow a hard break.
fn paragraph() -> impl Strategy<Value = String> {
    prop::collection::vec(line(), 1..3).prop_map(|lines| lines.join("  \n"))
}

/// A list: bullets or numbers, tight or loose, nested up to two deep.
fn list() -> impl Strategy<Value = String> {
    let items = prop::collection::vec((0usize..3, line()), 1..5);
    (any::<bool>(), any::<bool>(), items).prop_map(|(numbered, loose, items)| {
        let mut out: Vec<String> = Vec::new();
        let mut depth = 0;
        let mut counters = [0u32; 3];
        for (k, (want, text)) in items.into_iter().enumerate() {
            // Each item is at most one deeper than the one before it.
            depth = if k == 0 { 0 } else { want.min(depth + 1) };
            counters[depth] += 1;
            counters[depth + 1..].iter_mut().for_each(|c| *c = 0);
            let indent: usize = (0..depth).map(|_| if numbered { 3 } else { 2 }).sum();
            let marker = if numbered {
                format!("{}.", counters[depth])
            } else {
                "*".to_string()
            };
            out.push(format!("{}{marker} {text}", " ".repeat(indent)));
        }
        out.join(if loose { "\n\n" } else { "\n" })
    })
}

/// A box-drawing table in a code block, or a Markdown pipe table.
fn table() -> impl Strategy<Value = String> {
    let cells = prop::collection::vec((word(), word()), 1..4);
    (any::<bool>(), cells).prop_map(|(boxed, rows)| {
        if boxed {
            let mut out = vec!["```".to_string(), "┌────────────┬────────────┐".to_string()];
            for (a, b) in rows {
                out.push(format!("│ {a:<10} │ {b:<10} │"));
            }
            out.push("└────────────┴────────────┘".to_string());
            out.push("```".to_string());
            out.join("\n")
        } else {
            let mut out = vec!["| a | b |".to_string(), "|---|---|".to_string()];
            for (a, b) in rows {
                out.push(format!("| {a} | {b} |"));
            }
            out.join("\n")
        }
    })
}

/// A code block of words.
fn code() -> impl Strategy<Value = String> {
    prop::collection::vec(words(1..4), 1..3)
        .prop_map(|lines| format!("```\n{}\n```", lines.join("\n")))
}

fn body() -> impl Strategy<Value = String> {
    let block = prop_oneof![4 => paragraph(), 2 => list(), 1 => table(), 1 => code()];
    // A body starts with a paragraph, as every published rule does.
    (paragraph(), prop::collection::vec(block, 0..4)).prop_map(|(first, rest)| {
        std::iter::once(first)
            .chain(rest)
            .collect::<Vec<_>>()
            .join("\n\n")
    })
}

fn ruleset() -> impl Strategy<Value = Ruleset> {
    prop::collection::vec((body(), any::<bool>(), 0u32..3), 1..4).prop_map(|rules| {
        let rules = rules
            .into_iter()
            .enumerate()
            .map(|(k, (text, immutable, revision))| {
                let number = 101 + 100 * u32::try_from(k).unwrap();
                Rule {
                    revision: Some(revision),
                    mutability: if immutable {
                        Mutability::Immutable
                    } else {
                        Mutability::Mutable
                    },
                    history: vec![HistoryEntry::initial(
                        number,
                        immutable,
                        Date::new(2020, 6, 1),
                    )],
                    ..Rule::new(number, &text)
                }
            })
            .collect();
        Ruleset::new("GENERATED RULESET", rules)
    })
}

/// Renders to `format`, checks the write as the commands do, and reads it
/// back: `None` when the check refused naming a construct the form cannot
/// carry. Any other refusal, or an unreadable text, fails the test.
fn write(ruleset: &Ruleset, format: Format, at: &str) -> Result<Option<Ruleset>, TestCaseError> {
    let text = render(ruleset, format, &RenderOptions::default())
        .map_err(|err| TestCaseError::fail(format!("{at}: render to {format}: {err}")))?;
    match verify_written(ruleset, &text, format) {
        Ok(()) => {}
        Err(MeaningError::Changed {
            construct: Some(_), ..
        }) => return Ok(None),
        Err(err) => return Err(TestCaseError::fail(format!("{at}: {err}\n{text}"))),
    }
    let back = parse_str(&text, Some(format))
        .map_err(|err| TestCaseError::fail(format!("{at}: {}\n{text}", err.message)))?;
    Ok(Some(back))
}

/// The ruleset less what one of the two forms does not carry.
fn carried(ruleset: &Ruleset, first: Format, second: Format) -> Ruleset {
    let mut carried = ruleset.without_layout();
    for rule in &mut carried.rules {
        if !(first.carries_revision() && second.carries_revision()) {
            rule.revision = None;
        }
        if !(first.carries_history() && second.carries_history()) {
            rule.history.clear();
            rule.judgments.clear();
        }
    }
    carried
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Each case goes through all 64 ordered pairs of `Format::ALL`.
    #[test]
    fn every_format_pair_keeps_the_meaning_or_refuses_naming_the_construct(
        original in ruleset()
    ) {
        for &first in Format::ALL {
            let Some(once) = write(&original, first, &first.to_string())? else {
                continue;
            };
            for &second in Format::ALL {
                let at = format!("{first} then {second}");
                let Some(twice) = write(&once, second, &at)? else {
                    continue;
                };
                let (meant, read) = (
                    carried(&original, first, second),
                    carried(&twice, first, second),
                );
                if let Err(err) = compare(&meant, &read, Format::Json) {
                    return Err(TestCaseError::fail(format!("{at}: {err}")));
                }
            }
        }
    }
}
