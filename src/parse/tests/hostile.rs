//! Hostile input: every case gives an error or a result, never a panic or a
//! hang. Sizes are large enough to expose quadratic behaviour in a debug
//! build while staying fast when parsing is linear.

use super::*;

fn outcome(bytes: &[u8]) -> Result<Parsed, ParseError> {
    read(bytes, &ReadOptions::default())
}

#[test]
fn empty_and_blank_files_are_errors() {
    for text in ["", "\n\n", "\u{feff}", "   \r\n"] {
        let err = outcome(text.as_bytes()).unwrap_err();
        assert!(err.message.contains("empty"), "{text:?}: {err}");
    }
    for format in Format::WHOLE_RULESET {
        assert!(parse_str("", Some(format)).is_err(), "{format}");
    }
}

#[test]
fn binary_bytes_are_errors_with_the_offset() {
    let mut bytes = b"# T\n\n## 1\n\n".to_vec();
    bytes.extend([0x00, 0xff, 0xfe, 0x80]);
    let err = outcome(&bytes).unwrap_err();
    assert_eq!(err.span.start, 12);
    assert!(err.message.contains("byte 12"), "{err}");
    let control: Vec<u8> = (0u8..0x7f).cycle().take(10_000).collect();
    assert!(outcome(&control).is_err());
}

#[test]
fn overflowing_numbers_are_located_errors() {
    let text = "# T\n\n## 1\n\nx\n\n## 4294967296/0\n\ny\n";
    let err = outcome(text.as_bytes()).unwrap_err();
    assert_eq!(&text[err.span.clone()], "4294967296");
    assert!(err.message.contains("too large"));
    let text = "T\n\n\nRule 101 (Immutable)\n\nx\n\n\nRule 99999999999999999999\n\ny";
    let err = outcome(text.as_bytes()).unwrap_err();
    assert_eq!(&text[err.span.clone()], "99999999999999999999");
    let text = "T\n\n=====\n-----\nRule 1/4294967296\n\n      x\n\n-----";
    let err = outcome(text.as_bytes()).unwrap_err();
    assert_eq!(&text[err.span.clone()], "4294967296");
    assert_eq!(err.format, Some(Format::TxtLong));
    let parsed = outcome(b"# T\n\n## 4294967295\n\nmax\n").unwrap();
    assert_eq!(parsed.ruleset.rules[0].number, u32::MAX);
}

#[test]
fn unterminated_fences_and_html_give_results() {
    for text in [
        "# T\n\n## 1\n\n```\n## 2\n\nnever closed\n",
        "# T\n\n## 1\n\n<pre>\n## 2\n\nnever closed\n",
        "# T\n\n## 1\n\n<!-- comment\n## 2\n",
        "# T\n\n## 1\n\n<div>\n## 2\n\ntext\n",
    ] {
        let parsed = outcome(text.as_bytes()).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_lossless(&parsed);
        assert!(!parsed.ruleset.rules.is_empty());
    }
}

#[test]
fn one_line_of_ten_megabytes() {
    let line = "word (x) ".repeat(10 * 1024 * 1024 / 9);
    let text = format!("# T\n---\n## 1/0\n\n{line}\n\n##### *Judgments*\n\n*{line}*\n");
    let parsed = outcome(text.as_bytes()).unwrap();
    assert_eq!(parsed.ruleset.rules[0].text.len(), line.len());
    assert_eq!(parsed.ruleset.rules[0].judgments.len(), 1);
    let plain = format!("T\n\n\nRule 1\n\n{line}");
    assert_eq!(outcome(plain.as_bytes()).unwrap().ruleset.rules.len(), 1);
    let judged = format!("{} (Judge), Jun 1, 2020", " (".repeat(1024 * 1024));
    assert_eq!(lines::judgment(&judged).judge.as_deref(), Some("Judge"));
}

#[test]
fn markdown_that_nests_or_never_closes_stays_linear() {
    for pattern in [
        "[", "<", "*", "`", "](", "_a", "> ", "![", "- ", "1. ", "\\",
    ] {
        let line = pattern.repeat(1024 * 1024 / pattern.len());
        let text = format!("# T\n\n## 1\n\na {line}x\n\n## 2\n\nx\n");
        let parsed = outcome(text.as_bytes()).unwrap_or_else(|e| panic!("{pattern}: {e}"));
        assert_eq!(parsed.ruleset.rules.len(), 2, "{pattern}");
    }
}

#[test]
fn a_fifty_megabyte_file() {
    let long = String::from_utf8(repo_file("rulesets/nomic-4-long.md")).unwrap();
    let rules_start = long.find("## 101/0").unwrap();
    let (header, body) = long.split_at(rules_start);
    let copies = 50 * 1024 * 1024 / body.len() + 1;
    let mut text = String::with_capacity(header.len() + copies * (body.len() + 1));
    text.push_str(header);
    for _ in 0..copies {
        text.push_str(body);
        text.push('\n');
    }
    let parsed = outcome(text.as_bytes()).unwrap();
    assert_eq!(parsed.ruleset.rules.len(), 57 * copies);
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// Pieces of every grammar, so that random texts come near each format.
    const PIECES: &[&str] = &[
        "# T\n",
        "## ",
        "### ",
        "##### *History*\n",
        "#### *Judgments*\n",
        "101",
        "/",
        "0",
        "4294967296",
        " (IMMUTABLE)",
        " (Immutable)",
        "(",
        ")",
        "\n",
        "\r\n",
        "\n\n",
        "```\n",
        "<pre>\n",
        "<!--",
        "Rule ",
        "History:\n",
        "Judgments:\n",
        "=====\n",
        "-----\n",
        "      ",
        "* ",
        "  • ",
        "[*",
        "*](",
        "*",
        "Initial mutable Rule 1, Jun 1, 2020",
        "Amended (1) by Proposal 3 (A), Feb 29, 2021 (R1T2)",
        " (Judge), Jun 6, 2020",
        "â€™",
        "â”",
        "ğŸš¼",
        "\u{feff}",
        "{",
        "}",
        "\"title\"",
        ":",
        "text ",
        "é’",
    ];

    fn texts() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(PIECES), 0..60).prop_map(|p| p.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn any_text_gives_an_error_or_a_lossless_result(text in texts(), repair in any::<bool>()) {
            for from in [None, Some(Format::MdLong), Some(Format::TxtLong), Some(Format::TxtPlain)] {
                let options = ReadOptions { from, repair_encoding: repair };
                match read(text.as_bytes(), &options) {
                    Ok(parsed) => assert_lossless(&parsed),
                    Err(err) => {
                        prop_assert!(err.span.start <= err.span.end);
                        prop_assert!(err.span.end <= text.len());
                    }
                }
            }
        }
    }
}
