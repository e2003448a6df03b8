//! A canonical rendering compared with the file as it is rendered, piece by
//! piece, and kept, from the first difference on, as the ids of its lines
//! rather than as text (issue 15).
//!
//! The line diff ([`super::line_diff`]) needs only which lines are equal:
//! each line of the file gets an id (a map keyed by the file's own line
//! slices), and each line of the rendering the id of the equal line of the
//! file, or of an equal line rendered before that the file lacks (the only
//! lines copied). The ids of both are the lines' of `TextDiff::from_lines`
//! (`Lines`), so the diff is the one of the two texts. The rendering's text
//! is never held whole: a file of 5.8 MB out of canonical layout held its
//! 5.8 MB rendering through the diff.
//!
//! A file with CRLF line endings is compared as LF text (`differences`
//! makes that copy); its rendering is kept as text, as before.

use super::line_diff::{self, Lines};
use similar::DiffOp;
use std::collections::HashMap;

/// A rendering compared with the file piece by piece.
pub(crate) struct ComparedLines<'t> {
    text: &'t str,
    /// How many bytes of the file the pieces so far are.
    same: usize,
    /// How many bytes the pieces so far are.
    len: usize,
    /// The rendering from its start, once a piece differed from the file.
    differs: Option<Differs<'t>>,
}

/// A rendering that differs from the file, as it is taken in.
enum Differs<'t> {
    /// The text (for a file with CRLF line endings).
    Text(String),
    Lines(Box<Interner<'t>>),
}

/// A canonical rendering that differs from the file.
pub(crate) enum Canonical<'t> {
    /// The text (for a file with CRLF line endings).
    Text(String),
    /// The ids of its lines and the file's.
    Lines(LineIds<'t>),
}

impl<'t> ComparedLines<'t> {
    /// A comparison with `text` from its start.
    pub(crate) fn new(text: &'t str) -> ComparedLines<'t> {
        ComparedLines {
            text,
            same: 0,
            len: 0,
            differs: None,
        }
    }

    /// How many bytes of rendering the pieces so far are.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn push(&mut self, piece: &str) {
        self.len += piece.len();
        if let Some(differs) = &mut self.differs {
            differs.push(piece);
        } else if self.text[self.same..].starts_with(piece) {
            self.same += piece.len();
        } else {
            let mut differs = self.start_differing();
            differs.push(piece);
            self.differs = Some(differs);
        }
    }

    /// The rendering the pieces so far are, from the first piece that
    /// differed: the file's matching bytes, which it equals.
    fn start_differing(&self) -> Differs<'t> {
        let mut differs = if self.text.contains("\r\n") {
            Differs::Text(String::with_capacity(self.text.len()))
        } else {
            Differs::Lines(Box::new(Interner::new(self.text)))
        };
        differs.push(&self.text[..self.same]);
        differs
    }

    /// The rendering the pieces make, `None` when it is the file's text
    /// exactly.
    pub(crate) fn canonical(self) -> Option<Canonical<'t>> {
        let differs = match self.differs {
            None if self.same == self.text.len() => return None,
            // The file goes on past the canonical text.
            None => self.start_differing(),
            Some(differs) => differs,
        };
        Some(match differs {
            Differs::Text(text) => Canonical::Text(text),
            Differs::Lines(interner) => Canonical::Lines(interner.finish()),
        })
    }
}

impl Differs<'_> {
    fn push(&mut self, piece: &str) {
        match self {
            Differs::Text(text) => text.push_str(piece),
            Differs::Lines(interner) => interner.push(piece),
        }
    }
}

/// The file's lines as ids, and a rendering's as they come.
struct Interner<'t> {
    text: &'t str,
    /// The id of each distinct line of the file.
    file_ids: HashMap<&'t str, u32>,
    /// Where the first line of each id of the file starts.
    first_at: Vec<usize>,
    /// The id of each line of the rendering that the file lacks.
    others: HashMap<Box<str>, u32>,
    old_ids: Vec<u32>,
    new_ids: Vec<u32>,
    /// The rendering's last line, while it may go on in the next piece.
    partial: String,
}

