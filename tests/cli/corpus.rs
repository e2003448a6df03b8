//! The corpus of real rulesets (tests/fixtures/corpus): each read with no
//! dialect file must give what a person reads off the file by eye
//! (`expected.toml`: rule count, first and last identifiers, the first
//! words of the first and last rules, whether rules have titles) and render
//! back byte for byte.
//!
//! The files `nomic` does not read right yet are listed in [`NOT_YET`]: the
//! test fails when one of them starts reading right (take it off the list)
//! as much as when another stops.

use crate::Test;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Corpus entries still read wrong, with what is wrong.
const NOT_YET: [(&str, &str); 0] = [];

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/corpus")
}

/// One entry of expected.toml.
#[derive(Debug, serde::Deserialize)]
struct Expected {
    rules: usize,
    first: String,
    last: String,
    first_words: String,
    last_words: String,
    titles: toml::Value,
}

/// The first five words of a rule's text as a reader sees them: block
/// markers (`>`, bullets, the tree's `|`) and emphasis markers are not words.
fn first_words(text: &str) -> String {
    text.split_whitespace()
        .map(|word| word.trim_matches(|c| matches!(c, '*' | '_' | '`')))
        .filter(|word| {
            !word.is_empty() && !word.chars().all(|c| matches!(c, '>' | '|' | '-' | '+'))
        })
        .take(5)
        .collect::<Vec<_>>()
        .join(" ")
}

fn identifier(rule: &Value) -> String {
    match rule["id"].as_str() {
        Some(id) => id.to_string(),
        None => rule["number"].to_string(),
    }
}

fn has_title(rule: &Value) -> bool {
    rule["title"].as_str().is_some_and(|t| !t.is_empty())
}

/// What `nomic parse` reads off one entry, as differences from `expected`.
fn differences(path: &Path, expected: &Expected) -> Vec<String> {
    let out = Test::new().args(["parse", path.to_str().unwrap()]).run();
    if out.status != 0 {
        return vec![format!(
            "refused: {}",
            out.stderr.lines().next().unwrap_or("")
        )];
    }
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    let rules = json["rules"].as_array().cloned().unwrap_or_default();
    let (Some(first), Some(last)) = (rules.first(), rules.last()) else {
        return vec!["no rules".to_string()];
    };
    let titled = rules.iter().filter(|r| has_title(r)).count();
    let titles = match titled {
        0 => toml::Value::Boolean(false),
        n if n == rules.len() => toml::Value::Boolean(true),
        _ => toml::Value::String("some".to_string()),
    };
    let text = |rule: &Value| first_words(rule["text"].as_str().unwrap_or(""));
    let mut wrong = Vec::new();
    let mut compare = |what: &str, got: String, want: String| {
        if got != want {
            wrong.push(format!("{what}: read {got:?}, expected {want:?}"));
        }
    };
    compare("rules", rules.len().to_string(), expected.rules.to_string());
    compare("first", identifier(first), expected.first.clone());
    compare("last", identifier(last), expected.last.clone());
    compare("first words", text(first), expected.first_words.clone());
    compare("last words", text(last), expected.last_words.clone());
    compare("titles", titles.to_string(), expected.titles.to_string());
    wrong
}

#[test]
fn every_corpus_ruleset_reads_as_a_person_reads_it() {
    let listed = std::fs::read_to_string(corpus().join("expected.toml")).unwrap();
    let expected: BTreeMap<String, Expected> = toml::from_str(&listed).unwrap();
    assert!(expected.len() >= 17, "the corpus lost entries");
    let mut wrong: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (entry, want) in &expected {
        let found = differences(&corpus().join(entry), want);
        if !found.is_empty() {
            wrong.insert(entry.clone(), found);
        }
    }
    let not_yet: Vec<&str> = NOT_YET.iter().map(|(entry, _)| *entry).collect();
    let now_right: Vec<&&str> = not_yet
        .iter()
        .filter(|e| !wrong.contains_key(**e))
        .collect();
    assert!(
        now_right.is_empty(),
        "read right now, take off NOT_YET: {now_right:?}"
    );
    wrong.retain(|entry, _| !not_yet.contains(&entry.as_str()));
    assert!(wrong.is_empty(), "read wrong: {wrong:#?}");
}

#[test]
fn every_corpus_file_renders_back_byte_for_byte() {
    let listed = std::fs::read_to_string(corpus().join("expected.toml")).unwrap();
    let expected: BTreeMap<String, toml::Value> = toml::from_str(&listed).unwrap();
    for entry in expected.keys() {
        let path = corpus().join(entry);
        if path.is_dir() || NOT_YET.iter().any(|(e, _)| e == entry) {
            continue;
        }
        let original = std::fs::read_to_string(&path).unwrap();
        Test::new()
            .args(["render", path.to_str().unwrap()])
            .run()
            .status(0)
            .stdout(&original);
    }
}
