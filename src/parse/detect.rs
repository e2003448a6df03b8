//! Which format a text is in, from its content. Cheap line checks pick a
//! candidate; when none fits, every reader is tried and the error of the one
//! that read furthest is returned, naming that format as the closest.

use super::error::ParseError;
use super::lines::{self, looks_like_md_heading, looks_like_txt_heading};
use super::text::{self, Line};
use crate::model::Format;

/// The format `text` is in; when none fits, the error of the format whose
/// reader got furthest, naming it as the closest.
pub(crate) fn detect(text: &str) -> Result<Format, ParseError> {
    let bom = text::bom_len(text);
    let body = text[bom..].trim_start();
    if body.is_empty() {
        return Err(ParseError::new("the file is empty", 0..text.len())
            .expected("a ruleset title, or JSON"));
    }
    if body.starts_with('{') {
        return Ok(Format::Json);
    }
    if super::agora::rule_page::looks_like(body) {
        return Ok(if super::agora::rule_page::is_full(body) {
            Format::AgoraRule
        } else {
            Format::AgoraShortRule
        });
    }
    if super::agora::flr::looks_like(text) {
        return Ok(if text.contains("\nHistory:\n") {
            Format::AgoraFlr
        } else {
            Format::AgoraSlr
        });
    }
    if let Some(format) = candidate(text::line_iter(text, bom)) {
        return Ok(format);
    }
    Err(closest(text))
}

/// The format the lines suggest, read lazily: most files tell theirs in
/// their first lines.
fn candidate<'a>(lines: impl Iterator<Item = Line<'a>> + Clone) -> Option<Format> {
    let first = lines.clone().find(|l| !l.is_blank())?;
    if first.text.starts_with("# ") {
        let long = lines.clone().any(|l| {
            (looks_like_md_heading(l.text)
                && l.text.split(' ').nth(1).is_some_and(|n| n.contains('/')))
                || lines::md_section_heading(l.text, "History").is_some()
        });
        return Some(if long {
            Format::MdLong
        } else {
            Format::MdShort
        });
    }
    if looks_like_md_heading(first.text) {
        return Some(Format::MdRule);
    }
    if lines::txt_heading(first.text).is_ok() {
        return Some(Format::TxtRule);
    }
    let after_title = lines.clone().skip(1).find(|l| !l.is_blank())?;
    if after_title.is_ruler('=') {
        let long = lines.clone().any(|l| {
            l.text.trim_end() == "History:"
                || (looks_like_txt_heading(l.text)
                    && l.text.split(' ').nth(1).is_some_and(|n| n.contains('/')))
        });
        return Some(if long {
            Format::TxtLong
        } else {
            Format::TxtShort
        });
    }
    let has_heading = lines
        .clone()
        .zip(lines.skip(1))
        .any(|(blank, next)| blank.is_blank() && lines::txt_heading(next.text).is_ok());
    has_heading.then_some(Format::TxtPlain)
}

/// The error of the reader that got furthest, naming it as the closest.
fn closest(text: &str) -> ParseError {
    let attempts = [
        (Format::MdLong, super::md_long::parse(text).err()),
        (Format::TxtLong, super::txt_long::parse(text).err()),
        (Format::TxtPlain, super::txt_plain::parse(text).err()),
    ];
    let (format, error) = attempts
        .into_iter()
        .filter_map(|(format, error)| Some((format, error?)))
        .max_by_key(|(_, error)| error.span.start)
        .unwrap_or_else(|| {
            let error = ParseError::new("the file fits no ruleset format", 0..0);
            (Format::TxtPlain, error)
        });
    ParseError {
        closest: Some(format),
        format: None,
        ..error
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_family_is_told_apart() {
        assert_eq!(detect("# T\n---\n## 1/0\n\nx\n"), Ok(Format::MdLong));
        assert_eq!(detect("# T\n---\n## 1\n\nx"), Ok(Format::MdShort));
        assert_eq!(detect("\u{feff}  {\"title\":\"x\"}"), Ok(Format::Json));
        let txt = "T\n\n=====\n-----\nRule 1\n\n      x\n\n-----";
        assert_eq!(detect(txt), Ok(Format::TxtShort));
        assert_eq!(
            detect(&txt.replace("Rule 1", "Rule 1/0")),
            Ok(Format::TxtLong)
        );
        assert_eq!(
            detect("T\n\n\nRule 101 (Immutable)\n\nx"),
            Ok(Format::TxtPlain)
        );
    }

    #[test]
    fn no_fit_names_the_closest_format_and_where() {
        let text = "Notes\n\n\nRule 12 (Immutable\n\nbody\n";
        let err = detect(text).unwrap_err();
        assert_eq!(err.closest, Some(Format::TxtPlain));
        assert_eq!(err.span.start, text.find("\n\nbody").unwrap());
        assert!(err.expected.unwrap().contains("closed by `)`"));
        let err = detect("just some words\n").unwrap_err();
        assert!(err.closest.is_some());
        let err = detect("").unwrap_err();
        assert_eq!(err.closest, None);
    }
}
