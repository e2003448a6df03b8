//! A meaning read ([`read_meaning`], the safety re-read of every write)
//! reads the same rules as a full read, less the layout.

use super::*;
use crate::model::synthetic_ruleset;
use crate::render::{render, RenderOptions};

/// The forms a meaning read has a mode of its own for.
const FORMS: [Format; 5] = [
    Format::MdLong,
    Format::MdShort,
    Format::MdRule,
    Format::TxtLong,
    Format::TxtShort,
];

fn assert_same_rules(text: &str, format: Format, what: &str) {
    let full = parse_str(text, Some(format)).map(Ruleset::into_without_layout);
    let meaning = read_meaning(text, format);
    match (full, meaning) {
        (Ok(full), Ok(meaning)) => {
            if FORMS.contains(&format) {
                assert!(meaning.layout.is_none(), "{what} as {format}");
                assert!(meaning.rules.iter().all(|r| r.layout.is_none()));
            }
            assert_eq!(meaning.into_without_layout(), full, "{what} as {format}");
        }
        (Err(full), Err(meaning)) => assert_eq!(meaning, full, "{what} as {format}"),
        (full, meaning) => panic!("{what} as {format}: {full:?} but {meaning:?}"),
    }
}

#[test]
fn a_meaning_read_of_every_bundled_ruleset_and_its_renders_reads_the_same_rules() {
    for name in BUNDLED {
        let text = String::from_utf8(repo_file(&format!("rulesets/{name}"))).unwrap();
        let parsed = read(text.as_bytes(), &ReadOptions::default()).unwrap();
        assert_same_rules(&text, parsed.format, name);
        for format in FORMS.into_iter().filter(|f| *f != Format::MdRule) {
            let rendered = render(&parsed.ruleset, format, &RenderOptions::default()).unwrap();
            assert_same_rules(&rendered, format, &format!("{name} rendered"));
        }
    }
}

#[test]
fn a_meaning_read_of_hand_laid_out_files_reads_the_same_rules() {
    // Irregular wraps, missing blank lines, broken headings: what a full
    // read reports as quirks or errors, a meaning read reads alike.
    for name in [
        "irregular-wrap.bad.txt",
        "revision-mismatch.bad.txt",
        "broken-rule-heading.bad.txt",
        "markdown-emphasis.ok.txt",
        "clean.txt",
        "clean.md",
        "missing-blank-line.bad.md",
        "extra-blank-lines.bad.md",
        "broken-rule-heading.bad.md",
        "non-canonical-layout.bad.md",
    ] {
        let text = String::from_utf8(repo_file(&format!("tests/fixtures/check/{name}"))).unwrap();
        let format = if name.ends_with(".md") {
            Format::MdLong
        } else {
            Format::TxtLong
        };
        assert_same_rules(&text, format, name);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    #[test]
    fn a_meaning_read_of_a_rendered_ruleset_reads_the_same_rules(
        rules in 1usize..40,
        seed in proptest::prelude::any::<u64>(),
        form in 0usize..FORMS.len(),
    ) {
        let ruleset = synthetic_ruleset(rules, seed);
        let format = FORMS[form];
        let ruleset = if format == Format::MdRule {
            Ruleset { rules: ruleset.rules[..1].to_vec(), ..ruleset }
        } else {
            ruleset
        };
        let text = render(&ruleset, format, &RenderOptions::default()).unwrap();
        assert_same_rules(&text, format, "a synthetic ruleset");
    }
}
