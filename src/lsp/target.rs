//! What a position names: the rule cited there, or the rule whose heading's
//! number it is on; and the ruleset a document's citations point into.

use super::document::Document;
use super::workspace::Workspace;
use lsp_types::{TextDocumentPositionParams, Uri};
use std::ops::Range;

/// A rule named at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Target {
    /// The rule's number.
    pub number: u32,
    /// The digits that name it, in the document asked about.
    pub span: Range<usize>,
}

/// The rule named at a position of an open document.
pub(crate) fn at(workspace: &Workspace, position: &TextDocumentPositionParams) -> Option<Target> {
    let document = workspace.get(&position.text_document.uri)?;
    let offset = document.index.offset(&document.text, position.position);
    named_at(document, offset)
}

/// The rule named at byte `offset` of `document`.
pub(crate) fn named_at(document: &Document, offset: usize) -> Option<Target> {
    if let Some(citation) = document.citation_at(offset) {
        return Some(Target {
            number: citation.number,
            span: citation.span.clone(),
        });
    }
    let (site, rule) = document.ruleset()?.label_at(offset)?;
    Some(Target {
        number: rule.number,
        span: site.label.clone(),
    })
}

/// The document whose rules an open document's citations name: itself
/// for a ruleset, the ruleset beside it for proposals.
pub(crate) fn rules_for<'w>(workspace: &'w mut Workspace, uri: &Uri) -> Option<&'w Document> {
    let document = workspace.get(uri)?;
    if document.ruleset().is_some() {
        return workspace.get(uri);
    }
    let path = document.path.clone()?;
    workspace.ruleset_of(&path)
}
