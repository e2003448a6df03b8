//! Renaming a rule's number is `renumber`: its heading and every citation
//! of it, in every ruleset of the folder that has the rule and in every
//! proposal file, as one workspace edit; refused when the number is taken.

use super::document::{Document, Kind};
use super::edits;
use super::target;
use super::workspace::Workspace;
use super::Refusal;
use crate::amend;
use crate::meaning;
use crate::parse::Parsed;
use crate::refs;
use crate::render::RenderOptions;
use lsp_types::{
    PrepareRenameResponse, RenameParams, TextDocumentPositionParams, TextEdit, Uri, WorkspaceEdit,
};
use std::collections::{BTreeMap, HashMap};

/// The number a rename would change, with the rule's number as the text.
pub(crate) fn prepare(
    workspace: &mut Workspace,
    params: TextDocumentPositionParams,
) -> Result<Option<PrepareRenameResponse>, Refusal> {
    let Some(target) = target::at(workspace, &params) else {
        return Ok(None);
    };
    let Some(document) = workspace.get(&params.text_document.uri) else {
        return Ok(None);
    };
    Ok(Some(PrepareRenameResponse::RangeWithPlaceholder {
        range: document.index.range(&document.text, &target.span),
        placeholder: target.number.to_string(),
    }))
}

/// The edits that give the rule at a position the number `new_name`.
pub(crate) fn rename(
    workspace: &mut Workspace,
    params: RenameParams,
) -> Result<Option<WorkspaceEdit>, Refusal> {
    let Some(target) = target::at(workspace, &params.text_document_position) else {
        return Err(Refusal("no rule number here to rename".to_string()));
    };
    let new = number(&params.new_name)?;
    let mapping = BTreeMap::from([(target.number, new)]);
    // The protocol's type keys the changes by URI (whose parsed form
    // caches, which clippy takes for a mutable key).
    #[allow(clippy::mutable_key_type)]
    let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
    let mut renumbered = 0;
    for document in workspace.all() {
        let edits = match &document.kind {
            Kind::Ruleset(file) if file.site_of(target.number).is_some() => {
                renumbered += 1;
                ruleset_edits(document, &file.parsed, &mapping)?
            }
            Kind::Proposals(_) => {
                let rewritten = refs::renumber(&document.text, &mapping).text;
                edits::between(&document.text, &document.index, &rewritten)
            }
            _ => continue,
        };
        if !edits.is_empty() {
            changes.insert(document.uri.clone(), edits);
        }
    }
    if renumbered == 0 {
        return Err(Refusal(format!(
            "no ruleset of the folder has Rule {}",
            target.number
        )));
    }
    Ok(Some(WorkspaceEdit {
        changes: Some(changes),
        ..WorkspaceEdit::default()
    }))
}

/// `250`, or `Rule 250`, as a rule number.
fn number(name: &str) -> Result<u32, Refusal> {
    let name = name.trim();
    let digits = name
        .strip_prefix("Rule ")
        .or_else(|| name.strip_prefix("rule "))
        .unwrap_or(name)
        .trim();
    digits
        .parse::<u32>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| Refusal(format!("`{name}` is not a rule number")))
}

/// The edits that renumber a ruleset file as `nomic renumber` would write it.
fn ruleset_edits(
    document: &Document,
    parsed: &Parsed,
    mapping: &BTreeMap<u32, u32>,
) -> Result<Vec<TextEdit>, Refusal> {
    let mut parsed = parsed.clone();
    let name = document.uri.as_str();
    amend::renumber(&mut parsed.ruleset, mapping)
        .map_err(|err| Refusal(format!("{name}: {err}; nothing was renamed")))?;
    let format = parsed.format;
    let written = meaning::render_read(parsed, format, &RenderOptions::default())
        .map_err(|err| Refusal(format!("{name}: {err}; nothing was renamed")))?;
    Ok(edits::between(&document.text, &document.index, &written))
}
