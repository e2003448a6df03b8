//! `apply --commit` replays a real week (`tests/fixtures/weeks/03-…`, rule
//! 326 enacted) in a git repository as the moderator published it: the new
//! rule's pages in one commit, then the ruleset linking to them with every
//! other form that changed; no page of an untouched rule in either.

use crate::{copy_folder, git, Test};
use std::fs;
use std::path::{Path, PathBuf};

const WEEK: &str = "03-9430fbf-911ba90";
const TEMPLATE: &str = "https://github.com/dmouscher/nomic/blob/{commit}/Game_4/rules/md/{rule}.md";

fn week() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/weeks")
        .join(WEEK)
}

/// Proposal 326 as the moderator's `after/rules-l.md` records it: its
/// header from the history line, its text from the rule's body.
fn proposal_326() -> String {
    let after = fs::read_to_string(week().join("after/rules-l.md")).unwrap();
    let rule = after.split("## 326/0").nth(1).expect("rule 326 in after/");
    let body = rule.split("##### *History*").next().unwrap().trim();
    assert!(rule.contains("Enacted by Proposal 326 (iann39), Jul 18, 2020 (R3T7)"));
    format!("# Proposal 326 (iann39), Jul 18, 2020 (R3T7)\n\nEnact a new rule:\n> {body}\n")
}

/// The files a commit changed, sorted.
fn changed(root: &Path, commit: &str) -> Vec<String> {
    let mut names: Vec<String> = git(root, &["show", "--name-only", "--format=", commit])
        .lines()
        .map(str::to_string)
        .collect();
    names.sort();
    names
}

#[test]
fn apply_commit_replays_a_real_week_in_two_commits() {
    let test = Test::new().file("326.md", proposal_326());
    let root = test.path().to_path_buf();
    let game = root.join("Game_4");
    fs::create_dir_all(&game).unwrap();
    copy_folder(&week().join("before"), &game);
    git(&root, &["init", "-q"]);
    git(&root, &["add", "Game_4"]);
    git(&root, &["commit", "-q", "-m", "before"]);
    let out = test
        .git_user()
        .args([
            "apply",
            "Game_4/rules-l.md",
            "326.md",
            "--in-place",
            "--commit",
        ])
        .args(["--link-template", TEMPLATE])
        .run()
        .status(0)
        .stderr_contains("changed Rule 326");
    let log = git(&root, &["log", "--format=%H %s"]);
    let lines: Vec<(&str, &str)> = log
        .lines()
        .map(|line| line.split_once(' ').unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{log}");
    let (ruleset_commit, subject) = lines[0];
    assert_eq!(subject, "Apply Proposal 326");
    let (pages_commit, subject) = lines[1];
    assert_eq!(subject, "Apply Proposal 326: rule pages");
    assert_eq!(
        changed(&root, pages_commit),
        ["Game_4/rules/md/326.md", "Game_4/rules/txt/326.txt"]
    );
    assert_eq!(
        changed(&root, ruleset_commit),
        [
            "Game_4/rules-l.md",
            "Game_4/rules-l.txt",
            "Game_4/rules-s.md",
            "Game_4/rules-s.txt"
        ]
    );
    assert_eq!(
        git(&root, &["status", "--porcelain", "--untracked-files=no"]),
        ""
    );
    // What the moderator published, but for the commit the link names.
    let after = week().join("after");
    let moderators = fs::read_to_string(after.join("rules-l.md"))
        .unwrap()
        .replace("73294fdc0e90410c1276606be8e42f3727cd9ccf", pages_commit);
    assert_eq!(out.read("Game_4/rules-l.md"), moderators);
    for file in [
        "rules-l.txt",
        "rules-s.txt",
        "rules/md/326.md",
        "rules/txt/326.txt",
    ] {
        assert_eq!(
            out.read(&format!("Game_4/{file}")),
            fs::read_to_string(after.join(file)).unwrap(),
            "{file} as the moderator published it"
        );
    }
    Test::in_dir(&game)
        .args(["build", "rules-l.md", "-o", ".", "--check"])
        .run()
        .status(0)
        .stdout_contains("Everything is up to date.");
}

#[test]
fn the_readme_weekly_job_and_ci_lines_work_on_a_real_week() {
    // The README's lines, as written, in the moderator's folder (a git
    // repository at the week's start), with the week's proposal.
    let test = Test::new();
    let root = test.path().to_path_buf();
    copy_folder(&week().join("before"), &root);
    let test = test.file("proposals/342.md", proposal_326());
    git(&root, &["init", "-q"]);
    git(&root, &["add", "."]);
    git(
        &root,
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "commit",
            "-q",
            "-m",
            "before",
        ],
    );
    // The applied run owns the folder for the rest of the test.
    let _applied = test
        .args(["apply", "rules-l.md", "proposals/342.md", "--in-place"])
        .run()
        .status(0);
    let built = Test::in_dir(&root)
        .args(["build", "rules-l.md", "-o", "."])
        .run()
        .status(0);
    // Only the new rule's pages and the forms that list every rule change.
    assert!(
        built
            .stdout
            .contains("created rules/md/326.md rules/txt/326.txt"),
        "{}",
        built.stdout
    );
    assert!(
        built
            .stdout
            .contains("changed rules-l.txt rules-s.md rules-s.txt"),
        "{}",
        built.stdout
    );
    assert!(!built.stdout.contains("site"), "{}", built.stdout);
    for file in ["rules-l.txt", "rules-s.txt", "rules/txt/326.txt"] {
        assert_eq!(
            fs::read_to_string(root.join(file)).unwrap(),
            fs::read_to_string(week().join("after").join(file)).unwrap(),
            "{file}"
        );
    }
    let told = Test::in_dir(&root)
        .args(["diff", "HEAD:rules-l.md", "rules-l.md", "--format", "md"])
        .run()
        .status(1);
    assert!(told.stdout.contains("326"), "{}", told.stdout);
    assert!(told.stdout.chars().count() <= 2000, "{}", told.stdout);
    // The CI lines that hold for a moderator's own layout.
    Test::in_dir(&root)
        .args(["check", "--format", "github", "rules-l.md"])
        .run()
        .status(0);
    Test::in_dir(&root)
        .args(["build", "rules-l.md", "-o", ".", "--check"])
        .run()
        .status(0)
        .stdout_contains("Everything is up to date.");
}
