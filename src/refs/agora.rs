//! Agora's citations: everything [`super::extract`] takes (`Rule 1030`,
//! `Rules 2141 and 2140`), and the short form Agora writes, `R1030`: a
//! capital R glued to the digits, on its own (not inside a word, not
//! followed by a letter or digit: `R1T3` and `PR12a` are not citations).

use super::{CitedNumber, Reference, ReferenceKind};

/// Every citation in an Agora rule's text, in text order.
pub(crate) fn extract(text: &str) -> Vec<Reference> {
    let mut references = super::grammar::extract(text);
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(found) = text[at..].find('R') {
        let start = at + found;
        at = start + 1;
        let glued_before = start > 0 && {
            let before = bytes[start - 1];
            before.is_ascii_alphanumeric() || before == b'_' || before >= 0x80
        };
        if glued_before {
            continue;
        }
        let digits = bytes[start + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = start + 1 + digits;
        let glued_after = bytes
            .get(end)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
        if digits == 0 || digits > 5 || bytes[start + 1] == b'0' || glued_after {
            continue;
        }
        let Ok(number) = text[start + 1..end].parse() else {
            continue;
        };
        references.push(Reference {
            span: start..end,
            numbers: vec![CitedNumber {
                number,
                id: None,
                span: start + 1..end,
                range_end: None,
            }],
            kind: ReferenceKind::Rule,
        });
    }
    references.sort_by_key(|r| r.span.start);
    references
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cited(text: &str) -> Vec<u32> {
        extract(text)
            .iter()
            .flat_map(|r| r.numbers.iter().flat_map(CitedNumber::numbers))
            .collect()
    }

    #[test]
    fn agora_writes_rule_numbers_three_ways() {
        assert_eq!(cited("as described in Rule 1030, R2140"), [1030, 2140]);
        assert_eq!(cited("Rules 2141 and 2140 apply"), [2141, 2140]);
        assert_eq!(cited("(see R101)."), [101]);
        assert!(cited("R1T3, PR12, R12a, R0, the R").is_empty());
    }
}
