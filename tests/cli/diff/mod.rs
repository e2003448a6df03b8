mod elision;
mod git;

use crate::{bundled, Test};
use serde_json::Value;
use std::process::Command;

const EARLY: &str = "nomic-4-long-early.txt";
pub(crate) const LATE: &str = "nomic-4-long.md";

/// The truth between the two bundled Nomic IV rulesets, established by hand:
/// the txt file is the ruleset of early June 2020, the md file that of mid
/// August. Between them 21 rules were enacted and rules 203, 206 and 210 were
/// amended once each (revision 0 → 1, one `Amended (1)` history line). Every
/// other rule differs only in format: wrapping and indentation, list spacing
/// in 207, emphasis in 209 (`*i.e.*`) and 216 (`*n*`), history links, the
/// judgment of 117 in italics, a `#### *History*` heading, a missing blank
/// line after 210. None of that may be reported.
const ENACTED: [u64; 21] = [
    303, 304, 305, 308, 309, 312, 314, 316, 317, 318, 319, 320, 323, 324, 325, 326, 327, 330, 336,
    338, 601,
];
const AMENDED: [u64; 3] = [203, 206, 210];

fn pair(format: &str) -> crate::test::Output {
    Test::new()
        .bundled_file(EARLY, "early.txt")
        .bundled_file(LATE, "late.md")
        .args(["diff", "early.txt", "late.md", "--format", format])
        .run()
        .status(1)
        .stderr_empty()
}

#[test]
fn the_nomic_iv_pair_lists_exactly_the_enactments_and_amendments() {
    let out = pair("json");
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    let changes = json["changes"].as_array().unwrap();
    let listed: Vec<(u64, &str)> = changes
        .iter()
        .map(|c| (c["rule"].as_u64().unwrap(), c["kind"].as_str().unwrap()))
        .collect();
    let mut expected: Vec<(u64, &str)> = Vec::new();
    for rule in AMENDED {
        expected.push((rule, "amended"));
        expected.push((rule, "history"));
    }
    expected.extend(ENACTED.iter().map(|&rule| (rule, "enacted")));
    expected.sort_unstable();
    assert_eq!(listed, expected);

    let words = |rule: u64| -> (String, String) {
        let change = changes
            .iter()
            .find(|c| c["rule"] == rule && c["kind"] == "amended")
            .unwrap();
        assert_eq!(change["revision"]["old"], 0);
        assert_eq!(change["revision"]["new"], 1);
        let pick = |op: &str| -> String {
            change["words"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|w| w["op"] == op)
                .map(|w| w["text"].as_str().unwrap().trim().to_string())
                .collect::<Vec<_>>()
                .join(" | ")
        };
        (pick("removed"), pick("added"))
    };
    assert_eq!(
        words(203),
        (
            "and only if".to_string(),
            "This majority must be more than 15% of total players.".to_string()
        )
    );
    let (removed, added) = words(206);
    assert_eq!(removed, "");
    assert!(
        added.starts_with("If, at the 24-hour mark of a turn"),
        "{added}"
    );
    assert!(added.ends_with("the turn ends immediately."), "{added}");
    let (removed, added) = words(210);
    assert_eq!(removed, "");
    assert!(
        added.starts_with("If at the 24hr mark of a turn"),
        "{added}"
    );
    assert!(added.ends_with("after their turn is started"), "{added}");

    let history = changes
        .iter()
        .find(|c| c["rule"] == 203 && c["kind"] == "history")
        .unwrap();
    assert_eq!(
        history["added"][0]["text"],
        "Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020"
    );
    assert_eq!(history["removed"].as_array().unwrap().len(), 0);
}

#[test]
fn snapshot_human() {
    insta::assert_snapshot!(pair("human").stdout);
}

#[test]
fn snapshot_md() {
    // Every changed rule whole (`--full`); the announcement that fits one
    // Discord message is tested on real weeks in `announce.rs`.
    let full = Test::new()
        .bundled_file(EARLY, "early.txt")
        .bundled_file(LATE, "late.md")
        .args(["diff", "early.txt", "late.md", "--format", "md", "--full"])
        .run()
        .status(1)
        .stderr_empty();
    insta::assert_snapshot!(full.stdout);
}

#[test]
fn snapshot_json() {
    insta::assert_snapshot!(pair("json").stdout);
}

#[test]
fn snapshot_unified() {
    insta::assert_snapshot!(pair("unified").stdout);
}

