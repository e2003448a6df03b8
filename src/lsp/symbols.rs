//! One symbol per rule, named by its number and title: in a document, and
//! across the rulesets of the folder.

use super::document::{Document, RulesetFile, Site};
use super::navigation::location;
use super::workspace::Workspace;
use super::Refusal;
use crate::model::Rule;
use lsp_types::{
    DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, OneOf, SymbolKind,
    WorkspaceSymbol, WorkspaceSymbolParams, WorkspaceSymbolResponse,
};

/// The rules of a document.
pub(crate) fn document(
    workspace: &mut Workspace,
    params: DocumentSymbolParams,
) -> Result<Option<DocumentSymbolResponse>, Refusal> {
    let Some(document) = workspace.get(&params.text_document.uri) else {
        return Ok(None);
    };
    let Some(file) = document.ruleset() else {
        return Ok(None);
    };
    #[allow(deprecated)] // `deprecated` is a field every literal must give
    let symbols = each_rule(file)
        .map(|(site, rule)| DocumentSymbol {
            name: name(rule),
            detail: rule.revision.map(|revision| format!("revision {revision}")),
            kind: SymbolKind::NAMESPACE,
            tags: None,
            deprecated: None,
            range: document.index.range(&document.text, &site.span),
            selection_range: document.index.range(&document.text, &site.heading),
            children: None,
        })
        .collect();
    Ok(Some(DocumentSymbolResponse::Nested(symbols)))
}

/// The rules of every ruleset of the folder whose number or title holds
/// the query (case-insensitive).
pub(crate) fn workspace(
    workspace: &mut Workspace,
    params: WorkspaceSymbolParams,
) -> Result<Option<WorkspaceSymbolResponse>, Refusal> {
    let query = params.query.to_lowercase();
    let mut symbols = Vec::new();
    for document in workspace.all() {
        let Some(file) = document.ruleset() else {
            continue;
        };
        symbols.extend(
            each_rule(file)
                .filter(|(_, rule)| name(rule).to_lowercase().contains(&query))
                .map(|(site, rule)| symbol(document, site, rule)),
        );
    }
    Ok(Some(WorkspaceSymbolResponse::Nested(symbols)))
}

fn symbol(document: &Document, site: &Site, rule: &Rule) -> WorkspaceSymbol {
    WorkspaceSymbol {
        name: name(rule),
        kind: SymbolKind::NAMESPACE,
        tags: None,
        container_name: document
            .path
            .as_deref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned()),
        location: OneOf::Left(location(document, &site.heading)),
        data: None,
    }
}

fn each_rule(file: &RulesetFile) -> impl Iterator<Item = (&Site, &Rule)> {
    file.sites
        .iter()
        .filter_map(|site| Some((site, file.rule(site.rule)?)))
}

/// `Rule 203: Voting` (or `Rule 203` for a rule without a title).
pub(crate) fn name(rule: &Rule) -> String {
    let title = rule
        .title
        .as_deref()
        .or(rule.agora.as_deref().map(|a| a.title.as_str()))
        .filter(|t| !t.is_empty());
    match title {
        Some(title) => format!("Rule {}: {title}", rule.label()),
        None => format!("Rule {}", rule.label()),
    }
}
