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
