//! `--format human`: for a moderator at a terminal.
//!
//! One block per rule: a heading naming what happened, then the details.
//! Word changes are shown inline: in colour (red struck-through removals,
//! green additions) on a terminal, `[-removed-]` and `{+added+}` otherwise,
//! as `git diff --word-diff` does. Long unchanged stretches of an amended
//! rule are shortened to a few words of context around each change.

use super::{by_rule, headline, preview, spell_words, unlisted_note, RuleChanges};
use crate::diff::{Change, EntryText, RulesetDiff, WordChange, WordOp};

use anstyle::{AnsiColor, Color, Style};

/// Removed words: red, struck through.
pub(crate) const REMOVED: Style = Style::new()
    .fg_color(Some(Color::Ansi(AnsiColor::Red)))
    .strikethrough();
/// Added words: green.
pub(crate) const ADDED: Style = Style::new().fg_color(Some(Color::Ansi(AnsiColor::Green)));
const HEADING: Style = Style::new().bold();

/// Words of unchanged text kept on each side of a change.
const CONTEXT_WORDS: usize = 10;

/// The diff for a terminal: one section per changed rule, removed words
/// marked `[-so-]` and added words `{+so+}`, or in colour when `color` is set.
pub fn render(diff: &RulesetDiff, color: bool) -> String {
    let mut out = String::new();
    for group in by_rule(&diff.changes) {
        if !out.is_empty() {
            out.push('\n');
        }
        block(&mut out, &group, color, diff);
    }
    if let Some(note) = unlisted_note(diff) {
        out.push_str(&note);
        out.push('\n');
    }
    out
}

fn block(out: &mut String, group: &RuleChanges, color: bool, diff: &RulesetDiff) {
    let heading = match group.rule {
        Some(rule) => {
            let what: Vec<String> = group.changes.iter().map(headline).collect();
            format!("Rule {}: {}", diff.label(rule), what.join(", "))
        }
        None => "Title".to_string(),
    };
    if color {
        out.push_str(&format!("{HEADING}{heading}{HEADING:#}\n"));
    } else {
        out.push_str(&format!("{heading}\n"));
    }
    for change in group.changes {
        detail(out, change, color);
    }
}

fn detail(out: &mut String, change: &Change, color: bool) {
    let mark = |op: WordOp, words: &str| match (op, color) {
        (WordOp::Removed, true) => format!("{REMOVED}{words}{REMOVED:#}"),
        (WordOp::Added, true) => format!("{ADDED}{words}{ADDED:#}"),
        (WordOp::Removed, false) => format!("[-{words}-]"),
        (WordOp::Added, false) => format!("{{+{words}+}}"),
        (WordOp::Equal, _) => words.to_string(),
    };
    match change {
        Change::Title { old, new } => {
            let line = format!(
                "{} {}",
                mark(WordOp::Removed, old),
                mark(WordOp::Added, new)
            );
            indented(out, &line);
        }
        Change::Enacted { text, .. } => indented(out, text),
        Change::Repealed { text, .. } => {
            indented(out, &mark(WordOp::Removed, &preview(text, 12)));
        }
        Change::Amended { words, .. } => {
            indented(out, &spell_words(&elide(words, CONTEXT_WORDS), mark));
        }
        Change::History {
            added,
            removed,
            changed,
            ..
        } => {
            for entry in removed {
                indented(
                    out,
                    &format!("history: {}", mark(WordOp::Removed, &line(entry))),
                );
            }
            for entry in changed {
                let pair = format!(
                    "{} {}",
                    mark(WordOp::Removed, &line(&entry.old)),
                    mark(WordOp::Added, &line(&entry.new))
                );
                indented(out, &format!("history: {pair}"));
            }
            for entry in added {
                indented(
                    out,
                    &format!("history: {}", mark(WordOp::Added, &line(entry))),
                );
            }
        }
        Change::Judgments { added, removed, .. } => {
            for text in removed {
                indented(out, &format!("judgment: {}", mark(WordOp::Removed, text)));
            }
            for text in added {
                indented(out, &format!("judgment: {}", mark(WordOp::Added, text)));
            }
        }
        Change::Renumbered { similarity, .. } if *similarity < 1.0 => {
            indented(
                out,
                &format!("{:.0}% of the words unchanged", similarity * 100.0),
            );
        }
        Change::Renumbered { .. }
        | Change::Transmuted { .. }
        | Change::Retitled { .. }
        | Change::Revised { .. }
        | Change::Spacing { .. }
        | Change::Layout { .. } => {}
    }
}

fn line(entry: &EntryText) -> String {
    match &entry.link {
        Some(link) => format!("{} <{link}>", entry.text),
        None => entry.text.clone(),
    }
}

/// Writes text indented by four spaces, blank lines kept blank.
fn indented(out: &mut String, text: &str) {
    for line in text.lines() {
        if line.trim().is_empty() {
            out.push('\n');
        } else {
            out.push_str("    ");
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// Shortens unchanged runs to `context` words next to each change. The
/// words kept are the text's own, its line breaks included; where the words
/// left out hold a line break, the `…` ends its line and the next kept words
/// start on a line of their own (after `… ` unless they start a line), so
/// two paragraphs or list items are never shown as one line.
fn elide(runs: &[WordChange], context: usize) -> Vec<WordChange> {
    let last = runs.len().saturating_sub(1);
    runs.iter()
        .enumerate()
        .map(|(index, run)| {
            if run.op != WordOp::Equal {
                return run.clone();
            }
            let (head, tail) = match (index == 0, index == last) {
                (true, true) => return run.clone(),
                (true, false) => (0, context),
                (false, true) => (context, 0),
                (false, false) => (context, context),
            };
            let words: Vec<(usize, usize)> = word_spans(&run.text);
            if words.len() <= head + tail + context {
                return run.clone();
            }
            // The kept head ends after its last word; the kept tail starts
            // at its first word.
            let head_end = if head > 0 { words[head - 1].1 } else { 0 };
            let tail_start = if tail > 0 {
                words[words.len() - tail].0
            } else {
                run.text.len()
            };
            let left_out = &run.text[head_end..tail_start];
            let mut text = run.text[..head_end].to_string();
            if head > 0 {
                text.push(' ');
            }
            text.push('…');
            if tail > 0 {
                match last_break(left_out) {
                    // The tail starts a line: it follows the break as is.
                    Some(gap) if left_out.ends_with(gap) => text.push_str(gap),
                    // The tail starts inside a line after the break: it
                    // gets its own `…` (a head-less first run has one).
                    Some(gap) if head > 0 => {
                        text.push_str(gap);
                        text.push_str("… ");
                    }
                    _ => text.push(' '),
                }
                text.push_str(&run.text[tail_start..]);
            }
            WordChange {
                op: WordOp::Equal,
                text,
            }
        })
        .collect()
}

/// The byte ranges of the whitespace-separated words of `text`.
fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(from)) => {
                spans.push((from, at));
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    if let Some(from) = start {
        spans.push((from, text.len()));
    }
    spans
}

/// The last run of whitespace in `text` that holds a line break, with the
/// indentation after it.
fn last_break(text: &str) -> Option<&str> {
    let newline = text.rfind('\n')?;
    let start = text[..newline].trim_end_matches(char::is_whitespace).len();
    let end = newline + text[newline..].len() - text[newline..].trim_start().len();
    Some(&text[start..end])
}
