//! What the text forms and their readers agree on about the shape of a
//! line: whether its spacing carries meaning (a table row, aligned columns,
//! box-drawing art), so that it is kept as it is and never re-wrapped; and
//! how wrapping is done, so that a reader can tell wrapping from a line break.

use unicode_width::UnicodeWidthStr;

/// Whether `line` is laid out by hand in a way that wrapping would destroy:
/// box-drawing characters, an ASCII table row or ruler (`| a | b |`,
/// `+---+---+`), a tab, or a run of three or more spaces between words
/// (aligned columns).
#[must_use]
pub fn looks_preformatted(line: &str) -> bool {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return false;
    }
    // One pass over the bytes: a tab, a run of three blanks, or a
    // box-drawing character (U+2500 to U+257F, `E2 94 xx` and `E2 95 xx`).
    // A lone carriage return is read as a space (it ends a line to
    // Markdown), so it counts as one in a run: otherwise the text would
    // become aligned columns once written with spaces.
    let bytes = trimmed.as_bytes();
    let mut run = 0;
    for (k, &b) in bytes.iter().enumerate() {
        match b {
            b' ' | b'\r' => {
                run += 1;
                if run == 3 {
                    return true;
                }
            }
            b'\t' => return true,
            0xe2 if matches!(bytes.get(k + 1), Some(0x94 | 0x95)) => return true,
            _ => run = 0,
        }
    }
    ascii_table(trimmed)
}

/// Whether a line is part of a table: box-drawing characters, or an ASCII
/// table row (`| a | b |`, `+---+---+`).
#[must_use]
pub fn looks_tabular(line: &str) -> bool {
    let trimmed = line.trim();
    let box_drawing = trimmed
        .as_bytes()
        .windows(2)
        .any(|pair| pair[0] == 0xe2 && matches!(pair[1], 0x94 | 0x95));
    box_drawing || ascii_table(trimmed)
}

/// An ASCII table row or ruler (`| a | b |`, `+---+---+`), trimmed.
fn ascii_table(trimmed: &str) -> bool {
    (trimmed.starts_with('|') && trimmed.ends_with('|') && trimmed.len() > 1)
        || (trimmed.starts_with("+-") && trimmed.ends_with('+'))
}

/// Whether a word at the start of a line would open a list item in a text
/// form (`*`, `-`, `+`, `•`, `◦`, `7.`, `7)`): wrapping never starts a line
/// with one, so that a reader does not take running text for a list.
#[must_use]
pub fn opens_list_item(word: &str) -> bool {
    if matches!(word, "*" | "-" | "+" | "•" | "◦") {
        return true;
    }
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (1..=9).contains(&digits) && matches!(&word[digits..], "." | ")")
}

/// The column the wrapped text forms wrap at.
pub const WRAP_WIDTH: usize = 70;

/// A wrapped line is read as ending in a line break when the next line's
/// first word would have fitted on it with more than this many columns to
/// spare:
/// hand-wrapped files break a few columns early, never this many.
pub const HARD_BREAK_SLACK: usize = 10;

/// Ends a wrapped line that ends in a line break where the line could not
/// be left short enough for the break to show (` \`, as in Markdown).
pub const HARD_BREAK_MARK: char = '\\';

/// The break mark as a word of its own: it never ends a wrapped line
/// unless it is the mark.
const LONE_MARK: &str = "\\";

/// Whether wrapped lines (see [`wrap_words`]) that a line break ends need
/// [`HARD_BREAK_MARK`] for the break to read as one, told by the last line
/// alone: `column` is where it ends (indent included), `last_word` its last
/// word, `then` the first word after the break.
#[must_use]
pub fn last_line_needs_break_mark(column: usize, last_word: Option<&str>, then: &str) -> bool {
    // A line ending in a lone `\` would read as marked: the mark follows it.
    let ends_in_mark = last_word == Some(LONE_MARK);
    let then_width = word_width(then);
    ends_in_mark || then_width < LONE_WORD && !is_hard_break(column, then_width)
}

/// The columns `word` takes: its length when it is printable ASCII (the
/// common case, told without a look-up per character), else its Unicode width.
#[must_use]
pub fn word_width(word: &str) -> usize {
    if word.bytes().all(|b| b.wrapping_sub(b' ') < 0x5f) {
        word.len()
    } else {
        word.width()
    }
}

/// A word this wide stands on a line of its own in the wrapped forms
/// whether a line break comes before it or not: such a break is not told
/// apart from wrapping, and is not meaning.
pub const LONE_WORD: usize = WRAP_WIDTH - HARD_BREAK_SLACK - 6;

/// Whether a wrapped line `line_width` columns wide (indent included),
/// followed by a line starting with a word `next_width` wide, ends in a line
/// break rather than wrapping.
#[must_use]
pub fn is_hard_break(line_width: usize, next_width: usize) -> bool {
    line_width + 1 + next_width + HARD_BREAK_SLACK < WRAP_WIDTH
}

/// Wraps `words` at [`WRAP_WIDTH`], the first line after `first_indent`
/// columns and the others after `indent`: greedy, except that a word that
/// would open a list item (`-`, `7.`) never starts a line (the word before
/// it moves down with it), and, when a line break follows (`then` is the
/// first word after it), the lines are chosen so that the last one is short
/// enough for the break to read as one while every wrap still reads as
/// wrapping (greedy when no such choice exists).
#[must_use]
pub fn wrap_words<'a>(
    words: &[&'a str],
    first_indent: usize,
    indent: usize,
    then: Option<&str>,
) -> Vec<Vec<&'a str>> {
    let widths: Vec<usize> = words.iter().map(|w| word_width(w)).collect();
    let mut ends = Vec::new();
    wrap_ends(words, &widths, first_indent, indent, then, &mut ends);
    let mut start = 0;
    ends.iter()
        .map(|&end| {
            let line = words[start..end].to_vec();
            start = end;
            line
        })
        .collect()
}

