//! parse(render(m, F)) has the meaning of m, for every format F, as far as F
//! carries it: short forms and txt-plain drop history, judgments and
//! revisions by design; text forms carry the text, not its Markdown markup.
//! (md-rule and txt-rule pages are written, never read back.)

use nomic::model::{synthetic_ruleset, Format, Rule, Ruleset};
use nomic::parse::parse_str;
use nomic::render::text::markdown_to_text;
use nomic::render::{render, title_for, RenderOptions};
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
            assert_eq!(got.history, want.history, "{at}: history");
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
        for format in [
            Format::MdLong,
            Format::MdShort,
            Format::TxtLong,
            Format::TxtShort,
            Format::TxtPlain,
            Format::Json,
        ] {
            let text = render(&original, format, &options).unwrap();
            let back = parse_str(&text, Some(format))
                .unwrap_or_else(|err| panic!("{format}: {} at {:?}\n{text}", err.message, err.span));
            assert_carries(&original, &back, format);
        }
    }
}
