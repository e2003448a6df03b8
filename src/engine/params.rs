//! The parameter catalogue: every value the engine reads from the rules,
//! each with where it came from (a rule and its revision, the script, an
//! adopted proposal's `effect` line, or the engine's default).

use std::fmt;

/// Where a parameter's value comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Provenance {
    Rule { number: u32, revision: Option<u32> },
    Script,
    Proposal(u32),
    Default,
}

impl Provenance {
    /// The rule a value rests on, if any (for an event's `basis`).
    pub fn rule(&self) -> Option<u32> {
        match self {
            Provenance::Rule { number, .. } => Some(*number),
            _ => None,
        }
    }
}

impl fmt::Display for Provenance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Provenance::Rule {
                number,
                revision: Some(r),
            } => write!(f, "rule {number}/{r}"),
            Provenance::Rule { number, .. } => write!(f, "rule {number}"),
            Provenance::Script => f.write_str("script"),
            Provenance::Proposal(n) => write!(f, "proposal {n}"),
            Provenance::Default => f.write_str("default"),
        }
    }
}

/// A provenance text that is not one [`Provenance`] writes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown provenance `{0}`: expected `rule N`, `rule N/R`, `proposal N`, `script` or `default`"
)]
pub struct ProvenanceError(pub String);

impl std::str::FromStr for Provenance {
    type Err = ProvenanceError;

    /// Reads what `Display` writes.
    fn from_str(text: &str) -> Result<Provenance, ProvenanceError> {
        let bad = || ProvenanceError(text.to_string());
        match text {
            "script" => return Ok(Provenance::Script),
            "default" => return Ok(Provenance::Default),
            _ => {}
        }
        if let Some(n) = text.strip_prefix("proposal ") {
            return n.parse().map(Provenance::Proposal).map_err(|_| bad());
        }
        let rule = text.strip_prefix("rule ").ok_or_else(bad)?;
        let (number, revision) = match rule.split_once('/') {
            Some((n, r)) => (n, Some(r.parse().map_err(|_| bad())?)),
            None => (rule, None),
        };
        Ok(Provenance::Rule {
            number: number.parse().map_err(|_| bad())?,
            revision,
        })
    }
}

/// A value and its provenance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param<T> {
    pub value: T,
    pub from: Provenance,
}

impl<T> Param<T> {
    pub fn default(value: T) -> Param<T> {
        Param {
            value,
            from: Provenance::Default,
        }
    }
}

/// How turns are organised.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
pub enum TurnKind {
    /// A mover proposes and the others vote (Nomic I, IV).
    Mover,
    /// The front of the Proposal Queue is voted on (Nomic V).
    Queue,
}

/// How the turn order is set.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
pub enum TurnOrder {
    /// As declared by the script (`order`), else in `player` order.
    Declared,
    /// Alphabetical by surname (the last word of a name).
    Alphabetical,
}

/// The share of the base a rule-change needs: `yes × den > num × base`
/// when `strict` ("more than half"), `≥` otherwise ("two thirds").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threshold {
    pub num: u32,
    pub den: u32,
    pub strict: bool,
}

impl Threshold {
    /// A share of `num`/`den`; `None` when it is no share (`den` is 0 or
    /// `num` is more than `den`).
    pub fn new(num: u32, den: u32, strict: bool) -> Option<Threshold> {
        (den > 0 && num <= den).then_some(Threshold { num, den, strict })
    }

    pub const MAJORITY: Threshold = Threshold {
        num: 1,
        den: 2,
        strict: true,
    };
}

/// What the threshold is a share of.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
pub enum VoteBase {
    /// Eligible voters, less those who abstained (IV 203 with 326; I 302).
    Eligible,
    /// Yes and no votes cast (V 204).
    VotesCast,
}

/// Who may vote.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Eligible {
    Active,
    All,
}

