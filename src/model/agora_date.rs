use super::history::Date;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A date as Agora's history records it: exact, approximate, a range, or
/// unknown.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum AgoraDate {
    /// `13 Oct 2019` (`Agora's birth` for 30 Jun 1993).
    On {
        /// The exact day.
        date: Date,
    },
    /// `around 07 Apr 1994`.
    Around {
        /// The day the change happened around.
        date: Date,
    },
    /// `between 01 Jan 1994 and 28 Feb 1994`.
    Between {
        /// The first day it may have happened.
        start: Date,
        /// The last day it may have happened.
        end: Date,
    },
    /// The source says `unknown`.
    Unknown,
    /// A date the source writes but that does not exist (`2023-05-32`),
    /// kept as written.
    Invalid {
        /// The date as the source writes it.
        written: String,
    },
}

/// The day Agora began; history prints it as `Agora's birth`.
pub const AGORA_BIRTH: Date = Date {
    year: 1993,
    month: 6,
    day: 30,
};

impl AgoraDate {
    /// The one date it stands for (the start of a range), if any.
    pub fn date(&self) -> Option<Date> {
        match self {
            AgoraDate::On { date } | AgoraDate::Around { date } => Some(*date),
            AgoraDate::Between { start, .. } => Some(*start),
            AgoraDate::Unknown | AgoraDate::Invalid { .. } => None,
        }
    }

    /// `13 Oct 2019`, the form Agora's rulesets print: the year in four
    /// digits (`03 May 0607`), as [`AgoraDate::parse_printed`] reads it.
    pub fn day_month_year(date: Date) -> String {
        if date == AGORA_BIRTH {
            "Agora's birth".to_string()
        } else {
            format!("{:02} {} {:04}", date.day, date.month_abbrev(), date.year)
        }
    }

    /// Reads the printed form back.
    pub fn parse_printed(text: &str) -> Option<AgoraDate> {
        if let Some(rest) = text.strip_prefix("around ") {
            return Some(AgoraDate::Around {
                date: parse_day(rest)?,
            });
        }
        if let Some(rest) = text.strip_prefix("between ") {
            let (start, end) = rest.split_once(" and ")?;
            return Some(AgoraDate::Between {
                start: parse_day(start)?,
                end: parse_day(end)?,
            });
        }
        if text == "unknown" {
            return Some(AgoraDate::Unknown);
        }
        Some(AgoraDate::On {
            date: parse_day(text)?,
        })
    }
}

fn parse_day(text: &str) -> Option<Date> {
    if text == "Agora's birth" {
        return Some(AGORA_BIRTH);
    }
    let mut parts = text.split(' ');
    let day = parts.next()?;
    let month = Date::month_from_abbrev(parts.next()?)?;
    let year = parts.next()?;
    // Digits only: `+607` or `+1` would parse, and print back otherwise.
    let digits = |s: &str, len: usize| s.len() == len && s.bytes().all(|b| b.is_ascii_digit());
    if parts.next().is_some() || !digits(day, 2) || !digits(year, 4) {
        return None;
    }
    Date::new(year.parse().ok()?, month, day.parse().ok()?)
}

impl fmt::Display for AgoraDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgoraDate::On { date } => f.write_str(&AgoraDate::day_month_year(*date)),
            AgoraDate::Around { date } => {
                write!(f, "around {}", AgoraDate::day_month_year(*date))
            }
            AgoraDate::Between { start, end } => write!(
                f,
                "between {} and {}",
                AgoraDate::day_month_year(*start),
                AgoraDate::day_month_year(*end)
            ),
            AgoraDate::Unknown => f.write_str("unknown"),
            AgoraDate::Invalid { written } => f.write_str(written),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_dates_read_back() {
        for text in [
            "13 Oct 2019",
            "Agora's birth",
            "around 07 Apr 1994",
            "between 01 Jan 1994 and 28 Feb 1994",
            "unknown",
        ] {
            assert_eq!(AgoraDate::parse_printed(text).unwrap().to_string(), text);
        }
        assert_eq!(AgoraDate::parse_printed("31 Sep 2020"), None);
    }

    #[test]
    fn a_year_before_1000_prints_in_four_digits_and_reads_back() {
        let early = AgoraDate::parse_printed("03 May 0607").unwrap();
        assert_eq!(early.to_string(), "03 May 0607");
        let range = AgoraDate::parse_printed("between 01 Jan 0007 and 28 Feb 0999").unwrap();
        assert_eq!(range.to_string(), "between 01 Jan 0007 and 28 Feb 0999");
        // A sign is not a digit: such a date would not print back as written.
        assert_eq!(AgoraDate::parse_printed("03 May +607"), None);
        assert_eq!(AgoraDate::parse_printed("+3 May 2007"), None);
    }
}
