//! `--repair-encoding` on `render`, `fmt` and `build`: certain mojibake is
//! repaired in what is written, uncertain mojibake is left as it is and
//! listed on stderr with file, line and column.

use crate::Test;
use std::path::Path;

/// Line 9 holds a certain `â€™` (`’`); line 11 a `â€` whose last byte was
/// dropped (uncertain).
fn damaged() -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/mojibake-uncertain.md");
    std::fs::read_to_string(path).unwrap()
}

/// The fixture with its certain repair made, and nothing else changed.
fn repaired() -> String {
    damaged().replace("player\u{e2}\u{20ac}\u{2122}s", "player\u{2019}s")
}

const NOTE: &str = "note: rules.md: repaired 1 damaged character sequence (mojibake)\n";
const UNCERTAIN: &str = "warning: rules.md:11:9: mojibake: `\u{e2}\u{20ac}` is UTF-8 read as \
    Windows-1252 or Windows-1254 with a byte dropped; it could be ";

fn assert_listed(stderr: &str) {
    assert!(stderr.starts_with(NOTE), "{stderr}");
    let listing = &stderr[NOTE.len()..];
    assert!(listing.starts_with(UNCERTAIN), "{stderr}");
    assert!(
        listing.ends_with("; not repaired: check the original text\n"),
        "{stderr}"
    );
    assert_eq!(listing.lines().count(), 1, "one uncertain spot: {stderr}");
}

#[test]
fn fixture_is_what_the_tests_say() {
    let text = damaged();
    assert_eq!(
        text.lines().nth(8),
        Some("Each player\u{e2}\u{20ac}\u{2122}s turn lasts one day.")
    );
    assert_eq!(
        text.lines().nth(10),
        Some("A quote \u{e2}\u{20ac} lost its last byte.")
    );
    assert_ne!(text, repaired());
}

#[test]
fn fmt_writes_the_certain_repair_and_lists_the_uncertain() {
    let out = Test::new()
        .file("rules.md", damaged())
        .args(["fmt", "--repair-encoding", "rules.md"])
        .run()
        .status(0)
        .stdout("formatted rules.md\n");
    assert_listed(&out.stderr);
    assert_eq!(out.read("rules.md"), repaired());
    // Once repaired, the file is canonical; the sequence left is no longer
    // reported: alone, one byte short, it may as well be a foreign word.
    out.then()
        .args(["fmt", "--check", "--repair-encoding", "rules.md"])
        .run()
        .status(0)
        .stdout("")
        .stderr_empty();
}

#[test]
fn fmt_without_the_flag_leaves_mojibake_as_it_is() {
    let out = Test::new()
        .file("rules.md", damaged())
        .args(["fmt", "rules.md"])
        .run()
        .status(0)
        .stderr_empty();
    assert_eq!(out.read("rules.md"), damaged());
}

#[test]
fn fmt_check_shows_the_repair_as_a_diff_and_writes_nothing() {
    let out = Test::new()
        .file("rules.md", damaged())
        .args(["fmt", "--check", "--repair-encoding", "rules.md"])
        .run()
        .status(1)
        .stdout_contains("\n-Each player\u{e2}\u{20ac}\u{2122}s turn lasts one day.\n+Each player\u{2019}s turn lasts one day.\n");
    assert_eq!(out.read("rules.md"), damaged());
}

#[test]
fn render_writes_the_repaired_text_in_every_form() {
    let out = Test::new()
        .file("rules.md", damaged())
        .args(["render", "--repair-encoding", "rules.md"])
        .run()
        .status(0)
        .stdout(&repaired());
    assert_listed(&out.stderr);
    let out = out
        .then()
        .args(["render", "--repair-encoding", "rules.md", "--to", "txt-short"])
        .run()
        .status(0)
        .stdout_contains("      Each player\u{2019}s turn lasts one day.\n\n      A quote \u{e2}\u{20ac} lost its last byte.\n");
    assert_listed(&out.stderr);
    assert_eq!(out.read("rules.md"), damaged(), "the source is not changed");
}

#[test]
fn build_publishes_the_repair_and_says_what_is_left() {
    let out = Test::new()
        .file("rules.md", damaged())
        .args(["build", "--repair-encoding", "rules.md", "-o", "out"])
        .run()
        .status(0)
        .stdout_contains(
            "  note: 1 damaged character sequences (mojibake) cannot be repaired with certainty \
             and are published as they are (listed on stderr)\n",
        );
    assert_listed(&out.stderr);
    assert_eq!(out.read("out/rules-s.md"), repaired());
    let page = out.read("out/rules/md/201.md");
    assert!(page.contains("Each player\u{2019}s turn"), "{page}");
    assert!(page.contains("A quote \u{e2}\u{20ac} lost"), "{page}");
    assert_eq!(out.read("rules.md"), damaged(), "the source is not changed");

    // Without the flag both are published as they are, and the note names the flag.
    let plain = Test::new()
        .file("rules.md", damaged())
        .args(["build", "rules.md", "-o", "out"])
        .run()
        .status(0)
        .stdout_contains(
            "  note: 2 damaged character sequences (mojibake) are published as they are; \
             `nomic build --repair-encoding rules.md` publishes the certain repairs\n",
        )
        .stderr_empty();
    assert_eq!(plain.read("out/rules-s.md"), damaged());
}

#[test]
fn n601_help_names_the_command_that_writes_the_repair() {
    Test::new()
        .file("rules.md", damaged())
        .args(["check", "rules.md"])
        .run()
        .status(1)
        .stdout_contains(
            "help: replace `\u{e2}\u{20ac}\u{2122}` with `\u{2019}` \
             (`nomic fmt --repair-encoding FILE` writes every certain repair)",
        );
}

#[test]
fn nomic_3_rendered_to_its_own_format_is_its_repaired_text_byte_for_byte() {
    let original = std::fs::read_to_string(crate::bundled("nomic-3.md")).unwrap();
    let repair = nomic::parse::repair_encoding(&original);
    assert!(repair.repaired > 100, "{}", repair.repaired);
    let out = Test::new()
        .bundled_file("nomic-3.md", "nomic-3.md")
        .args(["render", "--repair-encoding", "nomic-3.md"])
        .run()
        .status(0);
    assert!(
        out.stdout == repair.text,
        "render differs from the repaired text"
    );
    assert!(out.stderr.starts_with(&format!(
        "note: nomic-3.md: repaired {} damaged character sequences (mojibake)\n",
        repair.repaired
    )));
    // Every warning line names a spot the library left, in order.
    let warned: Vec<&str> = out.stderr.lines().skip(1).collect();
    assert!(!warned.is_empty() && warned.len() <= repair.uncertain.len());
    let first = &repair.uncertain[0];
    assert!(
        warned[0].starts_with(&format!(
            "warning: nomic-3.md:{}:{}: ",
            first.line, first.column
        )),
        "{}",
        warned[0]
    );
    // Canonical rewriting keeps the meaning of the repaired text too.
    Test::new()
        .bundled_file("nomic-3.md", "nomic-3.md")
        .args(["fmt", "--repair-encoding", "nomic-3.md"])
        .run()
        .status(0)
        .stdout("formatted nomic-3.md\n");
}
