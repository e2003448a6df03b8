//! A folder of rule files (one rule per file) given to every command that
//! takes a ruleset, on two real folders: audiodude/tiny-nomic's
//! `immutable_rules/` (rules 101-119, the number and title in the file
//! name, `101_Abide-by-all-the-rules.md`) and mburns/nomic's rule files
//! (27 rules, `rule101.md`, with front matter `RULE: 101` and a copyright
//! section). Commands that write work on copies.

use crate::{copy_folder, Test};
use std::path::{Path, PathBuf};

const TINY: &str = "audiodude-tiny-nomic/immutable_rules";
const MBURNS: &str = "mburns-nomic/root-rule-files";

fn corpus(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/corpus")
        .join(folder)
}

/// A test whose folder holds a copy of `folder` as `rules/`.
fn with_copy(folder: &str) -> Test {
    let test = Test::new();
    copy_folder(&corpus(folder), &test.path().join("rules"));
    test
}

#[test]
fn render_writes_a_folder_as_one_ruleset() {
    for (folder, rules, first) in [
        (TINY, 19, "All players must always abide by all the rules"),
        (MBURNS, 27, "All players must always abide by all the rules"),
    ] {
        let out = with_copy(folder)
            .args(["render", "rules", "--to", "json"])
            .run()
            .status(0);
        let json = out.json();
        let list = json["rules"].as_array().unwrap();
        assert_eq!(list.len(), rules, "{folder}");
        assert_eq!(list[0]["number"], 101, "{folder}");
        assert!(
            list[0]["text"].as_str().unwrap().starts_with(first),
            "{folder}"
        );
        // The default form of a folder is the Markdown ruleset.
        with_copy(folder)
            .args(["render", "rules"])
            .run()
            .status(0)
            .stdout_contains(first);
    }
}

#[test]
fn diff_takes_two_folders_and_a_folder_and_a_file() {
    let test = with_copy(TINY);
    // Both folders are named `rules`, as the ruleset's title is the folder's name.
    copy_folder(&corpus(TINY), &test.path().join("new/rules"));
    let file = test.path().join("new/rules/105_Eligible-voters.md");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace("Every player", "Each player")).unwrap();
    let out = Test::in_dir(test.path())
        .args(["diff", "rules", "new/rules"])
        .run()
        .status(1);
    assert_eq!(
        out.stdout,
        "Rule 105: amended\n    [-Every-]{+Each+} player is an eligible voter. Every eligible \
         voter must participate in\n    every vote on rule-changes.\n"
    );
    // The folder against the same rules as one file: nothing changed.
    let json = Test::in_dir(test.path())
        .args(["render", "rules", "--to", "json"])
        .run()
        .status(0)
        .stdout;
    std::fs::write(test.path().join("rules.json"), json).unwrap();
    Test::in_dir(test.path())
        .args(["diff", "rules", "rules.json"])
        .run()
        .status(0)
        .stdout_contains("No change in meaning: the sides differ only as md-rule and json");
}

#[test]
fn refs_lists_the_citations_of_a_folder() {
    with_copy(MBURNS)
        .args(["refs", "rules", "--format", "json"])
        .run()
        .status(0)
        .stdout_contains("\"cites\"");
    with_copy(TINY)
        .args(["refs", "rules"])
        .run()
        .status(0)
        .stdout_contains("101   101-119");
}

#[test]
fn fmt_rewrites_the_rule_files_it_would_change_and_no_other() {
    let test = with_copy(TINY);
    let check = Test::in_dir(test.path())
        .args(["fmt", "--check", "rules"])
        .run()
        .status(1);
    // The files without a final newline get one, runs of blank lines
    // shrink; the others are canonical.
    assert!(
        check
            .stdout
            .contains("+++ b/rules/101_Abide-by-all-the-rules.md"),
        "{}",
        check.stdout
    );
    assert!(
        check
            .stderr
            .contains("6 files not in canonical form (13 already canonical)"),
        "{}",
        check.stderr
    );
    let before = std::fs::read_to_string(test.path().join("rules/102_Mutability.md")).unwrap();
    Test::in_dir(test.path())
        .args(["fmt", "rules"])
        .run()
        .status(0)
        .stdout_contains("formatted rules/101_Abide-by-all-the-rules.md");
    assert_eq!(
        std::fs::read_to_string(test.path().join("rules/102_Mutability.md")).unwrap(),
        before
    );
    Test::in_dir(test.path())
        .args(["fmt", "--check", "rules"])
        .run()
        .status(0);
}

