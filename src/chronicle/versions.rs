//! The versions of one rule: the followed file read at every commit that
//! touched it, the rule found in each (through renumbering, as `diff` pairs
//! rules), and the commits that changed what the rule says kept.

use super::copies::{locate, read_copy};
use super::git::{Repo, Touch};
use super::{ChronicleError, Options};
use crate::diff::{self, Change, DiffOptions, WordChange};
use crate::model::{ChangeKind, Format, HistoryKind, Rule, Ruleset};
use serde::Serialize;
use std::borrow::Cow;
use std::collections::HashSet;
use std::path::Path;

/// Where a rule's text is kept, and so how the followed file is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Keeping {
    /// A whole ruleset in one file (any format nomic reads, Agora's FLR too).
    Ruleset,
    /// One page a rule (`rules/md/203.md`, `full_rules/R101.txt`).
    Page,
    /// Agora's source folder: one YAML file a rule (`rules_data/rules/101`).
    AgoraSource,
}

/// Every version of one rule in a repository's history.
#[derive(Debug, Clone, Serialize)]
pub struct History {
    /// The rule's identifier as HEAD writes it.
    pub rule: String,
    /// The followed file at HEAD, relative to the repository's root.
    pub path: String,
    /// How the file keeps the rule.
    pub keeping: Keeping,
    /// The versions, oldest first; the last is the rule at HEAD.
    pub versions: Vec<Version>,
    /// Whether the oldest version was already in the followed file's first
    /// commit: its words are older than the repository's record.
    pub predates: bool,
    /// Commits whose copy of the file could not be read, newest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unread: Vec<UnreadCommit>,
}

/// A commit whose copy of the followed file nomic could not read.
#[derive(Debug, Clone, Serialize)]
pub struct UnreadCommit {
    /// The commit's full hash.
    pub commit: String,
    /// Why the copy could not be read.
    pub reason: String,
}

/// One version of the rule: a commit that changed what the rule says (its
/// words, history, number, mutability or revision). Commits that only
/// re-wrap, re-indent or re-format the file make no version.
#[derive(Debug, Clone, Serialize)]
pub struct Version {
    /// The commit's full hash.
    pub commit: String,
    /// The commit's author date, `YYYY-MM-DD`.
    pub date: String,
    /// The first line of the commit message.
    pub subject: String,
    /// The followed file's path at that commit.
    pub path: String,
    /// What made the change.
    pub cause: Cause,
    /// The aspects that changed against the previous version, as `diff`
    /// names them (`amended`, `history`, `renumbered`, …); empty for the
    /// first version.
    pub changes: Vec<String>,
    /// The new text word by word against the previous version's; empty for
    /// the first version and where the words did not change.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<WordChange>,
    /// The rule as it stood after the commit, without layout.
    pub rule: Rule,
}

/// What made a version: the history lines the commit added to the rule,
/// else the commit's subject, else an editorial change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "text", rename_all = "lowercase")]
pub enum Cause {
    /// The history lines added in the same commit (`Amended (2) by Proposal 342, …`).
    History(Vec<String>),
    /// No history line was added: the commit's subject.
    Commit(String),
    /// Neither a history line nor a commit subject says.
    Editorial,
}

impl Cause {
    /// The cause in one line.
    pub(crate) fn describe(&self) -> String {
        match self {
            Cause::History(lines) => lines.join("; "),
            Cause::Commit(subject) => subject.clone(),
            Cause::Editorial => "editorial".to_string(),
        }
    }
}

impl History {
    /// The rule at HEAD.
    pub fn current(&self) -> &Version {
        self.versions.last().expect("a history has a version")
    }

    /// The history lines of the oldest version that changed the text
    /// (enactments, amendments, re-enactments), oldest first: what the
    /// rule's own record says of words older than the repository's.
    pub(crate) fn before_record(&self) -> Vec<String> {
        writing_entries(&self.versions[0].rule)
    }
}

/// The history lines of `rule` that wrote its text: enactments,
/// amendments, re-enactments (Agora's record says which of its changes
/// those are; a line no grammar read may be one).
fn writing_entries(rule: &Rule) -> Vec<String> {
    rule.history
        .iter()
        .filter(
            |entry| match entry.agora.as_ref().and_then(|a| a.change.as_ref()) {
                Some(change) => matches!(
                    change.kind,
                    ChangeKind::Initial { .. }
                        | ChangeKind::Enactment { .. }
                        | ChangeKind::Amendment { .. }
                        | ChangeKind::InfectionAmendment
                        | ChangeKind::Reenactment { .. }
                ),
                None => matches!(
                    entry.kind,
                    HistoryKind::Initial
                        | HistoryKind::Enacted
                        | HistoryKind::Amended
                        | HistoryKind::Reenacted
                        | HistoryKind::CreatedFromTemporary
                        | HistoryKind::Other
                ),
            },
        )
        .map(|entry| entry.source.clone())
        .collect()
}

