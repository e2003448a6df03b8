//! Rule identifiers as written (`101`, `-216`, `xiv`, `UC1`): their
//! integer values and the order they sort in.

/// Whether `s` is 1 to 9 ASCII digits.
pub fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit())
}

/// The integer an identifier stands for, when it stands for one: `101`,
/// `-216`, `xiv` (14). Prefixed identifiers (`UC1`) have none.
pub fn value(token: &str) -> Option<i64> {
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
pub fn roman_value(token: &str) -> Option<i64> {
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
pub fn to_roman(mut n: i64, lower: bool) -> Option<String> {
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

/// The key identifiers sort by: their letter prefix (`UC` for `UC1`, empty
/// for numbers and numerals) and their value. Identifiers compare only
/// within one prefix. A sub-rule (`2.2.1`) has its top rule's key (`2`): a
/// tree lists a parent first, each part after it. A name (`polls`,
/// `polls-1`, a section's slug) has none: names have no order.
pub fn order_key(label: &str) -> Option<(String, i64)> {
    let named = !label.chars().any(|c| c.is_ascii_digit())
        || label.get(1..).is_some_and(|rest| rest.contains('-'));
    if named {
        return None;
    }
    if let Some((top, rest)) = label.split_once('.') {
        if !top.is_empty() && !rest.is_empty() {
            return order_key(top);
        }
    }
    Some(flat_key(label))
}

fn flat_key(label: &str) -> (String, i64) {
    if let Some(v) = value(label) {
        return (String::new(), v);
    }
    let digits = label.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let prefix = label[..label.len() - digits.len()].to_string();
    (prefix, digits.parse().unwrap_or(0))
}

/// The identifier of a rule read as `written` and now numbered `number`:
/// `written` while it still stands for `number`, else `number` in the shape
/// `written` had (`xiv` renumbered to 15 is `xv`; digits otherwise).
pub fn renumbered(written: &str, number: u32) -> String {
    if value(written) == Some(i64::from(number)) {
        return written.to_string();
    }
    if roman_value(written).is_some() {
        let lower = written == written.to_ascii_lowercase();
        if let Some(roman) = to_roman(i64::from(number), lower) {
            return roman;
        }
    }
    number.to_string()
}

#[cfg(test)]
mod tests {
    use super::order_key;

    #[test]
    fn sub_rules_take_their_top_rule_s_key_and_names_have_none() {
        assert_eq!(order_key("203"), Some((String::new(), 203)));
        assert_eq!(order_key("UC2"), Some(("UC".to_string(), 2)));
        assert_eq!(order_key("2.2.1"), order_key("2"));
        assert_eq!(order_key("-216"), Some((String::new(), -216)));
        for name in ["polls", "polls-1", "win-conditions"] {
            assert_eq!(order_key(name), None, "{name}");
        }
    }
}
