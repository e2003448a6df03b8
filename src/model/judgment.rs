use super::history::Date;
use serde::{Deserialize, Serialize};

/// A Judge's ruling recorded under a rule:
/// `*"Regulated" means ... (Coconutpies), Jun 6, 2020 (R1T3)*`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Judgment {
    /// The ruling itself, without the judge, date and round.
    pub text: String,
    /// The Judge who ruled, written in parentheses after the ruling.
    pub judge: Option<String>,
    /// The date of the ruling.
    pub date: Option<Date>,
    /// The round of `(R1T3)`.
    pub round: Option<u32>,
    /// The turn of `(R1T3)`.
    pub turn: Option<u32>,
    /// The line's original text, without the italics.
    pub source: String,
}
