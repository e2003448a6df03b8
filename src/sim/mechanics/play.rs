use super::{holds, FIVE};

const IV: &str = "nomic-4-long.md";
const V: &str = "nomic-5-initial.txt";
const I: &str = "nomic-1-final.txt";

const ALL_YES: &str = "bob votes yes\ncarol votes yes\ndan votes yes\neve votes yes\n";

#[test]
fn amended_rule_takes_the_proposal_number_in_nomic_1() {
    let script = "next-number 336\nplayer amy\nplayer bo\nplayer cy\nplayer di\nat +1h amy proposes amend 201 \"Players shall alternate in alphabetical order by surname.\"\namy votes y\nbo votes y\ncy votes y\ndi votes y\nexpect adopted 336\nexpect rule 201 PRESENCE\n";
    holds(
        I,
        &[],
        &script.replace("PRESENCE", "absent\nexpect rule 336 present"),
    );
    let no_renumbering = "Each proposed rule-change shall be given a number for reference. The numbers shall begin with 301, and each rule-change proposed in the proper way shall receive the next successive integer, whether or not the proposal is adopted.";
    holds(
        I,
        &[(108, Some(no_renumbering))],
        &script.replace("PRESENCE", "present\nexpect rule 336 absent"),
    );
}

#[test]
fn resubmission_limit() {
    let script = format!("{FIVE}at +1h alice proposes enact \"Hats.\"\nalice resubmits\nalice resubmits\nalice resubmits\nEXPECT\n");
    holds(
        IV,
        &[],
        &script.replace("EXPECT", "expect error \"resubmission limit of 2\""),
    );
    let three = "Proposals may not be edited after they are submitted for voting. A proposal may be resubmitted up to three times a turn but may not be resubmitted if the turn has started more than 24 hours ago.";
    holds(
        IV,
        &[(210, Some(three))],
        &script.replace("EXPECT", "expect turn 1"),
    );
}

#[test]
fn effect_timing_next_turn_or_completion() {
    // 340 makes the turn-end roll 2d6; the forced dice are 3 then 4.
    let script = format!("{FIVE}dice 1d6: 3, 4\nat +1h alice proposes amend 212 \"At the end of a player's turn, 2d6 points are added to their score.\"\n{ALL_YES}end turn\nexpect adopted 340\nexpect score alice = SCORE\n");
    // 204: in effect from the next turn, after alice's 1d6 roll.
    holds(IV, &[], &script.replace("SCORE", "3"));
    let completion = "An adopted rule-change takes full effect at the moment of the completion of the vote that adopted it.";
    holds(
        IV,
        &[(204, Some(completion))],
        &script.replace("SCORE", "7"),
    );
}

#[test]
fn transmutation_needs_unanimity() {
    let script = format!("{FIVE}at +1h alice proposes transmute 101\nbob votes yes\ncarol votes yes\ndan votes yes\neve votes no\nend turn\nexpect OUTCOME 340\n");
    holds(IV, &[], &script.replace("OUTCOME", "rejected"));
    holds(
        IV,
        &[(108, Some("Transmutation shall not be implied."))],
        &script.replace("OUTCOME", "adopted"),
    );
}

#[test]
fn turn_end_score() {
    let script = format!("{FIVE}dice 1d6: 4, 2\nat +1h alice proposes enact \"Hats.\"\n{ALL_YES}end turn\nexpect score alice = SCORE\n");
    holds(IV, &[], &script.replace("SCORE", "4"));
    holds(
        IV,
        &[(
            212,
            Some("At the end of a player's turn, 2d6 points are added to their score."),
        )],
        &script.replace("SCORE", "6"),
    );
}

#[test]
fn scores_reset_each_turn_in_nomic_1() {
    let script = "next-number 336\nplayer amy score 150\nplayer bo\nplayer cy\nplayer di\nat +1h amy proposes enact \"Hats.\"\namy votes y\nbo votes y\ncy votes y\ndi votes y\nexpect score amy = SCORE\n";
    holds(I, &[], &script.replace("SCORE", "0"));
    holds(
        I,
        &[(
            304,
            Some("One turn consists of proposing one rule-change and having it voted on."),
        )],
        &script.replace("SCORE", "150"),
    );
}

#[test]
fn win_points_at_50_ends_the_game_earlier() {
    let script = "player alice score 48\nplayer bob\nplayer carol\ndice 1d6: 3\nat +1h alice proposes enact \"Hats.\"\nbob votes yes\ncarol votes yes\nend turn\nexpect score alice = 51\nEXPECT\n";
    holds(IV, &[], &script.replace("EXPECT", "expect no-winner"));
    let fifty = "The winner is the first player to achieve 50 (positive) points.";
    holds(
        IV,
        &[(213, Some(fifty))],
        &script.replace("EXPECT", "expect winner alice"),
    );
}

