use crate::{bundled, git, Test};
use nomic::model::{Rule, Ruleset};
use nomic::parse::parse_str;
use nomic::render::text::markdown_to_text;
use std::path::Path;
use std::process::Command;

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/amend")
        .join(name);
    std::fs::read(path).unwrap()
}

const PROPOSALS: [&str; 5] = ["303.md", "304.md", "311.md", "328.md", "329.md"];

fn with_proposals(mut test: Test) -> Test {
    for name in PROPOSALS {
        test = test.file(name, fixture(name));
    }
    test
}

fn parse(text: &str) -> Ruleset {
    parse_str(text, None).unwrap_or_else(|err| panic!("output parses: {err:?}"))
}

/// The meaning of a body, whether it was read from Markdown or from text.
fn words(text: &str) -> String {
    markdown_to_text(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn history(rule: &Rule) -> Vec<&str> {
    rule.history
        .iter()
        .map(|entry| entry.source.as_str())
        .collect()
}

#[test]
fn proposals_from_the_history_of_nomic_iv_give_its_later_rules() {
    let out = with_proposals(Test::new().bundled_file("nomic-4-long-early.txt", "early.txt"))
        .args(["apply", "early.txt"])
        .args(PROPOSALS)
        .run()
        .status(0)
        .stderr_empty();
    let applied = parse(&out.stdout);
    let later = parse(&std::fs::read_to_string(bundled("nomic-4-long.md")).unwrap());
    for number in [203, 206, 210, 303, 304] {
        let got = applied
            .rule(number)
            .unwrap_or_else(|| panic!("Rule {number} is there"));
        let want = later.rule(number).unwrap();
        assert_eq!(got.revision, want.revision, "revision of {number}");
        assert_eq!(got.mutability, want.mutability, "mutability of {number}");
        assert_eq!(history(got), history(want), "history of {number}");
        assert_eq!(words(&got.text), words(&want.text), "text of {number}");
    }
    let numbers: Vec<u32> = applied.rules.iter().map(|r| r.number).collect();
    let mut sorted = numbers.clone();
    sorted.sort_unstable();
    assert_eq!(numbers, sorted, "rules stay in number order");

    // Untouched rules are written byte for byte.
    let early = std::fs::read_to_string(bundled("nomic-4-long-early.txt")).unwrap();
    let original = parse(&early);
    for rule in &original.rules {
        if [203, 206, 210].contains(&rule.number) {
            continue;
        }
        let source = &rule.layout.as_ref().unwrap().source;
        assert!(
            out.stdout.contains(source.as_str()),
            "Rule {} kept:\n{source}",
            rule.number
        );
    }
}

#[test]
fn in_place_and_output_files() {
    let out = Test::new()
        .bundled_file("nomic-4-long-early.txt", "early.txt")
        .file("329.md", fixture("329.md"))
        .args(["apply", "early.txt", "329.md", "-o", "next.txt"])
        .run()
        .status(0)
        .stdout("")
        .stderr_contains("next.txt: changed Rule 203 (revision numbering)");
    assert!(out
        .read("next.txt")
        .contains("Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020"));
    assert_eq!(
        out.read("early.txt"),
        std::fs::read_to_string(bundled("nomic-4-long-early.txt")).unwrap()
    );

    let out = Test::new()
        .bundled_file("nomic-4-long-early.txt", "early.txt")
        .file("329.md", fixture("329.md"))
        .args(["apply", "early.txt", "329.md", "--in-place"])
        .run()
        .status(0);
    assert!(out.read("early.txt").contains("Rule 203/1"));
}

#[test]
fn a_refused_proposal_is_located_and_nothing_is_written() {
    let original = std::fs::read_to_string(bundled("nomic-4-long-early.txt")).unwrap();
    let out = Test::new()
        .bundled_file("nomic-4-long-early.txt", "early.txt")
        .file("329.md", fixture("329.md"))
        .file("bad.md", "Proposal 330 (Sauce)\n\nRepeal Rule 101.\n")
        .args(["apply", "early.txt", "329.md", "bad.md", "--in-place"])
        .run()
        .status(2)
        .stderr_contains("cannot repeal Rule 101: it is immutable")
        .stderr_contains("bad.md:3:1")
        .stderr_contains("Transmute Rule 101 to mutable");
    assert_eq!(out.read("early.txt"), original);

    Test::new()
        .bundled_file("nomic-4-long-early.txt", "early.txt")
        .file("old.md", "Proposal 301\nRepeal Rule 213.\n")
        .args(["apply", "early.txt", "old.md"])
        .run()
        .status(2)
        .stderr_contains("Proposal 301 was already applied: the history of Rule 219 names it");
}

#[test]
fn a_syntax_error_names_line_and_column() {
    Test::new()
        .bundled_file("nomic-4-long-early.txt", "early.txt")
        .file("p.md", "Proposal 330\nAmend Rule 203 to say:\n> x\n")
        .args(["apply", "early.txt", "p.md"])
        .run()
        .status(2)
        .stderr_contains("p.md:2:19")
        .stderr_contains("expected `to read:`");
}

#[test]
fn nomic_i_renumbers_amended_rules_as_its_rule_108_says() {
    let out = Test::new()
        .bundled_file("nomic-1-final.txt", "final.txt")
        .file(
            "p.md",
            "Proposal 350\nIn Rule 304, replace \"two parts\" with \"three parts\".\n",
        )
        .args(["apply", "final.txt", "p.md"])
        .run()
        .status(0);
    assert!(
        out.stdout.contains("both Rule 206 and Rule 350."),
        "{}",
        out.stdout
    );
    let applied = parse(&out.stdout);
    assert!(applied.rule(304).is_none());
    assert!(applied.rule(350).unwrap().text.contains("three parts"));

    let out = Test::new()
        .bundled_file("nomic-1-final.txt", "final.txt")
        .file(
            "p.md",
            "Proposal 350\nIn Rule 304, replace \"two parts\" with \"three parts\".\n",
        )
        .args(["apply", "final.txt", "p.md", "--numbering", "revision"])
        .run()
        .status(0);
    assert!(parse(&out.stdout)
        .rule(304)
        .unwrap()
        .text
        .contains("three parts"));
}

#[test]
fn commit_writes_pages_commits_them_and_links_the_history_to_that_commit() {
    let test = Test::new()
        .bundled_file("nomic-4-long.md", "game/ruleset.md")
        .file("342.md", "Proposal 342 (Alekosen), Aug 24, 2020 (R6T1)\nAmend Rule 203 to read:\n> Two thirds of eligible voters adopt a rule-change.\n");
    let root = test.path().to_path_buf();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "game/ruleset.md"]);
    git(&root, &["commit", "-q", "-m", "start"]);
    let out = test
        .git_user()
        .args(["apply", "game/ruleset.md", "342.md", "--commit"])
        .args([
            "--link-template",
            "https://example.org/blob/{commit}/game/rules/md/{rule}.md",
        ])
        .run()
        .status(0)
        .stderr_contains("changed Rule 203 (revision numbering); committed, history linked to");
    let log = git(&root, &["log", "--format=%H %s"]);
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 3, "{log}");
    assert!(lines[0].ends_with(" Apply Proposal 342"), "{log}");
    let pages_commit = lines[1].split(' ').next().unwrap();
    assert!(
        lines[1].ends_with("Apply Proposal 342: rule pages"),
        "{log}"
    );
    let page = git(
        &root,
        &["show", &format!("{pages_commit}:game/rules/md/203.md")],
    );
    assert!(page.starts_with("## 203/2"), "{page}");
    assert!(page.contains("Two thirds of eligible voters"), "{page}");
    assert!(out.exists("game/rules/txt/101.txt"));
    let ruleset = out.read("game/ruleset.md");
    let link = format!("https://example.org/blob/{pages_commit}/game/rules/md/203.md");
    assert!(
        ruleset.contains(&format!(
            "[*Amended (2) by Proposal 342 (Alekosen), Aug 24, 2020 (R6T1)*]({link})"
        )),
        "{ruleset}"
    );
    assert_eq!(
        git(&root, &["status", "--porcelain", "--untracked-files=no"]),
        ""
    );

    // Without a link template: the same two commits; pages of rules that
    // are gone go with the pages.
    std::fs::write(
        root.join("343.md"),
        "Proposal 343\nRepeal Rule 304.\nRenumber Rule 305 to 350.\n",
    )
    .unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_nomic"))
        .current_dir(&root)
        .args(["apply", "game/ruleset.md", "343.md", "--commit"])
        .envs([("GIT_AUTHOR_NAME", "t"), ("GIT_AUTHOR_EMAIL", "t@t")])
        .envs([("GIT_COMMITTER_NAME", "t"), ("GIT_COMMITTER_EMAIL", "t@t")])
        .output()
        .unwrap();
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&status.stdout),
        String::from_utf8_lossy(&status.stderr)
    );
    assert!(status.status.success(), "{report}");
    assert!(report.contains("; committed"), "{report}");
    let log = git(&root, &["log", "--format=%s"]);
    assert_eq!(log.lines().next(), Some("Apply Proposal 343"), "{log}");
    assert_eq!(log.lines().count(), 5, "{log}");
    for gone in ["md/304.md", "txt/304.txt", "md/305.md"] {
        assert!(
            !root.join("game/rules").join(gone).exists(),
            "{gone} removed"
        );
    }
    let page = git(&root, &["show", "HEAD:game/rules/md/350.md"]);
    assert!(page.starts_with("## 350/1"), "{page}");
    let pages = git(&root, &["show", "--name-status", "--format=", "HEAD~1"]);
    assert!(pages.contains("D\tgame/rules/md/304.md"), "{pages}");
    let changed = git(&root, &["show", "--name-status", "--format=", "HEAD"]);
    assert_eq!(changed, "M\tgame/ruleset.md");
    assert_eq!(
        git(&root, &["status", "--porcelain", "--untracked-files=no"]),
        ""
    );
}

