//! Why a command was refused: a stable code and a message in words. Scripts'
//! `expect error` matches either; `docs/engine.md` lists the codes.

use crate::engine::catalogue::ParamError;
use std::fmt;

/// The kinds of refusal, each with a stable code (`R01`...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::VariantArray)]
#[non_exhaustive]
pub enum RefusalCode {
    /// The game is over.
    GameOver,
    /// No turn has started yet.
    NotStarted,
    /// A proposal targets a rule that does not exist.
    NoSuchRule,
    /// A proposal other than a transmutation targets an immutable rule.
    ImmutableRule,
    /// `proposes` in a queue ruleset, or `creates` in a mover ruleset.
    WrongProposalKind,
    /// A player other than the mover proposes.
    NotYourTurn,
    /// The mover proposes a second time in one turn.
    OneProposalPerTurn,
    /// A vote, or its withdrawal, when nothing is being voted on.
    NoVoteOpen,
    /// A bot-player is told to vote.
    BotVote,
    /// A player who declared inactivity in their own turn tries to come back in it.
    LockedInactive,
    /// An inactive player votes, creates or endorses.
    Inactive,
    /// No rule allows the action (withdrawal, resubmission, declarations, Judgment).
    NotAllowed,
    /// A player withdraws a vote they have not cast.
    NoVoteToWithdraw,
    /// There is no proposal to resubmit, or the player is not its proposer.
    CannotResubmit,
    /// The resubmission limit is reached.
    ResubmitLimit,
    /// The resubmission window has closed.
    ResubmitWindow,
    /// A player declares the status they already have.
    AlreadyInStatus,
    /// No player can be Judge.
    NoJudge,
    /// A player other than the Judge gives judgment.
    NotTheJudge,
    /// Judgment is given when no question awaits it.
    NoQuestion,
    /// A proposal is created with a label already in use.
    DuplicateLabel,
    /// A label names no proposal on the queue.
    NotOnQueue,
    /// A `set` or `effect` names an unknown parameter or a bad value.
    BadParameter,
    /// Points that would overflow a score (they are not added).
    Overflow,
    /// A person joins under a name a player already has, or past the
    /// most players a game can have.
    CannotJoin,
}

impl RefusalCode {
    /// Every code, in order.
    pub const ALL: &'static [RefusalCode] = <RefusalCode as strum::VariantArray>::VARIANTS;

    /// The stable code: `R` and two digits, in declaration order.
    pub fn code(self) -> String {
        let index = RefusalCode::ALL
            .iter()
            .position(|c| *c == self)
            .unwrap_or_default();
        format!("R{:02}", index + 1)
    }
}

impl fmt::Display for RefusalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// Why a command was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    /// The kind of refusal.
    pub code: RefusalCode,
    /// What was refused and why, in words (names the players and rules).
    pub message: String,
}

impl Refusal {
    /// A refusal of the given kind.
    pub(crate) fn new(code: RefusalCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// Whether `expect error "WANT"` matches: `WANT` is the code (`R15`) or
    /// words of the message.
    pub fn matches(&self, want: &str) -> bool {
        want.eq_ignore_ascii_case(&self.code.code()) || self.message.contains(want)
    }
}

impl From<ParamError> for Refusal {
    fn from(error: ParamError) -> Refusal {
        Refusal::new(RefusalCode::BadParameter, error.to_string())
    }
}

/// Refuses a command.
pub(crate) fn refuse<T>(code: RefusalCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(code, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_numbered_in_order() {
        let codes: Vec<String> = RefusalCode::ALL.iter().map(|c| c.code()).collect();
        assert_eq!(codes[0], "R01");
        assert_eq!(codes[14], "R15");
        assert_eq!(RefusalCode::ResubmitLimit.code(), "R15");
        let mut unique = codes.clone();
        unique.dedup();
        assert_eq!(unique.len(), codes.len());
    }

    #[test]
    fn expect_error_matches_the_code_or_words_of_the_message() {
        let refusal = Refusal::new(
            RefusalCode::ResubmitLimit,
            "resubmission limit of 2 reached (rule 210)",
        );
        assert!(refusal.matches("R15"));
        assert!(refusal.matches("r15"));
        assert!(refusal.matches("limit of 2"));
        assert!(!refusal.matches("R14"));
        assert!(!refusal.matches("window closed"));
    }
}
