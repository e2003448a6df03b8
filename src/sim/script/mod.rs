//! Simulation scripts: one statement per line, `#` starts a comment,
//! indented `effect` lines belong to the proposal above. See docs/engine-design.md.

mod grammar;

use crate::diagnostic::{Diagnostic, Severity};
use crate::engine::ProposalBody;
use std::ops::Range;

/// What a line of a script says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    /// `ruleset PATH`: the ruleset, relative to the script.
    Ruleset(String),
    /// `seed N`: the dice's seed.
    Seed(u64),
    /// `start TIME`: when the game starts, in Unix seconds.
    Start(i64),
    /// `next-number N`: the number the next proposal takes.
    NextNumber(u32),
    /// `player NAME [score N] [bot] [inactive]`.
    Player {
        /// The player's name.
        name: String,
        /// Their starting score.
        score: i64,
        /// Whether they are a bot-player.
        bot: bool,
        /// Whether they start active.
        active: bool,
    },
    /// `order NAME...`: the turn order.
    Order(Vec<String>),
    /// `dice 1dS: a, b`: forced results for a die of `sides` sides.
    Dice {
        /// The die's sides.
        sides: u32,
        /// The results, in order.
        results: Vec<u32>,
    },
    /// `set NAME = VALUE`: a parameter set by the script.
    Set {
        /// The parameter.
        name: String,
        /// Its value's text.
        value: String,
    },
    /// An action, at `+seconds` from the start of the current turn if given.
    Act {
        /// Seconds from the start of the current turn.
        at: Option<i64>,
        /// What is done.
        action: Action,
    },
    /// `expect ...`: a check on the game so far.
    Expect(Expect),
}

/// Something a player (or a person joining) does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// `NAME proposes ...`: the mover's proposal.
    Propose {
        /// Who.
        who: String,
        /// What it does.
        body: ProposalBody,
        /// Its `effect NAME = VALUE` lines.
        effects: Vec<(String, String)>,
    },
    /// `NAME creates LABEL ...`: a proposal on the queue.
    Create {
        /// Who.
        who: String,
        /// Its label on the queue.
        label: String,
        /// What it does.
        body: ProposalBody,
        /// Its `effect NAME = VALUE` lines.
        effects: Vec<(String, String)>,
    },
    /// `NAME endorses LABEL` (or `unendorses`).
    Endorse {
        /// Who.
        who: String,
        /// The proposal's label.
        label: String,
        /// `false` to withdraw an endorsement.
        endorse: bool,
    },
    /// `NAME votes TEXT`.
    Vote {
        /// Who.
        who: String,
        /// The vote as written.
        text: String,
    },
    /// `NAME withdraws`: their vote.
    Withdraw {
        /// Who.
        who: String,
    },
    /// `NAME resubmits`: their failed proposal.
    Resubmit {
        /// Who.
        who: String,
    },
    /// `NAME declares active|inactive`.
    Declare {
        /// Who.
        who: String,
        /// The status declared.
        active: bool,
    },
    /// `NAME invokes judgment "QUESTION"`.
    Invoke {
        /// Who.
        who: String,
        /// The question.
        question: String,
    },
    /// `NAME judges "RULING"`.
    Judge {
        /// The Judge.
        who: String,
        /// The ruling.
        ruling: String,
    },
    /// A person (not yet a player) joins the game (IV 218, V 216).
    Join {
        /// Their name.
        who: String,
    },
    /// `end turn`: time runs to the end of the turn.
    EndTurn,
}

/// What an `expect` line checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// The proposal was adopted.
    Adopted(u32),
    /// The proposal was rejected.
    Rejected(u32),
    /// The player's score.
    Score(String, i64),
    /// Whether the player is active.
    Status(String, bool),
    /// Who moves.
    Mover(String),
    /// Who is Judge.
    Judge(String),
    /// A parameter's value, by name and text.
    Param(String, String),
    /// A rule's revision.
    RuleRevision(u32, u32),
    /// Whether a rule exists.
    RulePresent(u32, bool),
    /// The queue's labels, front first.
    Queue(Vec<String>),
    /// Who won.
    Winner(Vec<String>),
    /// Nobody has won.
    NoWinner,
    /// The current turn.
    Turn(u32),
    /// The action above was refused with this code or message.
    Error(String),
}

/// A statement and where it is in the script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line number, from 1.
    pub number: usize,
    /// Byte range of the statement in the script text.
    pub span: Range<usize>,
    /// What it says.
    pub statement: Statement,
}

/// A script that failed to parse, located.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    /// What is wrong.
    pub message: String,
    /// Byte range in the script text.
    pub span: Range<usize>,
    /// What was expected there, if the parser knows.
    pub expected: Option<String>,
}

impl ScriptError {
    /// The error as a located diagnostic.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut d = Diagnostic::new("script", Severity::Error, &self.message, self.span.clone());
        if let Some(expected) = &self.expected {
            d = d.with_label(format!("expected {expected}"));
        }
        d
    }
}

/// The text of a line without its comment (a `#` outside quotes).
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Parses a whole script.
pub fn parse(text: &str) -> Result<Vec<Line>, ScriptError> {
    let mut lines: Vec<Line> = Vec::new();
    let mut offset = 0;
    for (index, raw) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += raw.len();
        let body = strip_comment(raw.trim_end_matches(['\n', '\r']));
        let content = body.trim();
        if content.is_empty() {
            continue;
        }
        let indent = body.len() - body.trim_start().len();
        let at = start + indent;
        let span = at..at + content.len();
        let locate = |rest: &str, message: String, expected: &str| ScriptError {
            message,
            span: at + content.len() - rest.len()..at + content.len(),
            expected: Some(expected.to_string()),
        };
        if indent > 0 && content.starts_with("effect") {
            let (name, value) = grammar::effect_line(content).map_err(|(rest, expected)| {
                locate(rest, "cannot read this `effect` line".into(), expected)
            })?;
            match lines.last_mut().map(|l| &mut l.statement) {
                Some(Statement::Act {
                    action: Action::Propose { effects, .. } | Action::Create { effects, .. },
                    ..
                }) => {
                    effects.push((name, value));
                }
                _ => {
                    return Err(ScriptError {
                        message: "an `effect` line must follow a proposal".into(),
                        span,
                        expected: Some("`proposes` or `creates` on the line above".into()),
                    })
                }
            }
            continue;
        }
        let statement = grammar::statement(content).map_err(|(rest, expected)| {
            locate(rest, format!("cannot read `{content}`"), expected)
        })?;
        lines.push(Line {
            number: index + 1,
            span,
            statement,
        });
    }
    Ok(lines)
}

#[cfg(test)]
impl ScriptError {
    /// `name:line:column: message`, for plain reports.
    pub(crate) fn locate(&self, name: &str, text: &str) -> String {
        let at = crate::diagnostic::Source::new(name, text).location(self.span.start);
        format!("{name}:{}:{}: {}", at.line, at.column, self.message)
    }
}

#[cfg(test)]
mod tests;
