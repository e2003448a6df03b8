//! The CI workflow and pre-commit hooks in the docs are valid YAML and run
//! commands and flags that exist; the guide's shell lines, SARIF step and
//! pre-commit configuration work as written.

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

/// The fenced blocks of `language` in a Markdown page, in order.
fn fenced(page: &str, language: &str) -> Vec<String> {
    let open = format!("```{language}\n");
    let mut blocks = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find(&open) {
        let body = &rest[start + open.len()..];
        let end = body.find("```\n").unwrap_or(body.len());
        blocks.push(body[..end].to_string());
        rest = &body[end..];
    }
    blocks
}

/// The one block of `language` in docs/ci.md that contains `needle`.
fn guide_block(language: &str, needle: &str) -> String {
    let mut found: Vec<String> = fenced(&repo_file("docs/ci.md"), language)
        .into_iter()
        .filter(|block| block.contains(needle))
        .collect();
    assert_eq!(found.len(), 1, "docs/ci.md: {needle}");
    found.remove(0)
}

#[test]
fn the_guide_s_shell_lines_install_completions_and_manuals_as_written() {
    let block = guide_block("sh", "nomic completions bash");
    let home = tempfile::tempdir().unwrap();
    let out = std::process::Command::new("sh")
        .args(["-e", "-c", &block])
        .env("HOME", home.path())
        .env("PATH", crate::release::path_with_nomic())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("proposal"));
    let share = home.path().join(".local/share");
    let completion =
        std::fs::read_to_string(share.join("bash-completion/completions/nomic")).unwrap();
    assert!(completion.contains("complete -F"), "{completion}");
    for page in ["nomic.1", "nomic-check.1"] {
        let man = std::fs::read_to_string(share.join("man/man1").join(page)).unwrap();
        assert!(man.starts_with(".ie") || man.contains("\n.TH "), "{page}");
    }
}

#[test]
fn the_guide_s_sarif_step_writes_a_log_for_code_scanning() {
    let step = guide_block("yaml", "--format sarif");
    let yaml: Value = serde_norway::from_str(&step).unwrap();
    let run = yaml[0]["run"].as_str().unwrap().to_string();
    assert_eq!(
        yaml[1]["with"]["sarif_file"].as_str(),
        Some("nomic.sarif"),
        "{step}"
    );
    let dir = tempfile::tempdir().unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check");
    std::fs::copy(
        fixtures.join("dangling-reference.bad.md"),
        dir.path().join("rules.md"),
    )
    .unwrap();
    let out = std::process::Command::new("sh")
        .args(["-e", "-c", &run])
        .current_dir(dir.path())
        .env("PATH", crate::release::path_with_nomic())
        .output()
        .unwrap();
    assert!(out.status.success(), "{run}");
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("nomic.sarif")).unwrap())
            .unwrap();
    assert_eq!(log["version"], "2.1.0");
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert!(results.iter().any(|r| r["ruleId"] == "N401"), "{log}");
    let uri = &results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
    assert_eq!(uri, "rules.md");
}

/// Whether pre-commit's `files:` pattern (a Python regular expression)
/// matches `path`.
fn matches(pattern: &str, path: &str) -> bool {
    let program = "import re, sys; sys.exit(0 if re.search(sys.argv[1], sys.argv[2]) else 1)";
    std::process::Command::new("python3")
        .args(["-c", program, pattern, path])
        .status()
        .expect("python3 runs pre-commit's patterns")
        .success()
}

#[test]
fn the_guide_s_pre_commit_configuration_names_the_hooks_and_keeps_fmt_off_text() {
    let config = guide_block("yaml", "repos:");
    let yaml: Value = serde_norway::from_str(&config).unwrap();
    let repo = &yaml["repos"][0];
    assert!(repo["rev"].as_str().is_some_and(|rev| rev.starts_with('v')));
    let hooks: Value = serde_norway::from_str(&repo_file(".pre-commit-hooks.yaml")).unwrap();
    let defined: Vec<&str> = hooks
        .as_sequence()
        .unwrap()
        .iter()
        .filter_map(|hook| hook["id"].as_str())
        .collect();
    let used = repo["hooks"].as_sequence().unwrap();
    assert!(!used.is_empty());
    for hook in used {
        let id = hook["id"].as_str().unwrap();
        assert!(defined.contains(&id), "the guide uses an unknown hook {id}");
        let files = hook["files"].as_str().unwrap();
        assert!(matches(files, "rules/rules-l.md"), "{id}: {files}");
        if id.starts_with("nomic-fmt") {
            assert!(
                !matches(files, "rules/rules-l.txt"),
                "{id} would re-wrap text"
            );
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(".pre-commit-config.yaml");
    std::fs::write(&file, &config).unwrap();
    let validated = std::process::Command::new("pre-commit")
        .args(["validate-config"])
        .arg(&file)
        .output();
    match validated {
        Ok(out) => assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        ),
        Err(_) => crate::skip::skipped(
            "pre-commit",
            "validating the guide's configuration is",
            "pip install pre-commit",
        ),
    }
}