/// The (severity, code, message) of every finding `nomic check` makes.
pub(crate) fn findings(text: &str) -> Vec<String> {
    use nomic::check::{check, Input};
    use nomic::parse::{read, ReadOptions};
    let parsed = read(text.as_bytes(), &ReadOptions::default()).expect("parses");
    let input = Input::from_parsed(&parsed, None);
    let mut all: Vec<String> = check(&input)
        .iter()
        .map(|f| format!("{} {} {}", f.severity, f.code, f.message))
        .collect();
    all.sort();
    all
}

#[test]
fn outputs_raise_no_check_finding_their_input_did_not() {
    let cases: [(&str, &str); 5] = [
        ("nomic-4-long.md", "Proposal 342 (Sauce), Aug 24, 2020\nRenumber Rule 304 to 340.\n"),
        ("nomic-4-long-early.txt", "Proposal 303 (THUNDER THIGHS), Jun 7, 2020 (R1T3)\nEnact a new rule:\n> Secret ballots.\n\nProposal 305\nAmend Rule 206 to read:\n> Turns last a day.\n"),
        ("nomic-4-long.md", "Proposal 342 (Alekosen), Aug 24, 2020 (R6T1)\nTransmute Rule 101 to mutable.\nAmend Rule 101 to read:\n> All players must obey.\n>\n> Second paragraph.\nRepeal Rule 304.\n"),
        ("nomic-1-final.txt", "Proposal 350\nIn Rule 304, replace \"two parts\" with \"three parts\".\nEnact a new immutable rule as Rule 351:\n> Fixed.\n"),
        ("nomic-5-initial.txt", "Proposal 301 (Sauce)\nRenumber Rule 201 to 250.\n"),
    ];
    for (ruleset, proposal) in cases {
        let input = std::fs::read_to_string(bundled(ruleset)).unwrap();
        let out = Test::new()
            .bundled_file(ruleset, "in.txt")
            .file("p.md", proposal)
            .args(["apply", "in.txt", "p.md"])
            .run()
            .status(0);
        assert_ne!(out.stdout, input, "{ruleset} changed");
        assert_eq!(findings(&out.stdout), findings(&input), "{ruleset}");
    }
}

