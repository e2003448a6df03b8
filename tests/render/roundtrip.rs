//! parse(render(m, F)) has the meaning of m, for every format F, as far as F
//! carries it: short forms and txt-plain drop history, judgments and
//! revisions by design; text forms carry the text, not its Markdown markup.

use nomic::model::{synthetic_ruleset, Format, HistoryEntry, Rule, Ruleset};
use nomic::parse::parse_str;
use nomic::render::text::markdown_to_text;
use nomic::render::{render, render_rule, title_for, RenderOptions};
use proptest::prelude::*;

fn carried_text(rule: &Rule, format: Format) -> String {
    if format.is_markdown() || format == Format::Json {
        rule.text.clone()
    } else {
        markdown_to_text(&rule.text)
    }
}

fn assert_carries(original: &Ruleset, back: &Ruleset, format: Format) {
    assert_eq!(
        back.rules.len(),
        original.rules.len(),
        "{format}: rule count"
    );
    if !matches!(format, Format::MdRule | Format::TxtRule) {
        assert_eq!(
            back.title,
            title_for(format, &original.title),
            "{format}: title"
        );
    }
    for (want, got) in original.rules.iter().zip(&back.rules) {
        let at = format!("{format}, rule {}", want.number);
        assert_eq!(got.number, want.number, "{at}: number");
        assert_eq!(got.mutability, want.mutability, "{at}: mutability");
        assert_eq!(
            carried_text(got, format),
            carried_text(want, format),
            "{at}: text"
        );
        if format.carries_revision() {
            assert_eq!(got.revision, want.revision, "{at}: revision");
        }
        if format.carries_history() {
            // Text forms carry no links.
            let carried = |rule: &Rule| -> Vec<HistoryEntry> {
                let mut history = rule.history.clone();
                if !format.is_markdown() && format != Format::Json {
                    for entry in &mut history {
                        entry.link = None;
                    }
                }
                history
            };
            assert_eq!(carried(got), carried(want), "{at}: history");
            assert_eq!(got.judgments, want.judgments, "{at}: judgments");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn parsing_a_rendered_ruleset_gives_back_its_meaning(n in 1usize..60, seed in any::<u64>()) {
        let original = synthetic_ruleset(n, seed);
        let options = RenderOptions::default();
        for format in Format::WHOLE_RULESET {
            let text = render(&original, format, &options).unwrap();
            let back = parse_str(&text, Some(format))
                .unwrap_or_else(|err| panic!("{format}: {} at {:?}\n{text}", err.message, err.span));
            assert_carries(&original, &back, format);
            // Read back with its layout, it re-renders to the same bytes.
            let again = render(&back, format, &options).unwrap();
            assert_eq!(again, text, "{format}: re-render of parsed output");
        }
        for format in [Format::MdRule, Format::TxtRule] {
            for rule in &original.rules {
                let page = render_rule(rule, format, &options).unwrap();
                let back = parse_str(&page, Some(format))
                    .unwrap_or_else(|err| panic!("{format}: {}\n{page}", err.message));
                let single = Ruleset::new(original.title.clone(), vec![rule.clone()]);
                assert_carries(&single, &back, format);
                assert_eq!(render(&back, format, &options).unwrap(), page, "{format}: re-render");
            }
        }
    }
}

/// The words of a rule's text as a text form shows them. Characters that
/// are Markdown markup when the text is read back (a literal `*` in
/// `“*” - *.`) are left out: text forms show them bare, and reading a text
/// form takes its text as Markdown.
fn words(rule: &Rule) -> Vec<String> {
    markdown_to_text(&rule.text)
        .replace(['*', '_', '`', '\\'], "")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Where reading a text form back cannot give the words that were written,
/// because the readers take text as Markdown: a `+` after no-break spaces
/// starts a line and becomes a bullet (nomic-3 rule 321), and nested
/// `    • ` items are not read as list items by the txt-plain reader.
const KNOWN: [(&str, Format, u32); 5] = [
    ("nomic-3.md", Format::TxtLong, 321),
    ("nomic-3.md", Format::TxtShort, 321),
    ("nomic-3.md", Format::TxtRule, 321),
    ("nomic-3.md", Format::TxtPlain, 312),
    ("nomic-4-long.md", Format::TxtPlain, 330),
];

#[test]
fn bundled_rulesets_survive_conversion_to_every_readable_form() {
    let mut failures = Vec::new();
    for name in crate::BUNDLED {
        let original = crate::ruleset(name);
        for &format in Format::ALL {
            let text = render(&original, format, &RenderOptions::default()).unwrap();
            let back = parse_str(&text, Some(format))
                .unwrap_or_else(|err| panic!("{name} as {format}: {}", err.message));
            assert_eq!(back.rules.len(), original.rules.len(), "{name} as {format}");
            for (want, got) in original.rules.iter().zip(&back.rules) {
                let at = format!("{name} as {format}, rule {}", want.number);
                assert_eq!(got.number, want.number, "{at}");
                assert_eq!(got.mutability, want.mutability, "{at}");
                if format.is_markdown() || format == Format::Json {
                    assert_eq!(got.text, want.text, "{at}");
                } else if words(got) != words(want) && !KNOWN.contains(&(name, format, want.number))
                {
                    let (got, want) = (words(got), words(want));
                    let i = got.iter().zip(&want).position(|(a, b)| a != b).unwrap_or(0);
                    let window =
                        |w: &[String]| w[i.saturating_sub(3)..(i + 5).min(w.len())].join(" ");
                    failures.push(format!(
                        "{at}: `{}` read back as `{}`",
                        window(&want),
                        window(&got)
                    ));
                }
                if format.carries_history() {
                    let sources = |rule: &Rule| -> Vec<String> {
                        rule.history.iter().map(|e| e.source.clone()).collect()
                    };
                    assert_eq!(sources(got), sources(want), "{at}");
                    assert_eq!(got.judgments.len(), want.judgments.len(), "{at}");
                }
            }
        }
    }
    assert!(failures.is_empty(), "words differ: {failures:#?}");
}

/// What to do to one rule of a parsed ruleset before rendering it again.
#[derive(Debug, Clone)]
enum Edit {
    Text,
    Delete,
    InsertAfter,
}

fn edit() -> impl Strategy<Value = (usize, Edit)> {
    (
        any::<usize>(),
        prop_oneof![
            Just(Edit::Text),
            Just(Edit::Delete),
            Just(Edit::InsertAfter)
        ],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Kept rules and rewritten ones splice into a file that reads back as
    /// the edited ruleset, whatever rules change, go or come.
    #[test]
    fn edited_files_read_back_as_the_edited_ruleset(
        n in 2usize..30,
        seed in any::<u64>(),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let original = synthetic_ruleset(n, seed);
        let options = RenderOptions::default();
        for format in [
            Format::MdLong,
            Format::MdShort,
            Format::TxtLong,
            Format::TxtShort,
            Format::TxtPlain,
        ] {
            let text = render(&original, format, &options).unwrap();
            let mut edited = parse_str(&text, Some(format)).unwrap();
            for (at, edit) in &edits {
                if edited.rules.is_empty() {
                    break;
                }
                let index = at % edited.rules.len();
                match edit {
                    Edit::Text => edited.rules[index].text = "Changed by a proposal.".into(),
                    Edit::Delete if edited.rules.len() > 1 => {
                        edited.rules.remove(index);
                    }
                    Edit::Delete => {}
                    Edit::InsertAfter => {
                        let mut new = Rule::new(9000 + index as u32, "A new rule.\n\n* one\n* two");
                        new.revision = Some(0);
                        edited.rules.insert(index + 1, new);
                    }
                }
            }
            let out = render(&edited, format, &options).unwrap();
            let back = parse_str(&out, Some(format))
                .unwrap_or_else(|err| panic!("{format}: {}\n{out}", err.message));
            assert_carries(&edited.without_layout(), &back, format);
        }
    }
}

#[test]
fn several_judgments_and_linkless_history_read_back() {
    let mut ruleset = synthetic_ruleset(3, 5);
    let rule = &mut ruleset.rules[1];
    let judgment = |text: &str, day| nomic::model::Judgment {
        text: text.to_string(),
        judge: Some("Crorem".into()),
        date: nomic::model::Date::new(2020, 7, day),
        round: Some(2),
        turn: Some(u32::from(day)),
        source: format!("{text} (Crorem), Jul {day}, 2020 (R2T{day})"),
    };
    rule.judgments = vec![judgment("Votes are public", 3), judgment("Emoji count", 9)];
    rule.history[0].link = Some("https://example.org/rules/md/102.md".into());
    for format in [Format::MdLong, Format::TxtLong, Format::Json] {
        let text = render(&ruleset, format, &RenderOptions::default()).unwrap();
        let back = parse_str(&text, Some(format)).unwrap();
        assert_carries(&ruleset, &back, format);
    }
}
