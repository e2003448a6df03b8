//! What each event says in the log, one variant per `type`, its fields in
//! the order the log writes them. Players are named, proposals numbered (or
//! labelled), times absolute: a line reads without the game it came from.

use super::values::{Dice, Effect, Named, Source, Stamp};
use crate::engine::event::{Ballot, DicePurpose, Reason, UnknownWord};
use serde::{Deserialize, Serialize};

/// One event's fields, tagged by the log's `type`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum LogEvent {
    /// A turn began; `mover` is `null` in turnless (queue) games.
    TurnStarted {
        /// Who moves.
        mover: Option<String>,
        /// When the turn is scheduled to end.
        ends: Stamp,
    },
    /// An inactive player's turn was passed over.
    TurnSkipped {
        /// Whose turn.
        player: String,
    },
    /// A proposal was made.
    ProposalSubmitted {
        /// Its number, if it has one yet.
        number: Option<u32>,
        /// Its label on the queue, if any.
        label: Option<String>,
        /// Who made it.
        proposer: String,
        /// What it does.
        kind: BodyKind,
        /// The rule it targets, if any.
        rule: Option<u32>,
        /// The text it proposes, if any.
        text: Option<String>,
        /// Its `effect` lines.
        effects: Vec<Effect>,
        /// The turn's scheduled end once it is made.
        turn_ends: Stamp,
    },
    /// A queued proposal left the queue.
    ProposalWithdrawn {
        /// Its label.
        label: Option<String>,
    },
    /// A queued proposal came off the queue to be voted on.
    ProposalPutToVote {
        /// Its label.
        label: Option<String>,
        /// The number it is given.
        number: u32,
    },
    /// A proposal was submitted again.
    ProposalResubmitted {
        /// Its number.
        number: Option<u32>,
        /// How many times so far this turn.
        resubmissions: u32,
    },
    /// A proposal was treated as though it does not exist.
    ProposalVoided {
        /// Its number.
        number: Option<u32>,
    },
    /// An adopted proposal's changes were made.
    ProposalTookEffect {
        /// Its number.
        number: Option<u32>,
    },
    /// A player endorsed a queued proposal, or withdrew their endorsement.
    Endorsed {
        /// The proposal's label.
        label: Option<String>,
        /// Who.
        player: String,
        /// `false` when withdrawn.
        endorse: bool,
    },
    /// A vote.
    VoteCast {
        /// Who voted.
        player: String,
        /// How.
        vote: Ballot,
        /// Cast by proposing, where a rule says so.
        implicit: bool,
    },
    /// A message that is not a vote.
    VoteInvalid {
        /// Who sent it.
        player: String,
        /// What it said.
        text: String,
    },
    /// A vote was withdrawn.
    VoteWithdrawn {
        /// Whose.
        player: String,
    },
    /// The Nomitron's tiebreak roll.
    Tiebreak {
        /// The roll.
        roll: u32,
        /// The vote it gives, if any.
        vote: Option<Ballot>,
    },
    /// A vote was decided, with its tally and the formula applied.
    VoteResolved {
        /// The proposal.
        number: Option<u32>,
        /// Whether it was adopted.
        adopted: bool,
        /// Yes votes (the tiebreak included).
        yes: u32,
        /// No votes (the tiebreak included).
        no: u32,
        /// Abstentions.
        abstain: u32,
        /// Eligible voters.
        eligible: u32,
        /// Every player.
        total: u32,
        /// What the threshold is a share of.
        base: u32,
        /// The tiebreak vote, if any.
        tiebreak: Option<Ballot>,
        /// Whether unanimity applied.
        unanimity: bool,
        /// The formula, in words.
        formula: String,
    },
    /// A rule was amended or transmuted.
    RuleChanged(RuleChange),
    /// A rule was enacted.
    RuleEnacted {
        /// Its number.
        rule: u32,
        /// Its text.
        text: String,
        /// The proposal that enacted it.
        proposal: u32,
    },
    /// A rule was repealed.
    RuleRepealed {
        /// Its number.
        rule: u32,
        /// The proposal that repealed it.
        proposal: u32,
    },
    /// A parameter took a new value or provenance.
    ParamChanged {
        /// The parameter and its value.
        #[serde(flatten)]
        setting: Named,
        /// Where the value comes from now.
        from: Source,
    },
    /// A player became active or inactive.
    StatusChanged {
        /// Who.
        player: String,
        /// What they are now.
        status: Status,
        /// Why.
        reason: Reason,
    },
    /// A question was put to a Judge.
    JudgmentInvoked {
        /// Who asked.
        by: String,
        /// The Judge.
        judge: String,
        /// The question.
        question: String,
        /// The turn's scheduled end once extended.
        turn_ends: Stamp,
    },
    /// The Judge ruled.
    JudgmentGiven {
        /// The Judge.
        judge: String,
        /// The ruling.
        ruling: String,
    },
    /// Dice were rolled.
    DiceRolled {
        /// Which dice.
        dice: Dice,
        /// Their total.
        result: u32,
        /// Whether the script forced the result.
        forced: bool,
        /// What the roll decides.
        #[serde(rename = "for")]
        purpose: DicePurpose,
    },
    /// A score changed, or every score was reset.
    ScoreChanged(ScoreChange),
    /// An action was refused.
    ActionRejected {
        /// The refusal's message.
        reason: String,
    },
    /// The game was won.
    GameWon {
        /// Who won.
        winners: Vec<String>,
    },
    /// A turn ended (the line's `turn`).
    TurnEnded,
    /// A person joined the game.
    PlayerJoined {
        /// Their name.
        player: String,
        /// Their place in the turn order, from 0.
        place: usize,
    },
}

