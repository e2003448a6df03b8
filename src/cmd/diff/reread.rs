//! `nomic diff` where a side is a plain file (the old one where both are):
//! its text is read for its rule starts and let go before the other side is
//! read, and read again rule by rule while the rules are compared
//! (`diff::diff_reread`), so one text is in memory at a time, not two
//! (issue 15: peak memory). `nomic diff HEAD~1:rules.md rules.md` reads
//! the working file twice.
//!
//! What `diff_reread` gives is what `diff_texts` gives for the same two
//! texts. The file is read twice, so both reads must be of the same bytes:
//! the file's identity and times are taken before the first read and
//! around the second, and where any of them changed the sides are read
//! whole after all (a file written while it is read gives a torn read
//! either way).

use super::{fetch, markdown_format, read_whole, report, Args, DiffFormat, Failure, Input};
use nomic::diff::{diff_reread, DiffOptions, Outline, Outlined};
use std::fs::{self, File, Metadata};
use std::io::BufReader;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::ExitCode;

/// How far the read of a side twice got.
pub(super) enum Reread {
    /// The changes were reported, with this exit status.
    Done(ExitCode),
    /// Left to the whole read, with the sides fetched so far; `shortcut`
    /// is false where `diff_texts` is known to give `None` for them.
    Whole {
        old: Option<Input>,
        new: Option<Input>,
        shortcut: bool,
    },
}

impl Reread {
    fn whole(old: Option<Input>, new: Option<Input>) -> Reread {
        Reread::Whole {
            old,
            new,
            shortcut: true,
        }
    }

    /// Left to the whole read with the `outlined` side and the other as
    /// fetched so far.
    fn sides(
        outlined: Outlined,
        own: Option<Input>,
        other: Option<Input>,
        shortcut: bool,
    ) -> Reread {
        let (old, new) = match outlined {
            Outlined::Old => (own, other),
            Outlined::New => (other, own),
        };
        Reread::Whole { old, new, shortcut }
    }
}

/// The diff with one side read twice, where that applies: where the
/// shortcut (`super::shortcut`) would be taken and a side is a plain file
/// (the old one where both are). A failure to fetch a side is reported as
/// the whole read reports it (the old side's first).
pub(super) fn run(args: &Args) -> Result<Reread, Failure> {
    if args.format == DiffFormat::Unified {
        return Ok(Reread::whole(None, None));
    }
    for (spec, outlined) in [(&args.old, Outlined::Old), (&args.new, Outlined::New)] {
        let path = Path::new(spec);
        if let Some(before) = fs::metadata(path).ok().filter(Metadata::is_file) {
            if spec != "-" {
                return outlined_first(args, outlined, path, &before);
            }
        }
    }
    Ok(Reread::whole(None, None))
}

/// [`run`] with the `outlined` side, the plain file at `path` that
/// `before` describes, read first and then again.
fn outlined_first(
    args: &Args,
    outlined: Outlined,
    path: &Path,
    before: &Metadata,
) -> Result<Reread, Failure> {
    let (spec, from, other_spec, other_from) = match outlined {
        Outlined::Old => (&args.old, args.from_old, &args.new, args.from_new),
        Outlined::New => (&args.new, args.from_new, &args.old, args.from_old),
    };
    // Where one side fails, the whole read reports the old side's failure
    // first (see `super::run`): its fetch's, else its read's.
    let old_first = |failure: Failure| -> Result<Reread, Failure> {
        read_whole(fetch(&args.old)?, args.from_old)?;
        Err(failure)
    };
    let own = match fetch(spec) {
        Ok(own) => own,
        Err(failure) if outlined == Outlined::New => return old_first(failure),
        Err(failure) => return Err(failure),
    };
    let outline = match &own {
        Input::File {
            name,
            text: Ok(text),
            ..
        } => markdown_format(name, text, from)
            .and_then(|format| Some((format, Outline::of(text, format)?))),
        _ => None,
    };
    let Some((format, outline)) = outline else {
        return Ok(Reread::sides(outlined, Some(own), None, true));
    };
    // The outlined text is let go before the other one is read.
    drop(own);
    let other = match fetch(other_spec) {
        Ok(other) => other,
        Err(failure) if outlined == Outlined::Old => return old_first(failure),
        Err(failure) => return Err(failure),
    };
    let other_text = match &other {
        Input::File {
            name,
            text: Ok(text),
            ..
        } if markdown_format(name, text, other_from) == Some(format) => text,
        _ => return Ok(Reread::sides(outlined, None, Some(other), true)),
    };
    let options = DiffOptions {
        layout: args.layout,
        ..DiffOptions::default()
    };
    let read_again = |file: &File| {
        let again = BufReader::with_capacity(64 * 1024, file);
        diff_reread(&outline, outlined, again, other_text, format, &options)
    };
    match read_unchanged(path, before, read_again) {
        Some(Some(changes)) => {
            let code = report(args, &changes, None)?;
            // The process ends with this command (see `super::run`).
            std::mem::forget((other, changes, outline));
            Ok(Reread::Done(code))
        }
        // Where `diff_reread` gives up, so does `diff_texts`.
        Some(None) => Ok(Reread::sides(outlined, None, Some(other), false)),
        None => Ok(Reread::sides(outlined, None, Some(other), true)),
    }
}

/// `read` of the file at `path` opened again; `None` when it cannot be
/// opened or is not the file `before` describes, unchanged, both before
/// and after `read`.
fn read_unchanged<T>(path: &Path, before: &Metadata, read: impl FnOnce(&File) -> T) -> Option<T> {
    let file = File::open(path).ok()?;
    let opened = file.metadata().ok()?;
    let read = read(&file);
    let after = file.metadata().ok()?;
    (same_file_unchanged(before, &opened) && same_file_unchanged(&opened, &after)).then_some(read)
}

/// Whether two looks at a file are at the same file with the same bytes,
/// as far as the system tells: the same device and inode, size, and times
/// of the last change of its bytes (`mtime`, which a program may set back)
/// and of its inode (`ctime`, which it may not).
fn same_file_unchanged(one: &Metadata, other: &Metadata) -> bool {
    let look = |meta: &Metadata| {
        (
            meta.dev(),
            meta.ino(),
            meta.size(),
            (meta.mtime(), meta.mtime_nsec()),
            (meta.ctime(), meta.ctime_nsec()),
        )
    };
    look(one) == look(other)
}
