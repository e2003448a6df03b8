//! The parameter catalogue: every value the engine reads from the rules,
//! each with where it came from (a rule and its revision, the script, an
//! adopted proposal's `effect` line, or the engine's default).

use std::fmt;

/// Where a parameter's value comes from. Its `Display` form (`rule 203/1`,
/// `script`, `proposal 340`, `default`) is what the log and `--params` show,
/// and `FromStr` reads it back.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Provenance {
    /// A sentence of a rule in force, read by a recogniser.
    Rule {
        /// The rule's number.
        number: u32,
        /// The rule's revision, where the ruleset numbers revisions.
        revision: Option<u32>,
    },
    /// A `set` line of the script.
    Script,
    /// An `effect` line of the adopted proposal with this number.
    Proposal(u32),
    /// The engine's default: no rule states the value.
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
    /// The value in force.
    pub value: T,
    /// Where it comes from.
    pub from: Provenance,
}

impl<T> Param<T> {
    /// A value the engine assumes when no rule states one.
    pub(crate) fn default(value: T) -> Param<T> {
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
#[non_exhaustive]
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
#[non_exhaustive]
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
    /// The share's numerator.
    pub num: u32,
    /// The share's denominator (never 0 in a threshold [`Threshold::new`]
    /// builds or a rule or script states).
    pub den: u32,
    /// "More than" the share (`true`) or "at least" it (`false`).
    pub strict: bool,
}

impl Threshold {
    /// A share of `num`/`den`; `None` when it is no share (`den` is 0 or
    /// `num` is more than `den`). The checked way to build a threshold for
    /// [`Setting::Threshold`](super::Setting::Threshold).
    pub fn new(num: u32, den: u32, strict: bool) -> Option<Threshold> {
        (den > 0 && num <= den).then_some(Threshold { num, den, strict })
    }

    /// More than half: the engine's default.
    pub(crate) const MAJORITY: Threshold = Threshold {
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
#[non_exhaustive]
pub enum VoteBase {
    /// Eligible voters, less those who abstained (IV 203 with 326; I 302).
    Eligible,
    /// Yes and no votes cast (V 204).
    VotesCast,
}

/// Who may vote (bot-players never do, IV 323; docs/engine.md).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum Eligible {
    /// Active players only (IV 205; I 306: an inactive person is not a player).
    Active,
    /// Every player, active or not (V 204).
    All,
}

/// How a vote's text is read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum VoteSyntax {
    /// yes/y/aye/yay/for, no/n/nay/against, abstain (when an abstain rule exists).
    Default,
    /// Only the listed phrases, case-insensitive (V 210).
    Phrases {
        /// The affirmative phrases, lower case.
        yes: Vec<String>,
        /// The negative phrases, lower case.
        no: Vec<String>,
    },
    /// Starts with y or n and is shorter than `max_len` characters (I 329).
    FirstLetter {
        /// The length in characters a vote must stay under.
        max_len: u32,
    },
}

/// When an adopted proposal's changes take effect.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum EffectTiming {
    /// At the start of the turn after the vote (IV 204, V 205).
    NextTurn,
    /// At the completion of the vote (I 205).
    VoteCompletion,
}

/// What happens to scores at the end of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum TurnEndScore {
    /// Nothing.
    None,
    /// `n`d`sides` to the mover (IV 212).
    Dice {
        /// How many dice.
        n: u32,
        /// The sides of each die.
        sides: u32,
    },
    /// Every score set to 0 (I 304).
    Reset,
}

/// Who becomes Judge when judgment is invoked.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum JudgeSelection {
    /// No rule provides a Judge: judgment cannot be invoked.
    None,
    /// The player preceding the mover in turn order (I 211).
    Preceding,
    /// The active player preceding the mover (IV 215).
    PrecedingActive,
    /// Uniformly at random among eligible players (V 214).
    UniformEligible,
}

/// What breaks a tied vote.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum Tiebreak {
    /// A tie is a tie: the threshold decides.
    None,
    /// IV 323: 1 yes, 2 no, 3 no vote; once a turn.
    #[strum(serialize = "nomitron-1d3")]
    Nomitron1d3,
}

