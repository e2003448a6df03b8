//! `nomic log`, `nomic blame` and `nomic show` on temporary git
//! repositories: proposals applied with `nomic apply --commit`, re-wrapped,
//! formatted and renumbered in between; Agora's source folder and FLR; and
//! four real weeks of a game committed one published tree a commit.

use crate::test::git_on;
use crate::{copy_folder, Test};
use serde_json::Value;
use std::path::Path;

fn commit_all(root: &Path, date: &str, message: &str) {
    git_on(root, "2000-01-01", &["add", "-A"]);
    git_on(
        root,
        date,
        &["commit", "-q", "--allow-empty-message", "-m", message],
    );
}

/// `nomic apply FILE PROPOSAL --commit`, the commits dated `date`.
fn apply(root: &Path, file: &str, proposal: &str, text: &str, date: &str) {
    std::fs::write(root.join(proposal), text).unwrap();
    let stamp = format!("{date}T12:00:00Z");
    Test::in_dir(root)
        .git_user()
        .env("GIT_AUTHOR_DATE", &stamp)
        .env("GIT_COMMITTER_DATE", &stamp)
        .args(["apply", file, proposal, "--commit"])
        .run()
        .status(0);
    std::fs::remove_file(root.join(proposal)).unwrap();
}

fn json(root: &Path, args: &[&str]) -> Value {
    Test::in_dir(root)
        .args(args)
        .args(["--format", "json"])
        .run()
        .status(0)
        .json()
}

/// Each word of the blamed text with who wrote it: the cause's text, or
/// `before DATE`.
fn attributed_words(blame: &Value) -> Vec<(String, String)> {
    let mut words = Vec::new();
    for span in blame["spans"].as_array().unwrap() {
        let by = &span["by"];
        let who = match by["kind"].as_str().unwrap() {
            "before" => format!("before {}", by["date"].as_str().unwrap()),
            _ => by["cause"]["text"].to_string(),
        };
        for word in span["text"].as_str().unwrap().split_whitespace() {
            words.push((word.trim_matches(['*', '_']).to_string(), who.clone()));
        }
    }
    words
}

/// The spans joined give the text, and their byte ranges tile it.
fn assert_spans_cover(blame: &Value) {
    let text = blame["text"].as_str().unwrap();
    let spans = blame["spans"].as_array().unwrap();
    let joined: String = spans.iter().map(|s| s["text"].as_str().unwrap()).collect();
    assert_eq!(joined, text);
    let mut at = 0;
    for span in spans {
        let (start, end) = (
            span["start"].as_u64().unwrap(),
            span["end"].as_u64().unwrap(),
        );
        assert_eq!(start as usize, at, "{span}");
        assert_eq!(
            &text[start as usize..end as usize],
            span["text"].as_str().unwrap()
        );
        at = end as usize;
    }
    assert_eq!(at, text.len());
}

/// Every history line a span is attributed to is in the rule's history.
fn assert_causes_in_history(blame: &Value, history: &[String]) {
    for span in blame["spans"].as_array().unwrap() {
        let cause = &span["by"]["cause"];
        if cause["kind"] == "history" {
            for line in cause["text"].as_array().unwrap() {
                assert!(
                    history.iter().any(|entry| entry == line.as_str().unwrap()),
                    "{line} is not in the rule's history {history:?}"
                );
            }
        }
    }
}

fn history_lines(log: &Value) -> Vec<String> {
    let versions = log["versions"].as_array().unwrap();
    versions.last().unwrap()["rule"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["source"].as_str().unwrap().to_string())
        .collect()
}

