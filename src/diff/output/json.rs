//! `--format json`: the diff itself, for tools.
//!
//! `{"changes": [...]}`, one object per change in rule order, each with
//! `kind` and `rule` (`from` and `to` for a renumbering; no rule for the
//! title) and the details of its kind. Amended rules carry `revision`
//! (`old`, `new`) and `words`: runs `{"op": "equal"|"removed"|"added",
//! "text": ...}` that spell the old text without the added runs and the new
//! text without the removed ones.

use crate::diff::RulesetDiff;

/// The diff as pretty-printed JSON, ending with a newline.
pub fn render(diff: &RulesetDiff) -> String {
    let mut out = serde_json::to_string_pretty(diff).expect("a diff serializes");
    out.push('\n');
    out
}
