//! Simulation scripts: one statement per line, `#` starts a comment,
//! indented `effect` lines belong to the proposal above. See docs/engine-design.md.

mod grammar;

use crate::diagnostic::{Diagnostic, Severity, Source};
use crate::engine::ProposalBody;
use std::ops::Range;

/// What a line of a script says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    Ruleset(String),
    Seed(u64),
    Start(i64),
    NextNumber(u32),
    Player {
        name: String,
        score: i64,
        bot: bool,
        active: bool,
    },
    Order(Vec<String>),
    Dice {
        sides: u32,
        results: Vec<u32>,
    },
    Set {
        name: String,
        value: String,
    },
    /// An action, at `+seconds` from the start of the current turn if given.
    Act {
        at: Option<i64>,
        action: Action,
    },
    Expect(Expect),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Propose {
        who: String,
        body: ProposalBody,
        effects: Vec<(String, String)>,
    },
    Create {
        who: String,
        label: String,
        body: ProposalBody,
        effects: Vec<(String, String)>,
    },
    Endorse {
        who: String,
        label: String,
        endorse: bool,
    },
    Vote {
        who: String,
        text: String,
    },
    Withdraw {
        who: String,
    },
    Resubmit {
        who: String,
    },
    Declare {
        who: String,
        active: bool,
    },
    Invoke {
        who: String,
        question: String,
    },
    Judge {
        who: String,
        ruling: String,
    },
    /// A person (not yet a player) joins the game (IV 218, V 216).
    Join {
        who: String,
    },
    EndTurn,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    Adopted(u32),
    Rejected(u32),
    Score(String, i64),
    Status(String, bool),
    Mover(String),
    Judge(String),
    Param(String, String),
    RuleRevision(u32, u32),
    RulePresent(u32, bool),
    Queue(Vec<String>),
    Winner(Vec<String>),
    NoWinner,
    Turn(u32),
    Error(String),
}

/// A statement and where it is in the script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub number: usize,
    /// Byte range of the statement in the script text.
    pub span: Range<usize>,
    pub statement: Statement,
}

/// A script that failed to parse, located.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    pub message: String,
    pub span: Range<usize>,
    pub expected: Option<String>,
}

impl ScriptError {
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut d = Diagnostic::new("script", Severity::Error, &self.message, self.span.clone());
        if let Some(expected) = &self.expected {
            d = d.with_label(format!("expected {expected}"));
        }
        d
    }

    /// `name:line:column: message`, for plain reports.
    pub fn locate(&self, name: &str, text: &str) -> String {
        let at = Source::new(name, text).location(self.span.start);
        format!("{name}:{}:{}: {}", at.line, at.column, self.message)
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
mod tests;
