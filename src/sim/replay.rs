//! Reading a JSON Lines log back into events and folding them: the log is
//! complete, so replaying it reproduces the game's final state.

use crate::engine::event::{
    Ballot, DicePurpose, Event, PlayerId, ProposalBody, Reason, Tally, Time,
};
use crate::engine::state::{Player, State};
use crate::engine::{ParamError, ParamKey, Provenance, Setting};
use crate::model::Ruleset;
use serde_json::Value;
use thiserror::Error;

/// What is wrong with a log line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// The log has no lines.
    #[error("the log is empty")]
    Empty,
    /// The line is not a JSON object.
    #[error("{0}")]
    Json(String),
    /// A key is missing or holds the wrong kind of value.
    #[error("`{key}` is missing or not {expected}")]
    Missing {
        /// The key.
        key: String,
        /// What it should hold.
        expected: &'static str,
    },
    /// A number does not fit.
    #[error("`{0}` is out of range")]
    OutOfRange(String),
    /// A value names nothing the log or the engine knows.
    #[error("unknown {what} `{found}`")]
    Unknown {
        /// What it should name (a player, a proposal, an event type...).
        what: &'static str,
        /// The value found.
        found: String,
    },
    /// A parameter name or value the catalogue does not read.
    #[error(transparent)]
    Param(#[from] ParamError),
}

use ReplayErrorKind as Kind;

/// A log that cannot be replayed: the line (1-based) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct ReplayError {
    /// The log line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub kind: ReplayErrorKind,
}

fn missing(key: &str, expected: &'static str) -> Kind {
    Kind::Missing {
        key: key.to_string(),
        expected,
    }
}

fn unknown(what: &'static str, found: &str) -> Kind {
    Kind::Unknown {
        what,
        found: found.to_string(),
    }
}

fn json(n: usize, error: &serde_json::Error) -> ReplayError {
    ReplayError {
        line: n + 1,
        kind: Kind::Json(error.to_string()),
    }
}

fn text(v: &Value, key: &str) -> Result<String, Kind> {
    v[key]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| missing(key, "text"))
}

fn int(v: &Value, key: &str) -> Result<i64, Kind> {
    v[key].as_i64().ok_or_else(|| missing(key, "a number"))
}

fn uint(v: &Value, key: &str) -> Result<u32, Kind> {
    u32::try_from(int(v, key)?).map_err(|_| Kind::OutOfRange(key.to_string()))
}

fn flag(v: &Value, key: &str) -> Result<bool, Kind> {
    v[key].as_bool().ok_or_else(|| missing(key, "true/false"))
}

fn ballot(word: &str) -> Result<Ballot, Kind> {
    word.parse().map_err(|_| unknown("vote", word))
}

fn provenance(text: &str) -> Result<Provenance, Kind> {
    text.parse().map_err(|_| unknown("provenance", text))
}

fn setting(name: &str, value: &str) -> Result<Setting, Kind> {
    Ok(Setting::parse(ParamKey::named(name)?, value)?)
}

fn reason(text: &str) -> Result<Reason, Kind> {
    text.parse().map_err(|_| unknown("reason", text))
}

/// Reads events back with the state they apply to (for names and numbers).
struct Reader {
    state: State,
    start: i64,
}

impl Reader {
    fn player(&self, v: &Value, key: &str) -> Result<PlayerId, Kind> {
        let name = text(v, key)?;
        self.state
            .player_id(&name)
            .ok_or_else(|| unknown("player", &name))
    }

    fn time(&self, v: &Value, key: &str) -> Result<Time, Kind> {
        let at = text(v, key)?;
        super::time::parse_utc(&at)
            .map(|t| t - self.start)
            .ok_or_else(|| unknown("time", &at))
    }

    /// The proposal with a number (or, failing that, a label).
    fn proposal(&self, v: &Value) -> Result<usize, Kind> {
        let by_number = v["number"].as_u64().and_then(|n| {
            self.state
                .proposals
                .iter()
                .position(|p| p.number == Some(n as u32))
        });
        let by_label = v["label"].as_str().and_then(|l| {
            self.state
                .proposals
                .iter()
                .position(|p| p.label.as_deref() == Some(l))
        });
        by_number
            .or(by_label)
            .ok_or_else(|| unknown("proposal", &v.to_string()))
    }

