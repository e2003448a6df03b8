use super::agora_date::AgoraDate;
use serde::{Deserialize, Serialize};

/// A court ruling noted under a rule: `CFJ 1104 (called 20 Aug 1998): ...`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Annotation {
    /// The CFJs the annotation names (`CFJ 1104`, `CFJs 1911-1914`), in order.
    pub cfjs: Vec<CfjCitation>,
    /// The finding, unwrapped (one line).
    pub text: String,
    /// Layout, not meaning: where the printed annotation broke, when not
    /// where Agora's program breaks it (see [`crate::model::printed_breaks`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub breaks: Option<Vec<usize>>,
}

/// One CFJ an annotation names.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CfjCitation {
    /// The number as written: `1104`, or a range `1911-1914`.
    pub number: String,
    /// When the CFJ was called, if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub called: Option<AgoraDate>,
}
