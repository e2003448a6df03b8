use super::agora::AgoraRuleset;
use super::history::HistoryEntry;
use super::layout::DocumentLayout;
use super::rule::Rule;
use serde::{Deserialize, Serialize};

/// A whole ruleset: a title and its rules, in file order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruleset {
    /// The ruleset's title (`NOMIC IV RULESET`), without heading markup.
    pub title: String,
    /// The rules in file order.
    pub rules: Vec<Rule>,
    /// How the file was laid out, when the ruleset was read from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<DocumentLayout>,
    /// Categories, proposals and page skeletons of an Agora ruleset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agora: Option<AgoraRuleset>,
}

impl Ruleset {
    /// A ruleset with no layout and no Agora data.
    pub fn new(title: impl Into<String>, rules: Vec<Rule>) -> Ruleset {
        Ruleset {
            title: title.into(),
            rules,
            layout: None,
            agora: None,
        }
    }

    /// The rule with that number, if any.
    pub fn rule(&self, number: u32) -> Option<&Rule> {
        self.rules.iter().find(|rule| rule.number == number)
    }

    /// The rule with that number, if any, to change it.
    pub fn rule_mut(&mut self, number: u32) -> Option<&mut Rule> {
        self.rules.iter_mut().find(|rule| rule.number == number)
    }

    /// The same ruleset with every piece of layout dropped: meaning only.
    pub fn without_layout(&self) -> Ruleset {
        Ruleset {
            title: self.title.clone(),
            rules: self
                .rules
                .iter()
                .map(|rule| Rule {
                    number: rule.number,
                    id: rule.id.clone(),
                    title: rule.title.clone(),
                    revision: rule.revision,
                    mutability: rule.mutability.clone(),
                    text: rule.text.clone(),
                    history: rule.history.iter().map(without_breaks).collect(),
                    judgments: rule.judgments.clone(),
                    // Not cloned only to be dropped: a rule's layout holds its source.
                    layout: None,
                    agora: rule.agora.as_ref().map(|agora| {
                        let mut agora = agora.clone();
                        for annotation in &mut agora.annotations {
                            annotation.breaks = None;
                        }
                        agora
                    }),
                })
                .collect(),
            layout: None,
            agora: self.agora.clone(),
        }
    }

    /// [`Ruleset::without_layout`], taking the ruleset: nothing is copied.
    #[must_use]
    pub fn into_without_layout(mut self) -> Ruleset {
        self.layout = None;
        self.rules = self
            .rules
            .into_iter()
            .map(Rule::into_without_layout)
            .collect();
        self
    }

    /// The highest proposal number any history entry names.
    pub fn highest_proposal(&self) -> Option<u32> {
        self.rules
            .iter()
            .flat_map(|rule| &rule.history)
            .filter_map(|entry| entry.proposal)
            .max()
    }
}

/// A history entry without the printed line's breaks (layout).
fn without_breaks(entry: &HistoryEntry) -> HistoryEntry {
    let mut entry = entry.clone();
    if let Some(agora) = entry.agora.as_mut() {
        agora.breaks = None;
    }
    entry
}