impl<'t> Interner<'t> {
    fn new(text: &'t str) -> Interner<'t> {
        let mut file_ids: HashMap<&str, u32> = HashMap::new();
        let mut first_at = Vec::new();
        let mut old_ids = Vec::new();
        let mut at = 0;
        for line in Lines::new(text) {
            let next = u32::try_from(first_at.len()).expect("fewer than 2^32 lines");
            let id = *file_ids.entry(line).or_insert_with(|| {
                first_at.push(at);
                next
            });
            old_ids.push(id);
            at += line.len();
        }
        old_ids.shrink_to_fit();
        first_at.shrink_to_fit();
        let new_ids = Vec::with_capacity(old_ids.len());
        Interner {
            text,
            file_ids,
            first_at,
            others: HashMap::new(),
            old_ids,
            new_ids,
            partial: String::new(),
        }
    }

    /// The next piece of the rendering: its lines taken in, but a last one
    /// that may go on (one without a line break, or ending in `\r`, which
    /// may be the first half of a `\r\n`).
    fn push(&mut self, piece: &str) {
        if self.partial.is_empty() {
            let complete = complete_lines(piece);
            self.take_lines(&piece[..complete]);
            self.partial.push_str(&piece[complete..]);
        } else {
            let mut joined = std::mem::take(&mut self.partial);
            joined.push_str(piece);
            let complete = complete_lines(&joined);
            self.take_lines(&joined[..complete]);
            joined.drain(..complete);
            self.partial = joined;
        }
    }

    fn take_lines(&mut self, lines: &str) {
        for line in Lines::new(lines) {
            let id = self.id_of(line);
            self.new_ids.push(id);
        }
    }

    /// The id of a line of the rendering.
    fn id_of(&mut self, line: &str) -> u32 {
        if let Some(&id) = self.file_ids.get(line) {
            return id;
        }
        if let Some(&id) = self.others.get(line) {
            return id;
        }
        let id = self.first_at.len() + self.others.len();
        let id = u32::try_from(id).expect("fewer than 2^32 lines");
        self.others.insert(line.into(), id);
        id
    }

    /// The ids of both texts, the maps let go.
    fn finish(mut self) -> LineIds<'t> {
        let partial = std::mem::take(&mut self.partial);
        self.take_lines(&partial);
        let Interner {
            text,
            first_at,
            others,
            old_ids,
            mut new_ids,
            ..
        } = self;
        new_ids.shrink_to_fit();
        let mut others: Vec<(u32, Box<str>)> =
            others.into_iter().map(|(line, id)| (id, line)).collect();
        others.sort_unstable_by_key(|(id, _)| *id);
        LineIds {
            text,
            first_at,
            others: others.into_iter().map(|(_, line)| line).collect(),
            old_ids,
            new_ids,
        }
    }
}

/// How many bytes of `text` are whole lines as [`Lines`] cuts them, sure
/// not to go on in text that follows.
fn complete_lines(text: &str) -> usize {
    let bytes = text.as_bytes();
    let Some(last) = memchr::memrchr2(b'\n', b'\r', bytes) else {
        return 0;
    };
    if bytes[last] == b'\r' && last + 1 == bytes.len() {
        // A `\r` at the very end may be the start of a `\r\n`: its line
        // waits. The break before it is followed by a byte that is not `\n`.
        return memchr::memrchr2(b'\n', b'\r', &bytes[..last]).map_or(0, |i| i + 1);
    }
    last + 1
}

/// The ids of the lines of a file and of its canonical rendering.
pub(crate) struct LineIds<'t> {
    text: &'t str,
    /// Where the first line of each id of the file starts.
    first_at: Vec<usize>,
    /// The lines of the rendering that the file lacks, by id (after the
    /// file's).
    others: Vec<Box<str>>,
    old_ids: Vec<u32>,
    new_ids: Vec<u32>,
}

impl LineIds<'_> {
    /// Whether the two texts are the same.
    pub(crate) fn same(&self) -> bool {
        self.old_ids == self.new_ids
    }

    /// The ops of `TextDiff::from_lines(file, canonical).ops()`.
    pub(crate) fn ops(&self) -> Vec<DiffOp> {
        line_diff::ops_of_ids(&self.old_ids, &self.new_ids)
    }

    /// The rendering's line at `index`, with its line break, as
    /// `TextDiff::new_slice` gives it.
    pub(crate) fn new_line(&self, index: usize) -> Option<&str> {
        let id = *self.new_ids.get(index)? as usize;
        match self.first_at.get(id) {
            Some(&at) => Lines::new(&self.text[at..]).next(),
            None => self.others.get(id - self.first_at.len()).map(|l| &**l),
        }
    }
}
