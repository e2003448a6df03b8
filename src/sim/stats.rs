//! Statistics for Monte Carlo runs and for comparing two runs on common
//! seeds (a what-if): paired differences with a normal-approximation
//! interval, a paired difference of two ratios of sums (delta method), and
//! exact medians from histograms with a distribution-free interval (the
//! sign test's order statistics).
//!
//! Every total is an integer, so a result does not depend on the order in
//! which games were added (that is, on the number of threads).

use serde::Serialize;
use std::collections::BTreeMap;

/// The 97.5% quantile of the standard normal distribution: 95% intervals.
pub(crate) const Z95: f64 = 1.959_963_984_540_054;

/// Fixed-point scale for per-game values that are fractions (win shares).
pub(crate) const SHARE_SCALE: i64 = 1 << 32;

/// An estimate and its 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    /// The point estimate.
    pub estimate: f64,
    /// The lower end of the interval.
    pub low: f64,
    /// The upper end of the interval.
    pub high: f64,
}

impl Interval {
    /// A difference is significant when its interval excludes zero.
    #[must_use]
    pub(crate) fn significant(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }

    fn scaled(self, by: f64) -> Interval {
        Interval {
            estimate: self.estimate * by,
            low: self.low * by,
            high: self.high * by,
        }
    }
}

/// Sums of one per-game integer quantity: its mean with a normal interval.
/// In a what-if the quantity is the difference between the two sides on
/// the same seed (a paired comparison).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moments {
    /// Games added.
    pub n: u64,
    /// The sum of the values.
    pub sum: i128,
    /// The sum of their squares.
    pub sum_sq: u128,
}

impl Moments {
    /// Adds one game's value.
    pub(crate) fn add(&mut self, value: i64) {
        let v = i128::from(value);
        self.n += 1;
        self.sum += v;
        self.sum_sq += v.unsigned_abs() * v.unsigned_abs();
    }

    /// Adds another set of totals.
    pub(crate) fn merge(&mut self, other: &Moments) {
        self.n += other.n;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }

    /// The mean and its 95% interval (normal approximation, sample
    /// variance), divided by `scale` (1 for counts, [`SHARE_SCALE`] for
    /// shares). `None` without games.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn mean(&self, scale: i64) -> Option<Interval> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        let variance = if self.n > 1 {
            ((self.sum_sq as f64 - self.sum as f64 * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        let half = Z95 * (variance / n).sqrt();
        Some(
            Interval {
                estimate: mean,
                low: mean - half,
                high: mean + half,
            }
            .scaled(1.0 / scale as f64),
        )
    }
}

/// Per-game pairs (numerator, denominator) on two sides, for the
/// difference of two ratios of sums (`Σy_b/Σx_b − Σy_a/Σx_a`, e.g. adoption
/// rates) with a delta-method interval: all first and second moments of the
/// four per-game counts (y_a, x_a, y_b, x_b).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RatioPair {
    /// Games added.
    pub n: u64,
    sums: [u128; 4],
    products: [[u128; 4]; 4],
}

impl RatioPair {
    /// Adds one game: `base` and `amended` are (numerator, denominator).
    pub(crate) fn add(&mut self, base: (u64, u64), amended: (u64, u64)) {
        let v = [base.0, base.1, amended.0, amended.1].map(u128::from);
        self.n += 1;
        for i in 0..4 {
            self.sums[i] += v[i];
            for j in i..4 {
                self.products[i][j] += v[i] * v[j];
            }
        }
    }

    /// Adds another set of totals.
    pub(crate) fn merge(&mut self, other: &RatioPair) {
        self.n += other.n;
        for i in 0..4 {
            self.sums[i] += other.sums[i];
            for j in i..4 {
                self.products[i][j] += other.products[i][j];
            }
        }
    }

    /// The ratio on one side (0: base, 1: amended); `None` when its
    /// denominator is zero.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn ratio(&self, side: usize) -> Option<f64> {
        let (y, x) = (self.sums[2 * side], self.sums[2 * side + 1]);
        (x > 0).then(|| y as f64 / x as f64)
    }

    /// The difference amended − base and its 95% interval (delta method on
    /// the sample covariance of the four per-game counts).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn difference(&self) -> Option<Interval> {
        let (ra, rb) = (self.ratio(0)?, self.ratio(1)?);
        if self.n < 2 {
            return Some(Interval {
                estimate: rb - ra,
                low: rb - ra,
                high: rb - ra,
            });
        }
        let n = self.n as f64;
        let mean = self.sums.map(|s| s as f64 / n);
        // d(rb − ra) / d(ȳa, x̄a, ȳb, x̄b)
        let gradient = [
            -1.0 / mean[1],
            mean[0] / (mean[1] * mean[1]),
            1.0 / mean[3],
            -mean[2] / (mean[3] * mean[3]),
        ];
        let mut variance = 0.0;
        for i in 0..4 {
            for j in 0..4 {
                let (a, b) = if i <= j { (i, j) } else { (j, i) };
                let covariance = (self.products[a][b] as f64 - n * mean[a] * mean[b]) / (n - 1.0);
                variance += gradient[i] * gradient[j] * covariance;
            }
        }
        let half = Z95 * (variance.max(0.0) / n).sqrt();
        let d = rb - ra;
        Some(Interval {
            estimate: d,
            low: d - half,
            high: d + half,
        })
    }
}

/// How often each integer value occurred: exact medians and quantiles in
/// memory that grows with the number of distinct values, not of games.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Histogram {
    /// Occurrences by value.
    pub counts: BTreeMap<i64, u64>,
}

impl Histogram {
    /// Counts one occurrence of `value`.
    pub(crate) fn add(&mut self, value: i64) {
        *self.counts.entry(value).or_insert(0) += 1;
    }

    /// Adds another histogram.
    pub(crate) fn merge(&mut self, other: &Histogram) {
        for (value, count) in &other.counts {
            *self.counts.entry(*value).or_insert(0) += count;
        }
    }

    /// The number of values counted.
    #[must_use]
    pub(crate) fn total(&self) -> u64 {
        self.counts.values().sum()
    }

    /// The value of rank `rank` (1-based) in ascending order.
    fn at_rank(&self, rank: u64) -> Option<i64> {
        let mut seen = 0;
        for (value, count) in &self.counts {
            seen += count;
            if seen >= rank {
                return Some(*value);
            }
        }
        None
    }

    /// The median (the mean of the two middle values when the count is
    /// even) and a distribution-free 95% interval: the order statistics of
    /// ranks n/2 ∓ 1.96·√n/2 (the sign test's interval, normal
    /// approximation to the binomial). `None` when empty.
    #[must_use]
    #[allow(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss
    )]
    pub fn median(&self) -> Option<Interval> {
        let n = self.total();
        if n == 0 {
            return None;
        }
        let lower = self.at_rank(n.div_ceil(2))?;
        let upper = self.at_rank(n / 2 + 1)?;
        let estimate = if n.is_multiple_of(2) {
            f64::midpoint(lower as f64, upper as f64)
        } else {
            lower as f64
        };
        let spread = Z95 * (n as f64).sqrt() / 2.0;
        let low_rank = ((n as f64 / 2.0 - spread).floor() as u64).clamp(1, n);
        let high_rank = ((n as f64 / 2.0 + spread).ceil() as u64 + 1).clamp(1, n);
        Some(Interval {
            estimate,
            low: self.at_rank(low_rank)? as f64,
            high: self.at_rank(high_rank)? as f64,
        })
    }
}

#[cfg(test)]
mod tests;