/// How a vote's text is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VoteSyntax {
    /// yes/y/aye/yay/for, no/n/nay/against, abstain (when an abstain rule exists).
    Default,
    /// Only the listed phrases, case-insensitive (V 210).
    Phrases { yes: Vec<String>, no: Vec<String> },
    /// Starts with y or n and is shorter than `max_len` characters (I 329).
    FirstLetter { max_len: u32 },
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
pub enum EffectTiming {
    NextTurn,
    VoteCompletion,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnEndScore {
    None,
    /// `n`d`sides` to the mover.
    Dice {
        n: u32,
        sides: u32,
    },
    /// Every score set to 0 (I 304).
    Reset,
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
pub enum JudgeSelection {
    None,
    /// The player preceding the mover in turn order (I 211).
    Preceding,
    /// The active player preceding the mover (IV 215).
    PrecedingActive,
    /// Uniformly at random among eligible players (V 214).
    UniformEligible,
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Tiebreak {
    None,
    /// IV 323: 1 yes, 2 no, 3 no vote; once a turn.
    #[strum(serialize = "nomitron-1d3")]
    Nomitron1d3,
}

/// Every parameter of the procedural core.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    pub turn_kind: Param<TurnKind>,
    pub turn_order: Param<TurnOrder>,
    pub turn_length_h: Param<u32>,
    pub extend_on_proposal_h: Param<u32>,
    /// Hours voters have from the proposal (I 306): the turn lasts at least that long after it.
    pub vote_window_h: Param<Option<u32>>,
    /// The hour mark at which a turn ends early once every eligible voter
    /// has voted (IV 206/1: 24); `Some(0)` ends the vote as soon as all voted.
    pub early_end_all_voted: Param<Option<u32>>,
    pub threshold: Param<Threshold>,
    pub base: Param<VoteBase>,
    pub quorum_total_pct: Param<u32>,
    pub eligible: Param<Eligible>,
    pub abstain: Param<bool>,
    pub proposer_implicit_yes: Param<bool>,
    pub syntax: Param<VoteSyntax>,
    pub withdraw: Param<bool>,
    pub numbering_start: Param<u32>,
    pub numbered_when_put_to_vote: Param<bool>,
    pub renumber_on_amend: Param<bool>,
    pub resubmit_limit: Param<Option<u32>>,
    pub resubmit_window_h: Param<Option<u32>>,
    pub effect_timing: Param<EffectTiming>,
    pub transmute_unanimous: Param<bool>,
    pub score_turn_end: Param<TurnEndScore>,
    pub score_against_adopted: Param<u32>,
    pub win_points: Param<Option<u32>>,
    pub win_survivors: Param<Option<u32>>,
    pub inactive_no_proposal: Param<bool>,
    pub inactive_no_vote: Param<bool>,
    pub inactive_declare: Param<bool>,
    pub declare_active: Param<bool>,
    pub inactive_skip_turn: Param<bool>,
    pub reactivate_by_vote: Param<bool>,
    pub judge_selection: Param<JudgeSelection>,
    pub judge_extension_h: Param<Option<u32>>,
    pub tiebreak: Param<Tiebreak>,
    pub queue_one_per_player: Param<bool>,
    pub queue_sort_endorsements: Param<bool>,
    pub bot_no_turns: Param<bool>,
    pub bot_no_points: Param<bool>,
    pub bot_no_judge: Param<bool>,
    /// Persons may join the game as players (IV 218, V 216).
    pub join_allowed: Param<bool>,
    /// A joining player's turn comes just before the mover's (IV 201);
    /// otherwise they take the last place in the turn order.
    pub join_before_mover: Param<bool>,
}

impl Default for Params {
    /// The engine's defaults, used where no rule says otherwise.
    fn default() -> Params {
        Params {
            turn_kind: Param::default(TurnKind::Mover),
            turn_order: Param::default(TurnOrder::Declared),
            turn_length_h: Param::default(24),
            extend_on_proposal_h: Param::default(0),
            vote_window_h: Param::default(None),
            early_end_all_voted: Param::default(None),
            threshold: Param::default(Threshold::MAJORITY),
            base: Param::default(VoteBase::Eligible),
            quorum_total_pct: Param::default(0),
            eligible: Param::default(Eligible::Active),
            abstain: Param::default(false),
            proposer_implicit_yes: Param::default(false),
            syntax: Param::default(VoteSyntax::Default),
            withdraw: Param::default(false),
            numbering_start: Param::default(301),
            numbered_when_put_to_vote: Param::default(false),
            renumber_on_amend: Param::default(false),
            resubmit_limit: Param::default(None),
            resubmit_window_h: Param::default(None),
            effect_timing: Param::default(EffectTiming::NextTurn),
            transmute_unanimous: Param::default(false),
            score_turn_end: Param::default(TurnEndScore::None),
            score_against_adopted: Param::default(0),
            win_points: Param::default(None),
            win_survivors: Param::default(None),
            inactive_no_proposal: Param::default(false),
            inactive_no_vote: Param::default(false),
            inactive_declare: Param::default(false),
            declare_active: Param::default(false),
            inactive_skip_turn: Param::default(false),
            reactivate_by_vote: Param::default(false),
            judge_selection: Param::default(JudgeSelection::None),
            judge_extension_h: Param::default(None),
            tiebreak: Param::default(Tiebreak::None),
            queue_one_per_player: Param::default(false),
            queue_sort_endorsements: Param::default(false),
            bot_no_turns: Param::default(false),
            bot_no_points: Param::default(false),
            bot_no_judge: Param::default(false),
            join_allowed: Param::default(false),
            join_before_mover: Param::default(false),
        }
    }
}
