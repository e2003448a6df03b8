//! `nomic lsp` driven in process through its JSON-RPC messages, on an
//! md-long and a txt-long ruleset with proposals beside them
//! (tests/fixtures/lsp), Agora's published FLR and a dialect.

mod client;
mod features;
mod protocol;
