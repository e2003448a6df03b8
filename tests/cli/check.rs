//! `nomic check`: findings, formats and exit codes on the fixtures in
//! `tests/fixtures/check` and on the bundled rulesets.

use crate::Test;
use serde_json::Value;
use std::path::Path;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/check");

/// A test whose working directory holds the fixture `name` and the image
/// the clean fixture links.
fn with_fixture(name: &str) -> Test {
    let bytes = std::fs::read(Path::new(FIXTURES).join(name)).unwrap();
    let image = std::fs::read(Path::new(FIXTURES).join("images/303.png")).unwrap();
    Test::new().file(name, bytes).file("images/303.png", image)
}

/// Every check: the fixture that triggers it, the one that does not, the
/// code, and whether the finding is an error (exit 1) or a warning (exit 0).
const CASES: &[(&str, &str, &str, bool)] = &[
    ("duplicate-rule-number.bad.md", "clean.md", "N101", true),
    ("rule-out-of-order.bad.md", "clean.md", "N102", false),
    ("broken-rule-heading.bad.md", "clean.md", "N103", true),
    (
        "broken-rule-heading.bad.txt",
        "clean-plain.txt",
        "N103",
        true,
    ),
    ("swallowed-rule-heading.bad.md", "clean.md", "N104", true),
    ("revision-mismatch.bad.md", "clean.md", "N201", true),
    ("revision-mismatch.bad.txt", "clean.txt", "N201", true),
    (
        "history-dates-out-of-order.bad.md",
        "clean.md",
        "N202",
        false,
    ),
    ("unparsed-history-line.bad.md", "clean.md", "N203", false),
    (
        "unparsed-judgment-line.bad.md",
        "unparsed-judgment-line.ok.md",
        "N204",
        false,
    ),
    (
        "enacted-number-mismatch.bad.md",
        "enacted-number-mismatch.ok.md",
        "N205",
        false,
    ),
    (
        "mutability-contradicts-history.bad.md",
        "mutability-contradicts-history.ok.md",
        "N206",
        true,
    ),
    ("initial-set-mismatch.bad.md", "clean.md", "N301", true),
    (
        "initial-set-rule-missing.bad.md",
        "initial-set-rule-missing.ok.md",
        "N302",
        true,
    ),
    ("dangling-reference.bad.md", "clean.md", "N401", true),
    ("repeated-paragraph.bad.md", "clean.md", "N501", false),
    ("empty-rule.bad.md", "clean.md", "N502", true),
    ("mojibake.bad.md", "mojibake.ok.md", "N601", true),
    ("non-canonical-layout.bad.md", "clean.md", "N701", false),
    ("non-canonical-layout.bad.md", "clean.md", "N702", false),
    ("missing-blank-line.bad.md", "clean.md", "N703", false),
    ("extra-blank-lines.bad.md", "clean.md", "N704", false),
    ("heading-without-revision.bad.md", "clean.md", "N705", false),
    ("irregular-wrap.bad.txt", "clean.txt", "N706", false),
    ("final-newline.bad.md", "clean.md", "N707", false),
    (
        "non-canonical-header.bad.md",
        "mojibake.ok.md",
        "N708",
        false,
    ),
    ("missing-file.bad.md", "clean.md", "N801", true),
    (
        "unknown-suppressed-code.bad.md",
        "unknown-suppressed-code.ok.md",
        "N901",
        false,
    ),
];

#[test]
fn each_fixture_triggers_its_check_and_exits_as_specified() {
    for &(bad, _, code, error) in CASES {
        let out = with_fixture(bad).args(["check", bad]).run();
        assert!(
            out.stdout.contains(&format!("[{code}]")),
            "{bad} should report {code}:\n{}",
            out.stdout
        );
        assert!(
            out.stdout.contains(&format!("--> {bad}:")),
            "{}",
            out.stdout
        );
        let expected = i32::from(error);
        assert_eq!(out.status, expected, "{bad} exit status:\n{}", out.stdout);
        if !error {
            with_fixture(bad)
                .args(["check", "--deny", "warnings", bad])
                .run()
                .status(1)
                .stdout_contains(&format!("error[{code}]"));
        }
    }
}

