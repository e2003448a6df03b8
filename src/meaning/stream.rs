//! A Markdown file's rules written to another form as they are read: each
//! batch of rules is read, written and read back on its own, on every core,
//! and let go, so that the whole ruleset is never held (`nomic render` of
//! an md-long or md-short file to another form). The document is kept in
//! the pieces written until every batch has read back, so nothing is
//! written that was not checked.
//!
//! A batch reads back as meant for the reasons [`super::batches`] gives:
//! each batch is read back between the document's header and footer with
//! the next rule's region after it.

use super::batches::{checks_in_batches, reads_back};
use crate::model::Rule;
use crate::parse::RuleBatches;
use crate::render::CanonicalWriter;
use rayon::prelude::*;
use std::io;
use std::ops::Range;

/// The document `writer` makes of the rules of `batches`, handed to `put`
/// in pieces to write in order (the header, a piece a batch of rules, the
/// footer), each batch's meaning checked as [`super::write_checked`]
/// checks it. A piece is handed on once its batch has read back; the
/// caller keeps what it was handed from the reader (in memory or in a
/// temporary file) until this says the whole document was checked.
///
/// `Ok(false)` when the form is not checked a batch at a time, when a
/// batch does not read back as meant, or when the document is too large:
/// what `put` was handed is then not the document, and the caller reads
/// the whole file and writes it whole, for the document or the error that
/// path gives.
///
/// # Errors
/// The first error of `put`.
pub fn write_batches_checked(
    batches: &RuleBatches<'_>,
    writer: &CanonicalWriter,
    mut put: impl FnMut(&str) -> io::Result<()>,
) -> io::Result<bool> {
    let format = writer.format();
    if !checks_in_batches(format) || batches.is_empty() {
        return Ok(false);
    }
    let (mut header, mut footer) = (String::new(), String::new());
    writer.header(&mut header);
    writer.footer(&mut footer);
    put(&header)?;
    let (mut len, mut content) = (header.len(), 0);
    // A few batches a core at a time: at most those batches' rules and
    // pieces are held at once.
    let window = 2 * rayon::current_num_threads().max(1);
    for group in batches.ranges().chunks(window) {
        let written: Vec<Option<(String, usize)>> = group
            .par_iter()
            .map(|range| write_batch(batches, writer, range.clone(), [&header, &footer]))
            .collect();
        for batch in written {
            let Some((text, size)) = batch else {
                return Ok(false);
            };
            content += size;
            len += text.len();
            put(&text)?;
        }
    }
    len += footer.len();
    put(&footer)?;
    Ok(writer.check_size(len, content).is_ok())
}

/// [`write_batches_checked`] into pieces held in memory: `None` where it
/// gives up.
#[must_use]
pub fn write_batches_held(
    batches: &RuleBatches<'_>,
    writer: &CanonicalWriter,
) -> Option<Vec<String>> {
    let mut pieces = Vec::new();
    let put = |piece: &str| {
        pieces.push(piece.to_string());
        Ok(())
    };
    match write_batches_checked(batches, writer, put) {
        Ok(true) => Some(pieces),
        Ok(false) | Err(_) => None,
    }
}

/// Whether an md-long or md-short file, whose rules `batches` reads, is
/// its own render in its own form as read (not canonically): the rules of
/// a layout read of such a file keep their sources, each ending where the
/// next begins, between the kept header and footer, and a render as read
/// re-emits exactly those bytes, so it writes the file itself (and what
/// it writes reads back as read). Its rules are read, a batch at a time on
/// every core, only for the size the document is measured against: `false`
/// where a render would refuse the file as far larger than its rules, or
/// for another format (the whole read then writes it, or says why not).
#[must_use]
pub fn is_own_render(batches: &RuleBatches<'_>, writer: &CanonicalWriter, len: usize) -> bool {
    use crate::model::Format;
    if !matches!(batches.format, Format::MdLong | Format::MdShort)
        || writer.format() != batches.format
    {
        return false;
    }
    let content = batches
        .ranges()
        .par_iter()
        .map(|range| CanonicalWriter::content_size(&batches.read(range.clone())))
        .sum();
    writer.check_size(len, content).is_ok()
}

