//! The files of an Agora source folder, and what reading them found.

use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// The text files of a rules directory (`rules_data/` beside
/// `name_replacement_data`), by path relative to the folder, `/`-separated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceFiles {
    /// Path → text.
    pub files: BTreeMap<String, String>,
}

/// The folders and files [`SourceFiles::load`] reads.
const WANTED: [&str; 3] = ["rules_data/", "name_replacement_data", "regs_data/"];

impl SourceFiles {
    /// Whether `dir` looks like an Agora source (it has `rules_data/config/index`).
    pub(crate) fn is_source(dir: &Path) -> bool {
        dir.join("rules_data")
            .join("config")
            .join("index")
            .is_file()
    }

    /// Reads every file under `dir` that the source is made of, each of at
    /// most `limit` bytes ([`crate::input::read`]).
    pub fn load(dir: &Path, limit: u64) -> Result<SourceFiles, SourceError> {
        // The folders are walked first (a folder that cannot be listed is
        // reported before any file); the files, thousands of small ones, are
        // then read on every core, the first failure in the walk's order the
        // one reported.
        let mut wanted = Vec::new();
        let mut stack = vec![PathBuf::new()];
        while let Some(relative) = stack.pop() {
            let path = dir.join(&relative);
            let entries = std::fs::read_dir(&path).map_err(|err| SourceError::io(&path, &err))?;
            for entry in entries {
                let entry = entry.map_err(|err| SourceError::io(&path, &err))?;
                let name = relative.join(entry.file_name());
                let key = name.to_string_lossy().replace('\\', "/");
                let file_type = entry
                    .file_type()
                    .map_err(|err| SourceError::io(&path, &err))?;
                if file_type.is_dir() {
                    if WANTED.iter().any(|w| {
                        format!("{key}/").starts_with(w) || w.starts_with(&format!("{key}/"))
                    }) {
                        stack.push(name);
                    }
                } else if WANTED.iter().any(|w| key.starts_with(w)) {
                    wanted.push((key, dir.join(&name)));
                }
            }
        }
        let read: Vec<Result<(String, String), SourceError>> = wanted
            .into_par_iter()
            .map(|(key, full)| {
                let text = read_text(&full, &key, limit)?;
                Ok((key, text))
            })
            .collect();
        let files = read.into_iter().collect::<Result<BTreeMap<_, _>, _>>()?;
        Ok(SourceFiles { files })
    }

    /// The text of one file.
    pub fn get(&self, path: &str) -> Option<&str> {
        self.files.get(path).map(String::as_str)
    }

    /// The files directly in a folder (`rules_data/rules`), by name.
    pub(crate) fn in_folder<'a>(
        &'a self,
        folder: &'a str,
    ) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        let prefix = format!("{folder}/");
        self.files.iter().filter_map(move |(path, text)| {
            let name = path.strip_prefix(&prefix)?;
            (!name.contains('/')).then_some((name, text.as_str()))
        })
    }
}

/// One file of the source (`key` its path in the source) as UTF-8 text.
fn read_text(full: &Path, key: &str, limit: u64) -> Result<String, SourceError> {
    let bytes = crate::input::read(full, limit).map_err(|err| SourceError::Io {
        path: full.display().to_string(),
        message: err.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|err| SourceError::Invalid {
        file: key.to_string(),
        line: 1,
        column: 1,
        message: format!("not UTF-8 (byte {})", err.utf8_error().valid_up_to()),
        help: "Agora's source files are UTF-8".to_string(),
    })
}

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The reader could read past it, but something is probably wrong.
    Warning,
    /// Part of the source is lost or misread.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// What kind of thing the reader found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// A file that holds no rule or proposal (empty or all comments).
    Empty,
    /// A file or value that cannot be read (YAML syntax, a bad id, power or
    /// change type).
    Unreadable,
    /// A date that does not exist.
    InvalidDate,
    /// A proposal file that records another number.
    ProposalNumber,
    /// A rule filed twice, two files for one rule, or an index entry
    /// without a rule.
    Filing,
}

/// Something the reader found in a file it could still read past.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SourceFinding {
    /// What was found.
    pub kind: FindingKind,
    /// How much it matters.
    pub severity: Severity,
    /// The file, relative to the source folder.
    pub file: String,
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when there is advice.
    pub help: Option<String>,
}

impl fmt::Display for SourceFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}:{}:{}: {}",
            self.severity, self.file, self.line, self.column, self.message
        )?;
        if let Some(help) = &self.help {
            write!(f, "\n  help: {help}")?;
        }
        Ok(())
    }
}

/// A source that cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// A file or folder of the source that could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The path that failed.
        path: String,
        /// The operating system's error.
        message: String,
    },
    /// The index every source has (`config/index`) is absent.
    #[error("{file}: the Agora source has no `{file}`")]
    Missing {
        /// The missing file, relative to the source folder.
        file: String,
    },
    /// A file that is not UTF-8, or whose YAML cannot be read.
    #[error("{file}:{line}:{column}: {message}\n  help: {help}")]
    Invalid {
        /// The file, relative to the source folder.
        file: String,
        /// The 1-based line.
        line: usize,
        /// The 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
        /// How to fix it.
        help: String,
    },
}

impl SourceError {
    fn io(path: &Path, err: &io::Error) -> SourceError {
        SourceError::Io {
            path: path.display().to_string(),
            message: err.to_string(),
        }
    }
}
