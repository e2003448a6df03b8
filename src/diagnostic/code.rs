//! The stable codes of `nomic check` findings. Codes never change meaning
//! once published; `docs/check.md` lists them all (a test keeps it honest).

use super::Severity;

/// One kind of finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, strum::VariantArray)]
#[non_exhaustive]
pub enum Code {
    /// `N101`: two rules carry the same number.
    DuplicateRuleNumber,
    /// `N102`: a rule's number is lower than the one before it.
    RuleOutOfOrder,
    /// `N103`: a line looks like a rule heading but is not one (`##206/1`), so its rule is missing.
    BrokenRuleHeading,
    /// `N104`: a rule heading inside a code or HTML block that is never closed.
    SwallowedRuleHeading,
    /// `N201`: the revision (`203/1`) is not the number of amendments in the history.
    RevisionMismatch,
    /// `N202`: a history line is dated before the line above it.
    HistoryDatesOutOfOrder,
    /// `N203`: a history line matches no known entry.
    UnparsedHistoryLine,
    /// `N204`: a judgment line has neither judge nor date.
    UnparsedJudgmentLine,
    /// `N205`: an enacted rule's number is not the enacting proposal's.
    EnactedNumberMismatch,
    /// `N206`: the immutable marker contradicts the history.
    MutabilityContradictsHistory,
    /// `N301`: an initial rule is outside the Initial Set rule 101 declares, or differs in mutability.
    InitialSetMismatch,
    /// `N302`: a declared initial rule is absent from a ruleset in which nothing has happened yet.
    InitialSetRuleMissing,
    /// `N401`: a rule cites a rule that is not in the ruleset.
    DanglingReference,
    /// `N501`: a paragraph of five words or more appears twice in the same rule.
    RepeatedParagraph,
    /// `N502`: a rule has no text.
    EmptyRule,
    /// `N601`: damaged characters (UTF-8 read as another encoding).
    Mojibake,
    /// `N701`: `#### *History*` where the canonical form has `#####`.
    HistoryHeadingLevel,
    /// `N702`: trailing spaces where the canonical form has none.
    TrailingSpaces,
    /// `N703`: a blank line of the canonical form is missing.
    MissingBlankLine,
    /// `N704`: more blank lines than the canonical form has.
    ExtraBlankLines,
    /// `N705`: a long-format heading without `/R`.
    HeadingWithoutRevision,
    /// `N706`: paragraph text not wrapped at the canonical 70 columns.
    IrregularWrap,
    /// `N707`: the file ends differently from the canonical form.
    FinalNewline,
    /// `N708`: any other line that differs from the canonical rendering.
    NonCanonicalLayout,
    /// `N801`: an image or local link names a file that does not exist.
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