fn amend_docs() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/amend.md")).unwrap()
}

#[test]
fn the_proposal_example_in_the_docs_parses() {
    let docs = amend_docs();
    let start = docs.find("```markdown\n").expect("an example proposal") + "```markdown\n".len();
    let example = &docs[start..start + docs[start..].find("```").unwrap()];
    let proposals = nomic::amend::parse_proposals(example).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(proposals.len(), 1);
    assert_eq!(proposals[0].operations.len(), 5);
}

#[test]
fn the_commands_in_the_docs_use_flags_that_exist() {
    let docs = amend_docs();
    let mut seen = 0;
    for line in docs.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("nomic ") else {
            continue;
        };
        let command = rest.split_whitespace().next().unwrap();
        let help = Test::new().args([command, "--help"]).run().status(0).stdout;
        for flag in rest.split_whitespace().filter(|w| w.starts_with("--")) {
            assert!(
                help.contains(flag),
                "`nomic {command}` has no {flag}:\n{help}"
            );
        }
        seen += 1;
    }
    assert!(seen >= 4, "the docs show the commands ({seen} found)");
}

/// What `nomic apply` changed, as a unified diff a reviewer can read.
fn changes(before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(1)
        .header("before", "after")
        .to_string()
}

#[test]
fn golden_diffs_of_applied_proposals() {
    let early = std::fs::read_to_string(bundled("nomic-4-long-early.txt")).unwrap();
    let out = with_proposals(Test::new().bundled_file("nomic-4-long-early.txt", "early.txt"))
        .args(["apply", "early.txt"])
        .args(PROPOSALS)
        .run()
        .status(0);
    insta::assert_snapshot!("apply-nomic-4-long-early", changes(&early, &out.stdout));

    let long = std::fs::read_to_string(bundled("nomic-4-long.md")).unwrap();
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "long.md")
        .file(
            "342.md",
            "Proposal 342 (Alekosen), Aug 24, 2020 (R6T1)\nTransmute Rule 117 to mutable.\n\
             In Rule 117, replace \"permitted and unregulated\" with \"permitted and free\".\nRepeal Rule 304.\n\
             Renumber Rule 305 to 350.\nEnact a new rule:\n> Points are *scored* per Rule 350.\n",
        )
        .args(["apply", "long.md", "342.md"])
        .run()
        .status(0);
    insta::assert_snapshot!("apply-nomic-4-long", changes(&long, &out.stdout));
}

