use super::*;
use crate::check::testing::{codes, with_layout};
use crate::check::Input;
use crate::model::{Date, Format, HistoryEntry, Rule, Ruleset};
use crate::render;

/// A md-long ruleset and its text, with each rule's layout cut from the
/// text at its heading (what the parser would record).
fn file(text_of_201: &str, edit: impl Fn(String) -> String) -> (Ruleset, String) {
    let mut rules = vec![
        Rule::new(101, "All players must abide by the rules."),
        Rule::new(201, text_of_201),
    ];
    for rule in &mut rules {
        rule.revision = Some(0);
        rule.history = vec![HistoryEntry::initial(
            rule.number,
            false,
            Date::new(2020, 6, 1),
        )];
    }
    let ruleset = Ruleset::new("TEST (LONG FORMAT)", rules);
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    let text = edit(render::render(&ruleset, Format::MdLong, &options).unwrap());
    let starts: Vec<usize> = ["## 101/", "## 201/"]
        .iter()
        .map(|h| text.find(h).unwrap())
        .collect();
    let ends = [starts[1], text.len()];
    let rules = ruleset
        .rules
        .iter()
        .zip(starts.iter().zip(ends))
        .map(|(rule, (&start, end))| with_layout(rule.clone(), &text[start..end], start))
        .collect();
    (Ruleset::new(ruleset.title.clone(), rules), text)
}

fn input<'a>(ruleset: &'a Ruleset, text: &'a str) -> Input<'a> {
    Input {
        ruleset,
        text,
        format: Format::MdLong,
        encoding: &[],
        base_dir: None,
        folder: None,
    }
}

#[test]
fn a_canonical_file_is_clean() {
    let (ruleset, text) = file("Players vote.", |t| t);
    assert!(check(&input(&ruleset, &text)).is_empty());
}

#[test]
fn a_line_that_differs_from_the_canonical_rendering_is_a_warning_at_that_line() {
    let (ruleset, text) = file("Players vote.", |t| {
        t.replace("Players vote.", "Players vote.   ")
    });
    let findings = check(&input(&ruleset, &text));
    assert_eq!(codes(&findings), ["N708"]);
    assert_eq!(&text[findings[0].span.clone()], "Players vote.   ");
    assert_eq!(
        findings[0].message,
        "rule 201 is not laid out in canonical form"
    );
}

#[test]
fn parser_quirks_are_reported_with_their_own_codes_instead() {
    let (mut ruleset, text) = file("Players vote.", |t| {
        t.replacen("##### *History*", "#### *History*", 1)
    });
    let at = text.find("#### *History*").unwrap();
    let layout = ruleset.rules[0].layout.as_mut().unwrap();
    layout.quirks.push(LayoutQuirk {
        kind: QuirkKind::HistoryHeadingLevel { level: 4 },
        offset: at,
        len: "#### *History*".len(),
    });
    let findings = check(&input(&ruleset, &text));
    assert_eq!(codes(&findings), ["N701"]);
    assert_eq!(&text[findings[0].span.clone()], "#### *History*");
    assert_eq!(findings[0].severity, crate::diagnostic::Severity::Warning);
}

#[test]
fn crlf_line_endings_are_one_finding_and_lines_compare_as_lf() {
    let (ruleset, text) = file("Players vote.", |t| t.replace('\n', "\r\n"));
    let findings = check(&input(&ruleset, &text));
    assert_eq!(codes(&findings), ["N708"], "{findings:#?}");
    assert_eq!(findings[0].label.as_deref(), Some("CRLF line ending"));
    assert_eq!(&text[findings[0].span.clone()], "# TEST (LONG FORMAT)");

    let (ruleset, text) = file("Players vote.", |t| {
        t.replace('\n', "\r\n")
            .replace("Players vote.", "Players  vote.")
    });
    let findings = check(&input(&ruleset, &text));
    assert_eq!(codes(&findings), ["N708", "N708"]);
    assert_eq!(&text[findings[1].span.clone()], "Players  vote.");
    assert_eq!(findings[1].label.as_deref(), Some("spacing differs"));
}
