use super::power::Power;
use serde::{Deserialize, Serialize};

/// An Agora proposal, as the Rulekeepor's `proposals/` folder records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// The number as written: usually digits (`8251`), sometimes not
    /// (`01-003`, `7729 #1`).
    pub number: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The title (`Ruleset definition`), when recorded.
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The author, under the name they now go by.
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Coauthors, in order, under their current names.
    pub coauthors: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The proposal's power, as written.
    pub power: Option<Power>,
    /// The chamber (`green`, `purple`, …) of the proposal's class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chamber: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    /// Whether the proposal was disinterested (`[disi.]`).
    pub disinterested: bool,
}

impl Proposal {
    /// The number as an integer when it is one.
    pub fn numeric(&self) -> Option<u32> {
        self.number.parse().ok()
    }

    /// Author then coauthors, in order.
    pub fn authors(&self) -> Vec<String> {
        self.author
            .iter()
            .cloned()
            .chain(self.coauthors.iter().cloned())
            .collect()
    }
}
