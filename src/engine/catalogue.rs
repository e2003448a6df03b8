//! The parameters by name (`vote.threshold`, `win.points`, ...): listing
//! them with provenance, and setting them from a script or an `effect` line.

use super::params::*;

/// A parameter value that can be written as text and read back.
pub trait ParamValue: Sized {
    fn render(&self) -> String;
    fn parse(text: &str) -> Result<Self, String>;
}

impl ParamValue for bool {
    fn render(&self) -> String {
        if *self { "yes" } else { "no" }.to_string()
    }
    fn parse(text: &str) -> Result<bool, String> {
        match text {
            "yes" | "true" | "on" => Ok(true),
            "no" | "false" | "off" => Ok(false),
            _ => Err(format!("expected yes or no, found `{text}`")),
        }
    }
}

impl ParamValue for u32 {
    fn render(&self) -> String {
        self.to_string()
    }
    fn parse(text: &str) -> Result<u32, String> {
        text.parse()
            .map_err(|_| format!("expected a whole number, found `{text}`"))
    }
}

impl ParamValue for Option<u32> {
    fn render(&self) -> String {
        self.map_or("none".to_string(), |v| v.to_string())
    }
    fn parse(text: &str) -> Result<Option<u32>, String> {
        if text == "none" {
            Ok(None)
        } else {
            u32::parse(text).map(Some)
        }
    }
}

/// Enumerations written as fixed words.
macro_rules! word_values {
    ($ty:ty { $($variant:expr => $word:literal),+ $(,)? }) => {
        impl ParamValue for $ty {
            fn render(&self) -> String {
                $(if *self == $variant { return $word.to_string(); })+
                unreachable!()
            }
            fn parse(text: &str) -> Result<$ty, String> {
                $(if text == $word { return Ok($variant); })+
                Err(format!("expected one of {}, found `{text}`", [$($word),+].join(", ")))
            }
        }
    };
}

word_values!(TurnKind { TurnKind::Mover => "mover", TurnKind::Queue => "queue" });
word_values!(TurnOrder { TurnOrder::Declared => "declared", TurnOrder::Alphabetical => "alphabetical" });
word_values!(VoteBase { VoteBase::Eligible => "eligible", VoteBase::VotesCast => "votes-cast" });
word_values!(Eligible { Eligible::Active => "active", Eligible::All => "all" });
word_values!(EffectTiming {
    EffectTiming::NextTurn => "next-turn",
    EffectTiming::VoteCompletion => "vote-completion",
});
word_values!(JudgeSelection {
    JudgeSelection::None => "none",
    JudgeSelection::Preceding => "preceding",
    JudgeSelection::PrecedingActive => "preceding-active",
    JudgeSelection::UniformEligible => "uniform-eligible",
});
word_values!(Tiebreak { Tiebreak::None => "none", Tiebreak::Nomitron1d3 => "nomitron-1d3" });

