//! The log's lines read back as the values that wrote them, byte for byte,
//! with their keys in the documented order.

use super::{Entry, Header, Summary};

/// One line of every shape the log writes, with its pretty sentence.
const LINES: &[(&str, &str)] = &[
    (
        r#"{"seq":1,"at":"2000-01-01T00:00:00Z","turn":1,"type":"turn_started","mover":"ann","ends":"2000-01-02T00:00:00Z","basis":[201,202,206]}"#,
        "turn 1 starts: ann moves; it ends 2000-01-02 00:00",
    ),
    (
        r#"{"seq":1,"at":"2000-01-01T00:00:00Z","turn":1,"type":"turn_started","mover":null,"ends":"2000-01-02T00:00:00Z","basis":[]}"#,
        "turn 1 starts: no one moves; it ends 2000-01-02 00:00",
    ),
    (
        r#"{"seq":2,"at":"2000-01-01T00:00:00Z","turn":1,"type":"turn_skipped","player":"ben","basis":[207]}"#,
        "ben's turn is skipped",
    ),
    (
        r#"{"seq":3,"at":"2000-01-01T01:00:00Z","turn":1,"type":"proposal_submitted","number":301,"label":null,"proposer":"ann","kind":"amend","rule":213,"text":"The winner has \"50\" points.","effects":[{"param":"win.points","value":"50"}],"turn_ends":"2000-01-03T00:00:00Z","basis":[107,202,206]}"#,
        "ann proposes 301: amend 213 \"The winner has \"50\" points.\"",
    ),
    (
        r#"{"seq":3,"at":"2000-01-01T01:00:00Z","turn":1,"type":"proposal_submitted","number":null,"label":"hats","proposer":"ann","kind":"repeal","rule":9,"text":null,"effects":[],"turn_ends":"2000-01-03T00:00:00Z","basis":[]}"#,
        "ann proposes hats: repeal 9",
    ),
    (
        r#"{"seq":3,"at":"2000-01-01T01:00:00Z","turn":1,"type":"proposal_submitted","number":302,"label":null,"proposer":"p01","kind":"opaque","rule":null,"text":null,"effects":[],"turn_ends":"2000-01-03T00:00:00Z","basis":[]}"#,
        "p01 proposes 302: opaque",
    ),
    (
        r#"{"seq":4,"at":"2000-01-01T01:00:00Z","turn":1,"type":"proposal_withdrawn","label":"hats","basis":[]}"#,
        "hats leaves the queue",
    ),
    (
        r#"{"seq":5,"at":"2000-01-01T01:00:00Z","turn":1,"type":"proposal_put_to_vote","label":"hats","number":12,"basis":[203]}"#,
        "hats is put to vote as 12",
    ),
    (
        r#"{"seq":6,"at":"2000-01-01T01:00:00Z","turn":1,"type":"proposal_resubmitted","number":301,"resubmissions":1,"basis":[210]}"#,
        "301 is resubmitted (1 so far this turn)",
    ),
    (
        r#"{"seq":7,"at":"2000-01-01T01:00:00Z","turn":1,"type":"proposal_voided","number":301,"basis":[207]}"#,
        "301 is treated as though it does not exist",
    ),
    (
        r#"{"seq":8,"at":"2000-01-01T01:00:00Z","turn":1,"type":"proposal_took_effect","number":301,"basis":[204]}"#,
        "301 takes effect",
    ),
    (
        r#"{"seq":9,"at":"2000-01-01T01:00:00Z","turn":1,"type":"endorsed","label":"hats","player":"ben","endorse":true,"basis":[]}"#,
        "ben endorses hats",
    ),
    (
        r#"{"seq":9,"at":"2000-01-01T01:00:00Z","turn":1,"type":"endorsed","label":"hats","player":"ben","endorse":false,"basis":[]}"#,
        "ben withdraws their endorsement of hats",
    ),
    (
        r#"{"seq":10,"at":"2000-01-01T02:00:00Z","turn":1,"type":"vote_cast","player":"ben","vote":"abstain","implicit":false,"basis":[205]}"#,
        "ben votes abstain",
    ),
    (
        r#"{"seq":10,"at":"2000-01-01T02:00:00Z","turn":1,"type":"vote_cast","player":"ann","vote":"yes","implicit":true,"basis":[]}"#,
        "ann votes yes by proposing",
    ),
    (
        r#"{"seq":11,"at":"2000-01-01T02:00:00Z","turn":1,"type":"vote_invalid","player":"cat","text":"maybe","basis":[]}"#,
        "cat's \"maybe\" is not a vote",
    ),
    (
        r#"{"seq":12,"at":"2000-01-01T02:00:00Z","turn":1,"type":"vote_withdrawn","player":"ben","basis":[209]}"#,
        "ben withdraws their vote",
    ),
    (
        r#"{"seq":13,"at":"2000-01-01T02:00:00Z","turn":1,"type":"tiebreak","roll":3,"vote":null,"basis":[323]}"#,
        "the Nomitron rolls 3: no vote",
    ),
    (
        r#"{"seq":14,"at":"2000-01-02T00:00:00Z","turn":1,"type":"vote_resolved","number":301,"adopted":false,"yes":2,"no":2,"abstain":0,"eligible":4,"total":4,"base":4,"tiebreak":"no","unanimity":false,"formula":"yes 2 > 1/2 × eligible 4","basis":[203,205,323]}"#,
        "301 is rejected, failing: yes 2 > 1/2 × eligible 4",
    ),
    (
        r#"{"seq":15,"at":"2000-01-02T00:00:00Z","turn":1,"type":"rule_changed","rule":213,"new_number":301,"revision":1,"text":"The winner has 50 points.","proposal":301,"basis":[204]}"#,
        "rule 213 is amended, now rule 301",
    ),
    (
        r#"{"seq":15,"at":"2000-01-02T00:00:00Z","turn":1,"type":"rule_changed","rule":213,"new_number":213,"revision":null,"text":"","proposal":301,"basis":[204]}"#,
        "rule 213 is amended",
    ),
    (
        r#"{"seq":15,"at":"2000-01-02T00:00:00Z","turn":1,"type":"rule_changed","rule":213,"new_number":213,"immutable":true,"proposal":301,"basis":[108,204]}"#,
        "rule 213 becomes immutable",
    ),
    (
        r#"{"seq":16,"at":"2000-01-02T00:00:00Z","turn":1,"type":"rule_enacted","rule":302,"text":"No hats.","proposal":302,"basis":[107,204]}"#,
        "rule 302 is enacted",
    ),
    (
        r#"{"seq":17,"at":"2000-01-02T00:00:00Z","turn":1,"type":"rule_repealed","rule":9,"proposal":303,"basis":[204]}"#,
        "rule 9 is repealed",
    ),
    (
        r#"{"seq":18,"at":"2000-01-02T00:00:00Z","turn":1,"type":"param_changed","name":"vote.threshold","value":"at least 2/3","from":"rule 203/1","basis":[203]}"#,
        "vote.threshold = at least 2/3 (rule 203/1)",
    ),
    (
        r#"{"seq":18,"at":"2000-01-02T00:00:00Z","turn":1,"type":"param_changed","name":"win.points","value":"50","from":"proposal 301","basis":[]}"#,
        "win.points = 50 (proposal 301)",
    ),
    (
        r#"{"seq":19,"at":"2000-01-02T00:00:00Z","turn":1,"type":"status_changed","player":"cat","status":"inactive","reason":"no vote by the end of the turn","basis":[207]}"#,
        "cat becomes inactive (no vote by the end of the turn)",
    ),
    (
        r#"{"seq":20,"at":"2000-01-02T01:00:00Z","turn":2,"type":"judgment_invoked","by":"dov","judge":"ben","question":"Are hats clothing?","turn_ends":"2000-01-04T00:00:00Z","basis":[215]}"#,
        "dov invokes Judgment: \"Are hats clothing?\"; the Judge is ben; the turn ends 2000-01-04 00:00",
    ),
    (
        r#"{"seq":21,"at":"2000-01-02T02:00:00Z","turn":2,"type":"judgment_given","judge":"ben","ruling":"Yes.","basis":[215]}"#,
        "ben judges: \"Yes.\"",
    ),
    (
        r#"{"seq":22,"at":"2000-01-03T00:00:00Z","turn":2,"type":"dice_rolled","dice":"1d6","result":4,"forced":true,"for":"turn-end score","basis":[212]}"#,
        "1d6 for the turn-end score: 4 (forced)",
    ),
    (
        r#"{"seq":23,"at":"2000-01-03T00:00:00Z","turn":2,"type":"score_changed","player":"ben","delta":4,"score":-6,"reason":"end of turn","basis":[212]}"#,
        "ben scores +4 and has -6 (end of turn)",
    ),
    (
        r#"{"seq":23,"at":"2000-01-03T00:00:00Z","turn":2,"type":"score_changed","reset":true,"basis":[212]}"#,
        "every score is set to 0",
    ),
    (
        r#"{"seq":24,"at":"2000-01-03T00:00:00Z","turn":2,"type":"action_rejected","reason":"ben is not the mover","basis":[]}"#,
        "refused: ben is not the mover",
    ),
    (
        r#"{"seq":25,"at":"2000-01-03T00:00:00Z","turn":2,"type":"game_won","winners":["ann","ben"],"basis":[213]}"#,
        "ann and ben win",
    ),
    (
        r#"{"seq":26,"at":"2000-01-03T00:00:00Z","turn":2,"type":"turn_ended","basis":[206]}"#,
        "turn 2 ends",
    ),
    (
        r#"{"seq":27,"at":"2000-01-03T00:00:00Z","turn":3,"type":"player_joined","player":"eve","place":0,"basis":[218]}"#,
        "eve joins the game, taking place 1 in the turn order",
    ),
];

