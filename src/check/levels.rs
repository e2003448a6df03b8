//! How serious each kind of finding is in one run of `nomic check`, as
//! linters set it: `--allow CODE`, `--warn CODE`, `--deny CODE` (a code,
//! `N703`, or its name, `missing-blank-line`), `--deny warnings`, and the
//! same lists in the `[check]` table of `nomic.toml`.
//!
//! A level set for a code wins over `--deny warnings`; a later setting of
//! the same code wins over an earlier one (the command line comes after
//! `nomic.toml`).

use crate::diagnostic::{Code, Diagnostic, DiagnosticCode, Severity};
use serde::Deserialize;
use std::collections::BTreeMap;

/// What a run does with the findings of one code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Not reported at all.
    Allow,
    /// Reported as a warning.
    Warn,
    /// Reported as an error.
    Deny,
}

impl Level {
    fn flag(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Deny => "deny",
        }
    }
}

/// A level that cannot be set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LevelError {
    /// Neither a code nor a name of one.
    #[error("`{0}` is not a finding code or name (`nomic check --explain` lists them)")]
    Unknown(String),
    /// `warnings` named with another level than `deny`.
    #[error("`warnings` can only be denied (`--deny warnings`), not set to {}", .0.flag())]
    Warnings(Level),
    /// The `[check]` table of a `nomic.toml` is not lists of codes.
    #[error("[check] of {file}: {message}")]
    Table {
        /// The file that holds the table.
        file: String,
        /// What is wrong with it.
        message: String,
    },
}

/// The levels of one run: those set for codes, and `--deny warnings`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Levels {
    codes: BTreeMap<Code, Level>,
    deny_warnings: bool,
}

/// The `[check]` table as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    #[serde(default)]
    allow: Vec<String>,
    #[serde(default)]
    warn: Vec<String>,
    #[serde(default)]
    deny: Vec<String>,
}

impl Levels {
    /// Sets `what` (a code, its name, or `warnings` for `deny`) to `level`.
    pub(crate) fn set(&mut self, level: Level, what: &str) -> Result<(), LevelError> {
        if what == "warnings" {
            if level != Level::Deny {
                return Err(LevelError::Warnings(level));
            }
            self.deny_warnings = true;
            return Ok(());
        }
        let code = Code::from_code(what).ok_or_else(|| LevelError::Unknown(what.to_string()))?;
        self.codes.insert(code, level);
        Ok(())
    }

    /// Sets every code of the lists, `allow` first, then `warn`, then `deny`.
    pub fn set_all<'a>(
        &mut self,
        allow: impl IntoIterator<Item = &'a str>,
        warn: impl IntoIterator<Item = &'a str>,
        deny: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), LevelError> {
        for (level, names) in [
            (Level::Allow, allow.into_iter().collect::<Vec<_>>()),
            (Level::Warn, warn.into_iter().collect()),
            (Level::Deny, deny.into_iter().collect()),
        ] {
            for name in names {
                self.set(level, name)?;
            }
        }
        Ok(())
    }

    /// Adds the `[check]` table of a `nomic.toml` named `file` whose text
    /// is `text`; a file without the table sets nothing.
    pub fn add_toml(&mut self, file: &str, text: &str) -> Result<(), LevelError> {
        let table_error = |message: String| LevelError::Table {
            file: file.to_string(),
            message,
        };
        let whole: toml::Table = toml::from_str(text).map_err(|e| table_error(e.to_string()))?;
        let Some(check) = whole.get("check") else {
            return Ok(());
        };
        let table: Table = check
            .clone()
            .try_into()
            .map_err(|e: toml::de::Error| table_error(e.message().to_string()))?;
        self.set_all(
            table.allow.iter().map(String::as_str),
            table.warn.iter().map(String::as_str),
            table.deny.iter().map(String::as_str),
        )
    }

    /// The level set for `code`, if one is.
    pub(crate) fn level(&self, code: Code) -> Option<Level> {
        self.codes.get(&code).copied()
    }

    /// Drops the allowed findings and gives the others their level's
    /// severity; errors of readers (not findings) are kept as they are.
    pub fn apply(&self, findings: &mut Vec<Diagnostic>) {
        findings.retain_mut(|finding| {
            let DiagnosticCode::Finding(code) = finding.code else {
                return true;
            };
            match self.level(code) {
                Some(Level::Allow) => return false,
                Some(Level::Warn) => finding.severity = Severity::Warning,
                Some(Level::Deny) => finding.severity = Severity::Error,
                None if self.deny_warnings && finding.severity == Severity::Warning => {
                    finding.severity = Severity::Error;
                }
                None => {}
            }
            true
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings() -> Vec<Diagnostic> {
        [
            Code::MissingBlankLine,
            Code::IrregularWrap,
            Code::DanglingReference,
        ]
        .into_iter()
        .map(|code| Diagnostic::new(code, code.severity(), "m", 0..1))
        .chain([Diagnostic::new("parse", Severity::Error, "p", 0..0)])
        .collect()
    }

    #[test]
    fn codes_and_names_set_levels_and_allowed_findings_are_dropped() {
        let mut levels = Levels::default();
        levels.set(Level::Allow, "N703").unwrap();
        levels.set(Level::Warn, "dangling-reference").unwrap();
        let mut found = findings();
        levels.apply(&mut found);
        let got: Vec<(String, Severity)> = found
            .iter()
            .map(|f| (f.code.to_string(), f.severity))
            .collect();
        assert_eq!(
            got,
            [
                ("N706".to_string(), Severity::Warning),
                ("N401".to_string(), Severity::Warning),
                ("parse".to_string(), Severity::Error),
            ]
        );
    }

    #[test]
    fn a_code_set_to_warn_stays_a_warning_under_deny_warnings() {
        let mut levels = Levels::default();
        levels.set_all(["N401"], ["N703"], ["warnings"]).unwrap();
        let mut found = findings();
        levels.apply(&mut found);
        let severities: Vec<Severity> = found.iter().map(|f| f.severity).collect();
        assert_eq!(
            severities,
            [Severity::Warning, Severity::Error, Severity::Error]
        );
    }

    #[test]
    fn unknown_codes_and_warnings_at_other_levels_are_refused() {
        let mut levels = Levels::default();
        assert_eq!(
            levels.set(Level::Allow, "N999"),
            Err(LevelError::Unknown("N999".to_string()))
        );
        assert_eq!(
            levels.set(Level::Allow, "warnings"),
            Err(LevelError::Warnings(Level::Allow))
        );
    }

    #[test]
    fn the_check_table_of_nomic_toml_sets_levels_and_other_keys_are_left_alone() {
        let mut levels = Levels::default();
        let text = "rule = \"## {id}\"\n[check]\nallow = [\"irregular-wrap\"]\ndeny = [\"N703\"]\n";
        levels.add_toml("nomic.toml", text).unwrap();
        assert_eq!(levels.level(Code::IrregularWrap), Some(Level::Allow));
        assert_eq!(levels.level(Code::MissingBlankLine), Some(Level::Deny));
        let bad = "[check]\nallw = [\"N703\"]\n";
        let err = levels.add_toml("nomic.toml", bad).unwrap_err();
        assert!(err.to_string().contains("unknown field `allw`"), "{err}");
        let mut none = Levels::default();
        none.add_toml("nomic.toml", "rule = \"x\"\n").unwrap();
        assert_eq!(none, Levels::default());
    }
}
