//! Calendar time for scripts and logs: `2020-08-15T00:00:00Z` ⇄ Unix seconds,
//! with `jiff`'s calendar.

use jiff::Timestamp;

/// Parses `YYYY-MM-DDTHH:MM:SSZ` (UTC) to Unix seconds; only that form (no
/// fractions, no offsets other than `Z`).
pub(crate) fn parse_utc(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
    if b.len() != 20
        || b[4] != b'-'
        || b[7] != b'-'
        || b[10] != b'T'
        || b[13] != b':'
        || b[16] != b':'
        || b[19] != b'Z'
        || !digits.iter().all(|&i| b[i].is_ascii_digit())
    {
        return None;
    }
    // jiff reads a leap second `:60` as `:59`; the log never writes one.
    if &text[17..19] > "59" {
        return None;
    }
    text.parse::<Timestamp>().ok().map(Timestamp::as_second)
}

/// Formats Unix seconds as `YYYY-MM-DDTHH:MM:SSZ` (clamped to `jiff`'s
/// range, years -9999 to 9999).
pub(crate) fn format_utc(seconds: i64) -> String {
    let at = Timestamp::from_second(seconds).unwrap_or(if seconds < 0 {
        Timestamp::MIN
    } else {
        Timestamp::MAX
    });
    at.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_round_trip() {
        for text in [
            "1970-01-01T00:00:00Z",
            "2020-08-15T00:00:00Z",
            "2024-02-29T23:59:59Z",
            "1969-12-31T12:00:00Z",
        ] {
            assert_eq!(format_utc(parse_utc(text).unwrap()), text);
        }
        assert_eq!(parse_utc("2020-08-15T00:00:00Z"), Some(1_597_449_600));
        assert_eq!(parse_utc("2021-02-29T00:00:00Z"), None);
        assert_eq!(parse_utc("2020-08-15 00:00"), None);
        assert_eq!(parse_utc("2020-08-15T24:00:00Z"), None);
        assert_eq!(parse_utc("2020-08-15T00:00:60Z"), None);
    }
}
