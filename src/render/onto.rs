//! Publishing onto a folder that already publishes the ruleset: the files
//! the moderator keeps are the style reference. Each form's file keeps its
//! header, footer and the bytes of every rule that the change did not touch
//! in what that form carries; only touched and new rules are written anew.
//!
//! Whether a rule was touched is read from the folder's own copies, never
//! from the copy being written over alone: a text form cannot be compared
//! with the Markdown source word for word (it drops emphasis, draws tables
//! by hand, wraps as its moderator wraps), so a rule's text is judged by the
//! folder's Markdown copies (its `rules/md/` page, else `rules-s.md`), which
//! hold it exactly; its number, mutability and revision by the copy itself;
//! its history and judgments by how many entries the copy holds (a history
//! grows with each amendment and judgment, and a hand slip in an old entry
//! is the moderator's to fix, not a change).

use super::page_rule;
use crate::model::{Format, Rule, RuleLayout, Ruleset};
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

/// What an output folder already publishes, each file read in its form
/// with its layout. Empty for a fresh folder.
#[derive(Debug, Default)]
pub struct Existing {
    /// The whole forms by path relative to the folder (`rules-l.txt`).
    pub whole: HashMap<PathBuf, Ruleset>,
    /// The per-rule pages by path (`rules/txt/219.txt`): the file's text
    /// and the rule it holds.
    pub pages: HashMap<PathBuf, (String, Rule)>,
}

/// Whether each rule's text is the one the folder's Markdown copies hold.
pub(super) struct Witness {
    same_text: HashMap<u32, bool>,
}

impl Witness {
    /// Reads the folder's Markdown copies of each rule of `ruleset`.
    pub(super) fn new(ruleset: &Ruleset, existing: &Existing) -> Witness {
        let short: HashMap<u32, &Rule> = existing
            .whole
            .get(&PathBuf::from("rules-s.md"))
            .map(|copy| copy.rules.iter().map(|rule| (rule.number, rule)).collect())
            .unwrap_or_default();
        let same_text = ruleset
            .rules
            .iter()
            .filter_map(|rule| {
                let same = match existing.pages.get(&super::publish::md_page_path(rule)) {
                    Some((_, copy)) => copy.text == page_rule(rule).text,
                    None => short.get(&rule.number)?.text == rule.text,
                };
                Some((rule.number, same))
            })
            .collect();
        Witness { same_text }
    }

    /// Whether `rule`, whose copy in a file of `format` is `copy`, says in
    /// that form what the copy says: number, mutability, the revision and
    /// the count of history entries and judgments where the form carries
    /// them, and the text (a Markdown form's own copy, a text form's by the
    /// witness).
    pub(super) fn untouched(&self, rule: &Rule, copy: &Rule, format: Format) -> bool {
        let text = match format {
            Format::MdLong | Format::MdShort => copy.text == rule.text,
            Format::MdRule => copy.text == page_rule(rule).text,
            _ => self.same_text.get(&rule.number) == Some(&true),
        };
        text && rule.number == copy.number
            && rule.mutability == copy.mutability
            && (!format.carries_revision() || rule.revision == copy.revision)
            && (!format.carries_history()
                || (rule.history.len() == copy.history.len()
                    && rule.judgments.len() == copy.judgments.len()))
    }
}

/// `ruleset` made ready to be written onto `copy`, the folder's file of
/// `format`: it takes the copy's document layout (its header while the
/// title is the same, its footer), and each rule untouched in that form
/// takes its bytes there. A touched rule keeps only where it stood, so that
/// its neighbours keep their separators; a new rule stands nowhere. Gives
/// the numbers of the rules carried over.
pub(super) fn onto(
    ruleset: &Ruleset,
    copy: &Ruleset,
    format: Format,
    witness: &Witness,
) -> (Ruleset, HashSet<u32>) {
    let copies: HashMap<u32, &Rule> = copy.rules.iter().map(|rule| (rule.number, rule)).collect();
    let mut carried = HashSet::new();
    let rules = ruleset
        .rules
        .iter()
        .map(|rule| {
            let mut rule = Rule {
                layout: None,
                ..rule.clone()
            };
            let Some(kept) = copies
                .get(&rule.number)
                .and_then(|copy| Some((copy, copy.layout.as_ref()?)))
            else {
                return rule;
            };
            let (copy, layout) = kept;
            let fingerprint = if witness.untouched(&rule, copy, format) {
                carried.insert(rule.number);
                rule.fingerprint()
            } else {
                String::new()
            };
            rule.layout = Some(RuleLayout {
                fingerprint,
                ..layout.clone()
            });
            rule
        })
        .collect();
    let layout = copy.layout.clone().map(|mut layout| {
        // The header stays while the title the form shows is the same.
        if layout.title == super::title_for(format, &ruleset.title) {
            layout.title.clone_from(&ruleset.title);
        }
        layout.format = format;
        layout
    });
    let written = Ruleset {
        title: ruleset.title.clone(),
        rules,
        layout,
        agora: ruleset.agora.clone(),
    };
    (written, carried)
}

/// The style of `written` (a ruleset made ready by [`onto`]) as its file
/// shows it ([`super::style::infer`]) from the rules carried over there,
/// the latest first. Rules written anew are written in it.
pub(super) fn inferred_style(
    renderer: &super::Renderer,
    written: &Ruleset,
    carried: &HashSet<u32>,
    format: Format,
) -> super::Style {
    let mut sample: Vec<(&Rule, &str)> = written
        .rules
        .iter()
        .filter(|rule| carried.contains(&rule.number))
        .filter_map(|rule| Some((rule, rule.layout.as_ref()?.source.as_str())))
        .collect();
    sample.sort_by_key(|(rule, _)| std::cmp::Reverse(rule.number));
    super::style::infer(format, &sample, |rule, style| {
        renderer.region(rule, format, style).ok()
    })
}
