//! What the rules' sentences say, read once. Rule text is normalised here
//! (case, quotes, Markdown emphasis, spacing) and the sentences more than
//! one part of the toolchain acts on are recognised here, so `amend` (which
//! numbers amended rules) and `engine` (which simulates the same rules)
//! cannot read one sentence two ways. Depends only on the model.

pub mod text;

use crate::model::Ruleset;

/// Nomic I rule 108: "If a rule is amended or transmuted, it receives the
/// number of the proposal to amend or transmute it." Read from normalised
/// text, so emphasis (`*amended*`) and line breaks do not hide it.
const RENUMBER_SENTENCE: &str =
    "if a rule is amended or transmuted, it receives the number of the proposal";

/// Whether a rule's text says amended and transmuted rules take the number
/// of the proposal that changed them.
pub fn declares_renumbering(text: &str) -> bool {
    text::normalise(text).contains(RENUMBER_SENTENCE)
}

/// [`declares_renumbering`] for an already normalised text.
pub(crate) fn declares_renumbering_normal(normal: &str) -> bool {
    normal.contains(RENUMBER_SENTENCE)
}

/// Whether any rule of the ruleset declares renumbering.
pub fn ruleset_declares_renumbering(ruleset: &Ruleset) -> bool {
    ruleset
        .rules
        .iter()
        .any(|rule| declares_renumbering(&rule.text))
}

#[cfg(test)]
mod tests;
