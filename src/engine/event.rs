//! Events: everything that happened in a game. The state is a fold over
//! them (`State::apply`); commands are validated and become events.

use super::catalogue::Setting;
use super::params::Provenance;

mod basis;

/// A player's index in the game's player list.
pub type PlayerId = u16;

/// Seconds since the start of the game.
pub type Time = i64;

/// One vote's meaning.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    strum::EnumString,
    strum::IntoStaticStr,
    serde::Serialize,
    serde::Deserialize,
)]
#[strum(serialize_all = "lowercase")]
#[serde(into = "&'static str", try_from = "String")]
pub enum Ballot {
    /// For.
    Yes,
    /// Against.
    No,
    /// Neither: counted where the rules count abstentions.
    Abstain,
}

impl Ballot {
    /// The word the log writes (`yes`, `no`, `abstain`); `str::parse` reads it.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// What a proposal does if adopted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProposalBody {
    /// Replaces a rule's text.
    Amend {
        /// The rule.
        rule: u32,
        /// Its new text.
        text: String,
    },
    /// Enacts a new rule.
    Enact {
        /// Its text.
        text: String,
    },
    /// Repeals a rule.
    Repeal {
        /// The rule.
        rule: u32,
    },
    /// Makes a mutable rule immutable, or the reverse.
    Transmute {
        /// The rule.
        rule: u32,
    },
    /// A proposal whose content the engine does not model (Monte Carlo).
    Opaque,
}

impl ProposalBody {
    /// The rule it targets, if any.
    pub fn target(&self) -> Option<u32> {
        match self {
            ProposalBody::Amend { rule, .. }
            | ProposalBody::Repeal { rule }
            | ProposalBody::Transmute { rule } => Some(*rule),
            _ => None,
        }
    }
}

/// The counts a vote was decided on and the formula's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Yes votes.
    pub yes: u32,
    /// No votes.
    pub no: u32,
    /// Abstentions.
    pub abstain: u32,
    /// Eligible voters at the close of the vote.
    pub eligible: u32,
    /// Every player, inactive players and bots included.
    pub total: u32,
    /// What the threshold is a share of.
    pub base: u32,
    /// The tiebreak vote, counted in `yes`/`no` and in `base`.
    pub tiebreak: Option<Ballot>,
    /// Whether unanimity applied (a transmutation).
    pub unanimity: bool,
    /// Whether the proposal was adopted.
    pub adopted: bool,
}

/// What a roll decides.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    strum::EnumString,
    strum::IntoStaticStr,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(into = "&'static str", try_from = "String")]
pub enum DicePurpose {
    /// The mover's points at the end of their turn.
    #[strum(serialize = "turn-end score")]
    TurnEnd,
    /// The Nomitron's vote on a tie.
    #[strum(serialize = "tiebreak")]
    Tiebreak,
    /// Who is Judge.
    #[strum(serialize = "judge")]
    Judge,
}

impl DicePurpose {
    /// The words the log writes; `str::parse` reads them.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Why a player's status or score changed.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    strum::EnumString,
    strum::IntoStaticStr,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(into = "&'static str", try_from = "String")]
pub enum Reason {
    /// The player said so.
    #[strum(serialize = "declared")]
    Declared,
    /// The mover proposed nothing in their turn.
    #[strum(serialize = "no proposal by the end of the turn")]
    NoProposal,
    /// The player did not vote in the turn.
    #[strum(serialize = "no vote by the end of the turn")]
    NoVote,
    /// Voting made an inactive player active again.
    #[strum(serialize = "cast a vote")]
    Voted,
    /// The mover's roll at the end of their turn.
    #[strum(serialize = "end of turn")]
    TurnEnd,
    /// Points for voting against a proposal that was adopted.
    #[strum(serialize = "voted against an adopted proposal")]
    VotedAgainstAdopted,
    /// The script set it.
    #[strum(serialize = "script")]
    Script,
}

/// A word the log holds that names no value of its kind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{word}`")]
pub struct UnknownWord {
    /// What the word should name (a vote, a dice purpose, a reason).
    pub what: &'static str,
    /// The word found.
    pub word: String,
}

/// Serde reads the words strum writes: one list of words per enum.
macro_rules! read_words {
    ($($ty:ty => $what:literal),+ $(,)?) => {$(
        impl TryFrom<String> for $ty {
            type Error = UnknownWord;

            fn try_from(word: String) -> Result<$ty, UnknownWord> {
                word.parse().map_err(|_| UnknownWord { what: $what, word })
            }
        }
    )+};
}

read_words! {
    Ballot => "vote",
    DicePurpose => "dice purpose",
    Reason => "reason",
}

