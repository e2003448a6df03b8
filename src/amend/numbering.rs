//! Which number an amended rule carries: the ruleset's own policy.

use crate::model::Ruleset;
use std::fmt;
use std::str::FromStr;

/// How a ruleset numbers amended and transmuted rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Numbering {
    /// The rule keeps its number and its revision goes up (Nomic IV).
    #[default]
    Revision,
    /// The rule takes the number of the proposal that amended or transmuted
    /// it (Nomic I rule 108), and every citation of it is rewritten.
    Renumber,
}

impl Numbering {
    /// The policy the ruleset's own text declares, if it can be recognised
    /// (the sentence is read by [`crate::rules_text`], as the engine reads it).
    pub(crate) fn declared_by(ruleset: &Ruleset) -> Option<Numbering> {
        crate::rules_text::ruleset_declares_renumbering(ruleset).then_some(Numbering::Renumber)
    }

    /// The declared policy, or `Revision` when the text declares none.
    pub(crate) fn of(ruleset: &Ruleset) -> Numbering {
        Numbering::declared_by(ruleset).unwrap_or_default()
    }

    /// The policy's name, as `--numbering` takes it: `revision` or `renumber`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Numbering::Revision => "revision",
            Numbering::Renumber => "renumber",
        }
    }
}

impl fmt::Display for Numbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Numbering {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "revision" => Ok(Numbering::Revision),
            "renumber" => Ok(Numbering::Renumber),
            other => Err(format!(
                "unknown numbering `{other}`; expected `revision` or `renumber`"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Rule;

    #[test]
    fn recognises_the_sentence_of_nomic_i_rule_108_across_line_breaks() {
        let text = "If a rule is repealed and reenacted, it receives the number of the \
                    proposal to reenact it. If a rule is amended or\n      transmuted, it \
                    receives the number of the proposal to amend or transmute it.";
        let ruleset = Ruleset::new("t", vec![Rule::new(108, text)]);
        assert_eq!(Numbering::of(&ruleset), Numbering::Renumber);
        let plain = Ruleset::new(
            "t",
            vec![Rule::new(
                107,
                "The rule it enacts receives said rule-change's number.",
            )],
        );
        assert_eq!(Numbering::declared_by(&plain), None);
        assert_eq!(Numbering::of(&plain), Numbering::Revision);
    }
}
