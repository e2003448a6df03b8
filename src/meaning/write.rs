//! `nomic render`'s one operation: a file that was read, written in a form,
//! and refused unless what is written reads back as its rules.

use super::{verify_written, MeaningError};
use crate::model::Format;
use crate::parse::{self, Parsed, ReadDepth, ReadOptions};
use crate::render::{RenderError, RenderOptions, Renderer};

/// Why a render of a file was refused.
#[derive(Debug, thiserror::Error)]
pub enum RenderRefusal {
    /// The templates could not write it.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// What would be written does not say what the rules say.
    #[error(transparent)]
    Meaning(#[from] MeaningError),
}

/// How deep to read `bytes` for a render to `to` ([`render_read`]): for
/// its meaning only when the render will not use the file's layout (a
/// canonical render, or one to another form than the file is in, which is
/// known before the read from `options.from`, a `dialect` file, or the
/// content), else whole. A file whose form the content does not tell, or
/// one to be repaired, is read whole: the layout is dropped after the read
/// where it goes unused.
#[must_use]
pub fn read_depth(
    bytes: &[u8],
    options: &ReadOptions,
    dialect: bool,
    to: Option<Format>,
    canonical: bool,
) -> ReadDepth {
    if canonical {
        return ReadDepth::Meaning;
    }
    let read_as = match (options.from, dialect) {
        (_, true) => Some(Format::Dialect),
        (Some(format), false) => Some(format),
        (None, false) if options.repair_encoding => None,
        (None, false) => std::str::from_utf8(bytes)
            .ok()
            .and_then(|text| parse::detect(text).ok()),
    };
    match (read_as, to) {
        (Some(read), Some(to)) if !uses_layout(to, read, false) => ReadDepth::Meaning,
        _ => ReadDepth::Full,
    }
}

/// The file `parsed` written as `format`: its own form re-emits what it
/// kept of the file (each rule's bytes while its meaning is unchanged), any
/// other is written canonically. What is written is read back and compared
/// with the rules, except where it is the file itself, byte for byte (the
/// same bytes read the same), or comes from templates of one's own (a form
/// of one's own, which nomic does not read).
///
/// # Errors
/// [`RenderRefusal`]: the templates' failure, or the first rule whose
/// meaning the written form would change.
pub fn render_read(
    parsed: Parsed,
    format: Format,
    options: &RenderOptions,
) -> Result<String, RenderRefusal> {
    let renderer = Renderer::new(options)?;
    let as_read = (!options.canonical && format == parsed.format).then_some(parsed.text);
    let mut ruleset = parsed.ruleset;
    if !uses_layout(format, parsed.format, options.canonical) {
        // The kept sources serve only the forms that re-emit them.
        for rule in &mut ruleset.rules {
            rule.layout = None;
        }
    }
    let written = renderer.render(&ruleset, format)?;
    if as_read.as_deref() == Some(written.as_str()) || options.templates.is_some() {
        return Ok(written);
    }
    verify_written(&ruleset, &written, format)?;
    Ok(written)
}

/// Whether rendering to `format` a file read as `read` uses what a whole
/// read keeps of its layout: the kept bytes of a non-canonical render to
/// the file's own format, a dialect, and the Agora forms.
fn uses_layout(format: Format, read: Format, canonical: bool) -> bool {
    format == Format::Dialect || format.is_agora() || (!canonical && format == read)
}