/// The rules at `range` written, with what they add to the size limit's
/// content, when they read back as meant: between `around`'s header and
/// footer, followed by the next rule's region, which must still read as a
/// rule.
fn write_batch(
    batches: &RuleBatches<'_>,
    writer: &CanonicalWriter,
    range: Range<usize>,
    [header, footer]: [&str; 2],
) -> Option<(String, usize)> {
    let with_next = range.start..(range.end + 1).min(batches.len());
    let rules: Vec<Rule> = batches.read(with_next);
    let checked = range.len();
    let mut text = String::new();
    writer.rules(&rules[..checked], range.start, &mut text);
    let mut next = String::new();
    writer.rules(&rules[checked..], range.end, &mut next);
    let document = [header, &text, &next, footer].concat();
    // The piece may be held until the whole document is written: without
    // the room it grew into (up to as much again).
    text.shrink_to_fit();
    reads_back(&rules, checked, &document, writer.format())
        .then(|| (text, CanonicalWriter::content_size(&rules[..checked])))
}

#[cfg(test)]
mod tests {
    use super::{is_own_render, write_batches_checked, write_batches_held};
    use crate::meaning::tests::BATCHED;
    use crate::meaning::{write_checked, MeaningError};
    use crate::model::Format;
    use crate::parse::{read_meaning, stream_rules, RuleStream};
    use crate::render::{render, RenderOptions, Renderer};

    /// `text` (a Markdown ruleset) streamed to `format`, joined; `None`
    /// where the stream gave up.
    fn streamed(text: &str, format: Format) -> Option<String> {
        let batches = stream_rules(text, None)?.into_batches()?;
        let renderer = Renderer::new(&RenderOptions::default()).unwrap();
        let writer = renderer.canonical_writer(format, batches.title(), batches.len())?;
        write_batches_held(&batches, &writer).map(|pieces| pieces.concat())
    }

    /// `text` streamed to `format` as `nomic render` streams it, each piece
    /// spooled into an unnamed temporary file as it is handed on, and read
    /// back; `None` where the stream gave up (the spool then holds the
    /// pieces handed on before, which `nomic render` throws away).
    fn spooled(text: &str, format: Format) -> Option<String> {
        use std::io::{Read, Seek, Write};
        let batches = stream_rules(text, None)?.into_batches()?;
        let renderer = Renderer::new(&RenderOptions::default()).unwrap();
        let writer = renderer.canonical_writer(format, batches.title(), batches.len())?;
        let mut out = std::io::BufWriter::new(tempfile::tempfile().unwrap());
        let put = |piece: &str| out.write_all(piece.as_bytes());
        let checked = write_batches_checked(&batches, &writer, put).unwrap();
        let mut file = out.into_inner().unwrap();
        file.rewind().unwrap();
        let mut document = String::new();
        file.read_to_string(&mut document).unwrap();
        checked.then_some(document)
    }

    /// `text` read whole for its meaning and written as `nomic render`
    /// wrote it before the stream: the reference.
    fn written_whole(text: &str, format: Format) -> Result<String, String> {
        let read = crate::parse::detect(text).unwrap();
        let ruleset = read_meaning(text, read).unwrap();
        let renderer = Renderer::new(&RenderOptions::default()).unwrap();
        let parts = renderer.parts(&ruleset, format).unwrap();
        // No document here comes near the size limit.
        write_checked(&parts, |_| Ok::<(), MeaningError>(())).map_err(|err| err.to_string())
    }

