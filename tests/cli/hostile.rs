//! Hostile input and odd files (issue 19): each test is one row of what was
//! tried as a new user and as an attacker would, and what happens now.
//! Devices and FIFOs are made inside the test's own temporary folder.

use crate::{bundled, git, Test};
use std::fs;
use std::os::unix::fs::{symlink, FileTypeExt, MetadataExt};
use std::path::Path;
use std::process::Command;

fn mknod_null(path: &Path) {
    let status = Command::new("mknod")
        .arg(path)
        .args(["c", "1", "3"])
        .status()
        .unwrap();
    assert!(status.success(), "mknod (the tests run as root)");
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

/// Reads a FIFO on another thread, as `cat FIFO` would.
fn reader(fifo: &Path) -> std::thread::JoinHandle<Vec<u8>> {
    let fifo = fifo.to_path_buf();
    std::thread::spawn(move || fs::read(fifo).unwrap())
}

fn is_char_device(path: &Path) -> bool {
    fs::symlink_metadata(path)
        .unwrap()
        .file_type()
        .is_char_device()
}

#[test]
fn render_into_a_character_device_keeps_the_device() {
    let test = Test::new().bundled_file("nomic-3.md", "rules.md");
    mknod_null(&test.path().join("null"));
    let out = test
        .args(["render", "rules.md", "-o", "null"])
        .run()
        .status(0);
    assert!(is_char_device(&out.dir.path().join("null")));
}

#[test]
fn render_into_dev_stdout_writes_to_standard_output() {
    let out = Test::new()
        .bundled_file("nomic-3.md", "rules.md")
        .args([
            "render",
            "rules.md",
            "--to",
            "txt-short",
            "-o",
            "/dev/stdout",
        ])
        .run()
        .status(0);
    assert!(
        out.stdout.contains("\nRule 101 (IMMUTABLE)\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn render_into_a_fifo_streams_to_its_reader() {
    let test = Test::new().bundled_file("nomic-3.md", "rules.md");
    let fifo = test.path().join("pipe");
    mkfifo(&fifo);
    let read = reader(&fifo);
    let out = test
        .args(["render", "rules.md", "-o", "pipe"])
        .run()
        .status(0);
    assert_eq!(
        read.join().unwrap(),
        fs::read(bundled("nomic-3.md")).unwrap()
    );
    assert!(fs::symlink_metadata(out.dir.path().join("pipe"))
        .unwrap()
        .file_type()
        .is_fifo());
}

fn scenario() -> String {
    bundled("scenarios/nomic-5-initial.sim")
        .display()
        .to_string()
}

#[test]
fn simulate_log_into_a_fifo_and_a_device() {
    let test = Test::new();
    let fifo = test.path().join("log");
    mkfifo(&fifo);
    let read = reader(&fifo);
    test.args(["simulate", &scenario(), "--log", "log"])
        .run()
        .status(0);
    let log = String::from_utf8(read.join().unwrap()).unwrap();
    assert!(log.lines().count() > 1 && log.starts_with('{'), "{log}");

    let test = Test::new();
    mknod_null(&test.path().join("null"));
    let out = test
        .args(["simulate", &scenario(), "--log", "null"])
        .run()
        .status(0);
    assert!(is_char_device(&out.dir.path().join("null")));
}

#[test]
fn a_huge_pad_in_a_user_template_is_an_error_naming_it() {
    Test::new()
        .bundled_file("nomic-3.md", "rules.md")
        .file("tpl/md-short.md.j2", "{{ 7 | pad(70000) }}")
        .args(["render", "rules.md", "--to", "md-short", "--templates", "tpl"])
        .run()
        .status(2)
        .stderr_contains(
            "template `md-short.md.j2` line 1: invalid operation: pad width 70000 is out of bounds; use a value from 0 to 32",
        );
}

#[test]
fn a_template_link_to_a_file_outside_is_refused() {
    let test = Test::new()
        .bundled_file("nomic-3.md", "rules.md")
        .file("outside/passwd", "root:x:0:0:secret")
        .file("tpl/md-short.md.j2", "{% include \"secret.j2\" %}");
    symlink(
        test.path().join("outside/passwd"),
        test.path().join("tpl/secret.j2"),
    )
    .unwrap();
    let out = test
        .args([
            "render",
            "rules.md",
            "--to",
            "md-short",
            "--templates",
            "tpl",
        ])
        .run()
        .status(2)
        .stderr_contains("outside the templates folder");
    assert!(!out.stdout.contains("secret") && !out.stderr.contains("root:x"));
}

#[test]
fn huge_ranges_rulers_and_wraps_in_templates_are_refused() {
    for template in [
        "{{ ruler('=', 1000000000) }}",
        "{{ 'text' | wrap(1000000000) }}",
        "{% for i in range(1000000000) %}x{% endfor %}",
    ] {
        Test::new()
            .bundled_file("nomic-3.md", "rules.md")
            .file("tpl/md-short.md.j2", template)
            .args([
                "render",
                "rules.md",
                "--to",
                "md-short",
                "--templates",
                "tpl",
            ])
            .run()
            .status(2)
            .stderr_contains("template `md-short.md.j2` line 1");
    }
}

#[test]
fn build_replaces_a_link_inside_its_folder_and_never_writes_outside() {
    let test = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file("precious.md", "keep me");
    fs::create_dir_all(test.path().join("out/rules/md")).unwrap();
    symlink(
        test.path().join("precious.md"),
        test.path().join("out/rules/md/101.md"),
    )
    .unwrap();
    let out = test
        .args(["build", "rules.md", "-o", "out"])
        .run()
        .status(0);
    let dir = out.dir.path();
    assert_eq!(
        fs::read_to_string(dir.join("precious.md")).unwrap(),
        "keep me"
    );
    let page = dir.join("out/rules/md/101.md");
    assert!(fs::symlink_metadata(&page).unwrap().is_file());
    assert!(fs::read_to_string(page).unwrap().contains("101"));
}

#[test]
fn build_refuses_a_folder_link_inside_its_output() {
    let test = Test::new().bundled_file("nomic-4-long.md", "rules.md");
    fs::create_dir_all(test.path().join("elsewhere")).unwrap();
    fs::create_dir_all(test.path().join("out")).unwrap();
    symlink(test.path().join("elsewhere"), test.path().join("out/rules")).unwrap();
    let out = test
        .args(["build", "rules.md", "-o", "out"])
        .run()
        .status(2)
        .stderr_contains("is a symbolic link; nomic does not follow links inside out");
    assert_eq!(
        fs::read_dir(out.dir.path().join("elsewhere"))
            .unwrap()
            .count(),
        0
    );
}

#[test]
fn a_revision_at_the_top_of_u32_is_refused_naming_the_rule() {
    let ruleset = "# RULES\n\n## 201/4294967295\n\nPlayers take turns.\n";
    let out = Test::new()
        .file("rules.md", ruleset)
        .file(
            "400.md",
            "Proposal 400 (Ann)\nAmend Rule 201 to read:\n> Players take long turns.\n",
        )
        .args(["apply", "rules.md", "400.md", "--in-place"])
        .run()
        .status(2)
        .stderr_contains("cannot amend Rule 201: it is at revision 4294967295");
    assert_eq!(out.read("rules.md"), ruleset, "nothing written");
}

#[test]
fn fmt_writes_through_hard_links_and_keeps_the_owner() {
    let test = Test::new().file("rules.md", "# RULES\n\n## 1\n\nOne.\n\n\n\n## 2\n\nTwo.\n");
    fs::hard_link(test.path().join("rules.md"), test.path().join("other.md")).unwrap();
    std::os::unix::fs::chown(test.path().join("rules.md"), Some(4242), Some(4343)).unwrap();
    let out = test
        .args(["fmt", "rules.md"])
        .run()
        .status(0)
        .stdout_contains("written in place, not atomically: the file has 2 names");
    assert_eq!(out.read("other.md"), out.read("rules.md"));
    assert!(!out.read("other.md").contains("\n\n\n"));
    let meta = fs::metadata(out.dir.path().join("rules.md")).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (4242, 4343));

    // One name, another owner: replaced atomically, the owner kept.
    let test = Test::new().file("rules.md", "# RULES\n\n## 1\n\nOne.\n\n\n\n## 2\n\nTwo.\n");
    std::os::unix::fs::chown(test.path().join("rules.md"), Some(4242), Some(4343)).unwrap();
    let out = test.args(["fmt", "rules.md"]).run().status(0);
    let meta = fs::metadata(out.dir.path().join("rules.md")).unwrap();
    assert_eq!((meta.uid(), meta.gid(), meta.nlink()), (4242, 4343, 1));
}

#[test]
fn apply_commit_on_a_non_ascii_file_name_commits() {
    let test = Test::new()
        .bundled_file("nomic-4-long.md", "règles.md")
        .file("342.md", "Proposal 342 (Alekosen), Aug 24, 2020 (R6T1)\nAmend Rule 203 to read:\n> Two thirds of eligible voters adopt a rule-change.\n");
    let root = test.path().to_path_buf();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "règles.md"]);
    git(&root, &["commit", "-q", "-m", "start"]);
    let _out = test
        .git_user()
        .args(["apply", "règles.md", "342.md", "--in-place", "--commit"])
        .run()
        .status(0);
    assert_eq!(
        git(
            &root,
            &["status", "--porcelain", "--", "règles.md", "rules"]
        ),
        ""
    );
    let shown = git(
        &root,
        &[
            "-c",
            "core.quotepath=false",
            "show",
            "--name-only",
            "--format=",
            "HEAD~1",
        ],
    );
    assert!(
        shown.lines().any(|line| line == "règles.md")
            || git(
                &root,
                &[
                    "-c",
                    "core.quotepath=false",
                    "show",
                    "--name-only",
                    "--format=",
                    "HEAD"
                ]
            )
            .contains("règles.md"),
        "{shown}"
    );
}

