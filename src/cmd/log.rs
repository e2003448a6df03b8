//! `nomic log`: every version of one rule across the repository's commits.

use super::io::{dialect_for, json_document, max_input_size, print_stdout, Failure};
use nomic::chronicle::{self, History, Options};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Each version of one rule across the repository's commits, with the
/// proposal or history entry that made it
#[derive(Debug, clap::Args)]
#[command(
    after_help = "FILE is a ruleset file, a folder of rule pages (rules/md), or Agora's \
source folder (default: the current folder). The file is followed through renames and the rule \
through renumbering; commits that only re-wrap or re-format make no version. See `nomic help history`.\n\n\
Examples:\n  nomic log 203 rules-l.md\n  nomic log 101 . --patch\n  \
nomic log 219 rules/md --format json"
)]
pub(super) struct Args {
    /// The rule (`203`, `Rule 203`, `R101`)
    rule: String,
    /// The file or folder that keeps the rule, inside a git repository
    #[arg(default_value = ".")]
    file: PathBuf,
    /// Show the word difference of each version against the one before
    #[arg(long)]
    patch: bool,
    /// `human` for people, `json` for tools
    #[arg(long, value_enum, default_value_t = HumanOrJson::Human)]
    format: HumanOrJson,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum HumanOrJson {
    Human,
    Json,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let history = read_history(&args.rule, &args.file)?;
    let out = match args.format {
        HumanOrJson::Human => chronicle::output::log(&history, args.patch),
        HumanOrJson::Json => json_document(&history)?,
    };
    print_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// The rule's history, for `log`, `blame` and `show`.
pub(super) fn read_history(rule: &str, file: &Path) -> Result<History, Failure> {
    let rule = rule_label(rule);
    let dialect = if file.is_dir() {
        None
    } else {
        dialect_for(&file.display().to_string())?
    };
    let options = Options {
        dialect: dialect.as_ref(),
        limit: max_input_size(),
    };
    let history = chronicle::history(file, &rule, &options)
        .map_err(|err| Failure::message(format!("{}: {err}", file.display())))?;
    for unread in &history.unread {
        eprintln!(
            "warning: {}: left out commit {}: {}",
            file.display(),
            &unread.commit[..unread.commit.len().min(7)],
            unread.reason
        );
    }
    Ok(history)
}

/// `Rule 203`, `rule 203` and `R101` name rules 203 and 101.
fn rule_label(rule: &str) -> String {
    let rule = rule.trim();
    let rest = rule
        .strip_prefix("Rule ")
        .or_else(|| rule.strip_prefix("rule "))
        .unwrap_or(rule)
        .trim();
    match rest.strip_prefix('R') {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.to_string()
        }
        _ => rest.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::rule_label;

    #[test]
    fn a_rule_is_named_as_people_write_it() {
        assert_eq!(rule_label("203"), "203");
        assert_eq!(rule_label("Rule 203"), "203");
        assert_eq!(rule_label("R101"), "101");
        assert_eq!(rule_label("UC1"), "UC1");
    }
}