#[test]
fn snapshot_stat() {
    let out = Test::new()
        .bundled_file(EARLY, "early.txt")
        .bundled_file(LATE, "late.md")
        .args(["diff", "--stat", "early.txt", "late.md"])
        .run()
        .status(1);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn same_meaning_exits_zero_with_no_output() {
    Test::new()
        .bundled_file(LATE, "a.md")
        .bundled_file(LATE, "b.md")
        .args(["diff", "a.md", "b.md"])
        .run()
        .status(0)
        .stdout("")
        .stderr_empty();
}

#[test]
fn layout_only_changes_show_with_layout_and_still_exit_zero() {
    let late = std::fs::read_to_string(bundled(LATE)).unwrap();
    // A quirk of the published file, made canonical: meaning unchanged.
    let fixed = late.replacen("#### *History*", "##### *History*", 1);
    assert_ne!(late, fixed);
    let test = || {
        Test::new()
            .file("a.md", &late)
            .file("b.md", &fixed)
            .args(["diff", "a.md", "b.md"])
    };
    test()
        .run()
        .status(0)
        .stdout("No change in meaning: 1 rule differs in layout only (`--layout` shows it).\n");
    test()
        .arg("--layout")
        .run()
        .status(0)
        .stdout_contains("layout only");
}

#[test]
fn a_revision_alone_and_rewrapping_are_named_not_printed() {
    let late = std::fs::read_to_string(bundled(LATE)).unwrap();
    let heading = "## 213/0";
    assert!(late.contains(heading));
    let revised = late.replacen(heading, "## 213/1", 1);
    let test = |new: &str, format: &str| {
        Test::new()
            .file("a.md", &late)
            .file("b.md", new)
            .args(["diff", "a.md", "b.md", "--format", format])
            .run()
    };
    test(&revised, "human")
        .status(1)
        .stdout("Rule 213: revision 0 → 1\n");
    let json: Value = serde_json::from_str(&test(&revised, "json").status(1).stdout).unwrap();
    assert_eq!(
        json["changes"],
        serde_json::json!([{"kind": "revision", "rule": 213, "old": 0, "new": 1}])
    );
    // Rule 101's first sentence re-wrapped: a soft line break is not meaning.
    let first = "All players must always abide by all the rules";
    assert!(late.contains(first), "rule 101 reads differently");
    let rewrapped = late.replacen(first, "All players must always\nabide by all the rules", 1);
    test(&rewrapped, "human")
        .status(0)
        .stdout("Rule 101: line breaks only\n");
    // Across formats an empty diff says why the files differ.
    Test::new()
        .bundled_file(LATE, "a.md")
        .args(["render", "a.md", "--to", "txt-long", "-o", "a.txt"])
        .run()
        .status(0)
        .then()
        .args(["diff", "a.md", "a.txt"])
        .run()
        .status(0)
        .stdout(
            "No change in meaning: the sides differ only as md-long and txt-long write the \
             same rules (line breaks, markup, and what one of them does not carry).\n",
        );
}

#[test]
fn colour_only_on_request_of_a_terminal() {
    // Not a terminal here: plain markers even without NO_COLOR.
    let out = Test::new()
        .env("NO_COLOR", "")
        .bundled_file(EARLY, "early.txt")
        .bundled_file(LATE, "late.md")
        .args(["diff", "early.txt", "late.md"])
        .run()
        .status(1);
    assert!(!out.stdout.contains('\x1b'));
    assert!(out.stdout.contains("[-and only if-]"), "{}", out.stdout);
}

#[test]
fn unreadable_input_is_trouble() {
    Test::new()
        .file("bad.md", "this is not a ruleset\n")
        .bundled_file(LATE, "rules.md")
        .args(["diff", "bad.md", "rules.md"])
        .run()
        .status(2);
    Test::new()
        .args(["diff", "-", "-"])
        .run()
        .status(2)
        .stderr_contains("only one of OLD and NEW");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    // Enough output to overflow a pipe buffer many times over.
    let big = nomic::model::synthetic_ruleset(3000, 1);
    let small = nomic::model::synthetic_ruleset(5, 1);
    let test = Test::new()
        .file("old.json", serde_json::to_string(&small).unwrap())
        .file("new.json", serde_json::to_string(&big).unwrap());
    let mut child = Command::new(env!("CARGO_BIN_EXE_nomic"))
        .args(["diff", "old.json", "new.json"])
        .current_dir(test.path())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn the_unified_diff_applies_with_patch() {
    // Canonical files, as nomic writes them: the patch applies as it is.
    let original = std::fs::read_to_string(bundled(LATE)).unwrap();
    let ruleset = nomic::parse::parse_str(&original, None).unwrap();
    let options = nomic::render::RenderOptions {
        canonical: true,
        templates: None,
    };
    let old = nomic::render::render(&ruleset, nomic::model::Format::MdLong, &options).unwrap();
    let new = old
        .replace("1d6 points are added", "2d6 points are added")
        .replace("## 338/0\n", "## 338/0 (IMMUTABLE)\n");
    assert_ne!(old, new);
    let out = Test::new()
        .file("rules.md", &old)
        .file("new.md", &new)
        .args(["diff", "--format", "unified", "rules.md", "new.md"])
        .run()
        .status(1);
    assert_eq!(out.stdout.matches("\n@@ ").count(), 2, "{}", out.stdout);
    let status = Command::new("patch")
        .args(["-s", "rules.md", "-i", "-"])
        .current_dir(out.dir.path())
        .stdin(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(out.stdout.as_bytes())?;
            child.wait()
        })
        .expect("patch runs");
    assert!(status.success());
    assert_eq!(out.read("rules.md"), new);
}

#[test]
fn standard_input_is_one_side_and_layout_across_formats_is_noted() {
    let early = std::fs::read(bundled(EARLY)).unwrap();
    let out = Test::new()
        .bundled_file(LATE, "late.md")
        .stdin(early)
        .args(["diff", "--stat", "--layout", "-", "late.md"])
        .run()
        .status(1)
        .stderr_contains("note: --layout compares bytes only between files of one format");
    assert!(out
        .stdout
        .ends_with("24 rules changed: 21 enacted, 3 amended, 3 history\n"));
}

#[test]
fn when_both_sides_fail_the_old_sides_failure_is_reported() {
    Test::new()
        .file("bad.md", "# T\n\n---\n\nno rule heading\n")
        .args(["diff", "bad.md", "missing.md"])
        .run()
        .status(2)
        .stderr_contains("bad.md");
    Test::new()
        .file("old.md", "# T\n\n## 1\n\nA rule.\n")
        .args(["diff", "old.md", "missing.md"])
        .run()
        .status(2)
        .stderr_contains("missing.md");
}

/// The kinds of change `diff --format json` reports between two files.
fn kinds_between(name: &str, old: &str, new: &str) -> Vec<Value> {
    let b = format!("new-{name}");
    let out = Test::new()
        .file(name, old)
        .file(&b, new)
        .args(["diff", name, &b, "--format", "json"])
        .run()
        .status(1);
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    json["changes"].as_array().unwrap().clone()
}

#[test]
fn a_title_change_is_a_change_in_every_format_that_has_titles() {
    let retitled = |changes: &[Value]| {
        changes
            .iter()
            .map(|c| (c["kind"].clone(), c["old"].clone(), c["new"].clone()))
            .collect::<Vec<_>>()
    };
    // A dialect.
    let old = "# Rules\n\n## 1 - Alpha\n\nText one.\n\n## 2 - Beta\n\nText two.\n";
    let changes = kinds_between("rules.md", old, &old.replace("Beta", "Gamma"));
    assert_eq!(
        retitled(&changes),
        [("retitled".into(), "Beta".into(), "Gamma".into())]
    );
    assert_eq!(changes[0]["rule"], 2);
    // The model's own JSON, a built-in format.
    let rule = |title: &str| {
        format!(
            r#"{{"title":"R","rules":[{{"number":7,"title":"{title}","revision":null,"mutability":"mutable","text":"Same.","history":[],"judgments":[]}}]}}"#
        )
    };
    let changes = kinds_between("rules.json", &rule("Old"), &rule("New"));
    assert_eq!(
        retitled(&changes),
        [("retitled".into(), "Old".into(), "New".into())]
    );
    // Agora's FLR: a rule retitled by refiling.
    let flr = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/agora/published/flr.txt"),
    )
    .unwrap();
    let refiled = flr.replacen(
        "Rule 101/17 (Power=4)\nThe Game of Agora\n",
        "Rule 101/17 (Power=4)\nThe Great Game of Agora\n",
        1,
    );
    assert_ne!(refiled, flr);
    let changes = kinds_between("flr.txt", &flr, &refiled);
    assert_eq!(
        retitled(&changes),
        [(
            "retitled".into(),
            "The Game of Agora".into(),
            "The Great Game of Agora".into()
        )]
    );
    // Said in words, too.
    Test::new()
        .file("rules.md", old)
        .file("new.md", old.replace("Beta", "Gamma"))
        .args(["diff", "rules.md", "new.md"])
        .run()
        .status(1)
        .stdout_contains("Rule 2: retitled from “Beta” to “Gamma”");
}
