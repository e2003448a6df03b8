//! What a write puts in a file: bytes held in parts, or a document spooled
//! into a temporary file of its own (`nomic render` of a large file, whose
//! checked pieces are not held in memory until the whole has read back).

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};

/// The contents of a write.
#[derive(Clone, Copy)]
pub(super) enum Contents<'a> {
    /// The parts, joined in order.
    Parts(&'a [&'a [u8]]),
    /// All that `file` holds, from its start.
    Spooled(&'a File),
}

/// How many bytes a comparison reads at a time from each side.
const CHUNK: usize = 64 * 1024;

impl Contents<'_> {
    /// How many bytes the contents are.
    pub(super) fn len(self) -> io::Result<u64> {
        match self {
            Contents::Parts(parts) => Ok(parts.iter().map(|part| part.len() as u64).sum()),
            Contents::Spooled(file) => Ok(file.metadata()?.len()),
        }
    }

    /// Writes the contents to `out`, in order.
    pub(super) fn write_to(self, out: &mut File) -> io::Result<()> {
        match self {
            Contents::Parts(parts) => {
                for part in parts {
                    out.write_all(part)?;
                }
                Ok(())
            }
            Contents::Spooled(mut file) => {
                file.seek(SeekFrom::Start(0))?;
                // File to file: the kernel copies (`copy_file_range`).
                let copied = io::copy(&mut file, out)?;
                if copied == self.len()? {
                    Ok(())
                } else {
                    Err(io::Error::other(
                        "the spooled document changed while written",
                    ))
                }
            }
        }
    }

    /// Whether `held` (read from its start, `len` bytes long) holds exactly
    /// the contents.
    pub(super) fn held_by(self, held: &mut impl Read, len: u64) -> io::Result<bool> {
        if len != self.len()? {
            return Ok(false);
        }
        match self {
            Contents::Parts(parts) => {
                let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
                held.read_to_end(&mut bytes)?;
                let mut rest = bytes.as_slice();
                for part in parts {
                    let Some((head, tail)) = rest.split_at_checked(part.len()) else {
                        return Ok(false);
                    };
                    if head != *part {
                        return Ok(false);
                    }
                    rest = tail;
                }
                Ok(rest.is_empty())
            }
            Contents::Spooled(mut file) => {
                // A chunk of each at a time: neither is held whole.
                file.seek(SeekFrom::Start(0))?;
                let (mut ours, mut theirs) = (vec![0; CHUNK], vec![0; CHUNK]);
                loop {
                    let got = fill(&mut file, &mut ours)?;
                    if fill(held, &mut theirs[..got])? != got || ours[..got] != theirs[..got] {
                        return Ok(false);
                    }
                    if got < CHUNK {
                        // Both ended here: nothing more in `held`?
                        return Ok(held.read(&mut theirs[..1])? == 0);
                    }
                }
            }
        }
    }
}

/// Reads into `buf` until it is full or `from` ends; how many bytes it read.
fn fill(from: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match from.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(got)
}
