//! The parameter catalogue: every parameter's key (`vote.threshold`,
//! `win.points`, ...), its typed value ([`Setting`]), its text form (for
//! scripts, `effect` lines and the log) and where it lives in [`Params`].
//!
//! Adding a parameter is one line of `catalogue!` below, its field in
//! [`Params`], a recogniser and the game logic that reads it; the compiler
//! finds every `match` on [`ParamKey`] or [`Setting`] that must learn it.

use super::params::{
    EffectTiming, Eligible, JudgeSelection, Param, Params, Provenance, Threshold, Tiebreak,
    TurnEndScore, TurnKind, TurnOrder, VoteBase, VoteSyntax,
};
use strum::VariantNames;
use thiserror::Error;

/// Why a text does not give a parameter a value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParamError {
    /// No parameter has this name.
    #[error("unknown parameter `{0}`")]
    UnknownKey(String),
    /// The text is not a value of the parameter's type.
    #[error("expected {expected}, found `{found}`")]
    BadValue {
        /// What the parameter's values look like.
        expected: String,
        /// The text given.
        found: String,
    },
}

fn bad<T>(expected: impl Into<String>, found: &str) -> Result<T, ParamError> {
    Err(ParamError::BadValue {
        expected: expected.into(),
        found: found.to_string(),
    })
}

/// A parameter value that can be written as text and read back.
trait ParamValue: Sized {
    /// The text form (`yes`, `more than 1/2`, `1d6`).
    fn render(&self) -> String;
    /// Reads the text form back.
    fn parse(text: &str) -> Result<Self, ParamError>;
}

impl ParamValue for bool {
    fn render(&self) -> String {
        if *self { "yes" } else { "no" }.to_string()
    }
    fn parse(text: &str) -> Result<bool, ParamError> {
        match text {
            "yes" | "true" | "on" => Ok(true),
            "no" | "false" | "off" => Ok(false),
            _ => bad("yes or no", text),
        }
    }
}

impl ParamValue for u32 {
    fn render(&self) -> String {
        self.to_string()
    }
    fn parse(text: &str) -> Result<u32, ParamError> {
        text.parse().or_else(|_| bad("a whole number", text))
    }
}

impl ParamValue for Option<u32> {
    fn render(&self) -> String {
        self.map_or("none".to_string(), |v| v.to_string())
    }
    fn parse(text: &str) -> Result<Option<u32>, ParamError> {
        if text == "none" {
            Ok(None)
        } else {
            u32::parse(text).map(Some)
        }
    }
}

/// Enumerations written as fixed words: their names come from `strum`
/// (see the `#[strum]` attributes in `params.rs`).
macro_rules! word_values {
    ($($ty:ty),+ $(,)?) => {$(
        impl ParamValue for $ty {
            fn render(&self) -> String {
                let word: &'static str = self.into();
                word.to_string()
            }
            fn parse(text: &str) -> Result<$ty, ParamError> {
                text.parse().or_else(|_| {
                    bad(format!("one of {}", <$ty as VariantNames>::VARIANTS.join(", ")), text)
                })
            }
        }
    )+};
}

word_values!(
    TurnKind,
    TurnOrder,
    VoteBase,
    Eligible,
    EffectTiming,
    JudgeSelection,
    Tiebreak,
);

impl ParamValue for Threshold {
    /// `more than 1/2`, `at least 2/3`.
    fn render(&self) -> String {
        let op = if self.strict { "more than" } else { "at least" };
        format!("{op} {}/{}", self.num, self.den)
    }
    fn parse(text: &str) -> Result<Threshold, ParamError> {
        let (strict, rest) = if let Some(rest) = text.strip_prefix("more than ") {
            (true, rest)
        } else if let Some(rest) = text.strip_prefix("at least ") {
            (false, rest)
        } else {
            (true, text)
        };
        let expected = "`more than N/D` or `at least N/D`";
        let Some((num, den)) = rest.split_once('/') else {
            return bad(expected, text);
        };
        let (Ok(num), Ok(den)) = (num.trim().parse(), den.trim().parse()) else {
            return bad(expected, text);
        };
        Threshold::new(num, den, strict).map_or_else(|| bad(expected, text), Ok)
    }
}

