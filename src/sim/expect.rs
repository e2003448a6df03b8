//! Expectations: each `expect` line checked against the game as it stands.

use super::script::Expect;
use crate::engine::state::ProposalStatus;
use crate::engine::{Engine, ParamKey, Setting, Sink};

/// An expectation that does not hold: what was found instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(super) struct Mismatch(pub String);

impl From<String> for Mismatch {
    fn from(found: String) -> Mismatch {
        Mismatch(found)
    }
}

/// Checks one expectation; `Err` says what was found instead.
pub(super) fn check<S: Sink>(expect: &Expect, engine: &Engine<S>) -> Result<(), Mismatch> {
    let state = &engine.state;
    let player = |name: &str| {
        state
            .player_id(name)
            .map(|id| &state.players[usize::from(id)])
            .ok_or_else(|| format!("no player is called {name}"))
    };
    let name_of =
        |id: Option<u16>| id.map_or("nobody".to_string(), |id| state.name(id).to_string());
    match expect {
        Expect::Adopted(n) | Expect::Rejected(n) => {
            let want = if matches!(expect, Expect::Adopted(_)) {
                ProposalStatus::Adopted
            } else {
                ProposalStatus::Rejected
            };
            let Some(p) = state.proposals.iter().find(|p| p.number == Some(*n)) else {
                return Err(format!("no proposal {n} was made").into());
            };
            if p.status == want {
                Ok(())
            } else {
                Err(format!("proposal {n} is {}", status_word(p.status)).into())
            }
        }
        Expect::Score(name, score) => {
            let found = player(name)?.score;
            same(found, *score, || format!("{name} has {found} points"))
        }
        Expect::Status(name, active) => {
            let found = player(name)?.active;
            same(found, *active, || {
                format!("{name} is {}", if found { "active" } else { "inactive" })
            })
        }
        Expect::Mover(name) => {
            let found = name_of(state.mover);
            same(found.as_str(), name.as_str(), || {
                format!("the mover is {found}")
            })
        }
        Expect::Judge(name) => {
            let found = name_of(state.judge);
            same(found.as_str(), name.as_str(), || {
                format!("the Judge is {found}")
            })
        }
        Expect::Param(name, value) => {
            let Ok(key) = ParamKey::named(name) else {
                return Err(format!("there is no parameter {name}").into());
            };
            // Compare typed values, so `50` and `50 ` or `2/3` and `more than 2/3` agree.
            let want =
                Setting::parse(key, value).map_err(|e| format!("bad expected value: {e}"))?;
            let found = state.params.setting(key);
            same(&found, &want, || {
                format!(
                    "{name} = {} ({})",
                    found.value_text(),
                    state.params.provenance(key)
                )
            })
        }
        Expect::RuleRevision(number, revision) => match state.ruleset.rule(*number) {
            None => Err(format!("rule {number} is absent").into()),
            Some(rule) => same(rule.revision, Some(*revision), || {
                format!(
                    "rule {number} is at revision {}",
                    rule.revision.map_or("none".into(), |r| r.to_string())
                )
            }),
        },
        Expect::RulePresent(number, present) => {
            let found = state.ruleset.rule(*number).is_some();
            same(found, *present, || {
                format!(
                    "rule {number} is {}",
                    if found { "present" } else { "absent" }
                )
            })
        }
        Expect::Queue(labels) => {
            let found: Vec<String> = engine
                .queue_order()
                .iter()
                .map(|id| state.proposals[*id].label.clone().unwrap_or_default())
                .collect();
            same(&found, labels, || {
                format!("the queue is [{}]", found.join(" "))
            })
        }
        Expect::Winner(names) => {
            let mut found: Vec<&str> = state.winners.iter().map(|w| state.name(*w)).collect();
            let mut want: Vec<&str> = names.iter().map(String::as_str).collect();
            found.sort_unstable();
            want.sort_unstable();
            same(&found, &want, || {
                if found.is_empty() {
                    "nobody has won".to_string()
                } else {
                    format!("the winners are {}", found.join(", "))
                }
            })
        }
        Expect::NoWinner => {
            let found: Vec<&str> = state.winners.iter().map(|w| state.name(*w)).collect();
            same(found.is_empty(), true, || {
                format!("the winners are {}", found.join(", "))
            })
        }
        Expect::Turn(n) => same(state.turn, *n, || format!("it is turn {}", state.turn)),
        Expect::Error(_) => Err(Mismatch("the previous action was not refused".into())),
    }
}

fn same<T: PartialEq>(
    found: T,
    want: T,
    describe: impl FnOnce() -> String,
) -> Result<(), Mismatch> {
    if found == want {
        Ok(())
    } else {
        Err(Mismatch(describe()))
    }
}

fn status_word(status: ProposalStatus) -> &'static str {
    match status {
        ProposalStatus::Queued => "still on the queue",
        ProposalStatus::Voting => "still being voted on",
        ProposalStatus::Adopted => "adopted",
        ProposalStatus::Rejected => "rejected",
        ProposalStatus::Void => "void",
        ProposalStatus::Withdrawn => "withdrawn",
    }
}
