//! Rule references: which rules a rule's text cites, where, and how to
//! rewrite those citations when rules are renumbered.
//!
//! [`extract`] finds every citation in a rule body (Markdown or plain text)
//! with the byte span of the whole citation and of the digits of each number
//! it names. [`graph`] builds who-cites-whom over a ruleset, and
//! [`renumber`] rewrites the digits of cited numbers and nothing else.
//!
//! `extract` is meant for rule *bodies* (`Rule::text`, or the body part of a
//! rule's source bytes): headings (`Rule 101 (Immutable)`) and history lines
//! (`Initial mutable Rule 201, …`) also have the shape of a citation, and the
//! caller is the one that knows where a body starts and ends.
//!
//! # What counts as a citation
//!
//! The grammar (in `grammar/`, written with `nom`) takes a number only when a
//! word says that the number names a rule. Every decision below is covered by
//! a unit test in `tests.rs`.
//!
//! Taken:
//! - `Rule 206`, `rule 312`, `RULE 206`, `per rule 113`, `Rule #206`,
//!   `Rule **206**`, `[Rule 206](rules/md/206.md)` (the link text; the link
//!   destination is never read as a citation), `Rule\n      206` (a citation
//!   wrapped in a 70-column text file; at most one line break in between),
//!   `Rule&nbsp;206`.
//! - `Rule 206's` (a possessive of one rule), `Rule 203/1` (a rule and its
//!   revision: the number is 203, the revision is not a rule).
//! - Lists and ranges after the word: `Rules 101-117 (immutable) and 201-219
//!   (mutable)`, `Rules 201, 212 and 213`, `Relevant Rules: 116, 307`,
//!   `both Rule 206 and Rule 304` (one citation naming two rules), `Rules
//!   101–117` (en dash), `Rules 101 through 117`, `Rules 201 to 219`. A range
//!   is taken only when its end is greater than its start; after `to` or
//!   `through` its end must also read as a list member (see below), so that
//!   `amend Rule 206 to 250 words` cites only 206.
//! - Forms of *supersede* (any spelling in the rulesets: `superseding`,
//!   `supersedes`, `superceeding`, …) followed by numbers, with or without the
//!   word rule: `superseding 203`, `superseding 201, 212, 213, and 217`,
//!   `superseding Rule 215`.
//! - A part of a rule: `the first paragraph of rule 301`, `paragraph 2 of
//!   Rule 206`, `clause (a) of rule 206`, `the 2nd sentence of Rule 206` (kind
//!   [`ReferenceKind::Part`]; the span starts at the ordinal or the part word).
//! - `Temporary Rule 601` in a rule body: temporary rules that become rules
//!   are numbered from 600 (Nomic IV rule 308), so it names rule 601. (History
//!   lines such as `Created from Temporary Rule 601` are not bodies.)
//!
//! Not taken:
//! - Numbers without a word that makes them rule numbers: `100's`, `200's`,
//!   `600's and above`, `24 hours`, `35 points`, `1d6`, dates, `801x801`,
//!   `(R1T3)`, `1) Bot-players …`, image alt text such as `![319 graph](…)`.
//! - `Proposal 329`: proposals are numbered like rules but are not rules.
//! - `rule number less than 300`, `a rule number 300 or above`: the word after
//!   "rule" is "number", which describes a set of rules, not one rule.
//! - `rule-change`, `sub-rule 3`, `overrule 3`: the word must be "rule" or
//!   "rules" on its own (not preceded by a letter, a digit or a hyphen, not
//!   followed by a hyphen).
//! - A number glued to a letter or another number shape: `Rule 1d6`, `Rule
//!   206a`, `Rule 2.5`, `Rule 1,000`, `Rule 50%`; a number with a leading zero
//!   (`Rule 007`: renumbering could not give its digits back); a number of more
//!   than five digits.
//! - `Rules 600's` (the plural with `'s` names the 600s, not a rule).
//! - After the first number, further bare numbers (without their own "Rule")
//!   in a list are taken only when they read as list members: followed by
//!   punctuation, a parenthesis, a line end, the end of the text, or one of a
//!   few words that follow a list of rules (`are`, `is`, `apply`, `shall`, …).
//!   So `Rule 206 and 24 hours` and `Rule 206, 35 points` cite only 206, while
//!   `Rules 201 and 212 are mutable` cites both. The same holds for the number
//!   after a bare `superseding`: `supersedes 2 rules` is not a citation.
//! - A bare number that starts a line after a comma and is followed by `.` or
//!   `)`: it is the marker of an ordered list item (`…as in Rule 206,\n2. Each
//!   player…`). After `and` or `or` it ends a wrapped list and is taken.
//! - `Rule` and a number in different paragraphs (`Rule\n\n206`).