/// [`wrap_words`] as the end (exclusive word index) of each line, into
/// `ends` (cleared first): `widths` are the words' widths. Without words,
/// one empty line (none when a line break follows).
pub fn wrap_ends(
    words: &[&str],
    widths: &[usize],
    first_indent: usize,
    indent: usize,
    then: Option<&str>,
    ends: &mut Vec<usize>,
) {
    ends.clear();
    let before_break = then.is_some_and(|then| {
        wrap_before_break(words, widths, first_indent, indent, word_width(then), ends)
    });
    if !before_break {
        ends.clear();
        greedy(words, widths, first_indent, indent, ends);
    }
}

/// Wrapping that a line break ends, such that every wrap reads as one (the
/// next word would not have fitted within the slack), no line starts with a
/// list marker, and the last line leaves room for the break to read as one.
/// Lines are as long as such a wrapping allows; `false` when none exists.
fn wrap_before_break(
    words: &[&str],
    widths: &[usize],
    first_indent: usize,
    indent: usize,
    then_width: usize,
    ends: &mut Vec<usize>,
) -> bool {
    let n = words.len();
    // longest[p]: the end of the longest line that may start at `p` and
    // after which a valid wrapping of the rest exists (0: none).
    let mut longest = vec![0; n + 1];
    let finishes = |longest: &[usize], q: usize| q == n || longest[q] != 0;
    for p in (0..n).rev() {
        let mut column = if p == 0 { first_indent } else { indent };
        for q in p + 1..=n {
            column += widths[q - 1] + usize::from(q > p + 1);
            if column > WRAP_WIDTH && q > p + 1 {
                break;
            }
            let fits_end = q == n && is_hard_break(column, then_width);
            let wraps = q < n
                && !is_hard_break(column, widths[q])
                && !opens_list_item(words[q])
                && words[q - 1] != LONE_MARK;
            if (fits_end || wraps) && finishes(&longest, q) {
                longest[p] = q;
            }
        }
    }
    if n > 0 && longest[0] == 0 {
        return false;
    }
    let mut p = 0;
    while p < n {
        p = longest[p];
        ends.push(p);
    }
    true
}

/// Greedy wrapping at [`WRAP_WIDTH`], a word that would open a list item
/// never starting a line (after a word wider than the line, it overflows
/// that line instead).
fn greedy(
    words: &[&str],
    widths: &[usize],
    first_indent: usize,
    indent: usize,
    ends: &mut Vec<usize>,
) {
    let width = WRAP_WIDTH;
    // The current line is words[start..i].
    let mut start = 0;
    let mut column = first_indent;
    for (i, (&word, &word_width)) in words.iter().zip(widths).enumerate() {
        let len = i - start;
        if len == 0 || column + 1 + word_width <= width {
            column += usize::from(len > 0) + word_width;
            continue;
        }
        if len == 1 && column > width && opens_list_item(word) {
            // The word before it stands alone, wider than the line: the
            // marker stays on that line rather than start the next.
            column += 1 + word_width;
            continue;
        }
        // The words that move down with `word`: the one before a list
        // marker (and the one before that, while the line would still
        // start with a marker: `(5 - 1)`), and a lone `\` that would end
        // the line (it would read as the break mark), as long as one word
        // stays.
        let mut keep = len;
        while keep > 1 {
            let starts_next = if keep < len {
                words[start + keep]
            } else {
                word
            };
            if opens_list_item(starts_next) || words[start + keep - 1] == LONE_MARK {
                keep -= 1;
            } else {
                break;
            }
        }
        ends.push(start + keep);
        start += keep;
        column = indent + widths[start..=i].iter().sum::<usize>() + (i - start);
    }
    ends.push(words.len());
}

#[cfg(test)]
mod tests {
    use super::{looks_preformatted, opens_list_item};

    #[test]
    fn markers_open_items_words_do_not() {
        for word in ["*", "-", "•", "7.", "12)"] {
            assert!(opens_list_item(word), "{word}");
        }
        for word in ["*not*", "--", "7.5", "1986", "a)"] {
            assert!(!opens_list_item(word), "{word}");
        }
    }

    #[test]
    fn tables_and_columns_are_preformatted_prose_is_not() {
        assert!(looks_preformatted("┌──────┬──────┐"));
        assert!(looks_preformatted("│Value │Effect│"));
        assert!(looks_preformatted("| Type | Cost |"));
        assert!(looks_preformatted("+------+------+"));
        assert!(looks_preformatted("Bronze     2      6"));
        assert!(!looks_preformatted("Players may vote.  Then they wait."));
        assert!(!looks_preformatted("      * an item | with a bar"));
        assert!(!looks_preformatted(""));
    }

    #[test]
    fn carriage_returns_count_as_spaces_in_a_run() {
        // Found by the `fmt` fuzz target: `must \r\r\r\r Rule` read as
        // prose, was written with the carriage returns as spaces, and read
        // back as aligned columns (a preformatted block).
        assert!(looks_preformatted("All players must \r\r\r\r Rule 203"));
        assert!(looks_preformatted("a \r b"));
        assert!(!looks_preformatted("a\rb \rc"));
    }
}
