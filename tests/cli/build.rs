use crate::{Test, BUNDLED};
use std::fs;
use std::path::Path;

fn bundled_rulesets(test: Test) -> Test {
    BUNDLED.into_iter().fold(test, |test, name| {
        test.bundled_file(name, &format!("rulesets/{name}"))
    })
}

/// Modification times of every file under `dir`.
fn mtimes(dir: &Path) -> Vec<(String, std::time::SystemTime)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_dir() {
                stack.push(entry.path());
            } else {
                let modified = entry.metadata().unwrap().modified().unwrap();
                out.push((entry.path().display().to_string(), modified));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn builds_every_bundled_ruleset_and_a_second_build_rewrites_nothing() {
    let first = bundled_rulesets(Test::new()).arg("build").run().status(0);
    assert!(first
        .stdout
        .contains("rulesets/nomic-4-long.md → out/nomic-4-long"));
    assert!(first
        .stdout
        .contains("created rules-l.md rules-l.txt rules-s.md rules-s.txt"));
    let root = first.dir.path().to_path_buf();
    assert_eq!(
        fs::read(root.join("out/nomic-4-long/rules-l.md")).unwrap(),
        fs::read(root.join("rulesets/nomic-4-long.md")).unwrap(),
        "the source's own form is its exact bytes"
    );
    assert!(first.exists("out/nomic-1-final/rules/txt/101.txt"));
    assert!(first
        .read("out/nomic-4-long/rules/md/203.md")
        .starts_with("## 203/1\n\n"));
    let before = mtimes(&root.join("out"));

    let second = Command::again(&root).arg("build").run().status(0);
    assert!(
        second.stdout.contains("All 5 rulesets are up to date."),
        "{}",
        second.stdout
    );
    assert!(!second.stdout.contains("  created ") && !second.stdout.contains("  changed "));
    assert_eq!(mtimes(&root.join("out")), before, "no file was rewritten");
}

/// Runs the binary again in an earlier test's folder.
struct Command;

impl Command {
    fn again(dir: &Path) -> std::process::Command {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_nomic"));
        command.current_dir(dir).env("NO_COLOR", "1");
        command
    }
}

trait RunExt {
    fn run(&mut self) -> Ran;
}

struct Ran {
    status: i32,
    stdout: String,
    stderr: String,
}

impl RunExt for std::process::Command {
    fn run(&mut self) -> Ran {
        let output = self.output().unwrap();
        Ran {
            status: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

impl Ran {
    fn status(self, expected: i32) -> Ran {
        assert_eq!(self.status, expected, "{}\n{}", self.stdout, self.stderr);
        self
    }
}

#[test]
fn check_reports_stale_outputs_and_exits_1() {
    let built = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["build", "rules.md", "-o", "site"])
        .run()
        .status(0);
    let root = built.dir.path().to_path_buf();
    Command::again(&root)
        .args(["build", "rules.md", "-o", "site", "--check"])
        .run()
        .status(0);

    // A passed proposal: amend rule 203 in the source.
    let source = fs::read_to_string(root.join("rules.md")).unwrap();
    let amended = source.replace(
        "This majority must be more than 15% of total players.",
        "This majority must be more than 20% of total players.",
    );
    fs::write(root.join("rules.md"), amended).unwrap();
    let check = Command::again(&root)
        .args(["build", "rules.md", "-o", "site", "--check"])
        .run()
        .status(1);
    assert!(
        check
            .stdout
            .contains("would change rules-l.md rules-l.txt rules-s.md rules-s.txt"),
        "{}",
        check.stdout
    );
    assert!(check
        .stdout
        .contains("would change rules/md/203.md rules/txt/203.txt"));
    assert!(
        fs::read_to_string(root.join("site/rules/md/203.md"))
            .unwrap()
            .contains("15%"),
        "--check writes nothing"
    );
    let build = Command::again(&root)
        .args(["build", "rules.md", "-o", "site"])
        .run()
        .status(0);
    assert!(build
        .stdout
        .contains("changed rules/md/203.md rules/txt/203.txt"));
    assert!(fs::read_to_string(root.join("site/rules/txt/203.txt"))
        .unwrap()
        .contains("20%"));
}

#[test]
fn pages_of_rules_no_longer_in_the_ruleset_are_removed() {
    let built = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file("site/rules/md/999.md", "## 999/0\n\nRepealed.")
        .file("site/rules/md/notes.md", "kept: not a rule page")
        .args(["build", "rules.md", "-o", "site"])
        .run()
        .status(0);
    assert!(
        built.stdout.contains("removed rules/md/999.md"),
        "{}",
        built.stdout
    );
    assert!(!built.exists("site/rules/md/999.md"));
    assert!(built.exists("site/rules/md/notes.md"));
}

#[test]
fn a_failing_build_leaves_the_previous_outputs_intact() {
    let built = bundled_rulesets(Test::new()).arg("build").run().status(0);
    let root = built.dir.path().to_path_buf();
    let before = mtimes(&root.join("out"));
    // A broken override template: everything is rendered before anything is
    // written, so nothing changes.
    fs::create_dir_all(root.join("style")).unwrap();
    fs::write(
        root.join("style/txt-short.txt.j2"),
        "{% macro rule(r, last) %}{{ r.nope }}{% endmacro %}{{ rule(rules[0], true) }}",
    )
    .unwrap();
    fs::write(
        root.join("rulesets/nomic-4-long.md"),
        "# changed\n---\n## 101/0\n\nChanged.\n",
    )
    .unwrap();
    let failed = Command::again(&root)
        .args(["build", "--templates", "style"])
        .run()
        .status(2);
    assert!(
        failed.stderr.contains("txt-short.txt.j2"),
        "{}",
        failed.stderr
    );
    assert_eq!(mtimes(&root.join("out")), before);
}

#[test]
fn templates_change_the_output() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file(
            "style/md-rule.md.j2",
            "{% macro rule(r, last) %}# Rule {{ r.number }}\n\n{{ r.text }}\n{% endmacro %}",
        )
        .args(["build", "rules.md", "-o", "site", "--templates", "style"])
        .run()
        .status(0);
    assert!(out
        .read("site/rules/md/101.md")
        .starts_with("# Rule 101\n\nAll players"));
}

#[test]
fn without_rulesets_folder_the_error_says_what_to_do() {
    Test::new()
        .arg("build")
        .run()
        .status(2)
        .stderr_contains("nomic build FILE -o DIR");
}

#[test]
fn the_report_lists_forms_and_counts_pages() {
    Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["build", "rules.md", "-o", "site"])
        .run()
        .status(0)
        .stderr_empty()
        .stdout(
            "rules.md → site\n  \
             created rules-l.md rules-l.txt rules-s.md rules-s.txt\n  \
             created 114 rule pages in rules/md and rules/txt\n  \
             created 63 files of the website in site/\n\
             Done: 181 created, 0 changed, 0 removed.\n",
        );
}

#[test]
fn refuses_a_ruleset_with_a_rule_number_used_twice() {
    let out = Test::new()
        .file(
            "dup.md",
            "# T (LONG FORMAT)\n---\n## 101/0\n\nx\n\n## 101/0\n\ny\n",
        )
        .args(["build", "dup.md", "-o", "o"])
        .run()
        .status(2)
        .stderr_contains("rule 101 appears more than once")
        .stderr_contains("dup.md:7:1");
    assert!(!out.exists("o"), "nothing is written");
}

#[test]
fn the_manifest_never_hides_a_hand_edit_or_a_stale_page() {
    let built = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["build", "rules.md", "-o", "site"])
        .run()
        .status(0);
    let root = built.dir.path().to_path_buf();
    let again = || {
        Command::again(&root)
            .args(["build", "rules.md", "-o", "site"])
            .run()
            .status(0)
    };
    assert!(again().stdout.contains("Everything is up to date."));

    // A page edited by hand, same size: the manifest does not hide it. The
    // next build reports the copy that disagrees with the source and keeps
    // it (a published file is the moderator's); asked to, it puts it back.
    let page = root.join("site/rules/txt/203.txt");
    let text = fs::read_to_string(&page).unwrap();
    let edited = text.replacen("15%", "25%", 1);
    fs::write(&page, &edited).unwrap();
    let reported = again();
    assert!(
        reported
            .stderr
            .contains("rules/txt/203.txt:1: rule 203 disagrees with rules.md"),
        "{}",
        reported.stderr
    );
    assert_eq!(fs::read_to_string(&page).unwrap(), edited);
    let restored = Command::again(&root)
        .args(["build", "rules.md", "-o", "site", "--fix-copies"])
        .run()
        .status(0);
    assert!(
        restored.stdout.contains("changed rules/txt/203.txt"),
        "{}",
        restored.stdout
    );
    assert_eq!(fs::read_to_string(&page).unwrap(), text);

    // A page of no rule: removed, though the manifest's files are intact.
    fs::write(root.join("site/rules/md/999.md"), "## 999/0\n\nRepealed.").unwrap();
    let cleaned = again();
    assert!(
        cleaned.stdout.contains("removed rules/md/999.md"),
        "{}",
        cleaned.stdout
    );

    // A website page of no rule: removed as well.
    fs::write(root.join("site/site/rules/999.html"), "<p>Repealed.</p>").unwrap();
    let cleaned = again();
    assert!(
        cleaned.stdout.contains("removed 1 file of the website"),
        "{}",
        cleaned.stdout
    );
    assert!(!root.join("site/site/rules/999.html").exists());

    // A removed page: written again.
    fs::remove_file(root.join("site/rules/md/101.md")).unwrap();
    assert!(again().stdout.contains("created rules/md/101.md"));
    assert!(again().stdout.contains("Everything is up to date."));

    // A page given a second name: no longer the plain file with one name
    // the manifest recorded (its size, time and inode are unchanged), so it
    // is written again as a file of its own.
    fs::hard_link(&page, root.join("second-name.txt")).unwrap();
    let unlinked = again();
    assert!(
        unlinked.stdout.contains("changed rules/txt/203.txt"),
        "{}",
        unlinked.stdout
    );
    assert!(again().stdout.contains("Everything is up to date."));

    // A page replaced by a link to a copy of itself: written again as a file.
    let linked = root.join("site/rules/md/102.md");
    let copy = root.join("copy-of-102.md");
    fs::copy(&linked, &copy).unwrap();
    fs::remove_file(&linked).unwrap();
    std::os::unix::fs::symlink(&copy, &linked).unwrap();
    assert!(again().stdout.contains("changed rules/md/102.md"));
    assert!(!fs::symlink_metadata(&linked).unwrap().is_symlink());
    assert!(again().stdout.contains("Everything is up to date."));
}

