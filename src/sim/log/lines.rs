//! The log's first and last lines: the header (what the game starts from)
//! and the summary (how it ended). Their keys are written in the order the
//! fields are declared.

use super::values::{Named, Source, Stamp};
use serde::{Deserialize, Serialize};

/// The first line: the ruleset, the seed, the players and the parameters
/// in force when the game starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename = "header")]
pub struct Header {
    /// The ruleset's path, as the script names it.
    pub ruleset: String,
    /// The SHA-256 of the ruleset file.
    pub ruleset_sha256: String,
    /// The seed of the dice.
    pub seed: u64,
    /// When the game starts.
    pub start: Stamp,
    /// The players in declaration order (their ids).
    pub players: Vec<HeaderPlayer>,
    /// The turn order, by name.
    pub order: Vec<String>,
    /// The number the next proposal takes.
    pub next_number: u32,
    /// Every parameter with its value and provenance.
    pub params: Vec<HeaderParam>,
    /// The rules the engine does not model.
    pub unmodelled: Vec<u32>,
}

/// A player as the game starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeaderPlayer {
    /// Whether they play.
    pub active: bool,
    /// Whether they are a bot-player.
    pub bot: bool,
    /// Their name.
    pub name: String,
    /// Their score.
    pub score: i64,
}

/// A parameter in force as the game starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeaderParam {
    /// Where its value comes from.
    pub from: Source,
    /// The parameter and its value.
    #[serde(flatten)]
    pub setting: Named,
}

/// The last line: turns played, winners, scores and expectations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename = "summary")]
pub struct Summary {
    /// The last turn.
    pub turns: u32,
    /// Whether the game is over.
    pub over: bool,
    /// Who won, by name.
    pub winners: Vec<String>,
    /// Every player's score, in turn order.
    pub scores: Vec<SummaryScore>,
    /// How many proposals were made.
    pub proposals: usize,
    /// How many were adopted.
    pub adopted: usize,
    /// Expectations that held.
    pub passed: usize,
    /// Expectations that failed.
    pub failed: usize,
    /// Every expectation checked.
    pub expectations: Vec<SummaryExpectation>,
}

/// A player's score at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryScore {
    /// Whether they play.
    pub active: bool,
    /// Their name.
    pub name: String,
    /// Their score.
    pub score: i64,
}

/// One checked expectation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryExpectation {
    /// What was found instead, when it failed.
    pub detail: Option<String>,
    /// The script line.
    pub line: usize,
    /// Whether it held.
    pub passed: bool,
    /// The expectation, in the script's words.
    pub statement: String,
}
