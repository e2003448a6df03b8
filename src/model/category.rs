use serde::{Deserialize, Serialize};

/// A category of Agora's index: rules are filed under one, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    /// The name, printed above the category's rules.
    pub name: String,
    /// The note printed under the name, as written (already wrapped).
    pub note: String,
    /// The category's place in the index, from 0.
    pub order: usize,
    /// The numbers of the rules filed under it, in order.
    pub rules: Vec<u32>,
}
