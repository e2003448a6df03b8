//! The what-if report: each figure on both sides, the difference and its
//! 95% interval, as text or JSON.

use super::{Comparison, ParamChange};
use crate::sim::stats::{Interval, SHARE_SCALE};
use serde::Serialize;
use std::fmt::Write;

/// One figure on both sides.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figure {
    /// What is measured (`win share, seat 1`).
    pub name: String,
    /// `share` (0 to 1) or `turns`.
    pub unit: &'static str,
    /// The value on the ruleset as it is.
    pub base: f64,
    /// The value on the ruleset as amended.
    pub amended: f64,
    /// The difference amended − base and its 95% interval.
    pub difference: Interval,
    /// Whether the interval excludes zero.
    pub significant: bool,
    /// How the interval was computed.
    pub method: &'static str,
}

const PAIRED: &str = "mean of paired differences, normal approximation";

#[allow(clippy::cast_precision_loss)]
pub(super) fn figures(c: &Comparison, max_turns: u32) -> Vec<Figure> {
    let mut out = Vec::new();
    let mut push = |name: String, unit, base, amended, difference: Option<Interval>, method| {
        if let Some(difference) = difference {
            out.push(Figure {
                name,
                unit,
                base,
                amended,
                significant: difference.significant(),
                difference,
                method,
            });
        }
    };
    for seat in 0..c.base.wins.len() {
        push(
            format!("win share, seat {}", seat + 1),
            "share",
            c.base.share(seat).0,
            c.amended.share(seat).0,
            c.paired.wins[seat].mean(SHARE_SCALE),
            PAIRED,
        );
    }
    push(
        "mean game length".into(),
        "turns",
        c.base.length().0,
        c.amended.length().0,
        c.paired.length.mean(1),
        PAIRED,
    );
    let median =
        |t: &crate::sim::monte_carlo::Totals| t.lengths.median().map_or(0.0, |m| m.estimate);
    push(
        "median game length".into(),
        "turns",
        median(&c.base),
        median(&c.amended),
        c.paired.length_differences.median(),
        "median of paired differences, sign-test interval",
    );
    let games = c.base.games.max(1) as f64;
    push(
        format!("no winner within {max_turns} turns"),
        "share",
        c.base.no_winner as f64 / games,
        c.amended.no_winner as f64 / games,
        c.paired.no_winner.mean(1),
        PAIRED,
    );
    push(
        "adoption rate".into(),
        "share",
        c.base.adoption_rate(),
        c.amended.adoption_rate(),
        c.paired.adoption.difference(),
        "difference of ratios of sums, delta method on paired counts",
    );
    out
}

/// The whole report, for `--format json`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Games played on each side (fewer than asked when interrupted).
    pub games: u64,
    /// Whether the run was interrupted.
    pub interrupted: bool,
    /// Players per game.
    pub players: u16,
    /// The run's seed.
    pub seed: u64,
    /// The turn limit.
    pub max_turns: u32,
    /// The parameters the proposal changes.
    pub changes: Vec<ParamChange>,
    /// Every figure.
    pub figures: Vec<Figure>,
}

impl Report {
    /// The report of a comparison.
    #[must_use]
    pub fn new(
        c: &Comparison,
        config: &crate::sim::monte_carlo::Config,
        interrupted: bool,
    ) -> Report {
        Report {
            games: c.base.games,
            interrupted,
            players: config.players,
            seed: config.seed,
            max_turns: config.max_turns,
            changes: c.changes.clone(),
            figures: c.figures(config.max_turns),
        }
    }

    /// The report as text: the changed parameters, then a table.
    #[must_use]
    pub fn text(&self, base: &str, proposals: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "what-if: {base} as it is (base) and with {proposals} (amended)"
        );
        let _ = writeln!(
            out,
            "{} games on each side, same seeds, {} players, seed {}{}",
            self.games,
            self.players,
            self.seed,
            if self.interrupted {
                " (interrupted: the games finished so far)"
            } else {
                ""
            }
        );
        out.push('\n');
        if self.changes.is_empty() {
            out.push_str(
                "parameters changed: none (the engine models nothing the proposal changes)\n",
            );
        } else {
            out.push_str("parameters changed:\n");
            for change in &self.changes {
                let _ = writeln!(
                    out,
                    "  {}: {} ({}) -> {} ({})",
                    change.name,
                    change.before.value,
                    change.before.from,
                    change.after.value,
                    change.after.from
                );
                for (side, reading) in [("was", &change.before), ("now", &change.after)] {
                    if let Some(sentence) = &reading.sentence {
                        let _ = writeln!(out, "    {side}: \"{sentence}\"");
                    }
                }
            }
        }
        out.push('\n');
        let width = self
            .figures
            .iter()
            .map(|f| f.name.chars().count())
            .max()
            .unwrap_or(0);
        let _ = writeln!(
            out,
            "{:<width$}  {:>9}  {:>9}  {:>9}  {:<21}  significant",
            "figure", "base", "amended", "change", "95% interval"
        );
        for f in &self.figures {
            let value = |v: f64| match f.unit {
                "share" => format!("{:.2}%", v * 100.0),
                _ => format!("{v:.2}"),
            };
            let signed = |v: f64| match f.unit {
                "share" => format!("{:+.2}%", v * 100.0),
                _ => format!("{v:+.2}"),
            };
            let _ = writeln!(
                out,
                "{:<width$}  {:>9}  {:>9}  {:>9}  {:<21}  {}",
                f.name,
                value(f.base),
                value(f.amended),
                signed(f.difference.estimate),
                format!(
                    "{} to {}",
                    signed(f.difference.low),
                    signed(f.difference.high)
                ),
                if f.significant { "yes" } else { "no" }
            );
        }
        out.push_str(
            "\nThe change is amended - base on the same seeds; an interval is 95%, and a\n\
             change is significant when its interval excludes zero (`nomic help engine`).\n",
        );
        out
    }
}
