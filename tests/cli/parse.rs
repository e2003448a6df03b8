use crate::{bundled, Test};

fn rules_in(json: &str) -> Vec<serde_json::Value> {
    let value: serde_json::Value = serde_json::from_str(json).expect("stdout is JSON");
    value["rules"].as_array().expect("rules").clone()
}

#[test]
fn prints_the_model_of_a_bundled_ruleset_as_json() {
    let out = Test::new()
        .args(["parse", bundled("nomic-4-long.md").to_str().unwrap()])
        .run()
        .status(0)
        .stderr_empty();
    let rules = rules_in(&out.stdout);
    assert_eq!(rules.len(), 57);
    let rule = rules.iter().find(|r| r["number"] == 203).unwrap();
    assert_eq!(rule["revision"], 1);
    assert_eq!(rule["mutability"], "mutable");
    assert_eq!(rule["history"][1]["proposer"], "Alekosen");
    assert_eq!(rule["history"][1]["date"], "2020-07-27");
    assert!(!out.stdout.contains("\"layout\""), "layout only on request");
}

#[test]
fn reads_standard_input_and_detects_the_format() {
    let text = std::fs::read(bundled("nomic-5-initial.txt")).unwrap();
    let out = Test::new().args(["parse", "-"]).stdin(text).run().status(0);
    assert_eq!(rules_in(&out.stdout).len(), 32);
}

#[test]
fn layout_flag_adds_sources_and_quirks() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "r.md")
        .args(["parse", "--layout", "r.md"])
        .run()
        .status(0);
    let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(value["layout"]["format"], "md-long");
    assert_eq!(
        value["layout"]["header"],
        "# NOMIC IV RULESET (LONG FORMAT)\n---\n"
    );
    let source = value["rules"][0]["layout"]["source"].as_str().unwrap();
    assert!(source.starts_with("## 101/0 (IMMUTABLE)\n"));
    assert!(out.stdout.contains("history-heading-level"));
}

#[test]
fn json_output_parses_back_to_the_same_model() {
    let first = Test::new()
        .bundled_file("nomic-4-long-early.txt", "r.txt")
        .args(["parse", "r.txt"])
        .run()
        .status(0);
    let again = Test::new()
        .file("r.json", &first.stdout)
        .args(["parse", "--from", "json", "r.json"])
        .run()
        .status(0);
    assert_eq!(again.stdout, first.stdout);
}

#[test]
fn mojibake_is_a_warning_with_its_location_until_repaired() {
    let out = Test::new()
        .bundled_file("nomic-3.md", "nomic-3.md")
        .args(["parse", "nomic-3.md"])
        .run()
        .status(0)
        .stderr_contains("warning[encoding]")
        .stderr_contains("nomic-3.md:67:")
        .stderr_contains("`ğŸš¼` is `🚼`")
        .stderr_contains("--repair-encoding");
    assert_eq!(rules_in(&out.stdout).len(), 52);
    let repaired = Test::new()
        .bundled_file("nomic-3.md", "nomic-3.md")
        .args(["parse", "--repair-encoding", "nomic-3.md"])
        .run()
        .status(0)
        .stdout_contains("assigned 🚼,")
        .stderr_contains("with a byte dropped");
    assert!(!repaired.stderr.contains("`ğŸš¼`"), "{}", repaired.stderr);
    assert!(!repaired.stdout.contains("â€™"));
}

#[test]
fn a_file_that_fits_no_format_names_the_closest() {
    Test::new()
        .file(
            "notes.txt",
            "Meeting notes\n\n\nRule 12 (Immutable\n\nbody\n",
        )
        .args(["parse", "notes.txt"])
        .run()
        .status(2)
        .stderr_contains("notes.txt:4:")
        .stderr_contains("closest format: txt-plain")
        .stderr_contains("expected a marker such as `IMMUTABLE` closed by `)`");
}

#[test]
fn from_overrides_detection_and_errors_are_located() {
    Test::new()
        .bundled_file("nomic-4-long.md", "r.md")
        .args(["parse", "--from", "txt-long", "r.md"])
        .run()
        .status(2)
        .stderr_contains("r.md:2:1")
        .stderr_contains("reading as txt-long")
        .stderr_contains("expected a line of `=`");
    Test::new()
        .args(["parse", "--from", "docx", "x"])
        .run()
        .status(2)
        .stderr_contains("unknown format `docx`");
}