#[test]
fn each_near_miss_fixture_is_clean_and_exits_0() {
    for &(_, good, _, _) in CASES {
        with_fixture(good)
            .args(["check", "--deny", "warnings", good])
            .run()
            .status(0)
            .stdout("1 file checked: 0 errors, 0 warnings\n");
    }
}

#[test]
fn a_file_that_cannot_be_found_read_or_parsed_exits_2() {
    // A missing file is said to be missing, and is not counted as checked.
    Test::new()
        .args(["check", "absent.md"])
        .run()
        .status(2)
        .stderr_contains("error: absent.md does not exist\n")
        .stdout("0 files checked: 0 errors, 0 warnings; 1 file not found\n");
    let out = Test::new()
        .file("notes.txt", "hello world\nthis is not a ruleset\n")
        .args(["check", "notes.txt"])
        .run()
        .status(2)
        .stderr_contains("error[parse]")
        .stderr_contains("--> notes.txt:2:1");
    assert!(out
        .stdout
        .ends_with("1 file checked: 1 error, 0 warnings; 1 file could not be parsed\n"));
    // One unreadable file among good ones still exits 2, and the others are checked.
    with_fixture("dangling-reference.bad.md")
        .file("notes.txt", "hello world\n")
        .args([
            "check",
            "--format",
            "json",
            "dangling-reference.bad.md",
            "notes.txt",
        ])
        .run()
        .status(2)
        .stdout_contains("\"N401\"");
}

#[test]
fn github_format_prints_workflow_commands() {
    let out = with_fixture("dangling-reference.bad.md")
        .args(["check", "--format", "github", "dangling-reference.bad.md"])
        .run()
        .status(1);
    let line = "::error file=dangling-reference.bad.md,line=40,col=44,endLine=40,endColumn=47,title=N401::rule 303 cites rule 206, which is not in the ruleset";
    assert!(out.stdout.starts_with(line), "{}", out.stdout);
    let out = with_fixture("rule-out-of-order.bad.md")
        .args(["check", "--format", "github", "rule-out-of-order.bad.md"])
        .run()
        .status(0);
    assert!(
        out.stdout
            .starts_with("::warning file=rule-out-of-order.bad.md,line=30,col=1,"),
        "{}",
        out.stdout
    );
}

#[test]
fn standard_input_and_from_are_read() {
    let text =
        std::fs::read_to_string(Path::new(FIXTURES).join("dangling-reference.bad.md")).unwrap();
    Test::new()
        .args(["check", "--from", "md-long", "-"])
        .stdin(text)
        .run()
        .status(1)
        .stdout_contains("--> <stdin>:40:44");
}

#[test]
fn output_has_no_colour_with_no_color_or_off_a_terminal() {
    let out = with_fixture("dangling-reference.bad.md")
        .args(["check", "dangling-reference.bad.md"])
        .env("NO_COLOR", "1")
        .run();
    assert!(!out.stdout.contains('\u{1b}'));
    let out = with_fixture("dangling-reference.bad.md")
        .args(["check", "dangling-reference.bad.md"])
        .env("NO_COLOR", "")
        .run();
    assert!(
        !out.stdout.contains('\u{1b}'),
        "stdout is a pipe, not a terminal"
    );
}

const BUNDLED: &[(&str, i32)] = &[
    ("nomic-1-final.txt", 1),
    ("nomic-3.md", 1),
    ("nomic-4-long-early.txt", 0),
    ("nomic-4-long.md", 1),
    ("nomic-5-initial.txt", 0),
];

#[test]
fn bundled_rulesets_human_and_json_snapshots() {
    for &(name, status) in BUNDLED {
        let out = Test::new()
            .bundled_file(name, name)
            .args(["check", name])
            .run()
            .status(status);
        insta::assert_snapshot!(format!("check-human-{name}"), out.stdout);
        let out = Test::new()
            .bundled_file(name, name)
            .args(["check", "--format", "json", name])
            .run()
            .status(status);
        insta::assert_snapshot!(format!("check-json-{name}"), out.stdout);
    }
}