#[test]
fn renumber_renames_the_rule_file_and_its_front_matter() {
    let test = with_copy(MBURNS);
    Test::in_dir(test.path())
        .args(["renumber", "rules", "110=150", "--in-place"])
        .run()
        .status(0)
        .stderr_contains("rules: 1 file written, 1 removed");
    assert!(!test.path().join("rules/rule110.md").exists());
    let moved = std::fs::read_to_string(test.path().join("rules/rule150.md")).unwrap();
    let old = std::fs::read_to_string(corpus(MBURNS).join("rule110.md")).unwrap();
    assert_eq!(moved, old.replacen("RULE: 110", "RULE: 150", 1));

    let test = with_copy(TINY);
    Test::in_dir(test.path())
        .args(["renumber", "rules", "110=150", "--in-place"])
        .run()
        .status(0);
    let name = "150_Immutable-rules-take-precedence.md";
    assert!(test.path().join("rules").join(name).exists());
    assert!(!test
        .path()
        .join("rules/110_Immutable-rules-take-precedence.md")
        .exists());
}

#[test]
fn apply_writes_amended_enacted_and_repealed_rules_into_the_folder() {
    let test = with_copy(MBURNS).file(
        "342.md",
        "# Proposal 342 (Ann), Aug 24, 2020\n\n\
         Enact a new immutable rule as Rule 117:\n> Rules are fun.\n\n\
         Repeal Rule 213.\n",
    );
    Test::in_dir(test.path())
        .args(["apply", "rules", "342.md", "--in-place"])
        .run()
        .status(0)
        .stderr_contains("repealed Rule 213");
    let rules = test.path().join("rules");
    assert!(!rules.join("rule213.md").exists());
    // A new file named and fielded as the folder's others are.
    let enacted = std::fs::read_to_string(rules.join("rule117.md")).unwrap();
    assert!(enacted.contains("RULE: 117\n"), "{enacted}");
    assert!(enacted.ends_with("Rules are fun.\n"), "{enacted}");
    // The other files keep their bytes.
    let kept = std::fs::read(rules.join("rule101.md")).unwrap();
    assert_eq!(
        kept,
        std::fs::read(corpus(MBURNS).join("rule101.md")).unwrap()
    );
    // Without --in-place or -o there is nowhere to write a folder.
    with_copy(MBURNS)
        .file("342.md", "# Proposal 342 (Ann)\n\nRepeal Rule 213.\n")
        .args(["apply", "rules", "342.md"])
        .run()
        .status(2)
        .stderr_contains("give --in-place");
}

#[test]
fn build_publishes_a_folder_in_every_form() {
    let out = with_copy(TINY)
        .args(["build", "rules", "-o", "out", "--forms", "md-long,md-rule"])
        .run()
        .status(0);
    assert!(out.exists("out/rules-l.md"), "{}", out.stdout);
    assert!(out.exists("out/rules/md/119.md"), "{}", out.stdout);
    assert!(out
        .read("out/rules-l.md")
        .contains("Every player is an eligible voter"));
}

#[test]
fn site_writes_a_page_for_every_rule_of_a_folder() {
    for (folder, rules) in [(TINY, 19), (MBURNS, 27)] {
        let test = with_copy(folder);
        let model = Test::in_dir(test.path())
            .args(["parse", "rules"])
            .run()
            .status(0)
            .json();
        let numbers: Vec<u64> = model["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|rule| rule["number"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers.len(), rules, "{folder}");
        let out = Test::in_dir(test.path())
            .args(["site", "rules", "-o", "site"])
            .run()
            .status(0);
        let index = out.read("site/index.html");
        for number in numbers {
            assert!(
                index.contains(&format!("<li id=\"r{number}\"")),
                "{folder}: rule {number} is not on the index"
            );
            assert!(
                out.exists(&format!("site/rules/{number}.html")),
                "{folder}: rule {number} has no page"
            );
        }
        assert_eq!(index.matches("<li id=\"r").count(), rules, "{folder}");
    }
    // Changes pages come from one file's history: a folder has none to give.
    with_copy(TINY)
        .args(["site", "rules", "-o", "site", "--git"])
        .run()
        .status(2)
        .stderr_contains("--git: rules is a folder");
}

#[test]
fn dialect_infer_on_a_folder_says_that_it_needs_no_dialect_file() {
    with_copy(TINY)
        .args(["dialect", "infer", "rules"])
        .run()
        .status(2)
        .stderr_contains("rules is a folder: a folder of rule files needs no dialect file")
        .stderr_contains("`nomic dialect folder rules` prints how it reads");
}

#[test]
fn simulate_plays_a_folder_as_the_same_rules_in_one_file() {
    let test = with_copy(MBURNS);
    let json = Test::in_dir(test.path())
        .args(["render", "rules", "--to", "json"])
        .run()
        .status(0)
        .stdout;
    std::fs::write(test.path().join("rules.json"), json).unwrap();
    let play = |ruleset: &str| {
        Test::in_dir(test.path())
            .args([
                "simulate",
                "--monte-carlo",
                "300",
                "--players",
                "5",
                "--seed",
                "7",
            ])
            .args(["--ruleset", ruleset, "--format", "json"])
            .run()
            .status(0)
            .json()
    };
    // The same games: the engine reads the same voting rules from both.
    let folder = play("rules");
    assert_eq!(folder, play("rules.json"));
    assert_eq!(folder["games"], 300, "{folder}");
    assert!(folder["proposals"].as_u64().unwrap() > 0, "{folder}");
}
