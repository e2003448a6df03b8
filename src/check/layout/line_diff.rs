//! The line diff of a file against its canonical rendering, computed as
//! `similar::TextDiff::from_lines` computes it but with less memory.
//!
//! `TextDiff` keeps every line of both texts as a `&str` token (16 bytes a
//! line) and, on large inputs, interns them again into integers with a map
//! of its own. Here each line is interned once into a `u32` id (a map keyed
//! by the texts' own line slices, no copies), and the same algorithm runs on
//! the ids with the same hooks and the same prefix/suffix trimming as
//! `TextDiffConfig::capture_ops` (similar 3.2): ids are equal exactly when
//! lines are, and the algorithms and hooks only ever compare for equality,
//! so the ops are the same (proven against `TextDiff` by the tests).

use similar::algorithms::{diff_deadline, Capture, Compact, DiffHook, NoFinishHook, Replace};
use similar::{capture_diff_deadline, Algorithm, DiffOp};
use std::collections::HashMap;

/// The algorithm `TextDiff::from_lines` uses by default.
const ALGORITHM: Algorithm = Algorithm::Myers;

/// Above this many lines on either side `TextDiff` trims the common prefix
/// and suffix before diffing (its integer remapping threshold).
const TRIM_ABOVE: usize = 100;

/// The ops of `TextDiff::from_lines(old, new).ops()`.
pub(super) fn line_ops(old: &str, new: &str) -> Vec<DiffOp> {
    let (old_ids, new_ids) = intern_lines(old, new);
    ops_of_ids(&old_ids, &new_ids)
}

/// The ops of `TextDiff::from_lines` for texts whose lines are `old_ids`
/// and `new_ids` (equal ids exactly where the lines are equal).
pub(super) fn ops_of_ids(old_ids: &[u32], new_ids: &[u32]) -> Vec<DiffOp> {
    let (old_len, new_len) = (old_ids.len(), new_ids.len());
    if old_len <= TRIM_ABOVE && new_len <= TRIM_ABOVE {
        return capture_diff_deadline(ALGORITHM, old_ids, 0..old_len, new_ids, 0..new_len, None);
    }
    let prefix = common_prefix_len(old_ids, new_ids);
    let suffix = common_suffix_len(&old_ids[prefix..], &new_ids[prefix..]);
    let old_middle = prefix..old_len - suffix;
    let new_middle = prefix..new_len - suffix;
    let mut d = Compact::new(Replace::new(Capture::new()), old_ids, new_ids);
    let ok = "the capturing hooks never fail";
    if prefix > 0 {
        d.equal(0, 0, prefix).expect(ok);
    }
    if !old_middle.is_empty() && !new_middle.is_empty() {
        let mut middle = NoFinishHook::new(&mut d);
        diff_deadline(
            ALGORITHM,
            &mut middle,
            old_ids,
            old_middle,
            new_ids,
            new_middle,
            None,
        )
        .expect(ok);
    } else if !old_middle.is_empty() {
        d.delete(old_middle.start, old_middle.len(), new_middle.start)
            .expect(ok);
    } else if !new_middle.is_empty() {
        d.insert(old_middle.start, new_middle.start, new_middle.len())
            .expect(ok);
    }
    if suffix > 0 {
        d.equal(old_len - suffix, new_len - suffix, suffix)
            .expect(ok);
    }
    d.finish().expect(ok);
    d.into_inner().into_inner().into_ops()
}

/// Each line of `old` and `new` as an id, equal ids for equal lines.
fn intern_lines(old: &str, new: &str) -> (Vec<u32>, Vec<u32>) {
    let mut ids: HashMap<&str, u32> = HashMap::new();
    let mut intern = |text| {
        let mut seq = Vec::new();
        for line in Lines::new(text) {
            let next = u32::try_from(ids.len()).expect("fewer than 2^32 lines");
            seq.push(*ids.entry(line).or_insert(next));
        }
        seq.shrink_to_fit();
        seq
    };
    let old_ids = intern(old);
    let new_ids = intern(new);
    (old_ids, new_ids)
}

fn common_prefix_len(old: &[u32], new: &[u32]) -> usize {
    old.iter().zip(new).take_while(|(a, b)| a == b).count()
}

fn common_suffix_len(old: &[u32], new: &[u32]) -> usize {
    old.iter()
        .rev()
        .zip(new.iter().rev())
        .take_while(|(a, b)| a == b)
        .count()
}

/// The lines of a text as `similar` tokenizes them: each with its
/// terminator, which is `\n`, `\r` or `\r\n`.
pub(super) struct Lines<'t> {
    rest: &'t str,
}

impl<'t> Lines<'t> {
    pub(super) fn new(text: &'t str) -> Lines<'t> {
        Lines { rest: text }
    }
}

impl<'t> Iterator for Lines<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        if self.rest.is_empty() {
            return None;
        }
        let bytes = self.rest.as_bytes();
        let end = match bytes.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') => i + 2,
            Some(i) => i + 1,
            None => bytes.len(),
        };
        let (line, rest) = self.rest.split_at(end);
        self.rest = rest;
        Some(line)
    }
}

/// The lines of a text by index, for indices that mostly go forward (the
/// ops of a diff are in order): no table of line starts is kept.
pub(super) struct LineCursor<'t> {
    text: &'t str,
    lines: Lines<'t>,
    /// The index of the line `lines` yields next.
    next: usize,
}

impl<'t> LineCursor<'t> {
    pub(super) fn new(text: &'t str) -> LineCursor<'t> {
        LineCursor {
            text,
            lines: Lines::new(text),
            next: 0,
        }
    }

    /// The line at `index`, as `TextDiff::new_slice` gives it.
    pub(super) fn line(&mut self, index: usize) -> Option<&'t str> {
        if index < self.next {
            *self = LineCursor::new(self.text);
        }
        while self.next < index {
            self.lines.next()?;
            self.next += 1;
        }
        self.next += 1;
        self.lines.next()
    }
}

/// Where the lines of a text start, a line being what ends in `\n`, for
/// line numbers that mostly go forward: no table of starts is kept (it was
/// 8 bytes a line).
pub(super) struct LineStarts<'t> {
    text: &'t str,
    /// The line whose start is `start`.
    line: usize,
    start: usize,
}

impl<'t> LineStarts<'t> {
    pub(super) fn new(text: &'t str) -> LineStarts<'t> {
        LineStarts {
            text,
            line: 0,
            start: 0,
        }
    }

    /// Where line `line` starts, or the last line when the text has fewer.
    pub(super) fn start(&mut self, line: usize) -> usize {
        if line < self.line {
            *self = LineStarts::new(self.text);
        }
        while self.line < line {
            let Some(end) = self.text[self.start..].find('\n') else {
                break;
            };
            self.start += end + 1;
            self.line += 1;
        }
        self.start
    }
}

#[cfg(test)]
mod tests;