#[test]
fn a_word_of_300000_letters_is_published_without_overflowing_the_stack() {
    // The search index had a level per character of every word, built,
    // written and dropped by recursion: this input aborted the build.
    let word = "a".repeat(300_000);
    let out = Test::new()
        .file(
            "rules.md",
            format!("# Long word\n\n---\n\n## 101/0 (MUTABLE)\n\nA rule with {word} in it.\n"),
        )
        .args(["build", "rules.md", "-o", "out"])
        .run()
        .status(0);
    assert!(out.read("out/rules/md/101.md").contains(&word));
    let index = out.read("out/site/search-index.js");
    assert!(index.contains(r#""r":{"docs""#) && !index.contains("aaaa"));
}

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_fresh_folder_is_written_whole_and_nothing_is_left_beside_it() {
    let built = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["build", "rules.md", "-o", "out/new"])
        .run()
        .status(0);
    let root = built.dir.path().to_path_buf();
    assert_eq!(names_in(&root.join("out")), ["new"]);
    assert_eq!(
        fs::read(root.join("out/new/rules-l.md")).unwrap(),
        fs::read(root.join("rules.md")).unwrap()
    );
    // Built again into an existing folder (the way of replacing files one
    // by one): the same files, nothing to do.
    let again = Command::again(&root)
        .args(["build", "rules.md", "-o", "out/new"])
        .run()
        .status(0);
    assert!(again.stdout.contains("Everything is up to date."));
    assert_eq!(names_in(&root.join("out")), ["new"]);
}

#[test]
fn a_fresh_build_that_fails_late_leaves_no_folder() {
    // Everything is rendered before anything is written: the website's
    // broken template fails the build before any form is written.
    let website = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file("style/site/rule.html.j2", "{{ rule.nope.deeper }}")
        .args(["build", "rules.md", "-o", "out/new", "--templates", "style"])
        .run()
        .status(2);
    assert!(
        website.stderr.contains("rule.html.j2"),
        "{}",
        website.stderr
    );
    assert!(!website.exists("out"), "not even the folder made for it");
    // With every bundled ruleset, the first rendered (and written) before a
    // later one fails: none of them is published.
    let later = bundled_rulesets(Test::new())
        .file(
            "rulesets/zz-dup.md",
            "# T (LONG FORMAT)\n---\n## 101/0\n\nx\n\n## 101/0\n\ny\n",
        )
        .arg("build")
        .run()
        .status(2);
    assert!(
        later.stderr.contains("appears more than once"),
        "{}",
        later.stderr
    );
    assert!(!later.exists("out"));
}

#[test]
fn a_fresh_builds_manifest_finds_the_folder_current_on_the_next_build() {
    // A second build finds the folder current by the manifest, so it
    // renders nothing and leaves the manifest as it was (a manifest that
    // did not match would be made again after a full comparison).
    let cache = tempfile::tempdir().unwrap();
    let cache_path = cache.path().to_str().unwrap().to_string();
    let built = Test::new()
        .env("XDG_CACHE_HOME", &cache_path)
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["build", "rules.md", "-o", "out/new"])
        .run()
        .status(0);
    let root = built.dir.path().to_path_buf();
    let store = cache.path().join("nomic/build");
    let manifest = || {
        let entries: Vec<_> = fs::read_dir(&store)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        assert_eq!(entries.len(), 1, "{entries:?}");
        let meta = fs::metadata(&entries[0]).unwrap();
        (fs::read(&entries[0]).unwrap(), meta.modified().unwrap())
    };
    let first = manifest();
    let again = Command::again(&root)
        .env("XDG_CACHE_HOME", &cache_path)
        .args(["build", "rules.md", "-o", "out/new"])
        .run()
        .status(0);
    assert!(again.stdout.contains("Everything is up to date."));
    assert!(first == manifest(), "the manifest was made again");
}

