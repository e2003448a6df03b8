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

/// Writes the `rules` folder of `test` as one file, `rules.json`.
fn write_as_json(test: &Test) {
    let json = Test::in_dir(test.path())
        .args(["render", "rules", "--to", "json"])
        .run()
        .status(0)
        .stdout;
    std::fs::write(test.path().join("rules.json"), json).unwrap();
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
    write_as_json(&test);
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
    write_as_json(&test);
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

/// The JSON report of `nomic check ARGS` in `test`'s folder, with its exit
/// status.
fn check_json(test: &Test, args: &[&str]) -> (i32, serde_json::Value) {
    let out = Test::in_dir(test.path())
        .arg("check")
        .args(args)
        .args(["--format", "json"])
        .run();
    (out.status, out.json())
}

/// The (file, code) of every finding of a JSON report.
fn findings(json: &serde_json::Value) -> Vec<(String, String)> {
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let text = |key: &str| d[key].as_str().unwrap().to_string();
            (text("file"), text("code"))
        })
        .collect()
}

#[test]
fn check_reads_a_folder_as_one_ruleset_of_its_rule_files() {
    // mburns/nomic holds all 27 rules that rule 101's Initial Set names:
    // only warnings.
    with_copy(MBURNS)
        .args(["check", "rules"])
        .run()
        .status(0)
        .stdout_contains("\n27 files checked: 0 errors, ");
    // tiny-nomic's rule 101 cites rules 201-215 of its `mutable_rules/`,
    // which the copy lacks: the ruleset-wide checks say so, on rule 101's
    // file. No numbered list item is read as a rule.
    let out = with_copy(TINY).args(["check", "rules"]).run().status(1);
    assert!(
        out.stdout.contains("\n19 files checked: 2 errors, "),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("skipped"), "{}", out.stdout);
    assert!(!out.stdout.contains("rule 5 "), "{}", out.stdout);
    let (_, json) = check_json(&with_copy(TINY), &["rules"]);
    let errors: Vec<(String, String)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| (d["file"].to_string(), d["code"].to_string()))
        .collect();
    let first = "\"rules/101_Abide-by-all-the-rules.md\"".to_string();
    assert_eq!(
        errors,
        [
            (first.clone(), "\"N401\"".to_string()),
            (first, "\"N302\"".to_string())
        ]
    );
    assert_eq!(json["files"].as_array().unwrap().len(), 19);
}

#[test]
fn check_finds_in_a_folder_what_fmt_would_change_and_nothing_else() {
    for folder in [TINY, MBURNS] {
        let test = with_copy(folder);
        let fmt = Test::in_dir(test.path())
            .args(["fmt", "--check", "rules"])
            .run();
        let mut changed: Vec<String> = fmt
            .stdout
            .lines()
            .filter_map(|line| line.strip_prefix("+++ b/"))
            .map(str::to_string)
            .collect();
        let (_, json) = check_json(&test, &["rules"]);
        let mut layout: Vec<String> = findings(&json)
            .into_iter()
            .filter(|(_, code)| code.starts_with("N70"))
            .map(|(file, _)| file)
            .collect();
        layout.dedup();
        changed.sort();
        layout.sort();
        assert!(!changed.is_empty(), "{folder}");
        assert_eq!(layout, changed, "{folder}");
    }
}

#[test]
fn a_number_in_two_rule_files_names_both_files() {
    let test = with_copy(MBURNS);
    let rules = test.path().join("rules");
    std::fs::copy(rules.join("rule105.md"), rules.join("extra.md")).unwrap();
    let out = Test::in_dir(test.path())
        .args(["check", "rules"])
        .run()
        .status(1)
        .stdout_contains("\n28 files checked: 1 error, ");
    // The copy comes first in the folder's order; the rule's own file is
    // the second use of the number.
    assert!(
        out.stdout
            .contains("error[N101]: rule 105 appears more than once\n --> rules/rule105.md:2:1\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("rule 105 is already on rules/extra.md:2"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_dangling_reference_is_reported_at_its_file_line_and_column_in_every_format() {
    let test = with_copy(MBURNS);
    let file = test.path().join("rules/rule202.md");
    let text = std::fs::read_to_string(&file).unwrap();
    let text = text.replacen("\n# Copyright", "\nSee also Rule 999.\n\n# Copyright", 1);
    std::fs::write(&file, &text).unwrap();
    let at = text.find("999").unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    let place = format!("rules/rule202.md:{line}:{column}");
    Test::in_dir(test.path())
        .args(["check", "rules"])
        .run()
        .status(1)
        .stdout_contains(&format!(
            "error[N401]: rule 202 cites rule 999, which is not in the ruleset\n  --> {place}\n"
        ));
    Test::in_dir(test.path())
        .args(["check", "rules", "--format", "github"])
        .run()
        .status(1)
        .stdout_contains(&format!(
            "::error file=rules/rule202.md,line={line},col={column},"
        ));
    let sarif = Test::in_dir(test.path())
        .args(["check", "rules", "--format", "sarif"])
        .run()
        .status(1)
        .json();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let result = results.iter().find(|r| r["ruleId"] == "N401").unwrap();
    let location = &result["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "rules/rule202.md");
    assert_eq!(location["region"]["startLine"], line);
    assert_eq!(location["region"]["startColumn"], column);
    let (status, json) = check_json(&test, &["rules"]);
    assert_eq!(status, 1);
    let dangling: Vec<&serde_json::Value> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "N401")
        .collect();
    assert_eq!(dangling.len(), 1, "{json}");
    assert_eq!(dangling[0]["file"], "rules/rule202.md");
    assert_eq!(dangling[0]["line"], line);
    assert_eq!(dangling[0]["column"], column);
    let listed = json["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["file"] == "rules/rule202.md")
        .unwrap();
    assert_eq!(listed["errors"], 1);
}

#[test]
fn check_dot_finds_a_rule_folder_and_a_whole_ruleset_beside_it() {
    let test = with_copy(MBURNS).bundled_file("nomic-4-long.md", "rules.md");
    let (_, both) = check_json(&test, &["."]);
    let (_, folder) = check_json(&test, &["rules"]);
    let (_, file) = check_json(&test, &["rules.md"]);
    let mut apart = findings(&folder);
    apart.extend(findings(&file));
    let mut together = findings(&both);
    apart.sort();
    together.sort();
    assert_eq!(together, apart);
    assert!(together.iter().any(|(file, _)| file == "rules.md"));
    assert_eq!(both["files"].as_array().unwrap().len(), 28);
    Test::in_dir(test.path())
        .args(["check", "."])
        .run()
        .stdout_contains("\n28 files checked: ");
}

#[test]
fn a_folder_named_for_its_mutability_gives_it_to_its_rules() {
    // `immutable_rules/` itself, as when its parent folder is given.
    let model = Test::new()
        .args(["parse", &corpus(TINY).display().to_string()])
        .run()
        .status(0)
        .json();
    let rules = model["rules"].as_array().unwrap();
    assert_eq!(rules.len(), 19);
    for rule in rules {
        assert_eq!(rule["mutability"], "immutable", "{rule}");
    }
}
