//! Tree drawings (`{tree}`): each rule is a node (`|  |--> 2.2 Entering`)
//! and its text hangs in the drawing's gutter (`|  |  | `, `|       `).
//! The gutter is layout: read off the text, and written back on every line
//! of a rule written anew at its place in the tree.

use super::template::{Fields, TextStart};
use std::borrow::Cow;

/// The drawing of a node written with none kept: one `|` column per level
/// above the node (`2.2.1`: `|  |  |`).
pub(crate) fn drawing(id: &str) -> String {
    let depth = id.split('.').count();
    let mut out = "|  ".repeat(depth.saturating_sub(1));
    out.push('|');
    out
}

/// The body of a rule whose first line is `heading`, read with `fields`:
/// without its gutter when the rule is a node of a tree drawing.
pub(super) fn body<'b>(body: &'b str, heading: &str, fields: &Fields) -> Cow<'b, str> {
    match (&fields.tree, heading.find(fields.id.as_str())) {
        (Some(_), Some(column)) => {
            let on_first_line = matches!(fields.text, Some(TextStart::At(_)));
            Cow::Owned(without_gutter(body, column, on_first_line))
        }
        _ => Cow::Borrowed(body),
    }
}

/// Whether `c` draws the tree (columns, a last child's corner, padding).
fn draws(c: char) -> bool {
    matches!(c, '|' | '`' | ' ')
}

/// `body` without its gutter: on each line, the drawing (`|`, `` ` ``,
/// spaces) up to `column`, where the node's identifier starts on its first
/// line; then the indentation all of its lines share. Lines of nothing but
/// drawing (`|  |`, the spacer before the next node) come out blank.
/// `skip_first`: the first line is the rest of the node's own line.
fn without_gutter(body: &str, column: usize, skip_first: bool) -> String {
    let mut lines: Vec<&str> = Vec::new();
    for (n, line) in body.split_inclusive('\n').enumerate() {
        if n == 0 && skip_first {
            lines.push(line);
            continue;
        }
        let drawn = line
            .char_indices()
            .find(|&(at, c)| at >= column || !draws(c))
            .map_or(line.len(), |(at, _)| at);
        let rest = &line[drawn..];
        lines.push(if rest.trim().is_empty() {
            &rest[rest.trim_end_matches(['\r', '\n']).len()..]
        } else {
            rest
        });
    }
    let first = usize::from(skip_first);
    let shared = lines
        .iter()
        .skip(first)
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .enumerate()
        .map(|(n, line)| {
            if n < first || line.trim().is_empty() {
                *line
            } else {
                &line[shared..]
            }
        })
        .collect()
}

/// The gutter under a node whose first line is `line`, with its
/// identifier at `column`: the drawing's `|` columns carried down (a last
/// child's corner and the arrow become spaces), up to the identifier; a
/// node with `children` also draws the column they hang from, two before
/// its identifier (`|  |--> 2.2`: `|  |  | `).
pub(crate) fn gutter(line: &str, column: usize, children: bool) -> String {
    let mut out: Vec<char> = line
        .chars()
        .take(column)
        .map(|c| if c == '|' { '|' } else { ' ' })
        .collect();
    out.resize(column, ' ');
    if children && column >= 2 {
        out[column - 2] = '|';
    }
    out.into_iter().collect()
}

/// `written` (a rule's lines after its first) in the gutter: each line
/// behind it, a blank line as the gutter alone (trimmed).
pub(crate) fn in_gutter(written: &str, gutter: &str) -> String {
    written
        .split_inclusive('\n')
        .map(|line| {
            let text = line.trim_end_matches('\n');
            let end = &line[text.len()..];
            if text.is_empty() {
                format!("{}{end}", gutter.trim_end())
            } else {
                format!("{gutter}{text}{end}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gutter_is_read_off_every_line() {
        let body = "|  |  | A person may ask.\n|  |  |   Indented.\n|  |  |\n";
        assert_eq!(
            without_gutter(body, 8, false),
            "A person may ask.\n  Indented.\n\n"
        );
        // Indentation beyond the column that every line shares is gutter.
        assert_eq!(
            without_gutter("|  |  |    Propositions may not.\n|  |\n", 8, false),
            "Propositions may not.\n\n"
        );
        // The drawing stops at the column: text may start with a `|`.
        assert_eq!(
            without_gutter("|       | a | b |\n", 8, false),
            "| a | b |\n"
        );
    }

    #[test]
    fn the_gutter_follows_the_node_place() {
        assert_eq!(gutter("|--> 1 Winning", 5, true), "|  | ");
        assert_eq!(gutter("|  `--> 1.1 End", 8, false), "|       ");
        assert_eq!(gutter("|  `--> 2.3 Exiting", 8, true), "|     | ");
        assert_eq!(gutter("|  |--> 2.1 TOS", 8, false), "|  |    ");
        assert_eq!(
            in_gutter("One.\nTwo.\n\n", "|  |    "),
            "|  |    One.\n|  |    Two.\n|  |\n"
        );
        assert_eq!(drawing("2.2.1"), "|  |  |");
    }
}
