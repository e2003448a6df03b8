//! `nomic diff --format md` as the week's announcement: on real weeks
//! (`tests/fixtures/weeks/`), one Discord message (2,000 characters) that
//! names the rule and marks the changed words; `--full` gives the whole
//! text.

use crate::Test;
use std::path::{Path, PathBuf};

/// The most a Discord message holds.
const DISCORD: usize = 2000;

fn week(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/weeks")
        .join(name)
}

/// `nomic diff --format md` of a week's `before/` and `after/` long rulesets.
fn announce(name: &str, extra: &[&str]) -> String {
    let dir = week(name);
    let before = dir.join("before/rules-l.md");
    let after = dir.join("after/rules-l.md");
    Test::new()
        .args(["diff", "--format", "md"])
        .args(extra.iter().copied())
        .arg(before.to_str().unwrap())
        .arg(after.to_str().unwrap())
        .run()
        .status(1)
        .stderr_empty()
        .stdout
}

/// A rule's body in a week's `after/rules-l.md`: the lines after its
/// heading up to the next heading (its history's).
fn body(name: &str, heading: &str) -> String {
    let text = std::fs::read_to_string(week(name).join("after/rules-l.md")).unwrap();
    let rule = text.split(heading).nth(1).unwrap();
    rule.split("\n#").next().unwrap().trim().to_string()
}

#[test]
fn an_amendment_is_announced_in_one_message_by_its_changed_sentence() {
    let name = "01-16e2662-be9c4a7";
    let text = announce(name, &[]);
    assert!(
        text.chars().count() <= DISCORD,
        "{} chars:\n{text}",
        text.len()
    );
    assert!(
        text.contains("## Rule 219: amended (revision 0 → 1)"),
        "{text}"
    );
    // The sentence that changed, its new words in bold; the next sentence,
    // unchanged, is left out.
    assert!(
        text.contains(
            "Players that are required by the rules to perform an action have a total of \
             48 hours to perform said action **unless otherwise specified**. …"
        ),
        "{text}"
    );
    assert!(!text.contains("becomes inactive"), "{text}");
    assert!(
        text.contains("Amended (1) by Proposal 301 (Sauce)"),
        "{text}"
    );

    let full = announce(name, &["--full"]);
    assert!(full.contains("**unless otherwise specified**"), "{full}");
    let whole = body(name, "## 219/1").replace(
        "unless otherwise specified",
        "**unless otherwise specified**",
    );
    assert!(full.contains(&whole), "the whole new text:\n{full}");
}

#[test]
fn an_enactment_is_announced_in_one_message_with_its_words_marked_new() {
    let name = "04-88e485e-931325f";
    let text = announce(name, &[]);
    assert!(
        text.chars().count() <= DISCORD,
        "{} chars:\n{text}",
        text.len()
    );
    assert!(text.contains("## Rule 336: enacted (mutable)"), "{text}");
    assert!(
        text.contains("**Any player can declare any other player 'stinky' at any time by spending one point.**"),
        "{text}"
    );
    assert!(text.contains("immediately declared stinky.**"), "{text}");

    let full = announce(name, &["--full"]);
    assert!(
        full.contains(&body(name, "## 336/0")),
        "the whole text:\n{full}"
    );
}

#[test]
fn a_long_enactment_is_cut_at_a_sentence_and_full_is_only_for_md() {
    let sentence = "Each player may claim one bean at the start of each turn of the game.";
    let long: Vec<&str> = std::iter::repeat_n(sentence, 30).collect();
    let new_text = format!(
        "# Rules\n\n## 101/0\n\nPlayers play.\n\n## 340/0\n\n{}\n",
        long.join(" ")
    );
    let out = Test::new()
        .file("old.md", "# Rules\n\n## 101/0\n\nPlayers play.\n")
        .file("new.md", &new_text)
        .args(["diff", "--format", "md", "old.md", "new.md"])
        .run()
        .status(1);
    assert!(out.stdout.chars().count() <= DISCORD, "{}", out.stdout);
    assert!(
        out.stdout.contains(&format!("**{sentence}")),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.trim_end().ends_with("of the game.** …"),
        "{}",
        out.stdout
    );
    let full = Test::new()
        .file("old.md", "# Rules\n\n## 101/0\n\nPlayers play.\n")
        .file("new.md", &new_text)
        .args(["diff", "--format", "md", "--full", "old.md", "new.md"])
        .run()
        .status(1);
    assert!(full.stdout.contains(&long.join(" ")), "{}", full.stdout);
    Test::new()
        .file("old.md", "# Rules\n\n## 101/0\n\nPlayers play.\n")
        .file("new.md", &new_text)
        .args(["diff", "--full", "old.md", "new.md"])
        .run()
        .status(2)
        .stderr_contains("--full is for --format md");
}