impl ParamValue for TurnEndScore {
    fn render(&self) -> String {
        match self {
            TurnEndScore::None => "none".into(),
            TurnEndScore::Reset => "reset".into(),
            TurnEndScore::Dice { n, sides } => format!("{n}d{sides}"),
        }
    }
    fn parse(text: &str) -> Result<TurnEndScore, ParamError> {
        match text {
            "none" => Ok(TurnEndScore::None),
            "reset" => Ok(TurnEndScore::Reset),
            _ => match parse_dice(text) {
                Some((n, sides)) => Ok(TurnEndScore::Dice { n, sides }),
                None => bad("none, reset or NdS (N × S at most 4294967295)", text),
            },
        }
    }
}

/// `1d6` → (1, 6).
pub fn parse_dice(text: &str) -> Option<(u32, u32)> {
    let (n, sides) = text.split_once('d')?;
    let n: u32 = n.parse().ok()?;
    let sides: u32 = sides.parse().ok()?;
    // The sum of the dice must fit: n × sides at most u32::MAX.
    (n > 0 && sides > 0 && n.checked_mul(sides).is_some()).then_some((n, sides))
}

impl ParamValue for VoteSyntax {
    fn render(&self) -> String {
        match self {
            VoteSyntax::Default => "default".into(),
            VoteSyntax::Phrases { yes, no } => {
                format!("phrases yes={} no={}", yes.join(","), no.join(","))
            }
            VoteSyntax::FirstLetter { max_len } => format!("first-letter<{max_len}"),
        }
    }
    fn parse(text: &str) -> Result<VoteSyntax, ParamError> {
        if text == "default" {
            return Ok(VoteSyntax::Default);
        }
        if let Some(n) = text.strip_prefix("first-letter<") {
            return Ok(VoteSyntax::FirstLetter {
                max_len: u32::parse(n)?,
            });
        }
        let expected = "default, first-letter<N or `phrases yes=a,b no=c,d`";
        let list = |s: &str, key: &str| -> Option<Vec<String>> {
            let items = s.strip_prefix(key)?;
            Some(items.split(',').map(|w| w.trim().to_lowercase()).collect())
        };
        let phrases = text.strip_prefix("phrases ").and_then(|rest| {
            let (yes, no) = rest.split_once(' ')?;
            Some(VoteSyntax::Phrases {
                yes: list(yes, "yes=")?,
                no: list(no.trim(), "no=")?,
            })
        });
        phrases.map_or_else(|| bad(expected, text), Ok)
    }
}

/// Lists `name => Key(Type) in field` once; generates [`ParamKey`],
/// [`Setting`] and the catalogue functions of [`Params`].
macro_rules! catalogue {
    ($($name:literal => $key:ident($ty:ty) in $field:ident),+ $(,)?) => {
        /// A parameter of the procedural core, by name.
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
            strum::EnumString, strum::IntoStaticStr, strum::VariantArray, strum::VariantNames,
        )]
        #[non_exhaustive]
        pub enum ParamKey {
            $(
                #[doc = concat!("`", $name, "`")]
                #[strum(serialize = $name)]
                $key,
            )+
        }

        /// A parameter with a typed value: what a recogniser reads, a script
        /// sets, an `effect` line changes and the log records.
        #[derive(Debug, Clone, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Setting {
            $(
                #[doc = concat!("`", $name, "`")]
                $key($ty),
            )+
        }

        impl Setting {
            /// The parameter this sets.
            pub fn key(&self) -> ParamKey {
                match self {
                    $(Setting::$key(_) => ParamKey::$key,)+
                }
            }

            /// Reads a value for `key` from its text form.
            pub fn parse(key: ParamKey, text: &str) -> Result<Setting, ParamError> {
                let text = text.trim();
                Ok(match key {
                    $(ParamKey::$key => Setting::$key(ParamValue::parse(text)?),)+
                })
            }

            /// The value's text form.
            pub fn value_text(&self) -> String {
                match self {
                    $(Setting::$key(value) => value.render(),)+
                }
            }
        }

        impl Params {
            /// Gives a parameter its value, recording where it came from.
            pub fn apply(&mut self, setting: Setting, from: Provenance) {
                match setting {
                    $(Setting::$key(value) => self.$field = Param { value, from },)+
                }
            }

            /// A parameter's current value.
            pub fn setting(&self, key: ParamKey) -> Setting {
                match key {
                    $(ParamKey::$key => Setting::$key(self.$field.value.clone()),)+
                }
            }

            /// Where a parameter's current value comes from.
            pub fn provenance(&self, key: ParamKey) -> &Provenance {
                match key {
                    $(ParamKey::$key => &self.$field.from,)+
                }
            }
        }
    };
}

