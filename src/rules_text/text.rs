//! Text helpers for reading rules: one normal form for rule text, and the
//! few ways numbers are written in rules ("24", "thirty-six (36)", "two").

/// Lower case, straight quotes, no Markdown emphasis, single spaces.
pub(crate) fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        let c = match c {
            '\u{2018}' | '\u{2019}' => '\'',
            '\u{201c}' | '\u{201d}' => '"',
            '*' | '_' | '`' => continue,
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if c == ' ' {
            if !space && !out.is_empty() {
                out.push(' ');
            }
            space = true;
        } else {
            out.extend(c.to_lowercase());
            space = false;
        }
    }
    out.trim_end().to_string()
}

const WORDS: [&str; 13] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
];

/// A number at the start of `text`: digits, a small number word, or a word
/// followed by digits in parentheses (`thirty-six (36)`, the digits win).
pub(crate) fn leading_number(text: &str) -> Option<u32> {
    let text = text.trim_start();
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        return digits.parse().ok();
    }
    let word: String = text
        .chars()
        .take_while(|c| c.is_ascii_alphabetic() || *c == '-')
        .collect();
    let rest = text[word.len()..].trim_start();
    if let Some(inner) = rest.strip_prefix('(') {
        if let Some(n) = leading_number_digits(inner) {
            return Some(n);
        }
    }
    WORDS.iter().position(|w| *w == word).map(|n| n as u32)
}

fn leading_number_digits(text: &str) -> Option<u32> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The number right after the first occurrence of `prefix`.
pub(crate) fn number_after(text: &str, prefix: &str) -> Option<u32> {
    let at = text.find(prefix)? + prefix.len();
    leading_number(&text[at..])
}

/// The number written just before `suffix` (`100 (positive) points`).
pub(crate) fn number_before(text: &str, suffix: &str) -> Option<u32> {
    let at = text.find(suffix)?;
    let before = text[..at].trim_end();
    let digits: String = before
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits.parse().ok()
}

/// A share of votes named in a rule: `(num, den, strict)`.
pub(crate) fn share(clause: &str) -> Option<(u32, u32, bool)> {
    const NAMED: [(&str, (u32, u32, bool)); 9] = [
        ("unanimous", (1, 1, false)),
        ("unanimity", (1, 1, false)),
        ("two thirds", (2, 3, false)),
        ("two-thirds", (2, 3, false)),
        ("2/3", (2, 3, false)),
        ("three quarters", (3, 4, false)),
        ("three-quarters", (3, 4, false)),
        ("3/4", (3, 4, false)),
        ("majority", (1, 2, true)),
    ];
    let mut best: Option<(usize, (u32, u32, bool))> = None;
    for (word, value) in NAMED {
        if let Some(at) = clause.find(word) {
            if best.is_none_or(|(b, _)| at < b) {
                best = Some((at, value));
            }
        }
    }
    if let Some(pct_at) = clause.find('%') {
        if let Some(n) = number_before(&clause[..=pct_at], "%") {
            if best.is_none_or(|(b, _)| pct_at < b) {
                best = Some((pct_at, (n, 100, false)));
            }
        }
    }
    best.map(|(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalise_folds_case_quotes_emphasis_and_space() {
        assert_eq!(
            normalise("A *vote*  that’s\n\"Yes\""),
            "a vote that's \"yes\""
        );
    }

    #[test]
    fn numbers_are_read_in_every_written_form() {
        assert_eq!(
            number_after("within thirty-six (36) hours", "within "),
            Some(36)
        );
        assert_eq!(number_after("up to two times", "up to "), Some(2));
        assert_eq!(
            number_after("defaults to 24 hours", "defaults to "),
            Some(24)
        );
        assert_eq!(
            number_before("achieve 100 (positive) points", " (positive) points"),
            Some(100)
        );
        assert_eq!(number_after("no number here", "absent"), None);
    }

    #[test]
    fn shares_are_read_from_their_names() {
        assert_eq!(
            share("a simple majority of eligible voters"),
            Some((1, 2, true))
        );
        assert_eq!(share("two thirds of eligible voters"), Some((2, 3, false)));
        assert_eq!(share("60% of eligible voters"), Some((60, 100, false)));
        assert_eq!(share("the vote is unanimous"), Some((1, 1, false)));
        assert_eq!(share("nothing"), None);
    }
}
