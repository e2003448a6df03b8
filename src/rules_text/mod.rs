//! What the rules' sentences say, read once. Rule text is normalised here
//! (case, quotes, Markdown emphasis, spacing) and the sentences more than
//! one part of the toolchain acts on are recognised here, so `amend` (which
//! numbers amended rules) and `engine` (which simulates the same rules)
//! cannot read one sentence two ways. Depends only on the model.

pub(crate) mod text;

use crate::model::Ruleset;

/// Nomic I rule 108: "If a rule is amended or transmuted, it receives the
/// number of the proposal to amend or transmute it." Read from normalised
/// text, so emphasis (`*amended*`) and line breaks do not hide it.
const RENUMBER_SENTENCE: &str =
    "if a rule is amended or transmuted, it receives the number of the proposal";

/// Whether a rule's text says amended and transmuted rules take the number
/// of the proposal that changed them.
pub(crate) fn declares_renumbering(text: &str) -> bool {
    text::normalise(text).contains(RENUMBER_SENTENCE)
}

/// [`declares_renumbering`] for an already normalised text.
pub(crate) fn declares_renumbering_normal(normal: &str) -> bool {
    normal.contains(RENUMBER_SENTENCE)
}

/// Nomic IV rule 308: "By default rules created from temporary rules ...
/// are numbered 600's and above." The number such rules start from, if a
/// rule of the ruleset says so: a sentence that names rules created from
/// temporary rules and says they are `numbered N('s) and above`.
pub(crate) fn temporary_rule_floor(ruleset: &Ruleset) -> Option<u32> {
    ruleset.rules.iter().find_map(|rule| {
        let normal = text::normalise(&rule.text);
        normal
            .split_terminator(['.', ';'])
            .filter(|sentence| sentence.contains("created from temporary rules"))
            .find_map(|sentence| {
                let at = sentence.find("numbered ")?;
                let rest = &sentence[at..];
                let floor = text::number_after(rest, "numbered ")?;
                rest.contains("and above").then_some(floor)
            })
    })
}

/// Whether any rule of the ruleset declares renumbering.
pub(crate) fn ruleset_declares_renumbering(ruleset: &Ruleset) -> bool {
    ruleset
        .rules
        .iter()
        .any(|rule| declares_renumbering(&rule.text))
}

#[cfg(test)]
mod tests;