/// `(code, line)` of every finding `nomic check` reports on a bundled ruleset.
fn findings(name: &str) -> Vec<(String, u64)> {
    let out = Test::new()
        .bundled_file(name, name)
        .args(["check", "--format", "json", name])
        .run();
    let report: Value = serde_json::from_str(&out.stdout).unwrap();
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn lines_of(findings: &[(String, u64)], code: &str) -> Vec<u64> {
    findings
        .iter()
        .filter(|(c, _)| c == code)
        .map(|(_, line)| *line)
        .collect()
}

#[test]
fn known_defects_of_the_bundled_rulesets_are_found_on_their_lines() {
    let nomic1 = findings("nomic-1-final.txt");
    assert_eq!(lines_of(&nomic1, "N401"), [137], "rule 303 cites rule 206");
    assert_eq!(
        lines_of(&nomic1, "N501"),
        [183],
        "rule 310 repeats a paragraph"
    );

    let nomic5 = findings("nomic-5-initial.txt");
    assert_eq!(lines_of(&nomic5, "N501"), [131, 199], "rules 206 and 214");

    let nomic4 = findings("nomic-4-long.md");
    assert_eq!(lines_of(&nomic4, "N801"), [546], "images/319.png");
    assert_eq!(lines_of(&nomic4, "N701"), [725, 737, 745, 753]);
    assert_eq!(lines_of(&nomic4, "N703"), [240]);

    let nomic3 = findings("nomic-3.md");
    assert_eq!(lines_of(&nomic3, "N801"), [215, 220]);
    let mojibake = lines_of(&nomic3, "N601");
    assert!(
        mojibake.contains(&91) && mojibake.contains(&179),
        "{mojibake:?}"
    );

    // Nothing false: no rule of these rulesets breaks the model's rules.
    for (name, found) in [
        ("nomic-1-final.txt", &nomic1),
        ("nomic-3.md", &nomic3),
        ("nomic-4-long.md", &nomic4),
        ("nomic-5-initial.txt", &nomic5),
        (
            "nomic-4-long-early.txt",
            &findings("nomic-4-long-early.txt"),
        ),
    ] {
        for (code, line) in found {
            assert!(
                ![
                    "N101", "N102", "N201", "N202", "N203", "N204", "N205", "N206", "N301", "N302",
                    "N502"
                ]
                .contains(&code.as_str()),
                "{name}: unexpected {code} on line {line}"
            );
        }
    }
}

#[test]
fn json_rulesets_are_checked_with_findings_on_their_lines() {
    let json = Test::new()
        .file(
            "r.md",
            std::fs::read(Path::new(FIXTURES).join("dangling-reference.bad.md")).unwrap(),
        )
        .args(["parse", "r.md"])
        .run()
        .status(0)
        .stdout;
    let out = Test::new()
        .file("r.json", &json)
        .args(["check", "--format", "json", "r.json"])
        .run()
        .status(1);
    let report: Value = serde_json::from_str(&out.stdout).unwrap();
    let codes: Vec<&str> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["N401", "N801"], "{}", out.stdout);
    let line = report["diagnostics"][0]["line"].as_u64().unwrap() as usize;
    assert!(json
        .lines()
        .nth(line - 1)
        .unwrap()
        .contains("as Rule 206 describes"));
}

#[test]
fn help_texts_give_examples() {
    for command in ["check", "fmt"] {
        Test::new()
            .args([command, "--help"])
            .run()
            .status(0)
            .stdout_contains(&format!("Examples:\n  nomic {command} "));
    }
}

#[test]
fn number_problems_point_at_the_heading_in_text_forms_too() {
    with_fixture("revision-mismatch.bad.txt")
        .args(["check", "revision-mismatch.bad.txt"])
        .run()
        .status(1)
        .stdout_contains(
            "--> revision-mismatch.bad.txt:33:1\n   |\n33 | Rule 202/0\n   | ^^^^^^^^^^ revision 0",
        );
}

