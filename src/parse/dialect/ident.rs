//! Identifier shapes: which tokens are rule identifiers, and their values.

use crate::model::IdShape;

/// The shape `token` has among `shapes`, preferring them in order.
pub(crate) fn shape_of(token: &str, shapes: &[IdShape]) -> Option<IdShape> {
    shapes.iter().copied().find(|shape| fits(token, *shape))
}

fn fits(token: &str, shape: IdShape) -> bool {
    match shape {
        IdShape::Integer => is_digits(token),
        IdShape::Negative => is_digits(token.strip_prefix('-').unwrap_or(token)),
        IdShape::Roman => roman_value(token).is_some(),
        IdShape::Prefixed => {
            let digits = token.trim_start_matches(|c: char| c.is_ascii_alphabetic());
            digits.len() < token.len() && is_digits(digits)
        }
    }
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit())
}

/// The integer an identifier stands for, when it stands for one: `101`,
/// `-216`, `xiv` (14). Prefixed identifiers (`UC1`) have none.
pub(crate) fn value(token: &str) -> Option<i64> {
    let unsigned = token.strip_prefix('-').unwrap_or(token);
    if is_digits(unsigned) {
        let value: i64 = unsigned.parse().ok()?;
        return Some(if unsigned.len() < token.len() {
            -value
        } else {
            value
        });
    }
    roman_value(token)
}

/// The rule number an identifier gives: its value when that is a
/// non-negative integer.
pub(crate) fn number(token: &str) -> Option<u32> {
    value(token).and_then(|v| u32::try_from(v).ok())
}

const NUMERALS: [(i64, &str); 13] = [
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
];

/// The value of a Roman numeral written in its one canonical way, all
/// lower or all upper case.
pub(crate) fn roman_value(token: &str) -> Option<i64> {
    let lower = token.to_ascii_lowercase();
    let one_case = token == lower || token == token.to_ascii_uppercase();
    if token.is_empty() || token.len() > 15 || !one_case {
        return None;
    }
    if !lower.bytes().all(|b| b"ivxlcdm".contains(&b)) {
        return None;
    }
    let mut rest = lower.as_str();
    let mut total = 0;
    for (value, numeral) in NUMERALS {
        while let Some(after) = rest.strip_prefix(numeral) {
            total += value;
            rest = after;
        }
    }
    (rest.is_empty() && to_roman(total, true).as_deref() == Some(lower.as_str())).then_some(total)
}

/// `n` as a Roman numeral (lower or upper case); none for 0, negatives and
/// numbers above 3999.
pub(crate) fn to_roman(mut n: i64, lower: bool) -> Option<String> {
    if !(1..=3999).contains(&n) {
        return None;
    }
    let mut out = String::new();
    for (value, numeral) in NUMERALS {
        while n >= value {
            out.push_str(numeral);
            n -= value;
        }
    }
    Some(if lower { out } else { out.to_ascii_uppercase() })
}

/// The identifier to write for a rule numbered `number` that was read as
/// `written`: the same text while it still stands for `number` (or when it
/// stands for no integer), else `number` in the shape `written` had.
pub(crate) fn rewrite(written: Option<&str>, number: u32, first_key: u32) -> String {
    let Some(written) = written else {
        return number.to_string();
    };
    if number >= first_key && self::number(written).is_none() {
        return written.to_string();
    }
    if self::number(written) == Some(number) {
        return written.to_string();
    }
    if roman_value(written).is_some() && !is_digits(written) {
        let lower = written == written.to_ascii_lowercase();
        if let Some(roman) = to_roman(i64::from(number), lower) {
            return roman;
        }
    }
    number.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_values() {
        let all = IdShape::ALL;
        assert_eq!(shape_of("101", &all), Some(IdShape::Integer));
        assert_eq!(shape_of("-216", &all), Some(IdShape::Negative));
        assert_eq!(shape_of("UC1", &all), Some(IdShape::Prefixed));
        assert_eq!(shape_of("xiv", &all), Some(IdShape::Roman));
        assert_eq!(shape_of("xiv", &[IdShape::Integer]), None);
        assert_eq!(shape_of("iix", &all), None);
        assert_eq!(value("-216"), Some(-216));
        assert_eq!(value("XIV"), Some(14));
        assert_eq!(value("UC1"), None);
        assert_eq!(number("-216"), None);
        assert_eq!(number("xiv"), Some(14));
    }

    #[test]
    fn rewriting_keeps_the_shape() {
        assert_eq!(rewrite(Some("xiv"), 14, 1_000_000), "xiv");
        assert_eq!(rewrite(Some("xiv"), 15, 1_000_000), "xv");
        assert_eq!(rewrite(Some("XIV"), 15, 1_000_000), "XV");
        assert_eq!(rewrite(Some("UC1"), 1_000_000, 1_000_000), "UC1");
        assert_eq!(rewrite(Some("7"), 8, 1_000_000), "8");
        assert_eq!(rewrite(None, 8, 1_000_000), "8");
    }
}
