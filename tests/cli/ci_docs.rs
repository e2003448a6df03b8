//! The CI workflow and pre-commit hooks in the docs are valid YAML and run
//! commands and flags that exist.

use crate::Test;
use serde_norway::Value;
use std::path::Path;

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// Every string in a YAML document.
fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Sequence(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Mapping(map) => map.iter().for_each(|(k, v)| {
            strings(k, out);
            strings(v, out);
        }),
        Value::Tagged(tagged) => strings(&tagged.value, out),
        _ => {}
    }
}

/// Each `nomic <command> --flags…` invocation in the strings.
fn invocations(strings: &[String]) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    for s in strings {
        let words: Vec<&str> = s.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            if *word == "nomic" && i + 1 < words.len() && !words[i + 1].starts_with('-') {
                let flags = words[i + 2..]
                    .iter()
                    .take_while(|w| **w != "nomic" && **w != "&&")
                    .filter(|w| w.starts_with("--"))
                    .map(std::string::ToString::to_string)
                    .collect();
                found.push((words[i + 1].to_string(), flags));
            }
        }
    }
    found
}

fn assert_commands_exist(path: &str, expected: &[&str]) {
    let yaml: Value = serde_norway::from_str(&repo_file(path))
        .unwrap_or_else(|err| panic!("{path} is not valid YAML: {err}"));
    let mut all = Vec::new();
    strings(&yaml, &mut all);
    let found = invocations(&all);
    for command in expected {
        assert!(
            found.iter().any(|(c, _)| c == command),
            "{path} does not run `nomic {command}`"
        );
    }
    let help = Test::new().arg("--help").run().status(0).stdout;
    for (command, flags) in found {
        assert!(
            help.lines()
                .any(|line| line.trim_start().starts_with(&format!("{command} "))),
            "{path} runs `nomic {command}`, which `nomic --help` does not list:\n{help}"
        );
        let command_help = Test::new()
            .args([command.as_str(), "--help"])
            .run()
            .status(0)
            .stdout;
        for flag in flags {
            assert!(
                command_help.contains(&flag),
                "{path}: `nomic {command}` has no {flag}"
            );
        }
    }
}

#[test]
fn the_github_workflow_is_valid_and_runs_existing_commands() {
    assert_commands_exist("docs/examples/nomic-check.yml", &["check", "fmt"]);
    let yaml: Value = serde_norway::from_str(&repo_file("docs/examples/nomic-check.yml")).unwrap();
    assert!(yaml["jobs"]["check"]["steps"]
        .as_sequence()
        .is_some_and(|s| !s.is_empty()));
    assert!(repo_file("docs/examples/nomic-check.yml").contains("nomic check --format github"));
}

#[test]
fn the_pre_commit_hooks_are_valid_and_run_existing_commands() {
    assert_commands_exist(".pre-commit-hooks.yaml", &["check", "fmt"]);
    let hooks: Value = serde_norway::from_str(&repo_file(".pre-commit-hooks.yaml")).unwrap();
    for hook in hooks.as_sequence().unwrap() {
        for key in ["id", "name", "entry", "language"] {
            assert!(hook[key].as_str().is_some(), "hook without {key}: {hook:?}");
        }
    }
}

#[test]
fn the_ci_guide_shows_the_committed_workflow() {
    let workflow = repo_file("docs/examples/nomic-check.yml");
    assert!(
        repo_file("docs/ci.md").contains(&format!("```yaml\n{workflow}```")),
        "docs/ci.md and docs/examples/nomic-check.yml differ"
    );
}

#[test]
fn the_pages_workflow_is_valid_runs_existing_commands_and_is_in_the_guide() {
    assert_commands_exist("docs/examples/nomic-pages.yml", &["site"]);
    let workflow = repo_file("docs/examples/nomic-pages.yml");
    let yaml: Value = serde_norway::from_str(&workflow).unwrap();
    assert!(yaml["jobs"]["deploy"]["steps"]
        .as_sequence()
        .is_some_and(|s| !s.is_empty()));
    assert!(
        repo_file("docs/ci.md").contains(&format!("```yaml\n{workflow}```")),
        "docs/ci.md and docs/examples/nomic-pages.yml differ"
    );
}