#[test]
fn three_survivors_win_in_nomic_1() {
    let script = "player amy\nplayer bo\nplayer cy\nEXPECT\n";
    holds(I, &[], &script.replace("EXPECT", "expect winner amy bo cy"));
    holds(
        I,
        &[(
            330,
            Some("The winner is the first player to achieve 200 (positive) points."),
        )],
        &script.replace("EXPECT", "expect no-winner"),
    );
}

#[test]
fn inactivity_for_not_voting() {
    let script = format!("{FIVE}at +1h alice proposes enact \"Hats.\"\nbob votes yes\ncarol votes yes\ndan votes yes\nend turn\nexpect status eve STATUS\n");
    holds(IV, &[], &script.replace("STATUS", "inactive"));
    holds(
        IV,
        &[(207, Some("Players may declare inactivity."))],
        &script.replace("STATUS", "active"),
    );
}

#[test]
fn judge_selection() {
    // 215: alice moves; the active player preceding her is eve.
    let script =
        format!("{FIVE}dice 1d5: 2\nat +1h dan invokes judgment \"Hats?\"\nexpect judge JUDGE\n");
    holds(IV, &[], &script.replace("JUDGE", "eve"));
    // With V 214's wording: uniformly among the five eligible players; the
    // forced roll 1d5 = 2 picks the second in player order, bob.
    let uniform = "If players disagree about the legality of a move, then an eligible player is to be the Judge and decide the question. Said player is to be selected uniformly at random.";
    holds(IV, &[(215, Some(uniform))], &script.replace("JUDGE", "bob"));
    // Inactive players are passed over: after two turns without proposals
    // alice and bob are inactive, so carol's Judge is eve.
    let skipping = format!("{FIVE}end turn\nend turn\nat +1h dan invokes judgment \"Hats?\"\nexpect mover carol\nexpect judge eve\n");
    holds(IV, &[], &skipping);
}

#[test]
fn judgment_extends_the_turn() {
    let script = format!("{FIVE}at +1h bob invokes judgment \"Hats?\"\nat +30h alice proposes enact \"Hats.\"\nEXPECT\n");
    // 215: the end (+24h) was less than 24 h away: the turn runs to +48h.
    holds(IV, &[], &script.replace("EXPECT", "expect turn 1"));
    let no_extension = "If players disagree about the legality of a move or the interpretation or application of a rule, then the active player preceding the one moving is to be the Judge and decide the question.";
    holds(
        IV,
        &[(215, Some(no_extension))],
        &script.replace("EXPECT", "expect error \"not alice's turn\""),
    );
}

#[test]
fn nomitron_tiebreak() {
    let script = "player alice\nplayer bob\nplayer carol\nplayer dan\nplayer nomitron bot\ndice 1d3: 1\nat +1h alice proposes enact \"Hats.\"\nalice resubmits\nalice resubmits\nbob votes no\ncarol votes yes\ndan votes no\nend turn\nexpect OUTCOME 340\n";
    // A 2-2 tie after both resubmissions: the Nomitron rolls 1 and votes yes.
    holds(IV, &[], &script.replace("OUTCOME", "adopted"));
    holds(
        IV,
        &[(323, Some("Bot-players are a subcategory of player."))],
        &script.replace("OUTCOME", "rejected"),
    );
}

#[test]
fn queue_order_by_endorsements() {
    let script = "player ann\nplayer bob\nplayer cat\nann creates A1 enact \"One.\"\nbob creates B1 enact \"Two.\"\ncat creates C1 enact \"Three.\"\nann endorses C1\nbob endorses B1\ncat endorses C1\nexpect queue ORDER\n";
    holds(V, &[], &script.replace("ORDER", "C1 B1 A1"));
    holds(
        V,
        &[(
            202,
            Some("Active players may endorse any number of proposals in the Proposal Queue."),
        )],
        &script.replace("ORDER", "A1 B1 C1"),
    );
}

#[test]
fn one_queued_proposal_per_player() {
    let script = "player ann\nplayer bob\nann creates A1 enact \"One.\"\nann creates A2 enact \"Two.\"\nexpect queue ORDER\n";
    holds(V, &[], &script.replace("ORDER", "A2"));
    let many = "The Proposal Queue is a queue that proposed rule-changes, or proposals, go on. Active players may create a proposal to go on the Proposal Queue at any time.";
    holds(V, &[(201, Some(many))], &script.replace("ORDER", "A1 A2"));
}

