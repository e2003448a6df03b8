//! `nomic fmt`: canonical rewrites, `--check` diffs and exit codes.

use crate::Test;
use std::path::Path;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/check");

fn fixture(name: &str) -> String {
    std::fs::read_to_string(Path::new(FIXTURES).join(name)).unwrap()
}

#[test]
fn check_prints_a_unified_diff_exits_1_and_writes_nothing() {
    let before = fixture("non-canonical-layout.bad.md");
    let out = Test::new()
        .file("ruleset.md", &before)
        .args(["fmt", "--check", "ruleset.md"])
        .run()
        .status(1)
        .stderr_contains("1 file not in canonical form");
    assert!(
        out.stdout
            .starts_with("--- a/ruleset.md\n+++ b/ruleset.md\n@@ "),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("\n-#### *History*\n+##### *History*\n"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("\n-*Initial immutable Rule 102, Jun 1, 2020*  \n+*Initial immutable Rule 102, Jun 1, 2020*\n"));
    assert_eq!(out.read("ruleset.md"), before, "--check writes nothing");
}

#[test]
fn fmt_rewrites_in_canonical_form_then_check_passes() {
    let out = Test::new()
        .file("ruleset.md", fixture("non-canonical-layout.bad.md"))
        .args(["fmt", "ruleset.md"])
        .run()
        .status(0)
        .stdout("formatted ruleset.md\n");
    assert_eq!(out.read("ruleset.md"), fixture("clean.md"));
    let leftovers = std::fs::read_dir(out.dir.path()).unwrap().count();
    assert_eq!(leftovers, 1, "no temporary file is left behind");
}

#[test]
fn canonical_files_are_left_alone() {
    for name in [
        "clean.md",
        "mojibake.ok.md",
        "enacted-number-mismatch.ok.md",
    ] {
        Test::new()
            .file(name, fixture(name))
            .args(["fmt", "--check", name])
            .run()
            .status(0)
            .stdout("");
    }
    Test::new()
        .file("clean.md", fixture("clean.md"))
        .args(["fmt", "clean.md"])
        .run()
        .status(0)
        .stdout("");
}

#[test]
fn a_bundled_ruleset_is_formatted_in_its_own_format_and_stays_meaningful() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .args(["fmt", "nomic-4-long.md"])
        .run()
        .status(0);
    let formatted = out.read("nomic-4-long.md");
    assert!(formatted.starts_with("# NOMIC IV RULESET (LONG FORMAT)\n---\n## 101/0 (IMMUTABLE)\n"));
    assert!(!formatted.contains("\n#### *History*"));
    let meaning = |text: &str| {
        Test::new()
            .file("r.md", text)
            .args(["parse", "r.md"])
            .run()
            .status(0)
            .stdout
    };
    let original = std::fs::read_to_string(crate::bundled("nomic-4-long.md")).unwrap();
    assert_eq!(
        meaning(&formatted),
        meaning(&original),
        "fmt changes layout only"
    );
    Test::new()
        .file("nomic-4-long.md", &formatted)
        .args(["check", "nomic-4-long.md"])
        .run()
        .status(1)
        .stdout_contains("[N801]")
        .stdout_contains("1 error, 0 warnings");
}

#[test]
fn standard_input_is_written_canonical_to_standard_output() {
    Test::new()
        .args(["fmt", "-"])
        .stdin(fixture("non-canonical-layout.bad.md"))
        .run()
        .status(0)
        .stdout(&fixture("clean.md"));
}

#[test]
fn unreadable_or_unparseable_files_exit_2() {
    Test::new()
        .args(["fmt", "--check", "absent.md"])
        .run()
        .status(2)
        .stderr_contains("cannot read absent.md");
    Test::new()
        .file("notes.txt", "hello world\nthis is not a ruleset\n")
        .args(["fmt", "notes.txt"])
        .run()
        .status(2)
        .stderr_contains("--> notes.txt:2:1");
}

#[test]
fn every_layout_finding_is_fixed_by_fmt() {
    for bad in [
        "non-canonical-layout.bad.md",
        "missing-blank-line.bad.md",
        "extra-blank-lines.bad.md",
        "heading-without-revision.bad.md",
        "final-newline.bad.md",
        "non-canonical-header.bad.md",
        "irregular-wrap.bad.txt",
    ] {
        let out = Test::new()
            .file(bad, fixture(bad))
            .args(["fmt", bad])
            .run()
            .status(0)
            .stdout(&format!("formatted {bad}\n"));
        // What the file says is what it said.
        let before = nomic::parse::read(fixture(bad).as_bytes(), &Default::default()).unwrap();
        let after = nomic::parse::parse_str(&out.read(bad), Some(before.format)).unwrap();
        if let Err(err) = nomic::meaning::compare(&before.ruleset, &after, before.format) {
            panic!("fmt changed the meaning of {bad}: {err}");
        }
        Test::new()
            .file(bad, out.read(bad))
            .file("images/303.png", "png")
            .args(["check", "--deny", "warnings", bad])
            .run()
            .status(0)
            .stdout("1 file checked: 0 errors, 0 warnings\n");
    }
}

#[test]
fn fmt_keeps_emphasis_lists_and_tables_as_written() {
    // Emphasis in a text form is the rule's own: fmt leaves it.
    let name = "markdown-emphasis.ok.txt";
    Test::new()
        .file(name, fixture(name))
        .args(["fmt", "--check", name])
        .run()
        .status(0);
}

#[test]
fn fmt_leaves_the_meaning_of_every_bundled_ruleset_unchanged() {
    for name in crate::BUNDLED {
        let bytes = std::fs::read(crate::bundled(name)).unwrap();
        let out = Test::new()
            .file(name, &bytes)
            .args(["fmt", name])
            .run()
            .status(0);
        let before = nomic::parse::read(&bytes, &Default::default()).unwrap();
        let after = nomic::parse::parse_str(&out.read(name), Some(before.format)).unwrap();
        if let Err(err) = nomic::meaning::compare(&before.ruleset, &after, before.format) {
            panic!("fmt changed the meaning of {name}: {err}");
        }
    }
}
