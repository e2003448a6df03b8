//! `nomic diff` where the old side is a plain file: its text is read for
//! its rule starts and let go before the new side is read, and read again
//! rule by rule while the rules are compared (`diff::diff_reread`), so one
//! text is in memory at a time, not two (issue 15: peak memory).
//!
//! What `diff_reread` gives is what `diff_texts` gives for the same two
//! texts. The file is read twice, so both reads must be of the same bytes:
//! the file's identity and times are taken before the first read and
//! around the second, and where any of them changed the sides are read
//! whole after all (a file written while it is read gives a torn read
//! either way).

use super::{fetch, markdown_format, read_whole, report, Args, DiffFormat, Failure, Input};
use nomic::diff::{diff_reread, DiffOptions, Outline};
use std::fs::{self, File, Metadata};
use std::io::BufReader;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::ExitCode;

/// How far the read of the old side twice got.
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
}

/// The diff with the old side read twice, where that applies: where the
/// shortcut (`super::shortcut`) would be taken and the old side is a plain
/// file. A failure to fetch a side is reported as the whole read reports
/// it (the old side's first).
pub(super) fn run(args: &Args) -> Result<Reread, Failure> {
    if args.format == DiffFormat::Unified || args.old == "-" {
        return Ok(Reread::whole(None, None));
    }
    let path = Path::new(&args.old);
    let Some(before) = fs::metadata(path).ok().filter(Metadata::is_file) else {
        return Ok(Reread::whole(None, None));
    };
    let old = fetch(&args.old)?;
    let outline = match &old {
        Input::File {
            name,
            text: Ok(text),
            ..
        } => markdown_format(name, text, args.from_old)
            .and_then(|format| Some((format, Outline::of(text, format)?))),
        _ => None,
    };
    let Some((format, outline)) = outline else {
        return Ok(Reread::whole(Some(old), None));
    };
    // The old text is let go before the new one is read.
    drop(old);
    let new = match fetch(&args.new) {
        Ok(new) => new,
        Err(failure) => {
            // The old side's failure is the one reported when both fail.
            read_whole(fetch(&args.old)?, args.from_old)?;
            return Err(failure);
        }
    };
    let new_text = match &new {
        Input::File {
            name,
            text: Ok(text),
            ..
        } if markdown_format(name, text, args.from_new) == Some(format) => text,
        _ => return Ok(Reread::whole(None, Some(new))),
    };
    let options = DiffOptions {
        layout: args.layout,
        ..DiffOptions::default()
    };
    let read_again = |file: &File| {
        let again = BufReader::with_capacity(64 * 1024, file);
        diff_reread(&outline, again, new_text, format, &options)
    };
    match read_unchanged(path, &before, read_again) {
        Some(Some(changes)) => {
            let code = report(args, &changes, None)?;
            // The process ends with this command (see `super::run`).
            std::mem::forget((new, changes, outline));
            Ok(Reread::Done(code))
        }
        // Where `diff_reread` gives up, so does `diff_texts`.
        Some(None) => Ok(Reread::Whole {
            old: None,
            new: Some(new),
            shortcut: false,
        }),
        None => Ok(Reread::whole(None, Some(new))),
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