#[test]
fn every_documented_code_has_a_fixture() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/check.md")).unwrap();
    let documented: Vec<&str> = docs
        .lines()
        .filter_map(|line| line.strip_prefix("| `N"))
        .filter_map(|rest| rest.split('`').next())
        .collect();
    assert!(documented.len() >= 20, "{documented:?}");
    for number in documented {
        let code = format!("N{number}");
        assert!(
            CASES.iter().any(|case| case.2 == code),
            "{code} has no fixture in CASES"
        );
    }
}

#[test]
fn the_human_and_json_summaries_count_a_parse_error_alike() {
    let run = |format: &str| {
        with_fixture("clean.md")
            .file("empty.md", "")
            .args(["check", "--format", format, "empty.md", "clean.md"])
            .run()
            .status(2)
    };
    run("human")
        .stdout_contains("2 files checked: 1 error, 0 warnings; 1 file could not be parsed\n");
    let json: Value = serde_json::from_str(&run("json").stdout).unwrap();
    assert_eq!(json["summary"]["errors"], 1);
    assert_eq!(json["summary"]["warnings"], 0);
}

#[test]
fn per_rule_pages_are_not_checked_as_whole_rulesets() {
    // A page is one rule: citations of other rules, rule 101's Initial Set
    // and rule order cannot be checked on it.
    let built = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["build", "rules.md", "-o", "pub"])
        .run()
        .status(0);
    // Rule 319 links an image that the bundled ruleset lacks too (N801).
    let pages: Vec<String> = ["101", "201", "323"]
        .iter()
        .flat_map(|n| [format!("rules/md/{n}.md"), format!("rules/txt/{n}.txt")])
        .collect();
    let mut test = Test::new();
    for page in &pages {
        test = test.file(page, built.read(&format!("pub/{page}")));
    }
    test.arg("check")
        .args(&pages)
        .run()
        .status(0)
        .stdout_contains("6 files checked: 0 errors, 0 warnings");
}

#[test]
fn a_swallowed_heading_points_at_the_heading_and_names_the_opening_fence() {
    let name = "swallowed-rule-heading.bad.md";
    let out = with_fixture(name)
        .args(["check", name])
        .run()
        .status(1)
        .stdout_contains("error[N104]")
        .stdout_contains(&format!("--> {name}:41:1"))
        .stdout_contains("close the block opened on line 33 before this heading");
    assert!(!out.stdout.contains("N708"), "{}", out.stdout);
}

