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
    // A lone carriage return is read as a space (it ends a line to
    // Markdown), so it counts as one in a run: otherwise the text would
    // become aligned columns once written with spaces.
    let aligned = trimmed.contains('\t')
        || trimmed
            .as_bytes()
            .windows(3)
            .any(|run| run.iter().all(|&b| b == b' ' || b == b'\r'));
    looks_tabular(line) || aligned
}

/// Whether a line is part of a table: box-drawing characters, or an ASCII
/// table row (`| a | b |`, `+---+---+`).
#[must_use]
pub fn looks_tabular(line: &str) -> bool {
    let trimmed = line.trim();
    let box_drawing = trimmed
        .chars()
        .any(|c| ('\u{2500}'..='\u{257f}').contains(&c));
    let ascii_table = (trimmed.starts_with('|') && trimmed.ends_with('|') && trimmed.len() > 1)
        || (trimmed.starts_with("+-") && trimmed.ends_with('+'));
    box_drawing || ascii_table
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

/// Whether wrapped `lines` (see [`wrap_words`]) that a line break ends need
/// [`HARD_BREAK_MARK`] for the break to read as one.
#[must_use]
pub fn needs_break_mark(
    lines: &[Vec<&str>],
    first_indent: usize,
    indent: usize,
    then: &str,
) -> bool {
    let last_indent = if lines.len() == 1 {
        first_indent
    } else {
        indent
    };
    let last = lines.last().map_or(0, |line| width_of(line));
    // A line ending in a lone `\` would read as marked: the mark follows it.
    let ends_in_mark = lines
        .last()
        .and_then(|line| line.last())
        .is_some_and(|word| *word == LONE_MARK);
    ends_in_mark || then.width() < LONE_WORD && !is_hard_break(last_indent + last, then.width())
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
    then.and_then(|then| wrap_before_break(words, first_indent, indent, then.width()))
        .unwrap_or_else(|| greedy(words, first_indent, indent, WRAP_WIDTH))
}

/// Wrapping that a line break ends, such that every wrap reads as one (the
/// next word would not have fitted within the slack), no line starts with a
/// list marker, and the last line leaves room for the break to read as one.
/// Lines are as long as such a wrapping allows; `None` when none exists.
fn wrap_before_break<'a>(
    words: &[&'a str],
    first_indent: usize,
    indent: usize,
    then_width: usize,
) -> Option<Vec<Vec<&'a str>>> {
    let n = words.len();
    let widths: Vec<usize> = words.iter().map(|w| w.width()).collect();
    // The lines that may start at `p`: their ends `q`, longest first.
    let ends = |p: usize| -> Vec<usize> {
        let mut column = if p == 0 { first_indent } else { indent };
        let mut out = Vec::new();
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
            if fits_end || wraps {
                out.push(q);
            }
        }
        out.reverse();
        out
    };
    // finishes[p]: a valid wrapping of words[p..] exists.
    let mut finishes = vec![false; n + 1];
    finishes[n] = true;
    let mut choices: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for p in (0..n).rev() {
        choices[p] = ends(p).into_iter().filter(|&q| finishes[q]).collect();
        finishes[p] = !choices[p].is_empty();
    }
    if !finishes[0] {
        return None;
    }
    let mut lines = Vec::new();
    let mut p = 0;
    while p < n {
        let q = choices[p][0];
        lines.push(words[p..q].to_vec());
        p = q;
    }
    Some(lines)
}

fn width_of(line: &[&str]) -> usize {
    line.iter().map(|w| w.width()).sum::<usize>() + line.len().saturating_sub(1)
}

/// Greedy wrapping at `width`, a word that would open a list item never
/// starting a line (after a word wider than the line, it overflows that
/// line instead).
fn greedy<'a>(
    words: &[&'a str],
    first_indent: usize,
    indent: usize,
    width: usize,
) -> Vec<Vec<&'a str>> {
    let mut lines: Vec<Vec<&'a str>> = vec![Vec::new()];
    let mut column = first_indent;
    for &word in words {
        let word_width = word.width();
        let current = lines.last_mut().expect("one line at least");
        if current.is_empty() || column + 1 + word_width <= width {
            column += usize::from(!current.is_empty()) + word_width;
            current.push(word);
            continue;
        }
        if opens_list_item(word) && current.len() == 1 && column > width {
            // The word before it stands alone, wider than the line: the
            // marker stays on that line rather than start the next.
            column += 1 + word_width;
            current.push(word);
            continue;
        }
        // The words that move down with `word`: the one before a list
        // marker (and the one before that, while the line would still
        // start with a marker: `(5 - 1)`), and a lone `\` that would end
        // the line (it would read as the break mark), as long as one word
        // stays.
        let mut keep = current.len();
        loop {
            let starts_next = current.get(keep).copied().unwrap_or(word);
            if keep > 1 && (opens_list_item(starts_next) || current[keep - 1] == LONE_MARK) {
                keep -= 1;
            } else {
                break;
            }
        }
        let mut next = current.split_off(keep);
        next.push(word);
        column = indent + width_of(&next);
        lines.push(next);
    }
    lines
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
