use crate::{bundled, Test};

fn original() -> String {
    std::fs::read_to_string(bundled("nomic-1-final.txt")).unwrap()
}

#[test]
fn renumbering_304_rewrites_the_citation_in_303_and_nothing_else() {
    let out = Test::new()
        .bundled_file("nomic-1-final.txt", "final.txt")
        .args(["renumber", "final.txt", "304=340"])
        .run()
        .status(0)
        .stderr_empty();
    let input = original();
    let start = input.find("Rule 304\n").unwrap();
    let end = input.find("Rule 306\n").unwrap();
    let block = &input[start..end];
    let moved = block.trim_end().replacen("Rule 304", "Rule 340", 1);
    let expected = format!("{}{}\n\n\n{moved}", &input[..start], &input[end..]).replacen(
        "both Rule 206 and Rule 304.",
        "both Rule 206 and Rule 340.",
        1,
    );
    assert_eq!(out.stdout, expected);
}

#[test]
fn renumbering_and_back_gives_the_file_back() {
    let out = Test::new()
        .bundled_file("nomic-1-final.txt", "final.txt")
        .args(["renumber", "final.txt", "304=340", "302=399", "--in-place"])
        .run()
        .status(0);
    assert_ne!(out.read("final.txt"), original());
    let path = out.dir.path().join("final.txt");
    let back = Test::new()
        .file("final.txt", std::fs::read(path).unwrap())
        .args([
            "renumber",
            "final.txt",
            "340=304",
            "399=302",
            "-o",
            "back.txt",
        ])
        .run()
        .status(0);
    assert_eq!(back.read("back.txt"), original());
}

#[test]
fn a_repealed_rule_is_reported_and_nothing_changes() {
    Test::new()
        .bundled_file("nomic-1-final.txt", "final.txt")
        .args(["renumber", "final.txt", "206=260"])
        .run()
        .status(0)
        .stdout(&original())
        .stderr_contains("warning: Rule 206 is not in the ruleset")
        .stderr_contains("Rules 303");
}

#[test]
fn bad_mappings_are_refused() {
    Test::new()
        .bundled_file("nomic-1-final.txt", "final.txt")
        .args(["renumber", "final.txt", "304-340"])
        .run()
        .status(2)
        .stderr_contains("is not OLD=NEW");
    Test::new()
        .bundled_file("nomic-1-final.txt", "final.txt")
        .args(["renumber", "final.txt", "304=306"])
        .run()
        .status(2)
        .stderr_contains("Rule 306 already exists");
}

#[test]
fn renumbered_rulesets_raise_no_new_check_finding() {
    for (ruleset, pairs) in [
        ("nomic-4-long.md", ["304=340", "305=350"]),
        ("nomic-1-final.txt", ["304=340", "302=320"]),
    ] {
        let input = std::fs::read_to_string(bundled(ruleset)).unwrap();
        let out = Test::new()
            .bundled_file(ruleset, "in.txt")
            .args(["renumber", "in.txt"])
            .args(pairs)
            .run()
            .status(0);
        assert_ne!(out.stdout, input);
        assert_eq!(
            crate::apply::findings(&out.stdout),
            crate::apply::findings(&input),
            "{ruleset}"
        );
    }
}

#[test]
fn a_renumbered_rule_with_a_history_records_it() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "r.md")
        .args(["renumber", "r.md", "304=340"])
        .run()
        .status(0);
    let at = out.stdout.find("## 340/0").expect("the rule is renumbered");
    let rule = &out.stdout[at..];
    assert!(
        rule.contains("Enacted by Proposal 304 (Janwich), Jun 9, 2020 (R1T4)")
            && rule.contains("*Renumbered from Rule 304 to Rule 340*"),
        "{rule}"
    );
    // Read back, the entry is a renumbering, not an unreadable line.
    let ruleset = nomic::parse::parse_str(&out.stdout, None).unwrap();
    let last = ruleset.rule(340).unwrap().history.last().unwrap();
    assert_eq!(last.kind, nomic::model::HistoryKind::Renumbered);
    assert_eq!(last.renumbered_to(), Some(340));
}