#[test]
fn irregular_wrapping_is_one_finding_per_rule_and_never_on_lists_or_tables() {
    let ruler = "-".repeat(70);
    let text = format!(
        "NOMIC TEST RULESET (LONG FORMAT)\n\n{}\n{ruler}\nRule 201/0\n\n      \
         Every player who holds the office may propose a change\n      \
         to the rules of the game and every other player votes on\n      \
         it within a day of it being proposed by them.\n\n      \
         The list of Types is as follows:\n\n      \
         • Executive\n      • Legislative, whose members are elected by\n        all players\n\n      \
         ┌──────┬──────┐\n      │ Exec │ 2    │\n      └──────┴──────┘\n\n\
         History:\nInitial mutable Rule 201, Jun 1, 2020\n\n{ruler}",
        "=".repeat(70)
    );
    let out = Test::new()
        .file("rules.txt", &text)
        .args(["check", "rules.txt"])
        .run()
        .status(0);
    assert_eq!(out.stdout.matches("[N706]").count(), 1, "{}", out.stdout);
    assert!(
        out.stdout
            .contains("warning[N706]: 3 lines wrapped differently from the canonical 70 columns"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("the first of 3 lines"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("= help: `nomic fmt` rewrites the file in canonical form"),
        "{}",
        out.stdout
    );
}

#[test]
fn allow_warn_and_deny_take_codes_and_names_and_a_code_wins_over_deny_warnings() {
    let bad = "missing-blank-line.bad.md";
    let run = |args: &[&str]| with_fixture(bad).arg("check").args(args).arg(bad).run();
    run(&[]).status(0).stdout_contains("warning[N703]");
    run(&["--allow", "N703"])
        .status(0)
        .stdout("1 file checked: 0 errors, 0 warnings\n");
    run(&["--allow", "missing-blank-line"])
        .status(0)
        .stdout("1 file checked: 0 errors, 0 warnings\n");
    run(&["--deny", "N703"])
        .status(1)
        .stdout_contains("error[N703]");
    run(&["--deny", "warnings", "--warn", "missing-blank-line"])
        .status(0)
        .stdout_contains("warning[N703]");
    run(&["--allow", "N999"])
        .status(2)
        .stderr_contains("`N999` is not a finding code or name");
    run(&["--warn", "warnings"])
        .status(2)
        .stderr_contains("`warnings` can only be denied");
}

#[test]
fn the_check_table_of_nomic_toml_sets_levels_for_the_files_below_it() {
    let bad = "missing-blank-line.bad.md";
    let bytes = std::fs::read(Path::new(FIXTURES).join(bad)).unwrap();
    let image = std::fs::read(Path::new(FIXTURES).join("images/303.png")).unwrap();
    let test = || {
        Test::new()
            .file("nomic.toml", "[check]\nallow = [\"missing-blank-line\"]\n")
            .file(&format!("game/{bad}"), &bytes)
            .file("game/images/303.png", &image)
    };
    test()
        .args(["check", &format!("game/{bad}")])
        .run()
        .status(0)
        .stdout("1 file checked: 0 errors, 0 warnings\n");
    // The command line comes after the file.
    test()
        .args(["check", "--deny", "N703", &format!("game/{bad}")])
        .run()
        .status(1)
        .stdout_contains("error[N703]");
    // Beside the file, a `nomic.toml` of only `[check]` describes no dialect.
    test()
        .file(
            &format!("game/{}", "nomic.toml"),
            "[check]\nwarn = [\"N801\"]\n",
        )
        .args(["check", "--allow", "N703", &format!("game/{bad}")])
        .run()
        .status(0)
        .stdout("1 file checked: 0 errors, 0 warnings\n");
    Test::new()
        .file("nomic.toml", "[check]\nallw = [\"N703\"]\n")
        .file(bad, &bytes)
        .args(["check", bad])
        .run()
        .status(2)
        .stderr_contains("unknown field `allw`");
}

#[test]
fn an_inline_comment_allows_a_code_in_its_rule_in_markdown_and_text_forms() {
    let bad = "dangling-reference.bad.md";
    let text = std::fs::read_to_string(Path::new(FIXTURES).join(bad)).unwrap();
    let citing = text
        .find("## 303")
        .expect("rule 303 cites the missing rule");
    let at = citing + text[citing..].find("\n\n").unwrap();
    let allowed = format!(
        "{}\n\n<!-- nomic: allow dangling-reference -->{}",
        &text[..at],
        &text[at..]
    );
    let out = with_fixture(bad)
        .file(bad, &allowed)
        .args(["check", bad])
        .run()
        .status(0);
    assert!(!out.stdout.contains("N401"), "{}", out.stdout);
    let unknown = allowed.replace("allow dangling-reference", "allow dangling-referense");
    with_fixture(bad)
        .file(bad, unknown)
        .args(["check", bad])
        .run()
        .status(1)
        .stdout_contains("warning[N901]: `dangling-referense` is not a finding code or name");
    // A text form has no comments: the suppression is a line of its own in brackets.
    let txt = "irregular-wrap.bad.txt";
    let text = std::fs::read_to_string(Path::new(FIXTURES).join(txt)).unwrap();
    with_fixture(txt)
        .args(["check", txt])
        .run()
        .status(0)
        .stdout_contains("[N706]");
    let heading = "Rule 101/0 (IMMUTABLE)\n\n";
    let allowed = text.replacen(
        heading,
        &format!("{heading}      [nomic: allow N706]\n\n"),
        1,
    );
    let out = Test::new()
        .file(txt, allowed)
        .args(["check", txt])
        .run()
        .status(0);
    assert!(!out.stdout.contains("N706"), "{}", out.stdout);
}

#[test]
fn statistics_count_the_findings_of_each_code_most_first() {
    let out = Test::new()
        .bundled_file("nomic-3.md", "nomic-3.md")
        .args(["check", "--statistics", "nomic-3.md"])
        .run()
        .status(1);
    let table: Vec<&str> = out
        .stdout
        .lines()
        .skip_while(|line| !line.starts_with("1 file checked"))
        .skip(1)
        .collect();
    assert!(!table.is_empty(), "{}", out.stdout);
    let counts: Vec<usize> = table
        .iter()
        .map(|row| row.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{table:?}");
    assert!(
        table.iter().any(|row| row.ends_with("N601  mojibake")),
        "{table:?}"
    );
    let listed: usize = counts.iter().sum();
    assert_eq!(listed, 34 + 3, "{table:?}");
    let json = Test::new()
        .bundled_file("nomic-3.md", "nomic-3.md")
        .args(["check", "--statistics", "--format", "json", "nomic-3.md"])
        .run()
        .status(1)
        .json();
    let rows = json["statistics"].as_array().unwrap();
    assert_eq!(rows.len(), table.len());
    assert_eq!(
        rows.iter()
            .map(|r| r["count"].as_u64().unwrap())
            .sum::<u64>(),
        37
    );
}

#[test]
fn sarif_holds_every_code_as_a_rule_and_each_finding_as_a_located_result() {
    let out = with_fixture("dangling-reference.bad.md")
        .args(["check", "--format", "sarif", "dangling-reference.bad.md"])
        .run()
        .status(1);
    let log: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "nomic");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert!(rules
        .iter()
        .any(|r| r["id"] == "N401" && r["name"] == "dangling-reference"));
    let result = &run["results"][0];
    assert_eq!(result["ruleId"], "N401");
    assert_eq!(result["level"], "error");
    let location = &result["locations"][0]["physicalLocation"];
    assert_eq!(
        location["artifactLocation"]["uri"],
        "dangling-reference.bad.md"
    );
    assert_eq!(location["region"]["startLine"], 40);
    assert_eq!(location["region"]["startColumn"], 44);
}

#[test]
fn a_folder_is_checked_as_every_ruleset_in_it_per_rule_pages_included() {
    let forms = "md-long,txt-long,md-short,txt-short,md-rule,txt-rule";
    let built = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file("Game_4/README.md", "# Game 4\n\nThe rules of game 4.\n")
        .args(["build", "rules.md", "-o", "Game_4", "--forms", forms])
        .run()
        .status(0);
    let published = crate::files_under(&built.dir.path().join("Game_4"))
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "md" || e == "txt"))
        .count()
        - 1;
    assert!(published > 20, "{published}");
    // The README holds no rules: it is passed over and said to be.
    built
        .then()
        .args(["check", "Game_4/"])
        .run()
        .stdout_contains(&format!("{published} files checked: "))
        .stdout_contains("; 1 file skipped: no rules in it");
}

#[test]
fn a_folder_walk_passes_over_a_documentation_page_whose_lists_restart() {
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/dialects.md"),
    )
    .unwrap();
    let test = Test::new()
        .bundled_file("nomic-4-long.md", "rules-l.md")
        .file("docs/dialects.md", &docs);
    let walked = Test::in_dir(test.path())
        .args(["check", "--format", "json", "."])
        .run();
    let report = walked.json();
    let files: Vec<&str> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["rules-l.md"], "{}", walked.stdout);
    assert_eq!(report["skipped"], 1, "{}", walked.stdout);
    // Named on the command line, the page is checked as asked.
    let named = Test::in_dir(test.path())
        .args(["check", "--format", "json", "docs/dialects.md"])
        .run();
    assert_eq!(named.json()["files"][0]["file"], "docs/dialects.md");
}
