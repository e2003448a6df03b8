//! The plan of the site: which pages there are, and what each one shows,
//! as plain serializable views the templates read.

use super::html::RuleText;
use crate::model::{Category, Rule, Ruleset};
use crate::refs::{self, ReferenceGraph};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The search index's path in the site: a script that sets
/// `window.nomicSearch`, so that it loads from `file://` too.
pub const SEARCH_INDEX: &str = "search-index.js";

/// Folders of generated pages named by a number (`rules/206.html`,
/// `changes/3.html`, `history/206.html`), and their extension: a page there
/// that the site no longer has can be removed.
pub const SITE_FOLDERS: [(&str, &str); 3] =
    [("rules", "html"), ("changes", "html"), ("history", "html")];

/// How many characters of a rule's text stand for its title on the index.
const SUMMARY_CHARS: usize = 90;

/// The ruleset, its rules once each, and who cites whom.
pub(crate) struct Site<'a> {
    pub title: &'a str,
    /// In ruleset order; a number used twice keeps the rule that comes last
    /// (as the per-rule pages of `nomic build` do).
    pub rules: Vec<&'a Rule>,
    pub graph: ReferenceGraph,
    pub in_force: BTreeSet<u32>,
    /// Each number's position in `rules`.
    position: BTreeMap<u32, usize>,
    /// Each rule's [`summary`], by position in `rules`: a page links to its
    /// neighbours and citers by summary, the index and the search show it,
    /// so it is made once per rule (on every core) rather than per use.
    summaries: Vec<String>,
    pub has_changes: bool,
    /// The categories the rules are filed under (Agora's index), in order;
    /// empty for a ruleset without categories.
    categories: Vec<&'a Category>,
}

/// What every page's frame needs.
#[derive(Debug, Serialize)]
pub(crate) struct Frame<'a> {
    /// The ruleset's title.
    pub site_title: &'a str,
    /// From the page to the site's root: `""` or `"../"`.
    pub root: &'static str,
    pub has_changes: bool,
}

/// One line of the index: number, revision, mutability and title.
#[derive(Debug, Serialize)]
pub(crate) struct Entry {
    pub number: u32,
    pub revision: u32,
    pub mutability: String,
    pub title: String,
}

/// A group of rules on the index. A ruleset without categories has one
/// section without a heading; a ruleset with categories gets one per
/// category, in the order they first appear.
#[derive(Debug, Serialize)]
pub(crate) struct Section {
    pub heading: Option<String>,
    pub rules: Vec<Entry>,
}

#[derive(Debug, Serialize)]
pub(crate) struct IndexPage<'a> {
    #[serde(flatten)]
    pub frame: Frame<'a>,
    pub sections: Vec<Section>,
    pub count: usize,
}

/// A link to a rule from another rule's page.
#[derive(Debug, Serialize)]
pub(crate) struct RuleLink {
    pub number: u32,
    pub title: String,
}

#[derive(Debug, Serialize)]
pub(crate) struct HistoryLine<'a> {
    pub text: &'a str,
    /// The source's link, when it is a safe one (http(s), mailto, relative).
    pub href: Option<&'a str>,
}

#[derive(Debug, Serialize)]
pub(crate) struct JudgmentLine<'a> {
    pub text: &'a str,
}

#[derive(Debug, Serialize)]
pub(crate) struct RulePage<'a> {
    #[serde(flatten)]
    pub frame: Frame<'a>,
    #[serde(flatten)]
    pub entry: Entry,
    /// The rule text as sanitized HTML.
    pub html: String,
    pub history: Vec<HistoryLine<'a>>,
    pub judgments: Vec<JudgmentLine<'a>>,
    pub cited_by: Vec<RuleLink>,
    pub previous: Option<RuleLink>,
    pub next: Option<RuleLink>,
}

