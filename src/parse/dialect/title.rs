//! The ruleset's title: the file's own heading before its rules, never a
//! group heading (`Immutable Rules`, `# Section 0: Emergencies`) that
//! happens to come first.

use super::reader::{group_of, heading_level, heading_text, Line};
use crate::model::Dialect;
use std::collections::BTreeSet;

/// The title read off the header (the lines before the first rule,
/// `starts[0]`): of its headings that head no group, the highest, and of
/// equals the last (nearest the rules: `# Reference …` then `# Nomic
/// Initial Set of Rules`). A header without headings gives its first line
/// (a plain title line); one whose headings are all groups gives none.
///
/// A group heading is one the dialect names, or the last heading of the
/// header at a level that also heads stretches of rules further on (a
/// heading between two rules that ends the rule above it, at the rules'
/// `level` or above, is a group's): `# Rules` over the first rules is a
/// group, the `Nomic: The GitHub Edition` heading above it at the same
/// level is the title.
pub(super) fn title(
    lines: &[Line<'_>],
    starts: &[usize],
    level: usize,
    dialect: &Dialect,
) -> String {
    let Some(&first_rule) = starts.first() else {
        return String::new();
    };
    let is_start: BTreeSet<usize> = starts.iter().copied().collect();
    let last_rule = starts.last().copied().unwrap_or(first_rule);
    let group_levels: BTreeSet<usize> = (first_rule..last_rule)
        .filter(|i| !is_start.contains(i))
        .filter_map(|i| heading_level(lines, i))
        .filter(|&l| l < level || level == 7)
        .collect();
    let headings: Vec<(usize, usize)> = (0..first_rule)
        .filter_map(|i| Some((i, heading_level(lines, i)?)))
        .collect();
    if headings.is_empty() {
        return (0..first_rule)
            .find(|&i| !lines[i].is_blank())
            // A quoted title line (`> RULES`) is the same title.
            .map(|i| {
                heading_text(lines[i].text)
                    .trim_start_matches('>')
                    .trim()
                    .to_string()
            })
            .unwrap_or_default();
    }
    let heads_the_rules = |n: usize| {
        let (_, l) = headings[n];
        group_levels.contains(&l) && headings[n + 1..].iter().all(|&(_, later)| later > l)
    };
    headings
        .iter()
        .enumerate()
        .filter(|&(n, &(i, _))| group_of(dialect, lines[i].text).is_none() && !heads_the_rules(n))
        .map(|(_, heading)| heading)
        .min_by_key(|&&(i, l)| (l, std::cmp::Reverse(i)))
        .map(|&(i, _)| heading_text(lines[i].text).to_string())
        .unwrap_or_default()
}
