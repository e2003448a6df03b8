//! The corpus of real rulesets (tests/fixtures/corpus): each read with no
//! dialect file must give what a person reads off the file by eye
//! (`expected.toml`: rule count, first and last identifiers, the first
//! words of the first and last rules, whether rules have titles, and for
//! some the last rule's last words and the footer's first line) and render
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
    title: String,
    rules: usize,
    first: String,
    last: String,
    first_words: String,
    last_words: String,
    titles: toml::Value,
    /// The last five words of the last rule's text, where what follows it
    /// (end matter) must not be its text.
    #[serde(default)]
    last_ends: Option<String>,
    /// The first line of the file's footer (the end matter after the last
    /// rule), for files that have one.
    #[serde(default)]
    footer: Option<String>,
}

/// The first five words of a rule's text as a reader sees them: block
/// markers (`>`, bullets) and emphasis markers are not words (a tree
/// drawing's gutter is no part of the text: it is read as layout).
fn first_words(text: &str) -> String {
    words(text).take(5).collect::<Vec<_>>().join(" ")
}

/// The last five words of a rule's text, as [`first_words`] counts them.
fn last_words(text: &str) -> String {
    let words: Vec<&str> = words(text).collect();
    words[words.len().saturating_sub(5)..].join(" ")
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace()
        .map(|word| word.trim_matches(|c| matches!(c, '*' | '_' | '`')))
        .filter(|word| !word.is_empty() && !word.chars().all(|c| matches!(c, '>' | '-' | '+')))
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
    let out = Test::new()
        .args(["parse", "--layout", path.to_str().unwrap()])
        .run();
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
    let title = json["title"].as_str().unwrap_or("").to_string();
    compare("title", title, expected.title.clone());
    compare("rules", rules.len().to_string(), expected.rules.to_string());
    compare("first", identifier(first), expected.first.clone());
    compare("last", identifier(last), expected.last.clone());
    compare("first words", text(first), expected.first_words.clone());
    compare("last words", text(last), expected.last_words.clone());
    compare("titles", titles.to_string(), expected.titles.to_string());
    if let Some(ends) = &expected.last_ends {
        let got = last_words(last["text"].as_str().unwrap_or(""));
        compare("last rule's end", got, ends.clone());
    }
    if let Some(footer) = &expected.footer {
        let read = json["layout"]["footer"].as_str().unwrap_or("");
        let first = read.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        compare("footer", first.trim_end().to_string(), footer.clone());
    }
    wrong
}

