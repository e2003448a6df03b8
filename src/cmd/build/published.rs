//! Rendering one source's published set for `nomic build`: the forms and
//! the website, side by side, each read back; into a folder that does not
//! exist yet, each half is written into its staging folder as soon as it
//! is made.

use super::super::io::{read_input, Failure};
use nomic::meaning;
use nomic::output::{BatchError, FreshTree};
use nomic::parse::{ReadDepth, ReadOptions};
use nomic::render::{
    agora_published_files, published_files, published_files_as_read, PublishedFile, Renderer,
};
use std::path::Path;

use super::Args;

/// The published files of one source (the website's under `site/`), and
/// how many damaged characters it holds (after the certain repairs, with
/// `--repair-encoding`). Every file is read back, and one that would change
/// a rule's meaning is refused (not with templates of one's own, whose forms
/// nomic does not read). The forms and the website are made side by side; a
/// failure of the forms is the one reported when both fail.
///
/// With a `tree` (a folder that does not exist yet), each half is written
/// into it once made and read back, while the other half is still being
/// made, and its files' contents are let go; a failure to write is kept in
/// [`Rendered::written`] for the write phase to report, so that a failure to
/// render, here or in a later source, is reported first, as before.
pub(super) fn render_source(
    source: &Path,
    renderer: &Renderer,
    args: &Args,
    tree: Option<&FreshTree>,
) -> Result<Rendered, Failure> {
    if super::super::agora::is_source(source) {
        let read = super::super::agora::read(source)?;
        let (files, site) = rayon::join(
            || {
                agora_published_files(&read.ruleset, renderer)
                    .map_err(|err| Failure::message(format!("{}: {err}", source.display())))
                    .map(|files| written_into(tree, files))
            },
            || site_files(source, &read.ruleset, args).map(|site| written_into(tree, site)),
        );
        return Ok(Rendered::joined(files?, site?, 0));
    }
    let (name, bytes) = read_input(source)?;
    let options = ReadOptions {
        repair_encoding: args.repair_encoding,
        ..ReadOptions::default()
    };
    // Nothing changes the rules between the read and the render: with the
    // embedded templates, the form the file was read in re-emits each kept
    // source as read, so the read takes no fingerprints (a digest of each
    // rule's meaning) to compare. Templates of one's own compare them.
    let as_read = args.templates.is_none();
    let depth = if as_read {
        ReadDepth::Layout
    } else {
        ReadDepth::Full
    };
    // The read takes the bytes; a repair's report needs them as they were.
    let as_given = args.repair_encoding.then(|| bytes.clone());
    let parsed = super::super::io::parse_input_owned(&name, bytes, &options, depth)?;
    let left =
        super::super::io::report_repair(&name, as_given.as_deref().unwrap_or_default(), &options);
    super::super::io::refuse_duplicate_numbers(&name, &parsed)?;
    let ruleset = &parsed.ruleset;
    let (files, site) = rayon::join(
        || {
            let files = if as_read {
                published_files_as_read(ruleset, renderer)
            } else {
                published_files(ruleset, renderer)
            }
            .map_err(|err| Failure::message(format!("{name}: {err}")))?;
            if args.templates.is_none() {
                verify(ruleset, &files).map_err(|err| {
                    Failure::message(format!("{name}: {err}; nothing was written"))
                })?;
            }
            Ok::<_, Failure>(written_into(tree, files))
        },
        || site_files(source, ruleset, args).map(|site| written_into(tree, site)),
    );
    let damaged = if args.repair_encoding {
        left
    } else {
        parsed.encoding.len()
    };
    Ok(Rendered::joined(files?, site?, damaged))
}

/// Files made and read back, and whether writing them into the tree (if
/// any) failed.
type Made = (Vec<PublishedFile>, Result<(), BatchError>);

/// `files` written into `tree`, if there is one, their contents then let go
/// (the plan of a fresh folder needs only their paths).
fn written_into(tree: Option<&FreshTree>, mut files: Vec<PublishedFile>) -> Made {
    let Some(tree) = tree else {
        return (files, Ok(()));
    };
    let batch: Vec<(&Path, &[u8])> = files
        .iter()
        .map(|file| (file.path.as_path(), file.contents.as_bytes()))
        .collect();
    let written = tree.write(&batch);
    drop(batch);
    // The disk writes this half while the other is made.
    tree.sync_ahead();
    for file in &mut files {
        file.contents = String::new();
    }
    (files, written)
}

/// [`meaning::verify_published`] on every core, in runs of files; the
/// failure reported is the first in the files' order, as one run over all
/// of them would report.
fn verify(
    ruleset: &nomic::model::Ruleset,
    files: &[PublishedFile],
) -> Result<(), meaning::MeaningError> {
    use rayon::prelude::*;
    /// Files one task reads back.
    const RUN: usize = 128;
    let check = meaning::PublishedCheck::new(ruleset);
    files
        .par_chunks(RUN)
        .map(|run| check.verify(run))
        .collect::<Vec<_>>()
        .into_iter()
        .collect()
}

/// One source's published set, the website included: in memory, or with
/// a fresh tree, written into it (the paths alone are kept).
pub(super) struct Rendered {
    pub(super) files: Vec<PublishedFile>,
    /// Damaged character sequences (mojibake) published as they are.
    pub(super) damaged: usize,
    /// Whether writing into the fresh tree failed (the forms' failure
    /// first); always fine without a tree.
    pub(super) written: Result<(), BatchError>,
}

impl Rendered {
    /// The forms followed by the website.
    fn joined(forms: Made, site: Made, damaged: usize) -> Rendered {
        let (mut files, forms_written) = forms;
        let (site, site_written) = site;
        files.extend(site);
        Rendered {
            files,
            damaged,
            written: forms_written.and(site_written),
        }
    }
}

/// The website of a source, its paths under `site/`.
fn site_files(
    source: &Path,
    ruleset: &nomic::model::Ruleset,
    args: &Args,
) -> Result<Vec<PublishedFile>, Failure> {
    let name = source.display();
    let versions = if args.git {
        super::super::site::versions(source, true)?
    } else {
        Vec::new()
    };
    let options = nomic::site::SiteOptions {
        templates: args.templates.clone(),
    };
    let files = nomic::site::site_files(ruleset, &versions, &options)
        .map_err(|err| Failure::message(format!("{name}: {err}")))?;
    Ok(files
        .into_iter()
        .map(|file| PublishedFile {
            path: Path::new("site").join(file.path),
            contents: file.contents,
        })
        .collect())
}
