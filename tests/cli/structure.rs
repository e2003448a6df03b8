//! The real cases of text structure: Nomic IV's Types list and Type Chart,
//! rule 334's table in Nomic I, `*i.e.*` in Nomic V. Each survives `render`,
//! `fmt` and reading back, with the expected text.

use crate::{bundled, Test};
use nomic::model::Format;
use nomic::parse::parse_str;
use std::path::Path;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/render")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

const TYPES: &str = "      • Executive\n      • Legislative\n      • Judicial\n      • Bureaucratic\n      • Military\n      • Lobbyist\n      • Diplomat\n      • Journalist\n      • Pundit\n      • Delegate\n";

const CHART: &str = "      ┌────────────┬───────────┬─────────────┬──────────┐
      │            │ Executive │ Legislative │ Judicial │
      ├────────────┼───────────┼─────────────┼──────────┤
      │ Executive  │     -     │     2x      │   0.5x   │
      │ Legislative│   0.5x    │      -      │    2x    │
      │ Judicial   │    2x     │    0.5x     │    -     │
      └────────────┴───────────┴─────────────┴──────────┘
";

#[test]
fn nomic_iv_types_list_and_type_chart_survive_fmt_render_and_reading_back() {
    let txt = fixture("nomic-4-319.txt");
    assert!(txt.contains(TYPES) && txt.contains(CHART));
    // fmt: every item on a line of its own with its bullet (written `*`,
    // a blank line between items, the canonical txt-long list), the chart
    // as it is.
    let out = Test::new()
        .file("rules-l.txt", &txt)
        .args(["fmt", "rules-l.txt"])
        .run()
        .status(0);
    let formatted = out.read("rules-l.txt");
    let mut expected = String::new();
    let mut previous_item = false;
    for line in txt.replace("      • ", "      * ").split_inclusive('\n') {
        let item = line.starts_with("      * ");
        if item && previous_item {
            expected.push('\n');
        }
        previous_item = item;
        expected.push_str(line);
    }
    assert_eq!(formatted, expected);
    // Read: one list item a line, the chart a code block, emphasis kept.
    let rule = &parse_str(&txt, None).unwrap().rules[0];
    assert!(
        rule.text
            .contains("as follows:\n\n* Executive\n* Legislative\n* Judicial\n"),
        "{}",
        rule.text
    );
    assert!(
        rule.text.contains(
            "```\n┌────────────┬───────────┬─────────────┬──────────┐\n│            │ Executive │"
        ),
        "{}",
        rule.text
    );
    assert!(rule.text.contains("as *Extra Savage* actions do."));
    // To Markdown and back to txt-long: the same bytes.
    let md = Test::new()
        .file("rules-l.txt", &txt)
        .args(["render", "rules-l.txt", "--to", "md-long"])
        .run()
        .status(0)
        .stdout;
    let back = Test::new()
        .file("rules-l.md", &md)
        .args(["render", "rules-l.md", "--to", "txt-long"])
        .run()
        .status(0)
        .stdout;
    assert_eq!(back, formatted);
    // txt-plain writes its own bullets, the chart as it is.
    let plain = Test::new()
        .file("rules-l.txt", &txt)
        .args(["render", "rules-l.txt", "--to", "txt-plain"])
        .run()
        .status(0)
        .stdout;
    assert!(
        plain.contains("\n\n  • Executive\n  • Legislative\n  • Judicial\n"),
        "{plain}"
    );
    assert!(
        plain.contains(
            "\n┌────────────┬───────────┬─────────────┬──────────┐\n│            │ Executive │"
        ),
        "{plain}"
    );
}

#[test]
fn rule_334_table_of_nomic_i_survives_txt_long_fmt_and_reading_back() {
    let source = std::fs::read_to_string(bundled("nomic-1-final.txt")).unwrap();
    let long = Test::new()
        .file("nomic-1-final.txt", &source)
        .args(["render", "nomic-1-final.txt", "--to", "txt-long"])
        .run()
        .status(0)
        .stdout;
    let expected = "        bronze being the lowest, ascending:

      MaterialDurabilityMarket Value (gold)
      Bronze26
      Iron48
      Tungsten610
      Corundum1040
      Diamond1480

      A mining kit can also be used to scale the mountain and acquire
";
    assert!(long.contains(expected), "{long}");
    // fmt leaves the rendered file as it is.
    Test::new()
        .file("rules-l.txt", &long)
        .args(["fmt", "--check", "rules-l.txt"])
        .run()
        .status(0);
    // Read back, rule 334 says what the bundled file says.
    let original = parse_str(&source, None).unwrap();
    let read = parse_str(&long, Some(Format::TxtLong)).unwrap();
    let text = |set: &nomic::model::Ruleset| set.rule(334).unwrap().text.clone();
    assert_eq!(text(&read), text(&original));
    assert!(text(&read)
        .contains("ascending:\n\nMaterialDurabilityMarket Value (gold)  \nBronze26  \nIron48"));
}

#[test]
fn emphasis_of_nomic_v_survives_every_text_form() {
    let source = std::fs::read_to_string(bundled("nomic-5-initial.txt")).unwrap();
    for to in ["txt-long", "txt-short", "txt-plain", "txt-rule"] {
        let out = Test::new()
            .file("nomic-5-initial.txt", &source)
            .args(["render", "nomic-5-initial.txt", "--to", to])
            .run()
            .status(0)
            .stdout;
        assert!(out.contains("(*i.e.*"), "{to}: {out}");
    }
}

#[test]
fn a_rendered_list_keeps_one_item_a_line() {
    // Each item on a line of its own with its bullet, a blank line between
    // items as the bundled text rulesets write lists.
    let md = "# T (LONG FORMAT)\n---\n## 301/0\n\nIntro.\n\n* one\n* two\n\n##### *History*\n\n*Enacted by Proposal 301 (A), Jun 1, 2020*\n";
    let out = Test::new()
        .file("rules-l.md", md)
        .args(["render", "rules-l.md", "--to", "txt-long", "-o", "out.txt"])
        .run()
        .status(0);
    assert!(out
        .read("out.txt")
        .contains("      Intro.\n\n      * one\n\n      * two\n"));
}

#[test]
fn a_write_that_would_change_a_rule_is_refused_and_nothing_is_written() {
    // A list nested 50,000 deep (100 KB): text forms bound their
    // indentation, so the depth cannot be written; the render refuses,
    // naming the rule and the construct, and writes nothing.
    let md = format!(
        "# T (LONG FORMAT)\n---\n## 301/0\n\n{}x\n\n##### *History*\n\n*Enacted by Proposal 301 (A), Jun 1, 2020*\n",
        "* ".repeat(50_000)
    );
    for to in ["txt-long", "txt-plain"] {
        let out = Test::new()
            .file("rules-l.md", &md)
            .args(["render", "rules-l.md", "--to", to, "-o", "out.txt"])
            .run()
            .status(2)
            .stderr_contains("rule 301 would not say what it says now")
            .stderr_contains(&format!("{to} cannot carry a list item here"))
            .stderr_contains("nothing was written");
        assert!(!out.exists("out.txt"));
    }
}
