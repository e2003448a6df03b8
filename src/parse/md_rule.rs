//! `md-rule`: one page per rule (`rules/md/NNN.md`): `## N/R (IMMUTABLE)`,
//! a blank line, the Markdown body; no title, no history, no final newline.
//! Several pages joined by blank lines read as one ruleset (titled "").

use super::error::ParseError;
use super::md_long::parse_markdown;
use crate::model::{Format, Ruleset};

pub(crate) fn parse(text: &str) -> Result<Ruleset, ParseError> {
    parse_markdown(text, Format::MdRule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mutability;

    #[test]
    fn a_rule_page_is_a_ruleset_of_one_rule() {
        let ruleset =
            parse("## 203/1 (IMMUTABLE)\n\nA rule-change is adopted.\n\n#### Notes\n\n* one")
                .unwrap();
        assert_eq!(ruleset.title, "");
        let rule = &ruleset.rules[0];
        assert_eq!((rule.number, rule.revision), (203, Some(1)));
        assert_eq!(rule.mutability, Mutability::Immutable);
        assert_eq!(
            rule.text,
            "A rule-change is adopted.\n\n#### Notes\n\n* one"
        );
        assert!(rule.layout.as_ref().unwrap().quirks.is_empty());
        let err = parse("# Title\n\n## 1\n").unwrap_err();
        assert_eq!(err.span, 0..7);
    }
}
