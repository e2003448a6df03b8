//! The history page of each rule (`history/N.html`): its versions across
//! the committed versions of the source, each with what made it, and the
//! current text with a footnote mark after each span naming the version
//! that wrote it, from [`crate::chronicle`]. The text keeps its structure:
//! marks go inside the Markdown before it is rendered like a rule page.

use super::changes::Version;
use super::html::RuleText;
use super::plan::{Frame, Site};
use crate::chronicle::{self, output, Attribution, Blame, Commit, History};
use crate::model::{Format, Rule};
use serde::Serialize;

/// One version as the page lists it.
#[derive(Debug, Serialize)]
pub(crate) struct VersionRow {
    /// 1 for the oldest: the footnote marks name it.
    pub number: usize,
    pub commit: String,
    pub date: String,
    pub label: String,
    /// `amended, history`; for the oldest, where it came from.
    pub what: String,
    pub cause: String,
}

#[derive(Debug, Serialize)]
pub(crate) struct HistoryPage<'a> {
    #[serde(flatten)]
    pub frame: Frame<'a>,
    pub number: u32,
    /// Newest first.
    pub versions: Vec<VersionRow>,
    /// The current text with its marks, as HTML; empty when no committed
    /// version holds the rule.
    pub html: String,
    /// What the oldest version's words go back to, when it predates the
    /// committed versions.
    pub before: Option<String>,
}

/// The history page of `rule`, from the committed `versions` (oldest first).
pub(crate) fn page<'a>(
    rule: &Rule,
    versions: &[Version],
    site: &Site<'a>,
    text: &RuleText,
) -> HistoryPage<'a> {
    let copies = versions.iter().rev().map(|version| {
        let format = version
            .ruleset
            .layout
            .as_ref()
            .map_or(Format::Json, |layout| layout.format);
        let commit = Commit {
            commit: version.label.clone(),
            date: version.date.clone(),
            subject: version.subject.clone(),
        };
        (commit, &version.ruleset, format)
    });
    let Some(history) = chronicle::history_of_copies(copies, &rule.label()) else {
        return HistoryPage {
            frame: site.frame("../"),
            number: rule.number,
            versions: Vec::new(),
            html: String::new(),
            before: None,
        };
    };
    let blame = chronicle::blame(&history);
    let before = blame.spans.iter().find_map(|span| match &span.by {
        Attribution::Before { .. } => Some(output::describe(&span.by)),
        Attribution::Version { .. } => None,
    });
    HistoryPage {
        frame: site.frame("../"),
        number: rule.number,
        versions: rows(&history),
        html: text.render(&marked(&blame), &site.in_force),
        before,
    }
}

fn rows(history: &History) -> Vec<VersionRow> {
    history
        .versions
        .iter()
        .enumerate()
        .rev()
        .map(|(index, version)| VersionRow {
            number: index + 1,
            commit: version.commit.clone(),
            date: version.date.clone(),
            label: version.rule.label(),
            what: match index {
                0 if history.predates => "the first committed version".to_string(),
                0 => "enacted".to_string(),
                _ => version.changes.join(", "),
            },
            cause: version.cause.describe(),
        })
        .collect()
}

/// The blamed text as Markdown with `<sup>[n]</sup>` after each span's
/// words, `n` the number of the version that wrote them.
fn marked(blame: &Blame) -> String {
    let mut out = String::with_capacity(blame.text.len() * 5 / 4);
    for span in &blame.spans {
        let number = match &span.by {
            Attribution::Version { version, .. } => version + 1,
            Attribution::Before { .. } => 1,
        };
        let words = span.text.trim_end();
        out.push_str(words);
        if !words.is_empty() {
            out.push_str(&format!("<sup>[{number}]</sup>"));
        }
        out.push_str(&span.text[words.len()..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::model::{HistoryEntry, HistoryKind, Rule, Ruleset};
    use crate::site::{site_files, SiteOptions, Version};

    fn version(label: &str, date: &str, subject: &str, rules: Vec<Rule>) -> Version {
        Version {
            label: label.into(),
            date: date.into(),
            subject: subject.into(),
            ruleset: Ruleset::new("Game", rules),
        }
    }

    #[test]
    fn a_rule_page_of_history_lists_its_versions_and_marks_who_wrote_what() {
        let mut old = Rule::new(
            102,
            "#### Turns\n\n1. A turn lasts a day.\n2. Then the next player.",
        );
        old.history.push(HistoryEntry::new(
            HistoryKind::Initial,
            "Initial mutable Rule 102",
        ));
        let mut new = old.clone();
        new.text = "#### Turns\n\n1. A turn lasts a week.\n2. Then the next\nplayer.".into();
        new.history.push(HistoryEntry::new(
            HistoryKind::Amended,
            "Amended (1) by Proposal 7",
        ));
        let other = Rule::new(101, "All players obey the rules.");
        let versions = [
            version("aaaa", "2020-06-01", "Start", vec![other.clone(), old]),
            version("bbbb", "2020-06-08", "Proposal 7", vec![other, new.clone()]),
        ];
        let current = versions[1].ruleset.clone();
        let files = site_files(&current, &versions, &SiteOptions::default()).unwrap();
        let page = &files
            .iter()
            .find(|file| file.path.to_str() == Some("history/102.html"))
            .expect("a history page")
            .contents;
        // The structure stays: a heading and a list, the new word marked
        // [2], the re-wrapped words left with the version that wrote them.
        assert!(page.contains("<h4>Turns</h4>\n<ol>\n"), "{page}");
        assert!(
            page.contains("<li>A turn lasts a<sup>[1]</sup> week<sup>[2]</sup>.</li>"),
            "{page}"
        );
        assert!(
            page.contains("<li>Then the next\nplayer.<sup>[1]</sup></li>"),
            "{page}"
        );
        assert!(page.contains("Amended (1) by Proposal 7"), "{page}");
        assert!(
            page.contains("before 2020-06-01: Initial mutable Rule 102"),
            "{page}"
        );
        let rule_page = &files
            .iter()
            .find(|file| file.path.to_str() == Some("rules/102.html"))
            .unwrap()
            .contents;
        assert!(rule_page.contains("href=\"../history/102.html\""));
    }
}
