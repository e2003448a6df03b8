//! Code actions for the findings whose fix is certain, and "format
//! document". A revision to bump writes the revision the history records;
//! a broken heading is written as the heading it was meant to be; a layout
//! finding takes the lines of the canonical form (`fmt`) that it is on.

use super::document::{Document, RulesetFile};
use super::edits::{self, Hunk};
use super::formatting::canonical;
use super::workspace::Workspace;
use super::Refusal;
use crate::check::{self, Code};
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::meaning;
use crate::parse::Parsed;
use crate::render::RenderOptions;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, TextEdit, WorkspaceEdit,
};
use std::collections::HashMap;
use std::ops::Range;

/// The layout findings that the canonical form fixes.
const LAYOUT: [Code; 8] = [
    Code::HistoryHeadingLevel,
    Code::TrailingSpaces,
    Code::MissingBlankLine,
    Code::ExtraBlankLines,
    Code::HeadingWithoutRevision,
    Code::IrregularWrap,
    Code::FinalNewline,
    Code::NonCanonicalLayout,
];

/// The fixes of the findings in the asked range, then "format document".
pub(crate) fn actions(
    workspace: &mut Workspace,
    params: CodeActionParams,
) -> Result<Option<Vec<CodeActionOrCommand>>, Refusal> {
    let Some(document) = workspace.get(&params.text_document.uri) else {
        return Ok(None);
    };
    let Some(file) = document.ruleset() else {
        return Ok(None);
    };
    let from = document.index.offset(&document.text, params.range.start);
    let to = document.index.offset(&document.text, params.range.end);
    let canonical = canonical(file).ok();
    let hunks = canonical
        .map(|canonical| edits::hunks(&document.text, canonical))
        .unwrap_or_default();
    let mut actions = Vec::new();
    for finding in &file.findings {
        let touches = finding.span.start <= to && from <= finding.span.end;
        if !touches {
            continue;
        }
        let DiagnosticCode::Finding(code) = finding.code else {
            continue;
        };
        let fix = match code {
            Code::RevisionMismatch => revision_fix(document, file, finding)?,
            Code::BrokenRuleHeading => heading_fix(document, file, finding),
            code if LAYOUT.contains(&code) => layout_fix(document, &hunks, &finding.span),
            _ => None,
        };
        if let Some((title, edits)) = fix {
            let fixed = super::diagnostics::to_lsp(document, std::slice::from_ref(finding));
            actions.push(action(
                document,
                title,
                edits,
                CodeActionKind::QUICKFIX,
                Some(fixed),
            ));
        }
    }
    if !hunks.is_empty() {
        let edits = edits::text_edits(&document.text, &document.index, hunks);
        let title = "Format document (nomic fmt)".to_string();
        actions.push(action(
            document,
            title,
            edits,
            CodeActionKind::SOURCE_FIX_ALL,
            None,
        ));
    }
    Ok(Some(
        actions
            .into_iter()
            .map(CodeActionOrCommand::CodeAction)
            .collect(),
    ))
}

type Fix = Option<(String, Vec<TextEdit>)>;

fn action(
    document: &Document,
    title: String,
    edits: Vec<TextEdit>,
    kind: CodeActionKind,
    diagnostics: Option<Vec<lsp_types::Diagnostic>>,
) -> CodeAction {
    CodeAction {
        title,
        kind: Some(kind),
        diagnostics,
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(document.uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }),
        ..CodeAction::default()
    }
}

/// A heading whose revision is not what the history records: the rule
/// written again with that revision.
fn revision_fix(
    document: &Document,
    file: &RulesetFile,
    finding: &Diagnostic,
) -> Result<Fix, Refusal> {
    let Some(site) = file.sites.iter().find(|site| site.heading == finding.span) else {
        return Ok(None);
    };
    let mut parsed = Parsed::clone(&file.parsed);
    let Some(rule) = parsed.ruleset.rules.get_mut(site.rule) else {
        return Ok(None);
    };
    let recorded = check::recorded_revision(rule);
    rule.revision = Some(recorded);
    let title = format!("Write revision {}/{recorded}", rule.label());
    let format = parsed.format;
    let Ok(written) = meaning::render_read(parsed, format, &RenderOptions::default()) else {
        return Ok(None);
    };
    Ok(Some((
        title,
        edits::between(&document.text, &document.index, &written),
    )))
}

/// A line that was meant to be a heading, written as one.
fn heading_fix(document: &Document, file: &RulesetFile, finding: &Diagnostic) -> Fix {
    let fixed = check::repaired_heading(&document.text, file.parsed.format, &finding.span)?;
    let edit = TextEdit {
        range: document.index.range(&document.text, &finding.span),
        new_text: fixed.clone(),
    };
    Some((format!("Write `{fixed}`"), vec![edit]))
}

/// The hunks of the canonical form on the lines of a finding's span.
fn layout_fix(document: &Document, hunks: &[Hunk], span: &Range<usize>) -> Fix {
    let text = &document.text;
    let line_start = text.get(..span.start)?.rfind('\n').map_or(0, |i| i + 1);
    let line_end = text
        .get(span.end..)?
        .find('\n')
        .map_or(text.len(), |i| span.end + i + 1);
    let mine: Vec<Hunk> = hunks
        .iter()
        .filter(|hunk| {
            if hunk.old.is_empty() {
                // An insertion: before, among or just after the finding's lines.
                line_start <= hunk.old.start && hunk.old.start <= line_end
            } else {
                hunk.old.start < line_end && line_start < hunk.old.end
            }
        })
        .cloned()
        .collect();
    if mine.is_empty() {
        return None;
    }
    let edits = edits::text_edits(text, &document.index, mine);
    Some((
        "Write the canonical layout here (nomic fmt)".to_string(),
        edits,
    ))
}