catalogue! {
    "turn.kind" => TurnKind(TurnKind) in turn_kind,
    "turn.order" => TurnOrder(TurnOrder) in turn_order,
    "turn.length_h" => TurnLengthH(u32) in turn_length_h,
    "turn.extend_on_proposal_h" => ExtendOnProposalH(u32) in extend_on_proposal_h,
    "turn.vote_window_h" => VoteWindowH(Option<u32>) in vote_window_h,
    "turn.early_end_all_voted" => EarlyEndAllVoted(Option<u32>) in early_end_all_voted,
    "vote.threshold" => Threshold(Threshold) in threshold,
    "vote.base" => VoteBase(VoteBase) in base,
    "vote.quorum_total_pct" => QuorumTotalPct(u32) in quorum_total_pct,
    "vote.eligible" => Eligible(Eligible) in eligible,
    "vote.abstain" => Abstain(bool) in abstain,
    "vote.proposer_implicit_yes" => ProposerImplicitYes(bool) in proposer_implicit_yes,
    "vote.syntax" => VoteSyntax(VoteSyntax) in syntax,
    "vote.withdraw" => Withdraw(bool) in withdraw,
    "proposal.numbering" => NumberingStart(u32) in numbering_start,
    "proposal.numbered_when_put_to_vote" => NumberedWhenPutToVote(bool) in numbered_when_put_to_vote,
    "proposal.renumber_on_amend" => RenumberOnAmend(bool) in renumber_on_amend,
    "proposal.resubmit_limit" => ResubmitLimit(Option<u32>) in resubmit_limit,
    "proposal.resubmit_window_h" => ResubmitWindowH(Option<u32>) in resubmit_window_h,
    "effect.timing" => EffectTiming(EffectTiming) in effect_timing,
    "threshold.transmute" => TransmuteUnanimous(bool) in transmute_unanimous,
    "score.turn_end" => ScoreTurnEnd(TurnEndScore) in score_turn_end,
    "score.against_adopted" => ScoreAgainstAdopted(u32) in score_against_adopted,
    "win.points" => WinPoints(Option<u32>) in win_points,
    "win.survivors" => WinSurvivors(Option<u32>) in win_survivors,
    "inactivity.no_proposal" => InactiveNoProposal(bool) in inactive_no_proposal,
    "inactivity.no_vote" => InactiveNoVote(bool) in inactive_no_vote,
    "inactivity.declare" => InactiveDeclare(bool) in inactive_declare,
    "inactivity.declare_active" => DeclareActive(bool) in declare_active,
    "inactivity.skip_turn" => InactiveSkipTurn(bool) in inactive_skip_turn,
    "inactivity.reactivate_by_vote" => ReactivateByVote(bool) in reactivate_by_vote,
    "judge.selection" => JudgeSelection(JudgeSelection) in judge_selection,
    "judge.extension_h" => JudgeExtensionH(Option<u32>) in judge_extension_h,
    "tiebreak" => Tiebreak(Tiebreak) in tiebreak,
    "queue.one_per_player" => QueueOnePerPlayer(bool) in queue_one_per_player,
    "queue.sort_endorsements" => QueueSortEndorsements(bool) in queue_sort_endorsements,
    "bot.no_turns" => BotNoTurns(bool) in bot_no_turns,
    "bot.no_points" => BotNoPoints(bool) in bot_no_points,
    "bot.no_judge" => BotNoJudge(bool) in bot_no_judge,
    "join.allowed" => JoinAllowed(bool) in join_allowed,
    "join.before_mover" => JoinBeforeMover(bool) in join_before_mover,
}

impl ParamKey {
    /// Every parameter, in catalogue order.
    pub const ALL: &'static [ParamKey] = <ParamKey as strum::VariantArray>::VARIANTS;

