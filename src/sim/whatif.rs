//! What-if: the same seeds played on a ruleset as it is and as a proposal
//! would leave it, each figure compared on common seeds (paired
//! differences), with which parameters the proposal changes and the rule
//! sentences they were read from.

use super::monte_carlo::{each_game, Config, Game, MonteCarloError, Table, Totals};
use super::stats::{Histogram, Moments, RatioPair, SHARE_SCALE};
use crate::engine::params::Provenance;
use crate::engine::recognise::recognise_text;
use crate::model::Ruleset;
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

mod report;

pub use report::{Figure, Report};

/// A parameter whose value the proposal changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ParamChange {
    /// The parameter's name (`win.points`).
    pub name: String,
    /// Its value and source before the proposal.
    pub before: Reading,
    /// Its value and source after.
    pub after: Reading,
}

/// A parameter's value, where it came from, and the sentence it was read
/// from when it came from a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reading {
    /// The value in text form.
    pub value: String,
    /// `rule 213/0`, `default`.
    pub from: String,
    /// The rule's sentence that states it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sentence: Option<String>,
}

/// The paired totals of a what-if: per-seed differences amended − base.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Paired {
    /// Game length, turns.
    pub length: Moments,
    /// Game length differences, for their median.
    pub length_differences: Histogram,
    /// No winner (1) or a winner (0).
    pub no_winner: Moments,
    /// Win share by seat, in units of 1/[`SHARE_SCALE`].
    pub wins: Vec<Moments>,
    /// Adopted / decided proposals.
    pub adoption: RatioPair,
}

impl Paired {
    fn record(&mut self, base: &Game, amended: &Game) {
        let length = i64::from(amended.turns) - i64::from(base.turns);
        self.length.add(length);
        self.length_differences.add(length);
        self.no_winner
            .add(i64::from(amended.winners == 0) - i64::from(base.winners == 0));
        for (seat, wins) in self.wins.iter_mut().enumerate() {
            wins.add(share(amended, seat) - share(base, seat));
        }
        self.adoption.add(
            (base.adopted, base.decided),
            (amended.adopted, amended.decided),
        );
    }

    fn merge(&mut self, other: &Paired) {
        self.length.merge(&other.length);
        self.length_differences.merge(&other.length_differences);
        self.no_winner.merge(&other.no_winner);
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            a.merge(b);
        }
        self.adoption.merge(&other.adoption);
    }
}

/// A seat's share of a game's win in units of 1/[`SHARE_SCALE`].
fn share(game: &Game, seat: usize) -> i64 {
    let (num, den) = game.share(seat);
    // num ≤ 1 and den ≥ 1: the value fits.
    i64::try_from(u128::from(SHARE_SCALE.unsigned_abs()) * num / den).unwrap_or(SHARE_SCALE)
}

/// Both sides' totals and their paired differences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// The ruleset as it is.
    pub base: Totals,
    /// The ruleset as the proposal would leave it.
    pub amended: Totals,
    /// Per-seed differences.
    pub paired: Paired,
    /// The parameters the proposal changes.
    pub changes: Vec<ParamChange>,
}

/// Plays game `i` of `config` on both rulesets, for every `i`, until done
/// or `stop` is set.
///
/// # Errors
/// As [`super::monte_carlo::template`], for either ruleset.
pub fn run(
    base: &Ruleset,
    amended: &Ruleset,
    config: &Config,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Comparison, MonteCarloError> {
    let first = (Table::new(base, config)?, Table::new(amended, config)?);
    let seats = usize::from(config.players);
    let empty = || Comparison {
        base: Totals::for_config(config),
        amended: Totals::for_config(config),
        paired: Paired {
            wins: vec![Moments::default(); seats],
            ..Paired::default()
        },
        changes: Vec::new(),
    };
    let total = Mutex::new(empty());
    each_game(
        config,
        progress,
        stop,
        |tables: &mut (Table, Table), index, mine: &mut Comparison| {
            let a = tables.0.play(index);
            let b = tables.1.play(index);
            mine.base.record(&a);
            mine.amended.record(&b);
            mine.paired.record(&a, &b);
        },
        // Copies of the first tables, as in `monte_carlo::run_until`.
        || Ok(((first.0.clone(), first.1.clone()), empty())),
        |mine| {
            let mut total = total
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            total.base.add(&mine.base);
            total.amended.add(&mine.amended);
            total.paired.merge(&mine.paired);
        },
    )?;
    let mut comparison = total
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    comparison.changes = changes(base, amended);
    Ok(comparison)
}

/// The parameters whose values differ between the two rulesets.
#[must_use]
pub(crate) fn changes(base: &Ruleset, amended: &Ruleset) -> Vec<ParamChange> {
    let before = crate::engine::recognise(base).params;
    let after = crate::engine::recognise(amended).params;
    before
        .entries()
        .into_iter()
        .zip(after.entries())
        .filter(|(b, a)| b.1 != a.1)
        .map(
            |((name, value, from), (_, new_value, new_from))| ParamChange {
                name: name.to_string(),
                before: reading(base, name, value, from),
                after: reading(amended, name, new_value, new_from),
            },
        )
        .collect()
}

fn reading(ruleset: &Ruleset, name: &str, value: String, from: &Provenance) -> Reading {
    Reading {
        value,
        from: from.to_string(),
        sentence: from.rule().and_then(|n| sentence(ruleset, n, name)),
    }
}

/// The shortest passage of rule `number` that states parameter `name`: a
/// sentence, else a paragraph, else the whole text.
#[must_use]
pub(crate) fn sentence(ruleset: &Ruleset, number: u32, name: &str) -> Option<String> {
    let rule = ruleset.rules.iter().find(|r| r.number == number)?;
    let states = |text: &str| {
        recognise_text(text)
            .settings
            .iter()
            .any(|setting| setting.key().name() == name)
    };
    let paragraphs: Vec<&str> = rule
        .text
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    for paragraph in &paragraphs {
        for sentence in sentences(paragraph) {
            if states(sentence) {
                return Some(sentence.to_string());
            }
        }
    }
    paragraphs
        .iter()
        .find(|p| states(p))
        .map(|p| (*p).to_string())
        .or_else(|| states(&rule.text).then(|| rule.text.trim().to_string()))
}

/// A paragraph's sentences: split after `.`, `!` or `?` followed by a space.
fn sentences(paragraph: &str) -> impl Iterator<Item = &str> {
    let mut rest = paragraph;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest
            .char_indices()
            .find(|(i, c)| {
                matches!(c, '.' | '!' | '?') && rest[i + 1..].starts_with(char::is_whitespace)
            })
            .map_or(rest.len(), |(i, _)| i + 1);
        let (sentence, tail) = rest.split_at(end);
        rest = tail.trim_start();
        Some(sentence.trim())
    })
}

impl Comparison {
    /// The figures side by side, each with its difference and interval.
    #[must_use]
    pub(crate) fn figures(&self, max_turns: u32) -> Vec<Figure> {
        report::figures(self, max_turns)
    }
}

#[cfg(test)]
mod tests;