impl Reason {
    /// The words the log writes; `str::parse` reads them.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A turn began.
    TurnStarted {
        /// Its number, from 1.
        turn: u32,
        /// Who moves (`None` in queue games).
        mover: Option<PlayerId>,
        /// Its scheduled end.
        end: Time,
    },
    /// An inactive player's turn was passed over.
    TurnSkipped {
        /// Whose turn.
        player: PlayerId,
    },
    /// A proposal was made.
    ProposalSubmitted {
        /// Its index in the state's proposals.
        id: usize,
        /// Its number, if it has one yet.
        number: Option<u32>,
        /// Its label on the queue, if any.
        label: Option<String>,
        /// Who made it.
        proposer: PlayerId,
        /// What it does.
        body: ProposalBody,
        /// Its `effect` lines.
        effects: Vec<Setting>,
        /// The turn's new scheduled end, if proposing extended it.
        end: Time,
    },
    /// A queued proposal left the queue.
    ProposalWithdrawn {
        /// The proposal.
        id: usize,
    },
    /// A queued proposal came off the queue to be voted on.
    ProposalPutToVote {
        /// The proposal.
        id: usize,
        /// The number it is given.
        number: u32,
    },
    /// A proposal was submitted again.
    ProposalResubmitted {
        /// The proposal.
        id: usize,
        /// How many times so far this turn.
        resubmissions: u32,
    },
    /// A proposal is treated as though it does not exist.
    ProposalVoided {
        /// The proposal.
        id: usize,
    },
    /// An adopted proposal's changes were made (after its own rule events).
    ProposalTookEffect {
        /// The proposal.
        id: usize,
    },
    /// A player endorsed a queued proposal, or withdrew their endorsement.
    Endorsed {
        /// The proposal.
        id: usize,
        /// Who.
        player: PlayerId,
        /// `false` when withdrawn.
        endorse: bool,
    },
    /// A vote.
    VoteCast {
        /// Who voted.
        player: PlayerId,
        /// How.
        ballot: Ballot,
        /// Cast by proposing, where a rule says so.
        implicit: bool,
    },
    /// A message that is not a vote.
    VoteInvalid {
        /// Who sent it.
        player: PlayerId,
        /// What it said.
        text: String,
    },
    /// A vote was withdrawn.
    VoteWithdrawn {
        /// Whose.
        player: PlayerId,
    },
    /// The Nomitron's tiebreak roll.
    Tiebreak {
        /// The roll.
        roll: u32,
        /// The vote it gives, if any.
        ballot: Option<Ballot>,
    },
    /// A vote was decided.
    VoteResolved {
        /// The proposal.
        id: usize,
        /// The counts and the result.
        tally: Tally,
    },
    /// A rule's text was replaced (and it may have been renumbered).
    RuleAmended {
        /// The rule's number before.
        number: u32,
        /// Its number now.
        new_number: u32,
        /// Its revision now, where the rules count them.
        revision: Option<u32>,
        /// Its new text.
        text: String,
        /// The proposal that did it.
        proposal: u32,
    },
    /// A rule was enacted.
    RuleEnacted {
        /// Its number.
        number: u32,
        /// Its text.
        text: String,
        /// The proposal that enacted it.
        proposal: u32,
    },
    /// A rule was repealed.
    RuleRepealed {
        /// Its number.
        number: u32,
        /// The proposal that repealed it.
        proposal: u32,
    },
    /// A rule became immutable or mutable (and may have been renumbered).
    RuleTransmuted {
        /// The rule's number before.
        number: u32,
        /// Its number now.
        new_number: u32,
        /// Whether it is now immutable.
        immutable: bool,
        /// The proposal that did it.
        proposal: u32,
    },
    /// A parameter took a new value or provenance.
    ParamChanged {
        /// The parameter and its value.
        setting: Setting,
        /// Where the value comes from now.
        from: Provenance,
    },
    /// A player became active or inactive.
    StatusChanged {
        /// Who.
        player: PlayerId,
        /// Whether they are active now.
        active: bool,
        /// Why.
        reason: Reason,
    },
    /// A question was put to a Judge.
    JudgmentInvoked {
        /// Who asked.
        by: PlayerId,
        /// The Judge.
        judge: PlayerId,
        /// The question.
        question: String,
        /// The turn's scheduled end once extended.
        end: Time,
    },
    /// The Judge ruled.
    JudgmentGiven {
        /// The Judge.
        judge: PlayerId,
        /// The ruling.
        ruling: String,
    },
    /// Dice were rolled.
    DiceRolled {
        /// How many dice.
        n: u32,
        /// The sides of each.
        sides: u32,
        /// Their total.
        total: u32,
        /// Whether the script forced the result.
        forced: bool,
        /// What the roll decides.
        purpose: DicePurpose,
    },
    /// A player's score changed.
    ScoreChanged {
        /// Whose.
        player: PlayerId,
        /// By how much.
        delta: i64,
        /// What it is now.
        score: i64,
        /// Why.
        reason: Reason,
    },
    /// Every score was set to 0.
    ScoresReset,
    /// An action was refused; the state does not change.
    ActionRejected {
        /// The refusal's message.
        reason: String,
    },
    /// The game was won.
    GameWon {
        /// Who won.
        players: Vec<PlayerId>,
    },
    /// A turn ended.
    TurnEnded {
        /// Its number.
        turn: u32,
    },
    /// A person joined the game as a new player (IV 218, V 216), taking
    /// `place` in the turn order.
    PlayerJoined {
        /// Their id: the next index in the player list.
        player: PlayerId,
        /// Their name.
        name: String,
        /// Their place in the turn order, from 0.
        place: usize,
    },
}

impl Event {
    /// Whether the event holds no heap data, so dropping it does nothing.
    /// A variant added with heap data must be listed here (else it leaks).
    #[inline(always)]
    pub fn owns_nothing(&self) -> bool {
        if let Event::ProposalSubmitted {
            label: None,
            body: ProposalBody::Opaque,
            effects,
            ..
        } = self
        {
            // The Monte Carlo proposal: no text, no label, no effects.
            return effects.capacity() == 0;
        }
        !matches!(
            self,
            Event::ProposalSubmitted { .. }
                | Event::VoteInvalid { .. }
                | Event::RuleAmended { .. }
                | Event::RuleEnacted { .. }
                | Event::ParamChanged { .. }
                | Event::JudgmentInvoked { .. }
                | Event::JudgmentGiven { .. }
                | Event::ActionRejected { .. }
                | Event::GameWon { .. }
                | Event::PlayerJoined { .. }
        )
    }
}
