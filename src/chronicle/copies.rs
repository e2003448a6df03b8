//! Where a rule is kept, and a committed copy of that file read as a
//! ruleset: a whole ruleset, a rule page, or the rule's YAML file of Agora's
//! source folder (read alone, unfiled).

use super::versions::Keeping;
use super::{ChronicleError, Options};
use crate::model::{Format, Ruleset};
use crate::parse::agora::{read_source, SourceFiles};
use crate::parse::{self, ReadDepth, ReadOptions};
use std::path::{Path, PathBuf};

/// The kind of keeping and the file to follow.
pub(super) fn locate(path: &Path, rule: &str) -> Result<(Keeping, PathBuf), ChronicleError> {
    if !path.is_dir() {
        return Ok((Keeping::Ruleset, path.to_path_buf()));
    }
    if SourceFiles::is_source(path) {
        let file = path.join("rules_data").join("rules").join(rule);
        if !file.is_file() {
            return Err(ChronicleError::NoPage {
                rule: rule.to_string(),
                folder: path.join("rules_data").join("rules").display().to_string(),
            });
        }
        return Ok((Keeping::AgoraSource, file));
    }
    let scan = crate::input::scan(path).map_err(|err| ChronicleError::Folder {
        folder: path.display().to_string(),
        message: err.to_string(),
    })?;
    scan.files
        .into_iter()
        .find(|file| {
            let stem = file.file_stem().map(|s| s.to_string_lossy().to_string());
            stem.is_some_and(|stem| {
                stem.trim_start_matches(|c: char| c.is_ascii_alphabetic()) == rule
            })
        })
        .map(|file| (Keeping::Page, file))
        .ok_or_else(|| ChronicleError::NoPage {
            rule: rule.to_string(),
            folder: path.display().to_string(),
        })
}

/// One committed copy of the followed file as a ruleset.
pub(super) fn read_copy(
    keeping: Keeping,
    path: &str,
    bytes: Vec<u8>,
    options: &Options,
) -> Result<(Ruleset, Format), String> {
    if keeping == Keeping::AgoraSource {
        // The rule's file alone, unfiled: its text and history are all
        // that is followed.
        let text = String::from_utf8(bytes).map_err(|_| "it is not UTF-8".to_string())?;
        let name = path.rsplit('/').next().unwrap_or(path);
        let mut files = SourceFiles::default();
        files
            .files
            .insert("rules_data/config/index".to_string(), "[]".to_string());
        files.files.insert(format!("rules_data/rules/{name}"), text);
        let source = read_source(&files).map_err(|err| err.to_string())?;
        let rules = source
            .ruleset
            .agora
            .map(|agora| agora.unfiled)
            .unwrap_or_default();
        if rules.is_empty() {
            // The file holds no rule that could be read: say what the
            // reader found.
            let found: Vec<String> = source.findings.iter().map(ToString::to_string).collect();
            return Err(if found.is_empty() {
                "it holds no rule".to_string()
            } else {
                found.join("; ")
            });
        }
        return Ok((Ruleset::new("Agora", rules), Format::AgoraYaml));
    }
    let limit = options.limit;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
        return Err(format!("it is larger than the limit of {limit} bytes"));
    }
    let parsed = parse::read_owned(
        bytes,
        &ReadOptions::default(),
        options.dialect,
        ReadDepth::Meaning,
    )
    .map_err(|unread| unread.error.to_string())?;
    Ok((parsed.ruleset, parsed.format))
}
