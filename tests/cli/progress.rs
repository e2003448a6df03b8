//! Progress bars of `build`, `check` and `apply` over many files: drawn on
//! a terminal (standard error), never into a pipe or a file.

use crate::Test;
use std::process::Command;

/// What a drawn bar leaves in standard error: its counter, a carriage
/// return or an erase-line escape.
fn assert_no_bar(stderr: &str) {
    for trace in ["files,", "\r", "\x1b[2K"] {
        assert!(
            !stderr.contains(trace),
            "a progress bar went into a pipe ({trace:?}):\n{stderr:?}"
        );
    }
}

/// A folder with two bundled rulesets under `rulesets/` (what `nomic
/// build` without a source reads) and two proposals.
fn two_of_everything() -> Test {
    Test::new()
        .bundled_file("nomic-3.md", "rulesets/a.md")
        .bundled_file("nomic-4-long.md", "rulesets/b.md")
        .file(
            "p1.md",
            "Proposal 901\nAmend Rule 201 to read:\n> Players vote.\n",
        )
        .file("p2.md", "Proposal 902\nRepeal Rule 202.\n")
}

#[test]
fn build_check_and_apply_draw_no_bar_into_a_pipe() {
    let check = two_of_everything()
        .args(["check", "rulesets/a.md", "rulesets/b.md"])
        .run();
    assert_no_bar(&check.stderr);
    assert!(check.stdout.contains("b.md"), "{}", check.stdout);
    let build = check.then().arg("build").run().status(0);
    assert_no_bar(&build.stderr);
    assert!(build.exists("out/a/rules-l.md") && build.exists("out/b/rules-l.md"));
    let apply = check
        .then()
        .args(["apply", "rulesets/b.md", "p1.md", "p2.md", "--in-place"])
        .run()
        .status(0);
    assert_no_bar(&apply.stderr);
    assert!(apply.read("rulesets/b.md").contains("Players vote."));
}

/// Runs `nomic ARGS` in `dir` on a pseudo-terminal (util-linux `script`);
/// returns everything the terminal showed.
fn on_a_terminal(dir: &std::path::Path, args: &str) -> String {
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_nomic"));
    let out = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .current_dir(dir)
        .output()
        .expect("util-linux `script` runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_terminal_sees_the_bar_and_then_not() {
    let test = two_of_everything();
    let shown = on_a_terminal(test.path(), "check rulesets/a.md rulesets/b.md");
    assert!(shown.contains("checking"), "{shown:?}");
    assert!(shown.contains("/2 files"), "{shown:?}");
    // Cleared before the report: the erase-line escape follows the bar.
    assert!(shown.contains("\x1b[2K"), "{shown:?}");
    let shown = on_a_terminal(test.path(), "build");
    assert!(shown.contains("rendering"), "{shown:?}");
    assert!(shown.contains("writing"), "{shown:?}");
}