#[test]
fn every_corpus_ruleset_reads_as_a_person_reads_it() {
    let listed = std::fs::read_to_string(corpus().join("expected.toml")).unwrap();
    let expected: BTreeMap<String, Expected> = toml::from_str(&listed).unwrap();
    assert!(expected.len() >= 20, "the corpus lost entries");
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

/// A corpus file's text.
fn corpus_file(entry: &str) -> String {
    std::fs::read_to_string(corpus().join(entry)).unwrap()
}

const TREE: &str = "AnthonyW2-Nomic/Initial Rules.txt";

/// The rules of a corpus file as `nomic parse` reads them, by identifier.
fn parsed_rules(entry: &str) -> BTreeMap<String, Value> {
    let path = corpus().join(entry);
    let out = Test::new()
        .args(["parse", path.to_str().unwrap()])
        .run()
        .status(0);
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    let rules = json["rules"].as_array().cloned().unwrap_or_default();
    rules.into_iter().map(|r| (identifier(&r), r)).collect()
}

#[test]
fn a_tree_drawing_gutter_is_no_part_of_the_text() {
    let rules = parsed_rules(TREE);
    let text = |id: &str| rules[id]["text"].as_str().unwrap().to_string();
    assert_eq!(
        text("1"),
        "When a player or players win the game, the game is over."
    );
    assert!(text("1.1").starts_with("If the rules are changed so that further play"));
    assert!(text("1.1").ends_with("over every other rule determining the winner."));
    assert!(text("2.2.1").starts_with("If the aforementioned request is accepted"));
    // Indented past the drawing's column: the indentation is gutter too.
    assert_eq!(
        text("3.4"),
        "Propositions may not alter immutable rules in any way, with the exception of transmutation."
    );
    assert_eq!(
        text("4.1"),
        "The current turn order is as follows:\n[Turn order here]"
    );
    assert_eq!(
        text("5.3"),
        "If a player chosen to be the Judge does not wish to make a suggestion, \
         a new Judge is chosen to make a suggestion."
    );
    assert!(
        rules.values().all(|r| {
            let text = r["text"].as_str().unwrap();
            text.lines().all(|line| !line.starts_with('|'))
        }),
        "a rule's text keeps the drawing"
    );
}

/// A corpus file's text and the ruleset read from it.
fn read_corpus(entry: &str) -> (String, nomic::model::Ruleset) {
    let original = corpus_file(entry);
    let read = nomic::parse::read(original.as_bytes(), &nomic::parse::ReadOptions::default());
    (original, read.unwrap().ruleset)
}

#[test]
fn a_tree_rule_written_anew_gets_the_gutter_of_its_place() {
    use nomic::model::Format;
    let (original, mut ruleset) = read_corpus(TREE);
    let mut amend = |id: &str, text: &str| {
        let rule = ruleset.rules.iter_mut().find(|r| r.label() == id).unwrap();
        rule.text = text.to_string();
    };
    // A last child without sub-rules, in two paragraphs.
    amend(
        "2.2.1",
        "A player accepted joins.\n\nTheir turn comes first.",
    );
    // A last child with sub-rules: its gutter draws their column.
    amend("2.3", "A player may forfeit.");
    // A node with sub-rules on the trunk.
    amend("4", "Players take turns.");
    let out = nomic::render::render(&ruleset, Format::Dialect, &Default::default()).unwrap();
    let expected = original
        .replace(
            "|  |       If the aforementioned request is accepted by a majority of players, \
             then that person or group of people becomes a player and has their turn placed \
             before that of the current turn at the time of their request.\n",
            "|  |       A player accepted joins.\n|  |\n|  |       Their turn comes first.\n",
        )
        .replace(
            "|     | A player always has the option of forfeiting the game. No penalty worse \
             than losing, in the opinion of the player incurring the penalty, may be imposed.\n",
            "|     | A player may forfeit.\n",
        )
        .replace(
            "|  | Players take turns according to the turn order. A player's turn begins when \
             they have been notified it is their turn, and ends when their proposition reaches \
             a majority, unless it has already ended.\n",
            "|  | Players take turns.\n",
        );
    assert_eq!(expected.lines().count(), original.lines().count() + 2);
    assert_eq!(out, expected);
}

#[test]
fn apply_amends_a_tree_rule_in_its_drawing() {
    // Rule 4 has sub-rules: its new text hangs in `|  | `, and nothing
    // else of the file changes.
    let original = corpus_file(TREE);
    let proposal = "# Proposal 9 (Ann), Jan 1, 2021\n\nAmend Rule 4 to read:\n\
                    > Players take turns.\n>\n> A turn ends when its proposition is decided.\n";
    let out = Test::new()
        .file("rules.txt", &original)
        .file("9.md", proposal)
        .args(["apply", "rules.txt", "9.md"])
        .run()
        .status(0);
    let expected = original.replace(
        "|  | Players take turns according to the turn order. A player's turn begins when \
         they have been notified it is their turn, and ends when their proposition reaches \
         a majority, unless it has already ended.\n",
        "|  | Players take turns.\n|  |\n|  | A turn ends when its proposition is decided.\n",
    );
    assert_ne!(expected, original);
    assert_eq!(out.stdout, expected);
}

#[test]
fn fmt_writes_every_tree_rule_in_its_drawing() {
    // Every rule written anew: only the lines that depart from the
    // drawing change (rule 3.4's text is indented past its column, and
    // the file ends with a spacer line and a blank line).
    let original = corpus_file(TREE);
    let out = Test::new()
        .file("rules.txt", &original)
        .args(["fmt", "rules.txt"])
        .run()
        .status(0);
    let expected = original
        .replace(
            "|  |  |    Propositions may not",
            "|  |  | Propositions may not",
        )
        .strip_suffix("|\n\n")
        .unwrap()
        .to_string();
    assert_eq!(out.read("rules.txt"), expected);
}

const CONTENTS: &str = "HactarCE-Nomic-Rules/README.md";

#[test]
fn a_contents_rule_written_anew_keeps_its_heading_level() {
    use nomic::model::Format;
    let (original, mut ruleset) = read_corpus(CONTENTS);
    let mut amend = |id: &str, text: &str| {
        let rule = ruleset.rules.iter_mut().find(|r| r.label() == id).unwrap();
        rule.text = text.to_string();
    };
    amend("errors", "An error is a rule violation made by mistake.");
    amend("proposal-content", "A proposal may change the rules.");
    let out = nomic::render::render(&ruleset, Format::Dialect, &Default::default()).unwrap();
    // The text between a heading and the next heading.
    let between = |from: &str, to: &str| {
        let start = original.find(from).unwrap() + from.len();
        start..start + original[start..].find(to).unwrap()
    };
    let errors = between("#### Errors\n\n", "\n\n#### Rule violation polls");
    let content = between("### Proposal content\n\n", "\n\n#### Conflict resolution");
    let mut expected = original.clone();
    // The later one first: the earlier range stays where it was.
    expected.replace_range(content, "A proposal may change the rules.");
    expected.replace_range(errors, "An error is a rule violation made by mistake.");
    assert!(out.contains("\n#### Errors\n\nAn error is a rule violation made by mistake.\n\n#### "));
    assert!(out.contains("\n### Proposal content\n\nA proposal may change the rules.\n\n#### "));
    assert_eq!(out, expected);
}

#[test]
fn check_finds_contents_headings_written_as_the_dialect_writes_them() {
    // Sub-rules are `###` and `####` headings under `## {title}`: each is
    // written back at its own level, so none departs from the canonical form.
    let path = corpus().join(CONTENTS);
    let out = Test::new().args(["check", path.to_str().unwrap()]).run();
    assert!(out.stdout.contains("1 file checked"), "{}", out.stdout);
    assert!(!out.stdout.contains("N708"), "{}", out.stdout);
    // Every rule written anew gives the file back.
    let original = corpus_file(CONTENTS);
    let out = Test::new()
        .file("README.md", &original)
        .args(["fmt", "README.md"])
        .run()
        .status(0);
    assert_eq!(out.read("README.md"), original);
}

#[test]
fn no_rule_start_of_a_corpus_file_or_shape_is_called_a_broken_heading() {
    let listed = std::fs::read_to_string(corpus().join("expected.toml")).unwrap();
    let expected: BTreeMap<String, toml::Value> = toml::from_str(&listed).unwrap();
    let shapes = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dialects/shapes");
    let mut files: Vec<PathBuf> = expected
        .keys()
        .map(|entry| corpus().join(entry))
        .filter(|path| path.is_file())
        .collect();
    for entry in std::fs::read_dir(&shapes).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    assert!(files.len() > 35, "{}", files.len());
    for file in files {
        let out = crate::Test::new()
            .args(["check", "--format", "json", &file.display().to_string()])
            .run();
        let report = out.json();
        let broken: Vec<&serde_json::Value> = report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["code"] == "N103")
            .collect();
        assert!(broken.is_empty(), "{}: {broken:#?}", file.display());
    }
}
