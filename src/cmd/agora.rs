//! Agora's source folder on the command line: every command that takes a
//! ruleset file also takes the folder holding `rules_data/` (agora-yaml).

use super::io::Failure;
use nomic::parse::agora::{read_source, AgoraSource, SourceFiles};
use std::path::Path;

/// Whether `path` is an Agora source folder.
pub(super) fn is_source(path: &Path) -> bool {
    path.is_dir() && SourceFiles::is_source(path)
}

/// Reads an Agora source folder.
pub(super) fn read(path: &Path) -> Result<AgoraSource, Failure> {
    let files = SourceFiles::load(path, super::io::max_input_size())
        .map_err(|err| Failure::message(format!("{}: {err}", path.display())))?;
    read_source(&files).map_err(|err| Failure::message(format!("{}/{err}", path.display())))
}

/// An Agora source folder as a parsed ruleset (format `agora-yaml`, no text).
pub(super) fn parsed(path: &Path) -> Result<nomic::parse::Parsed, Failure> {
    Ok(nomic::parse::Parsed {
        ruleset: read(path)?.ruleset,
        format: nomic::model::Format::AgoraYaml,
        text: String::new(),
        encoding: Vec::new(),
        confidence: None,
    })
}

/// `nomic check` on an Agora source folder: the report and whether any
/// finding is an error (or a warning, with `--deny warnings`).
pub(super) fn check(
    path: &Path,
    format: super::check::OutputFormat,
    deny_warnings: bool,
) -> Result<(String, bool), Failure> {
    use super::check::OutputFormat;
    let files = SourceFiles::load(path, super::io::max_input_size())
        .map_err(|err| Failure::message(format!("{}: {err}", path.display())))?;
    let source =
        read_source(&files).map_err(|err| Failure::message(format!("{}/{err}", path.display())))?;
    let findings = nomic::check::agora::check_source(&source, &files);
    let failed = findings
        .iter()
        .any(|f| f.severity == "error" || deny_warnings);
    let root = path.display().to_string();
    let out = match format {
        OutputFormat::Human => {
            let mut out = String::new();
            for finding in &findings {
                out.push_str(&format!("{root}/{finding}\n"));
            }
            let errors = findings.iter().filter(|f| f.severity == "error").count();
            out.push_str(&format!(
                "{root}: {} rules in force, {errors} errors, {} warnings\n",
                source.ruleset.rules.len(),
                findings.len() - errors
            ));
            out
        }
        OutputFormat::Json => super::io::json_document(&serde_json::json!({
            "source": root,
            "format": "agora-yaml",
            "findings": findings,
        }))?,
        OutputFormat::Github => findings
            .iter()
            .map(|f| {
                format!(
                    "::{} file={root}/{},line={},col={},title={}::{}\n",
                    f.severity, f.file, f.line, f.column, f.code, f.message
                )
            })
            .collect(),
    };
    Ok((out, failed))
}
