//! "Format document" is `nomic fmt`: the canonical form of the file's own
//! format, refused when it would not read back as the same rules. Writing
//! it takes longer than a keystroke on a large ruleset, so a worker thread
//! writes it once per version of an open document, after the document is
//! read; a request that needs it first writes it itself, or waits for it.

use super::document::RulesetFile;
use super::edits;
use super::workspace::Workspace;
use super::Refusal;
use crate::meaning;
use crate::parse::Parsed;
use crate::render::RenderOptions;
use crossbeam_channel::Sender;
use lsp_types::{DocumentFormattingParams, TextEdit};
use std::sync::{Arc, OnceLock, Weak};

/// A ruleset's canonical form, once written.
pub(crate) type Canonical = OnceLock<Result<String, Refusal>>;

/// A canonical form for the worker to write, unless the document changed
/// (was dropped) in the meantime.
pub(crate) struct Job {
    parsed: Weak<Parsed>,
    canonical: Weak<Canonical>,
}

impl Job {
    /// The job of a ruleset file.
    pub(crate) fn of(file: &RulesetFile) -> Job {
        Job {
            parsed: Arc::downgrade(&file.parsed),
            canonical: Arc::downgrade(&file.canonical),
        }
    }
}

/// Starts the worker; it ends when the sender is dropped.
pub(crate) fn worker() -> Sender<Job> {
    let (sender, receiver) = crossbeam_channel::unbounded::<Job>();
    std::thread::spawn(move || {
        for job in receiver {
            if let (Some(parsed), Some(canonical)) = (job.parsed.upgrade(), job.canonical.upgrade())
            {
                canonical.get_or_init(|| write(&parsed));
            }
        }
    });
    sender
}

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
    let canonical = canonical(file)?;
    Ok(Some(edits::between(
        &document.text,
        &document.index,
        canonical,
    )))
}

/// The canonical form of a ruleset file, as `nomic fmt` writes it.
pub(crate) fn canonical(file: &RulesetFile) -> Result<&str, Refusal> {
    match file.canonical.get_or_init(|| write(&file.parsed)) {
        Ok(canonical) => Ok(canonical),
        Err(refusal) => Err(refusal.clone()),
    }
}

fn write(parsed: &Parsed) -> Result<String, Refusal> {
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    meaning::render_read(parsed.clone(), parsed.format, &options)
        .map_err(|err| Refusal(format!("cannot format: {err}")))
}