#[test]
fn every_event_shape_reads_back_to_the_same_bytes_and_tells_its_sentence() {
    for (line, sentence) in LINES {
        let entry: Entry = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(serde_json::to_string(&entry).unwrap(), *line);
        assert_eq!(entry.to_string(), *sentence, "{line}");
    }
}

#[test]
fn the_header_and_summary_read_back_to_the_same_bytes() {
    let header = r#"{"type":"header","ruleset":"nomic-4.md","ruleset_sha256":"ab12","seed":7,"start":"2000-01-01T00:00:00Z","players":[{"active":true,"bot":false,"name":"ann","score":0},{"active":false,"bot":true,"name":"bot","score":5}],"order":["bot","ann"],"next_number":301,"params":[{"from":"rule 202/0","name":"turn.kind","value":"mover"},{"from":"script","name":"win.points","value":"none"},{"from":"default","name":"tiebreak","value":"none"}],"unmodelled":[101,116]}"#;
    let read: Header = serde_json::from_str(header).unwrap();
    assert_eq!(serde_json::to_string(&read).unwrap(), header);
    let summary = r#"{"type":"summary","turns":3,"over":true,"winners":["ann"],"scores":[{"active":true,"name":"ann","score":100}],"proposals":2,"adopted":1,"passed":1,"failed":1,"expectations":[{"detail":null,"line":4,"passed":true,"statement":"expect turn 3"},{"detail":"found 2","line":5,"passed":false,"statement":"expect adopted 302"}]}"#;
    let read: Summary = serde_json::from_str(summary).unwrap();
    assert_eq!(serde_json::to_string(&read).unwrap(), summary);
}

