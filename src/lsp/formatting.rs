//! "Format document" is `nomic fmt`: the canonical form of the file's own
//! format, refused when it would not read back as the same rules.

use super::document::{Document, RulesetFile};
use super::edits;
use super::workspace::Workspace;
use super::Refusal;
use crate::meaning;
use crate::parse::Parsed;
use crate::render::RenderOptions;
use lsp_types::{DocumentFormattingParams, TextEdit};

/// The edits that put a document in canonical form.
pub(crate) fn format(
    workspace: &mut Workspace,
    params: DocumentFormattingParams,
) -> Result<Option<Vec<TextEdit>>, Refusal> {
    let Some(document) = workspace.get(&params.text_document.uri) else {
        return Ok(None);
    };
    let Some(file) = document.ruleset() else {
        return Err(Refusal(
            "only a ruleset that reads can be formatted".to_string(),
        ));
    };
    let canonical = canonical(document, file)?;
    Ok(Some(edits::between(
        &document.text,
        &document.index,
        &canonical,
    )))
}

/// The canonical form of a ruleset file, as `nomic fmt` writes it.
pub(crate) fn canonical(document: &Document, file: &RulesetFile) -> Result<String, Refusal> {
    let parsed = Parsed {
        ruleset: file.parsed.ruleset.clone(),
        format: file.parsed.format,
        text: document.text.clone(),
        encoding: file.parsed.encoding.clone(),
    };
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    meaning::render_read(parsed, file.parsed.format, &options)
        .map_err(|err| Refusal(format!("cannot format: {err}")))
}
