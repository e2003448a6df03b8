//! `nomic render`: one published form of a ruleset file.

use super::io::{parse_input_owned, print_stdout, read_input, Failure};
use nomic::meaning::{self, RenderRefusal};
use nomic::model::Format;
use nomic::output::write_atomic;
use nomic::parse::ReadOptions;
use nomic::render::RenderOptions;
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
    /// The ruleset file (`-` for standard input), or a folder of rule files
    /// (one rule per file) or Agora's source
    pub file: PathBuf,
    /// The form to write [default: the file's own format; for a folder,
    /// md-long, or agora-flr for Agora's source]
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
    let (parsed, format) = match super::io::read_folder(&args.file)? {
        // A folder's files are a form no renderer writes: its rules are
        // written anew, in the form asked for, else Agora's FLR or the
        // Markdown ruleset.
        Some(read) => {
            let own = if read.agora.is_some() {
                Format::AgoraFlr
            } else {
                Format::MdLong
            };
            let mut parsed = read.parsed;
            parsed.ruleset = parsed.ruleset.into_without_layout();
            (parsed, args.to.unwrap_or(own))
        }
        None => {
            let parsed = read_file(&args)?;
            let format = args.to.unwrap_or(parsed.format);
            (parsed, format)
        }
    };
    let options = RenderOptions {
        canonical: args.canonical,
        templates: args.templates,
    };
    let untitled = meaning::untitled_in(&parsed.ruleset, format);
    let text = meaning::render_read(parsed, format, &options).map_err(|err| match err {
        RenderRefusal::Meaning(err) => Failure::message(format!("{err}; nothing was written")),
        RenderRefusal::Render(err) => Failure::message(err.to_string()),
    })?;
    match args.output {
        Some(path) => {
            write_atomic(&path, text.as_bytes()).map_err(|err| {
                Failure::message(format!("cannot write {}: {err}", path.display()))
            })?;
        }
        None => print_stdout(&text)?,
    }
    if untitled > 0 {
        eprintln!(
            "note: {format} titles no rule: the titles of {untitled} rules are not in it \
             (json, the ruleset's own form and `nomic site` keep them)"
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The ruleset file (or standard input), read as deep as the form asked
/// for needs.
fn read_file(args: &Args) -> Result<nomic::parse::Parsed, Failure> {
    let (name, bytes) = read_input(&args.file)?;
    let options = ReadOptions {
        from: args.from,
        repair_encoding: args.repair_encoding,
    };
    let dialect = super::io::dialect_for(&name)?.is_some();
    let depth = meaning::read_depth(&bytes, &options, dialect, args.to, args.canonical);
    // The read takes the bytes; a repair's report needs them as they were.
    let as_given = args.repair_encoding.then(|| bytes.clone());
    let parsed = parse_input_owned(&name, bytes, &options, depth)?;
    super::io::report_repair(&name, as_given.as_deref().unwrap_or_default(), &options);
    Ok(parsed)
}
