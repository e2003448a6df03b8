//! An old side that is a plain file is read twice (its rule starts, then
//! its rules while they are compared): the output is what the same bytes
//! give read once, from standard input.

use crate::Test;
use nomic::model::{synthetic_ruleset, Format};
use nomic::render::{render, RenderOptions};

/// A rendered ruleset of `rules` rules and a copy with a few rules edited
/// (amended, re-spaced, moved, one removed and one added).
fn pair(rules: usize, format: Format) -> (String, String) {
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    let old = render(&synthetic_ruleset(rules, 3), format, &options).unwrap();
    let mut new = old.replacen(". ", ". Zq clause applies. ", 3);
    let cut = new.match_indices("\n## ").nth(rules / 2).unwrap().0;
    new.insert(cut, '\n');
    let heading = if format == Format::MdLong {
        "9000/0"
    } else {
        "9000"
    };
    new.push_str(&format!("\n## {heading}\n\nA new rule numbered 9000.\n"));
    (old, new)
}

/// `nomic diff ARGS old.md new.md` with old.md a file and with it on
/// standard input: the same status, output and errors.
fn same_as_from_stdin(old: &str, new: &str, args: &[&str]) {
    let run = |old_side: &str, stdin: bool| {
        let mut test = Test::new()
            .file("old.md", old)
            .file("new.md", new)
            .args(["diff"])
            .args(args)
            .args([old_side, "new.md"]);
        if stdin {
            test = test.stdin(old);
        }
        test.run()
    };
    let (file, piped) = (run("old.md", false), run("-", true));
    assert_eq!(file.status, piped.status, "{args:?}: {}", file.stderr);
    assert_eq!(file.stdout, piped.stdout, "{args:?}");
    let named = piped.stderr.replace("<stdin>", "old.md");
    assert_eq!(file.stderr, named, "{args:?}");
}

#[test]
fn an_old_file_read_twice_diffs_as_its_bytes_read_once() {
    for format in [Format::MdLong, Format::MdShort] {
        let (old, new) = pair(60, format);
        for args in [
            &[][..],
            &["--format", "json"],
            &["--format", "md"],
            &["--stat"],
            &["--layout", "--format", "json"],
        ] {
            same_as_from_stdin(&old, &new, args);
            same_as_from_stdin(&new, &old, args);
            same_as_from_stdin(&old, &old, args);
        }
        // Mostly changed: left to the whole read.
        let other = render(
            &synthetic_ruleset(60, 4),
            format,
            &RenderOptions {
                canonical: true,
                templates: None,
            },
        )
        .unwrap();
        same_as_from_stdin(&old, &other, &["--format", "json"]);
    }
}

#[test]
fn when_both_sides_fail_the_old_sides_failure_is_reported() {
    let (old, _) = pair(10, Format::MdLong);
    Test::new()
        .file("bad.md", "# T\n\n---\n\nno rule heading\n")
        .args(["diff", "bad.md", "missing.md"])
        .run()
        .status(2)
        .stderr_contains("bad.md");
    Test::new()
        .file("old.md", &old)
        .args(["diff", "old.md", "missing.md"])
        .run()
        .status(2)
        .stderr_contains("missing.md");
}