impl ParamValue for Threshold {
    /// `more than 1/2`, `at least 2/3`.
    fn render(&self) -> String {
        let op = if self.strict { "more than" } else { "at least" };
        format!("{op} {}/{}", self.num, self.den)
    }
    fn parse(text: &str) -> Result<Threshold, String> {
        let (strict, rest) = if let Some(rest) = text.strip_prefix("more than ") {
            (true, rest)
        } else if let Some(rest) = text.strip_prefix("at least ") {
            (false, rest)
        } else {
            (true, text)
        };
        let bad = || format!("expected `more than N/D` or `at least N/D`, found `{text}`");
        let (num, den) = rest.split_once('/').ok_or_else(bad)?;
        let num: u32 = num.trim().parse().map_err(|_| bad())?;
        let den: u32 = den.trim().parse().map_err(|_| bad())?;
        if den == 0 || num > den {
            return Err(bad());
        }
        Ok(Threshold { num, den, strict })
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
    fn parse(text: &str) -> Result<TurnEndScore, String> {
        match text {
            "none" => Ok(TurnEndScore::None),
            "reset" => Ok(TurnEndScore::Reset),
            _ => {
                let (n, sides) = parse_dice(text).ok_or_else(|| {
                    format!(
                        "expected none, reset or NdS (N × S at most 4294967295), found `{text}`"
                    )
                })?;
                Ok(TurnEndScore::Dice { n, sides })
            }
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
    fn parse(text: &str) -> Result<VoteSyntax, String> {
        if text == "default" {
            return Ok(VoteSyntax::Default);
        }
        if let Some(n) = text.strip_prefix("first-letter<") {
            return Ok(VoteSyntax::FirstLetter {
                max_len: u32::parse(n)?,
            });
        }
        let bad = || {
            format!("expected default, first-letter<N or `phrases yes=a,b no=c,d`, found `{text}`")
        };
        let rest = text.strip_prefix("phrases ").ok_or_else(bad)?;
        let (yes, no) = rest.split_once(' ').ok_or_else(bad)?;
        let list = |s: &str, key: &str| -> Result<Vec<String>, String> {
            let items = s.strip_prefix(key).ok_or_else(bad)?;
            Ok(items.split(',').map(|w| w.trim().to_lowercase()).collect())
        };
        Ok(VoteSyntax::Phrases {
            yes: list(yes, "yes=")?,
            no: list(no.trim(), "no=")?,
        })
    }
}

/// Lists `(name, field)` pairs once; generates the catalogue functions.
macro_rules! catalogue {
    ($($name:literal => $field:ident),+ $(,)?) => {
        /// Every parameter name, in catalogue order.
        pub const NAMES: &[&str] = &[$($name),+];

        impl Params {
            /// `(name, rendered value, provenance)` for every parameter.
            pub fn entries(&self) -> Vec<(&'static str, String, &Provenance)> {
                vec![$(($name, self.$field.value.render(), &self.$field.from)),+]
            }

            /// The rendered value of one parameter.
            pub fn get(&self, name: &str) -> Option<(String, &Provenance)> {
                match name {
                    $($name => Some((self.$field.value.render(), &self.$field.from)),)+
                    _ => None,
                }
            }

            /// Sets a parameter by name from its text form.
            pub fn set(&mut self, name: &str, value: &str, from: Provenance) -> Result<(), String> {
                match name {
                    $($name => {
                        self.$field = Param { value: ParamValue::parse(value.trim())?, from };
                        Ok(())
                    })+
                    _ => Err(format!("unknown parameter `{name}`")),
                }
            }
        }
    };
}

catalogue! {
    "turn.kind" => turn_kind,
    "turn.order" => turn_order,
    "turn.length_h" => turn_length_h,
    "turn.extend_on_proposal_h" => extend_on_proposal_h,
    "turn.vote_window_h" => vote_window_h,
    "turn.early_end_all_voted" => early_end_all_voted,
    "vote.threshold" => threshold,
    "vote.base" => base,
    "vote.quorum_total_pct" => quorum_total_pct,
    "vote.eligible" => eligible,
    "vote.abstain" => abstain,
    "vote.proposer_implicit_yes" => proposer_implicit_yes,
    "vote.syntax" => syntax,
    "vote.withdraw" => withdraw,
    "proposal.numbering" => numbering_start,
    "proposal.numbered_when_put_to_vote" => numbered_when_put_to_vote,
    "proposal.renumber_on_amend" => renumber_on_amend,
    "proposal.resubmit_limit" => resubmit_limit,
    "proposal.resubmit_window_h" => resubmit_window_h,
    "effect.timing" => effect_timing,
    "threshold.transmute" => transmute_unanimous,
    "score.turn_end" => score_turn_end,
    "score.against_adopted" => score_against_adopted,
    "win.points" => win_points,
    "win.survivors" => win_survivors,
    "inactivity.no_proposal" => inactive_no_proposal,
    "inactivity.no_vote" => inactive_no_vote,
    "inactivity.declare" => inactive_declare,
    "inactivity.declare_active" => declare_active,
    "inactivity.skip_turn" => inactive_skip_turn,
    "inactivity.reactivate_by_vote" => reactivate_by_vote,
    "judge.selection" => judge_selection,
    "judge.extension_h" => judge_extension_h,
    "tiebreak" => tiebreak,
    "queue.one_per_player" => queue_one_per_player,
    "queue.sort_endorsements" => queue_sort_endorsements,
    "bot.no_turns" => bot_no_turns,
    "bot.no_points" => bot_no_points,
    "bot.no_judge" => bot_no_judge,
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
    }
}