#[test]
fn builds_from_standard_input_read_once() {
    let text = fs::read(crate::bundled("nomic-4-long.md")).unwrap();
    let out = Test::new()
        .args(["build", "-", "-o", "out"])
        .stdin(text.clone())
        .run()
        .status(0);
    assert!(out.stdout.contains("Done: "), "{}", out.stdout);
    assert_eq!(out.read("out/rules-l.md").into_bytes(), text);
}

#[test]
fn the_bundled_build_publishes_the_bundled_agora_source_too() {
    let test = Test::new().bundled_file("nomic-5-initial.txt", "rulesets/nomic-5-initial.txt");
    crate::copy_folder(
        &crate::bundled("agora/source"),
        &test.path().join("rulesets/agora/source"),
    );
    let built = test.arg("build").run().status(0);
    assert!(
        built.stdout.contains("rulesets/agora/source → out/agora"),
        "{}",
        built.stdout
    );
    for file in [
        "out/agora/flr.txt",
        "out/agora/slr.txt",
        "out/nomic-5-initial/rules-l.md",
    ] {
        assert!(built.exists(file), "{file} missing:\n{}", built.stdout);
    }
}

/// Each `nomic <words> --flag` the docs show, with the file it is in: the
/// words after `nomic` up to the first option, and the options of the same
/// invocation (up to a pipe, `&&`, `;`, a comment or the end of the code).
fn documented_invocations() -> Vec<(String, Vec<String>, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let mut docs: Vec<_> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    let mut found = Vec::new();
    for page in pages {
        let text = fs::read_to_string(&page).unwrap();
        let name = page.strip_prefix(root).unwrap().display().to_string();
        for line in text.lines() {
            for code in line.split('`').skip(1).step_by(2).chain([line]) {
                let mut rest = code;
                while let Some(at) = rest.find("nomic ") {
                    let before = rest[..at].chars().last();
                    rest = &rest[at + "nomic ".len()..];
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '/' || c == '-') {
                        continue;
                    }
                    let end = rest
                        .find(['|', ';', '#', '`', ')', '\u{2192}'])
                        .unwrap_or(rest.len());
                    let end = rest[..end].find("&&").unwrap_or(end);
                    let words: Vec<&str> = rest[..end].split_whitespace().collect();
                    let command: Vec<String> = words
                        .iter()
                        .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
                        .take(2)
                        .map(ToString::to_string)
                        .collect();
                    let options: Vec<String> = words
                        .iter()
                        .filter(|w| w.starts_with("--") && w.len() > 2)
                        .map(|w| {
                            w.split(['=', ',', '.', '`', '\''])
                                .next()
                                .unwrap()
                                .to_string()
                        })
                        .collect();
                    if !command.is_empty() && !options.is_empty() {
                        found.push((command.join(" "), options, name.clone()));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn the_docs_name_only_options_that_exist() {
    let global = Test::new().args(["--help"]).run().status(0).stdout;
    let mut helps: std::collections::HashMap<String, String> = Default::default();
    let mut checked = 0;
    for (command, options, page) in documented_invocations() {
        let words: Vec<&str> = command.split(' ').collect();
        // The deepest command among the words that has a help of its own.
        let help = helps
            .entry(command.clone())
            .or_insert_with(|| {
                (1..=words.len())
                    .rev()
                    .find_map(|n| {
                        let out = Test::new().args(&words[..n]).arg("--help").run();
                        let usage = format!("Usage: nomic {}", words[..n].join(" "));
                        (out.status == 0 && out.stdout.contains(&usage)).then_some(out.stdout)
                    })
                    .unwrap_or_default()
            })
            .clone();
        if help.is_empty() {
            continue;
        }
        for option in options {
            let shown = |help: &str| {
                help.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                    .any(|word| word == option)
            };
            assert!(
                shown(&help) || shown(&global),
                "{page}: `nomic {command} … {option}`: `nomic {command} --help` has no {option}"
            );
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} options found in the docs");
}
