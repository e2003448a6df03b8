use super::super::text_diff_reference::differences_by_text_diff;
use super::super::{
    differences, differences_by_lines, finding, regions_of, Canonical, Code, ComparedLines, Region,
};
use super::*;
use crate::diagnostic::Diagnostic;
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
        let (regions, quirks) = regions_and_quirks(&text, cuts, quirk_lines);
        prop_assert_eq!(
            differences(&text, &canonical, &regions, &quirks),
            differences_by_text_diff(&text, &canonical, &regions, &quirks)
        );
    }

    /// The canonical text given in pieces cut anywhere (a `\r\n` too) and
    /// taken in as line ids has the findings of the whole text, and the
    /// same lines.
    #[test]
    fn findings_by_line_ids_are_the_texts_findings(
        (text, canonical) in texts(),
        cuts in prop::collection::vec(0usize..300, 0..8),
        quirk_lines in prop::collection::vec(0usize..300, 0..3),
        splits in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let (regions, quirks) = regions_and_quirks(&text, cuts, quirk_lines);
        let mut at: Vec<usize> = splits
            .iter()
            .map(|split| {
                let mut at = split.index(canonical.len() + 1);
                while !canonical.is_char_boundary(at) {
                    at -= 1;
                }
                at
            })
            .collect();
        at.sort_unstable();
        prop_assert_eq!(
            by_line_ids(&text, &canonical, &at, &regions, &quirks),
            whole_findings(&text, &canonical, &regions, &quirks)
        );
    }
}

/// The file cut into rules at the lines `cuts`, and quirks at the lines
/// `quirk_lines` (both taken modulo the number of lines).
fn regions_and_quirks(
    text: &str,
    cuts: Vec<usize>,
    quirk_lines: Vec<usize>,
) -> (Vec<Region>, Vec<Diagnostic>) {
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
    (regions, quirks)
}

/// The layout findings of the canonical text compared whole (none where
/// it is the file).
fn whole_findings(
    text: &str,
    canonical: &str,
    regions: &[Region],
    quirks: &[Diagnostic],
) -> Vec<Diagnostic> {
    if text == canonical {
        return Vec::new();
    }
    differences(text, canonical, regions, quirks)
}

/// The layout findings of the canonical text given in pieces cut at `at`
/// and compared by [`ComparedLines`]; each of its lines checked too.
fn by_line_ids(
    text: &str,
    canonical: &str,
    at: &[usize],
    regions: &[Region],
    quirks: &[Diagnostic],
) -> Vec<Diagnostic> {
    let mut compared = ComparedLines::new(text);
    let mut from = 0;
    for &to in at.iter().chain([&canonical.len()]) {
        compared.push(&canonical[from..to]);
        from = to;
    }
    assert_eq!(compared.len(), canonical.len());
    match compared.canonical() {
        None => {
            assert_eq!(text, canonical);
            Vec::new()
        }
        Some(Canonical::Text(whole)) => {
            assert!(text.contains("\r\n"));
            assert_eq!(whole, canonical);
            differences(text, &whole, regions, quirks)
        }
        Some(Canonical::Lines(lines)) => {
            assert!(!text.contains("\r\n"));
            let count = Lines::new(canonical).count();
            for (index, line) in Lines::new(canonical).enumerate() {
                assert_eq!(lines.new_line(index), Some(line));
            }
            assert_eq!(lines.new_line(count), None);
            differences_by_lines(text, &lines, regions, quirks)
        }
    }
}

#[test]
fn pieces_cut_at_every_byte_have_the_texts_findings() {
    let texts = [
        ("a\nb\n", "a\r\nb\r\n"),
        ("a\rb\n", "a\r\nb\r"),
        ("a\n\nb", "a\nb\r\r\n"),
        ("x\n", "x\ny\rz"),
        ("", "\r"),
        ("a\r\nb\n", "a\nb\n"),
    ];
    let quirks = Vec::new();
    for (text, canonical) in texts {
        let regions = regions_of(text.len(), 0, std::iter::empty());
        let whole = whole_findings(text, canonical, &regions, &quirks);
        for cut in 0..=canonical.len() {
            assert_eq!(
                by_line_ids(text, canonical, &[cut], &regions, &quirks),
                whole
            );
            for second in cut..=canonical.len() {
                let got = by_line_ids(text, canonical, &[cut, second], &regions, &quirks);
                assert_eq!(got, whole, "{text:?} {canonical:?} at {cut}, {second}");
            }
        }
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