    /// The parameter's name (`vote.threshold`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The parameter called `name`.
    pub fn named(name: &str) -> Result<ParamKey, ParamError> {
        name.parse()
            .map_err(|_| ParamError::UnknownKey(name.to_string()))
    }
}

impl std::fmt::Display for ParamKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::fmt::Display for Setting {
    /// `name = value`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} = {}", self.key(), self.value_text())
    }
}

/// Every parameter name, in catalogue order.
#[cfg(test)]
const NAMES: &[&str] = <ParamKey as VariantNames>::VARIANTS;

impl Params {
    /// `(name, rendered value, provenance)` for every parameter.
    pub fn entries(&self) -> Vec<(&'static str, String, &Provenance)> {
        ParamKey::ALL
            .iter()
            .map(|&key| {
                (
                    key.name(),
                    self.setting(key).value_text(),
                    self.provenance(key),
                )
            })
            .collect()
    }

    /// The rendered value of one parameter, by name.
    #[cfg(test)]
    pub(crate) fn get(&self, name: &str) -> Option<(String, &Provenance)> {
        let key = ParamKey::named(name).ok()?;
        Some((self.setting(key).value_text(), self.provenance(key)))
    }

    /// Sets a parameter by name from its text form.
    #[cfg(test)]
    pub(crate) fn set(
        &mut self,
        name: &str,
        value: &str,
        from: Provenance,
    ) -> Result<(), ParamError> {
        let setting = Setting::parse(ParamKey::named(name)?, value)?;
        self.apply(setting, from);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_round_trips_through_its_text_form() {
        let params = Params::default();
        for (name, value, _) in params.entries() {
            let mut copy = params.clone();
            copy.set(name, &value, Provenance::Script).unwrap();
            assert_eq!(copy.get(name).unwrap().0, value, "{name}");
            assert_eq!(copy.get(name).unwrap().1, &Provenance::Script);
        }
        assert_eq!(NAMES.len(), params.entries().len());
    }

    #[test]
    fn provenance_reads_back_what_it_writes() {
        for from in [
            Provenance::Rule {
                number: 203,
                revision: Some(1),
            },
            Provenance::Rule {
                number: 108,
                revision: None,
            },
            Provenance::Proposal(340),
            Provenance::Script,
            Provenance::Default,
        ] {
            assert_eq!(from.to_string().parse::<Provenance>(), Ok(from));
        }
        assert!("rule x".parse::<Provenance>().is_err());
        assert!("proposal".parse::<Provenance>().is_err());
    }

    #[test]
    fn keys_and_settings_agree_for_every_parameter() {
        let params = Params::default();
        for &key in ParamKey::ALL {
            assert_eq!(ParamKey::named(key.name()), Ok(key));
            let setting = params.setting(key);
            assert_eq!(setting.key(), key);
            assert_eq!(Setting::parse(key, &setting.value_text()), Ok(setting));
        }
        assert_eq!(ParamKey::ALL.len(), NAMES.len());
    }

    #[test]
    fn set_parses_typed_values_and_rejects_bad_ones() {
        let mut params = Params::default();
        params.set("win.points", "50", Provenance::Script).unwrap();
        assert_eq!(params.win_points.value, Some(50));
        params
            .set("vote.threshold", "at least 2/3", Provenance::Script)
            .unwrap();
        assert_eq!(
            params.threshold.value,
            Threshold {
                num: 2,
                den: 3,
                strict: false
            }
        );
        params
            .set(
                "vote.syntax",
                "phrases yes=aye,y no=nay",
                Provenance::Script,
            )
            .unwrap();
        assert_eq!(
            params.syntax.value,
            VoteSyntax::Phrases {
                yes: vec!["aye".into(), "y".into()],
                no: vec!["nay".into()]
            }
        );
        assert!(params
            .set("win.points", "lots", Provenance::Script)
            .is_err());
        assert!(params.set("no.such", "1", Provenance::Script).is_err());
        assert!(params
            .set("vote.threshold", "3/2", Provenance::Script)
            .is_err());
        assert_eq!(
            params
                .set("judge.selection", "sometimes", Provenance::Script)
                .unwrap_err()
                .to_string(),
            "expected one of none, preceding, preceding-active, uniform-eligible, found `sometimes`"
        );
    }
}