#[test]
fn a_line_that_is_not_the_log_says_what_is_wrong() {
    for (line, want) in [
        (
            r#"{"seq":1,"at":"2000-01-01T00:00:00Z","turn":1,"type":"hat_worn","basis":[]}"#,
            "unknown variant `hat_worn`",
        ),
        (
            r#"{"seq":1,"at":"2000-01-01 00:00","turn":1,"type":"turn_ended","basis":[]}"#,
            "is not a time",
        ),
        (
            r#"{"seq":1,"at":"2000-01-01T00:00:00Z","turn":1,"type":"vote_cast","player":"ann","vote":"perhaps","implicit":false,"basis":[]}"#,
            "unknown vote `perhaps`",
        ),
        (
            r#"{"seq":1,"at":"2000-01-01T00:00:00Z","turn":1,"type":"param_changed","name":"hats","value":"1","from":"script","basis":[]}"#,
            "hats",
        ),
        (
            r#"{"seq":1,"at":"2000-01-01T00:00:00Z","turn":1,"type":"param_changed","name":"win.points","value":"50","from":"a hat","basis":[]}"#,
            "unknown provenance `a hat`",
        ),
    ] {
        let error = serde_json::from_str::<Entry>(line).unwrap_err().to_string();
        assert!(error.contains(want), "{line}: {error}");
    }
}

mod monte_carlo {
    use super::{Entry, Header};
    use crate::engine::fixtures::ruleset;
    use crate::sim::log::LogSink;
    use crate::sim::monte_carlo::{play, template_with, Config, Voters};
    use crate::sim::report;
    use crate::sim::runner::RulesetSource;
    use proptest::prelude::*;

    const START: i64 = 946_684_800;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]
        /// Every line of a random Monte Carlo game's log reads back as the
        /// entry that wrote it and writes the same bytes again.
        #[test]
        fn every_line_of_a_random_game_reads_back_as_itself(
            file in prop::sample::select(vec!["nomic-4-long.md", "nomic-1-final.txt", "nomic-5-initial.txt"]),
            players in 2u16..7,
            seed in 0u64..10_000,
            joining in any::<bool>(),
        ) {
            let rules = ruleset(file);
            let config = Config::one_game(players, seed, Voters::Random, 200, joining);
            let mut engine = template_with(&rules, players, LogSink::new(START)).unwrap();
            let source = RulesetSource { path: file.into(), ruleset: rules.clone(), sha256: String::new() };
            let header = report::header(&engine, &source, seed, START);
            let line = serde_json::to_string(&header).unwrap();
            prop_assert_eq!(&serde_json::from_str::<Header>(&line).unwrap(), &header);
            let initial = engine.state.clone();
            play(&mut engine, &initial, &config, seed);
            for entry in &engine.sink.entries {
                let line = serde_json::to_string(entry).unwrap();
                let read: Entry = serde_json::from_str(&line).map_err(|e| TestCaseError::fail(format!("{line}: {e}")))?;
                prop_assert_eq!(&read, entry);
                prop_assert_eq!(serde_json::to_string(&read).unwrap(), line);
            }
        }
    }
}
