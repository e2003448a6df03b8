//! Recognisers: each reads one known sentence shape in a rule's text and
//! yields parameter values. Running them over a ruleset gives the
//! parameters in force, each with the rule (and revision) it came from;
//! rules no recogniser reads are listed as unmodelled.

mod play;
mod proposals;
mod turns;
mod votes;

use crate::rules_text::text;

use super::catalogue::{ParamKey, Setting};
use super::params::{Params, Provenance};
use crate::model::Ruleset;
use thiserror::Error;

/// What the recognisers found in one rule: typed settings, and sentences
/// that name a value no parameter can take.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    /// The settings, in the order the recognisers read them.
    pub settings: Vec<Setting>,
    /// `(sentence, why)` for each sentence whose value cannot apply.
    pub unapplicable: Vec<(String, String)>,
}

impl Found {
    /// A setting a sentence states.
    pub(crate) fn push(&mut self, setting: Setting) {
        self.settings.push(setting);
    }

    /// A sentence a recogniser read whose value cannot apply.
    pub(crate) fn cannot_apply(&mut self, sentence: &str, why: String) {
        self.unapplicable.push((sentence.to_string(), why));
    }

    /// Whether nothing was read.
    pub fn is_empty(&self) -> bool {
        self.settings.is_empty() && self.unapplicable.is_empty()
    }
}

/// A rule sentence a recogniser read whose value no parameter can take.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("rule {rule}: {why}, in \"{sentence}\"")]
pub struct Unapplicable {
    /// The rule's number.
    pub rule: u32,
    /// The sentence (normalised: lower case, single spaces).
    pub sentence: String,
    /// Why its value cannot apply.
    pub why: String,
}

type Recogniser = fn(&str, &str, &mut Found);

/// Every sentence shape the engine knows.
const RECOGNISERS: &[Recogniser] = &[
    turns::turn_is_a_proposal,
    turns::turn_takes_from_queue,
    turns::random_order,
    turns::alphabetical_order,
    turns::turn_length,
    turns::extension_on_proposal,
    turns::early_end_when_all_voted,
    turns::effect_timing,
    votes::adoption_share,
    votes::quorum_of_total_players,
    votes::eligible_voters,
    votes::abstention,
    votes::proposer_votes_yes,
    votes::withdrawal,
    votes::phrase_lists,
    votes::first_letter,
    votes::transmutation_unanimity,
    votes::nomitron_tiebreak,
    proposals::numbering,
    proposals::renumber_on_amend,
    proposals::resubmission_per_turn,
    proposals::reproposal_limit,
    play::dice_at_turn_end,
    play::scores_reset_each_turn,
    play::points_for_voting_against,
    play::first_to_points,
    play::last_survivors,
    play::inactivity_criteria,
    play::inactivity_deadline,
    play::judge_selection,
    play::judgment_extension,
    play::one_queued_proposal,
    play::queue_order,
    play::declared_inactivity,
    play::bot_players,
    play::joining,
    play::joining_seat,
];

/// The parameters a ruleset states, and what it states that nothing models.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recognition {
    /// The parameters in force: each recognised value with its rule, the
    /// engine's default elsewhere.
    pub params: Params,
    /// For each rule some recogniser read: the parameters it set.
    pub modelled: Vec<(u32, Vec<ParamKey>)>,
    /// Rules no recogniser read.
    pub unmodelled: Vec<u32>,
    /// Sentences whose values cannot apply (the parameter keeps its value).
    pub unapplicable: Vec<Unapplicable>,
}

/// What one rule's text says, as typed parameter values.
pub fn recognise_text(text: &str) -> Found {
    let normal = text::normalise(text);
    let mut found = Found::default();
    for recogniser in RECOGNISERS {
        recogniser(&normal, text, &mut found);
    }
    found
}

/// Runs every recogniser over every rule, in ascending rule number: where
/// two rules set the same parameter the later one (which in the seeds is the
/// one that says it supersedes the earlier) wins.
pub fn recognise(ruleset: &Ruleset) -> Recognition {
    let mut params = Params::default();
    let mut modelled = Vec::new();
    let mut unmodelled = Vec::new();
    let mut unapplicable = Vec::new();
    let mut rules: Vec<_> = ruleset.rules.iter().collect();
    rules.sort_by_key(|rule| rule.number);
    for rule in rules {
        let found = recognise_text(&rule.text);
        if found.is_empty() {
            unmodelled.push(rule.number);
            continue;
        }
        let from = Provenance::Rule {
            number: rule.number,
            revision: rule.revision,
        };
        let mut keys = Vec::new();
        for setting in found.settings {
            let key = setting.key();
            params.apply(setting, from.clone());
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        unapplicable.extend(
            found
                .unapplicable
                .into_iter()
                .map(|(sentence, why)| Unapplicable {
                    rule: rule.number,
                    sentence,
                    why,
                }),
        );
        modelled.push((rule.number, keys));
    }
    Recognition {
        params,
        modelled,
        unmodelled,
        unapplicable,
    }
}

#[cfg(test)]
mod tests;
