//! Dialects: the rulesets of other communities, read through a small
//! declarative description of their layout ([`Dialect`], the model, lives in
//! `model` because it travels in the document layout), or through one
//! inferred from the file.
//!
//! - `template`: one rule template (`## {id} - {title}`) matches a rule's
//!   first line and writes it back;
//! - `ident`: identifier shapes (integers, negatives, Roman numerals, `UC1`);
//! - `reader`: reads a file in a dialect, losslessly;
//! - `infer`: finds the dialect of a file with no dialect file;
//! - `contents`: rules whose identifiers are only in a table of contents;
//! - `body`, `end_matter`: where a rule's body ends (separators, history,
//!   the end matter after the last rule);
//! - `tree`: the gutter of a tree drawing's rules, which is layout;
//! - `folder`: one rule per file;
//! - `syntax`: a dialect file's TOML or YAML, with located errors.

mod body;
mod combine;
mod contents;
mod describe;
mod end_matter;
mod folder;
mod folder_write;
mod group;
pub(crate) mod ident;
mod infer;
mod reader;
mod start;
mod syntax;
mod template;
mod title;
pub(crate) mod tree;

pub(crate) use crate::model::Dialect;
pub use folder::{folder_ruleset, read_folder, write_folder, FolderError, FolderRule, FolderWrite};
pub(crate) use folder::{is_rule_file_name, rule_id};
pub use infer::{candidates, infer, Candidate, InferError};
pub(crate) use reader::read;
pub(crate) use reader::underline_char;
pub(crate) use syntax::SyntaxError;
pub(crate) use template::{Fields, Template, TemplateError, TextStart};

use std::path::{Path, PathBuf};

/// The name of the dialect file looked for beside a ruleset.
pub const DIALECT_FILE: &str = "nomic.toml";

/// The table of a `nomic.toml` that pins the published style, not a part
/// of the dialect (docs/render.md).
pub use syntax::STYLE_TABLE;

/// A dialect file that cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DialectError {
    /// The file cannot be read.
    #[error("cannot read dialect file {path}: {source}")]
    Io {
        /// The dialect file.
        path: PathBuf,
        /// Why it cannot be read.
        source: std::io::Error,
    },
    /// Not a dialect in TOML (or YAML): bad syntax, an unknown field, a
    /// value of the wrong type.
    #[error("dialect file {path}: {source}")]
    Syntax {
        /// The dialect file.
        path: PathBuf,
        /// Its text, which the error's span indexes.
        text: String,
        /// What the reader found, and where.
        source: SyntaxError,
    },
    /// Its rule template cannot be used.
    #[error("dialect file {path}: {source}")]
    Template {
        /// The dialect file.
        path: PathBuf,
        /// What is wrong with the template.
        source: TemplateError,
    },
}

/// Reads a dialect file: YAML for `.yaml`/`.yml`, TOML otherwise.
pub fn load(path: &Path) -> Result<Dialect, DialectError> {
    let text = std::fs::read_to_string(path).map_err(|source| DialectError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let yaml = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"));
    let read = if yaml {
        syntax::from_yaml(&text)
    } else {
        syntax::from_toml(&text)
    };
    let dialect = match read {
        Ok(dialect) => dialect,
        Err(source) => {
            return Err(DialectError::Syntax {
                path: path.to_path_buf(),
                text,
                source,
            })
        }
    };
    Template::of(&dialect).map_err(|source| DialectError::Template {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(dialect)
}

/// The dialect file beside a ruleset (`nomic.toml` in its folder), if any
/// and if it holds a dialect (not only `[check]` or `[style]` tables).
pub fn beside(ruleset: &Path) -> Option<PathBuf> {
    let path = config_beside(ruleset)?;
    let yaml = path.extension().is_some_and(|e| e != "toml");
    match std::fs::read_to_string(&path) {
        Ok(text) if !yaml && !syntax::holds_dialect(&text) => None,
        _ => Some(path),
    }
}

/// `nomic.toml` in a ruleset's folder, if there is one.
pub fn config_beside(ruleset: &Path) -> Option<PathBuf> {
    let folder = ruleset.parent().unwrap_or(Path::new(""));
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    Some(folder.join(DIALECT_FILE)).filter(|path| path.is_file())
}

/// A dialect as a TOML dialect file.
pub fn to_toml(dialect: &Dialect) -> String {
    toml::to_string(dialect).expect("a dialect serializes to TOML")
}

/// A dialect as a YAML dialect file.
pub fn to_yaml(dialect: &Dialect) -> String {
    serde_norway::to_string(dialect).expect("a dialect serializes to YAML")
}

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
