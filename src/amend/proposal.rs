//! Proposals as the moderator wrote them: a header naming the proposal and a
//! list of operations on the ruleset. Plain data; `grammar` builds it from
//! text, `apply` carries it out.

use crate::model::{Change, Date, Mutability, RoundTurn};
use std::ops::Range;

/// One adopted proposal, or the temporary rules that become rules without
/// one (`number` none: Nomic IV rule 308 makes them rules at the next turn,
/// and no proposal enacts them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    /// The proposal's number: the one its history entries name. None for
    /// temporary rules becoming rules, which no proposal enacts: then every
    /// operation is [`OperationKind::FromTemporary`].
    pub number: Option<u32>,
    /// Who proposed it, as its history entries name them.
    pub proposer: Option<String>,
    /// The date its history entries record.
    pub date: Option<Date>,
    /// The round and turn its history entries record (`R4T6`).
    pub round_turn: Option<RoundTurn>,
    /// A title after a colon, for people: not recorded in the ruleset.
    pub title: Option<String>,
    /// What it does, in the order written.
    pub operations: Vec<Operation>,
    /// The header line, as byte offsets in the proposal file.
    pub span: Range<usize>,
}

impl Proposal {
    /// Who made the change and when, as history entries record it, naming
    /// `number` (the proposal's, or a temporary rule's).
    pub(crate) fn change_by(&self, number: u32) -> Change {
        Change {
            proposal: number,
            proposer: self.proposer.clone(),
            date: self.date,
            round_turn: self.round_turn,
        }
    }

    /// `Proposal 342`, or `Temporary rules` for temporary rules becoming
    /// rules without a proposal, as messages name it.
    pub(crate) fn name(&self) -> String {
        match self.number {
            Some(number) => format!("Proposal {number}"),
            None => "Temporary rules".to_string(),
        }
    }
}

/// One operation of a proposal, with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operation {
    /// What the operation does.
    pub kind: OperationKind,
    /// The operation's first line, as byte offsets in the proposal file.
    pub span: Range<usize>,
}

/// What an operation does. Rule numbers name rules as they stood before the
/// proposal took effect.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum OperationKind {
    /// `Enact a new [immutable] rule [as Rule N]:` and a quoted text. Without
    /// `as Rule N` the rule takes the proposal's number.
    Enact {
        /// The number of `as Rule N`, if given.
        number: Option<u32>,
        /// Immutable when the proposal says `immutable`, otherwise mutable.
        mutability: Mutability,
        /// The new rule's text.
        text: String,
    },
    /// `Amend Rule N to read:` and a quoted text.
    Amend {
        /// The rule amended.
        rule: u32,
        /// Its whole new text.
        text: String,
    },
    /// `In Rule N, replace "X" with "Y".`: exactly one occurrence of X.
    Replace {
        /// The rule amended.
        rule: u32,
        /// The old words, X.
        find: String,
        /// The new words, Y.
        replacement: String,
    },
    /// `Repeal Rule N.`
    Repeal {
        /// The rule repealed.
        rule: u32,
    },
    /// `Transmute Rule N to mutable.` / `to immutable.`
    Transmute {
        /// The rule transmuted.
        rule: u32,
        /// The mutability it gets.
        to: Mutability,
    },
    /// `Renumber Rule N to M.`
    Renumber {
        /// The rule's number now, N.
        rule: u32,
        /// Its new number, M.
        to: u32,
    },
    /// `Reenact Rule N [as immutable] to read:` and a quoted text: brings a
    /// repealed rule back.
    Reenact {
        /// The repealed rule's number.
        rule: u32,
        /// Immutable with `as immutable`, otherwise mutable.
        mutability: Mutability,
        /// The text it comes back with.
        text: String,
    },
    /// `Temporary Rule N becomes a [mutable|immutable] rule:` or
    /// `Temporary Rule N becomes Rule M:` and the temporary rule's quoted
    /// text. Temporary rules are not rules (Nomic IV rule 308), so the
    /// ruleset does not hold them: the text comes with the operation.
    FromTemporary {
        /// The temporary rule's number.
        temporary: u32,
        /// The number the new rule takes; `None` for the next free number
        /// (see `docs/amend.md`).
        number: Option<u32>,
        /// The new rule's mutability.
        mutability: Mutability,
        /// The temporary rule's text, the new rule's body.
        text: String,
    },
}

impl OperationKind {
    /// The existing rule the operation works on (none for an enactment).
    pub fn target(&self) -> Option<u32> {
        match self {
            OperationKind::Enact { .. }
            | OperationKind::Reenact { .. }
            | OperationKind::FromTemporary { .. } => None,
            OperationKind::Amend { rule, .. }
            | OperationKind::Replace { rule, .. }
            | OperationKind::Repeal { rule }
            | OperationKind::Transmute { rule, .. }
            | OperationKind::Renumber { rule, .. } => Some(*rule),
        }
    }

    /// A short name for messages: `amend`, `repeal`, ...
    pub(crate) fn verb(&self) -> &'static str {
        match self {
            OperationKind::Enact { .. } => "enact",
            OperationKind::Amend { .. } => "amend",
            OperationKind::Replace { .. } => "replace text in",
            OperationKind::Repeal { .. } => "repeal",
            OperationKind::Transmute { .. } => "transmute",
            OperationKind::Renumber { .. } => "renumber",
            OperationKind::Reenact { .. } => "reenact",
            OperationKind::FromTemporary { .. } => "create from a temporary rule",
        }
    }
}
