//! Either side as `REVISION:PATH`, read through git.

use super::LATE;
use crate::{bundled, Test};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args([
            "-c",
            "user.name=Moderator",
            "-c",
            "user.email=mod@example.org",
        ])
        .args(args)
        .current_dir(dir)
        .env("GIT_CEILING_DIRECTORIES", dir.parent().unwrap())
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

/// Makes `dir` a repository whose first commit holds its files.
fn init_repository(dir: &Path) {
    git(dir, &["init", "-q"]);
    git(dir, &["add", "."]);
    git(dir, &["commit", "-q", "-m", "one"]);
}

#[test]
fn a_git_revision_diffs_against_the_working_file() {
    let late = std::fs::read_to_string(bundled(LATE)).unwrap();
    let amended = late.replace(
        "extended by 24 more hours. If,",
        "extended by 12 more hours. If,",
    );
    assert_ne!(late, amended);
    let test = Test::new().file("rules/rules-l.md", &late);
    let dir = test.path().to_path_buf();
    init_repository(&dir);
    std::fs::write(dir.join("rules/rules-l.md"), &amended).unwrap();
    git(&dir, &["commit", "-q", "-a", "-m", "two"]);
    let ceiling = dir.parent().unwrap().to_str().unwrap().to_string();
    let out = test
        .env("GIT_CEILING_DIRECTORIES", &ceiling)
        .args([
            "diff",
            "--format",
            "json",
            "HEAD~1:rules/rules-l.md",
            "rules/rules-l.md",
        ])
        .run()
        .status(1)
        .stderr_empty();
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(json["changes"][0]["kind"], "amended");
    assert_eq!(json["changes"][0]["rule"], 206);
    assert_eq!(json["changes"].as_array().unwrap().len(), 1);
    let changed: Vec<(&str, &str)> = json["changes"][0]["words"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["op"] != "equal")
        .map(|w| (w["op"].as_str().unwrap(), w["text"].as_str().unwrap()))
        .collect();
    assert_eq!(changed, [("removed", "24"), ("added", "12")]);
}

#[test]
fn head_against_the_working_copy_and_unknown_revisions() {
    let late = std::fs::read_to_string(bundled(LATE)).unwrap();
    let test = Test::new().file("rules.md", &late);
    let dir = test.path().to_path_buf();
    init_repository(&dir);
    std::fs::write(
        dir.join("rules.md"),
        late.replace("1d6 points", "2d6 points"),
    )
    .unwrap();
    std::fs::write(dir.join("copy.md"), &late).unwrap();
    let ceiling = dir.parent().unwrap().to_str().unwrap().to_string();
    let out = test
        .env("GIT_CEILING_DIRECTORIES", &ceiling)
        .args(["diff", "HEAD:rules.md", "rules.md"])
        .run()
        .status(1);
    assert!(out.stdout.contains("Rule 212: amended"), "{}", out.stdout);
    assert!(out.stdout.contains("[-1d6-]{+2d6+}"), "{}", out.stdout);

    let again = Test::new().file("rules.md", &late);
    let dir = again.path().to_path_buf();
    init_repository(&dir);
    again
        .env("GIT_CEILING_DIRECTORIES", &ceiling_of(&dir))
        .args(["diff", "HEAD~3:rules.md", "rules.md"])
        .run()
        .status(2)
        .stderr_contains("cannot read `HEAD~3:rules.md` from git");
}

fn ceiling_of(dir: &Path) -> String {
    dir.parent().unwrap().to_str().unwrap().to_string()
}

#[test]
fn a_revision_outside_a_repository_is_a_clear_error() {
    let test = Test::new().bundled_file(LATE, "rules.md");
    let ceiling = ceiling_of(test.path());
    test.env("GIT_CEILING_DIRECTORIES", &ceiling)
        .args(["diff", "HEAD~1:rules.md", "rules.md"])
        .run()
        .status(2)
        .stderr_contains("not inside a git repository");
}

#[test]
fn an_existing_file_wins_over_a_revision_reading() {
    let test = Test::new()
        .bundled_file(LATE, "v1:rules.md")
        .bundled_file(LATE, "rules.md");
    let ceiling = ceiling_of(test.path());
    test.env("GIT_CEILING_DIRECTORIES", &ceiling)
        .args(["diff", "v1:rules.md", "rules.md"])
        .run()
        .status(0)
        .stderr_empty();
}

#[test]
fn a_revision_path_beside_you_works_from_a_subdirectory() {
    // The moderator's checkout holds one folder per game; they stand in
    // `Game_4/` and name the file beside them, as `git show` would need
    // `HEAD~1:./rules-l.md` for.
    let late = std::fs::read_to_string(bundled(LATE)).unwrap();
    let test = Test::new().file("Game_4/rules-l.md", &late);
    let dir = test.path().to_path_buf();
    git(&dir, &["init", "-q"]);
    git(&dir, &["add", "."]);
    git(&dir, &["commit", "-q", "-m", "one"]);
    std::fs::write(
        dir.join("Game_4/rules-l.md"),
        late.replace("1d6 points", "2d6 points"),
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_nomic"))
        .args(["diff", "HEAD:rules-l.md", "rules-l.md"])
        .current_dir(dir.join("Game_4"))
        .env("NO_COLOR", "1")
        .env("GIT_CEILING_DIRECTORIES", ceiling_of(&dir))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("[-1d6-]{+2d6+}"), "{stdout}");

    // A path that exists nowhere still gets git's own reason.
    let missing = Command::new(env!("CARGO_BIN_EXE_nomic"))
        .args(["diff", "HEAD:nope.md", "rules-l.md"])
        .current_dir(dir.join("Game_4"))
        .env("GIT_CEILING_DIRECTORIES", ceiling_of(&dir))
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&missing.stderr).contains("cannot read `HEAD:nope.md` from git")
    );
}
