//! A side that is a plain file is read twice (its rule starts, then its
//! rules while they are compared): the output is what the same bytes give
//! read once, from a FIFO and standard input.

use crate::Test;
use nomic::model::{synthetic_ruleset, Format};
use nomic::render::{render, RenderOptions};
use std::process::Command;

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

/// `nomic diff ARGS OLD NEW` with both sides plain files (the old one read
/// twice), with the old side on standard input (the new one read twice),
/// and with neither a plain file (a FIFO and standard input: each read
/// once): the same status, output and errors.
fn same_as_read_once(old: &str, new: &str, args: &[&str]) {
    let run = |sides: [&str; 2], stdin: Option<&str>| {
        let test = Test::new()
            .file("old.md", old)
            .file("new.md", new)
            .args(["diff"])
            .args(args)
            .args(sides);
        let Some(stdin) = stdin else {
            return test.run();
        };
        let test = test.stdin(stdin);
        if sides[0] != "old.pipe" {
            return test.run();
        }
        let pipe = test.path().join("old.pipe");
        assert!(Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .unwrap()
            .success());
        let old = old.to_string();
        let writer = std::thread::spawn(move || std::fs::write(pipe, old));
        let out = test.run();
        writer.join().unwrap().unwrap();
        out
    };
    let once = run(["old.pipe", "-"], Some(new));
    let once_stderr = once
        .stderr
        .replace("old.pipe", "old.md")
        .replace("<stdin>", "new.md");
    let files = run(["old.md", "new.md"], None);
    let piped = run(["-", "new.md"], Some(old));
    for (twice, stderr) in [
        (&files, files.stderr.clone()),
        (&piped, piped.stderr.replace("<stdin>", "old.md")),
    ] {
        assert_eq!(twice.status, once.status, "{args:?}: {}", twice.stderr);
        assert_eq!(twice.stdout, once.stdout, "{args:?}");
        assert_eq!(stderr, once_stderr, "{args:?}");
    }
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
            same_as_read_once(&old, &new, args);
            same_as_read_once(&new, &old, args);
            same_as_read_once(&old, &old, args);
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
        same_as_read_once(&old, &other, &["--format", "json"]);
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
