//! Random scripts: whatever players do, the engine never panics, and the
//! JSON Lines log reads back as the entries it logs.

use super::ruleset;
use crate::sim::log::Entry;
use crate::sim::{script, RulesetSource};
use proptest::prelude::*;

const PLAYERS: [&str; 5] = ["ann", "bob", "cat", "dan", "nomitron"];

fn action() -> impl Strategy<Value = String> {
    let who = prop::sample::select(&PLAYERS[..]);
    let vote = prop::sample::select(vec![
        "yes",
        "no",
        "abstain",
        "withdraw",
        "aye",
        "nay",
        "y",
        "n",
        "maybe",
        "yessiree!!",
    ]);
    let label = prop::sample::select(vec!["A1", "B1", "C1"]);
    let rule = prop::sample::select(vec![101u32, 201, 202, 203, 206, 210, 213, 215, 304, 999]);
    let text = prop::sample::select(vec![
        "The winner is the first player to achieve 10 (positive) points.",
        "A rule-change is adopted if two thirds of eligible voters vote for it.",
        "Hats.",
        "The length of a turn defaults to 2 hours.",
    ]);
    let hours = 0u32..60;
    prop_oneof![
        (who.clone(), rule.clone(), text.clone(), hours.clone())
            .prop_map(|(w, r, t, h)| format!("at +{h}h {w} proposes amend {r} \"{t}\"")),
        (who.clone(), text.clone()).prop_map(|(w, t)| format!("{w} proposes enact \"{t}\"")),
        (who.clone(), rule.clone()).prop_map(|(w, r)| format!("{w} proposes transmute {r}")),
        (who.clone(), rule).prop_map(|(w, r)| format!("{w} proposes repeal {r}")),
        (who.clone(), vote.clone()).prop_map(|(w, v)| format!("{w} votes \"{v}\"")),
        (who.clone(), vote, hours).prop_map(|(w, v, h)| format!("at +{h}h {w} votes \"{v}\"")),
        who.clone().prop_map(|w| format!("{w} resubmits")),
        who.clone().prop_map(|w| format!("{w} withdraws")),
        who.clone().prop_map(|w| format!("{w} declares inactive")),
        who.clone().prop_map(|w| format!("{w} declares active")),
        who.clone()
            .prop_map(|w| format!("{w} invokes judgment \"q\"")),
        who.clone().prop_map(|w| format!("{w} judges \"r\"")),
        (who.clone(), label.clone(), text)
            .prop_map(|(w, l, t)| format!("{w} creates {l} enact \"{t}\"")),
        (who, label).prop_map(|(w, l)| format!("{w} endorses {l}")),
        Just("end turn".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn random_play_never_panics(
        file in prop::sample::select(vec!["nomic-4-long.md", "nomic-4-long-early.txt", "nomic-1-final.txt", "nomic-5-initial.txt"]),
        actions in prop::collection::vec(action(), 1..40),
        seed in 0u64..1000,
    ) {
        let mut text = format!("seed {seed}\nplayer ann score 5\nplayer bob\nplayer cat\nplayer dan\nplayer nomitron bot\n");
        for a in &actions {
            text.push_str(a);
            text.push('\n');
        }
        let lines = script::parse(&text).expect("generated scripts parse");
        let source = RulesetSource { path: file.into(), ruleset: ruleset(file), sha256: String::new() };
        // Refused actions fail expectations (exit 1); script errors (time
        // running backwards) are allowed: neither may panic. Every event
        // line of the JSON Lines log reads back as the entry it logs.
        if let Ok(report) = crate::sim::runner::run(&lines, &source, None) {
            let log = crate::sim::render::jsonl(&report);
            let lines: Vec<&str> = log.lines().collect();
            prop_assert_eq!(lines.len(), report.entries.len() + 2);
            for (line, entry) in lines[1..].iter().zip(&report.entries) {
                let read: Entry = serde_json::from_str(line).map_err(|e| TestCaseError::fail(format!("{line}: {e}")))?;
                prop_assert_eq!(&read, entry);
            }
        }
    }
}
