//! `--format md`: an announcement or changelog to paste into Discord or a
//! pull request. One section per changed rule; removed words are struck
//! through (`~~old~~`) and added words bold (`**new**`), which both Discord
//! and GitHub render. Enacted rules are quoted in full, amended rules show
//! their whole new text with the marks, so players read the rule as it now
//! stands.

use super::{by_rule, headline, preview, spell_words};
use crate::diff::{Change, EntryText, RulesetDiff, WordOp};

/// The diff as a Markdown changelog headed `# Ruleset changes`.
pub fn render(diff: &RulesetDiff) -> String {
    let mut out = String::from("# Ruleset changes\n");
    if diff.changes.is_empty() {
        out.push_str("\nNo rule changed.\n");
        return out;
    }
    for group in by_rule(&diff.changes) {
        out.push('\n');
        match group.rule {
            Some(rule) => {
                let what: Vec<String> = group.changes.iter().map(headline).collect();
                out.push_str(&format!(
                    "## Rule {}: {}\n",
                    diff.label(rule),
                    what.join(", ")
                ));
            }
            None => out.push_str("## Title\n"),
        }
        for change in group.changes {
            section(&mut out, change);
        }
    }
    out
}

/// Marks one run; a run spanning paragraphs is marked paragraph by
/// paragraph, since emphasis cannot cross a blank line. Markup inside the
/// run is escaped: a removed `*` or an added `**` would otherwise close the
/// marks early or pair with emphasis around them, and the announcement would
/// strike or bold the wrong words.
fn mark(op: WordOp, words: &str) -> String {
    let marker = match op {
        WordOp::Removed => "~~",
        WordOp::Added => "**",
        WordOp::Equal => return words.to_string(),
    };
    // Line by line too: a marked line that began `- ` or `1. ` would start
    // a list and cut the marks in two; a line that begins with the marker
    // cannot.
    words
        .split("\n\n")
        .map(|part| {
            part.lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .map(|line| format!("{marker}{}{marker}", escape(line)))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Backslash-escapes the characters that start or end inline Markdown
/// (emphasis, strikethrough, code, links, HTML, entities), so the text reads
/// as written. CommonMark allows a backslash before any ASCII punctuation.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '`' | '[' | ']' | '<' | '>' | '&' | '#' | '|' | '!'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn section(out: &mut String, change: &Change) {
    match change {
        Change::Title { old, new } => {
            out.push_str(&format!(
                "\n{} {}\n",
                mark(WordOp::Removed, old),
                mark(WordOp::Added, new)
            ));
        }
        Change::Enacted { text, .. } => out.push_str(&format!("\n{text}\n")),
        Change::Repealed { text, .. } => {
            out.push_str(&format!(
                "\n{}\n",
                mark(WordOp::Removed, &preview(text, 20))
            ));
        }
        Change::Amended { words, .. } => {
            out.push_str(&format!("\n{}\n", spell_words(words, mark).trim_end()));
        }
        Change::History {
            added,
            removed,
            changed,
            ..
        } => {
            out.push('\n');
            for entry in removed {
                out.push_str(&format!("- History: ~~{}~~\n", line(entry)));
            }
            for entry in changed {
                out.push_str(&format!(
                    "- History: ~~{}~~ **{}**\n",
                    line(&entry.old),
                    line(&entry.new)
                ));
            }
            for entry in added {
                out.push_str(&format!("- History: **{}**\n", line(entry)));
            }
        }
        Change::Judgments { added, removed, .. } => {
            out.push('\n');
            for text in removed {
                out.push_str(&format!("- Judgment: ~~{}~~\n", escape(text)));
            }
            for text in added {
                out.push_str(&format!("- Judgment: **{}**\n", escape(text)));
            }
        }
        Change::Renumbered { .. }
        | Change::Transmuted { .. }
        | Change::Revised { .. }
        | Change::Spacing { .. }
        | Change::Layout { .. } => {}
    }
}

fn line(entry: &EntryText) -> String {
    match &entry.link {
        Some(link) => format!("[{}]({link})", escape(&entry.text)),
        None => escape(&entry.text),
    }
}
