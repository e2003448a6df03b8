use super::{holds, FIVE};

const IV: &str = "nomic-4-long.md";
const V: &str = "nomic-5-initial.txt";
const I: &str = "nomic-1-final.txt";

#[test]
fn turn_kind_mover_or_queue() {
    let script = format!("{FIVE}at +1h alice proposes enact \"Hats.\"\nEXPECT\n");
    holds(IV, &[], &script.replace("EXPECT", "expect mover alice"));
    let queue = "One turn consists of taking a proposal off the front of the Proposal Queue, and having a vote on whether or not to adopt it.";
    holds(
        IV,
        &[(202, Some(queue))],
        &script.replace("EXPECT", "expect error \"Proposal Queue\""),
    );
}

#[test]
fn turn_order_alphabetical_or_declared() {
    let script = "player zed\nplayer amy\nplayer bo\nplayer cy\nexpect mover MOVER\n";
    holds(I, &[], &script.replace("MOVER", "amy"));
    let random =
        "Players shall alternate in a random order to be determined by the server administrator.";
    holds(I, &[(201, Some(random))], &script.replace("MOVER", "zed"));
}

#[test]
fn turn_length() {
    let script = format!(
        "{FIVE}at +30h alice resubmits\nexpect error \"no proposal\"\nexpect mover MOVER\n"
    );
    holds(IV, &[], &script.replace("MOVER", "bob"));
    holds(
        IV,
        &[(206, Some("The length of a turn defaults to 48 hours."))],
        &script.replace("MOVER", "alice"),
    );
}

#[test]
fn turn_extension_on_proposal() {
    let script =
        format!("{FIVE}at +1h alice proposes enact \"Hats.\"\nat +30h bob votes yes\nEXPECT\n");
    holds(IV, &[], &script.replace("EXPECT", "expect turn 1"));
    // Without the extension the turn ended at +24h; bob, carol, dan and eve
    // had not voted, so they are inactive (207) and alice moves again.
    holds(
        IV,
        &[(206, Some("The length of a turn defaults to 24 hours."))],
        &script.replace(
            "EXPECT",
            "expect error \"no proposal\"\nexpect turn 2\nexpect status bob inactive",
        ),
    );
}

#[test]
fn early_end_when_all_have_voted() {
    let votes = "bob votes yes\ncarol votes yes\ndan votes yes\neve votes yes\n";
    let script = format!(
        "{FIVE}at +1h alice proposes enact \"Hats.\"\n{votes}at +30h bob votes no\nEXPECT\n"
    );
    holds(
        IV,
        &[],
        &script.replace("EXPECT", "expect error \"no proposal\"\nexpect mover bob"),
    );
    let no_early_end = "The length of a turn defaults to 24 hours. If the player whose turn it is has made a proposal, the length of the turn is extended by 24 more hours.";
    holds(
        IV,
        &[(206, Some(no_early_end))],
        &script.replace("EXPECT", "expect mover alice"),
    );
}

#[test]
fn threshold_two_thirds_rejects_three_of_five() {
    let script = format!("{FIVE}at +1h alice proposes enact \"Hats.\"\nbob votes yes\ncarol votes yes\ndan votes no\neve votes no\nend turn\nexpect OUTCOME 340\n");
    holds(IV, &[], &script.replace("OUTCOME", "adopted"));
    let two_thirds = "A rule-change is adopted if two thirds of eligible voters vote for it. This majority must be more than 15% of total players.";
    holds(
        IV,
        &[(203, Some(two_thirds))],
        &script.replace("OUTCOME", "rejected"),
    );
}

#[test]
fn quorum_of_total_players() {
    let others = "player b inactive\nplayer c inactive\nplayer d inactive\nplayer e inactive\nplayer f inactive\nplayer g inactive\n";
    let script = format!("player alice\n{others}at +1h alice proposes enact \"Hats.\"\nend turn\nexpect OUTCOME 340\n");
    // 1 yes of 1 eligible, but 1 is not more than 15% of 7 players.
    holds(IV, &[], &script.replace("OUTCOME", "rejected"));
    holds(
        IV,
        &[(
            203,
            Some("A rule-change is adopted if a simple majority of eligible voters vote for it."),
        )],
        &script.replace("OUTCOME", "adopted"),
    );
}