#[test]
fn bots_get_no_turns() {
    let script = "player nomitron bot\nplayer alice\nplayer bob\nexpect mover MOVER\n";
    holds(IV, &[], &script.replace("MOVER", "alice"));
    holds(
        IV,
        &[(323, Some("Nomitron is a bot-player."))],
        &script.replace("MOVER", "nomitron"),
    );
}

#[test]
fn declaring_activity_needs_a_rule() {
    let script = "player ann\nplayer bob\nbob declares inactive\nbob declares active\nEXPECT\n";
    // V 206 lets players declare inactivity, but nothing brings them back.
    holds(
        V,
        &[],
        &script.replace("EXPECT", "expect error \"declare that they are active\""),
    );
    let both = "An active player becomes inactive if said active player has publicly declared that they are now inactive. Players may become active again by attempting to cast a vote or by publicly declaring that they are active.";
    holds(
        V,
        &[(206, Some(both))],
        &script.replace("EXPECT", "expect status bob active"),
    );
}

#[test]
fn withdrawing_a_vote() {
    let script = format!("{FIVE}at +1h alice proposes enact \"Hats.\"\nbob votes yes\ncarol votes yes\ndan votes no\neve votes no\nbob withdraws\nEXPECT\nend turn\nexpect OUTCOME 340\n");
    // 209: bob's vote is gone: yes 2 of 5.
    holds(
        IV,
        &[],
        &script
            .replace("EXPECT\n", "")
            .replace("OUTCOME", "rejected"),
    );
    let no_withdrawal = "Players may not edit or delete their votes.";
    holds(
        IV,
        &[(209, Some(no_withdrawal))],
        &script
            .replace("EXPECT", "expect error \"withdrawing\"")
            .replace("OUTCOME", "adopted"),
    );
}

#[test]
fn points_for_voting_against_an_adopted_proposal() {
    let no_reset = (
        304,
        Some("One turn consists of proposing one rule-change and having it voted on."),
    );
    let script = "next-number 336\nplayer amy\nplayer bo\nplayer cy\nplayer di\nat +1h amy proposes enact \"Hats.\"\namy votes y\nbo votes y\ncy votes y\ndi votes n\nexpect adopted 336\nexpect score di = SCORE\n";
    holds(I, &[no_reset], &script.replace("SCORE", "10"));
    holds(I, &[no_reset, (204, None)], &script.replace("SCORE", "0"));
}

#[test]
fn resubmission_window() {
    let script =
        format!("{FIVE}at +1h alice proposes enact \"Hats.\"\nat +25h alice resubmits\nEXPECT\n");
    holds(
        IV,
        &[],
        &script.replace("EXPECT", "expect error \"more than 24 hours\""),
    );
    let no_window = "Proposals may not be edited after they are submitted for voting. A proposal may be resubmitted up to two times a turn.";
    holds(
        IV,
        &[(210, Some(no_window))],
        &script.replace("EXPECT", "expect turn 1"),
    );
}

#[test]
fn inactive_players_turns_are_skipped() {
    let script = "player alice\nplayer bob inactive\nplayer carol\nend turn\nexpect mover MOVER\n";
    holds(IV, &[], &script.replace("MOVER", "carol"));
    let no_skip = "An active player becomes inactive if the active player has publicly declared that they are now inactive.";
    holds(IV, &[(207, Some(no_skip))], &script.replace("MOVER", "bob"));
}

#[test]
fn nomic_1_voters_have_36_hours_from_the_proposal() {
    let script = "next-number 336\nplayer amy\nplayer bo\nplayer cy\nplayer di\nat +10h amy proposes enact \"Hats.\"\namy votes y\nat +40h bo votes y\nEXPECT\n";
    // 306: the vote started at +10h, so bo may still vote at +40h (the turn runs to +46h).
    holds(I, &[], &script.replace("EXPECT", "expect turn 1"));
    let twelve = "If a player fails to cast a vote within twelve (12) hours of the start of a vote or make a proposal within twelve (12) hours of the start of their turn, that player becomes Inactive.";
    // With 12 hours the vote closed at +22h and bo, cy and di became inactive;
    // `at +40h` now falls in a later turn, with no proposal to vote on.
    holds(
        I,
        &[(306, Some(twelve))],
        &script.replace(
            "EXPECT",
            "expect error \"no proposal\"\nexpect status cy inactive",
        ),
    );
}
