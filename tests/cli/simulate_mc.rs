//! Monte Carlo and what-if through the binary: every bundled ruleset ends
//! with a result, proposals compared on common seeds, plots, Ctrl-C.

use crate::{bundled, Test, BUNDLED};
use std::process::{Command, Stdio};
use std::time::Duration;

fn mc(ruleset: &str, games: &str) -> Vec<String> {
    [
        "simulate",
        "--monte-carlo",
        games,
        "--ruleset",
        &bundled(ruleset).display().to_string(),
        "--players",
        "5",
        "--seed",
        "3",
    ]
    .iter()
    .map(ToString::to_string)
    .collect()
}

#[test]
fn every_bundled_ruleset_ends_with_a_result() {
    for name in BUNDLED {
        let out = Test::new()
            .args(mc(name, "20"))
            .args(["--max-turns", "300"])
            .run()
            .status(0);
        assert!(out.stdout.contains("20 games of"), "{name}: {}", out.stdout);
        assert!(out.stdout.contains("win share by seat"), "{name}");
    }
    // Nomic V has no way to earn points: its games reach the limit, and
    // that is the result.
    Test::new()
        .args(mc("nomic-5-initial.txt", "4"))
        .args(["--max-turns", "100"])
        .run()
        .status(0)
        .stdout_contains("no winner within 100 turns: 4 games (100.00%)");
}

const FIFTY: &str = "# Proposal 340 (alice)\n\nAmend Rule 213 to read:\n> The winner is the first player to achieve 50 (positive) points.\n";
const HATS: &str = "# Proposal 340 (alice)\n\nEnact a new rule:\n> Players may not wear hats.\n";

#[test]
fn a_what_if_reports_the_change_and_its_significance() {
    let out = Test::new()
        .file("p340.md", FIFTY)
        .args(mc("nomic-4-long.md", "300"))
        .args(["--proposal", "p340.md", "--plot", "what-if.svg"])
        .run()
        .status(0);
    let text = &out.stdout;
    assert!(
        text.contains("win.points: 100 (rule 213/0) -> 50 (rule 213/1)"),
        "{text}"
    );
    assert!(
        text.contains("now: \"The winner is the first player to achieve 50 (positive) points.\""),
        "{text}"
    );
    let mean = text
        .lines()
        .find(|l| l.starts_with("mean game length"))
        .unwrap();
    assert!(mean.ends_with("yes"), "{mean}");
    let svg = out.read("what-if.svg");
    assert!(
        svg.starts_with("<svg") && svg.contains("amended: win share"),
        "{svg}"
    );
}

