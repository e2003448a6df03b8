//! The "changes" pages: one per committed version of the source, saying what
//! changed since the version before, rule by rule and word by word (from
//! [`crate::diff`]), and an index of the versions.

use super::plan::{Frame, Site};
use crate::diff::{self, Change, DiffOptions};
use crate::model::{Rule, Ruleset};
use serde::Serialize;

/// One committed version of the source, as the caller read it (from git).
#[derive(Debug, Clone)]
pub struct Version {
    /// A short name for the version: an abbreviated commit id.
    pub label: String,
    /// The commit date, `YYYY-MM-DD`.
    pub date: String,
    /// The first line of the commit message.
    pub subject: String,
    /// The ruleset as it stood in that version.
    pub ruleset: Ruleset,
}

/// A version as the index of versions lists it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct VersionLine<'a> {
    /// 1 for the oldest version; the page is `changes/N.html`.
    pub number: usize,
    pub label: &'a str,
    pub date: &'a str,
    pub subject: &'a str,
    /// How many rules changed since the version before.
    pub rules_changed: usize,
    pub rules: usize,
}

#[derive(Debug, Serialize)]
pub(crate) struct ChangesIndex<'a> {
    #[serde(flatten)]
    pub frame: Frame<'a>,
    /// Newest first.
    pub versions: Vec<VersionLine<'a>>,
}

/// One change, and whether its rule has a page in the site.
#[derive(Debug, Serialize)]
pub(crate) struct ChangeView {
    #[serde(flatten)]
    pub change: Change,
    pub linked: bool,
}

#[derive(Debug, Serialize)]
pub(crate) struct VersionPage<'a> {
    #[serde(flatten)]
    pub frame: Frame<'a>,
    #[serde(flatten)]
    pub version: VersionLine<'a>,
    /// Whether a version comes before this one.
    pub first: bool,
    /// For the first version: its rules, all of them new.
    pub initial: Vec<u32>,
    pub changes: Vec<ChangeView>,
    pub previous: Option<usize>,
    pub next: Option<usize>,
}

pub(crate) struct Pages<'a> {
    pub index: ChangesIndex<'a>,
    pub versions: Vec<VersionPage<'a>>,
}

/// The changes pages of `versions` (oldest first).
pub(crate) fn pages<'a>(versions: &'a [Version], site: &Site<'a>) -> Pages<'a> {
    let mut pages = Vec::with_capacity(versions.len());
    for (index, version) in versions.iter().enumerate() {
        let changes: Vec<Change> = match index.checked_sub(1) {
            Some(before) => {
                diff::diff(
                    &versions[before].ruleset,
                    &version.ruleset,
                    &DiffOptions::default(),
                )
                .changes
            }
            None => Vec::new(),
        };
        let mut rules_changed: Vec<u32> = changes.iter().filter_map(Change::rule).collect();
        rules_changed.dedup();
        let line = VersionLine {
            number: index + 1,
            label: &version.label,
            date: &version.date,
            subject: &version.subject,
            rules_changed: rules_changed.len(),
            rules: version.ruleset.rules.len(),
        };
        pages.push(VersionPage {
            frame: site.frame("../"),
            version: line,
            first: index == 0,
            initial: if index == 0 {
                version
                    .ruleset
                    .rules
                    .iter()
                    .map(|rule: &Rule| rule.number)
                    .collect()
            } else {
                Vec::new()
            },
            changes: changes
                .into_iter()
                .filter(|change| !matches!(change, Change::Layout { .. }))
                .map(|change| ChangeView {
                    linked: change
                        .rule()
                        .is_some_and(|rule| site.in_force.contains(&rule)),
                    change,
                })
                .collect(),
            previous: index.checked_sub(1).map(|i| i + 1),
            next: (index + 1 < versions.len()).then_some(index + 2),
        });
    }
    let lines = pages
        .iter()
        .rev()
        .map(|page| page.version.clone())
        .collect();
    Pages {
        index: ChangesIndex {
            frame: site.frame("../"),
            versions: lines,
        },
        versions: pages,
    }
}
