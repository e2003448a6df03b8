use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// A rule's power, a decimal kept exactly as written (`3.14`, `2.0`, `1`).
///
/// Agora's headings print it as written (`Power=2.0`) while the power
/// distribution prints the number (`2`); [`Power::normalized`] gives the
/// latter and [`Power::value`] the number.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Power(String);

impl Power {
    /// A power from its written form; `None` unless it is a non-negative
    /// decimal (digits, optionally a point and more digits).
    pub fn new(written: &str) -> Option<Power> {
        let (whole, fraction) = written.split_once('.').unwrap_or((written, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        let valid = !whole.is_empty()
            && digits(whole)
            && digits(fraction)
            && (fraction.is_empty() != written.contains('.'));
        valid.then(|| Power(written.to_string()))
    }

    /// The power as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number without trailing zeros: `2.0` → `2`, `3.10` → `3.1`.
    pub fn normalized(&self) -> String {
        match self.0.split_once('.') {
            Some((whole, fraction)) => {
                let fraction = fraction.trim_end_matches('0');
                let whole = whole.trim_start_matches('0');
                let whole = if whole.is_empty() { "0" } else { whole };
                if fraction.is_empty() {
                    whole.to_string()
                } else {
                    format!("{whole}.{fraction}")
                }
            }
            None => {
                let whole = self.0.trim_start_matches('0');
                if whole.is_empty() { "0" } else { whole }.to_string()
            }
        }
    }

    /// Compares two powers as numbers (`2.0` equals `2`).
    pub fn cmp_value(&self, other: &Power) -> Ordering {
        let key = |p: &Power| {
            let n = p.normalized();
            let (whole, fraction) = n
                .split_once('.')
                .map_or((n.clone(), String::new()), |(w, f)| {
                    (w.to_string(), f.to_string())
                });
            (whole.len(), whole, fraction)
        };
        key(self).cmp(&key(other))
    }

    /// How many of `powers` there are of each power, lowest first, `2.0`
    /// and `2` counting as one (kept as first written): what the FLR's
    /// power distribution lists.
    pub fn distribution(powers: impl IntoIterator<Item = Power>) -> Vec<(Power, usize)> {
        let mut counts: Vec<(Power, usize)> = Vec::new();
        for power in powers {
            match counts
                .iter_mut()
                .find(|(p, _)| p.cmp_value(&power) == Ordering::Equal)
            {
                Some((_, count)) => *count += 1,
                None => counts.push((power, 1)),
            }
        }
        counts.sort_by(|a, b| a.0.cmp_value(&b.0));
        counts
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_keep_their_writing_and_compare_as_numbers() {
        let two = Power::new("2.0").unwrap();
        assert_eq!(two.as_str(), "2.0");
        assert_eq!(two.normalized(), "2");
        assert_eq!(Power::new("3.10").unwrap().normalized(), "3.1");
        assert_eq!(two.cmp_value(&Power::new("2").unwrap()), Ordering::Equal);
        assert_eq!(
            Power::new("10")
                .unwrap()
                .cmp_value(&Power::new("3.14").unwrap()),
            Ordering::Greater
        );
        let distribution =
            Power::distribution(["3", "1", "3.0", "0.5"].map(|p| Power::new(p).unwrap()));
        let listed: Vec<(&str, usize)> = distribution
            .iter()
            .map(|(power, count)| (power.as_str(), *count))
            .collect();
        assert_eq!(listed, [("0.5", 1), ("1", 1), ("3", 2)]);
        for bad in ["", ".5", "3.", "x", "-1", "1.2.3"] {
            assert_eq!(Power::new(bad), None, "{bad}");
        }
    }
}
