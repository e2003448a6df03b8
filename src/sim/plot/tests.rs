use super::*;
use crate::sim::monte_carlo::Game;

fn totals(lengths: &[u32], winners: &[u64]) -> Totals {
    let mut t = Totals::for_seats(3);
    for (turns, winners) in lengths.iter().zip(winners) {
        t.record(&Game {
            turns: *turns,
            winners: *winners,
            decided: 1,
            adopted: 0,
            ..Game::default()
        });
    }
    t
}

/// The SVG is a well-formed document with one series per side and chart.
#[test]
fn a_what_if_plot_has_both_sides_of_both_charts() {
    let base = totals(&[10, 12, 12, 30], &[1, 2, 4, 1]);
    let amended = totals(&[5, 6, 6, 8], &[1, 1, 2, 0]);
    let svg = svg(&base, Some(&amended)).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(str::trim))
        .collect();
    for label in [
        "Game length",
        "Win share by seat",
        "base: game length",
        "amended: game length",
        "base: win share",
        "amended: win share",
    ] {
        assert!(texts.contains(&label), "{label} missing from {texts:?}");
    }
    // Two line series (game length) and three bars a side (seats).
    let lines = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .count();
    assert!(lines >= 2, "{lines} polylines");
}

#[test]
fn a_plain_run_has_one_side() {
    let svg = svg(&totals(&[10, 11], &[1, 2]), None).unwrap();
    assert!(svg.contains("games: game length") && svg.contains("games: win share"));
    assert!(!svg.contains("amended"));
}
