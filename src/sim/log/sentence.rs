//! Events in words, for `--format pretty`: `Display` for a log line.

use super::event::{LogEvent, RuleChange, ScoreChange};
use super::values::Stamp;
use super::Entry;
use std::fmt::{self, Display, Formatter};

/// `2020-08-16 00:00`: a time as the pretty log writes it.
pub(crate) struct Minute(pub(crate) Stamp);

impl Display for Minute {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let iso = String::from(self.0);
        match (iso.get(..10), iso.get(11..16)) {
            (Some(day), Some(time)) => write!(f, "{day} {time}"),
            _ => f.write_str(&iso),
        }
    }
}

/// A number, or nothing for `null`.
struct Maybe<T>(Option<T>);

impl<T: Display> Display for Maybe<T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(value) => value.fmt(f),
            None => Ok(()),
        }
    }
}

fn label(label: Option<&String>) -> &str {
    label.map_or("", String::as_str)
}

impl Display for Entry {
    /// The event as a sentence: `alice proposes 340: amend 213 "…"`.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.event {
            LogEvent::TurnStarted { mover, ends } => {
                write!(f, "turn {} starts: ", self.turn)?;
                match mover.as_deref() {
                    Some(mover) if !mover.is_empty() => write!(f, "{mover} moves")?,
                    _ => f.write_str("no one moves")?,
                }
                write!(f, "; it ends {}", Minute(*ends))
            }
            LogEvent::TurnSkipped { player } => write!(f, "{player}'s turn is skipped"),
            LogEvent::ProposalSubmitted {
                number,
                label: l,
                proposer,
                kind: k,
                rule,
                text,
                ..
            } => {
                write!(f, "{proposer} proposes ")?;
                match number {
                    Some(n) => write!(f, "{n}")?,
                    None => f.write_str(label(l.as_ref()))?,
                }
                write!(f, ": {}", <&str>::from(*k))?;
                if let Some(rule) = rule {
                    write!(f, " {rule}")?;
                }
                match text.as_deref() {
                    Some(text) if !text.is_empty() => write!(f, " \"{text}\""),
                    _ => Ok(()),
                }
            }
            LogEvent::ProposalWithdrawn { label: l } => {
                write!(f, "{} leaves the queue", label(l.as_ref()))
            }
            LogEvent::ProposalPutToVote { label: l, number } => {
                write!(f, "{} is put to vote as {number}", label(l.as_ref()))
            }
            LogEvent::ProposalResubmitted {
                number,
                resubmissions,
            } => write!(
                f,
                "{} is resubmitted ({resubmissions} so far this turn)",
                Maybe(*number)
            ),
            LogEvent::ProposalVoided { number } => write!(
                f,
                "{} is treated as though it does not exist",
                Maybe(*number)
            ),
            LogEvent::ProposalTookEffect { number } => {
                write!(f, "{} takes effect", Maybe(*number))
            }
            LogEvent::Endorsed {
                label: l,
                player,
                endorse: true,
            } => write!(f, "{player} endorses {}", label(l.as_ref())),
            LogEvent::Endorsed {
                label: l, player, ..
            } => write!(
                f,
                "{player} withdraws their endorsement of {}",
                label(l.as_ref())
            ),
            LogEvent::VoteCast {
                player,
                vote,
                implicit,
            } => {
                write!(f, "{player} votes {}", vote.as_str())?;
                if *implicit {
                    f.write_str(" by proposing")?;
                }
                Ok(())
            }
            LogEvent::VoteInvalid { player, text } => {
                write!(f, "{player}'s \"{text}\" is not a vote")
            }
            LogEvent::VoteWithdrawn { player } => write!(f, "{player} withdraws their vote"),
            LogEvent::Tiebreak { roll, vote } => {
                write!(f, "the Nomitron rolls {roll}: ")?;
                match vote {
                    Some(vote) => write!(f, "votes {}", vote.as_str()),
                    None => f.write_str("no vote"),
                }
            }
            LogEvent::VoteResolved {
                number,
                adopted,
                formula,
                ..
            } => {
                let verdict = if *adopted {
                    "is adopted"
                } else {
                    "is rejected, failing"
                };
                write!(f, "{} {verdict}: {formula}", Maybe(*number))
            }
            LogEvent::RuleChanged(change) => {
                let (rule, now, change) = match change {
                    RuleChange::Transmuted {
                        rule,
                        new_number,
                        immutable,
                        ..
                    } => (
                        rule,
                        new_number,
                        if *immutable {
                            "becomes immutable"
                        } else {
                            "becomes mutable"
                        },
                    ),
                    RuleChange::Amended {
                        rule, new_number, ..
                    } => (rule, new_number, "is amended"),
                };
                write!(f, "rule {rule} {change}")?;
                if now != rule {
                    write!(f, ", now rule {now}")?;
                }
                Ok(())
            }
            LogEvent::RuleEnacted { rule, .. } => write!(f, "rule {rule} is enacted"),
            LogEvent::RuleRepealed { rule, .. } => write!(f, "rule {rule} is repealed"),
            LogEvent::ParamChanged { setting, from } => write!(
                f,
                "{} = {} ({})",
                setting.0.key().name(),
                setting.0.value_text(),
                from.0
            ),
            LogEvent::StatusChanged {
                player,
                status,
                reason,
            } => {
                let status: &str = (*status).into();
                write!(f, "{player} becomes {status} ({})", reason.as_str())
            }
            LogEvent::JudgmentInvoked {
                by,
                judge,
                question,
                turn_ends,
            } => write!(
                f,
                "{by} invokes Judgment: \"{question}\"; the Judge is {judge}; the turn ends {}",
                Minute(*turn_ends)
            ),
            LogEvent::JudgmentGiven { judge, ruling } => {
                write!(f, "{judge} judges: \"{ruling}\"")
            }
            LogEvent::DiceRolled {
                dice,
                result,
                forced,
                purpose,
            } => {
                write!(
                    f,
                    "{}d{} for the {}: {result}",
                    dice.n,
                    dice.sides,
                    purpose.as_str()
                )?;
                if *forced {
                    f.write_str(" (forced)")?;
                }
                Ok(())
            }
            LogEvent::ScoreChanged(ScoreChange::Reset { .. }) => {
                f.write_str("every score is set to 0")
            }
            LogEvent::ScoreChanged(ScoreChange::Player {
                player,
                delta,
                score,
                reason,
            }) => write!(
                f,
                "{player} scores {delta:+} and has {score} ({})",
                reason.as_str()
            ),
            LogEvent::ActionRejected { reason } => write!(f, "refused: {reason}"),
            LogEvent::GameWon { winners } => write!(
                f,
                "{} {}",
                winners.join(" and "),
                if winners.len() == 1 { "wins" } else { "win" }
            ),
            LogEvent::TurnEnded => write!(f, "turn {} ends", self.turn),
            LogEvent::PlayerJoined { player, place } => write!(
                f,
                "{player} joins the game, taking place {} in the turn order",
                place + 1
            ),
        }
    }
}
