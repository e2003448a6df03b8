//! Sentences of the core the engine knows it does not model, each with the
//! reason, so that `--params` says per rule what is modelled and what is
//! not (docs/engine.md, "Not modelled").

use crate::rules_text::text::normalise;

/// A known sentence shape the engine does not act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gap {
    /// What the sentence provides.
    pub what: &'static str,
    /// Why the engine does not model it.
    pub why: &'static str,
}

/// (phrase in normalised text, gap).
const GAPS: &[(&str, Gap)] = &[
    (
        "have the word \"extend\"",
        Gap {
            what: "\"extend\" votes (a 24-hour extension and a second proposal)",
            why: "the text does not say whether a vote containing \"extend\" also counts for or \
                  against the proposal (an ambiguous vote is not a vote), what 75% of \"the votes\" \
                  is taken over, or which proposal is voted on after the mover proposes again",
        },
    ),
    (
        "judgment may be overruled",
        Gap {
            what: "overruling a Judge",
            why: "the engine records a Judgment's text but not what it decides, so an \
                  overruling has nothing to undo; a script says what a new Judgment changes \
                  with `set`",
        },
    ),
    (
        "may not begin his or her turn without the consent",
        Gap {
            what: "consent of a majority before the next turn after Judgment",
            why: "the rule gives no deadline and no outcome when consent is refused: play \
                  would stop, which no random or scripted player can resolve",
        },
    ),
    (
        "have a total of 48 hours to perform said action",
        Gap {
            what: "48 hours for any required action",
            why: "the duties the engine models (proposing, voting) have shorter deadlines of \
                  their own (the turn); the other duties belong to rules the engine does not \
                  model",
        },
    ),
];

/// The known gaps a rule's text contains.
#[must_use]
pub fn gaps(text: &str) -> Vec<Gap> {
    let normal = normalise(text);
    GAPS.iter()
        .filter(|(phrase, _)| normal.contains(phrase))
        .map(|(_, gap)| *gap)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixtures::ruleset;

    fn rule_gaps(name: &str, number: u32) -> Vec<&'static str> {
        let rules = ruleset(name);
        gaps(&rules.rule(number).unwrap().text)
            .iter()
            .map(|g| g.what)
            .collect()
    }

    #[test]
    fn the_gaps_the_issue_lists_are_found_in_the_seeds() {
        assert!(rule_gaps("nomic-4-long.md", 210)[0].starts_with("\"extend\" votes"));
        assert_eq!(rule_gaps("nomic-4-long.md", 215), ["overruling a Judge"]);
        assert_eq!(
            rule_gaps("nomic-1-final.txt", 211),
            [
                "overruling a Judge",
                "consent of a majority before the next turn after Judgment"
            ]
        );
        assert_eq!(
            rule_gaps("nomic-4-long.md", 219),
            ["48 hours for any required action"]
        );
        // Joining is modelled (`join.allowed`, `join.before_mover`).
        assert!(rule_gaps("nomic-4-long.md", 218).is_empty());
        assert!(rule_gaps("nomic-4-long.md", 213).is_empty());
    }
}
