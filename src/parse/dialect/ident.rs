//! Identifier shapes: which tokens are rule identifiers, and their values.

use crate::model::identifier::{self, roman_value, value};
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
        IdShape::Compound => is_compound(token),
    }
}

/// `2.2.1`, `1-1`, `307b`, `4E83`: a digit first, at least one part or
/// letter more, no separator at the ends or twice in a row.
fn is_compound(token: &str) -> bool {
    let bytes = token.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_digit)
        && token.len() <= 16
        && !token.ends_with(['.', '-'])
        && !token.contains("..")
        && !token.contains("--")
        && !token.contains(".-")
        && !token.contains("-.")
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-'))
        // Every part starts with a digit: `24.Spendies` is a number and a word.
        && token
            .split(['.', '-'])
            .all(|part| part.starts_with(|c: char| c.is_ascii_digit()))
        && !is_digits(token)
}

fn is_digits(s: &str) -> bool {
    crate::model::identifier::is_digits(s)
}

/// The rule number an identifier gives: its value when that is a
/// non-negative integer.
pub(crate) fn number(token: &str) -> Option<u32> {
    value(token).and_then(|v| u32::try_from(v).ok())
}

/// The identifier to write for a rule numbered `number` that was read as
/// `written` (see [`identifier::renumbered`]).
pub(crate) fn rewrite(written: Option<&str>, number: u32, first_key: u32) -> String {
    match written {
        Some(written) if !(number >= first_key && self::number(written).is_none()) => {
            identifier::renumbered(written, number)
        }
        Some(written) => written.to_string(),
        None => number.to_string(),
    }
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
        for compound in ["2.2.1", "1-1", "307b", "4E83", "5.3"] {
            assert_eq!(
                shape_of(compound, &all),
                Some(IdShape::Compound),
                "{compound}"
            );
        }
        for not_one in ["2.", "1--1", "b307", "2..1", "1.-1", "24.Spendies"] {
            assert_ne!(
                shape_of(not_one, &all),
                Some(IdShape::Compound),
                "{not_one}"
            );
        }
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
