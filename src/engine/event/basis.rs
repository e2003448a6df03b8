//! The parameters each event's decision rests on. The log names the rules
//! that gave them their current values as the event's `basis`.

use super::{DicePurpose, Event, Reason};
use crate::engine::catalogue::ParamKey as K;

const TURN_STARTED: &[K] = &[
    K::TurnKind,
    K::TurnOrder,
    K::TurnLengthH,
    K::InactiveSkipTurn,
    K::BotNoTurns,
    K::EffectTiming,
];
const PROPOSAL_SUBMITTED: &[K] = &[
    K::TurnKind,
    K::NumberingStart,
    K::NumberedWhenPutToVote,
    K::ExtendOnProposalH,
    K::QueueOnePerPlayer,
];
const SHARE: &[K] = &[
    K::Threshold,
    K::VoteBase,
    K::QuorumTotalPct,
    K::Eligible,
    K::Abstain,
    K::ProposerImplicitYes,
];
const SHARE_TIEBREAK: &[K] = &[
    K::Threshold,
    K::VoteBase,
    K::QuorumTotalPct,
    K::Eligible,
    K::Abstain,
    K::ProposerImplicitYes,
    K::Tiebreak,
];
const UNANIMITY: &[K] = &[K::TransmuteUnanimous, K::Eligible];
const UNANIMITY_TIEBREAK: &[K] = &[K::TransmuteUnanimous, K::Eligible, K::Tiebreak];
const STATUS: &[K] = &[
    K::InactiveNoProposal,
    K::InactiveNoVote,
    K::InactiveDeclare,
    K::ReactivateByVote,
];

impl Event {
    /// The parameters this event's decision rests on. A `ParamChanged`
    /// rests on none: its own provenance says where the value came from.
    pub fn basis(&self) -> &'static [K] {
        match self {
            Event::TurnStarted { .. } => TURN_STARTED,
            Event::TurnSkipped { .. } => &[K::InactiveSkipTurn],
            Event::ProposalSubmitted { .. } => PROPOSAL_SUBMITTED,
            Event::ProposalWithdrawn { .. } => &[K::QueueOnePerPlayer],
            Event::ProposalPutToVote { .. } => &[
                K::TurnKind,
                K::QueueSortEndorsements,
                K::NumberedWhenPutToVote,
            ],
            Event::ProposalResubmitted { .. } => &[K::ResubmitLimit, K::ResubmitWindowH],
            Event::ProposalVoided { .. } => &[K::InactiveDeclare],
            Event::ProposalTookEffect { .. } => &[K::EffectTiming],
            Event::Endorsed { .. } => &[K::QueueSortEndorsements],
            Event::VoteCast { implicit: true, .. } => &[K::ProposerImplicitYes],
            Event::VoteCast { .. } => &[K::VoteSyntax, K::Eligible, K::Abstain],
            Event::VoteInvalid { .. } => &[K::VoteSyntax],
            Event::VoteWithdrawn { .. } => &[K::Withdraw],
            Event::Tiebreak { .. } => &[K::Tiebreak],
            Event::VoteResolved { tally, .. } => {
                match (tally.unanimity, tally.tiebreak.is_some()) {
                    (false, false) => SHARE,
                    (false, true) => SHARE_TIEBREAK,
                    (true, false) => UNANIMITY,
                    (true, true) => UNANIMITY_TIEBREAK,
                }
            }
            Event::RuleAmended { .. } => &[K::EffectTiming, K::RenumberOnAmend],
            Event::RuleEnacted { .. } => &[K::EffectTiming, K::NumberingStart],
            Event::RuleRepealed { .. } => &[K::EffectTiming],
            Event::RuleTransmuted { .. } => &[K::EffectTiming, K::TransmuteUnanimous],
            Event::ParamChanged { .. } | Event::ActionRejected { .. } => &[],
            Event::StatusChanged { .. } => STATUS,
            Event::JudgmentInvoked { .. } => {
                &[K::JudgeSelection, K::JudgeExtensionH, K::BotNoJudge]
            }
            Event::JudgmentGiven { .. } => &[K::JudgeSelection],
            Event::DiceRolled { purpose, .. } => match purpose {
                DicePurpose::TurnEnd => &[K::ScoreTurnEnd],
                DicePurpose::Tiebreak => &[K::Tiebreak],
                DicePurpose::Judge => &[K::JudgeSelection],
            },
            Event::ScoreChanged {
                reason: Reason::VotedAgainstAdopted,
                ..
            } => &[K::ScoreAgainstAdopted],
            Event::ScoreChanged { .. } => &[K::ScoreTurnEnd, K::BotNoPoints],
            Event::ScoresReset => &[K::ScoreTurnEnd],
            Event::GameWon { .. } => &[K::WinPoints, K::WinSurvivors, K::BotNoPoints],
            Event::TurnEnded { .. } => &[K::TurnLengthH, K::EarlyEndAllVoted, K::JudgeExtensionH],
            Event::PlayerJoined { .. } => &[K::JoinAllowed, K::JoinBeforeMover],
        }
    }
}
