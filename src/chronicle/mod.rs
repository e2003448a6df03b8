//! The history of rules across git commits: what a rule said on a given
//! day, which version wrote a given clause, and when the rule last changed.
//!
//! A rule is kept in a file under git: a whole ruleset (any format nomic
//! reads, Agora's FLR too), one page a rule (`rules/md/203.md`), or Agora's
//! source folder (one YAML file a rule). [`history`] follows that file
//! through the commits that touched it (`git log --follow`, so through
//! renames), reads each committed copy with [`crate::parse`], and finds the
//! rule in it: by its identifier, else as the rule that [`crate::diff`]
//! pairs with it as renumbered. The commits that changed what the rule says
//! are its [`Version`]s; a commit that only re-wraps, re-indents or
//! re-formats makes none. [`blame`] attributes the words of the current text
//! to the versions that wrote them; [`version_at`] gives the rule as it
//! stood on a day or at a commit; [`output`] writes all three for people.
//!
//! Git is read through its command line (`git log`, one `git cat-file
//! --batch` for every copy): the one place the library runs a program.

mod blame;
mod copies;
mod git;
pub mod output;
mod versions;

pub use blame::{blame, Attribution, Blame, Span};
pub(crate) use git::GitError;
pub use versions::{
    history, history_of_copies, Cause, Commit, History, Keeping, UnreadCommit, Version,
};

use crate::model::{Date, Dialect};
use std::path::Path;

/// How committed copies are read.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// The dialect to read the copies in, when the file is read through one.
    pub dialect: Option<&'a Dialect>,
    /// The largest copy read, in bytes.
    pub limit: u64,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            dialect: None,
            limit: crate::input::DEFAULT_LIMIT,
        }
    }
}

/// Why a rule's history could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ChronicleError {
    /// Git failed or is missing.
    #[error(transparent)]
    Git(#[from] GitError),
    /// No commit holds the file.
    #[error("{path} has no committed history")]
    NoHistory {
        /// The file, relative to the repository's root.
        path: String,
    },
    /// The file at HEAD does not hold the rule.
    #[error("{path} at HEAD has no rule {rule}")]
    NoRule {
        /// The rule asked for.
        rule: String,
        /// The file, relative to the repository's root.
        path: String,
    },
    /// The file at HEAD cannot be read as a ruleset.
    #[error("{path} at HEAD cannot be read: {message}")]
    Unreadable {
        /// The file, relative to the repository's root.
        path: String,
        /// Why.
        message: String,
    },
    /// A folder holds no file of the rule.
    #[error("{folder} has no file of rule {rule}")]
    NoPage {
        /// The rule asked for.
        rule: String,
        /// The folder.
        folder: String,
    },
    /// A folder cannot be listed.
    #[error("cannot list {folder}: {message}")]
    Folder {
        /// The folder.
        folder: String,
        /// Why.
        message: String,
    },
    /// The rule had no version yet at the day or commit asked for.
    #[error("rule {rule} has no version at {at} in the history of {path}")]
    NotYet {
        /// The rule.
        rule: String,
        /// The day or commit asked for.
        at: String,
        /// The followed file.
        path: String,
    },
}

/// The version of the rule in force at `point`: a day (`YYYY-MM-DD`: the
/// last version of that day or before) or a commit (any revision git knows:
/// the last version the commit contains). `path` is the file or folder the
/// history was read from.
pub fn version_at<'h>(
    history: &'h History,
    path: &Path,
    point: &str,
) -> Result<&'h Version, ChronicleError> {
    let not_yet = || ChronicleError::NotYet {
        rule: history.rule.clone(),
        at: point.to_string(),
        path: history.path.clone(),
    };
    if let Some(day) = Date::parse_iso(point) {
        let day = day.to_string();
        return history
            .versions
            .iter()
            .rev()
            .find(|version| version.date <= day)
            .ok_or_else(not_yet);
    }
    let (repo, _) = git::Repo::containing(path)?;
    let commit = repo.resolve(point)?;
    let ancestry = repo.ancestry(&commit)?;
    history
        .versions
        .iter()
        .rev()
        .find(|version| ancestry.contains(&version.commit))
        .ok_or_else(not_yet)
}
