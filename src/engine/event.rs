//! Events: everything that happened in a game. The state is a fold over
//! them (`State::apply`); commands are validated and become events.

use super::catalogue::Setting;
use super::params::Provenance;

/// A player's index in the game's player list.
pub type PlayerId = u16;

/// Seconds since the start of the game.
pub type Time = i64;

/// One vote's meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Ballot {
    Yes,
    No,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
pub enum DicePurpose {
    #[strum(serialize = "turn-end score")]
    TurnEnd,
    #[strum(serialize = "tiebreak")]
    Tiebreak,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
pub enum Reason {
    #[strum(serialize = "declared")]
    Declared,
    #[strum(serialize = "no proposal by the end of the turn")]
    NoProposal,
    #[strum(serialize = "no vote by the end of the turn")]
    NoVote,
    #[strum(serialize = "cast a vote")]
    Voted,
    #[strum(serialize = "end of turn")]
    TurnEnd,
    #[strum(serialize = "voted against an adopted proposal")]
    VotedAgainstAdopted,
    #[strum(serialize = "script")]
    Script,
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

    /// The snake-case type name used in the log.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::TurnStarted { .. } => "turn_started",
            Event::TurnSkipped { .. } => "turn_skipped",
            Event::ProposalSubmitted { .. } => "proposal_submitted",
            Event::ProposalWithdrawn { .. } => "proposal_withdrawn",
            Event::ProposalPutToVote { .. } => "proposal_put_to_vote",
            Event::ProposalResubmitted { .. } => "proposal_resubmitted",
            Event::ProposalVoided { .. } => "proposal_voided",
            Event::ProposalTookEffect { .. } => "proposal_took_effect",
            Event::Endorsed { .. } => "endorsed",
            Event::VoteCast { .. } => "vote_cast",
            Event::VoteInvalid { .. } => "vote_invalid",
            Event::VoteWithdrawn { .. } => "vote_withdrawn",
            Event::Tiebreak { .. } => "tiebreak",
            Event::VoteResolved { .. } => "vote_resolved",
            Event::RuleAmended { .. } | Event::RuleTransmuted { .. } => "rule_changed",
            Event::RuleEnacted { .. } => "rule_enacted",
            Event::RuleRepealed { .. } => "rule_repealed",
            Event::ParamChanged { .. } => "param_changed",
            Event::StatusChanged { .. } => "status_changed",
            Event::JudgmentInvoked { .. } => "judgment_invoked",
            Event::JudgmentGiven { .. } => "judgment_given",
            Event::DiceRolled { .. } => "dice_rolled",
            Event::ScoreChanged { .. } | Event::ScoresReset => "score_changed",
            Event::ActionRejected { .. } => "action_rejected",
            Event::GameWon { .. } => "game_won",
            Event::TurnEnded { .. } => "turn_ended",
            Event::PlayerJoined { .. } => "player_joined",
        }
    }
}
