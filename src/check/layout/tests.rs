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

/// [`canonical_if_different`] is what the whole rendering compared with
/// the file gives.
fn same_as_whole(ruleset: &Ruleset, text: &str, format: Format) {
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    let whole = render::render(ruleset, format, &options)
        .ok()
        .filter(|canonical| canonical != text);
    let input = Input {
        ruleset,
        text,
        format,
        encoding: &[],
        base_dir: None,
    };
    assert_eq!(
        canonical_if_different(&input),
        whole,
        "{format} {:?}",
        ruleset.title
    );
}

#[test]
fn the_rendering_compared_in_runs_is_the_whole_rendering_compared() {
    let mut read = 0;
    for path in crate::test_files::repository_files() {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Ok(parsed) = crate::parse::read(&bytes, &crate::parse::ReadOptions::default()) else {
            continue;
        };
        same_as_whole(&parsed.ruleset, &parsed.text, parsed.format);
        read += 1;
    }
    assert!(read >= 20, "only {read} files read");
    // Many windows of runs; the file canonical, or differing in its
    // header, a rule of a later window, its end, or every line ending.
    let ruleset = crate::model::synthetic_ruleset(2_500, 3);
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    for format in [
        Format::MdLong,
        Format::MdShort,
        Format::TxtLong,
        Format::TxtPlain,
    ] {
        let text = render::render(&ruleset, format, &options).unwrap();
        let middle = text.len() * 3 / 4;
        let middle = (middle..text.len())
            .find(|&i| text.is_char_boundary(i))
            .unwrap();
        for edited in [
            text.clone(),
            format!("x{text}"),
            format!("{}  {}", &text[..middle], &text[middle..]),
            format!("{text}more\n"),
            text[..text.len() - 1].to_string(),
            text.replace('\n', "\r\n"),
        ] {
            same_as_whole(&ruleset, &edited, format);
        }
    }
}