#[test]
fn base_of_votes_cast() {
    let script = "player ann\nplayer bob\nplayer cat\nplayer dan\nplayer eve\nann creates A1 enact \"Hats.\"\nend turn\nbob votes yes\nend turn\nexpect OUTCOME 301\n";
    // V 204: 1 yes of 1 vote cast.
    holds(V, &[], &script.replace("OUTCOME", "adopted"));
    let of_eligible = "A rule-change is adopted if and only if a simple majority of eligible voters vote for it. Every active player is an eligible voter.";
    holds(
        V,
        &[(204, Some(of_eligible))],
        &script.replace("OUTCOME", "rejected"),
    );
}

#[test]
fn eligible_voters_active_or_all() {
    let script = "player alice\nplayer bob\nplayer carol inactive\nplayer dan inactive\nplayer eve inactive\nat +1h alice proposes enact \"Hats.\"\nbob votes yes\nend turn\nexpect OUTCOME 340\n";
    holds(IV, &[], &script.replace("OUTCOME", "adopted"));
    let all = "Every player is an eligible voter. Every eligible voter must participate in every vote on rule-changes.";
    holds(
        IV,
        &[(205, Some(all))],
        &script.replace("OUTCOME", "rejected"),
    );
}

#[test]
fn abstention() {
    let script = format!("{FIVE}at +1h alice proposes enact \"Hats.\"\nbob votes yes\ncarol votes no\ndan votes abstain\neve votes abstain\nend turn\nexpect OUTCOME 340\n");
    // 326: base 5 - 2 = 3, yes 2 > 1.5.
    holds(IV, &[], &script.replace("OUTCOME", "adopted"));
    holds(IV, &[(326, None)], &script.replace("OUTCOME", "rejected"));
}

#[test]
fn proposer_implicit_yes() {
    let script = format!("{FIVE}at +1h alice proposes enact \"Hats.\"\nbob votes yes\ncarol votes yes\ndan votes no\neve votes no\nend turn\nexpect OUTCOME 340\n");
    holds(IV, &[], &script.replace("OUTCOME", "adopted"));
    holds(IV, &[(320, None)], &script.replace("OUTCOME", "rejected"));
}

#[test]
fn vote_phrases() {
    let script = "player ann\nplayer bob\nann creates A1 enact \"Hats.\"\nend turn\nbob votes yup\nend turn\nexpect OUTCOME 301\n";
    holds(V, &[], &script.replace("OUTCOME", "rejected"));
    let with_yup = "The following phrases, and only the following phrases, are considered to be unambiguous affirmative votes:\n\n- aye\n- yup\n\nThe following phrases, and only the following phrases, are considered to be unambiguous negative votes:\n\n- nay";
    holds(
        V,
        &[(210, Some(with_yup))],
        &script.replace("OUTCOME", "adopted"),
    );
}

#[test]
fn vote_first_letter_and_length() {
    let script = "next-number 336\nplayer amy\nplayer bo\nplayer cy\nplayer di\nat +1h amy proposes enact \"Hats.\"\namy votes y\nbo votes yes-indeed\ncy votes y\ndi votes n\nexpect OUTCOME 336\n";
    // 329: "yes-indeed" has 10 characters: not a vote, so the vote is not complete.
    holds(
        I,
        &[],
        &script
            .replace("OUTCOME", "adopted")
            .replace("expect adopted 336", "expect turn 1"),
    );
    let longer = "In voting for a rule, any vote starting with the letter n is considered a 'Nay' (vote against) and any vote starting with the letter y is a 'Yay' (vote in favor). Votes must be cast starting with one of these two letters, and must be under 20 characters.";
    holds(
        I,
        &[(329, Some(longer))],
        &script.replace("OUTCOME", "adopted"),
    );
}

#[test]
fn numbering_start() {
    let script = "player ann\nplayer bob\nann creates A1 enact \"Hats.\"\nend turn\nann votes aye\nend turn\nexpect adopted NUMBER\n";
    holds(V, &[], &script.replace("NUMBER", "301"));
    let from_501 = "Each proposed rule-change put to a vote shall be given a number for reference. The numbers shall begin with 501, and each proposed rule-change put to a vote in the proper way shall receive the next successive integer, whether or not the proposal is adopted.";
    holds(
        V,
        &[(107, Some(from_501))],
        &script.replace("NUMBER", "501"),
    );
}
