//! `json`: the model's own serde form, as `nomic parse` prints it.

use super::error::ParseError;
use crate::model::{Format, Ruleset};

pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    let bom = super::text::bom_len(text);
    let body = &text[bom..];
    serde_json::from_str(body).map_err(|err| {
        // The character serde_json stopped at, as a span in the file.
        let at = offset_of(body, err.line(), err.column());
        let end = body[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        ParseError::new(format!("invalid ruleset JSON: {err}"), bom + at..bom + end)
            .expected("the JSON that `nomic parse` prints")
            .in_format(Format::Json)
    })
}

/// The byte offset of serde_json's 1-based line and column (column counts
/// bytes; 0 means before the line's first byte).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(line - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    let mut offset = (line_start + column.saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_point_at_the_bad_byte() {
        let err = parse("{\n  \"title\": 5\n}").unwrap_err();
        assert_eq!(err.format, Some(Format::Json));
        assert_eq!(&"{\n  \"title\": 5\n}"[err.span.clone()], "5");
        let with_bom = "\u{feff}{\n  \"title\": 5\n}";
        let err = parse(with_bom).unwrap_err();
        assert_eq!(&with_bom[err.span.clone()], "5");
    }
}
