//! The history, the blame and a past version written for people: plain
//! text for a terminal and Markdown for a chat message. JSON is the serde
//! form of [`History`], [`Blame`] and [`Version`].

use super::blame::{Attribution, Blame};
use super::versions::{History, Version};
use crate::diff::{WordChange, WordOp};

/// A commit hash as people read it.
fn short(commit: &str) -> &str {
    commit.get(..7).unwrap_or(commit)
}

/// `nomic log`: the versions, newest first, each with its date, commit and
/// cause; with `patch`, the word difference of each against the one
/// before, removed words `[-like this-]`, added words `{+like this+}`.
pub fn log(history: &History, patch: bool) -> String {
    let count = history.versions.len();
    let mut out = format!(
        "Rule {}: {count} version{} in {}\n",
        history.rule,
        if count == 1 { "" } else { "s" },
        history.path
    );
    for (index, version) in history.versions.iter().enumerate().rev() {
        out.push('\n');
        let what = if index == 0 && history.predates {
            "in the file's first commit: older than the record".to_string()
        } else if index == 0 {
            "enacted".to_string()
        } else {
            version.changes.join(", ")
        };
        out.push_str(&format!(
            "{} {}  Rule {}  {what}\n    {}\n",
            version.date,
            short(&version.commit),
            version.rule.label(),
            version.cause.describe()
        ));
        if version.path != history.path {
            out.push_str(&format!("    (in {})\n", version.path));
        }
        if patch && !version.words.is_empty() {
            out.push('\n');
            for line in word_patch(&version.words).lines() {
                out.push_str("    ");
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    if !history.unread.is_empty() {
        out.push_str(&format!(
            "\n{} commit{} could not be read and {} left out:\n",
            history.unread.len(),
            if history.unread.len() == 1 { "" } else { "s" },
            if history.unread.len() == 1 {
                "is"
            } else {
                "are"
            },
        ));
        for unread in &history.unread {
            out.push_str(&format!("  {}: {}\n", short(&unread.commit), unread.reason));
        }
    }
    out
}

/// Word runs as `[-removed-]{+added+}` inline markup.
pub(crate) fn word_patch(words: &[WordChange]) -> String {
    let mut out = String::new();
    for run in words {
        match run.op {
            WordOp::Equal => out.push_str(&run.text),
            WordOp::Removed => out.push_str(&format!("[-{}-]", run.text)),
            WordOp::Added => out.push_str(&format!("{{+{}+}}", run.text)),
        }
    }
    out
}

/// One attribution in one line.
pub(crate) fn describe(by: &Attribution) -> String {
    match by {
        Attribution::Version {
            commit,
            date,
            cause,
            ..
        } => format!("{date} {}: {}", short(commit), cause.describe()),
        Attribution::Before { date, history } => match history.as_slice() {
            [] => format!("before {date}"),
            [only] => format!("before {date}: {only}"),
            [.., last] => format!(
                "before {date}: one of the rule's {} recorded changes, the last {last}",
                history.len()
            ),
        },
    }
}

/// `nomic blame`: the current text with a footnote mark `[n]` after each
/// span, and the notes below, as revised statutes mark amended passages.
pub fn blame(blame: &Blame) -> String {
    let mut notes: Vec<&Attribution> = Vec::new();
    let mut body = String::new();
    for span in &blame.spans {
        let number = match notes.iter().position(|note| **note == span.by) {
            Some(at) => at + 1,
            None => {
                notes.push(&span.by);
                notes.len()
            }
        };
        let words = span.text.trim_end();
        body.push_str(words);
        body.push_str(&format!("[{number}]"));
        body.push_str(&span.text[words.len()..]);
    }
    let mut out = format!("Rule {}\n\n{body}\n\n", blame.rule);
    for (index, note) in notes.iter().enumerate() {
        out.push_str(&format!("[{}] {}\n", index + 1, describe(note)));
    }
    out
}

/// When a shown version stood: `on DAY` asked for, else since its commit.
fn standing(history: &History, version: &Version, at: Option<&str>) -> String {
    let older = history.predates && version.commit == history.versions[0].commit;
    let since = format!(
        "in force since {}{} {}: {}",
        if older { "before " } else { "" },
        version.date,
        short(&version.commit),
        version.cause.describe()
    );
    match at {
        Some(at) => format!("as it stood at {at} ({since})"),
        None => format!("as it stands ({since})"),
    }
}

/// `nomic show`: the rule as a version of `history` left it, with its
/// history then; `at` is the day or commit asked for, if any.
pub fn show(history: &History, version: &Version, at: Option<&str>) -> String {
    let rule = &version.rule;
    let mut out = format!(
        "Rule {}{} ({}), {}\n\n{}\n",
        rule.label(),
        rule.revision.map(|r| format!("/{r}")).unwrap_or_default(),
        rule.mutability.as_str(),
        standing(history, version, at),
        rule.text
    );
    if !rule.history.is_empty() {
        out.push_str("\nHistory:\n");
        for entry in &rule.history {
            out.push_str(&format!("  {}\n", entry.source));
        }
    }
    out
}

/// `nomic show --format md`: the rule as a Markdown quote for a chat
/// message, its heading naming when it stood so and the change that made it.
pub fn show_md(history: &History, version: &Version, at: Option<&str>) -> String {
    let rule = &version.rule;
    let mut out = format!(
        "> **Rule {}{}** {}\n>\n",
        rule.label(),
        rule.title
            .as_ref()
            .map(|t| format!(" ({t})"))
            .unwrap_or_default(),
        standing(history, version, at)
    );
    for line in rule.text.lines() {
        if line.is_empty() {
            out.push_str(">\n");
        } else {
            out.push_str(&format!("> {line}\n"));
        }
    }
    out
}
