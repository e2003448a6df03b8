//! End matter without a heading (issue 37) on the command line:
//! `nomic dialect infer` says where it found it, the dialect it prints
//! reads the same, and a rule added after the last goes before it.

use crate::Test;
use std::path::Path;

fn shape(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dialects/shapes")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn dialect_infer_says_where_the_end_matter_starts() {
    let name = "end-address.md";
    let dialect = Test::new()
        .file(name, shape(name))
        .args(["dialect", "infer", name])
        .run()
        .status(0)
        .stdout_contains("#   end matter: from `---` on (4 lines), the file's footer, not a rule\n")
        .stdout;
    // The dialect it prints, passed back, reads the same (layout included).
    let inferred = Test::new()
        .file(name, shape(name))
        .args(["parse", "--layout", name])
        .run()
        .status(0);
    let given = Test::new()
        .file(name, shape(name))
        .file("nomic.toml", &dialect)
        .args(["parse", "--layout", name])
        .run()
        .status(0);
    assert_eq!(given.stdout, inferred.stdout);
    assert!(inferred
        .stdout
        .contains("\"footer\": \"---\\nRules kept at"));
    let headed = "mixed-punctuation.md";
    Test::new()
        .file(headed, shape(headed))
        .args(["dialect", "infer", headed])
        .run()
        .status(0)
        .stdout_contains("#   end matter: from `## Ende` on (3 lines)");
}

#[test]
fn dialect_infer_finds_no_end_matter_in_a_last_rules_own_list() {
    let name = "end-list.md";
    let out = Test::new()
        .file(name, shape(name))
        .args(["dialect", "infer", name])
        .run()
        .status(0);
    assert!(!out.stdout.contains("end matter"), "{}", out.stdout);
}

#[test]
fn a_rule_enacted_after_the_last_goes_before_the_end_matter() {
    let name = "end-links.md";
    let proposal = "# Proposal 9 (Ann), Jan 1, 2021\n\nEnact a new rule as Rule 104:\n\
                    > Ties are replayed.\n";
    let out = Test::new()
        .file(name, shape(name))
        .file("9.md", proposal)
        .args(["apply", name, "9.md"])
        .run()
        .status(0);
    let rule = out
        .stdout
        .find("**104.** Ties are replayed.")
        .expect(&out.stdout);
    let links = out.stdout.find("Links: https://").unwrap();
    assert!(rule < links, "{}", out.stdout);
    assert!(out
        .stdout
        .ends_with("- [Archive](https://example.org/harbour/archive)\n"));
}
