//! [`write_atomic_spooled`] writes what [`write_atomic_parts`] writes of
//! the same bytes, and says the same of it.

use super::*;
use std::io::{Seek, Write};

/// An unnamed temporary file holding `bytes`, its offset left at the end
/// (as a spool is left once written).
fn spool(bytes: &[u8]) -> File {
    let mut file = tempfile::tempfile().unwrap();
    file.write_all(bytes).unwrap();
    file
}

#[test]
fn a_spooled_document_is_written_as_its_parts_would_be() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/out.txt");
    let text = b"# T\nrule one\nrule two\n";
    assert_eq!(
        write_atomic_spooled(&path, &spool(text)).unwrap(),
        WriteOutcome::Created
    );
    assert_eq!(fs::read(&path).unwrap(), text);
    // Held already: not touched.
    assert_eq!(
        write_atomic_spooled(&path, &spool(text)).unwrap(),
        WriteOutcome::Unchanged
    );
    // The same length, another last byte; longer; shorter; empty.
    for other in [
        &b"# T\nrule one\nrule two!"[..],
        b"# T\nrule one\nrule two\nrule three\n",
        b"# T\n",
        b"",
    ] {
        assert_eq!(
            write_atomic_spooled(&path, &spool(other)).unwrap(),
            WriteOutcome::Changed
        );
        assert_eq!(fs::read(&path).unwrap(), other);
    }
    let leftovers = fs::read_dir(path.parent().unwrap()).unwrap().count();
    assert_eq!(leftovers, 1, "no temporary file is left behind");
    // Through a second name, in place, cut to its length.
    fs::write(&path, "a longer text than the new one").unwrap();
    let other = dir.path().join("sub/other.txt");
    fs::hard_link(&path, &other).unwrap();
    assert_eq!(
        write_atomic_spooled(&other, &spool(b"ab")).unwrap(),
        WriteOutcome::WrittenThrough { names: 2 }
    );
    assert_eq!(fs::read(&path).unwrap(), b"ab");
}

#[test]
fn a_spooled_document_larger_than_a_chunk_is_compared_and_written_whole() {
    // Several chunks of the comparison, the last one short, and a
    // difference only in the last byte, or only past a chunk's end.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.txt");
    let text: Vec<u8> = (0..200_000u32).map(|k| b'a' + (k % 23) as u8).collect();
    let mut spooled = spool(&text);
    // A spool read from anywhere is written from its start.
    spooled.rewind().unwrap();
    assert_eq!(
        write_atomic_spooled(&path, &spooled).unwrap(),
        WriteOutcome::Created
    );
    assert_eq!(fs::read(&path).unwrap(), text);
    assert_eq!(
        write_atomic_spooled(&path, &spooled).unwrap(),
        WriteOutcome::Unchanged
    );
    for at in [text.len() - 1, 64 * 1024, 3 * 64 * 1024 + 5] {
        let mut changed = text.clone();
        changed[at] = b'!';
        assert_eq!(
            write_atomic_spooled(&path, &spool(&changed)).unwrap(),
            WriteOutcome::Changed,
            "{at}"
        );
        assert_eq!(fs::read(&path).unwrap(), changed);
    }
    // Exactly a chunk, held and not.
    let chunk = &text[..64 * 1024];
    write_atomic_spooled(&path, &spool(chunk)).unwrap();
    assert_eq!(
        write_atomic_spooled(&path, &spool(chunk)).unwrap(),
        WriteOutcome::Unchanged
    );
}

#[test]
fn a_spooled_document_streams_into_a_pipe_or_an_open_descriptor() {
    let dir = tempfile::tempdir().unwrap();
    let sink = dir.path().join("sink");
    fs::write(&sink, "before\n").unwrap();
    let fd = File::options().append(true).open(&sink).unwrap();
    use std::os::fd::AsRawFd;
    let name = PathBuf::from(format!("/proc/self/fd/{}", fd.as_raw_fd()));
    assert_eq!(
        write_atomic_spooled(&name, &spool(b"after\n")).unwrap(),
        WriteOutcome::Streamed
    );
    assert_eq!(fs::read(&sink).unwrap(), b"before\nafter\n");
}
