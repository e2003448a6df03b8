use super::*;
use crate::check::check;
use crate::model::{synthetic_ruleset, HistoryEntry, HistoryKind, Mutability};
use crate::parse::{read_owned, ReadDepth, ReadOptions};
use crate::render::{render, RenderOptions};

/// What `nomic check` found before it read in runs: the findings of a
/// spans read of the whole file.
fn whole_findings(
    text: &str,
    from: Option<Format>,
    base: Option<&Path>,
) -> Option<Vec<Diagnostic>> {
    let options = ReadOptions {
        from,
        repair_encoding: false,
    };
    let parsed = read_owned(text.as_bytes().to_vec(), &options, None, ReadDepth::Spans).ok()?;
    Some(check(&Input::from_parsed(&parsed, base)))
}

/// The findings in runs of `batch` rules, when the file is read in runs,
/// are those of the whole read; whether it was read in runs.
fn same_findings(text: &str, format: Format, base: Option<&Path>, batch: usize) -> bool {
    let encoding = encoding_issues(text);
    let Some(streamed) = check_in_runs(text, format, &encoding, base, batch) else {
        return false;
    };
    let whole = whole_findings(text, Some(format), base).expect("a file read in runs reads whole");
    assert_eq!(streamed, whole, "{format} in runs of {batch}: {text:?}");
    true
}

fn canonical(ruleset: &Ruleset, format: Format) -> String {
    let options = RenderOptions {
        canonical: true,
        templates: None,
    };
    render(ruleset, format, &options).unwrap()
}

/// A generated ruleset in canonical layout with a finding of every check
/// that looks at the whole ruleset (duplicate and misordered numbers,
/// dangling citations, an Initial Set at odds with the rules) and of the
/// checks of one rule (revisions, dates, repeated paragraphs, an empty
/// rule), at rules `at` (taken modulo the rule count).
fn faulty(rules: usize, seed: u64, at: &[usize], with_history: bool) -> Ruleset {
    let mut ruleset = synthetic_ruleset(rules, seed);
    let n = ruleset.rules.len();
    let pick = |k: usize| at.get(k).copied().unwrap_or(k * 7 + 3) % n;
    ruleset.rules[0].text =
        "The Initial Set consists of Rules 101-103 (mutable) and 104-130 (immutable). See Rule 9999."
            .to_string();
    if n > 1 {
        let dup = pick(0).max(1);
        ruleset.rules[dup].number = ruleset.rules[dup - 1].number;
        let back = pick(1).max(1);
        ruleset.rules[back].number = 5;
    }
    let cites = pick(2);
    ruleset.rules[cites].text += "\n\nSee Rule 77777 and Rules 88880-88890. See Rule 77777.";
    let revised = pick(3);
    ruleset.rules[revised].revision = Some(9);
    let repeated = pick(4);
    ruleset.rules[repeated].text += "\n\nSaid twice.\n\nSaid twice.";
    let empty = pick(5);
    ruleset.rules[empty].text = String::new();
    let marked = pick(6);
    ruleset.rules[marked].mutability = Mutability::Other("transient".into());
    let dated = pick(7);
    ruleset.rules[dated].history.push(HistoryEntry::new(
        HistoryKind::Other,
        "Amended (4) by Proposal 1, Jan 1, 1990",
    ));
    if !with_history {
        for rule in &mut ruleset.rules {
            rule.history.clear();
        }
    }
    ruleset
}

#[test]
fn faults_of_every_kind_are_found_in_runs_as_in_the_whole_read() {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    for (seed, at) in [
        (1, vec![]),
        (2, vec![0, 1, 2, 3]),
        (3, vec![299, 150, 64, 63]),
    ] {
        for with_history in [true, false] {
            let ruleset = faulty(300, seed, &at, with_history);
            for format in [Format::MdLong, Format::MdShort] {
                let text = canonical(&ruleset, format);
                let found = whole_findings(&text, Some(format), None).unwrap();
                assert!(found.len() >= 5, "{found:?}");
                for batch in [1, 3, 64, RUN] {
                    assert!(same_findings(&text, format, None, batch));
                }
                assert!(one.install(|| same_findings(&text, format, None, 7)));
            }
        }
    }
}

