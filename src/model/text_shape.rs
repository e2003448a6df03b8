//! What the text forms and their readers agree on about the shape of a
//! line: whether its spacing carries meaning (a table row, aligned columns,
//! box-drawing art), so that it is kept as it is and never re-wrapped.

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
    let box_drawing = trimmed
        .chars()
        .any(|c| ('\u{2500}'..='\u{257f}').contains(&c));
    let ascii_table = (trimmed.starts_with('|') && trimmed.ends_with('|') && trimmed.len() > 1)
        || (trimmed.starts_with("+-") && trimmed.ends_with('+'));
    let aligned = trimmed.contains('\t') || trimmed.contains("   ");
    box_drawing || ascii_table || aligned
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
}
