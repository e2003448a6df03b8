//! A file's rule order is the moderator's: `renumber`, `apply` and `fmt`
//! change the rules they were asked to and leave every other rule where it
//! stands, byte for byte, in files whose rules are not in number order.

use crate::{bundled, Test};
use std::path::Path;

/// A dialect file whose renumbered rules stand where they stood
/// (`### 303 (formerly 201)` among the 200s), under group headings.
fn butanium() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/corpus/Butanium-claude-plays-nomic/game_rules.md");
    std::fs::read_to_string(path).unwrap()
}

/// Nomic IV's md-long ruleset with Rule 303 moved up between 202 and 203.
fn md_long_out_of_order() -> String {
    let sorted = std::fs::read_to_string(bundled("nomic-4-long.md")).unwrap();
    let (start, end) = (
        block_start(&sorted, "## 303/0"),
        block_start(&sorted, "## 304/0"),
    );
    let rest = format!("{}{}", &sorted[..start], &sorted[end..]);
    let at = block_start(&rest, "## 203/1");
    format!("{}{}{}", &rest[..at], &sorted[start..end], &rest[at..])
}

fn block_start(text: &str, heading: &str) -> usize {
    let found: Vec<usize> = text
        .match_indices(&format!("\n{heading}\n"))
        .map(|(at, _)| at + 1)
        .collect();
    assert_eq!(found.len(), 1, "{heading} starts one line");
    found[0]
}

/// `text` with the one occurrence of `old` replaced by `new`.
fn edited(text: &str, old: &str, new: &str) -> String {
    assert_eq!(text.matches(old).count(), 1, "`{old}` is there once");
    text.replacen(old, new, 1)
}

fn numbers(text: &str) -> Vec<u32> {
    let ruleset = nomic::parse::parse_str(text, None).unwrap();
    ruleset.rules.iter().map(|rule| rule.number).collect()
}

fn apply(file: &str, text: &str, proposal: &str) -> String {
    Test::new()
        .file(file, text)
        .file("p.md", proposal)
        .args(["apply", file, "p.md", "-o", "out.md"])
        .run()
        .status(0)
        .read("out.md")
}

#[test]
fn renumbering_a_dialect_file_changes_only_the_heading_it_names() {
    let input = butanium();
    let out = Test::new()
        .file("bu.md", &input)
        .args(["renumber", "bu.md", "101=100", "-o", "bu3.md"])
        .run()
        .status(0);
    assert_eq!(
        out.read("bu3.md"),
        edited(&input, "\n### 101\n", "\n### 100\n")
    );
}

#[test]
fn a_dialect_rule_amended_to_a_new_number_stays_where_it_stood() {
    // The file declares that an amended rule takes the proposal's number,
    // and its moderator left such rules in place: so does `apply`.
    let input = butanium();
    let old = "\n### 204\nIf and when rule-changes can be adopted without majority, the players \
               who vote against winning proposals shall receive 10 points each.\n";
    let out = apply(
        "bu.md",
        &input,
        "Proposal 319\n\nAmend Rule 204 to read:\n> Changed text.\n",
    );
    assert_eq!(out, edited(&input, old, "\n### 319\nChanged text.\n"));
}

#[test]
fn an_enacted_rule_goes_after_the_last_rule_below_it_in_its_group() {
    let input = butanium();
    // 316 goes after 313, not after 315 (formerly 209) among the 200s.
    let out = apply(
        "bu.md",
        &input,
        "Proposal 320\n\nEnact a new rule as Rule 316:\n> Another.\n",
    );
    assert_eq!(
        out,
        edited(&input, "\n### 317\n", "\n### 316\nAnother.\n\n### 317\n")
    );
    // 119 ends the immutable group, before its heading: read back, it is
    // immutable still.
    let out = apply(
        "bu.md",
        &input,
        "Proposal 320\n\nEnact a new immutable rule as Rule 119:\n> Another.\n",
    );
    assert_eq!(
        out,
        edited(
            &input,
            "\n## Mutable Rules\n",
            "\n### 119\nAnother.\n\n## Mutable Rules\n"
        )
    );
    let ruleset = nomic::parse::parse_str(&out, None).unwrap();
    assert!(ruleset.rule(119).unwrap().is_immutable());
}

#[test]
fn a_repealed_rule_leaves_the_group_heading_after_it() {
    let input = edited(&butanium(), "\n### 301\n", "\n## Later Rules\n\n### 301\n");
    let out = apply("bu.md", &input, "Proposal 320\n\nRepeal Rule 216.\n");
    let repealed =
        "### 216\nWhen a proposed rule-change is adopted, the proposer earns 5 bonus points.\n\n";
    assert_eq!(out, edited(&input, repealed, ""));
}

#[test]
fn renumbering_and_applying_keep_a_built_in_format_file_in_its_order() {
    let input = md_long_out_of_order();
    let order = numbers(&input);
    assert_eq!(order[17..20], [201, 202, 303]);
    let history = "Game_4/rules/md/303.md)\n";
    let renumbered = Test::new()
        .file("r.md", &input)
        .args(["renumber", "r.md", "303=390"])
        .run()
        .status(0)
        .stdout;
    let expected = edited(
        &edited(&input, "\n## 303/0\n", "\n## 390/0\n"),
        history,
        "Game_4/rules/md/303.md)  \n*Renumbered from Rule 303 to Rule 390*\n",
    );
    assert_eq!(renumbered, expected);

    let enacted = apply(
        "r.md",
        &input,
        "# Proposal 390\n\nEnact a new rule:\n> Brand new.\n",
    );
    let new = "## 390/0\n\nBrand new.\n\n##### *History*\n\n*Enacted by Proposal 390*\n\n";
    assert_eq!(
        enacted,
        edited(&input, "\n## 601/0\n", &format!("\n{new}## 601/0\n"))
    );
}

#[test]
fn fmt_keeps_the_order_and_diff_finds_nothing_moved_or_changed() {
    for (name, input) in [("bu.md", butanium()), ("r.md", md_long_out_of_order())] {
        let out = Test::new()
            .file(name, &input)
            .file("in.md", &input)
            .args(["fmt", name])
            .run()
            .status(0);
        let formatted = out.read(name);
        assert_eq!(numbers(&formatted), numbers(&input), "{name}");
        out.then()
            .args(["diff", "in.md", name])
            .run()
            .status(0)
            .stdout_contains("No change in meaning");
    }
}
