//! The ruleset model: plain data that owns the meaning of a ruleset.
//!
//! Every other module reads or produces these types; none of them is
//! referenced from here. Meaning (numbers, texts, history) and layout (the
//! exact bytes a rule was read from) live side by side so that renderers can
//! re-emit untouched rules byte for byte while the meaning stays clean.

mod agora;
mod agora_change;
mod agora_date;
mod annotation;
mod category;
mod dialect;
mod format;
mod history;
pub mod identifier;
mod judgment;
mod layout;
mod power;
mod proposal;
mod rule;
mod ruleset;
mod synthetic;
mod text_shape;

pub use agora::{
    irregular_breaks, printed_breaks, AgoraEntry, AgoraRule, AgoraRuleset, AGORA_WRAP_WIDTH,
};
pub use agora_change::{Agent, AgoraChange, ChangeKind, ProposalRef};
pub use agora_date::{AgoraDate, AGORA_BIRTH};
pub use annotation::{Annotation, CfjCitation};
pub use category::Category;
pub use dialect::{Dialect, GroupHeading, IdShape, Identifiers};
pub use format::{Format, UnknownFormat};
pub use history::{Change, Date, HistoryEntry, HistoryKind, RoundTurn};
pub use judgment::Judgment;
pub use layout::{DocumentLayout, LayoutQuirk, LineEnding, QuirkKind, RuleLayout};
pub use power::Power;
pub use proposal::Proposal;
pub use rule::{Mutability, Rule};
pub use ruleset::Ruleset;
pub use synthetic::synthetic_ruleset;
pub use text_shape::{
    is_hard_break, last_line_needs_break_mark, looks_preformatted, looks_tabular, opens_list_item,
    word_width, wrap_ends, wrap_words, HARD_BREAK_MARK, HARD_BREAK_SLACK, LONE_WORD, WRAP_WIDTH,
};