#[test]
fn a_temporary_rule_becomes_rule_601_as_in_nomic_iv() {
    // Nomic IV without its rule 601, which Temporary Rule 601 became.
    let long = std::fs::read_to_string(bundled("nomic-4-long.md")).unwrap();
    let at = long
        .find("\n## 601/0\n")
        .expect("rule 601 is the last rule");
    let without = format!("{}\n", &long[..at]);
    // The rule comes back as published, but for the link of its history
    // line, which only `--link-template` writes, and the published file's
    // `####` quirk of its history heading: a new rule is written canonically.
    let link = "(https://github.com/dmouscher/nomic/blob/35bfb3b19fb6257430f8c7d55932aaff9e0b3ea7\
                /Game_4/rules/md/601.md)";
    let created = "*Created from Temporary Rule 601 (Fenris Wolf), Aug 14, 2020 (R5T8)*";
    let rule_601 = long[at..]
        .replace(&format!("[{created}]{link}"), created)
        .replace("\n#### *History*\n", "\n##### *History*\n");
    let expected = format!("{}{rule_601}", &long[..at]);
    assert_ne!(expected, long);
    let out = Test::new()
        .file("rules.md", &without)
        .file("601.md", fixture("601.md"))
        .args(["apply", "rules.md", "601.md", "--in-place"])
        .run()
        .status(0)
        .stderr_contains("changed Rule 601");
    let written = out.read("rules.md");
    assert!(written == expected, "{}", changes(&expected, &written));
    // Once created, the same temporary rule is refused.
    out.then()
        .file("again.md", fixture("601.md").as_slice())
        .args(["apply", "rules.md", "again.md"])
        .run()
        .status(2)
        .stderr_contains("Temporary Rule 601 already became a rule");
}