/// Finds the file that keeps rule `rule` under `path` (a ruleset file, a
/// folder of rule pages, or Agora's source folder) and reads its history.
pub fn history(path: &Path, rule: &str, options: &Options) -> Result<History, ChronicleError> {
    let (keeping, file) = locate(path, rule)?;
    let (repo, relative) = Repo::containing(&file)?;
    let touches = repo.follow(&relative)?;
    if touches.is_empty() {
        return Err(ChronicleError::NoHistory { path: relative });
    }
    let wanted: Vec<(&str, &str)> = touches
        .iter()
        .map(|t| (t.commit.as_str(), t.path.as_str()))
        .collect();
    let blobs = repo.read_all(&wanted)?;
    // Read lazily: the copies older than the rule are never parsed.
    let copies = touches.iter().zip(blobs).map(|(touch, bytes)| {
        let read = match bytes {
            Some(bytes) => read_copy(keeping, &touch.path, bytes, options),
            None => Err(format!("git has no file {} there", touch.path)),
        };
        (
            touch.clone(),
            read.map(|(ruleset, format)| (Cow::Owned(ruleset), format)),
        )
    });
    let mut history = follow_rule(copies, rule, keeping)?;
    history.path = relative;
    Ok(history)
}

/// The history of rule `rule` in committed copies already read (newest
/// first, each with its format or why it could not be read), as
/// [`history`] gives it for a file; `None` when the newest copy does not
/// hold the rule. For a caller that has read the copies itself (the
/// website's history pages); its `path` is empty.
pub fn history_of_copies<'r>(
    copies: impl IntoIterator<Item = (Commit, &'r Ruleset, Format)>,
    rule: &str,
) -> Option<History> {
    let copies = copies.into_iter().map(|(commit, ruleset, format)| {
        let touch = Touch {
            commit: commit.commit,
            date: commit.date,
            subject: commit.subject,
            path: String::new(),
        };
        (touch, Ok((Cow::Borrowed(ruleset), format)))
    });
    follow_rule(copies, rule, Keeping::Ruleset).ok()
}

/// A commit as [`history_of_copies`] takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commit {
    /// The commit's id (full or abbreviated).
    pub commit: String,
    /// Its date, `YYYY-MM-DD`.
    pub date: String,
    /// The first line of its message.
    pub subject: String,
}

type Read<'r> = Result<(Cow<'r, Ruleset>, Format), String>;

/// The rule followed through the copies, newest first: found by its
/// identifier in the newest, then in each older copy as [`same_rule`]
/// says, until a copy does not hold it.
fn follow_rule<'r>(
    copies: impl Iterator<Item = (Touch, Read<'r>)>,
    rule: &str,
    keeping: Keeping,
) -> Result<History, ChronicleError> {
    let mut unread = Vec::new();
    let mut chain: Vec<(Touch, Rule, Format)> = Vec::new();
    let mut newer: Option<Cow<'r, Ruleset>> = None;
    let mut reached_first = false;
    let mut copies = copies.peekable();
    let mut index = 0;
    while let Some((touch, read)) = copies.next() {
        let first = index == 0;
        index += 1;
        let (ruleset, format) = match read {
            Ok(read) => read,
            Err(reason) if first => {
                return Err(ChronicleError::Unreadable {
                    path: touch.path,
                    message: reason,
                })
            }
            Err(reason) => {
                unread.push(UnreadCommit {
                    commit: touch.commit,
                    reason,
                });
                continue;
            }
        };
        let found = match (&newer, chain.last()) {
            (Some(newer), Some((_, target, newer_format))) => {
                same_rule(&ruleset, format, newer, *newer_format, target)
            }
            _ => by_label(&ruleset, rule),
        };
        let Some(found) = found else {
            if first {
                return Err(ChronicleError::NoRule {
                    rule: rule.to_string(),
                    path: touch.path,
                });
            }
            break;
        };
        chain.push((touch, found.clone().into_without_layout(), format));
        reached_first = copies.peek().is_none();
        newer = Some(ruleset);
    }
    let Some((_, current, _)) = chain.first() else {
        return Err(ChronicleError::NoHistory {
            path: String::new(),
        });
    };
    let current = current.label();
    Ok(History {
        rule: current,
        path: String::new(),
        keeping,
        versions: versions(chain),
        predates: reached_first,
        unread,
    })
}