fn causes(log: &Value) -> Vec<String> {
    log["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["cause"]["text"].to_string())
        .collect()
}

/// A game's ruleset under git: Proposal 342 amends Rule 203, the file is
/// re-wrapped and then formatted, Proposal 344 renumbers the rule to 230 and
/// Proposal 345 amends it again.
#[test]
fn blame_follows_proposals_through_rewrapping_formatting_and_renumbering() {
    let test = Test::new().bundled_file("nomic-4-long.md", "game/rules-l.md");
    let root = test.path().to_path_buf();
    git_on(&root, "2020-06-01", &["init", "-q"]);
    commit_all(&root, "2020-06-01", "Game 4 begins");
    apply(
        &root,
        "game/rules-l.md",
        "342.md",
        "Proposal 342 (Alekosen), Aug 24, 2020 (R6T1)\n\
         In Rule 203, replace \"a simple majority\" with \"two thirds\".\n",
        "2020-08-24",
    );
    let after_342 = json(&root, &["blame", "203", "game/rules-l.md"]);
    assert_spans_cover(&after_342);
    let words = attributed_words(&after_342);
    let p342 = r#"["Amended (2) by Proposal 342 (Alekosen), Aug 24, 2020 (R6T1)"]"#;
    let by_342: Vec<&str> = words
        .iter()
        .filter(|(_, who)| who == p342)
        .map(|(word, _)| word.as_str())
        .collect();
    assert_eq!(by_342, ["two", "thirds"], "{words:?}");
    assert!(words
        .iter()
        .filter(|(_, who)| who != p342)
        .all(|(_, who)| who == "before 2020-06-01"));

    // A re-wrap: the paragraph broken over two lines, nothing else.
    let path = root.join("game/rules-l.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let rewrapped = text.replacen(
        "of eligible voters vote for it.",
        "of eligible\nvoters vote for it.",
        1,
    );
    assert_ne!(rewrapped, text);
    std::fs::write(&path, rewrapped).unwrap();
    commit_all(&root, "2020-08-25", "Re-wrap rule 203");
    // A format commit: the file in canonical form.
    Test::in_dir(&root)
        .args(["fmt", "game/rules-l.md"])
        .run()
        .status(0);
    commit_all(&root, "2020-08-26", "nomic fmt");
    let log = json(&root, &["log", "203", "game/rules-l.md"]);
    assert_eq!(log["versions"].as_array().unwrap().len(), 2, "{log}");
    assert_eq!(
        attributed_words(&json(&root, &["blame", "203", "game/rules-l.md"])),
        words
    );

    apply(
        &root,
        "game/rules-l.md",
        "344.md",
        "Proposal 344 (Sauce), Aug 30, 2020\nRenumber Rule 203 to 230.\n",
        "2020-08-30",
    );
    let renumbered = json(&root, &["blame", "230", "game/rules-l.md"]);
    assert_eq!(attributed_words(&renumbered), words, "renumbering keeps it");

    apply(
        &root,
        "game/rules-l.md",
        "345.md",
        "Proposal 345 (Janwich), Sep 6, 2020\n\
         In Rule 230, replace \"more than 15%\" with \"at least a fifth\".\n",
        "2020-09-06",
    );
    let blame = json(&root, &["blame", "230", "game/rules-l.md"]);
    assert_spans_cover(&blame);
    let log = json(&root, &["log", "230", "game/rules-l.md"]);
    assert_causes_in_history(&blame, &history_lines(&log));
    let words = attributed_words(&blame);
    let p345 = r#"["Amended (3) by Proposal 345 (Janwich), Sep 6, 2020"]"#;
    let by_345: Vec<&str> = words
        .iter()
        .filter(|(_, who)| who == p345)
        .map(|(word, _)| word.as_str())
        .collect();
    assert_eq!(by_345, ["at", "least", "a", "fifth"], "{words:?}");
    assert_eq!(words.iter().filter(|(_, who)| who == p342).count(), 2);

    // The log: the first commit, 342, the renumbering, 345; no version for
    // the re-wrap or the formatting.
    assert_eq!(
        causes(&log),
        [
            r#"["Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020"]"#,
            p342,
            r#"["Renumbered from Rule 203 to Rule 230 by Proposal 344 (Sauce), Aug 30, 2020"]"#,
            p345,
        ]
    );
    assert_eq!(log["predates"], true);
    let versions = log["versions"].as_array().unwrap();
    assert_eq!(versions[2]["changes"][0], "renumbered");
    assert_eq!(versions[1]["rule"]["number"], 203);
    assert_eq!(versions[3]["date"], "2020-09-06");

    // People's forms.
    Test::in_dir(&root)
        .args(["log", "Rule 230", "game/rules-l.md", "--patch"])
        .run()
        .status(0)
        .stdout_contains("Rule 230: 4 versions in game/rules-l.md\n")
        .stdout_contains("[-more than 15%-]{+at least a fifth+}")
        .stdout_contains("2020-08-30 ");
    Test::in_dir(&root)
        .args(["blame", "230", "game/rules-l.md"])
        .run()
        .status(0)
        .stdout_contains("two thirds[2]")
        .stdout_contains("at least a fifth[3]")
        .stdout_contains("[2] 2020-08-24 ")
        .stdout_contains(
            "[1] before 2020-06-01: one of the rule's 2 recorded changes, the last Amended (1) \
             by Proposal 329 (Alekosen), Jul 27, 2020\n",
        );

    // Point in time: by day and by commit.
    let shown = json(
        &root,
        &["show", "230", "game/rules-l.md", "--at", "2020-08-27"],
    );
    let text = shown["rule"]["text"].as_str().unwrap();
    assert!(
        text.contains("two thirds") && text.contains("more than 15%"),
        "{text}"
    );
    assert_eq!(shown["rule"]["number"], 203);
    let start = git_on(
        &root,
        "2000-01-01",
        &["rev-list", "--max-parents=0", "HEAD"],
    );
    let first = json(&root, &["show", "230", "game/rules-l.md", "--at", &start]);
    assert!(first["rule"]["text"]
        .as_str()
        .unwrap()
        .contains("a simple majority"));
    Test::in_dir(&root)
        .args(["show", "230", "game/rules-l.md", "--at", "2020-01-01"])
        .run()
        .status(2)
        .stderr_contains("rule 230 has no version at 2020-01-01");
    Test::in_dir(&root)
        .args(["show", "230", "game/rules-l.md", "--format", "md"])
        .run()
        .status(0)
        .stdout_contains("> **Rule 230** as it stands (in force since 2020-09-06 ")
        .stdout_contains(": Amended (3) by Proposal 345 (Janwich), Sep 6, 2020)\n>\n")
        .stdout_contains(
            "> A rule-change is adopted if two thirds of eligible\n> voters vote for it.",
        );
}

/// The rule pages `apply --commit` publishes: the page is followed through
/// its renaming when the rule is renumbered.
#[test]
fn a_rule_page_is_followed_through_renumbering() {
    let test = Test::new().bundled_file("nomic-4-long.md", "game/rules-l.md");
    let root = test.path().to_path_buf();
    git_on(&root, "2020-06-01", &["init", "-q"]);
    commit_all(&root, "2020-06-01", "Game 4 begins");
    apply(
        &root,
        "game/rules-l.md",
        "342.md",
        "Proposal 342 (Alekosen), Aug 24, 2020\nIn Rule 219, replace \"allotted 48 hours\" with \"allotted two days\".\n",
        "2020-08-24",
    );
    apply(
        &root,
        "game/rules-l.md",
        "343.md",
        "Proposal 343 (Sauce), Aug 30, 2020\nRenumber Rule 219 to 250.\n",
        "2020-08-30",
    );
    apply(
        &root,
        "game/rules-l.md",
        "344.md",
        "Proposal 344 (Sauce), Sep 2, 2020\nIn Rule 250, replace \"inactive\" with \"idle\".\n",
        "2020-09-02",
    );
    let log = json(&root, &["log", "250", "game/rules/md"]);
    let versions = log["versions"].as_array().unwrap();
    assert_eq!(log["keeping"], "page");
    assert_eq!(
        versions.first().unwrap()["path"],
        "game/rules/md/219.md",
        "{log}"
    );
    assert_eq!(versions.last().unwrap()["path"], "game/rules/md/250.md");
    assert!(
        versions.iter().any(|v| v["changes"][0] == "renumbered"),
        "{log}"
    );
    let blame = json(&root, &["blame", "250", "game/rules/md"]);
    assert_spans_cover(&blame);
    assert_causes_in_history(&blame, &history_lines(&log));
    let words = attributed_words(&blame);
    let idle: Vec<&(String, String)> = words.iter().filter(|(word, _)| word == "idle").collect();
    assert_eq!(idle.len(), 1);
    // A page carries no history lines: the commit that wrote it names the proposal.
    assert_eq!(idle[0].1, r#""Apply Proposal 344: rule pages""#);
}

/// Agora's source folder, one YAML file a rule: an amendment recorded in
/// the rule's history, and a re-indented text block that changes nothing.
/// The FLR, a whole ruleset a file: an edit without a history line is the
/// commit's.
#[test]
fn agora_source_and_flr_are_blamed_by_words() {
    let test = Test::new();
    let root = test.path().to_path_buf();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_folder(
        &manifest.join("rulesets/agora/source"),
        &root.join("source"),
    );
    std::fs::copy(
        manifest.join("tests/fixtures/agora/published/flr.txt"),
        root.join("flr.txt"),
    )
    .unwrap();
    git_on(&root, "2026-07-26", &["init", "-q"]);
    commit_all(&root, "2026-07-26", "Import the ruleset");

    let file = root.join("source/rules_data/rules/101");
    let yaml = std::fs::read_to_string(&file).unwrap();
    // Re-indented and re-wrapped: the text block four spaces in, its first
    // paragraph's lines broken elsewhere.
    let (head, rest) = yaml.split_once("history:\n").unwrap();
    let block = head.replace("\n  ", "\n    ").replace(
        "accordance\n    with the Rules,",
        "accordance with\n    the Rules,",
    );
    assert_ne!(block, head);
    std::fs::write(&file, format!("{block}history:\n{rest}")).unwrap();
    commit_all(&root, "2026-07-27", "Re-indent");
    let amended = yaml
        .replace("Please treat Agora Right Good Forever.", "Please treat Agora Right Good Forever and a Day.")
        .replace(
            "\nannotations:",
            "\n- change:\n    type: amendment\n  date: 2026-08-01\n  agent:\n    proposal: \"9999\"\nannotations:",
        );
    std::fs::write(&file, amended).unwrap();
    commit_all(&root, "2026-08-01", "Proposal 9999");

    let log = json(&root, &["log", "101", "source"]);
    assert_eq!(log["keeping"], "agora-source");
    assert_eq!(log["versions"].as_array().unwrap().len(), 2, "{log}");
    let blame = json(&root, &["blame", "101", "source"]);
    assert_spans_cover(&blame);
    assert_causes_in_history(&blame, &history_lines(&log));
    let words = attributed_words(&blame);
    let new: Vec<&str> = words
        .iter()
        .filter(|(_, who)| who.contains("P9999"))
        .map(|(word, _)| word.as_str())
        .collect();
    assert_eq!(new, ["and", "a", "Day"], "{words:?}");
    assert!(words
        .iter()
        .filter(|(_, who)| !who.contains("P9999"))
        .all(|(_, who)| who == "before 2026-07-26"));
    Test::in_dir(&root)
        .args(["blame", "R101", "source"])
        .run()
        .status(0)
        .stdout_contains(
            "before 2026-07-26: one of the rule's 18 recorded changes, the last Amended(17) by \
             P7743, 12 May 2015",
        );

    let flr = root.join("flr.txt");
    let text = std::fs::read_to_string(&flr).unwrap();
    std::fs::write(
        &flr,
        text.replacen(
            "won, but the game never ends.",
            "won, but the game never stops.",
            1,
        ),
    )
    .unwrap();
    commit_all(&root, "2026-08-02", "Fix a typo in R101");
    let blame = json(&root, &["blame", "101", "flr.txt"]);
    assert_spans_cover(&blame);
    let words = attributed_words(&blame);
    let edited: Vec<&str> = words
        .iter()
        .filter(|(_, who)| who == "\"Fix a typo in R101\"")
        .map(|(word, _)| word.as_str())
        .collect();
    assert_eq!(edited, ["stops"], "{words:?}");

    // A copy that cannot be read is left out, and the walk goes on past it;
    // an edit committed without a message is editorial.
    let good = std::fs::read_to_string(&flr).unwrap();
    std::fs::write(&flr, "").unwrap();
    commit_all(&root, "2026-08-03", "Oops");
    std::fs::write(&flr, good.replacen("never stops.", "never halts.", 1)).unwrap();
    commit_all(&root, "2026-08-04", "");
    let out = Test::in_dir(&root)
        .args(["log", "101", "flr.txt", "--format", "json"])
        .run()
        .status(0)
        .stderr_contains("warning: flr.txt: left out commit ");
    let log = out.json();
    assert_eq!(log["unread"].as_array().unwrap().len(), 1, "{log}");
    assert_eq!(causes(&log).last().unwrap(), "null", "{log}");
    let last = log["versions"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["cause"]["kind"], "editorial");
    assert_eq!(log["versions"].as_array().unwrap().len(), 3, "{log}");
}

/// Real history: the published trees of four weeks of Game 4 (see
/// tests/fixtures/weeks/README.md), committed in date order, one tree a
/// commit. Attributions checked by hand against the trees.
#[test]
fn real_weeks_committed_in_order_are_attributed_to_their_proposals() {
    let weeks = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/weeks");
    let test = Test::new();
    let root = test.path().to_path_buf();
    git_on(&root, "2020-06-02", &["init", "-q"]);
    // (tree, date, subject): the trees in the order of the game; a week's
    // `before` is the previous week's `after` when the commits follow.
    let trees = [
        ("01-16e2662-be9c4a7/before", "2020-06-02", "16e2662"),
        (
            "01-16e2662-be9c4a7/after",
            "2020-06-03",
            "Proposal 301 (rules-l.md)",
        ),
        ("02-be9c4a7-5a4532d/after", "2020-06-06", "Judgment I"),
        ("03-9430fbf-911ba90/before", "2020-07-17", "9430fbf"),
        (
            "03-9430fbf-911ba90/after",
            "2020-07-18",
            "Proposal 326 (rules-l.md)",
        ),
        ("04-88e485e-931325f/before", "2020-08-08", "88e485e"),
        (
            "04-88e485e-931325f/after",
            "2020-08-09",
            "Proposal 336 (rules-l.md)",
        ),
    ];
    for (tree, date, subject) in trees {
        for old in [
            "rules-l.md",
            "rules-s.md",
            "rules-l.txt",
            "rules-s.txt",
            "rules",
            "images",
        ] {
            let path = root.join(old);
            if path.is_dir() {
                std::fs::remove_dir_all(&path).unwrap();
            } else if path.exists() {
                std::fs::remove_file(&path).unwrap();
            }
        }
        copy_folder(&weeks.join(tree), &root);
        commit_all(&root, date, subject);
    }

    // Rule 219: Proposal 301 added "unless otherwise specified".
    let blame = json(&root, &["blame", "219", "rules-l.md"]);
    assert_spans_cover(&blame);
    let p301 = r#"["Amended (1) by Proposal 301 (Sauce), Jun 3, 2020 (R1T1)"]"#;
    let by_301: Vec<String> = attributed_words(&blame)
        .into_iter()
        .filter(|(_, who)| who == p301)
        .map(|(word, _)| word)
        .collect();
    assert_eq!(by_301, ["unless", "otherwise", "specified"]);

    // Rule 203: between the trees of weeks 03 and 04, Proposal 329 struck
    // "and only if" and added the 15% floor.
    let blame = json(&root, &["blame", "203", "rules-l.md"]);
    let p329 = r#"["Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020"]"#;
    let by_329: Vec<String> = attributed_words(&blame)
        .into_iter()
        .filter(|(_, who)| who == p329)
        .map(|(word, _)| word)
        .collect();
    assert_eq!(
        by_329.join(" "),
        // "it." was there before: the new sentence follows it.
        "This majority must be more than 15% of total players."
    );

    // Rule 326, enacted in week 03: every word is the enactment's, in the
    // ruleset (its history line) and on the rule's own page (which carries
    // no history: the commit's subject).
    for (file, cause) in [
        (
            "rules-l.md",
            r#"["Enacted by Proposal 326 (iann39), Jul 18, 2020 (R3T7)"]"#,
        ),
        ("rules/md", r#""Proposal 326 (rules-l.md)""#),
    ] {
        let log = json(&root, &["log", "326", file]);
        assert_eq!(causes(&log), [cause], "{file}");
        let blame = json(&root, &["blame", "326", file]);
        assert_spans_cover(&blame);
        assert_causes_in_history(&blame, &history_lines(&log));
        assert_eq!(
            blame["spans"].as_array().unwrap().len(),
            1,
            "{file}: {blame}"
        );
    }
    Test::in_dir(&root)
        .args(["log", "326", "rules-l.md"])
        .run()
        .status(0)
        .stdout_contains("Rule 326: 1 version in rules-l.md\n\n2020-07-18 ")
        .stdout_contains(
            "  Rule 326  enacted\n    Enacted by Proposal 326 (iann39), Jul 18, 2020 (R3T7)\n",
        );

    // Rule 117: Judgment I is recorded under it, with no history line: the
    // commit's subject names it.
    let log = json(&root, &["log", "117", "rules-l.md"]);
    let versions = log["versions"].as_array().unwrap();
    assert_eq!(versions.len(), 2, "{log}");
    assert_eq!(versions[1]["changes"], serde_json::json!(["judgments"]));
    assert_eq!(versions[1]["cause"]["text"], "Judgment I");
}
