use super::*;
use crate::engine::fixtures::ruleset;
use crate::sim::monte_carlo::{Behaviour, Voters};

fn amended(rules: &Ruleset, proposal: &str) -> Ruleset {
    let proposals = crate::amend::parse_proposals(proposal).unwrap();
    crate::amend::apply(rules, &proposals, &crate::amend::ApplyOptions::default())
        .unwrap()
        .ruleset
}

fn config(games: u64) -> Config {
    Config {
        games,
        players: 5,
        seed: 7,
        threads: 2,
        voters: Voters::Random,
        behaviour: Behaviour::DEFAULT,
        max_turns: 2000,
    }
}

fn figure<'a>(figures: &'a [Figure], name: &str) -> &'a Figure {
    figures.iter().find(|f| f.name == name).unwrap()
}

const FIFTY: &str = "# Proposal 340 (alice)\n\nAmend Rule 213 to read:\n> All players start with 0 points. The winner is the first player to achieve 50 (positive) points.\n";

/// Issue 16: on Nomic IV, amending rule 213 to a win at 50 points changes
/// the length of games significantly. The issue expected longer games; a
/// race to 50 instead of 100 points is about half as long (each turn adds
/// 1d6 to the mover's score), and that is what the engine measures.
#[test]
fn a_lower_win_threshold_makes_games_significantly_shorter() {
    let base = ruleset("nomic-4-long.md");
    let fifty = amended(&base, FIFTY);
    let c = run(
        &base,
        &fifty,
        &config(600),
        &|_| {},
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(c.base.games, 600);
    assert_eq!(c.changes.len(), 1, "{:?}", c.changes);
    let change = &c.changes[0];
    assert_eq!(change.name, "win.points");
    assert_eq!(
        (change.before.value.as_str(), change.after.value.as_str()),
        ("100", "50")
    );
    assert!(change
        .after
        .sentence
        .as_deref()
        .unwrap()
        .contains("50 (positive) points"));
    let figures = c.figures(2000);
    let mean = figure(&figures, "mean game length");
    assert!(mean.significant, "{mean:?}");
    assert!(mean.amended < mean.base * 0.7, "{mean:?}");
    assert!(figure(&figures, "median game length").significant);
}

#[test]
fn a_proposal_the_engine_does_not_model_changes_nothing() {
    let base = ruleset("nomic-4-long.md");
    let hats = amended(
        &base,
        "# Proposal 340 (alice)\n\nEnact a new rule:\n> Players may not wear hats.\n",
    );
    let c = run(&base, &hats, &config(400), &|_| {}, &AtomicBool::new(false)).unwrap();
    assert!(c.changes.is_empty());
    // The same seeds on the same parameters: the same games.
    assert_eq!(c.base, c.amended);
    for f in c.figures(2000) {
        assert!(!f.significant, "{f:?}");
        assert_eq!(f.difference.estimate, 0.0, "{f:?}");
    }
}

#[test]
fn the_json_report_has_every_figure() {
    let base = ruleset("nomic-4-long.md");
    let fifty = amended(&base, FIFTY);
    let c = run(&base, &fifty, &config(50), &|_| {}, &AtomicBool::new(false)).unwrap();
    let report = Report::new(&c, &config(50), false);
    let json = serde_json::to_value(&report).unwrap();
    let names: Vec<&str> = json["figures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 5 + 4, "{names:?}");
    assert!(names.contains(&"no winner within 2000 turns"));
    assert_eq!(json["changes"][0]["name"], "win.points");
    let text = report.text("nomic-4-long.md", "p.md");
    assert!(
        text.contains("win.points: 100 (rule 213/0) -> 50"),
        "{text}"
    );
}

#[test]
fn sentences_are_split_after_full_stops() {
    let all: Vec<&str> = sentences("One. Two 2.5 points! Three?").collect();
    assert_eq!(all, ["One.", "Two 2.5 points!", "Three?"]);
}
