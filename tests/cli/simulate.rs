use crate::{bundled, Test};

fn scenario(name: &str) -> String {
    bundled(&format!("scenarios/{name}.sim"))
        .display()
        .to_string()
}

#[test]
fn every_bundled_scenario_holds() {
    for name in [
        "nomic-1-final",
        "nomic-4-long-early",
        "nomic-4-long",
        "nomic-5-initial",
    ] {
        let out = Test::new()
            .args(["simulate", &scenario(name), "--format", "summary"])
            .run();
        assert_eq!(out.status, 0, "{name}:\n{}{}", out.stdout, out.stderr);
        assert!(out.stdout.contains(" 0 failed"), "{name}:\n{}", out.stdout);
        assert!(!out.stdout.contains("FAIL"), "{name}:\n{}", out.stdout);
    }
}

const SCRIPT: &str = "ruleset nomic-4-long.md\nnext-number 340\nplayer alice score 98\nplayer bob\nplayer carol\ndice 1d6: 4\n\
at +1h alice proposes enact \"Hats.\"\nbob votes yes\ncarol votes no\nend turn\nexpect adopted 340\nexpect winner alice\n";

#[test]
fn a_failed_expectation_exits_1_and_says_what_was_found() {
    Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file(
            "game.sim",
            SCRIPT.replace("expect winner alice", "expect winner bob"),
        )
        .args(["simulate", "game.sim"])
        .run()
        .status(1)
        .stdout_contains("FAIL line 12: expect winner bob (the winners are alice)");
}

#[test]
fn a_script_error_exits_2_with_line_and_column() {
    Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file("game.sim", SCRIPT.replace("bob votes yes", "bob votes"))
        .args(["simulate", "game.sim"])
        .run()
        .status(2)
        .stderr_contains("game.sim:8:");
}

#[test]
fn an_unexpected_refusal_fails_the_run() {
    Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file(
            "game.sim",
            SCRIPT.replace("bob votes yes", "bob proposes enact \"x\""),
        )
        .args(["simulate", "game.sim", "--format", "summary"])
        .run()
        .status(1)
        .stdout_contains("refused: it is not bob's turn");
}

#[test]
fn a_missing_ruleset_exits_2() {
    Test::new()
        .file("game.sim", SCRIPT)
        .args(["simulate", "game.sim"])
        .run()
        .status(2)
        .stderr_contains("nomic-4-long.md");
}

#[test]
fn the_same_script_and_seed_give_the_same_log_bytes() {
    let run = |seed: &str| {
        let out = Test::new()
            .bundled_file("nomic-4-long.md", "nomic-4-long.md")
            .file("game.sim", SCRIPT.replace("dice 1d6: 4\n", ""))
            .args([
                "simulate",
                "game.sim",
                "--log",
                "game.jsonl",
                "--seed",
                seed,
                "--format",
                "summary",
            ])
            .run();
        out.read("game.jsonl")
    };
    let first = run("9");
    assert_eq!(first, run("9"));
    assert!(first
        .lines()
        .next()
        .unwrap()
        .contains("\"ruleset_sha256\":"));
    assert!(first
        .lines()
        .last()
        .unwrap()
        .starts_with("{\"type\":\"summary\""));
    let resolved = first
        .lines()
        .find(|l| l.contains("\"vote_resolved\""))
        .unwrap();
    assert!(
        resolved.contains("\"basis\":[203,205,320,326]"),
        "{resolved}"
    );
}

#[test]
fn jsonl_output_is_one_json_object_per_line() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file("game.sim", SCRIPT)
        .args(["simulate", "game.sim", "--format", "jsonl"])
        .run()
        .status(0);
    for line in out.stdout.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(value.get("type").is_some(), "{line}");
    }
    assert!(out.stdout.contains("\"type\":\"game_won\""));
}

#[test]
fn params_lists_values_with_provenance_and_unmodelled_rules() {
    Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file(
            "game.sim",
            SCRIPT.replace(
                "next-number 340",
                "next-number 340\nset vote.quorum_total_pct = 0",
            ),
        )
        .args(["simulate", "game.sim", "--params"])
        .run()
        .status(0)
        .stdout_contains("win.points")
        .stdout_contains("rule 213/0")
        .stdout_contains("script")
        .stdout_contains("unmodelled rules");
}

