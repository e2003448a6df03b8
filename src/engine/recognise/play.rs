//! Sentence shapes about scores, winning, inactivity, judges, the queue and bots.

use super::text::{number_after, number_before};
use super::Found;
use crate::engine::catalogue::Setting;
use crate::engine::params::{Eligible, JudgeSelection, TurnEndScore};

/// IV 212 "At the end of a player's turn, 1d6 points are added to their score."
pub(super) fn dice_at_turn_end(t: &str, _raw: &str, out: &mut Found) {
    let Some(at) = t.find("at the end of a player's turn, ") else {
        return;
    };
    let rest = &t[at + "at the end of a player's turn, ".len()..];
    let Some(dice) = rest.split(' ').next() else {
        return;
    };
    if let Some((n, sides)) = crate::engine::catalogue::parse_dice(dice) {
        if rest.contains("points are added to their score") {
            out.push(Setting::ScoreTurnEnd(TurnEndScore::Dice { n, sides }));
        }
    }
}

/// I 304 "(2) setting all players' scores to 0".
pub(super) fn scores_reset_each_turn(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("one turn consists of") && t.contains("setting all players' scores to 0") {
        out.push(Setting::ScoreTurnEnd(TurnEndScore::Reset));
    }
}

/// I 204 "the players who vote against winning proposals shall receive 10 points each".
pub(super) fn points_for_voting_against(t: &str, _raw: &str, out: &mut Found) {
    if let Some(n) = number_after(t, "vote against winning proposals shall receive ") {
        out.push(Setting::ScoreAgainstAdopted(n));
    }
}

/// IV 213, V 212 "The winner is the first player to achieve 100 (positive) points."
pub(super) fn first_to_points(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("the winner is the first player to achieve") {
        let n = number_before(t, " (positive) points").or_else(|| number_before(t, " points"));
        if let Some(n) = n {
            out.push(Setting::WinPoints(Some(n)));
        }
    }
}

/// I 330 "or if at any time there are only three (active) players they each
/// receive 200 points and all win".
pub(super) fn last_survivors(t: &str, _raw: &str, out: &mut Found) {
    if let Some(n) = number_after(t, "if at any time there are only ") {
        if t.contains("all win") {
            out.push(Setting::WinSurvivors(Some(n)));
        }
    }
}

/// IV 207: three criteria, reactivation by voting, inactive turns skipped.
pub(super) fn inactivity_criteria(t: &str, _raw: &str, out: &mut Found) {
    if !t.contains("becomes inactive") && !t.contains("become inactive") {
        return;
    }
    if t.contains("said player has not made a proposal by the end of their turn") {
        out.push(Setting::InactiveNoProposal(true));
    }
    if t.contains("has not voted on said proposal by the end of the turn") {
        out.push(Setting::InactiveNoVote(true));
    }
    if t.contains("publicly declared that they are now inactive") {
        out.push(Setting::InactiveDeclare(true));
    }
    if t.contains("may become active again by attempting to cast a vote") {
        out.push(Setting::ReactivateByVote(true));
    }
    if t.contains("or by publicly declaring that they are active") {
        out.push(Setting::DeclareActive(true));
    }
    if t.contains("if an inactive player's turn would start, their turn is skipped") {
        out.push(Setting::InactiveSkipTurn(true));
    }
}

/// I 306 "If a player fails to cast a vote within thirty-six (36) hours of
/// the start of a vote or make a proposal within thirty-six (36) hours of
/// the start of their turn, that player becomes Inactive ... An Inactive
/// person is not a player".
pub(super) fn inactivity_deadline(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("fails to cast a vote within") && t.contains("that player becomes inactive") {
        out.push(Setting::InactiveNoVote(true));
        out.push(Setting::InactiveNoProposal(true));
        if let Some(h) = number_after(t, "fails to cast a vote within ") {
            // The mover has h hours to propose; voters have h hours from the
            // start of the vote, after which non-voters are out and the vote
            // is complete among the rest.
            out.push(Setting::TurnLengthH(h));
            out.push(Setting::VoteWindowH(Some(h)));
            out.push(Setting::EarlyEndAllVoted(Some(0)));
        }
    }
    if t.contains("an inactive person is not a player") {
        out.push(Setting::Eligible(Eligible::Active));
        out.push(Setting::InactiveSkipTurn(true));
    }
    if t.contains(
        "attempting to cast a vote: this action immediately removes their inactive status",
    ) {
        out.push(Setting::ReactivateByVote(true));
    }
}

/// IV 215 "the active player preceding the one moving is to be the Judge";
/// I 211 "the player preceding the one moving"; V 214 "an eligible player is
/// to be the Judge ... selected uniformly at random".
pub(super) fn judge_selection(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("the active player preceding the one moving is to be the judge") {
        out.push(Setting::JudgeSelection(JudgeSelection::PrecedingActive));
    } else if t.contains("the player preceding the one moving is to be the judge") {
        out.push(Setting::JudgeSelection(JudgeSelection::Preceding));
    } else if t.contains("an eligible player is to be the judge")
        && t.contains("selected uniformly at random")
    {
        out.push(Setting::JudgeSelection(JudgeSelection::UniformEligible));
    }
}

/// IV 215, V 214 "When Judgment is invoked for the first time in a turn, the
/// current turn is extended by 24 hours unless ...".
pub(super) fn judgment_extension(t: &str, _raw: &str, out: &mut Found) {
    if t.contains(
        "when judgment is invoked for the first time in a turn, the current turn is extended by",
    ) {
        if let Some(h) = number_after(t, "the current turn is extended by ") {
            out.push(Setting::JudgeExtensionH(Some(h)));
        }
    }
}

/// V 201 "Players may have up to one proposal in the Proposal Queue".
pub(super) fn one_queued_proposal(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("players may have up to one proposal in the proposal queue") {
        out.push(Setting::QueueOnePerPlayer(true));
    }
}

/// V 202 "sorted first in descending order of number of active endorsing
/// players, then in ascending order of proposal creation time".
pub(super) fn queue_order(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("sorted first in descending order of number of active endorsing players") {
        out.push(Setting::QueueSortEndorsements(true));
    }
}

/// V 206 "An active player becomes inactive ... if said active player has
/// publicly declared that they are now inactive."
pub(super) fn declared_inactivity(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("if said active player has publicly declared that they are now inactive") {
        out.push(Setting::InactiveDeclare(true));
    }
}

/// IV 323 "1) Bot-players do not get turns ... 2) ... do not receive points
/// and cannot win ... 3) Bot-players cannot be judges".
pub(super) fn bot_players(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("bot-players do not get turns") {
        out.push(Setting::BotNoTurns(true));
    }
    if t.contains("bot-players do not receive points and cannot win") {
        out.push(Setting::BotNoPoints(true));
    }
    if t.contains("bot-players cannot be judges") {
        out.push(Setting::BotNoJudge(true));
    }
}

/// IV 218 "Persons wishing to become players may request to do so
/// publicly. Within 24 hours of the request, if no player has publicly
/// objected …, that player will join the game"; V 216 "Persons wishing to
/// become players may join by requesting to do so publicly."
pub(super) fn joining(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("persons wishing to become players may") && t.contains("join") {
        out.push(Setting::JoinAllowed(true));
    }
}

/// IV 201 "Players joining the game will have their turn order set to
/// precede the player that is taking their turn at the time of the
/// player's joining."
pub(super) fn joining_seat(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("players joining the game will have their turn order set to precede the player that is taking their turn") {
        out.push(Setting::JoinBeforeMover(true));
    }
}
