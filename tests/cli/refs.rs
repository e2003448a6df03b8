use crate::Test;

const SMALL: &str = "# NOMIC IV RULESET (SHORT FORMAT)\n---\n## 101 (IMMUTABLE)\n\nRules 101-102 and Rule 201 exist; 24 hours.\n\n## 102 (IMMUTABLE)\n\nSee Rule 201.\n\n## 201\n\nSuperseding 999 and rule 102.";

#[test]
fn table_lists_cites_cited_by_and_dangling() {
    Test::new()
        .file("rules.md", SMALL)
        .args(["refs", "rules.md"])
        .run()
        .status(0)
        .stderr_empty()
        .stdout(
            "rule  cites          cited by\n\
             101   101, 102, 201  101\n\
             102   201            101, 201\n\
             201   102            101, 102\n\
             \n\
             Citations of rules that are not in the ruleset:\n  \
             rule 201 cites rule 999: \"Superseding 999 and rule 102\"\n",
        );
}

#[test]
fn json_for_tools() {
    let out = Test::new()
        .file("rules.md", SMALL)
        .args(["refs", "rules.md", "--format", "json"])
        .run()
        .status(0)
        .stderr_empty();
    let json: serde_json::Value = serde_json::from_str(&out.stdout).expect("valid JSON");
    assert_eq!(json["rules"][0]["rule"], 101);
    assert_eq!(
        json["rules"][0]["cites"],
        serde_json::json!([101, 102, 201])
    );
    assert_eq!(json["rules"][1]["cited_by"], serde_json::json!([101, 201]));
    let reference = &json["rules"][0]["references"][0];
    assert_eq!(reference["text"], "Rules 101-102 and Rule 201");
    assert_eq!(reference["kind"], "rule");
    assert_eq!(reference["numbers"][0]["range_end"]["number"], 102);
    assert_eq!(
        json["dangling"],
        serde_json::json!([{
            "rule": 201, "rule_index": 2, "number": 999, "range_end": null,
            "span": {"start": 12, "end": 15},
            "text": "Superseding 999 and rule 102"
        }])
    );
}

#[test]
fn bundled_nomic_1_final_table() {
    let out = Test::new()
        .bundled_file("nomic-1-final.txt", "nomic-1-final.txt")
        .args(["refs", "nomic-1-final.txt"])
        .run()
        .status(0)
        .stderr_empty();
    assert!(out.stdout.contains("\n303   304 "), "{}", out.stdout);
    assert!(out
        .stdout
        .contains("rule 303 cites rule 206: \"Rule 206 and Rule 304\""));
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn bundled_nomic_4_long_json() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .args(["refs", "nomic-4-long.md", "--format", "json"])
        .run()
        .status(0)
        .stderr_empty();
    let json: serde_json::Value = serde_json::from_str(&out.stdout).expect("valid JSON");
    insta::assert_json_snapshot!(json);
}

#[test]
fn from_overrides_detection_and_stdin_works() {
    Test::new()
        .stdin("Test Ruleset\n\n\nRule 101 (Immutable)\n\nSee Rule 102.\n\n\nRule 102 (Immutable)\n\nSee Rule 101.")
        .args(["refs", "-", "--from", "txt-plain"])
        .run()
        .status(0)
        .stdout_contains("101   102    102")
        .stdout_contains("Every cited rule is in the ruleset.");
}

#[test]
fn unreadable_input_exits_2() {
    Test::new()
        .args(["refs", "missing.md"])
        .run()
        .status(2)
        .stderr_contains("missing.md");
    Test::new()
        .args(["refs", "x", "--format", "yaml"])
        .run()
        .status(2)
        .stderr_contains("yaml");
}

#[test]
fn bundled_nomic_3_paragraph_citation_in_json() {
    let out = Test::new()
        .bundled_file("nomic-3.md", "nomic-3.md")
        .args(["refs", "nomic-3.md", "--format", "json"])
        .run()
        .status(0)
        .stderr_empty();
    let json: serde_json::Value = serde_json::from_str(&out.stdout).expect("valid JSON");
    let rule_303 = json["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|rule| rule["rule"] == 303)
        .expect("rule 303");
    assert_eq!(rule_303["cites"], serde_json::json!([301]));
    assert_eq!(rule_303["references"][0]["kind"], "part");
    assert_eq!(
        rule_303["references"][0]["text"],
        "first paragraph of rule 301"
    );
    assert_eq!(json["dangling"], serde_json::json!([]));
}

#[test]
fn help_has_an_example() {
    Test::new()
        .args(["refs", "--help"])
        .run()
        .status(0)
        .stdout_contains("Example:\n  nomic refs rulesets/nomic-1-final.txt");
}

#[test]
fn from_names_every_readable_format_and_reads_a_rule_page() {
    let formats = Test::new().arg("formats").run().status(0);
    let help = Test::new().args(["refs", "--help"]).run().status(0);
    let help_text = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for line in formats.stdout.lines() {
        let name = line.split_whitespace().next().unwrap();
        assert!(help_text.contains(name), "refs --help lacks {name}");
    }
    Test::new()
        .file("303.txt", "Rule 303/0\n\nSee both Rule 206 and Rule 304.")
        .args(["refs", "--from", "txt-rule", "303.txt"])
        .run()
        .status(0)
        .stdout_contains("rule 303 cites rule 304: \"Rule 206 and Rule 304\"");
}
