//! Why a proposal or a renumbering was refused, and what was noticed on the
//! way.

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::Mutability;
use std::ops::Range;

/// A refusal: nothing of the batch is applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct AmendError {
    pub kind: AmendErrorKind,
    /// The index of the proposal in the slice given to `apply`.
    pub proposal: Option<usize>,
    /// The offending line, as byte offsets in that proposal's file.
    pub span: Option<Range<usize>>,
}

impl AmendError {
    pub fn new(kind: AmendErrorKind) -> AmendError {
        AmendError {
            kind,
            proposal: None,
            span: None,
        }
    }

    pub(crate) fn at(mut self, proposal: usize, span: Range<usize>) -> AmendError {
        self.proposal.get_or_insert(proposal);
        self.span.get_or_insert(span);
        self
    }

    /// The refusal located in its proposal file (whose text the caller has).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut diagnostic = Diagnostic::new(
            "proposal-refused",
            Severity::Error,
            self.to_string(),
            self.span.clone().unwrap_or(0..0),
        )
        .with_label("refused; nothing was written");
        if let Some(help) = self.help() {
            diagnostic = diagnostic.with_help(help);
        }
        diagnostic
    }

    /// What to do about it, where there is something to say.
    pub fn help(&self) -> Option<String> {
        match &self.kind {
            AmendErrorKind::Immutable { rule, .. } => Some(format!(
                "transmute it first, in the same proposal: `Transmute Rule {rule} to mutable.`"
            )),
            AmendErrorKind::ReplaceCount { count: 0, .. } => {
                Some("quote the old words exactly as the rule has them".to_string())
            }
            AmendErrorKind::ReplaceCount { .. } => {
                Some("quote more of the surrounding words so that they occur once".to_string())
            }
            AmendErrorKind::NumberCollision { .. } => Some(
                "split the proposal, or declare `--numbering revision` if the rules allow it"
                    .to_string(),
            ),
            AmendErrorKind::RevisionOverflow { rule, .. } => Some(format!(
                "correct Rule {rule}'s revision in the ruleset, or reenact the rule under a new number"
            )),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AmendErrorKind {
    #[error("Proposal {proposal} was already applied: the history of Rule {rule} names it")]
    ProposalNumberUsed { proposal: u32, rule: u32 },
    #[error("Proposal {proposal} appears twice in this batch")]
    ProposalRepeated { proposal: u32 },
    #[error("cannot {verb} Rule {rule}: there is no Rule {rule} in the ruleset")]
    NoSuchRule { rule: u32, verb: &'static str },
    #[error("cannot {verb} Rule {rule}: it is immutable")]
    Immutable { rule: u32, verb: &'static str },
    #[error("cannot {verb} Rule {rule}: Rule {rule} already exists")]
    RuleExists { rule: u32, verb: &'static str },
    #[error("cannot both {first} and {second} Rule {rule} in one proposal")]
    Contradiction {
        rule: u32,
        first: &'static str,
        second: &'static str,
    },
    #[error("cannot transmute Rule {rule} to {to}: it is already {to}")]
    AlreadyIs { rule: u32, to: Mutability },
    #[error(
        "in Rule {rule}, \"{find}\" occurs {count} times; a replacement needs exactly one occurrence"
    )]
    ReplaceCount {
        rule: u32,
        find: String,
        count: usize,
    },
    #[error("under renumber numbering, Rules {rules:?} would all take number {number}")]
    NumberCollision { number: u32, rules: Vec<u32> },
    #[error("cannot renumber: {0}")]
    Renumber(String),
    #[error(
        "cannot amend Rule {rule}: it is at revision {revision}, the highest a revision can be"
    )]
    RevisionOverflow { rule: u32, revision: u32 },
    /// A temporary rule that already became a rule (a history entry says so).
    #[error("Temporary Rule {temporary} already became a rule: the history of Rule {rule} says it was created from it")]
    TemporaryUsed {
        /// The temporary rule's number.
        temporary: u32,
        /// The rule created from it.
        rule: u32,
    },
    /// No number is free for a rule created from a temporary rule.
    #[error("no rule number is free at or above {from} for Temporary Rule {temporary}")]
    NoFreeNumber {
        /// The temporary rule's number.
        temporary: u32,
        /// Where the search for a free number started.
        from: u32,
    },
}

/// Something the user should know that did not stop the change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The rule the note is about (as numbered after the change).
    pub rule: Option<u32>,
    pub message: String,
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}
