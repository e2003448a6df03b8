//! `nomic lsp`: a language server for rule files and proposal files.
//!
//! The server is synchronous: one loop reads the client's messages and
//! answers each in turn ([`serve`]). Every answer comes from the library:
//! `check`'s findings, `refs`' citations, `amend`'s refusals and
//! renumbering, the canonical form of `fmt`. A document is read once per
//! version it is given in ([`document`]); requests answer from what was
//! read. Over standard input and output ([`serve_stdio`]) a message that is
//! not JSON-RPC is answered with an error, and reading goes on.

mod actions;
mod completion;
mod diagnostics;
mod document;
mod edits;
mod folding;
mod formatting;
mod hover;
mod lens;
mod navigation;
mod position;
mod rename;
mod server;
mod symbols;
mod target;
mod transport;
mod workspace;

pub use server::serve;
pub use transport::{serve_stdio, serve_streams};

/// Why the server stopped other than by the client's `exit`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LspError {
    /// The client went away without `shutdown` and `exit`.
    #[error("the client closed the connection without shutting the server down")]
    Disconnected,
    /// Standard output could not be written.
    #[error("cannot write to the client: {0}")]
    Io(#[from] std::io::Error),
}

/// Why a request was refused: said to the client as the error's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Refusal(pub(crate) String);
