//! Why a proposal or a renumbering was refused, and what was noticed on the
//! way.

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::Mutability;
use std::ops::Range;

/// A refusal: nothing of the batch is applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct AmendError {
    /// What was refused, and why.
    pub kind: AmendErrorKind,
    /// The index of the proposal in the slice given to `apply`.
    pub proposal: Option<usize>,
    /// The offending line, as byte offsets in that proposal's file.
    pub span: Option<Range<usize>>,
}

impl AmendError {
    pub(crate) fn new(kind: AmendErrorKind) -> AmendError {
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
    pub(crate) fn help(&self) -> Option<String> {
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

/// Why a batch of proposals (or a renumbering) was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AmendErrorKind {
    /// A proposal number the ruleset's history already names.
    #[error("Proposal {proposal} was already applied: the history of Rule {rule} names it")]
    ProposalNumberUsed {
        /// The proposal's number.
        proposal: u32,
        /// A rule whose history names it.
        rule: u32,
    },
    /// Two proposals of one batch carry the same number.
    #[error("Proposal {proposal} appears twice in this batch")]
    ProposalRepeated {
        /// The repeated number.
        proposal: u32,
    },
    /// An operation that needs a proposal number (every one but a temporary
    /// rule's becoming a rule) without a proposal header.
    #[error("cannot {verb} a rule without a proposal: only `Temporary Rule N becomes a rule` stands without a `Proposal N` header")]
    Unnumbered {
        /// What the operation would have done (`amend`, `enact`).
        verb: &'static str,
    },
    /// A change names a rule the ruleset does not have.
    #[error("cannot {verb} Rule {rule}: there is no Rule {rule} in the ruleset")]
    NoSuchRule {
        /// The missing rule's number.
        rule: u32,
        /// What the change would have done to it (`amend`, `repeal`).
        verb: &'static str,
    },
    /// A change needs a mutable rule but the rule is immutable.
    #[error("cannot {verb} Rule {rule}: it is immutable")]
    Immutable {
        /// The immutable rule's number.
        rule: u32,
        /// What the change would have done to it (`amend`, `repeal`).
        verb: &'static str,
    },
    /// A change would create a rule under a number already taken.
    #[error("cannot {verb} Rule {rule}: Rule {rule} already exists")]
    RuleExists {
        /// The number already taken.
        rule: u32,
        /// What the change would have done (`enact`, `renumber a rule to`).
        verb: &'static str,
    },
    /// One proposal makes two changes to a rule that cannot both happen.
    #[error("cannot both {first} and {second} Rule {rule} in one proposal")]
    Contradiction {
        /// The rule both changes name.
        rule: u32,
        /// The verb of the earlier change (`amend`).
        first: &'static str,
        /// The verb of the later change (`repeal`).
        second: &'static str,
    },
    /// A transmutation to the mutability the rule already has.
    #[error("cannot transmute Rule {rule} to {to}: it is already {to}")]
    AlreadyIs {
        /// The rule's number.
        rule: u32,
        /// The mutability asked for, and already had.
        to: Mutability,
    },
    /// A text replacement whose old words do not occur exactly once.
    #[error(
        "in Rule {rule}, \"{find}\" occurs {count} times; a replacement needs exactly one occurrence"
    )]
    ReplaceCount {
        /// The rule being changed.
        rule: u32,
        /// The old words, as quoted by the proposal.
        find: String,
        /// How many times they occur in the rule (0, or more than 1).
        count: usize,
    },
    /// Under `renumber` numbering, several rules one proposal changes (or
    /// one of them and a rule that already has it) would take its number.
    #[error("under renumber numbering, Rules {rules:?} would all take number {number}")]
    NumberCollision {
        /// The proposal's number, which they would share.
        number: u32,
        /// The rules that would have it.
        rules: Vec<u32>,
    },
    /// A renumbering that cannot be done, with the reason.
    #[error("cannot renumber: {0}")]
    Renumber(String),
    /// An amendment would raise a revision past `u32::MAX`.
    #[error(
        "cannot amend Rule {rule}: it is at revision {revision}, the highest a revision can be"
    )]
    RevisionOverflow {
        /// The rule's number.
        rule: u32,
        /// Its revision, already the highest there is.
        revision: u32,
    },
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
    /// The note, one sentence.
    pub message: String,
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}
