//! Amend: apply adopted proposals to a ruleset (new texts, revisions,
//! mutability, history entries in the ruleset's own style) and renumber
//! rules together with every citation of them.
//!
//! Proposal files follow the grammar in `docs/amend.md`.

mod agora;
mod apply;
mod citations;
mod conflicts;
mod error;
mod grammar;
mod layout_patch;
mod numbering;
mod order;
mod proposal;
mod renumber;

pub use apply::{apply, Applied, ApplyOptions, Links};
pub(crate) use grammar::looks_like_proposals;
pub use grammar::{parse_proposals, ProposalError};
pub use numbering::Numbering;
pub use proposal::{Operation, OperationKind, Proposal};
pub use renumber::renumber;
