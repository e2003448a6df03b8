//! The template of a group of rule starts that share a core: each part in
//! the form most of them write it, optional where only some have it, and
//! whether what follows the number is a title or the rule's text.

use super::reader::Line;
use super::start::{self, Part, PartKind, StartShape};
use std::collections::{BTreeMap, BTreeSet};

/// A file's possible rule starts grouped by core and by the underline under
/// them, each with its line index.
pub(super) type Shapes = BTreeMap<(String, Option<char>), Vec<(usize, StartShape)>>;

/// How often each form (the literal text before and after) of a part is written.
type Forms = BTreeMap<(String, String), usize>;

/// Whether what follows the number on rule starts that are not headings
/// reads as titles: every such rest is short and ends no sentence, and some
/// rule has a body under its first line. When nothing follows any rule's
/// first line, those words are the rules' texts: a rule's first sentence
/// never becomes its title, even one written without a period.
pub(super) fn rests_read_as_titles(lines: &[Line<'_>], found: &[(usize, StartShape)]) -> bool {
    if !start::rests_are_titles(found.iter().filter_map(|(_, s)| s.rest.as_deref())) {
        return false;
    }
    // The lines between each rule start and the next: the last rule's
    // body is not told apart from what may follow the rules.
    let bodied = found.windows(2).any(|pair| {
        lines[pair[0].0 + 1..pair[1].0]
            .iter()
            .any(|line| !line.is_blank())
    });
    bodied
}

/// Rule starts whose punctuation opens their title where others write it
/// after a revision or marker (`## Rule 102: Amendment` beside `## Rule
/// 101/2 (Immutable): Obedience`): the punctuation is the title's, in
/// every rule, so that one optional part (`{?: {title}}`) reads both.
fn titles_take_punctuation(found: &[StartShape]) -> Vec<StartShape> {
    let later: BTreeSet<&str> = found
        .iter()
        .filter(|shape| shape.punct.is_empty())
        .flat_map(|shape| shape.parts.iter().skip(1))
        .filter(|part| part.kind == PartKind::Title)
        .map(|part| part.before.as_str())
        .collect();
    found
        .iter()
        .map(|shape| {
            let mut shape = shape.clone();
            if let Some(first) = shape.parts.first_mut() {
                let joined = format!("{}{}", shape.punct, first.before);
                let folds = !shape.punct.is_empty()
                    && first.kind == PartKind::Title
                    && later.contains(joined.as_str());
                if folds {
                    first.before = joined;
                    shape.punct.clear();
                }
            }
            shape
        })
        .collect()
}

/// The template of rule starts that share `core`: each part in the form
/// most of them write it, optional unless every one has it. What follows
/// the number on lines that are not headings is a title when `titles`
/// says so ([`rests_read_as_titles`]), else the start of the rule's text.
pub(super) fn group_template(core: &str, found: &[StartShape], titles: bool) -> String {
    let found = &titles_take_punctuation(found);
    let resolved = |kind: PartKind| match kind {
        PartKind::Rest if titles => PartKind::Title,
        PartKind::Rest => PartKind::Text,
        kind => kind,
    };
    // For each kind: how many rules have it, and how often each form.
    let mut kinds: BTreeMap<PartKind, (usize, Forms)> = BTreeMap::new();
    for shape in found {
        let mut seen = BTreeSet::new();
        for part in &shape.parts {
            let kind = resolved(part.kind);
            let entry = kinds.entry(kind).or_default();
            if seen.insert(kind) {
                entry.0 += 1;
            }
            *entry
                .1
                .entry((part.before.clone(), part.after.clone()))
                .or_default() += 1;
        }
    }
    // The punctuation most rules write; optional where the others write none.
    let mut puncts: BTreeMap<&str, usize> = BTreeMap::new();
    for shape in found {
        *puncts.entry(shape.punct.as_str()).or_default() += 1;
    }
    // Rules that write it and rules that write none: the one written, optional.
    let optional = puncts.len() == 2 && puncts.contains_key("");
    let (punct, _) = puncts
        .iter()
        .filter(|(punct, _)| !optional || !punct.is_empty())
        .max_by_key(|(punct, n)| (**n, punct.len()))
        .map_or(("", 0), |(p, n)| (*p, *n));
    let required = !optional;
    let parts: Vec<(Part, bool)> = kinds
        .into_iter()
        .filter_map(|(kind, (rules, forms))| {
            let ((before, after), _) = forms.into_iter().max_by_key(|(_, n)| *n)?;
            Some((
                Part {
                    kind,
                    before,
                    after,
                },
                rules == found.len(),
            ))
        })
        .collect();
    start::template(core, (punct, required), &parts)
}