/// What a proposal does, as the log names it.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "lowercase")]
#[serde(into = "&'static str", try_from = "String")]
pub enum BodyKind {
    /// Amends a rule.
    Amend,
    /// Enacts a rule.
    Enact,
    /// Repeals a rule.
    Repeal,
    /// Transmutes a rule.
    Transmute,
    /// Content the engine does not model (Monte Carlo).
    Opaque,
}

/// A player's status.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "lowercase")]
#[serde(into = "&'static str", try_from = "String")]
pub enum Status {
    /// Plays.
    Active,
    /// Sits out.
    Inactive,
}

/// The two `rule_changed` events, told apart by their keys.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RuleChange {
    /// The rule became immutable or mutable.
    Transmuted {
        /// Its number.
        rule: u32,
        /// Its number now.
        new_number: u32,
        /// Whether it is now immutable.
        immutable: bool,
        /// The proposal that did it.
        proposal: u32,
    },
    /// The rule's text changed.
    Amended {
        /// Its number.
        rule: u32,
        /// Its number now.
        new_number: u32,
        /// Its revision now, where the rules count them.
        revision: Option<u32>,
        /// Its new text.
        text: String,
        /// The proposal that did it.
        proposal: u32,
    },
}

/// The two `score_changed` events, told apart by their keys.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ScoreChange {
    /// Every score was set to 0 (`reset` is always `true`).
    Reset {
        /// `true`.
        reset: bool,
    },
    /// One player's score changed.
    Player {
        /// Whose.
        player: String,
        /// By how much.
        delta: i64,
        /// What it is now.
        score: i64,
        /// Why.
        reason: Reason,
    },
}

impl TryFrom<String> for BodyKind {
    type Error = UnknownWord;

    fn try_from(word: String) -> Result<BodyKind, UnknownWord> {
        word.parse().map_err(|_| UnknownWord {
            what: "proposal kind",
            word,
        })
    }
}

impl TryFrom<String> for Status {
    type Error = UnknownWord;

    fn try_from(word: String) -> Result<Status, UnknownWord> {
        word.parse().map_err(|_| UnknownWord {
            what: "status",
            word,
        })
    }
}
