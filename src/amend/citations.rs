//! The rule numbers a text cites, as renumbering needs them: each number's
//! digits, and whether it is the end of a range (`Rules 101-117`), which
//! renumbering must not rewrite.

use std::ops::Range;

/// One cited rule number in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Citation {
    pub number: u32,
    /// The digits only, as byte offsets in the text.
    pub span: Range<usize>,
    /// Whether the number is an end of a range such as `201-219`.
    pub in_range: bool,
}

/// Every cited rule number in `text`, in order.
pub fn citations(text: &str) -> Vec<Citation> {
    // Stand-in until `refs::extract` lands: `Rule N`, `Rules N, M and K-L`.
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = lower[at..].find("rule") {
        let mut i = at + found + 4;
        at = i;
        if lower[i..].starts_with('s') {
            i += 1;
        }
        loop {
            let spaces = lower[i..].len() - lower[i..].trim_start().len();
            let start = i + spaces;
            let digits = lower[start..]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
            if spaces == 0 || digits == 0 {
                break;
            }
            let end = start + digits;
            let number: u32 = match lower[start..end].parse() {
                Ok(n) => n,
                Err(_) => break,
            };
            let range_digits = lower[end..].strip_prefix('-').map_or(0, |rest| {
                rest.bytes().take_while(u8::is_ascii_digit).count()
            });
            if range_digits > 0 {
                let range_end = end + 1 + range_digits;
                out.push(Citation {
                    number,
                    span: start..end,
                    in_range: true,
                });
                if let Ok(last) = lower[end + 1..range_end].parse() {
                    out.push(Citation {
                        number: last,
                        span: end + 1..range_end,
                        in_range: true,
                    });
                }
                i = range_end;
            } else {
                out.push(Citation {
                    number,
                    span: start..end,
                    in_range: false,
                });
                i = end;
            }
            let rest = &lower[i..];
            let sep = [", and", ", or", ",", " and", " or"]
                .iter()
                .find(|sep| rest.starts_with(**sep));
            match sep {
                Some(sep) => i += sep.len(),
                None => break,
            }
        }
        at = at.max(i);
    }
    out
}
