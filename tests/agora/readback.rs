use super::{published, ruleset};
use nomic::model::{AgoraDate, Format, Rule, Ruleset};
use nomic::parse::{self, ReadOptions};
use nomic::render::{render, RenderOptions};

fn read(text: &str) -> (Ruleset, Format) {
    let parsed = parse::read(text.as_bytes(), &ReadOptions::default()).unwrap();
    (parsed.ruleset, parsed.format)
}

#[test]
fn published_flr_and_slr_are_detected_and_render_back_byte_for_byte() {
    for (file, format) in [("flr.txt", Format::AgoraFlr), ("slr.txt", Format::AgoraSlr)] {
        let text = published(file);
        let (ruleset, detected) = read(&text);
        assert_eq!(detected, format, "{file}");
        assert_eq!(ruleset.rules.len(), 149, "{file}");
        let back = render(&ruleset, format, &RenderOptions::default()).unwrap();
        assert!(back == text, "{file} does not render back byte for byte");
    }
}

#[test]
fn published_rule_pages_are_detected_and_render_back_byte_for_byte() {
    for (page, format) in [
        ("full_rules/R101.txt", Format::AgoraRule),
        ("short_rules/R101.txt", Format::AgoraShortRule),
        ("full_rules/R2718.txt", Format::AgoraRule),
        ("full_rules/R1023.txt", Format::AgoraRule),
    ] {
        let text = published(page);
        let (ruleset, detected) = read(&text);
        assert_eq!(detected, format, "{page}");
        let back = render(&ruleset, format, &RenderOptions::default()).unwrap();
        assert!(back == text, "{page} does not render back byte for byte");
    }
}

/// A rule as far as the FLR carries it: everything but the change records
/// (kind and agent), which the FLR prints as text (kept in `source`); an
/// `unknown` date is not printed at all; a line of fewer than six spaces in
/// the text prints as the six-space indent alone.
fn as_printed(rule: &Rule) -> Rule {
    let mut rule = rule.clone();
    rule.text = blank_lines_as_printed(&rule.text);
    for entry in &mut rule.history {
        if let Some(agora) = entry.agora.as_mut() {
            agora.change = None;
            if agora.date == Some(AgoraDate::Unknown) {
                agora.date = None;
            }
        }
    }
    rule
}

fn blank_lines_as_printed(text: &str) -> String {
    text.split('\n')
        .map(|line| {
            if line.trim().is_empty() && line.len() <= 6 {
                ""
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_model_read_from_the_flr_equals_the_one_read_from_yaml() {
    let (flr, _) = read(&published("flr.txt"));
    let yaml = ruleset();
    assert_eq!(flr.rules.len(), yaml.rules.len());
    for (ours, theirs) in flr.rules.iter().zip(&yaml.rules) {
        assert_eq!(ours, &as_printed(theirs), "rule {}", theirs.number);
    }
    let categories = |r: &Ruleset| r.agora.as_ref().unwrap().categories.clone();
    assert_eq!(categories(&flr), categories(yaml));
}

#[test]
fn the_model_read_from_the_slr_equals_the_yaml_one_without_history() {
    let (slr, _) = read(&published("slr.txt"));
    for (ours, theirs) in slr.rules.iter().zip(&ruleset().rules) {
        let mut expected = theirs.clone();
        expected.text = blank_lines_as_printed(&expected.text);
        expected.history.clear();
        if let Some(agora) = expected.agora.as_mut() {
            agora.annotations.clear();
        }
        assert_eq!(ours, &expected, "rule {}", theirs.number);
    }
}
