//! `nomic fmt`: rewrite rule files in the canonical form of their format.

use super::io::{parse_input, print_stdout, read_input, report_repair, Failure};
use nomic::meaning;
use nomic::model::Format;
use nomic::output::{self, WriteOutcome};
use nomic::parse::{dialect, ReadOptions};
use nomic::render::{self, RenderOptions};
use similar::TextDiff;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Rewrite rule files in canonical form, in their own format
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Exit status: 0 when done (or, with --check, when every file is \
    canonical), 1 when --check finds a file to change, 2 when a file cannot be read, parsed \
    or written.\n\n\
    Examples:\n  \
    nomic fmt rulesets/nomic-4-long.md\n  \
    nomic fmt --check rules/*.md\n  \
    nomic fmt --repair-encoding rules-l.md\n  \
    nomic fmt --check rules/ruleset.md | git apply"
)]
pub(super) struct Args {
    /// Ruleset files to format (`-` reads standard input and writes the
    /// canonical form to standard output), or folders of rule files (one
    /// rule per file; each file is rewritten)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Write nothing: print a unified diff of what would change and exit 1
    /// if anything would
    #[arg(long)]
    pub check: bool,
    /// Read every file as this format instead of detecting it
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<Format>,
    /// Repair mojibake (UTF-8 once read as Windows-1252/1254) where the
    /// repair is certain; list the uncertain ones on stderr
    #[arg(long)]
    pub repair_encoding: bool,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let mut failed = false;
    let mut changed = 0;
    let mut unchanged = 0;
    let mut out = String::new();
    for given in &args.files {
        let files = match formatted(given, args.from, args.repair_encoding) {
            Ok(files) => files,
            Err(failure) => {
                failed = true;
                failure.report();
                continue;
            }
        };
        for Formatted {
            name,
            path,
            current,
            canonical,
        } in files
        {
            if path == Path::new("-") && !args.check {
                out.push_str(&canonical);
                continue;
            }
            if current == canonical {
                unchanged += 1;
                continue;
            }
            changed += 1;
            if args.check {
                out.push_str(&unified_diff(&name, &current, &canonical));
                continue;
            }
            if let Err(failure) = write(&name, &path, &canonical, &mut out) {
                failed = true;
                failure.report();
            }
        }
    }
    print_stdout(&out)?;
    if args.check && changed > 0 {
        let plural = if changed == 1 { "" } else { "s" };
        eprintln!("{changed} file{plural} not in canonical form ({unchanged} already canonical); run `nomic fmt` to rewrite");
    }
    let code = if failed {
        2
    } else {
        u8::from(args.check && changed > 0)
    };
    Ok(ExitCode::from(code))
}

/// Writes one file's canonical form in its place, saying so in `out`.
fn write(name: &str, path: &Path, canonical: &str, out: &mut String) -> Result<(), Failure> {
    match output::write_atomic(path, canonical.as_bytes()) {
        Ok(WriteOutcome::Unchanged) => {}
        Ok(WriteOutcome::WrittenThrough { names }) => out.push_str(&format!(
            "formatted {name} (written in place, not atomically: the file has {names} names, and all of them keep the new text)\n"
        )),
        Ok(_) => out.push_str(&format!("formatted {name}\n")),
        Err(err) => return Err(Failure::message(format!("cannot write {name}: {err}"))),
    }
    Ok(())
}

/// One file to format: its display name, where it is written, its text as
/// read and its canonical form.
struct Formatted {
    name: String,
    path: PathBuf,
    current: String,
    canonical: String,
}

/// The files `path` names in canonical form: the file itself, or each rule
/// file of a folder of them (each rule's file written anew from its front
/// matter and text, as `write_folder` writes a changed rule).
fn formatted(
    path: &Path,
    from: Option<Format>,
    repair_encoding: bool,
) -> Result<Vec<Formatted>, Failure> {
    let Some(read) = super::io::read_folder(path)? else {
        let (name, current, canonical) = canonical(path, from, repair_encoding)?;
        return Ok(vec![Formatted {
            name,
            path: path.to_path_buf(),
            current,
            canonical,
        }]);
    };
    if read.agora.is_some() {
        return Err(Failure::message(format!(
            "{}: Agora's source folder is the Rulekeepor's to edit; nomic reads it and \
             publishes it (`nomic build`) but does not rewrite it",
            path.display()
        )));
    }
    let ruleset = read.parsed.ruleset.into_without_layout();
    let written = dialect::write_folder(&read.files, &ruleset, &BTreeMap::new());
    written
        .files
        .into_iter()
        .map(|(relative, canonical)| {
            let file = path.join(relative);
            let name = file.display().to_string();
            let current = std::fs::read_to_string(&file)
                .map_err(|err| Failure::message(format!("cannot read {name}: {err}")))?;
            Ok(Formatted {
                name,
                path: file,
                current,
                canonical,
            })
        })
        .collect()
}

/// A file's display name, its text as read and its canonical form (of the
/// repaired text, with `repair_encoding`).
fn canonical(
    path: &Path,
    from: Option<Format>,
    repair_encoding: bool,
) -> Result<(String, String, String), Failure> {
    let (name, bytes) = read_input(path)?;
    let options = ReadOptions {
        from,
        repair_encoding,
    };
    let parsed = parse_input(&name, &bytes, &options)?;
    report_repair(&name, &bytes, &options);
    let current = if repair_encoding {
        nomic::parse::error_source(&bytes, &ReadOptions::default())
    } else {
        parsed.text
    };
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    let canonical = render::render(&parsed.ruleset, parsed.format, &options)
        .map_err(|err| Failure::message(format!("cannot render {name}: {err}")))?;
    meaning::verify_written(&parsed.ruleset, &canonical, parsed.format)
        .map_err(|err| Failure::message(format!("{name}: {err}; nothing was written")))?;
    Ok((name, current, canonical))
}

/// `--- a/NAME` / `+++ b/NAME` and the hunks, as `git apply` reads them.
fn unified_diff(name: &str, current: &str, canonical: &str) -> String {
    TextDiff::from_lines(current, canonical)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}