    fn event(&self, v: &Value) -> Result<Event, Kind> {
        let kind = text(v, "type")?;
        Ok(match kind.as_str() {
            "turn_started" => Event::TurnStarted {
                turn: uint(v, "turn")?,
                mover: if v["mover"].is_null() {
                    None
                } else {
                    Some(self.player(v, "mover")?)
                },
                end: self.time(v, "ends")?,
            },
            "turn_skipped" => Event::TurnSkipped {
                player: self.player(v, "player")?,
            },
            "proposal_submitted" => {
                let body = match text(v, "kind")?.as_str() {
                    "amend" => ProposalBody::Amend {
                        rule: uint(v, "rule")?,
                        text: text(v, "text")?,
                    },
                    "enact" => ProposalBody::Enact {
                        text: text(v, "text")?,
                    },
                    "repeal" => ProposalBody::Repeal {
                        rule: uint(v, "rule")?,
                    },
                    "transmute" => ProposalBody::Transmute {
                        rule: uint(v, "rule")?,
                    },
                    _ => ProposalBody::Opaque,
                };
                let effects = v["effects"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .map(|e| setting(&text(e, "param")?, &text(e, "value")?))
                            .collect::<Result<Vec<_>, Kind>>()
                    })
                    .transpose()?
                    .unwrap_or_default();
                Event::ProposalSubmitted {
                    id: self.state.proposals.len(),
                    number: v["number"].as_u64().map(|n| n as u32),
                    label: v["label"].as_str().map(str::to_string),
                    proposer: self.player(v, "proposer")?,
                    body,
                    effects,
                    end: self.time(v, "turn_ends")?,
                }
            }
            "proposal_withdrawn" => Event::ProposalWithdrawn {
                id: self.proposal(v)?,
            },
            "proposal_put_to_vote" => {
                let label = v["label"].as_str();
                let id = self
                    .state
                    .proposals
                    .iter()
                    .position(|p| p.label.as_deref() == label)
                    .ok_or_else(|| unknown("proposal", label.unwrap_or_default()))?;
                Event::ProposalPutToVote {
                    id,
                    number: uint(v, "number")?,
                }
            }
            "proposal_resubmitted" => Event::ProposalResubmitted {
                id: self.proposal(v)?,
                resubmissions: uint(v, "resubmissions")?,
            },
            "proposal_voided" => Event::ProposalVoided {
                id: self.proposal(v)?,
            },
            "proposal_took_effect" => Event::ProposalTookEffect {
                id: self.proposal(v)?,
            },
            "endorsed" => Event::Endorsed {
                id: self.proposal(v)?,
                player: self.player(v, "player")?,
                endorse: flag(v, "endorse")?,
            },
            "vote_cast" => Event::VoteCast {
                player: self.player(v, "player")?,
                ballot: ballot(&text(v, "vote")?)?,
                implicit: flag(v, "implicit")?,
            },
            "vote_invalid" => Event::VoteInvalid {
                player: self.player(v, "player")?,
                text: text(v, "text")?,
            },
            "vote_withdrawn" => Event::VoteWithdrawn {
                player: self.player(v, "player")?,
            },
            "tiebreak" => Event::Tiebreak {
                roll: uint(v, "roll")?,
                ballot: v["vote"].as_str().map(ballot).transpose()?,
            },
            "vote_resolved" => Event::VoteResolved {
                id: self.proposal(v)?,
                tally: Tally {
                    yes: uint(v, "yes")?,
                    no: uint(v, "no")?,
                    abstain: uint(v, "abstain")?,
                    eligible: uint(v, "eligible")?,
                    total: uint(v, "total")?,
                    base: uint(v, "base")?,
                    tiebreak: v["tiebreak"].as_str().map(ballot).transpose()?,
                    unanimity: flag(v, "unanimity")?,
                    adopted: flag(v, "adopted")?,
                },
            },
            "rule_changed" if v.get("immutable").is_some() => Event::RuleTransmuted {
                number: uint(v, "rule")?,
                new_number: uint(v, "new_number")?,
                immutable: flag(v, "immutable")?,
                proposal: uint(v, "proposal")?,
            },
            "rule_changed" => Event::RuleAmended {
                number: uint(v, "rule")?,
                new_number: uint(v, "new_number")?,
                revision: v["revision"].as_u64().map(|r| r as u32),
                text: text(v, "text")?,
                proposal: uint(v, "proposal")?,
            },
            "rule_enacted" => Event::RuleEnacted {
                number: uint(v, "rule")?,
                text: text(v, "text")?,
                proposal: uint(v, "proposal")?,
            },
            "rule_repealed" => Event::RuleRepealed {
                number: uint(v, "rule")?,
                proposal: uint(v, "proposal")?,
            },
            "param_changed" => Event::ParamChanged {
                setting: setting(&text(v, "name")?, &text(v, "value")?)?,
                from: provenance(&text(v, "from")?)?,
            },
            "status_changed" => Event::StatusChanged {
                player: self.player(v, "player")?,
                active: text(v, "status")? == "active",
                reason: reason(&text(v, "reason")?)?,
            },
            "judgment_invoked" => Event::JudgmentInvoked {
                by: self.player(v, "by")?,
                judge: self.player(v, "judge")?,
                question: text(v, "question")?,
                end: self.time(v, "turn_ends")?,
            },
            "judgment_given" => Event::JudgmentGiven {
                judge: self.player(v, "judge")?,
                ruling: text(v, "ruling")?,
            },
            "dice_rolled" => {
                let dice = text(v, "dice")?;
                let (n, sides) = crate::engine::catalogue::parse_dice(&dice)
                    .ok_or_else(|| unknown("dice", &dice))?;
                let purpose = text(v, "for")?;
                let purpose: DicePurpose = purpose
                    .parse()
                    .map_err(|_| unknown("dice purpose", &purpose))?;
                Event::DiceRolled {
                    n,
                    sides,
                    total: uint(v, "result")?,
                    forced: flag(v, "forced")?,
                    purpose,
                }
            }
            "score_changed" if v.get("reset").is_some() => Event::ScoresReset,
            "score_changed" => Event::ScoreChanged {
                player: self.player(v, "player")?,
                delta: int(v, "delta")?,
                score: int(v, "score")?,
                reason: reason(&text(v, "reason")?)?,
            },
            "action_rejected" => Event::ActionRejected {
                reason: text(v, "reason")?,
            },
            "game_won" => Event::GameWon {
                players: v["winners"]
                    .as_array()
                    .ok_or_else(|| missing("winners", "a list"))?
                    .iter()
                    .map(|w| {
                        w.as_str()
                            .and_then(|n| self.state.player_id(n))
                            .ok_or_else(|| unknown("winner", &w.to_string()))
                    })
                    .collect::<Result<_, _>>()?,
            },
            "turn_ended" => Event::TurnEnded {
                turn: uint(v, "turn")?,
            },
            "player_joined" => Event::PlayerJoined {
                player: PlayerId::try_from(self.state.players.len())
                    .map_err(|_| unknown("player", "past the most players a game has"))?,
                name: text(v, "player")?,
                place: uint(v, "place")? as usize,
            },
            other => return Err(unknown("event type", other)),
        })
    }
}

