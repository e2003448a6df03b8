use super::power::Power;
use super::proposal::Proposal;
use serde::{Deserialize, Serialize};

/// One change of an Agora rule's history, as its source records it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AgoraChange {
    /// What changed.
    pub kind: ChangeKind,
    /// Who or what made the change; `None` where the record names nobody.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<Agent>,
}

/// The kinds of change Agora's history records.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum ChangeKind {
    /// One of the rules Agora began with: `Initial immutable rule 101`.
    Initial {
        /// `mutable` or `immutable`, as written.
        mutability: String,
        /// The rule's identifier as written (`101`).
        id: String,
    },
    /// `Enacted`: a new rule.
    Enactment {
        /// The power the rule was enacted at, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<Power>,
        /// The mutability index it was enacted with (`MI=1`), if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mi: Option<String>,
    },
    /// `Amended(13)`; an uncounted one prints `Amended` and does not raise
    /// the revision.
    Amendment {
        /// Whether the amendment is one the record does not count.
        uncounted: bool,
    },
    /// `Infected and amended(N)`: counted like an amendment.
    InfectionAmendment,
    /// `Null-amended(N)`: counted, though the text stays the same.
    NullAmendment,
    /// `Repealed`.
    Repeal,
    /// `Re-enacted(N)`, optionally `at Power=P` and `and amended`.
    Reenactment {
        /// The power it was re-enacted at, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<Power>,
        /// Whether it came back without amendment (no `and amended`).
        unchanged: bool,
    },
    /// `Power changed from P to Q`; either side may be unrecorded.
    PowerChange {
        /// The power before, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        old: Option<Power>,
        /// The power after, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        new: Option<Power>,
    },
    /// `Retitled from 'A' to 'B'`; either side may be unrecorded.
    Retitling {
        /// The title before, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        old: Option<String>,
        /// The title after, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        new: Option<String>,
        /// A new title the source writes as `new-name`: the Rulekeepor's
        /// program does not print it (`Retitled by ...`), so neither does nomic.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        new_name: Option<String>,
    },
    /// A change of mutability index: `Mutated from MI=1 to MI=2`.
    Mutation {
        /// The mutability index before, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        old: Option<String>,
        /// The mutability index after, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        new: Option<String>,
    },
    /// `Renumbered`; the numbers are kept though the record does not print them.
    Renumbering {
        /// The identifier before, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        old: Option<String>,
        /// The identifier after, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        new: Option<String>,
    },
    /// `Assigned to the Committee`: the rule was given to a committee.
    CommitteeAssignment {
        /// The committee's name, as printed after `Assigned to the`.
        committee: String,
    },
    /// `Infected`.
    Infection,
}

impl ChangeKind {
    /// Whether the change raises the revision number.
    pub fn counted(&self) -> bool {
        matches!(
            self,
            ChangeKind::Amendment { uncounted: false }
                | ChangeKind::InfectionAmendment
                | ChangeKind::NullAmendment
                | ChangeKind::Reenactment { .. }
        )
    }

    /// The effect as Agora prints it, `revision` being the revision this
    /// change makes (used by counted changes only).
    pub fn effect(&self, revision: u32) -> String {
        match self {
            ChangeKind::Initial { mutability, id } => format!("Initial {mutability} rule {id}"),
            ChangeKind::Enactment { .. } => "Enacted".to_string(),
            ChangeKind::Amendment { uncounted: true } => "Amended".to_string(),
            ChangeKind::Amendment { uncounted: false } => format!("Amended({revision})"),
            ChangeKind::InfectionAmendment => format!("Infected and amended({revision})"),
            ChangeKind::NullAmendment => format!("Null-amended({revision})"),
            ChangeKind::Repeal => "Repealed".to_string(),
            ChangeKind::Reenactment { power, unchanged } => {
                let power = power
                    .as_ref()
                    .map_or(String::new(), |p| format!(" at Power={p}"));
                let amended = if *unchanged { "" } else { " and amended" };
                format!("Re-enacted({revision}){power}{amended}")
            }
            ChangeKind::PowerChange { old, new } => format!(
                "Power changed{}{}",
                old.as_ref().map_or(String::new(), |p| format!(" from {p}")),
                new.as_ref().map_or(String::new(), |p| format!(" to {p}"))
            ),
            ChangeKind::Retitling { old, new, .. } => format!(
                "Retitled{}{}",
                old.as_ref()
                    .map_or(String::new(), |t| format!(" from '{t}'")),
                new.as_ref().map_or(String::new(), |t| format!(" to '{t}'"))
            ),
            ChangeKind::Mutation { old, new } => format!(
                "Mutated{}{}",
                old.as_ref()
                    .map_or(String::new(), |m| format!(" from MI={m}")),
                new.as_ref()
                    .map_or(String::new(), |m| format!(" to MI={m}"))
            ),
            ChangeKind::Renumbering { .. } => "Renumbered".to_string(),
            ChangeKind::CommitteeAssignment { committee } => format!("Assigned to the {committee}"),
            ChangeKind::Infection => "Infected".to_string(),
        }
    }
}

