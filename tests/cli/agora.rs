//! Agora through the command line: `build` on the bundled source folder.

use crate::Test;
use std::fs;
use std::path::{Path, PathBuf};

pub(crate) fn agora_source() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets/agora/source")
        .display()
        .to_string()
}

pub(crate) fn agora_published() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/agora/published")
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(relative) = stack.pop() {
        for entry in fs::read_dir(dir.join(&relative)).unwrap() {
            let entry = entry.unwrap();
            let name = relative.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                stack.push(name);
            } else {
                out.push(name.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn build_writes_the_published_flr_slr_and_rule_pages_byte_for_byte() {
    let out = Test::new()
        .args(["build", &agora_source(), "-o", "agora"])
        .run()
        .status(0)
        .stdout_contains("created flr.txt slr.txt")
        .stdout_contains("created 298 rule pages in full_rules and short_rules");
    let built = out.dir.path().join("agora");
    // The website in site/ is nomic's own addition to the published set.
    let ours: Vec<String> = files(&built)
        .into_iter()
        .filter(|f| !f.starts_with("site/"))
        .collect();
    // The published set also holds acorn.txt (regulations) and
    // rule_index.json, which nomic does not write.
    let published: Vec<String> = files(&agora_published())
        .into_iter()
        .filter(|f| f != "acorn.txt" && f != "rule_index.json")
        .collect();
    assert_eq!(ours, published);
    for file in &ours {
        let a = fs::read(built.join(file)).unwrap();
        let b = fs::read(agora_published().join(file)).unwrap();
        assert!(a == b, "{file} differs from the published copy");
    }
    // A second build rewrites nothing.
    Test::new()
        .args([
            "build",
            &agora_source(),
            "-o",
            &built.display().to_string(),
            "--check",
        ])
        .run()
        .status(0)
        .stdout_contains("Everything is up to date.");
}

#[test]
fn formats_lists_the_agora_forms() {
    let out = Test::new().arg("formats").run().status(0);
    for name in [
        "agora-yaml",
        "agora-flr",
        "agora-slr",
        "agora-rule",
        "agora-short-rule",
    ] {
        assert!(out.stdout.contains(name), "{name} missing:\n{}", out.stdout);
    }
}

#[test]
fn check_lists_the_real_problems_of_the_source_and_none_of_the_published_rules() {
    let out = Test::new().args(["check", &agora_source()]).run().status(1);
    // Each finding is `severity[CODE]: message`, then ` --> path:line:col`.
    let mut found: Vec<String> = Vec::new();
    let mut code = None;
    for line in out.stdout.lines() {
        if let Some(rest) = line
            .strip_prefix("warning[")
            .or(line.strip_prefix("error["))
        {
            code = rest.split_once(']').map(|(code, _)| code.to_string());
        } else if let (Some(place), Some(code)) = (line.trim().strip_prefix("--> "), code.take()) {
            let file = place.split_once("source/").unwrap().1;
            found.push(format!("{code} {file}"));
        }
    }
    assert_eq!(
        found,
        [
            "A004 rules_data/proposals/4386:1:1",
            "A004 rules_data/proposals/6994:1:1",
            "A004 rules_data/proposals/7242:1:1",
            "A004 rules_data/proposals/7561:1:1",
            "A005 rules_data/rules/2541:1:1",
            "A005 rules_data/rules/2558:1:1",
            "A003 rules_data/rules/2680:54:1",
            "A001 rules_data/rules/2719:1:1",
            "A001 rules_data/rules/2720:1:1",
            "A001 rules_data/rules/2721:1:1",
            "A005 rules_data/rules/2444:1:1",
            "A005 rules_data/rules/2446:1:1",
            "A005 rules_data/rules/2514:1:1",
            "A005 rules_data/rules/2554:1:1",
            "A005 rules_data/rules/2627:1:1",
            "A007 rules_data/rules/2593:90:1",
        ]
    );
    assert!(out.stdout.contains("the date `2023-05-32` does not exist"));
    for file in [
        "flr.txt",
        "slr.txt",
        "full_rules/R101.txt",
        "short_rules/R2718.txt",
    ] {
        let path = agora_published().join(file).display().to_string();
        Test::new()
            .args(["check", &path])
            .run()
            .status(0)
            .stdout_contains("0 errors, 0 warnings");
    }
}

#[test]
fn agora_findings_come_as_annotations_and_sarif_results_like_any_other() {
    let history = "- change:\n    type: enactment\n  date: 2020-05-01\n  agent:\n    proposal: \"10\"\n\
                   - change:\n    type: amendment\n  date: 2020-04-01\n  agent:\n    proposal: \"11\"\n";
    // The source: each finding is a workflow command on its YAML file's line.
    let out = tiny_source(Test::new(), history)
        .args(["check", "--format", "github", "src"])
        .run()
        .status(0);
    assert!(
        out.stdout.contains(
            "::warning file=src/rules_data/rules/1,line=16,col=1,endLine=16,endColumn=19,title=A008::\
             rule 1's history cites proposal 11, which rules_data/proposals lacks"
        ),
        "{}",
        out.stdout
    );
    assert_eq!(
        out.stdout
            .lines()
            .filter(|l| l.starts_with("::warning file="))
            .count(),
        4,
        "{}",
        out.stdout
    );
    // The published FLR: an Agora code, located, a rule of the SARIF run.
    let flr = std::fs::read_to_string(agora_published().join("flr.txt")).unwrap();
    let broken = flr.replacen("Rule 1698/7 (Power=4)", "Rule 1698/8 (Power=4)", 1);
    let line = 1 + broken[..broken.find("Rule 1698/8").unwrap()]
        .matches('\n')
        .count();
    let out = Test::new()
        .file("flr.txt", broken)
        .args(["check", "--format", "sarif", "flr.txt"])
        .run()
        .status(1);
    let log = out.json();
    let run = &log["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{}", out.stdout);
    let result = &results[0];
    assert_eq!(result["ruleId"], "A006");
    assert_eq!(result["level"], "error");
    let rule = &run["tool"]["driver"]["rules"][result["ruleIndex"].as_u64().unwrap() as usize];
    assert_eq!(rule["id"], "A006");
    let location = &result["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "flr.txt");
    assert_eq!(location["region"]["startLine"], line);
}

/// A two-rule source: rule 1 filed, rule 2 cited by nobody.
fn tiny_source(test: Test, history: &str) -> Test {
    test.file(
        "src/rules_data/config/index",
        "- name: Only\n  note: |\n    The one category.\n  rules:\n  - 1\n",
    )
    .file(
        "src/rules_data/rules/1",
        format!(
            "id: 1\nname: First\npower: 1.0\ntext: |\n  Rule 2 and R3 apply.\nhistory:\n{history}annotations: []\n"
        ),
    )
    .file(
        "src/rules_data/proposals/10",
        "id: \"10\"\ntitle: Start\nauthor: Jason\n",
    )
    .file("src/name_replacement_data", "Jason:Janet\n")
}

#[test]
fn check_finds_dates_out_of_order_missing_proposals_and_dangling_citations() {
    let history = "- change:\n    type: enactment\n  date: 2020-05-01\n  agent:\n    proposal: \"10\"\n\
                   - change:\n    type: amendment\n  date: 2020-04-01\n  agent:\n    proposal: \"11\"\n";
    let out = tiny_source(Test::new(), history)
        .args(["check", "src"])
        .run()
        .status(0);
    assert!(
        out.stdout.contains(
            "warning[A008]: rule 1's history cites proposal 11, which rules_data/proposals lacks\n  \
             --> src/rules_data/rules/1:16:1"
        ),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("warning[A007]: rule 1: `Amended(1) by P11, 01 Apr 2020` is dated before"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("warning[A009]: rule 1 cites rule 2, which is not in force"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("warning[A009]: rule 1 cites rule 3, which is not in force"),
        "{}",
        out.stdout
    );
    // The build names the proposal's title and its author's current name.
    let built = tiny_source(Test::new(), history)
        .args(["build", "src", "-o", "out"])
        .run()
        .status(0);
    assert!(built
        .read("out/flr.txt")
        .contains("Enacted by P10 'Start' (Janet), 01 May 2020\nAmended(1) by P11, 01 Apr 2020\n"));
}

#[test]
fn check_finds_a_revision_that_disagrees_with_the_history() {
    let flr = std::fs::read_to_string(agora_published().join("flr.txt")).unwrap();
    let broken = flr.replacen("Rule 1698/7 (Power=4)", "Rule 1698/8 (Power=4)", 1);
    Test::new()
        .file("flr.txt", broken)
        .args(["check", "flr.txt"])
        .run()
        .status(1)
        .stdout_contains("error[A006]: rule 1698/8: its history counts 7 changes");
}

#[test]
fn diff_of_the_flr_and_a_copy_with_one_rule_amended_names_that_rule_word_by_word() {
    let flr = std::fs::read_to_string(agora_published().join("flr.txt")).unwrap();
    let amended = flr.replacen(
        "      Please treat Agora Right Good Forever.",
        "      Please treat Agora Right Good Forever and Ever.",
        1,
    );
    assert_ne!(flr, amended);
    Test::new()
        .file("old.txt", flr)
        .file("new.txt", amended)
        .args(["diff", "old.txt", "new.txt"])
        .run()
        .status(1)
        .stdout("Rule 101: amended\n    … the game never ends. Please treat Agora Right Good Forever {+and Ever+}.\n");
}

#[test]
fn diff_between_two_source_folders_names_the_changed_rule() {
    let history =
        "- change:\n    type: enactment\n  date: 2020-05-01\n  agent:\n    proposal: \"10\"\n";
    let test = tiny_source(Test::new(), history);
    let test = test.file(
        "new/rules_data/config/index",
        "- name: Only\n  note: |\n    The one category.\n  rules:\n  - 1\n",
    )
    .file(
        "new/rules_data/rules/1",
        format!("id: 1\nname: First\npower: 1.0\ntext: |\n  Rule 2 and R4 apply.\nhistory:\n{history}annotations: []\n"),
    );
    test.args(["diff", "src", "new"])
        .run()
        .status(1)
        .stdout_contains("Rule 1: amended")
        .stdout_contains("[-R3-]{+R4+}");
}

#[test]
fn apply_writes_an_agora_history_line_with_number_title_and_authors() {
    let flr = std::fs::read_to_string(agora_published().join("flr.txt")).unwrap();
    let out = Test::new()
        .file("flr.txt", &flr)
        .file(
            "p9400.md",
            "# Proposal 9400 (Janet, G.), Aug 2, 2026: Forever Again\n\n\
             In Rule 101, replace \"Right Good Forever\" with \"Right Good Forever and Ever\".\n",
        )
        .args(["apply", "flr.txt", "p9400.md", "-o", "next.txt"])
        .run()
        .status(0);
    let next = out.read("next.txt");
    let expected = flr
        .replacen("Rule 101/17 (Power=4)", "Rule 101/18 (Power=4)", 1)
        .replacen("Right Good Forever.", "Right Good Forever and Ever.", 1)
        .replacen(
            "Power changed from 3 to 4 by P7889 'Agora Protection Act' (Aris), 26 Sep\n   2017\n",
            "Power changed from 3 to 4 by P7889 'Agora Protection Act' (Aris), 26 Sep\n   2017\n\
             Amended(18) by P9400 'Forever Again' (Janet, G.), 02 Aug 2026\n",
            1,
        );
    assert!(next == expected, "only rule 101 changes, in Agora's style");
}

#[test]
fn renumber_moves_the_rule_in_the_index_and_records_it() {
    let flr = std::fs::read_to_string(agora_published().join("flr.txt")).unwrap();
    let out = Test::new()
        .file("flr.txt", &flr)
        .args(["renumber", "flr.txt", "2718=2730", "-o", "next.txt"])
        .run()
        .status(0);
    let expected = flr
        .replacen("   * Rule 2718: Purchased", "   * Rule 2730: Purchased", 1)
        .replacen("Rule 2718/0 (Power=2.0)", "Rule 2730/0 (Power=2.0)", 1)
        .replacen(
            "Enacted by P9328 'Revival' (ais523), 25 Apr 2026\n",
            "Enacted by P9328 'Revival' (ais523), 25 Apr 2026\nRenumbered\n",
            1,
        );
    assert!(out.read("next.txt") == expected);
}

#[test]
fn refs_reads_agora_citations_in_a_source_folder() {
    let history =
        "- change:\n    type: enactment\n  date: 2020-05-01\n  agent:\n    proposal: \"10\"\n";
    let out = tiny_source(Test::new(), history)
        .args(["refs", "src", "--format", "json"])
        .run()
        .status(0);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(out.stdout.contains("\"R3\""), "{}", out.stdout);
    // Rule 1 cites rules 2 (`Rule 2`) and 3 (`R3`); neither is in force.
    let dangling = json["dangling"].as_array().unwrap();
    assert_eq!(dangling.len(), 2, "{}", out.stdout);
}

#[test]
fn build_with_a_date_and_official_writes_the_flr_as_the_rulekeepor_publishes_it() {
    let out = Test::new()
        .args([
            "build",
            &agora_source(),
            "-o",
            "agora",
            "--date",
            "2026-07-06",
            "--official",
        ])
        .run()
        .status(0);
    let built = out.dir.path().join("agora");
    let read = |dir: &Path, file: &str| fs::read_to_string(dir.join(file)).unwrap();
    // The copy CI writes leaves the date empty and calls the FLR
    // informational; the published monthly report has the day (written as
    // published copies write it, `6 Jul 2026`) and no such notice.
    let ci = read(&agora_published(), "flr.txt");
    let notice = "\nTHIS FULL LOGICAL RULESET IS INFORMATIONAL ONLY AND HAS BEEN MODIFIED TO\n\
                  BE UP TO DATE WITH THE CURRENT SHORT LOGICAL RULESET. FOR THE MOST\n\
                  RECENTLY PUBLISHED FULL LOGICAL RULESET, FOLLOW THIS LINK:\n\
                  https://agoranomic.org/ruleset/flr.txt\n";
    assert!(ci.contains(notice) && ci.contains("\nDate of this ruleset:\n"));
    let official = ci.replacen(notice, "", 1).replacen(
        "\nDate of this ruleset:\n",
        "\nDate of this ruleset: 6 Jul 2026\n",
        1,
    );
    assert!(
        read(&built, "flr.txt") == official,
        "flr.txt is not the official copy"
    );
    // The SLR has the date and nothing else changes; the rule pages carry no header.
    let slr = read(&agora_published(), "slr.txt").replacen(
        "\nDate of this ruleset:\n",
        "\nDate of this ruleset: 6 Jul 2026\n",
        1,
    );
    assert!(read(&built, "slr.txt") == slr, "slr.txt differs");
    assert!(read(&built, "full_rules/R101.txt") == read(&agora_published(), "full_rules/R101.txt"));
}

#[test]
fn build_refuses_a_date_for_a_ruleset_that_is_not_agora_and_a_day_that_does_not_exist() {
    Test::new()
        .file(
            "rules.md",
            "# Rules\n\n## Rule 101\n\nAll players must obey.\n",
        )
        .args(["build", "rules.md", "--date", "2026-07-06"])
        .run()
        .status(2)
        .stderr_contains("they take Agora's source folder");
    Test::new()
        .args(["build", &agora_source(), "--date", "2026-02-30"])
        .run()
        .status(2)
        .stderr_contains("`2026-02-30` is not a day");
}
