//! `nomic render`: one published form of a ruleset file.

use super::io::{parse_input_owned, print_stdout, read_input, Failure};
use nomic::meaning;
use nomic::meaning::MeaningError;
use nomic::model::Format;
use nomic::model::Ruleset;
use nomic::output::write_atomic;
use nomic::parse::{Parsed, ReadDepth, ReadOptions};
use nomic::render::{self, Parts, RenderError, RenderOptions, Renderer};
use std::path::PathBuf;
use std::process::ExitCode;

/// Render a ruleset file to one form (lossless when the form is its own)
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    nomic render rulesets/nomic-4-long.md --to txt-long\n  \
    nomic render rules-l.md -o rules-l.md          # rewrite in place, keeping its layout\n  \
    nomic render rules-l.md --canonical --to md-long\n  \
    nomic render rules-l.md --repair-encoding -o rules-l.md")]
pub(super) struct Args {
    /// The ruleset file (`-` for standard input)
    pub file: PathBuf,
    /// The form to write [default: the file's own format]
    #[arg(long, value_name = "FORMAT")]
    pub to: Option<Format>,
    /// Read FILE as this format instead of detecting it
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<Format>,
    /// Write to this file (atomically) instead of standard output
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Ignore the file's layout and write the canonical form
    #[arg(long)]
    pub canonical: bool,
    /// Take templates from DIR first, falling back to the built-in ones
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Repair mojibake (UTF-8 once read as Windows-1252/1254) where the
    /// repair is certain; list the uncertain ones on stderr
    #[arg(long)]
    pub repair_encoding: bool,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let (name, bytes) = read_input(&args.file)?;
    let options = ReadOptions {
        from: args.from,
        repair_encoding: args.repair_encoding,
    };
    // A render that will not use the file's layout reads the rules for
    // their meaning only (no kept sources, no fingerprints); should the
    // file turn out to be in the form asked for, it is read again. One that
    // may use it reads it without fingerprints where the embedded writer
    // re-emits it (the rules are written as read: nothing to compare).
    let meaning_only = args.canonical
        || args
            .to
            .is_some_and(|to| to != Format::Dialect && !to.is_agora() && args.from != Some(to));
    let layout_depth = if args.templates.is_none() && args.to.is_none_or(render::is_builtin) {
        ReadDepth::Layout
    } else {
        ReadDepth::Full
    };
    // The read takes the bytes (no decoded copy beside them); a repair's
    // report needs them as they were.
    let as_given = args.repair_encoding.then(|| bytes.clone());
    let depth = if meaning_only {
        ReadDepth::Meaning
    } else {
        layout_depth
    };
    let mut parsed = parse_input_owned(&name, bytes, &options, depth)?;
    let format = args.to.unwrap_or(parsed.format);
    if meaning_only && uses_layout(format, parsed.format, args.canonical) {
        let again = match &as_given {
            Some(bytes) => bytes.clone(),
            None => std::mem::take(&mut parsed.text).into_bytes(),
        };
        drop(parsed);
        parsed = parse_input_owned(&name, again, &options, layout_depth)?;
    }
    super::io::report_repair(&name, as_given.as_deref().unwrap_or_default(), &options);
    let options = RenderOptions {
        canonical: args.canonical,
        templates: args.templates,
    };
    // A file written in its own form, not canonically, is re-emitted as
    // read: its text is kept to compare the document with. Otherwise only
    // the ruleset is still needed: the file's text goes first, and so do
    // the rules' kept sources where the render cannot use them.
    let as_read_text =
        (!options.canonical && format == parsed.format).then(|| std::mem::take(&mut parsed.text));
    let ruleset = without_unused_layout(parsed, format, options.canonical);
    let renderer = Renderer::new(&options).map_err(|err| Failure::message(err.to_string()))?;
    let refused = |err: MeaningError| Failure::message(format!("{err}; nothing was written"));
    // The rules are written as read: a kept source is re-emitted without
    // comparing fingerprints (the read may have taken none).
    let text = match renderer.parts(&ruleset, format).map(Parts::as_read) {
        // Templates of one's own write a form of one's own: nothing to read
        // back. The embedded ones are written and read back a batch at a time.
        // The document is the file itself: it reads back as read.
        Some(parts)
            if options.templates.is_none()
                && as_read_text
                    .as_deref()
                    .is_some_and(|text| meaning::writes_read_text(&parts, text)) =>
        {
            let text = as_read_text.unwrap_or_default();
            parts
                .check_size(text.len())
                .map_err(|err| Failure::message(err.to_string()))?;
            text
        }
        Some(parts) if options.templates.is_none() => {
            meaning::write_checked(&parts, |len| parts.check_size(len).map_err(Refusal::Render))
                .map_err(|err| match err {
                    Refusal::Render(err) => Failure::message(err.to_string()),
                    Refusal::Meaning(err) => refused(err),
                })?
        }
        _ => {
            let text = renderer
                .render(&ruleset, format)
                .map_err(|err| Failure::message(err.to_string()))?;
            if options.templates.is_none() {
                meaning::verify_written(&ruleset, &text, format).map_err(refused)?;
            }
            text
        }
    };
    match args.output {
        Some(path) => {
            write_atomic(&path, text.as_bytes()).map_err(|err| {
                Failure::message(format!("cannot write {}: {err}", path.display()))
            })?;
        }
        None => print_stdout(&text)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Why a render was refused: the renderer's refusal, or the meaning check's.
enum Refusal {
    Render(RenderError),
    Meaning(MeaningError),
}

impl From<MeaningError> for Refusal {
    fn from(err: MeaningError) -> Self {
        Refusal::Meaning(err)
    }
}

/// The parsed ruleset, less each rule's kept layout (a copy of its source)
/// when rendering to `format` does not use it: the kept bytes serve only a
/// non-canonical render to the format the file was read in, and a dialect.
fn without_unused_layout(parsed: Parsed, format: Format, canonical: bool) -> Ruleset {
    let mut ruleset = parsed.ruleset;
    if !uses_layout(format, parsed.format, canonical) {
        for rule in &mut ruleset.rules {
            rule.layout = None;
        }
    }
    ruleset
}

/// Whether rendering to `format` a file read as `read` uses what a full read
/// keeps of its layout: the kept bytes of a non-canonical render to the
/// file's own format, a dialect, and the Agora forms.
fn uses_layout(format: Format, read: Format, canonical: bool) -> bool {
    format == Format::Dialect || format.is_agora() || (!canonical && format == read)
}
