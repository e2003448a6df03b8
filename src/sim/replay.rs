//! Reading a JSON Lines log back into events and folding them: the log is
//! complete, so replaying it reproduces the game's final state. Each line
//! is read with serde into the log's types ([`super::log`]).

use super::log::{Entry, Header, Reading, Unknown};
use crate::engine::event::{Event, Time};
use crate::engine::state::{Player, State};
use crate::engine::Provenance;
use crate::model::Ruleset;
use serde::Deserialize;
use thiserror::Error;

/// What is wrong with a log line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// The log has no lines.
    #[error("the log is empty")]
    Empty,
    /// The line is not JSON, or not a log line (serde's message: the key
    /// missing, the value of the wrong kind, the word unknown).
    #[error("{0}")]
    Json(String),
    /// A value names nothing the game knows.
    #[error("unknown {what} `{found}`")]
    Unknown {
        /// What it should name (a player, a proposal...).
        what: &'static str,
        /// The value found.
        found: String,
    },
}

impl From<Unknown> for ReplayErrorKind {
    fn from(unknown: Unknown) -> ReplayErrorKind {
        ReplayErrorKind::Unknown {
            what: unknown.what,
            found: unknown.found,
        }
    }
}

impl From<serde_json::Error> for ReplayErrorKind {
    fn from(error: serde_json::Error) -> ReplayErrorKind {
        ReplayErrorKind::Json(error.to_string())
    }
}

/// A log that cannot be replayed: the line (1-based) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct ReplayError {
    /// The log line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub kind: ReplayErrorKind,
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

/// Just a line's `type`: the summary ends the events.
#[derive(Deserialize)]
struct Type<'a> {
    #[serde(rename = "type", borrow)]
    kind: Option<std::borrow::Cow<'a, str>>,
}

/// The game as the header sets it up.
fn initial(header: Header, ruleset: Ruleset) -> Result<State, ReplayErrorKind> {
    let players: Vec<Player> = header
        .players
        .into_iter()
        .map(|p| Player::seated(&p.name, p.bot, p.active, p.score))
        .collect();
    let overrides = header
        .params
        .into_iter()
        .filter(|p| p.from.0 == Provenance::Script)
        .map(|p| (p.setting.0, Provenance::Script))
        .collect();
    let mut state = State::new(ruleset, players, Vec::new(), overrides, header.next_number);
    state.order = header
        .order
        .iter()
        .map(|name| {
            state.player_id(name).ok_or_else(|| Unknown {
                what: "player in `order`",
                found: name.clone(),
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(state)
}

fn read(log: &str, ruleset: Ruleset) -> Result<Read, ReplayError> {
    let mut lines = log
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, first) = lines.next().ok_or(ReplayError {
        line: 1,
        kind: ReplayErrorKind::Empty,
    })?;
    let at_line = |n: usize| move |kind: ReplayErrorKind| ReplayError { line: n + 1, kind };
    let header: Header = serde_json::from_str(first)
        .map_err(ReplayErrorKind::from)
        .map_err(at_line(0))?;
    let start = header.start.0;
    let mut state = initial(header, ruleset).map_err(at_line(0))?;
    let mut events = Vec::new();
    for (n, line) in lines {
        let kind: Type = serde_json::from_str(line)
            .map_err(ReplayErrorKind::from)
            .map_err(at_line(n))?;
        if kind.kind.as_deref() == Some("summary") {
            break;
        }
        let entry: Entry = serde_json::from_str(line)
            .map_err(ReplayErrorKind::from)
            .map_err(at_line(n))?;
        let event = Event::try_from(Reading {
            entry: &entry,
            state: &state,
            start,
        })
        .map_err(|e| at_line(n)(e.into()))?;
        let at = entry.at.0 - start;
        state.apply(at, &event);
        events.push((at, event));
    }
    Ok(Read { state, events })
}

#[cfg(test)]
mod tests {
    use super::{replay, ReplayError, ReplayErrorKind};
    use crate::engine::fixtures::ruleset;

    const HEADER: &str = r#"{"type":"header","ruleset":"r","ruleset_sha256":"","seed":0,"start":"2000-01-01T00:00:00Z","players":[{"active":true,"bot":false,"name":"ann","score":0}],"order":["ann"],"next_number":301,"params":[],"unmodelled":[]}"#;

    fn error(log: &str) -> ReplayError {
        replay(log, ruleset("nomic-4-long.md")).unwrap_err()
    }

    #[test]
    fn a_bad_log_fails_at_its_line_saying_what_is_wrong() {
        assert_eq!(error("\n").kind, ReplayErrorKind::Empty);
        let stranger = format!(
            "{HEADER}\n{}",
            r#"{"seq":1,"at":"2000-01-01T00:00:00Z","turn":1,"type":"turn_started","mover":"zed","ends":"2000-01-02T00:00:00Z","basis":[]}"#
        );
        assert_eq!(
            error(&stranger),
            ReplayError {
                line: 2,
                kind: ReplayErrorKind::Unknown {
                    what: "player",
                    found: "zed".into()
                }
            }
        );
        let broken = error(&format!("{HEADER}\n\n{{\"seq\":1,"));
        assert_eq!(broken.line, 3);
        assert!(matches!(broken.kind, ReplayErrorKind::Json(_)), "{broken}");
        let no_start = error(&HEADER.replace(r#""start":"2000-01-01T00:00:00Z","#, ""));
        assert_eq!(no_start.line, 1);
        assert!(
            no_start.to_string().contains("missing field `start`"),
            "{no_start}"
        );
    }
}