fn by_label<'a>(ruleset: &'a Ruleset, label: &str) -> Option<&'a Rule> {
    let number: Option<u32> = label.parse().ok();
    ruleset
        .rules
        .iter()
        .find(|rule| rule.id.as_deref() == Some(label) || Some(rule.number) == number)
}

/// The rule of `older` that `target` (a rule of `newer`) was: the rule of
/// the same identifier, else the one `diff` pairs with it as renumbered.
fn same_rule<'a>(
    older: &'a Ruleset,
    older_format: Format,
    newer: &Ruleset,
    newer_format: Format,
    target: &Rule,
) -> Option<&'a Rule> {
    if let Some(rule) = by_label(older, &target.label()) {
        return Some(rule);
    }
    // `diff` pairs rules by number first; only an older rule whose number
    // the newer copy lacks can have been renumbered. Without one, there is
    // nothing to ask `diff` (the common case: the rule was enacted).
    let numbers: HashSet<u32> = newer.rules.iter().map(|rule| rule.number).collect();
    if older
        .rules
        .iter()
        .all(|rule| numbers.contains(&rule.number))
    {
        return None;
    }
    let options = DiffOptions {
        old_format: Some(older_format),
        new_format: Some(newer_format),
        ..DiffOptions::default()
    };
    diff::diff(older, newer, &options)
        .changes
        .iter()
        .find_map(|change| match change {
            Change::Renumbered { from, to, .. } if *to == target.number => Some(*from),
            _ => None,
        })
        .and_then(|from| older.rule(from))
}

/// The chain (newest first) as versions, oldest first, keeping the copies
/// that changed what the rule says.
fn versions(chain: Vec<(Touch, Rule, Format)>) -> Vec<Version> {
    let mut versions: Vec<(Version, Format)> = Vec::new();
    for (touch, rule, format) in chain.into_iter().rev() {
        let Some((last, last_format)) = versions.last() else {
            // The first version: the latest line of the rule's record that
            // wrote its text (its enactment, when the commit enacted it).
            let cause = match writing_entries(&rule).pop() {
                Some(line) => Cause::History(vec![line]),
                None => subject_cause(&touch.subject),
            };
            versions.push((version(&touch, rule, cause, Vec::new(), Vec::new()), format));
            continue;
        };
        if last.rule == rule {
            continue;
        }
        let changes = compare(&last.rule, *last_format, &rule, format);
        let mut kinds: Vec<String> = Vec::new();
        if last.rule.label() != rule.label() {
            kinds.push("renumbered".to_string());
        }
        let mut added = Vec::new();
        let mut words = Vec::new();
        for change in &changes {
            match change {
                Change::Layout { .. } | Change::Spacing { meaning: false, .. } => continue,
                Change::History { added: lines, .. } => {
                    added.extend(lines.iter().map(|line| line.text.clone()));
                }
                Change::Amended { words: changed, .. } => words.clone_from(changed),
                _ => {}
            }
            kinds.push(change.kind().to_string());
        }
        if kinds.is_empty() {
            continue;
        }
        let cause = if added.is_empty() {
            subject_cause(&touch.subject)
        } else {
            Cause::History(added)
        };
        versions.push((version(&touch, rule, cause, kinds, words), format));
    }
    versions.into_iter().map(|(version, _)| version).collect()
}

fn subject_cause(subject: &str) -> Cause {
    if subject.trim().is_empty() {
        Cause::Editorial
    } else {
        Cause::Commit(subject.to_string())
    }
}

fn version(
    touch: &Touch,
    rule: Rule,
    cause: Cause,
    changes: Vec<String>,
    words: Vec<WordChange>,
) -> Version {
    Version {
        commit: touch.commit.clone(),
        date: touch.date.clone(),
        subject: touch.subject.clone(),
        path: touch.path.clone(),
        cause,
        changes,
        words,
        rule,
    }
}

/// `diff`'s changes between two versions of one rule, the number aside.
fn compare(old: &Rule, old_format: Format, new: &Rule, new_format: Format) -> Vec<Change> {
    let mut old = old.clone();
    old.number = new.number;
    old.id.clone_from(&new.id);
    let options = DiffOptions {
        old_format: Some(old_format),
        new_format: Some(new_format),
        ..DiffOptions::default()
    };
    diff::diff(
        &Ruleset::new("", vec![old]),
        &Ruleset::new("", vec![new.clone()]),
        &options,
    )
    .changes
}
