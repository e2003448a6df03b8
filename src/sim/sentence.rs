//! Events in words, for `--format pretty`.

use super::log::Entry;
use serde_json::Value;

fn s(entry: &Entry, key: &str) -> String {
    match entry.fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v) {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

/// `2020-08-16T00:00:00Z` → `2020-08-16 00:00`.
fn when(iso: &str) -> String {
    match (iso.get(..10), iso.get(11..16)) {
        (Some(day), Some(time)) => format!("{day} {time}"),
        _ => iso.to_string(),
    }
}

/// One event as a sentence; `None` for kinds without one.
pub(super) fn sentence(e: &Entry) -> Option<String> {
    let number_or_label = || {
        let n = s(e, "number");
        if n.is_empty() {
            s(e, "label")
        } else {
            n
        }
    };
    Some(match e.kind {
        "turn_started" => {
            let mover = s(e, "mover");
            let who = if mover.is_empty() {
                "no one moves".to_string()
            } else {
                format!("{mover} moves")
            };
            format!(
                "turn {} starts: {who}; it ends {}",
                e.turn,
                when(&s(e, "ends"))
            )
        }
        "turn_skipped" => format!("{}'s turn is skipped", s(e, "player")),
        "proposal_submitted" => {
            let rule = s(e, "rule");
            let target = if rule.is_empty() {
                String::new()
            } else {
                format!(" {rule}")
            };
            let text = s(e, "text");
            let text = if text.is_empty() {
                String::new()
            } else {
                format!(" \"{text}\"")
            };
            format!(
                "{} proposes {}: {}{target}{text}",
                s(e, "proposer"),
                number_or_label(),
                s(e, "kind")
            )
        }
        "proposal_withdrawn" => format!("{} leaves the queue", s(e, "label")),
        "proposal_put_to_vote" => format!("{} is put to vote as {}", s(e, "label"), s(e, "number")),
        "proposal_resubmitted" => format!(
            "{} is resubmitted ({} so far this turn)",
            s(e, "number"),
            s(e, "resubmissions")
        ),
        "proposal_voided" => format!("{} is treated as though it does not exist", s(e, "number")),
        "proposal_took_effect" => format!("{} takes effect", s(e, "number")),
        "endorsed" if s(e, "endorse") == "true" => {
            format!("{} endorses {}", s(e, "player"), s(e, "label"))
        }
        "endorsed" => format!(
            "{} withdraws their endorsement of {}",
            s(e, "player"),
            s(e, "label")
        ),
        "vote_cast" if s(e, "implicit") == "true" => {
            format!("{} votes {} by proposing", s(e, "player"), s(e, "vote"))
        }
        "vote_cast" => format!("{} votes {}", s(e, "player"), s(e, "vote")),
        "vote_invalid" => format!("{}'s \"{}\" is not a vote", s(e, "player"), s(e, "text")),
        "vote_withdrawn" => format!("{} withdraws their vote", s(e, "player")),
        "tiebreak" => {
            let vote = s(e, "vote");
            let vote = if vote.is_empty() {
                "no vote".to_string()
            } else {
                format!("votes {vote}")
            };
            format!("the Nomitron rolls {}: {vote}", s(e, "roll"))
        }
        "vote_resolved" => {
            let verdict = if s(e, "adopted") == "true" {
                "is adopted"
            } else {
                "is rejected, failing"
            };
            format!("{} {verdict}: {}", s(e, "number"), s(e, "formula"))
        }
        "rule_changed" => {
            let change = match s(e, "immutable").as_str() {
                "true" => "becomes immutable",
                "false" => "becomes mutable",
                _ => "is amended",
            };
            let (rule, now) = (s(e, "rule"), s(e, "new_number"));
            let renumbered = if now == rule {
                String::new()
            } else {
                format!(", now rule {now}")
            };
            format!("rule {rule} {change}{renumbered}")
        }
        "rule_enacted" => format!("rule {} is enacted", s(e, "rule")),
        "rule_repealed" => format!("rule {} is repealed", s(e, "rule")),
        "param_changed" => format!("{} = {} ({})", s(e, "name"), s(e, "value"), s(e, "from")),
        "status_changed" => format!(
            "{} becomes {} ({})",
            s(e, "player"),
            s(e, "status"),
            s(e, "reason")
        ),
        "judgment_invoked" => format!(
            "{} invokes Judgment: \"{}\"; the Judge is {}; the turn ends {}",
            s(e, "by"),
            s(e, "question"),
            s(e, "judge"),
            when(&s(e, "turn_ends"))
        ),
        "judgment_given" => format!("{} judges: \"{}\"", s(e, "judge"), s(e, "ruling")),
        "dice_rolled" => {
            let forced = if s(e, "forced") == "true" {
                " (forced)"
            } else {
                ""
            };
            format!(
                "{} for the {}: {}{forced}",
                s(e, "dice"),
                s(e, "for"),
                s(e, "result")
            )
        }
        "score_changed" if !s(e, "reset").is_empty() => "every score is set to 0".to_string(),
        "score_changed" => format!(
            "{} scores {:+} and has {} ({})",
            s(e, "player"),
            s(e, "delta").parse::<i64>().unwrap_or(0),
            s(e, "score"),
            s(e, "reason")
        ),
        "action_rejected" => format!("refused: {}", s(e, "reason")),
        "game_won" => {
            let winners: Vec<String> = e
                .fields
                .iter()
                .find(|(k, _)| *k == "winners")
                .and_then(|(_, v)| v.as_array())
                .map(|a| {
                    a.iter()
                        .filter_map(|w| w.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            format!(
                "{} {}",
                winners.join(" and "),
                if winners.len() == 1 { "wins" } else { "win" }
            )
        }
        "turn_ended" => format!("turn {} ends", e.turn),
        "player_joined" => format!(
            "{} joins the game, taking place {} in the turn order",
            s(e, "player"),
            s(e, "place").parse::<usize>().map_or(0, |p| p + 1)
        ),
        _ => return None,
    })
}
