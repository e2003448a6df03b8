//! Go to a rule's heading from a citation of it; find every citation of a
//! rule in its ruleset and in the proposals that amend it.

use super::document::Document;
use super::target::{self, rules_for};
use super::workspace::Workspace;
use super::Refusal;
use lsp_types::{GotoDefinitionParams, GotoDefinitionResponse, Location, ReferenceParams};

/// The heading of the rule named at a position.
pub(crate) fn definition(
    workspace: &mut Workspace,
    params: GotoDefinitionParams,
) -> Result<Option<GotoDefinitionResponse>, Refusal> {
    let at = &params.text_document_position_params;
    let Some(target) = target::at(workspace, at) else {
        return Ok(None);
    };
    let Some(rules) = rules_for(workspace, &at.text_document.uri) else {
        return Ok(None);
    };
    let location = rules.ruleset().and_then(|file| {
        let (site, _) = file.site_of(target.number)?;
        Some(location(rules, &site.heading))
    });
    Ok(location.map(GotoDefinitionResponse::Scalar))
}

/// Every citation of the rule named at a position (and its heading, when
/// the declaration is asked for).
pub(crate) fn references(
    workspace: &mut Workspace,
    params: ReferenceParams,
) -> Result<Option<Vec<Location>>, Refusal> {
    let at = &params.text_document_position;
    let Some(target) = target::at(workspace, at) else {
        return Ok(None);
    };
    let Some(rules) = rules_for(workspace, &at.text_document.uri) else {
        return Ok(None);
    };
    let ruleset_path = rules.path.clone();
    let mut found = Vec::new();
    if let Some(file) = rules.ruleset() {
        if params.context.include_declaration {
            if let Some((site, _)) = file.site_of(target.number) {
                found.push(location(rules, &site.heading));
            }
        }
    }
    found.extend(citations_of(rules, target.number));
    for proposals in amending(workspace, ruleset_path.as_deref()) {
        if let Some(document) = workspace.at(&proposals) {
            found.extend(citations_of(document, target.number));
        }
    }
    Ok(Some(found))
}

/// The proposal files whose ruleset is the file at `ruleset`.
pub(crate) fn amending(
    workspace: &mut Workspace,
    ruleset: Option<&std::path::Path>,
) -> Vec<std::path::PathBuf> {
    let Some(ruleset) = ruleset else {
        return Vec::new();
    };
    let proposals: Vec<std::path::PathBuf> = workspace
        .all()
        .into_iter()
        .filter(|document| matches!(document.kind, super::document::Kind::Proposals(_)))
        .filter_map(|document| document.path.clone())
        .collect();
    proposals
        .into_iter()
        .filter(|path| {
            workspace
                .ruleset_of(path)
                .is_some_and(|rules| rules.path.as_deref() == Some(ruleset))
        })
        .collect()
}

fn citations_of(document: &Document, number: u32) -> impl Iterator<Item = Location> + '_ {
    document
        .citations()
        .iter()
        // A range is one reference, at its start, of the numbers inside it.
        .filter(move |citation| {
            !citation.recorded
                && citation.covers.contains(&number)
                && (citation.number == number || citation.number == *citation.covers.start())
        })
        .map(|citation| location(document, &citation.span))
}

/// A span of a document as a location.
pub(crate) fn location(document: &Document, span: &std::ops::Range<usize>) -> Location {
    Location {
        uri: document.uri.clone(),
        range: document.index.range(&document.text, span),
    }
}
