use super::super::text_diff_reference::differences_by_text_diff;
use super::super::{differences, finding, regions_of, Code};
use super::*;
use proptest::prelude::*;
use similar::{DiffableStr, TextDiff};

/// Lines from a small set, so that texts repeat lines (the diff's hard
/// case), with every terminator `similar` knows and none at the end.
fn line() -> impl Strategy<Value = String> {
    let body = prop::sample::select(vec![
        "",
        "a",
        "b",
        "## 1/0",
        "  a",
        "a  ",
        "c d",
        "\u{feff}a",
    ]);
    let end = prop::sample::select(vec!["\n", "\n", "\n", "\r\n", "\r", ""]);
    (body, end).prop_map(|(body, end)| format!("{body}{end}"))
}

/// A text of `lines` lines, each ending in `\n` but maybe the last.
fn join(lines: &[String]) -> String {
    lines.concat()
}

/// `lines` with random edits: lines inserted, deleted, replaced.
fn edited(lines: Vec<String>) -> impl Strategy<Value = Vec<String>> {
    let len = lines.len();
    let edits = prop::collection::vec((0..=len, 0..3u8, line()), 0..12);
    edits.prop_map(move |edits| {
        let mut edited = lines.clone();
        for (at, kind, new) in edits {
            let at = at.min(edited.len());
            match kind {
                0 => edited.insert(at, new),
                1 if at < edited.len() => {
                    edited.remove(at);
                }
                _ if at < edited.len() => edited[at] = new,
                _ => edited.push(new),
            }
        }
        edited
    })
}

/// Two texts: one, and an edit of it; long enough at times to take the
/// trimmed path (over 100 lines).
fn texts() -> impl Strategy<Value = (String, String)> {
    prop::collection::vec(line(), 0..260)
        .prop_flat_map(|lines| (Just(join(&lines)), edited(lines).prop_map(|l| join(&l))))
}

fn reference_ops(old: &str, new: &str) -> Vec<DiffOp> {
    TextDiff::from_lines(old, new).ops().to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn line_ops_are_text_diffs_ops((old, new) in texts()) {
        prop_assert_eq!(line_ops(&old, &new), reference_ops(&old, &new));
        prop_assert_eq!(line_ops(&new, &old), reference_ops(&new, &old));
    }

    #[test]
    fn lines_are_similars_lines((text, _) in texts()) {
        let lines: Vec<&str> = Lines::new(&text).collect();
        prop_assert_eq!(&lines, &text.tokenize_lines());
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut line_starts = LineStarts::new(&text);
        for i in (0..starts.len() + 2).step_by(2).chain([1, 0, starts.len() + 5]) {
            prop_assert_eq!(line_starts.start(i), starts[i.min(starts.len() - 1)]);
        }
        let mut cursor = LineCursor::new(&text);
        for i in (0..lines.len() + 2).step_by(3).chain([1, 0, lines.len()]) {
            prop_assert_eq!(cursor.line(i), lines.get(i).copied());
        }
    }

    /// The findings, with the file cut into rules at random lines and
    /// random quirks, are those of the `TextDiff` path.
    #[test]
    fn findings_are_text_diffs_findings(
        (text, canonical) in texts(),
        cuts in prop::collection::vec(0usize..300, 0..8),
        quirk_lines in prop::collection::vec(0usize..300, 0..3),
    ) {
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let at = |line: usize| starts[line % starts.len()];
        let mut cuts: Vec<usize> = cuts.into_iter().map(at).collect();
        cuts.sort_unstable();
        cuts.dedup();
        let first = cuts.first().copied().unwrap_or(text.len());
        let ends = cuts.iter().skip(1).copied().chain([text.len()]);
        let rules = cuts.iter().copied().zip(ends).enumerate();
        let rules = rules.map(|(i, (start, end))| (u32::try_from(i).unwrap() + 1, start..end));
        let regions = regions_of(text.len(), first, rules);
        let quirks: Vec<_> = quirk_lines
            .into_iter()
            .map(|line| finding(Code::TrailingSpaces, "quirk", at(line)..at(line)))
            .collect();
        prop_assert_eq!(
            differences(&text, &canonical, &regions, &quirks),
            differences_by_text_diff(&text, &canonical, &regions, &quirks)
        );
    }
}

#[test]
fn identical_and_empty_texts() {
    for (old, new) in [
        ("", ""),
        ("a\n", "a\n"),
        ("", "a\n"),
        ("a\n", ""),
        ("a", "a\n"),
    ] {
        assert_eq!(line_ops(old, new), reference_ops(old, new));
    }
}
