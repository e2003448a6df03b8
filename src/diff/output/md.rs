//! `--format md`: an announcement or changelog to paste into Discord or a
//! pull request. One section per changed rule, headed by its number (and
//! title, where the ruleset gives one); removed words are struck through
//! (`~~old~~`) and added words bold (`**new**`), which both Discord and
//! GitHub render.
//!
//! By default it is an announcement that a week of one or two amendments
//! fits in one Discord message (2,000 characters): an amended rule shows
//! only the sentences that changed, `…` standing for the others; an enacted
//! rule is shown in bold (every word of it is new), cut at a sentence end
//! when it is long; a repealed one by its first words. [`Detail::Full`]
//! shows the whole text of each: an amended rule's whole new text with the
//! marks, an enacted rule in full, a repealed rule's whole text struck.

use super::{by_rule, headline, preview, spell_words};
use crate::diff::{Change, EntryText, RulesetDiff, WordChange, WordOp};
use crate::model::Ruleset;
use std::collections::BTreeMap;

/// How much of each changed rule the Markdown shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Detail {
    /// The changed sentences, for one Discord message.
    #[default]
    Announcement,
    /// The whole text of every changed rule.
    Full,
}

/// How long an enacted rule the announcement shows whole, in characters;
/// a longer one is cut at the last sentence end before it.
const ENACTED_SHOWN: usize = 700;

/// What the Markdown shows: how much of each rule, and the rules' titles.
#[derive(Debug, Clone, Default)]
pub struct MdOptions {
    /// How much of each changed rule.
    pub detail: Detail,
    /// The rules' titles by number, for the headings ([`titles`]).
    pub titles: BTreeMap<u32, String>,
}

/// The titles of the rules of both sides by number, the new side's first:
/// a repealed rule keeps the title it had.
pub fn titles(old: &Ruleset, new: &Ruleset) -> BTreeMap<u32, String> {
    let mut titles = BTreeMap::new();
    for rule in new.rules.iter().chain(&old.rules) {
        if let Some(title) = rule.title.as_ref().filter(|t| !t.trim().is_empty()) {
            titles
                .entry(rule.number)
                .or_insert_with(|| title.trim().to_string());
        }
    }
    titles
}

/// The diff as a Markdown changelog headed `# Ruleset changes`.
pub fn render(diff: &RulesetDiff, options: &MdOptions) -> String {
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
                let title = options
                    .titles
                    .get(&rule)
                    .map(|title| format!(" \u{201c}{}\u{201d}", escape(title)))
                    .unwrap_or_default();
                out.push_str(&format!(
                    "## Rule {}{title}: {}\n",
                    diff.label(rule),
                    what.join(", ")
                ));
            }
            None => out.push_str("## Title\n"),
        }
        for change in group.changes {
            section(&mut out, change, options.detail);
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

fn section(out: &mut String, change: &Change, detail: Detail) {
    match change {
        Change::Title { old, new } => {
            out.push_str(&format!(
                "\n{} {}\n",
                mark(WordOp::Removed, old),
                mark(WordOp::Added, new)
            ));
        }
        Change::Enacted { text, .. } => match detail {
            Detail::Full => out.push_str(&format!("\n{text}\n")),
            Detail::Announcement => {
                let (shown, cut) = shortened(text);
                let more = if cut { " …" } else { "" };
                out.push_str(&format!("\n{}{more}\n", mark(WordOp::Added, shown)));
            }
        },
        Change::Repealed { text, .. } => {
            let shown = match detail {
                Detail::Full => text.clone(),
                Detail::Announcement => preview(text, 20),
            };
            out.push_str(&format!("\n{}\n", mark(WordOp::Removed, &shown)));
        }
        Change::Amended { words, .. } => {
            let text = match detail {
                Detail::Full => spell_words(words, mark),
                Detail::Announcement => changed_sentences(words),
            };
            out.push_str(&format!("\n{}\n", text.trim_end()));
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
        | Change::Retitled { .. }
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

/// An enacted rule's text up to [`ENACTED_SHOWN`] characters, cut after the
/// last sentence that ends before it (else at a word), and whether it was
/// cut.
fn shortened(text: &str) -> (&str, bool) {
    if text.len() <= ENACTED_SHOWN {
        return (text, false);
    }
    let mut cut = ENACTED_SHOWN;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let head = &text[..cut];
    let at = sentence_ends(head)
        .last()
        .copied()
        .or_else(|| head.rfind(char::is_whitespace))
        .unwrap_or(cut);
    (text[..at].trim_end(), true)
}

/// The offsets just after each sentence end in `text`: a `.`, `!`, `?` or
/// `:` and the whitespace after it, or a line break.
fn sentence_ends(text: &str) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let stop = matches!(c, '.' | '!' | '?' | ':')
            && chars.peek().is_some_and(|&(_, next)| next.is_whitespace());
        if !(stop || c == '\n') {
            continue;
        }
        let mut end = at + c.len_utf8();
        while let Some(&(next_at, next)) = chars.peek().filter(|(_, n)| n.is_whitespace()) {
            end = next_at + next.len_utf8();
            chars.next();
        }
        ends.push(end);
    }
    ends
}

/// The runs of an amended text cut into sentences, each with whether it
/// holds a change. Sentences end only in shared text: a changed run stays
/// whole in the sentence it starts in.
fn sentences(runs: &[WordChange]) -> Vec<(Vec<WordChange>, bool)> {
    let mut out: Vec<(Vec<WordChange>, bool)> = vec![(Vec::new(), false)];
    for run in runs {
        if run.op != WordOp::Equal {
            let current = out.last_mut().expect("one sentence at least");
            current.1 |= !run.text.trim().is_empty();
            current.0.push(run.clone());
            continue;
        }
        let mut start = 0;
        for end in sentence_ends(&run.text) {
            let current = out.last_mut().expect("one sentence at least");
            current.0.push(WordChange {
                op: WordOp::Equal,
                text: run.text[start..end].to_string(),
            });
            out.push((Vec::new(), false));
            start = end;
        }
        if start < run.text.len() {
            out.last_mut()
                .expect("one sentence at least")
                .0
                .push(WordChange {
                    op: WordOp::Equal,
                    text: run.text[start..].to_string(),
                });
        }
    }
    out.retain(|(runs, _)| runs.iter().any(|run| !run.text.trim().is_empty()));
    out
}

/// The sentences of an amended text that changed, marked; consecutive ones
/// together, `…` where sentences that did not change are left out.
fn changed_sentences(runs: &[WordChange]) -> String {
    let all = sentences(runs);
    let mut groups: Vec<(usize, usize)> = Vec::new();
    for (index, (_, changed)) in all.iter().enumerate() {
        if !changed {
            continue;
        }
        match groups.last_mut() {
            Some((_, end)) if *end + 1 == index => *end = index,
            _ => groups.push((index, index)),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|&(start, end)| {
            let runs: Vec<WordChange> = all[start..=end]
                .iter()
                .flat_map(|(runs, _)| runs.iter().cloned())
                .collect();
            let text = spell_words(&runs, mark);
            let before = if start > 0 { "… " } else { "" };
            let after = if end + 1 < all.len() { " …" } else { "" };
            format!("{before}{}{after}", text.trim())
        })
        .collect();
    parts.join("\n\n")
}