/// Folds a JSON Lines log over the ruleset it names; errors name the line.
pub fn replay(log: &str, ruleset: Ruleset) -> Result<State, ReplayError> {
    Ok(read(log, ruleset)?.state)
}

/// Reads a log back into the events it records, in order, with their times.
pub fn events(log: &str, ruleset: Ruleset) -> Result<Vec<(Time, Event)>, ReplayError> {
    Ok(read(log, ruleset)?.events)
}

/// The state a log folds to and the events it records.
struct Read {
    state: State,
    events: Vec<(Time, Event)>,
}

fn read(log: &str, ruleset: Ruleset) -> Result<Read, ReplayError> {
    let mut lines = log
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, first) = lines.next().ok_or(ReplayError {
        line: 1,
        kind: Kind::Empty,
    })?;
    let header: Value = serde_json::from_str(first).map_err(|e| json(0, &e))?;
    let at_line = |n: usize| move |kind: Kind| ReplayError { line: n + 1, kind };
    let start = super::time::parse_utc(&text(&header, "start").map_err(at_line(0))?)
        .ok_or_else(|| at_line(0)(missing("start", "a time")))?;
    let players: Vec<Player> = header["players"]
        .as_array()
        .ok_or_else(|| at_line(0)(missing("players", "a list")))?
        .iter()
        .map(|p| {
            Ok(Player {
                name: text(p, "name")?.as_str().into(),
                bot: flag(p, "bot")?,
                active: flag(p, "active")?,
                score: int(p, "score")?,
                locked_inactive: false,
                last_voted: 0,
            })
        })
        .collect::<Result<_, Kind>>()
        .map_err(at_line(0))?;
    let overrides = header["params"]
        .as_array()
        .ok_or_else(|| at_line(0)(missing("params", "a list")))?
        .iter()
        .filter(|p| p["from"] == "script")
        .map(|p| {
            Ok((
                setting(&text(p, "name")?, &text(p, "value")?)?,
                Provenance::Script,
            ))
        })
        .collect::<Result<Vec<_>, Kind>>()
        .map_err(at_line(0))?;
    let mut state = State::new(
        ruleset,
        players,
        Vec::new(),
        overrides,
        uint(&header, "next_number").map_err(at_line(0))?,
    );
    state.order = header["order"]
        .as_array()
        .ok_or_else(|| at_line(0)(missing("order", "a list")))?
        .iter()
        .map(|n| {
            n.as_str()
                .and_then(|n| state.player_id(n))
                .ok_or_else(|| at_line(0)(unknown("player in `order`", &n.to_string())))
        })
        .collect::<Result<_, _>>()?;
    let mut reader = Reader { state, start };
    let mut events = Vec::new();
    for (n, line) in lines {
        let value: Value = serde_json::from_str(line).map_err(|e| json(n, &e))?;
        if value["type"] == "summary" {
            break;
        }
        let event = reader.event(&value).map_err(at_line(n))?;
        let at = reader.time(&value, "at").map_err(at_line(n))?;
        reader.state.apply(at, &event);
        events.push((at, event));
    }
    Ok(Read {
        state: reader.state,
        events,
    })
}