pub mod agora;
#[cfg(test)]
mod bundled_tests;
mod grammar;
mod graph;
#[cfg(test)]
mod proptests;
mod renumber;
#[cfg(test)]
mod tests;

use serde::Serialize;
use std::ops::Range;

pub use graph::{dangling, graph, Dangling, ReferenceGraph};
pub use renumber::{renumber, Renumbered, SkipReason, Skipped};

/// One citation in a text: the whole phrase and every rule number it names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reference {
    /// From the first byte of the introducing word to the last digit cited.
    pub span: Range<usize>,
    /// The numbers in text order.
    pub numbers: Vec<CitedNumber>,
    /// Which kind of phrase introduces the citation.
    pub kind: ReferenceKind,
}

/// A cited rule number, or a range of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CitedNumber {
    /// The number cited; 0 when `id` names a rule by an identifier that is
    /// not a number.
    pub number: u32,
    /// An identifier cited as written when it is not a number (`UC1`,
    /// `-216`, in rulesets read through a dialect); resolved against the
    /// identifiers of the ruleset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The digits only.
    pub span: Range<usize>,
    /// For a range (`101-117`): the last number and the span of its digits.
    /// In JSON: `{"number": 117, "span": {"start": …, "end": …}}`.
    #[serde(serialize_with = "serialize_range_end")]
    pub range_end: Option<(u32, Range<usize>)>,
}

fn serialize_range_end<S: serde::Serializer>(
    range_end: &Option<(u32, Range<usize>)>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct End<'a> {
        number: u32,
        span: &'a Range<usize>,
    }
    range_end
        .as_ref()
        .map(|(number, span)| End {
            number: *number,
            span,
        })
        .serialize(serializer)
}

impl CitedNumber {
    /// Every rule number this cites (one, or each number of the range).
    pub fn numbers(&self) -> std::ops::RangeInclusive<u32> {
        match &self.range_end {
            Some((end, _)) => self.number..=*end,
            None => self.number..=self.number,
        }
    }
}

/// `206`, or `101-117` for a range.
impl std::fmt::Display for CitedNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.id, &self.range_end) {
            (Some(id), _) => f.write_str(id),
            (None, Some((end, _))) => write!(f, "{}-{end}", self.number),
            (None, None) => write!(f, "{}", self.number),
        }
    }
}

/// What introduced a citation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ReferenceKind {
    /// The word rule: `Rule 206`, `per rule 113`, `Rules 101-117 …`,
    /// `both Rule 206 and Rule 304`, `Relevant Rules: 116, 307`.
    Rule,
    /// A form of supersede: `superseding 203`, `superseding Rule 215`.
    Superseding,
    /// A part of a rule: `the first paragraph of rule 301`.
    Part,
}

/// Ascending numbers as runs of consecutive ones: 1, 2, 4 → (1, 2), (4, 4).
/// How rule lists are written back (`Rules 301-303 and 305`).
pub fn runs(numbers: impl IntoIterator<Item = u32>) -> Vec<(u32, u32)> {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for number in numbers {
        match runs.last_mut() {
            Some((_, end)) if end.checked_add(1) == Some(number) => *end = number,
            _ => runs.push((number, number)),
        }
    }
    runs
}

/// Every citation of a rule in `text`, in text order. Spans are byte offsets
/// into `text`. Never panics, on any input.
pub fn extract(text: &str) -> Vec<Reference> {
    grammar::extract(text)
}

/// The citations in a rule's text, read with its community's forms: an
/// Agora rule also cites as `R1030` ([`agora::extract`]).
pub fn extract_rule(rule: &crate::model::Rule) -> Vec<Reference> {
    if rule.agora.is_some() {
        agora::extract(&rule.text)
    } else {
        extract(&rule.text)
    }
}