    /// The stream writes what the whole read writes, on one thread and on
    /// several.
    fn same_as_whole(text: &str, format: Format) {
        let whole = written_whole(text, format).expect("the whole read writes it");
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| streamed(text, format));
        let several = streamed(text, format);
        assert!(several.as_deref() == Some(whole.as_str()), "{format}");
        assert!(one == several, "{format}: one thread differs");
        assert!(
            spooled(text, format) == several,
            "{format}: the spool differs"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]
        /// Spooled into a file or held in memory, the stream writes the same
        /// bytes, and those the whole read writes, whatever the rules.
        #[test]
        fn a_spooled_render_is_the_held_one_byte_for_byte(
            rules in 1usize..400,
            seed in 0u64..1_000,
            short in proptest::bool::ANY,
            crlf in proptest::bool::ANY,
        ) {
            let set = crate::model::synthetic_ruleset(rules, seed);
            let from = if short { Format::MdShort } else { Format::MdLong };
            let mut file = render(&set, from, &RenderOptions::default()).unwrap();
            if crlf {
                file = file.replace('\n', "\r\n");
            }
            for to in BATCHED {
                let held = streamed(&file, to);
                proptest::prop_assert!(held.is_some(), "{to}");
                proptest::prop_assert!(spooled(&file, to) == held, "{to}");
                proptest::prop_assert!(held == written_whole(&file, to).ok(), "{to}");
            }
        }
    }

    #[test]
    fn a_generated_markdown_file_streams_to_what_its_whole_read_writes() {
        // Many batches, the last one short; CRLF line endings; a fence and
        // HTML in rules of several batches.
        let set = crate::model::synthetic_ruleset(700, 5);
        for from in [Format::MdLong, Format::MdShort] {
            let file = render(&set, from, &RenderOptions::default()).unwrap();
            let mut marked = String::new();
            for (k, rule) in file.split("\n## ").enumerate() {
                if k > 0 {
                    match k % 61 {
                        5 => marked.push_str("\n```\n## 77 in a fence\n```\n"),
                        9 => marked.push_str("\n<div>\n## 78 in html\n</div>\n"),
                        _ => {}
                    }
                    marked.push_str("\n## ");
                }
                marked.push_str(rule);
            }
            for text in [file.clone(), file.replace('\n', "\r\n"), marked] {
                for to in BATCHED {
                    same_as_whole(&text, to);
                }
            }
        }
    }

    #[test]
    fn every_bundled_markdown_ruleset_streams_to_what_its_whole_read_writes() {
        let mut streamed_files = 0;
        for path in crate::test_files::repository_files() {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Some(batches) = stream_rules(&text, None).and_then(RuleStream::into_batches) else {
                continue;
            };
            if batches.is_empty() {
                continue;
            }
            for to in BATCHED {
                match written_whole(&text, to) {
                    Ok(whole) => {
                        let held = streamed(&text, to);
                        assert!(
                            held.as_deref() == Some(whole.as_str()),
                            "{} to {to}",
                            path.display()
                        );
                        assert!(spooled(&text, to) == held, "{} to {to}", path.display());
                    }
                    // Refused whole: the stream gives up (and the whole
                    // read then says why), spooled or held.
                    Err(_) => {
                        assert_eq!(streamed(&text, to), None, "{}", path.display());
                        assert_eq!(spooled(&text, to), None, "{}", path.display());
                    }
                }
            }
            streamed_files += 1;
        }
        assert!(streamed_files >= 10, "only {streamed_files} files streamed");
    }

    /// Whether the stream takes `text` as its own render in `format`.
    fn own_render(text: &str, format: Format) -> bool {
        let Some(batches) = stream_rules(text, None).and_then(RuleStream::into_batches) else {
            return false;
        };
        let renderer = Renderer::new(&RenderOptions::default()).unwrap();
        renderer
            .canonical_writer(format, batches.title(), batches.len())
            .is_some_and(|writer| is_own_render(&batches, &writer, text.len()))
    }

    /// What a full read of `text` renders to in `format`, keeping the layout.
    fn rendered_as_kept(text: &str, format: Format) -> Option<String> {
        let ruleset = crate::parse::parse_str(text, Some(format)).ok()?;
        render(&ruleset, format, &RenderOptions::default()).ok()
    }

    #[test]
    fn a_markdown_file_that_reads_is_its_own_render() {
        let mut files: Vec<String> = Vec::new();
        let set = crate::model::synthetic_ruleset(700, 3);
        for format in [Format::MdLong, Format::MdShort] {
            let file = render(&set, format, &RenderOptions::default()).unwrap();
            files.push(file.replace('\n', "\r\n"));
            files.push(file.replace('\n', "\r\r\n"));
            // Quirks: a heading without its revision, trailing spaces, no
            // blank line after a heading, a fence left open at the end.
            files.push(
                file.replacen("\n## 3/", "\n## 3 \n", 1)
                    .replacen("\n\n## 5", "\n## 5", 1)
                    + "\n```\n## 9 never closed\n",
            );
            files.push(file);
        }
        for path in crate::test_files::repository_files() {
            if let Ok(text) = std::fs::read_to_string(&path) {
                files.push(text);
            }
        }
        let mut taken = 0;
        for text in &files {
            let Some(stream) = stream_rules(text, None) else {
                continue;
            };
            let format = stream.format;
            if !matches!(format, Format::MdLong | Format::MdShort) {
                continue;
            }
            // The stream takes the file as its render exactly where the
            // full read's render is the file.
            let whole = rendered_as_kept(text, format);
            assert_eq!(
                own_render(text, format),
                whole.as_deref() == Some(text.as_str()),
                "{format}: {:?}",
                &text[..text.len().min(200)]
            );
            taken += usize::from(own_render(text, format));
            // Never in another form.
            let other = if format == Format::MdLong {
                Format::MdShort
            } else {
                Format::MdLong
            };
            assert!(!own_render(text, other));
        }
        assert!(taken >= 14, "only {taken} files taken as their own render");
    }

    #[test]
    fn a_file_far_larger_than_its_rules_is_not_its_own_render() {
        // A render refuses a document far larger than its rules (a rule
        // followed by megabytes of blank lines, say) as a runaway: where the
        // limit lies is held to the whole render's in render's tests.
        let text = "# T\n---\n## 1/0\n\nx\n\n\n";
        let batches = stream_rules(text, None)
            .and_then(RuleStream::into_batches)
            .unwrap();
        let renderer = Renderer::new(&RenderOptions::default()).unwrap();
        let writer = renderer
            .canonical_writer(Format::MdLong, batches.title(), batches.len())
            .unwrap();
        assert!(is_own_render(&batches, &writer, text.len()));
        assert!(!is_own_render(&batches, &writer, 17 << 20));
    }

    #[test]
    fn a_batch_that_does_not_read_back_leaves_the_file_to_the_whole_read() {
        // A list nested 50,000 deep cannot be written in the text forms:
        // the stream gives up, and the whole read refuses it, naming it.
        let set = crate::model::synthetic_ruleset(600, 7);
        let file = render(&set, Format::MdLong, &RenderOptions::default()).unwrap();
        let at = file.match_indices("\n## ").nth(300).unwrap().0;
        let deep = format!("\n## 9999/0\n\n{}x\n", "* ".repeat(50_000));
        let text = format!("{}{deep}{}", &file[..at], &file[at..]);
        for to in [Format::TxtLong, Format::TxtPlain] {
            assert_eq!(streamed(&text, to), None, "{to}");
            assert_eq!(spooled(&text, to), None, "{to}");
            let refused = written_whole(&text, to).unwrap_err();
            assert!(refused.contains("rule 9999 would not say"), "{refused}");
        }
        // Written whole where it can be, and streamed the same.
        same_as_whole(&text, Format::MdShort);
    }
}