#[test]
fn every_bundled_markdown_file_has_the_findings_of_the_whole_read() {
    let (mut files, mut in_runs) = (0, 0);
    for path in crate::test_files::repository_files() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let base = path.parent();
        // As `nomic check` reads it: the format detected.
        let name = path.display().to_string();
        match check_bytes(text.clone().into_bytes(), None, base) {
            Ok(streamed) => {
                assert_eq!(streamed.text, text);
                let whole = whole_findings(&text, None, base).unwrap();
                assert_eq!(streamed.findings, whole, "{name}");
                in_runs += 1;
            }
            Err(bytes) => assert_eq!(bytes, text.as_bytes()),
        }
        for format in [Format::MdLong, Format::MdShort] {
            for batch in [1, 2, RUN] {
                in_runs += usize::from(same_findings(&text, format, base, batch));
            }
        }
        files += 1;
    }
    assert!(files >= 20, "only {files} files");
    assert!(in_runs >= 5, "only {in_runs} read in runs");
}

/// `text` with a departure from the canonical layout of `kind` (none for
/// 0) at about its `at`th line.
fn departed(text: &str, kind: usize, at: usize) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let at = at % lines.len().max(1);
    let with_line = |changed: &str| {
        let mut out = lines[..at].concat();
        out.push_str(changed);
        out.push_str(&lines[at + 1..].concat());
        out
    };
    match kind {
        1 => with_line(&lines[at].replacen('\n', "  \n", 1)),
        2 => with_line(&format!("\n{}", lines[at])),
        3 => text.trim_end().to_string(),
        4 => text.replace('\n', "\r\n"),
        5 => with_line(&lines[at].replacen("##### ", "#### ", 1)),
        6 => format!("{text}\nMore.\n"),
        _ => text.to_string(),
    }
}

#[test]
fn a_file_out_of_canonical_layout_has_the_findings_of_the_whole_read() {
    let text = canonical(&synthetic_ruleset(50, 4), Format::MdLong);
    for kind in 0..=6 {
        for at in [0, 3, 17, 250, 9999] {
            let changed = departed(&text, kind, at);
            for run in [1, 8, RUN] {
                assert!(
                    same_findings(&changed, Format::MdLong, None, run),
                    "{kind} at {at}"
                );
            }
            let streamed = check_bytes(changed.clone().into_bytes(), None, None).unwrap();
            assert_eq!(streamed.text, changed);
        }
    }
    // Not Markdown, or not UTF-8: given back as they came.
    let plain = canonical(&synthetic_ruleset(5, 4), Format::TxtPlain);
    assert_eq!(
        check_bytes(plain.clone().into_bytes(), None, None).unwrap_err(),
        plain.as_bytes()
    );
    assert_eq!(
        check_bytes(vec![0xff, b'#'], None, None).unwrap_err(),
        [0xff, b'#']
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// Faults at any rules of any ruleset, in runs of any size.
    #[test]
    fn faults_anywhere_are_found_in_runs_as_in_the_whole_read(
        rules in 1usize..40,
        seed in 0u64..1000,
        at in proptest::collection::vec(0usize..40, 0..8),
        with_history: bool,
        batch in 1usize..9,
        short: bool,
        departure in 0usize..8,
        line: usize,
    ) {
        let format = if short { Format::MdShort } else { Format::MdLong };
        let text = canonical(&faulty(rules, seed, &at, with_history), format);
        let text = departed(&text, departure, line);
        proptest::prop_assert!(same_findings(&text, format, None, batch));
    }

    /// Any small Markdown file: read in runs or left to the whole read,
    /// never found otherwise.
    #[test]
    fn small_files_are_found_in_runs_as_in_the_whole_read(
        text in "(# T\n(---\n)?)?(## 10[12]/[01]( \\(IMMUTABLE\\))?\n|\n##### \\*History\\*\n|\\*Initial mutable Rule 101, Jun 1, 2020\\*\n|Rules 101-102 \\(immutable\\)|See Rule 9\\.|```|x y|\n\n|\n){0,24}",
        batch in 1usize..4,
    ) {
        for format in [Format::MdLong, Format::MdShort] {
            same_findings(&text, format, None, batch);
        }
    }
}
