//! The stable codes of `nomic check` findings. Codes never change meaning
//! once published; `docs/check.md` lists them all (a test keeps it honest).
//! This is the one table of codes: names, severities and the texts of
//! `nomic check --explain` and SARIF's rule descriptions all come from it.

use super::Severity;

/// A code's row of the table: everything `nomic` says about it.
struct Info {
    code: &'static str,
    name: &'static str,
    severity: Severity,
    summary: &'static str,
}

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
    /// `N901`: a suppression comment names a code that is not one.
    UnknownSuppressedCode,
    /// `A001`: an Agora source file holds no rule or proposal.
    EmptySourceFile,
    /// `A002`: an Agora source file cannot be read.
    UnreadableSourceFile,
    /// `A003`: a date that does not exist.
    NonexistentDate,
    /// `A004`: a proposal file records another proposal's number.
    ProposalNumberMismatch,
    /// `A005`: a rule missing from the index, filed twice, or an index entry with no rule.
    IndexMismatch,
    /// `A006`: an Agora rule's revision differs from the changes its history counts.
    AgoraRevisionMismatch,
    /// `A007`: Agora history dates out of order.
    AgoraDatesOutOfOrder,
    /// `A008`: history cites a proposal the proposals folder lacks.
    MissingProposal,
    /// `A009`: a rule's text cites a rule that is not in force.
    CitationNotInForce,
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// Written as its code, `N101`.
impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl Code {
    /// Every code, in the order of their numbers.
    pub const ALL: &'static [Code] = <Code as strum::VariantArray>::VARIANTS;

    /// The code printed with a finding: `N101`.
    pub fn code(self) -> &'static str {
        self.info().code
    }

    /// The kebab-case name: `duplicate-rule-number`.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// How serious a finding of this kind is (before `--deny warnings`).
    pub fn severity(self) -> Severity {
        self.info().severity
    }

    fn info(self) -> Info {
        use Severity::{Error, Warning};
        match self {
            Code::DuplicateRuleNumber => Info {
                code: "N101",
                name: "duplicate-rule-number",
                severity: Error,
                summary: "two rules carry the same number",
            },
            Code::RuleOutOfOrder => Info {
                code: "N102",
                name: "rule-out-of-order",
                severity: Warning,
                summary: "a rule's number is lower than the one before it",
            },
            Code::BrokenRuleHeading => Info {
                code: "N103",
                name: "broken-rule-heading",
                severity: Error,
                summary: "a line looks like a rule heading but is not one (`##206/1`), so its rule is missing",
            },
            Code::SwallowedRuleHeading => Info {
                code: "N104",
                name: "swallowed-rule-heading",
                severity: Error,
                summary: "a rule heading inside a code or HTML block that is never closed",
            },
            Code::RevisionMismatch => Info {
                code: "N201",
                name: "revision-mismatch",
                severity: Error,
                summary: "the revision (`203/1`) is not the number of amendments in the history",
            },
            Code::HistoryDatesOutOfOrder => Info {
                code: "N202",
                name: "history-dates-out-of-order",
                severity: Warning,
                summary: "a history line is dated before the line above it",
            },
            Code::UnparsedHistoryLine => Info {
                code: "N203",
                name: "unparsed-history-line",
                severity: Warning,
                summary: "a history line matches no known entry",
            },
            Code::UnparsedJudgmentLine => Info {
                code: "N204",
                name: "unparsed-judgment-line",
                severity: Warning,
                summary: "a judgment line has neither judge nor date",
            },
            Code::EnactedNumberMismatch => Info {
                code: "N205",
                name: "enacted-number-mismatch",
                severity: Warning,
                summary: "an enacted rule's number is not the enacting proposal's",
            },
            Code::MutabilityContradictsHistory => Info {
                code: "N206",
                name: "mutability-contradicts-history",
                severity: Error,
                summary: "the immutable marker contradicts the history",
            },
            Code::InitialSetMismatch => Info {
                code: "N301",
                name: "initial-set-mismatch",
                severity: Error,
                summary: "an initial rule is outside the Initial Set rule 101 declares, or differs in mutability",
            },
            Code::InitialSetRuleMissing => Info {
                code: "N302",
                name: "initial-set-rule-missing",
                severity: Error,
                summary: "a declared initial rule is absent from a ruleset in which nothing has happened yet",
            },
            Code::DanglingReference => Info {
                code: "N401",
                name: "dangling-reference",
                severity: Error,
                summary: "a rule cites a rule that is not in the ruleset",
            },
            Code::RepeatedParagraph => Info {
                code: "N501",
                name: "repeated-paragraph",
                severity: Warning,
                summary: "a paragraph of five words or more appears twice in the same rule",
            },
            Code::EmptyRule => Info {
                code: "N502",
                name: "empty-rule",
                severity: Error,
                summary: "a rule has no text",
            },
            Code::Mojibake => Info {
                code: "N601",
                name: "mojibake",
                severity: Error,
                summary: "damaged characters (UTF-8 read as another encoding)",
            },
            Code::HistoryHeadingLevel => Info {
                code: "N701",
                name: "history-heading-level",
                severity: Warning,
                summary: "`#### *History*` where the canonical form has `#####`",
            },
            Code::TrailingSpaces => Info {
                code: "N702",
                name: "trailing-spaces",
                severity: Warning,
                summary: "trailing spaces where the canonical form has none",
            },
            Code::MissingBlankLine => Info {
                code: "N703",
                name: "missing-blank-line",
                severity: Warning,
                summary: "a blank line of the canonical form is missing",
            },
            Code::ExtraBlankLines => Info {
                code: "N704",
                name: "extra-blank-lines",
                severity: Warning,
                summary: "more blank lines than the canonical form has",
            },
            Code::HeadingWithoutRevision => Info {
                code: "N705",
                name: "heading-without-revision",
                severity: Warning,
                summary: "a long-format heading without `/R`",
            },
            Code::IrregularWrap => Info {
                code: "N706",
                name: "irregular-wrap",
                severity: Warning,
                summary: "paragraph text not wrapped at the canonical 70 columns",
            },
            Code::FinalNewline => Info {
                code: "N707",
                name: "final-newline",
                severity: Warning,
                summary: "the file ends differently from the canonical form",
            },
            Code::NonCanonicalLayout => Info {
                code: "N708",
                name: "non-canonical-layout",
                severity: Warning,
                summary: "any other line that differs from the canonical rendering",
            },
            Code::MissingFile => Info {
                code: "N801",
                name: "missing-file",
                severity: Error,
                summary: "an image or local link names a file that does not exist",
            },
            Code::UnknownSuppressedCode => Info {
                code: "N901",
                name: "unknown-suppressed-code",
                severity: Warning,
                summary: "a suppression comment names a code that is not one",
            },
            Code::EmptySourceFile => Info {
                code: "A001",
                name: "empty-source-file",
                severity: Warning,
                summary: "an Agora source file holds no rule or proposal",
            },
            Code::UnreadableSourceFile => Info {
                code: "A002",
                name: "unreadable-source-file",
                severity: Error,
                summary: "an Agora source file cannot be read",
            },
            Code::NonexistentDate => Info {
                code: "A003",
                name: "nonexistent-date",
                severity: Error,
                summary: "a date that does not exist",
            },
            Code::ProposalNumberMismatch => Info {
                code: "A004",
                name: "proposal-number-mismatch",
                severity: Warning,
                summary: "a proposal file records another proposal's number",
            },
            Code::IndexMismatch => Info {
                code: "A005",
                name: "index-mismatch",
                severity: Error,
                summary: "a rule missing from the index, filed twice, or an index entry with no rule",
            },
            Code::AgoraRevisionMismatch => Info {
                code: "A006",
                name: "agora-revision-mismatch",
                severity: Error,
                summary: "an Agora rule's revision differs from the changes its history counts",
            },
            Code::AgoraDatesOutOfOrder => Info {
                code: "A007",
                name: "agora-dates-out-of-order",
                severity: Warning,
                summary: "Agora history dates out of order",
            },
            Code::MissingProposal => Info {
                code: "A008",
                name: "missing-proposal",
                severity: Warning,
                summary: "history cites a proposal the proposals folder lacks",
            },
            Code::CitationNotInForce => Info {
                code: "A009",
                name: "citation-not-in-force",
                severity: Warning,
                summary: "a rule's text cites a rule that is not in force",
            },
        }
    }

    /// What a finding of this kind means, in one line (the first line of
    /// `nomic check --explain`).
    pub fn summary(self) -> &'static str {
        self.info().summary
    }

    /// The code whose `N…` (`A…`) string or name is `s`.
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
