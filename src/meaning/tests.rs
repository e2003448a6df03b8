use super::*;
use crate::model::Rule;
use crate::render::{render, PublishedFile, RenderOptions};

fn ruleset(text: &str) -> Ruleset {
    let mut rule = Rule::new(301, text);
    rule.revision = Some(0);
    Ruleset::new("T", vec![rule])
}

fn refusal(text: &str, format: Format) -> Option<MeaningError> {
    let set = ruleset(text);
    let written = render(&set, format, &RenderOptions::default()).unwrap();
    verify_written(&set, &written, format).err()
}

#[test]
fn layout_is_not_meaning() {
    let a = normal::normal_form("One two\nthree.\n\n- a\n- b");
    let b = normal::normal_form("One  two three.\n\n* a\n\n* b");
    assert_eq!(a, b);
    let c = normal::normal_form("One two  \nthree.");
    assert_ne!(a, c, "a line break is meaning");
    assert_ne!(
        normal::normal_form("*i.e.* so"),
        normal::normal_form("i.e. so"),
        "emphasis is meaning"
    );
}

#[test]
fn lists_tables_emphasis_and_breaks_survive_every_text_form() {
    let text = "The list of Types is as follows:\n\n* Executive\n* Legislative\n  * Upper\n\n1. first\n2. second\n\n```\n┌────┬────┐\n│ a  │ b  │\n└────┴────┘\n```\n\nPlayers may not (*i.e.* alter) the **record**.  \nPower Cost: 5";
    for &format in Format::ALL {
        assert!(
            refusal(text, format).is_none(),
            "{format}: {:?}",
            refusal(text, format)
        );
    }
}

#[test]
fn a_change_is_refused_naming_the_rule_and_the_words() {
    let set = ruleset("Alpha beta gamma.\n\n* one\n* two");
    let err = verify_written(
        &set,
        "T\n\n\nRule 301\n\nAlpha beta gamma.\n\n  • one • two",
        Format::TxtPlain,
    )
    .unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("rule 301") && message.contains("\u{201c}* one\u{201d}"),
        "{message}"
    );
    assert!(message.contains("a list item"), "{message}");
}

#[test]
fn a_line_break_after_a_full_line_is_marked_in_wrapped_forms() {
    // Wrapping leaves the line before a break short where it can...
    let text = "(eg. A Missile Factory requiring a Explosives Factory)  \nUnits may have upkeep.";
    let written = render(&ruleset(text), Format::TxtLong, &RenderOptions::default()).unwrap();
    assert!(
        written.contains("      (eg. A Missile Factory requiring a Explosives\n      Factory)\n      Units may have upkeep."),
        "{written}"
    );
    assert!(refusal(text, Format::TxtLong).is_none());
    // ... and marks the break where it cannot (one word fills the line).
    let word = "x".repeat(58);
    let text = format!("{word}  \nUnits may have upkeep.");
    let set = ruleset(&text);
    let written = render(&set, Format::TxtLong, &RenderOptions::default()).unwrap();
    assert!(
        written.contains(&format!("      {word} \\\n      Units may have upkeep.")),
        "{written}"
    );
    assert!(refusal(&text, Format::TxtLong).is_none());
    // A short line shows its break by being short.
    let short = "Power Name: X  \nPower Cost: 5";
    let written = render(&ruleset(short), Format::TxtShort, &RenderOptions::default()).unwrap();
    assert!(
        written.contains("      Power Name: X\n      Power Cost: 5"),
        "{written}"
    );
}

#[test]
fn a_form_that_cannot_carry_a_construct_is_named() {
    // Read back as txt-long, a table inside running text is still a table,
    // but a word list typed as a table's rows wrapped into one line is not.
    let set = ruleset("Rows:  \nBronze26  \nIron48");
    let err = verify_written(
        &set,
        "T\n\n======\n------\nRule 301/0\n\n      Rows: Bronze26 Iron48\n\n------",
        Format::TxtLong,
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("txt-long cannot carry a line break here"),
        "{err}"
    );
}

#[test]
fn every_bundled_ruleset_renders_to_every_form_without_a_change_of_meaning() {
    use crate::parse::tests::BUNDLED;
    let mut refusals = Vec::new();
    for name in BUNDLED {
        let path = format!("{}/rulesets/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap();
        let parsed = crate::parse::read(&bytes, &crate::parse::ReadOptions::default()).unwrap();
        for format in Format::WHOLE_RULESET {
            for canonical in [false, true] {
                let options = RenderOptions {
                    canonical,
                    templates: None,
                };
                let written = render(&parsed.ruleset, format, &options).unwrap();
                if let Err(err) = verify_written(&parsed.ruleset, &written, format) {
                    refusals.push(format!("{name} → {format} (canonical {canonical}): {err}"));
                }
            }
        }
    }
    assert!(refusals.is_empty(), "{}", refusals.join("\n"));
}

#[test]
fn a_rule_page_is_checked_against_the_last_rule_of_its_number() {
    let mut first = Rule::new(301, "Players may pass.");
    first.revision = Some(0);
    let mut last = Rule::new(301, "Players may not pass.");
    last.revision = Some(1);
    let set = Ruleset::new("T", vec![first.clone(), last.clone()]);
    let page = |rule: &Rule| PublishedFile {
        path: "rules/md/301.md".into(),
        contents: render(
            &Ruleset::new("T", vec![rule.clone()]),
            Format::MdRule,
            &RenderOptions::default(),
        )
        .unwrap(),
    };
    assert!(verify_published(&set, &published(page(&last))).is_ok());
    let refused = verify_published(&set, &published(page(&first))).unwrap_err();
    assert!(refused.to_string().contains("301"), "{refused}");
}

#[test]
fn a_file_re_emitted_in_its_own_form_with_a_changed_rule_reads_back() {
    for format in [
        Format::MdLong,
        Format::MdShort,
        Format::TxtLong,
        Format::TxtShort,
        Format::TxtPlain,
    ] {
        let set = crate::model::synthetic_ruleset(600, 11);
        let file = render(&set, format, &RenderOptions::default()).unwrap();
        // CRLF line endings, a changed rule and a changed title: kept bytes,
        // canonical regions and headers meet.
        let file = file.replace('\n', "\r\n");
        let mut read = crate::parse::parse_str(&file, Some(format)).unwrap();
        read.rules[256].text.push_str(" Amended.");
        let whole = render(&read, format, &RenderOptions::default()).unwrap();
        assert!(verify_written(&read, &whole, format).is_ok(), "{format}");
        read.title.push_str(" (AMENDED)");
        let whole = render(&read, format, &RenderOptions::default()).unwrap();
        assert!(verify_written(&read, &whole, format).is_ok(), "{format}");
    }
}

/// One file as a published set that carries nothing over.
fn published(file: crate::render::PublishedFile) -> crate::render::Published {
    crate::render::Published {
        files: vec![file],
        ..Default::default()
    }
}
