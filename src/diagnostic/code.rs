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
    example: &'static str,
    fix: &'static str,
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
                example: "## 201/0\n\nPlayers shall alternate in alphabetical order.\n\n## 201/0\n\nA second rule 201.",
                fix: "renumber one of them (`nomic renumber FILE 201=220`), or delete the one that is a stale copy",
            },
            Code::RuleOutOfOrder => Info {
                code: "N102",
                name: "rule-out-of-order",
                severity: Warning,
                summary: "a rule's number is lower than the one before it",
                example: "## 203/0\n...\n## 202/0",
                fix: "move the rule so that the numbers rise",
            },
            Code::BrokenRuleHeading => Info {
                code: "N103",
                name: "broken-rule-heading",
                severity: Error,
                summary: "a line looks like a rule heading but is not one (`##206/1`), so its rule is missing",
                example: "##206/1\n\nRule text.   (no space after the hashes: read as text of rule 205)",
                fix: "write the heading as the format has it (`## 206/1`); the help names the heading expected",
            },
            Code::SwallowedRuleHeading => Info {
                code: "N104",
                name: "swallowed-rule-heading",
                severity: Error,
                summary: "a rule heading inside a code or HTML block that is never closed",
                example: "```\nA code block that is never closed.\n\n## 305/0",
                fix: "close the block before the heading; the help names the line that opens it",
            },
            Code::RevisionMismatch => Info {
                code: "N201",
                name: "revision-mismatch",
                severity: Error,
                summary: "the revision (`203/1`) is not the number of amendments in the history",
                example: "## 203/1\n...\n*Amended (1) by Proposal 305, Jul 3, 2020*\n*Amended (2) by Proposal 310, Jul 9, 2020*",
                fix: "change the heading's revision if the history is complete, or the history if the heading is right",
            },
            Code::HistoryDatesOutOfOrder => Info {
                code: "N202",
                name: "history-dates-out-of-order",
                severity: Warning,
                summary: "a history line is dated before the line above it",
                example: "*Amended (1) by Proposal 305, Jul 3, 2020*\n*Amended (2) by Proposal 310, Jun 30, 2020*",
                fix: "correct the date, or put the lines in the order they happened",
            },
            Code::UnparsedHistoryLine => Info {
                code: "N203",
                name: "unparsed-history-line",
                severity: Warning,
                summary: "a history line matches no known entry",
                example: "*Amneded by Proposal 305, Jul 3, 2020*",
                fix: "write the entry in a form nomic reads: `Amended (k) by Proposal N (Proposer), Mon D, YYYY (RxTy)`",
            },
            Code::UnparsedJudgmentLine => Info {
                code: "N204",
                name: "unparsed-judgment-line",
                severity: Warning,
                summary: "a judgment line has neither judge nor date",
                example: "*CFJ 12*   (a judgment line with neither judge nor date)",
                fix: "name the judge and the date, as the other judgment lines do",
            },
            Code::EnactedNumberMismatch => Info {
                code: "N205",
                name: "enacted-number-mismatch",
                severity: Warning,
                summary: "an enacted rule's number is not the enacting proposal's",
                example: "## 312/0\n...\n*Enacted by Proposal 310 (Ann), Jul 9, 2020*",
                fix: "renumber the rule to the proposal's number, or correct the proposal number of the history",
            },
            Code::MutabilityContradictsHistory => Info {
                code: "N206",
                name: "mutability-contradicts-history",
                severity: Error,
                summary: "the immutable marker contradicts the history",
                example: "## 105/0 (IMMUTABLE)\n...\n*Initial mutable Rule 105, Jun 1, 2020*",
                fix: "correct the marker or the history; a `Transmuted` entry explains a change of mutability",
            },
            Code::InitialSetMismatch => Info {
                code: "N301",
                name: "initial-set-mismatch",
                severity: Error,
                summary: "an initial rule is outside the Initial Set rule 101 declares, or differs in mutability",
                example: "rule 101: \"The Initial Set consists of Rules 101-117 (immutable) and 201-219 (mutable)\"\n*Initial mutable Rule 220, Jun 1, 2020*",
                fix: "correct the initial entry, or the declaration in rule 101",
            },
            Code::InitialSetRuleMissing => Info {
                code: "N302",
                name: "initial-set-rule-missing",
                severity: Error,
                summary: "a declared initial rule is absent from a ruleset in which nothing has happened yet",
                example: "rule 101 declares rules 201-219, and rule 214 is absent while nothing has happened yet",
                fix: "restore the missing rule",
            },
            Code::DanglingReference => Info {
                code: "N401",
                name: "dangling-reference",
                severity: Error,
                summary: "a rule cites a rule that is not in the ruleset",
                example: "## 303/0\n\nThis rule takes precedence over Rule 206.   (there is no rule 206)",
                fix: "correct the number, or restore the rule it meant; if that rule was repealed, amend the citing rule",
            },
            Code::RepeatedParagraph => Info {
                code: "N501",
                name: "repeated-paragraph",
                severity: Warning,
                summary: "a paragraph of five words or more appears twice in the same rule",
                example: "## 206/0\n\nA paragraph pasted twice.\n\nA paragraph pasted twice.",
                fix: "delete the copy",
            },
            Code::EmptyRule => Info {
                code: "N502",
                name: "empty-rule",
                severity: Error,
                summary: "a rule has no text",
                example: "## 215/0\n\n##### *History*",
                fix: "write the rule's text, or repeal the rule",
            },
            Code::Mojibake => Info {
                code: "N601",
                name: "mojibake",
                severity: Error,
                summary: "damaged characters (UTF-8 read as another encoding)",
                example: "Players mayÂ propose â€œrule-changesâ€",
                fix: "`nomic fmt --repair-encoding FILE` writes every certain repair",
            },
            Code::HistoryHeadingLevel => Info {
                code: "N701",
                name: "history-heading-level",
                severity: Warning,
                summary: "`#### *History*` where the canonical form has `#####`",
                example: "#### *History*",
                fix: "`nomic fmt` writes `##### *History*`",
            },
            Code::TrailingSpaces => Info {
                code: "N702",
                name: "trailing-spaces",
                severity: Warning,
                summary: "trailing spaces where the canonical form has none",
                example: "Rule text.···   (each · a space at the end of the line)",
                fix: "`nomic fmt` removes them",
            },
            Code::MissingBlankLine => Info {
                code: "N703",
                name: "missing-blank-line",
                severity: Warning,
                summary: "a blank line of the canonical form is missing",
                example: "## 201/0\nPlayers shall alternate.   (no blank line after the heading)",
                fix: "`nomic fmt` adds it; `--allow N703` where the ruleset keeps a layout of its own",
            },
            Code::ExtraBlankLines => Info {
                code: "N704",
                name: "extra-blank-lines",
                severity: Warning,
                summary: "more blank lines than the canonical form has",
                example: "Rule text.\n\n\n\nMore text.",
                fix: "`nomic fmt` keeps one blank line",
            },
            Code::HeadingWithoutRevision => Info {
                code: "N705",
                name: "heading-without-revision",
                severity: Warning,
                summary: "a long-format heading without `/R`",
                example: "## 201   (no `/0`)",
                fix: "write the revision (`## 201/0`); `nomic fmt` does",
            },
            Code::IrregularWrap => Info {
                code: "N706",
                name: "irregular-wrap",
                severity: Warning,
                summary: "paragraph text not wrapped at the canonical 70 columns",
                example: "      Lines of a text form wrapped\n      at 40 columns instead of 70.",
                fix: "`nomic fmt` rewraps; `--allow irregular-wrap` where the wrapping is the community's own",
            },
            Code::FinalNewline => Info {
                code: "N707",
                name: "final-newline",
                severity: Warning,
                summary: "the file ends differently from the canonical form",
                example: "the file ends without a line break, or with several",
                fix: "`nomic fmt`",
            },
            Code::NonCanonicalLayout => Info {
                code: "N708",
                name: "non-canonical-layout",
                severity: Warning,
                summary: "any other line that differs from the canonical rendering",
                example: "  Rule text indented two spaces where the canonical form has none.",
                fix: "`nomic fmt`; `nomic fmt --check` shows the difference",
            },
            Code::MissingFile => Info {
                code: "N801",
                name: "missing-file",
                severity: Error,
                summary: "an image or local link names a file that does not exist",
                example: "![303 chart](images/303.png)   (no images/303.png beside the file)",
                fix: "add the file, or correct the path (relative to the file that holds it)",
            },
            Code::UnknownSuppressedCode => Info {
                code: "N901",
                name: "unknown-suppressed-code",
                severity: Warning,
                summary: "a suppression comment names a code that is not one",
                example: "<!-- nomic: allow missing-blank-lines -->",
                fix: "name a code or a name that `nomic check --explain` knows (`missing-blank-line`)",
            },
            Code::EmptySourceFile => Info {
                code: "A001",
                name: "empty-source-file",
                severity: Warning,
                summary: "an Agora source file holds no rule or proposal",
                example: "rules_data/rules/2719 holding only comments (a draft kept commented out)",
                fix: "delete the draft, or finish it",
            },
            Code::UnreadableSourceFile => Info {
                code: "A002",
                name: "unreadable-source-file",
                severity: Error,
                summary: "an Agora source file cannot be read",
                example: "rules_data/rules/2600 with `power: high`",
                fix: "correct the YAML; the message names the field",
            },
            Code::NonexistentDate => Info {
                code: "A003",
                name: "nonexistent-date",
                severity: Error,
                summary: "a date that does not exist",
                example: "date: 2023-05-32",
                fix: "correct the date",
            },
            Code::ProposalNumberMismatch => Info {
                code: "A004",
                name: "proposal-number-mismatch",
                severity: Warning,
                summary: "a proposal file records another proposal's number",
                example: "rules_data/proposals/7242 holding `id: \"7241\"`",
                fix: "rename the file, or correct its id",
            },
            Code::IndexMismatch => Info {
                code: "A005",
                name: "index-mismatch",
                severity: Error,
                summary: "a rule missing from the index, filed twice, or an index entry with no rule",
                example: "rule 2444 in no category of config/index, and its history does not end in a repeal",
                fix: "file it under a category in config/index, or record its repeal",
            },
            Code::AgoraRevisionMismatch => Info {
                code: "A006",
                name: "agora-revision-mismatch",
                severity: Error,
                summary: "an Agora rule's revision differs from the changes its history counts",
                example: "Rule 1698/8 whose history counts 7 changes",
                fix: "correct the revision, or the history",
            },
            Code::AgoraDatesOutOfOrder => Info {
                code: "A007",
                name: "agora-dates-out-of-order",
                severity: Warning,
                summary: "Agora history dates out of order",
                example: "Amended(3) by P8157, 22 Feb 2010   (after an entry of 29 Jan 2019)",
                fix: "correct the date, or the order of the entries",
            },
            Code::MissingProposal => Info {
                code: "A008",
                name: "missing-proposal",
                severity: Warning,
                summary: "history cites a proposal the proposals folder lacks",
                example: "history citing proposal: \"11\", and no rules_data/proposals/11",
                fix: "add the proposal's file",
            },
            Code::CitationNotInForce => Info {
                code: "A009",
                name: "citation-not-in-force",
                severity: Warning,
                summary: "a rule's text cites a rule that is not in force",
                example: "Rule 754 cited where no rule 754 is in force",
                fix: "correct the citation, or amend the citing rule",
            },
        }
    }

    /// What a finding of this kind means, in one line (the first line of
    /// `nomic check --explain`).
    pub fn summary(self) -> &'static str {
        self.info().summary
    }

    /// A short example of what is found, as it stands in a file.
    pub fn example(self) -> &'static str {
        self.info().example
    }

    /// What to do about a finding of this kind.
    pub fn fix(self) -> &'static str {
        self.info().fix
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