/// Every parameter of the procedural core, each with its provenance. The
/// fields are the catalogue's parameters (`turn.kind` is `turn_kind`;
/// docs/engine.md lists the rule sentences that set each); [`ParamKey`]
/// names them and [`Params::setting`] reads one by key. Built by
/// [`recognise`](super::recognise()) from the rules in force, or
/// [`Default`].
///
/// [`ParamKey`]: super::ParamKey
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Params {
    /// `turn.kind`: a mover proposes, or the queue's front is voted on.
    pub turn_kind: Param<TurnKind>,
    /// `turn.order`: as declared, or alphabetical by surname.
    pub turn_order: Param<TurnOrder>,
    /// `turn.length_h`: the length of a turn in hours.
    pub turn_length_h: Param<u32>,
    /// `turn.extend_on_proposal_h`: hours a turn is extended by once the
    /// mover has proposed (IV 206).
    pub extend_on_proposal_h: Param<u32>,
    /// `turn.vote_window_h`: hours voters have from the proposal (I 306): the
    /// turn lasts at least that long after it.
    pub vote_window_h: Param<Option<u32>>,
    /// `turn.early_end_all_voted`: the hour mark at which a turn ends early
    /// once every eligible voter
    /// has voted (IV 206/1: 24); `Some(0)` ends the vote as soon as all voted.
    pub early_end_all_voted: Param<Option<u32>>,
    /// `vote.threshold`: the share of the base a rule-change needs.
    pub threshold: Param<Threshold>,
    /// `vote.base`: what the threshold is a share of.
    pub base: Param<VoteBase>,
    /// `vote.quorum_total_pct`: yes votes must be more than this percentage
    /// of all players (0: no such quorum; IV 203/1).
    pub quorum_total_pct: Param<u32>,
    /// `vote.eligible`: who may vote.
    pub eligible: Param<Eligible>,
    /// `vote.abstain`: players may abstain, and count as having voted (IV 326).
    pub abstain: Param<bool>,
    /// `vote.proposer_implicit_yes`: proposing counts as a vote for (IV 320).
    pub proposer_implicit_yes: Param<bool>,
    /// `vote.syntax`: how a vote's text is read.
    pub syntax: Param<VoteSyntax>,
    /// `vote.withdraw`: votes may be withdrawn (IV 209, V 209).
    pub withdraw: Param<bool>,
    /// `proposal.numbering`: the number of the first proposal.
    pub numbering_start: Param<u32>,
    /// `proposal.numbered_when_put_to_vote`: proposals get their number when
    /// voted on, not when made (V 107).
    pub numbered_when_put_to_vote: Param<bool>,
    /// `proposal.renumber_on_amend`: an amended or transmuted rule takes the
    /// proposal's number (I 108).
    pub renumber_on_amend: Param<bool>,
    /// `proposal.resubmit_limit`: how often a proposal may be resubmitted
    /// (IV 210, I 303; `None`: resubmission is not allowed).
    pub resubmit_limit: Param<Option<u32>>,
    /// `proposal.resubmit_window_h`: no resubmission once the turn is older
    /// than this many hours (IV 210).
    pub resubmit_window_h: Param<Option<u32>>,
    /// `effect.timing`: when an adopted proposal's changes take effect.
    pub effect_timing: Param<EffectTiming>,
    /// `threshold.transmute`: a transmutation needs a unanimous vote
    /// (IV 108, I 109, V 108).
    pub transmute_unanimous: Param<bool>,
    /// `score.turn_end`: what happens to scores at the end of a turn.
    pub score_turn_end: Param<TurnEndScore>,
    /// `score.against_adopted`: points to each player who voted against an
    /// adopted proposal (I 204).
    pub score_against_adopted: Param<u32>,
    /// `win.points`: the first player to reach this score wins.
    pub win_points: Param<Option<u32>>,
    /// `win.survivors`: when only this many (active) players remain, they all
    /// win (I 330).
    pub win_survivors: Param<Option<u32>>,
    /// `inactivity.no_proposal`: a mover who does not propose becomes inactive
    /// (IV 207).
    pub inactive_no_proposal: Param<bool>,
    /// `inactivity.no_vote`: a player who misses a vote becomes inactive
    /// (IV 207, I 306).
    pub inactive_no_vote: Param<bool>,
    /// `inactivity.declare`: players may declare themselves inactive
    /// (IV 207, V 206).
    pub inactive_declare: Param<bool>,
    /// `inactivity.declare_active`: inactive players may declare themselves
    /// active again.
    pub declare_active: Param<bool>,
    /// `inactivity.skip_turn`: inactive players' turns are skipped.
    pub inactive_skip_turn: Param<bool>,
    /// `inactivity.reactivate_by_vote`: voting makes an inactive player
    /// active again (IV 207).
    pub reactivate_by_vote: Param<bool>,
    /// `judge.selection`: who becomes Judge.
    pub judge_selection: Param<JudgeSelection>,
    /// `judge.extension_h`: hours the turn is extended by when judgment is
    /// first invoked in it.
    pub judge_extension_h: Param<Option<u32>>,
    /// `tiebreak`: what breaks a tied vote.
    pub tiebreak: Param<Tiebreak>,
    /// `queue.one_per_player`: a player may have one proposal on the queue
    /// (V 201).
    pub queue_one_per_player: Param<bool>,
    /// `queue.sort_endorsements`: the queue is sorted by active endorsers,
    /// most first (V 202).
    pub queue_sort_endorsements: Param<bool>,
    /// `bot.no_turns`: bot-players take no turns (IV 323).
    pub bot_no_turns: Param<bool>,
    /// `bot.no_points`: bot-players receive no points and cannot win (IV 323).
    pub bot_no_points: Param<bool>,
    /// `bot.no_judge`: bot-players are never Judge (IV 323).
    pub bot_no_judge: Param<bool>,
    /// `join.allowed`: persons may join the game as players (IV 218, V 216).
    pub join_allowed: Param<bool>,
    /// `join.before_mover`: a joining player's turn comes just before the
    /// mover's (IV 201);
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
