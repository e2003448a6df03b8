//! Completion of a rule number after `Rule ` (or `Rules `), with the
//! rules' titles: in a ruleset from its own rules, in proposals from the
//! ruleset beside them.

use super::symbols::name;
use super::target::rules_for;
use super::workspace::Workspace;
use super::Refusal;
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionResponse, CompletionTextEdit,
    Range, TextEdit,
};

/// The rule numbers that may follow the text before the cursor.
pub(crate) fn complete(
    workspace: &mut Workspace,
    params: CompletionParams,
) -> Result<Option<CompletionResponse>, Refusal> {
    let at = &params.text_document_position;
    let uri = &at.text_document.uri;
    let Some(document) = workspace.get(uri) else {
        return Ok(None);
    };
    let offset = document.index.offset(&document.text, at.position);
    let line_start = document.text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &document.text[line_start..offset];
    let typed = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let lead = before[..before.len() - typed].to_lowercase();
    if !(lead.ends_with("rule ") || lead.ends_with("rules ")) {
        return Ok(None);
    }
    let digits = before[before.len() - typed..].to_string();
    let start = document.index.position(&document.text, offset - typed);
    let range = Range::new(start, at.position);
    let Some(file) = rules_for(workspace, uri).and_then(|d| d.ruleset()) else {
        return Ok(None);
    };
    let items = file
        .parsed
        .ruleset
        .rules
        .iter()
        .filter(|rule| rule.label().starts_with(&digits))
        .map(|rule| CompletionItem {
            label: rule.label(),
            kind: Some(CompletionItemKind::REFERENCE),
            detail: Some(name(rule)),
            sort_text: Some(format!("{:010}", rule.number)),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                range,
                new_text: rule.label(),
            })),
            ..CompletionItem::default()
        })
        .collect();
    Ok(Some(CompletionResponse::Array(items)))
}
