//! The stable codes of `nomic check` findings. Codes never change meaning
//! once published; `docs/check.md` lists them all (a test keeps it honest).

use crate::diagnostic::Severity;

/// One kind of finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, strum::VariantArray)]
#[non_exhaustive]
pub enum Code {
    DuplicateRuleNumber,
    RuleOutOfOrder,
    BrokenRuleHeading,
    SwallowedRuleHeading,
    RevisionMismatch,
    HistoryDatesOutOfOrder,
    UnparsedHistoryLine,
    UnparsedJudgmentLine,
    EnactedNumberMismatch,
    MutabilityContradictsHistory,
    InitialSetMismatch,
    InitialSetRuleMissing,
    DanglingReference,
    RepeatedParagraph,
    EmptyRule,
    Mojibake,
    HistoryHeadingLevel,
    TrailingSpaces,
    MissingBlankLine,
    ExtraBlankLines,
    HeadingWithoutRevision,
    IrregularWrap,
    FinalNewline,
    NonCanonicalLayout,
    MissingFile,
}

impl Code {
    /// Every code, in the order of their numbers.
    pub const ALL: &'static [Code] = <Code as strum::VariantArray>::VARIANTS;

    /// The code printed with a finding: `N101`.
    pub fn code(self) -> &'static str {
        self.info().0
    }

    /// The kebab-case name: `duplicate-rule-number`.
    pub fn name(self) -> &'static str {
        self.info().1
    }

    /// How serious a finding of this kind is (before `--deny warnings`).
    pub fn severity(self) -> Severity {
        self.info().2
    }

    fn info(self) -> (&'static str, &'static str, Severity) {
        use Severity::{Error, Warning};
        match self {
            Code::DuplicateRuleNumber => ("N101", "duplicate-rule-number", Error),
            Code::RuleOutOfOrder => ("N102", "rule-out-of-order", Warning),
            Code::BrokenRuleHeading => ("N103", "broken-rule-heading", Error),
            Code::SwallowedRuleHeading => ("N104", "swallowed-rule-heading", Error),
            Code::RevisionMismatch => ("N201", "revision-mismatch", Error),
            Code::HistoryDatesOutOfOrder => ("N202", "history-dates-out-of-order", Warning),
            Code::UnparsedHistoryLine => ("N203", "unparsed-history-line", Warning),
            Code::UnparsedJudgmentLine => ("N204", "unparsed-judgment-line", Warning),
            Code::EnactedNumberMismatch => ("N205", "enacted-number-mismatch", Warning),
            Code::MutabilityContradictsHistory => ("N206", "mutability-contradicts-history", Error),
            Code::InitialSetMismatch => ("N301", "initial-set-mismatch", Error),
            Code::InitialSetRuleMissing => ("N302", "initial-set-rule-missing", Error),
            Code::DanglingReference => ("N401", "dangling-reference", Error),
            Code::RepeatedParagraph => ("N501", "repeated-paragraph", Warning),
            Code::EmptyRule => ("N502", "empty-rule", Error),
            Code::Mojibake => ("N601", "mojibake", Error),
            Code::HistoryHeadingLevel => ("N701", "history-heading-level", Warning),
            Code::TrailingSpaces => ("N702", "trailing-spaces", Warning),
            Code::MissingBlankLine => ("N703", "missing-blank-line", Warning),
            Code::ExtraBlankLines => ("N704", "extra-blank-lines", Warning),
            Code::HeadingWithoutRevision => ("N705", "heading-without-revision", Warning),
            Code::IrregularWrap => ("N706", "irregular-wrap", Warning),
            Code::FinalNewline => ("N707", "final-newline", Warning),
            Code::NonCanonicalLayout => ("N708", "non-canonical-layout", Warning),
            Code::MissingFile => ("N801", "missing-file", Error),
        }
    }

    /// The code whose `N…` string or name is `s`.
    pub fn from_code(s: &str) -> Option<Code> {
        Code::ALL
            .iter()
            .copied()
            .find(|code| code.code() == s || code.name() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_and_names_are_unique() {
        let codes: HashSet<_> = Code::ALL.iter().map(|c| c.code()).collect();
        let names: HashSet<_> = Code::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(codes.len(), Code::ALL.len());
        assert_eq!(names.len(), Code::ALL.len());
        assert_eq!(Code::from_code("N401"), Some(Code::DanglingReference));
        assert_eq!(Code::from_code("mojibake"), Some(Code::Mojibake));
    }

    #[test]
    fn docs_table_lists_every_code_with_its_name_and_severity() {
        let docs = include_str!("../../docs/check.md");
        for &code in Code::ALL {
            let row = format!(
                "| `{}` | `{}` | {} |",
                code.code(),
                code.name(),
                code.severity()
            );
            assert!(docs.contains(&row), "docs/check.md lacks the row {row}");
        }
    }
}