/// Who or what made a change.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Agent {
    /// A proposal, with what the proposals folder says of it.
    Proposal(ProposalRef),
    /// Another rule: `R1454`.
    Rule {
        /// The rule's identifier, as the source gives it.
        number: String,
    },
    /// A cleaning by the Rulekeepor: `cleaning (Kate)`.
    Cleaning {
        /// The Rulekeepor who cleaned, if named.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    /// A refiling: `refiling (Aris)`.
    Refiling {
        /// Who refiled, if named.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    /// Ratification of a document: `SLR ratification`.
    Ratification {
        /// Which document was ratified (`SLR`).
        document: String,
        /// Who or what ratified it, if recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Box<Agent>>,
    },
    /// A convergence another agent caused.
    Convergence {
        /// The agent whose act caused the convergence.
        cause: Box<Agent>,
    },
    /// A rules experiment (`id`, its engineer).
    Experiment {
        /// The experiment's identifier.
        id: String,
        /// The person who ran the experiment.
        engineer: String,
    },
    /// A decree given by a person.
    /// The person who decreed it.
    Decree {
        /// The person who gave the decree.
        by: String,
    },
}

/// A proposal as a history entry names it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ProposalRef {
    /// The number as written.
    pub number: String,
    /// The title, from the proposals folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Author then coauthors (names as currently known).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub authors: Vec<String>,
    /// The chamber of the proposal's class (`green`, `purple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chamber: Option<String>,
    /// Whether it was disinterested (`disi.`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disinterested: bool,
}

impl ProposalRef {
    /// The reference to `number`, filled from the proposal when known.
    pub fn new(number: &str, proposal: Option<&Proposal>) -> ProposalRef {
        ProposalRef {
            number: number.to_string(),
            title: proposal.and_then(|p| p.title.clone()),
            authors: proposal.map(Proposal::authors).unwrap_or_default(),
            chamber: proposal.and_then(|p| p.chamber.clone()),
            disinterested: proposal.is_some_and(|p| p.disinterested),
        }
    }
}

impl Agent {
    /// The agent as Agora prints it after `by`.
    pub fn cause(&self) -> String {
        match self {
            Agent::Proposal(p) => {
                let mut out = format!("P{}", p.number);
                if let Some(title) = &p.title {
                    out.push_str(&format!(" '{title}'"));
                }
                let tags: Vec<&str> = p
                    .chamber
                    .as_deref()
                    .into_iter()
                    .chain(p.disinterested.then_some("disi."))
                    .collect();
                if !tags.is_empty() {
                    out.push_str(&format!(" [{}]", tags.join(", ")));
                }
                if !p.authors.is_empty() {
                    out.push_str(&format!(" ({})", p.authors.join(", ")));
                }
                out
            }
            Agent::Rule { number } => format!("R{number}"),
            Agent::Cleaning { by } => with_person("cleaning", by.as_deref()),
            Agent::Refiling { by } => with_person("refiling", by.as_deref()),
            Agent::Ratification { document, .. } => format!("{document} ratification"),
            Agent::Convergence { cause } => {
                format!("a convergence caused by {}", cause.cause())
            }
            Agent::Experiment { id, engineer } => {
                format!("Rules Experiment {id} (engineer {engineer})")
            }
            Agent::Decree { by } => format!("decree given by {by}"),
        }
    }

    /// The proposal number when the agent is a numbered proposal.
    pub fn proposal_number(&self) -> Option<u32> {
        match self {
            Agent::Proposal(p) => p.number.parse().ok(),
            _ => None,
        }
    }
}

fn with_person(what: &str, person: Option<&str>) -> String {
    match person {
        Some(person) => format!("{what} ({person})"),
        None => what.to_string(),
    }
}