#[test]
fn diff_reads_a_fifo_as_process_substitution_gives_it() {
    let test = Test::new().bundled_file("nomic-4-long.md", "rules.md");
    let fifo = test.path().join("old");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::write(fifo, fs::read(bundled("nomic-4-long.md")).unwrap()))
    };
    let out = test.args(["diff", "old", "rules.md"]).run();
    writer.join().unwrap().unwrap();
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
}

#[test]
fn an_input_over_the_limit_is_refused_and_the_flag_raises_it() {
    let test = Test::new().bundled_file("nomic-3.md", "rules.md");
    test.args(["--max-input-size", "1000", "parse", "rules.md"])
        .run()
        .status(2)
        .stderr_contains("larger than the limit of 1000 bytes");
    Test::new()
        .bundled_file("nomic-3.md", "rules.md")
        .args(["parse", "rules.md", "--max-input-size", "1000000"])
        .run()
        .status(0);
}

#[test]
fn the_limit_holds_for_each_file_of_an_agora_source_folder() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/agora/source");
    let source = source.to_str().unwrap();
    Test::new()
        .args(["--max-input-size", "100", "check", source])
        .run()
        .status(2)
        .stderr_contains("larger than the limit of 100 bytes");
    Test::new().args(["check", source]).run().status(1);
}

#[test]
fn build_without_a_source_skips_fifos_and_says_so() {
    let test = Test::new().bundled_file("nomic-3.md", "rulesets/nomic-3.md");
    mkfifo(&test.path().join("rulesets/pipe.md"));
    test.args(["build"])
        .run()
        .status(0)
        .stderr_contains("skipped rulesets/pipe.md: not a plain file");
}

// Issue 19's bound on `check`'s cost in findings (16k findings within 20
// times the work of 1k) is counted, not timed, in tests/linear_in_findings.rs.
