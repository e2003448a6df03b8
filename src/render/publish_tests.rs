//! `published_files_as_read` of a read without fingerprints against
//! `published_files` of a full read: `nomic build` publishes the first, and
//! every byte must be what the second gives.

use super::{published_files, published_files_as_read};
use crate::model::{Format, Ruleset};
use crate::parse::{read_owned, ReadDepth, ReadOptions};
use crate::render::{render, RenderOptions, Renderer};
use proptest::prelude::*;

/// The forms a read keeps a layout of, and so re-emits.
const READ_FORMS: [Format; 4] = [
    Format::MdLong,
    Format::MdShort,
    Format::TxtLong,
    Format::TxtShort,
];

fn read_at(text: &str, format: Option<Format>, depth: ReadDepth) -> Option<Ruleset> {
    let options = ReadOptions {
        from: format,
        repair_encoding: false,
    };
    read_owned(text.as_bytes().to_vec(), &options, None, depth)
        .ok()
        .map(|parsed| parsed.ruleset)
}

/// Asserts that the published set of `text` is the same through both
/// reads; false where the text does not read.
fn same_set(text: &str, format: Option<Format>) -> bool {
    let renderer = Renderer::new(&RenderOptions::default()).unwrap();
    let Some(full) = read_at(text, format, ReadDepth::Full) else {
        return false;
    };
    let layout = read_at(text, format, ReadDepth::Layout).expect("reads as the full read did");
    let expected = published_files(&full, &renderer).unwrap();
    let as_read = published_files_as_read(&layout, &renderer).unwrap();
    assert_eq!(expected.len(), as_read.len());
    for (expected, as_read) in expected.iter().zip(&as_read) {
        assert_eq!(expected.path, as_read.path);
        assert!(
            expected.contents == as_read.contents,
            "{} differs",
            expected.path.display()
        );
    }
    true
}

#[test]
fn a_read_without_fingerprints_publishes_what_a_full_read_does_for_every_bundled_ruleset() {
    let mut read = 0;
    for name in crate::parse::tests::BUNDLED {
        let path = format!("{}/rulesets/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        if same_set(&text, None) {
            read += 1;
        }
    }
    assert!(read >= 5, "only {read} bundled rulesets read");
}

#[test]
fn a_read_without_fingerprints_publishes_what_a_full_read_does_in_every_form_read() {
    let set = crate::model::synthetic_ruleset(150, 7);
    for format in READ_FORMS {
        let file = render(&set, format, &RenderOptions::default()).unwrap();
        assert!(same_set(&file, Some(format)), "{format}");
        assert!(
            same_set(&file.replace('\n', "\r\n"), Some(format)),
            "{format}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Files out of the canonical layout (blank lines added or taken
    /// away, spaces at line ends, no final newline) keep their quirks in
    /// the kept sources that the form re-emits: the same bytes either way.
    #[test]
    fn a_quirky_file_publishes_the_same_either_way(
        seed in 0u64..1_000,
        form in 0usize..READ_FORMS.len(),
        edits in proptest::collection::vec((0usize..10_000, 0usize..4), 0..12),
        crlf in any::<bool>(),
    ) {
        let format = READ_FORMS[form];
        let set = crate::model::synthetic_ruleset(12, seed);
        let file = render(&set, format, &RenderOptions::default()).unwrap();
        let mut lines: Vec<String> = file.lines().map(str::to_string).collect();
        for (at, edit) in edits {
            let at = at % lines.len().max(1);
            match edit {
                0 => lines.insert(at, String::new()),
                1 if lines.get(at).is_some_and(String::is_empty) => {
                    lines.remove(at);
                }
                2 => {
                    if let Some(line) = lines.get_mut(at) {
                        line.push_str("  ");
                    }
                }
                _ => {}
            }
        }
        let mut text = lines.join("\n");
        if seed % 3 != 0 {
            text.push('\n');
        }
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        // An edit may make the file unreadable: then there is nothing to
        // publish either way.
        same_set(&text, Some(format));
    }
}
