//! The forms written in Rust against their embedded templates, byte for byte.

use super::super::{RenderOptions, Renderer};
use super::FORMS;
use crate::model::{synthetic_ruleset, Format, Ruleset};
use std::path::{Path, PathBuf};

/// Every ruleset file of the repository (bundled rulesets and test
/// fixtures, Agora's excepted) that reads as a ruleset, with what it read as.
fn readable_files() -> Vec<(PathBuf, Ruleset, Format)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pending = vec![root.join("rulesets"), root.join("tests/fixtures")];
    let mut found = Vec::new();
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                if !path.ends_with("agora") {
                    pending.push(path);
                }
                continue;
            }
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            if let Ok(parsed) = crate::parse::read(&bytes, &crate::parse::ReadOptions::default()) {
                found.push((path, parsed.ruleset, parsed.format));
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// The same ruleset through both renderers, in every form and as per-rule pages.
fn assert_same(what: &str, ruleset: &Ruleset, canonical: bool) {
    let options = RenderOptions {
        canonical,
        templates: None,
    };
    let rust = Renderer::new(&options).unwrap();
    let engine = Renderer::new(&options).unwrap().through_templates();
    for format in FORMS {
        assert_eq!(
            rust.render(ruleset, format).unwrap(),
            engine.render(ruleset, format).unwrap(),
            "{what} as {format} (canonical: {canonical})"
        );
    }
    for format in [Format::MdRule, Format::TxtRule] {
        for rule in &ruleset.rules {
            assert_eq!(
                rust.render_rule(rule, format).unwrap(),
                engine.render_rule(rule, format).unwrap(),
                "{what}: rule {} as a {format} page",
                rule.number
            );
        }
    }
}

#[test]
fn every_readable_file_renders_as_its_templates_do() {
    let files = readable_files();
    assert!(files.len() > 50, "only {} files read", files.len());
    for (path, ruleset, _) in &files {
        let what = path.display().to_string();
        assert_same(&what, ruleset, false);
        assert_same(&what, ruleset, true);
    }
}

#[test]
fn synthetic_rulesets_render_as_their_templates_do() {
    for seed in 1..4 {
        assert_same(&format!("seed {seed}"), &synthetic_ruleset(300, seed), true);
    }
}

/// Lossless re-emit writes the rules that changed with the form's `rule`
/// and a new title with its `header`, as the template's macros do.
#[test]
fn changed_rules_of_a_kept_layout_are_written_as_the_templates_write_them() {
    let mut checked = 0;
    for (path, mut ruleset, format) in readable_files() {
        if !FORMS.contains(&format) || ruleset.layout.is_none() || ruleset.rules.len() < 2 {
            continue;
        }
        ruleset.title.push_str(" (amended)");
        let last = ruleset.rules.len() - 1;
        for index in [0, last] {
            ruleset.rules[index].text.push_str("\n\nA new paragraph.");
        }
        let options = RenderOptions::default();
        let rust = Renderer::new(&options).unwrap();
        let engine = Renderer::new(&options).unwrap().through_templates();
        assert_eq!(
            rust.render(&ruleset, format).unwrap(),
            engine.render(&ruleset, format).unwrap(),
            "{} re-emitted as {format}",
            path.display()
        );
        checked += 1;
    }
    assert!(checked > 20, "only {checked} files re-emitted");
}

/// A templates folder holding a form's template renders that form with it.
#[test]
fn a_template_of_ones_own_is_used_for_its_form() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("txt-short.txt.j2"),
        "{% macro header(title) %}{% endmacro %}{% macro rule(r, last) %}{{ r.number }};\
         {% endmacro %}{% macro footer(title) %}{% endmacro %}\
         {% for r in rules %}{{ rule(r, loop.last) }}{% endfor %}",
    )
    .unwrap();
    let options = RenderOptions {
        canonical: true,
        templates: Some(dir.path().to_path_buf()),
    };
    let ruleset = synthetic_ruleset(3, 1);
    let renderer = Renderer::new(&options).unwrap();
    let numbers: String = ruleset
        .rules
        .iter()
        .map(|rule| format!("{};", rule.number))
        .collect();
    assert_eq!(
        renderer.render(&ruleset, Format::TxtShort).unwrap(),
        numbers
    );
    // The forms it does not override are the embedded ones.
    let embedded = Renderer::new(&RenderOptions {
        canonical: true,
        templates: None,
    })
    .unwrap();
    assert_eq!(
        renderer.render(&ruleset, Format::TxtLong).unwrap(),
        embedded.render(&ruleset, Format::TxtLong).unwrap()
    );
}