#[test]
fn overflowing_rule_numbers_and_invalid_utf8_are_errors() {
    Test::new()
        .file("big.md", "# T\n\n## 1\n\nx\n\n## 99999999999\n\ny\n")
        .args(["parse", "big.md"])
        .run()
        .status(2)
        .stderr_contains("big.md:7:4")
        .stderr_contains("rule number 99999999999 is too large");
    Test::new()
        .file("bad.md", b"# T\n\n## 1\n\nab\xff\n".as_slice())
        .args(["parse", "bad.md"])
        .run()
        .status(2)
        .stderr_contains("invalid UTF-8 at byte 13")
        .stderr_contains("bad.md:5:3");
    Test::new()
        .file("empty.md", "")
        .args(["parse", "empty.md"])
        .run()
        .status(2)
        .stderr_contains("the file is empty");
}

#[test]
fn missing_file_is_an_error() {
    Test::new()
        .args(["parse", "nowhere.md"])
        .run()
        .status(2)
        .stderr_contains("cannot read nowhere.md");
}

#[test]
fn help_has_an_example() {
    Test::new()
        .args(["parse", "--help"])
        .run()
        .status(0)
        .stdout_contains("Example:")
        .stdout_contains("nomic parse rulesets/nomic-4-long.md")
        .stdout_contains("--repair-encoding");
}

#[test]
fn errors_after_repair_point_into_the_repaired_text() {
    // Each `â€™` is 8 bytes and its repair `’` 3: a span into the repaired
    // text read against the damaged one would land lines too early.
    let damaged = "\u{e2}\u{20ac}\u{2122}".repeat(4);
    Test::new()
        .file("r.md", format!("# T\n\n## 1\n\n{damaged}\n\n## 2/x\n"))
        .args(["parse", "--repair-encoding", "r.md"])
        .run()
        .status(2)
        .stderr_contains("r.md:7:6")
        .stderr_contains("a revision number after `/`");
}

#[test]
fn warnings_left_after_repair_point_into_the_file_as_read() {
    // Line 263 of nomic-3.md has `’` damaged before an uncertain `â€œ` at
    // column 140 of the file; in the repaired text it is at column 138.
    let out = Test::new()
        .bundled_file("nomic-3.md", "nomic-3.md")
        .args(["parse", "--repair-encoding", "nomic-3.md"])
        .run()
        .status(0)
        .stderr_contains("nomic-3.md:263:140");
    assert!(!out.stderr.contains("263:138"), "{}", out.stderr);
}

#[test]
fn a_finding_repeated_on_a_line_underlines_its_first_occurrence() {
    let damaged = "\u{e2}\u{20ac}\u{2122}";
    let line = format!("Alice{damaged}s and Bob{damaged}s and a long stretch of unrelated words and Carol{damaged}s.");
    let out = Test::new()
        .file("r.md", format!("# T\n\n## 1\n\n{line}\n"))
        .args(["parse", "r.md"])
        .run()
        .status(0)
        .stderr_contains("(3 times on this line)")
        .stderr_contains("r.md:5:6");
    let carets = out.stderr.lines().find(|l| l.contains('^')).unwrap();
    assert_eq!(carets.matches('^').count(), 3, "{}", out.stderr);
    assert!(carets.contains("the first of 3"), "{}", out.stderr);
}

#[test]
fn a_rendered_rule_page_keeps_its_line_breaks_when_read_back() {
    let md = "# T (LONG FORMAT)\n---\n## 101/0\n\nPower Name: X  \nPower Cost: 5\n";
    let page = Test::new()
        .file("hb.md", md)
        .args(["render", "hb.md", "--to", "txt-rule"])
        .run()
        .status(0)
        .stdout;
    let out = Test::new()
        .file("101.txt", page)
        .args(["parse", "--from", "txt-rule", "101.txt"])
        .run()
        .status(0);
    assert_eq!(
        rules_in(&out.stdout)[0]["text"],
        "Power Name: X  \nPower Cost: 5"
    );
}