impl<'a> Site<'a> {
    pub(super) fn new(ruleset: &'a Ruleset, has_changes: bool) -> Site<'a> {
        let mut last: BTreeMap<u32, usize> = BTreeMap::new();
        for (index, rule) in ruleset.rules.iter().enumerate() {
            last.insert(rule.number, index);
        }
        let rules: Vec<&Rule> = ruleset
            .rules
            .iter()
            .enumerate()
            .filter(|(index, rule)| last[&rule.number] == *index)
            .map(|(_, rule)| rule)
            .collect();
        let position = rules
            .iter()
            .enumerate()
            .map(|(index, rule)| (rule.number, index))
            .collect();
        let summaries = rules.par_iter().map(|rule| summary(&rule.text)).collect();
        Site {
            title: &ruleset.title,
            rules,
            graph: refs::graph(ruleset),
            in_force: last.keys().copied().collect(),
            position,
            summaries,
            has_changes,
            categories: {
                let mut categories: Vec<&Category> = ruleset
                    .agora
                    .iter()
                    .flat_map(|agora| &agora.categories)
                    .collect();
                categories.sort_by_key(|category| category.order);
                categories
            },
        }
    }

    pub(super) fn frame(&self, root: &'static str) -> Frame<'a> {
        Frame {
            site_title: self.title,
            root,
            has_changes: self.has_changes,
        }
    }

    pub(super) fn index(&self) -> IndexPage<'a> {
        IndexPage {
            frame: self.frame(""),
            sections: self.sections(),
            count: self.rules.len(),
        }
    }

    /// One section per category, in the index's order, and the rules no
    /// category files after them; one section without a heading where the
    /// ruleset has no categories.
    fn sections(&self) -> Vec<Section> {
        if self.categories.is_empty() {
            return vec![Section {
                heading: None,
                rules: (0..self.rules.len())
                    .map(|index| self.entry(index))
                    .collect(),
            }];
        }
        let mut filed = BTreeSet::new();
        let mut sections: Vec<Section> = self
            .categories
            .iter()
            .map(|category| Section {
                heading: Some(category.name.clone()),
                rules: category
                    .rules
                    .iter()
                    .filter_map(|number| self.position.get(number))
                    .map(|&index| {
                        filed.insert(index);
                        self.entry(index)
                    })
                    .collect(),
            })
            .collect();
        let unfiled: Vec<Entry> = (0..self.rules.len())
            .filter(|index| !filed.contains(index))
            .map(|index| self.entry(index))
            .collect();
        if !unfiled.is_empty() {
            sections.push(Section {
                heading: Some("Other rules".to_string()),
                rules: unfiled,
            });
        }
        sections
    }

    /// The summary of the rule at `index` of `rules`.
    pub(super) fn summary(&self, index: usize) -> &str {
        &self.summaries[index]
    }

    /// The index line of the rule at `index` of `rules`.
    pub(super) fn entry(&self, index: usize) -> Entry {
        entry(self.rules[index], || self.summaries[index].clone())
    }

    /// The page of the rule at `index` of `rules`.
    pub(super) fn rule_page(&self, index: usize, text: &RuleText) -> RulePage<'a> {
        let rule = self.rules[index];
        let link = |index: usize| RuleLink {
            number: self.rules[index].number,
            title: self.summaries[index].clone(),
        };
        let cited_by = self
            .graph
            .cited_by
            .get(&rule.number)
            .into_iter()
            .flatten()
            .filter(|number| **number != rule.number)
            .filter_map(|number| self.position.get(number).copied())
            .map(link)
            .collect();
        RulePage {
            frame: self.frame("../"),
            entry: self.entry(index),
            html: text.render(&rule.text, &self.in_force),
            history: rule
                .history
                .iter()
                .map(|line| HistoryLine {
                    text: &line.source,
                    href: line.link.as_deref().filter(|link| safe_href(link)),
                })
                .collect(),
            judgments: rule
                .judgments
                .iter()
                .map(|judgment| JudgmentLine {
                    text: &judgment.source,
                })
                .collect(),
            cited_by,
            previous: index.checked_sub(1).map(link),
            next: (index + 1 < self.rules.len()).then(|| link(index + 1)),
        }
    }
}

/// A rule's index line; `summary` gives its first words where it has no
/// title of its own.
fn entry(rule: &Rule, summary: impl FnOnce() -> String) -> Entry {
    // Agora's rules carry a power and a title where others carry a
    // mutability and only their first words.
    let agora = rule.agora.as_ref();
    let title = agora
        .map(|agora| agora.title.clone())
        .or_else(|| rule.title.clone())
        .filter(|title| !title.is_empty());
    Entry {
        number: rule.number,
        revision: rule.revision.unwrap_or_else(|| rule.amendment_count()),
        mutability: match agora.and_then(|agora| agora.power.as_ref()) {
            Some(power) => format!("power {power}"),
            None => rule.mutability.as_str().to_string(),
        },
        title: title.unwrap_or_else(summary),
    }
}

/// The first words of a rule's text, as plain text, cut at a word boundary.
pub(crate) fn summary(markdown: &str) -> String {
    summary_of_plain(&plain_words(markdown, SUMMARY_CHARS + 1))
}

/// The first words of a plain text, cut at a word boundary.
pub(super) fn summary_of_plain(plain: &str) -> String {
    let mut out = String::new();
    for word in plain.split_whitespace() {
        if out.chars().count() + word.chars().count() > SUMMARY_CHARS {
            out.push('…');
            return out;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The words of a Markdown text without its markup (emphasis, links, code
/// marks): what a reader sees. Stops once it holds `enough` characters
/// other than white space: a summary of fewer characters is then certain
/// to end before the last word it holds, whole or not, so the rest of the
/// text cannot change it.
pub(super) fn plain_words(markdown: &str, enough: usize) -> String {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut plain = String::with_capacity(markdown.len().min(enough.saturating_mul(4)));
    let mut seen = 0;
    let mut push = |plain: &mut String, text: &str| {
        plain.push_str(text);
        seen += text.chars().filter(|c| !c.is_whitespace()).count();
        seen >= enough
    };
    // A link reads as its text and, after it, where it goes.
    let mut links = Vec::new();
    for event in Parser::new(markdown) {
        let full = match event {
            Event::Text(text) | Event::Code(text) => push(&mut plain, &text),
            Event::Start(Tag::Link { dest_url, .. }) => {
                links.push(dest_url);
                false
            }
            Event::End(TagEnd::Link) => match links.pop() {
                Some(url) => push(&mut plain, &format!(" ({url})")),
                None => false,
            },
            Event::SoftBreak | Event::HardBreak | Event::End(_) => push(&mut plain, " "),
            _ => false,
        };
        if full {
            break;
        }
    }
    plain
}

/// Whether a link from the source may be published: `http(s)`, `mailto`, or
/// relative (no scheme at all).
pub(crate) fn safe_href(link: &str) -> bool {
    let link = link.trim();
    let scheme_end = link.find(':');
    let path_start = link.find(['/', '?', '#']);
    match (scheme_end, path_start) {
        (None, _) => true,
        (Some(colon), Some(path)) if path < colon => true,
        (Some(colon), _) => {
            let scheme = link[..colon].to_ascii_lowercase();
            matches!(scheme.as_str(), "http" | "https" | "mailto")
        }
    }
}