#[test]
fn monte_carlo_is_the_same_whatever_the_thread_count() {
    let run = |threads: &str| {
        let ruleset = bundled("nomic-4-long.md").display().to_string();
        Test::new()
            .args([
                "simulate",
                "--monte-carlo",
                "500",
                "--ruleset",
                &ruleset,
                "--players",
                "5",
                "--seed",
                "4",
                "--threads",
                threads,
            ])
            .run()
            .status(0)
            .stdout
    };
    let one = run("1");
    assert_eq!(one, run("3"));
    assert!(one.contains("500 games of"), "{one}");
    assert!(one.contains("adoption rate:"), "{one}");
    assert!(one.contains("seat  5"), "{one}");
}

#[test]
fn monte_carlo_needs_a_ruleset_and_players() {
    Test::new()
        .args(["simulate", "--monte-carlo", "10"])
        .run()
        .status(2)
        .stderr_contains("--ruleset");
}

/// The whole log of a scenario, as a golden file: any change to what the
/// engine decides, or to how it is logged, shows up here for review.
#[test]
fn the_nomic_4_early_scenario_log_is_stable() {
    let out = Test::new()
        .args([
            "simulate",
            &scenario("nomic-4-long-early"),
            "--format",
            "jsonl",
        ])
        .run()
        .status(0);
    // The header names the ruleset by its absolute path: keep the file name.
    let stable: Vec<String> = out
        .stdout
        .lines()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            if value["type"] == "header" {
                value["ruleset"] = serde_json::json!("nomic-4-long-early.txt");
            }
            value.to_string()
        })
        .collect();
    insta::assert_snapshot!("nomic_4_early_log", stable.join("\n"));
}

#[test]
fn pretty_output_tells_the_game_in_sentences_with_their_rules() {
    let out = Test::new()
        .args(["simulate", &scenario("nomic-4-long")])
        .run()
        .status(0);
    for line in [
        "2020-08-15 01:00  alice proposes 340: amend 213 \"The winner is the first player to achieve 50 (positive) points.\"  [rules 107, 202, 206]",
        "2020-08-16 00:00  340 is adopted: yes 3 > 1/2 × (eligible − abstaining) 4 and yes > 15% × total 6  [rules 203, 205, 320, 326]",
        "2020-08-16 05:00  the Nomitron rolls 2: votes no  [rules 323]",
        "2020-08-17 01:00  dan invokes Judgment: \"Are hats clothing?\"; the Judge is bob; the turn ends 2020-08-19 00:00  [rules 215, 323]",
        "2020-08-22 00:00  alice wins  [rules 213, 323]",
    ] {
        assert!(out.stdout.contains(line), "missing {line:?} in:\n{}", out.stdout);
    }
}

#[test]
fn the_log_does_not_depend_on_the_folder_it_is_run_from() {
    let run = |script: &str, log: &str| {
        let out = Test::new()
            .bundled_file("nomic-4-long.md", "game/nomic-4-long.md")
            .file("game/game.sim", SCRIPT.replace("dice 1d6: 4\n", ""))
            .args(["simulate", script, "--log", log, "--format", "summary"])
            .run();
        out.read(log)
    };
    let from_above = run("game/game.sim", "above.jsonl");
    assert!(from_above.contains("\"ruleset\":\"nomic-4-long.md\""));
    let absolute = tempfile::tempdir().unwrap();
    let copy = absolute.path().join("game");
    std::fs::create_dir_all(&copy).unwrap();
    std::fs::copy(bundled("nomic-4-long.md"), copy.join("nomic-4-long.md")).unwrap();
    std::fs::write(copy.join("game.sim"), SCRIPT.replace("dice 1d6: 4\n", "")).unwrap();
    let elsewhere = run(
        &copy.join("game.sim").display().to_string(),
        "elsewhere.jsonl",
    );
    assert_eq!(from_above, elsewhere);
}

#[test]
fn expect_error_matches_a_refusal_by_its_code() {
    let with = |want: &str| {
        SCRIPT.replace(
            "at +1h alice proposes",
            &format!(
                "at +1h bob proposes enact \"Caps.\"\nexpect error \"{want}\"\nalice proposes"
            ),
        )
    };
    Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file("game.sim", with("R06"))
        .args(["simulate", "game.sim"])
        .run()
        .status(0);
    Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file("game.sim", with("R07"))
        .args(["simulate", "game.sim"])
        .run()
        .status(1)
        .stdout_contains("the refusal was: it is not bob's turn (it is alice's) (R06)");
}