/// Issue 16's what-if in the direction the issue expects: a higher win
/// threshold (200 points instead of rule 213's 100) makes Nomic IV games
/// longer, significantly. (The 50 points is a lower threshold,
/// which makes them shorter: the test above.)
#[test]
fn a_higher_win_threshold_makes_games_significantly_longer() {
    let out = Test::new()
        .file(
            "p340.md",
            "# Proposal 340 (alice)\n\nAmend Rule 213 to read:\n> The winner is the first player to achieve 200 (positive) points.\n",
        )
        .args(mc("nomic-4-long.md", "300"))
        .args(["--proposal", "p340.md", "--format", "json"])
        .run()
        .status(0);
    let json = out.json();
    assert_eq!(json["changes"][0]["name"], "win.points", "{json}");
    assert_eq!(json["changes"][0]["after"]["value"], "200", "{json}");
    let mean = json["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "mean game length")
        .unwrap();
    assert_eq!(mean["significant"], true, "{mean}");
    let (base, amended) = (
        mean["base"].as_f64().unwrap(),
        mean["amended"].as_f64().unwrap(),
    );
    assert!(amended > base * 1.3, "{mean}");
    assert!(mean["difference"]["low"].as_f64().unwrap() > 0.0, "{mean}");
}

#[test]
fn a_proposal_that_changes_nothing_modelled_is_not_significant() {
    let out = Test::new()
        .file("hats.md", HATS)
        .args(mc("nomic-4-long.md", "200"))
        .args(["--proposal", "hats.md", "--format", "json"])
        .run()
        .status(0);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(json["games"], 200);
    assert_eq!(json["changes"].as_array().unwrap().len(), 0);
    let figures = json["figures"].as_array().unwrap();
    assert_eq!(figures.len(), 9);
    for figure in figures {
        assert_eq!(figure["significant"], false, "{figure}");
    }
}

#[test]
fn a_package_of_proposals_is_applied_in_order() {
    Test::new()
        .file("p340.md", FIFTY)
        .file(
            "p341.md",
            "# Proposal 341 (bob)\n\nIn Rule 213, replace \"50\" with \"30\".\n",
        )
        .args(mc("nomic-4-long.md", "50"))
        .args(["--proposal", "p340.md", "--proposal", "p341.md"])
        .run()
        .status(0)
        .stdout_contains("win.points: 100 (rule 213/0) -> 30 (rule 213/2)");
}

#[test]
fn a_proposal_that_does_not_apply_is_an_error() {
    Test::new()
        .file("bad.md", "# Proposal 340\n\nRepeal Rule 999.\n")
        .args(mc("nomic-4-long.md", "10"))
        .args(["--proposal", "bad.md"])
        .run()
        .status(2)
        .stderr_contains("999");
}

#[test]
fn a_plain_run_can_be_plotted_and_read_as_json() {
    let out = Test::new()
        .args(mc("nomic-4-long.md", "100"))
        .args(["--plot", "run.svg", "--format", "json"])
        .run()
        .status(0);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(json["win_share"].as_array().unwrap().len(), 5);
    assert!(out.read("run.svg").contains("games: game length"));
}

/// Issue 19: more threads than games or cores is not a hang.
#[test]
fn threads_are_clamped() {
    Test::new()
        .args(mc("nomic-4-long.md", "10"))
        .args(["--threads", "100000"])
        .run()
        .status(0)
        .stdout_contains("10 games of");
}

/// Issue 19: a run too long to finish is stopped by Ctrl-C, and reports
/// the games it finished.
#[test]
fn ctrl_c_prints_the_games_finished_and_exits_130() {
    let child = Command::new(env!("CARGO_BIN_EXE_nomic"))
        .args(mc("nomic-4-long.md", "1000000000000"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{stdout}");
    assert!(stdout.starts_with("interrupted: "), "{stdout}");
    assert!(
        stdout.contains("of 1000000000000 games finished"),
        "{stdout}"
    );
    assert!(stdout.contains("win share by seat"), "{stdout}");
}

fn players_script(players: usize) -> String {
    let mut script = format!("ruleset {}\n", bundled("nomic-4-long.md").display());
    for i in 0..players {
        script.push_str(&format!("player p{i:05}\n"));
    }
    script.push_str("at +1h p00000 proposes enact \"Players may not wear hats.\"\n");
    script
}

/// Issue 19: loading and running a script is linear in its players: 40k
/// players within 20 times the CPU time of 1k (the quadratic loader this
/// replaced took 11 times for 4 times the players). CPU time, not the wall
/// clock, and the least of three interleaved runs: the machine is shared.
#[test]
fn script_loading_is_linear_in_players() {
    let cpu = |players: usize| {
        let (out, cpu) = Test::new()
            .file("game.sim", players_script(players))
            .args(["simulate", "game.sim", "--format", "summary"])
            .run_for_cpu_time();
        out.status(0);
        cpu
    };
    let (mut small, mut large) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..3 {
        small = small.min(cpu(1_000));
        large = large.min(cpu(40_000));
    }
    assert!(
        large <= 20.0 * small,
        "40k players took {large:.3}s of CPU, 1k players {small:.3}s"
    );
}

/// Issue 16: `--params` says, per rule, what is modelled and what is not
/// and why.
#[test]
fn params_list_what_each_rule_has_modelled_and_not() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file(
            "game.sim",
            "ruleset nomic-4-long.md\nplayer alice\nplayer bob\n",
        )
        .args(["simulate", "game.sim", "--params"])
        .run()
        .status(0);
    let line = |number: &str| {
        out.stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{number}  ")))
            .unwrap_or_else(|| panic!("rule {number} missing:\n{}", out.stdout))
            .to_string()
    };
    assert!(
        line("213").ends_with("modelled: win.points"),
        "{}",
        line("213")
    );
    assert!(
        line("210").contains("partly modelled: proposal.resubmit_limit"),
        "{}",
        line("210")
    );
    assert!(
        line("218").ends_with("modelled: join.allowed"),
        "{}",
        line("218")
    );
    assert!(line("305").ends_with("not modelled"));
    for gap in [
        "not modelled: \"extend\" votes",
        "not modelled: overruling a Judge",
        "not modelled: 48 hours for any required action",
    ] {
        assert!(out.stdout.contains(gap), "{gap}");
    }
    assert!(
        !out.stdout.contains("joining players"),
        "joining is modelled"
    );
}

/// Issue 19: scores never wrap; the points that would overflow are refused
/// with the rule that gave them.
#[test]
fn a_score_that_would_overflow_is_refused_naming_the_rule() {
    let script = "ruleset nomic-4-long.md\nset win.points = none\n\
                  player alice score 9223372036854775807\nplayer bob\n\
                  at +1h alice proposes enact \"Players may not wear hats.\"\n\
                  at +2h bob votes yes\nend turn\n\
                  expect score alice = 9223372036854775807\n";
    Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file("game.sim", script)
        .args(["simulate", "game.sim"])
        .run()
        .status(0)
        .stdout_contains("overflows (rule 212");
}

#[test]
fn dice_whose_sum_cannot_fit_are_refused() {
    Test::new()
        .bundled_file("nomic-4-long.md", "nomic-4-long.md")
        .file(
            "game.sim",
            "ruleset nomic-4-long.md\nset score.turn_end = 4294967295d2\nplayer alice\n",
        )
        .args(["simulate", "game.sim"])
        .run()
        .status(2)
        .stderr_contains("N × S at most 4294967295");
}

/// Issue 16: persons join where a rule lets them (IV 218), with `--join`;
/// the report counts them apart from the seats, in text and JSON.
#[test]
fn persons_join_with_a_join_rate_and_are_reported_apart() {
    let out = Test::new()
        .args(mc("nomic-4-long.md", "40"))
        .args(["--join", "0.05"])
        .run()
        .status(0);
    assert!(out.stdout.contains("  joined "), "{}", out.stdout);
    assert!(out.stdout.contains("persons joined"), "{}", out.stdout);
    let json = Test::new()
        .args(mc("nomic-4-long.md", "40"))
        .args(["--join", "0.05", "--format", "json"])
        .run()
        .status(0);
    assert!(json.stdout.contains("\"joined\":"), "{}", json.stdout);
    assert!(
        json.stdout.contains("\"joined_win_share\":"),
        "{}",
        json.stdout
    );
    // Without the option nobody joins, and the report says nothing of it.
    let fixed = Test::new()
        .args(mc("nomic-4-long.md", "10"))
        .run()
        .status(0);
    assert!(!fixed.stdout.contains("joined"), "{}", fixed.stdout);
}
