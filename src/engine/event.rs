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
    Amend {
        rule: u32,
        text: String,
    },
    Enact {
        text: String,
    },
    Repeal {
        rule: u32,
    },
    Transmute {
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
    pub yes: u32,
    pub no: u32,
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
    TurnStarted {
        turn: u32,
        mover: Option<PlayerId>,
        end: Time,
    },
    TurnSkipped {
        player: PlayerId,
    },
    ProposalSubmitted {
        id: usize,
        number: Option<u32>,
        label: Option<String>,
        proposer: PlayerId,
        body: ProposalBody,
        effects: Vec<Setting>,
        /// The turn's new scheduled end, if proposing extended it.
        end: Time,
    },
    ProposalWithdrawn {
        id: usize,
    },
    ProposalPutToVote {
        id: usize,
        number: u32,
    },
    ProposalResubmitted {
        id: usize,
        resubmissions: u32,
    },
    ProposalVoided {
        id: usize,
    },
    /// An adopted proposal's changes were made (after its own rule events).
    ProposalTookEffect {
        id: usize,
    },
    Endorsed {
        id: usize,
        player: PlayerId,
        endorse: bool,
    },
    VoteCast {
        player: PlayerId,
        ballot: Ballot,
        implicit: bool,
    },
    VoteInvalid {
        player: PlayerId,
        text: String,
    },
    VoteWithdrawn {
        player: PlayerId,
    },
    Tiebreak {
        roll: u32,
        ballot: Option<Ballot>,
    },
    VoteResolved {
        id: usize,
        tally: Tally,
    },
    RuleAmended {
        number: u32,
        new_number: u32,
        revision: Option<u32>,
        text: String,
        proposal: u32,
    },
    RuleEnacted {
        number: u32,
        text: String,
        proposal: u32,
    },
    RuleRepealed {
        number: u32,
        proposal: u32,
    },
    RuleTransmuted {
        number: u32,
        new_number: u32,
        immutable: bool,
        proposal: u32,
    },
    ParamChanged {
        setting: Setting,
        from: Provenance,
    },
    StatusChanged {
        player: PlayerId,
        active: bool,
        reason: Reason,
    },
    JudgmentInvoked {
        by: PlayerId,
        judge: PlayerId,
        question: String,
        end: Time,
    },
    JudgmentGiven {
        judge: PlayerId,
        ruling: String,
    },
    DiceRolled {
        n: u32,
        sides: u32,
        total: u32,
        forced: bool,
        purpose: DicePurpose,
    },
    ScoreChanged {
        player: PlayerId,
        delta: i64,
        score: i64,
        reason: Reason,
    },
    ScoresReset,
    ActionRejected {
        reason: String,
    },
    GameWon {
        players: Vec<PlayerId>,
    },
    TurnEnded {
        turn: u32,
    },
    /// A person joined the game as a new player (IV 218, V 216), taking
    /// `place` in the turn order.
    PlayerJoined {
        player: PlayerId,
        name: String,
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
