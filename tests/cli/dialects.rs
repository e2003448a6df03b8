//! Other communities' rulesets: read with no dialect file, with the dialect
//! `nomic dialect infer` prints, and through every command.

use crate::Test;
use serde_json::Value;
use std::path::Path;

/// The three real rulesets: file, rule count, first and last identifier
/// (read off the files).
const REAL: [(&str, usize, &str, &str); 3] = [
    ("pimotte-nomic-README.md", 62, "101", "350"),
    ("fcc-git-nomic-RULES.md", 13, "UC1", "11"),
    ("infinite-nomic-round5-rules.md", 26, "1", "26"),
];

/// Their titles, read off the files: pimotte's setext title over its
/// `# Rules` group; fcc starts with its `# Universal Constants` group and
/// infinite-nomic with rule 1, so neither has one.
const TITLES: [(&str, &str); 3] = [
    ("pimotte-nomic-README.md", "Nomic: The GitHub Edition"),
    ("fcc-git-nomic-RULES.md", ""),
    ("infinite-nomic-round5-rules.md", ""),
];

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dialects")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn label(rule: &Value) -> String {
    match rule["id"].as_str() {
        Some(id) => id.to_string(),
        None => rule["number"].to_string(),
    }
}

fn parse_json(stdout: &str) -> Value {
    serde_json::from_str(stdout).unwrap()
}

#[test]
fn the_real_rulesets_parse_with_no_dialect_file_and_say_which_was_inferred() {
    for (name, count, first, last) in REAL {
        let out = Test::new()
            .file(name, fixture(name))
            .args(["parse", name])
            .run()
            .status(0)
            .stderr_contains("read in an inferred dialect");
        let json = parse_json(&out.stdout);
        let rules = json["rules"].as_array().unwrap();
        assert_eq!(rules.len(), count, "{name}");
        assert_eq!(label(&rules[0]), first, "{name}");
        assert_eq!(label(&rules[count - 1]), last, "{name}");
    }
}

#[test]
fn a_group_heading_that_comes_first_is_not_the_rulesets_title() {
    for (name, title) in TITLES {
        let out = Test::new()
            .file(name, fixture(name))
            .args(["parse", name])
            .run()
            .status(0);
        assert_eq!(parse_json(&out.stdout)["title"], title, "{name}");
    }
}

#[test]
fn the_inferred_dialect_passed_back_gives_the_same_parse() {
    for (name, ..) in REAL {
        let test = Test::new().file(name, fixture(name));
        let inferred = test.args(["parse", name]).run().status(0);
        for (dialect_file, extra) in [("d.toml", None), ("d.yaml", Some("--yaml"))] {
            let mut infer = Test::new()
                .file(name, fixture(name))
                .args(["dialect", "infer", name]);
            if let Some(extra) = extra {
                infer = infer.arg(extra);
            }
            let dialect = infer.run().status(0).stdout;
            let given = Test::new()
                .file(name, fixture(name))
                .file(dialect_file, &dialect)
                .args(["parse", name, "--dialect", dialect_file])
                .run()
                .status(0)
                .stderr_empty();
            assert_eq!(given.stdout, inferred.stdout, "{name} with {dialect_file}");
            // The same file kept as nomic.toml beside the ruleset.
            if extra.is_none() {
                let beside = Test::new()
                    .file(name, fixture(name))
                    .file("nomic.toml", &dialect)
                    .args(["parse", name])
                    .run()
                    .status(0)
                    .stderr_empty();
                assert_eq!(beside.stdout, inferred.stdout, "{name} with nomic.toml");
            }
        }
    }
}

#[test]
fn the_real_rulesets_render_back_byte_for_byte() {
    for (name, ..) in REAL {
        Test::new()
            .file(name, fixture(name))
            .args(["render", name])
            .run()
            .status(0)
            .stdout(&fixture(name));
    }
}

#[test]
fn check_runs_on_the_real_rulesets() {
    for (name, ..) in REAL {
        Test::new()
            .file(name, fixture(name))
            .args(["check", name])
            .run()
            .status(0)
            .stdout_contains("1 file checked: 0 errors");
    }
    // Identifiers that are not numbers are in order within their prefix.
    let out = Test::new()
        .file("RULES.md", fixture("fcc-git-nomic-RULES.md"))
        .args(["check", "RULES.md"])
        .run();
    assert!(!out.stdout.contains("comes after"), "{}", out.stdout);
}

#[test]
fn check_finds_references_to_missing_identifiers_and_duplicates() {
    let text = fixture("shapes/negative.md");
    Test::new()
        .file("rules.md", &text)
        .args(["check", "rules.md"])
        .run()
        .status(1)
        .stdout_contains("rule -214 cites rule -999, which is not in the ruleset");
    let doubled = fixture("fcc-git-nomic-RULES.md").replace("## UC2 - ", "## UC1 - ");
    Test::new()
        .file("RULES.md", doubled)
        .args(["check", "RULES.md"])
        .run()
        .status(1)
        .stdout_contains("rule UC1 appears more than once");
}

#[test]
fn refs_name_rules_by_identifier() {
    let text = fixture("fcc-git-nomic-RULES.md").replace(
        "A rule should be numbered sequentially",
        "Under Rule UC1, a rule should be numbered sequentially",
    );
    Test::new()
        .file("RULES.md", text)
        .args(["refs", "RULES.md"])
        .run()
        .status(0)
        .stdout_contains("2     UC1")
        .stdout_contains("UC1   -      2");
    Test::new()
        .file("rules.md", fixture("shapes/negative.md"))
        .args(["refs", "rules.md"])
        .run()
        .status(0)
        .stdout_contains("rule -214 cites rule -999");
}

#[test]
fn diff_names_the_changed_rule_by_identifier() {
    let old = fixture("fcc-git-nomic-RULES.md");
    let new = old.replace(
        "Code of Conduct violations",
        "Violations of the Code of Conduct",
    );
    Test::new()
        .file("old.md", old)
        .file("new.md", new)
        .args(["diff", "old.md", "new.md"])
        .run()
        .status(1)
        .stdout_contains("Rule UC2: amended");
}

#[test]
fn apply_rewrites_only_the_amended_rule() {
    let name = "infinite-nomic-round5-rules.md";
    let proposal = "# Proposal 30 (Ann), Jan 1, 2021\n\nAmend Rule 3 to read:\n\
                    > There are four nations: Red, Yellow, Blue and Green.\n";
    let out = Test::new()
        .file(name, fixture(name))
        .file("30.md", proposal)
        .args(["apply", name, "30.md"])
        .run()
        .status(0);
    let expected = fixture(name).replace(
        "# Rule 3: Three nations \nThere are three nations: Red, Yellow, and Blue.",
        "# Rule 3: Three nations\nThere are four nations: Red, Yellow, Blue and Green.",
    );
    assert_ne!(expected, fixture(name));
    assert_eq!(out.stdout, expected);
}

#[test]
fn renumber_rewrites_the_identifier_in_its_own_shape() {
    let name = "infinite-nomic-round5-rules.md";
    let out = Test::new()
        .file(name, fixture(name))
        .args(["renumber", name, "26=27"])
        .run()
        .status(0);
    assert_eq!(
        out.stdout,
        fixture(name).replace("# Rule 26: Materials", "# Rule 27: Materials")
    );
    let roman = fixture("shapes/roman.md");
    let out = Test::new()
        .file("roman.md", &roman)
        .args(["renumber", "roman.md", "16=17"])
        .run()
        .status(0);
    assert_eq!(out.stdout, roman.replace("### Rule xvi.", "### Rule xvii."));
}

#[test]
fn build_publishes_a_dialect_ruleset() {
    let name = "pimotte-nomic-README.md";
    let out = Test::new()
        .file(name, fixture(name))
        .args(["build", name, "-o", "site"])
        .run()
        .status(0);
    let long = out.read("site/rules-l.md");
    assert!(
        long.contains("Everyone needs a code they can live by")
            || long.contains("All players must always abide")
    );
    assert!(out.exists("site/rules/md/350.md"));
}

#[test]
fn a_nomic_form_refuses_an_identifier_it_cannot_carry_and_names_dropped_titles() {
    // `UC1` has no number a numbered form could give it.
    let name = "fcc-git-nomic-RULES.md";
    Test::new()
        .file(name, fixture(name))
        .args(["render", name, "--to", "md-long"])
        .run()
        .status(2)
        .stderr_contains(
            "refusing to write md-long: rule UC1 would not say what it says now (its \
             identifier would change; md-long cannot carry an identifier that is not a number",
        );
    // Numbered rules with titles are written, and the titles left out are said.
    let titled = "# Rules\n\n## 1. Respect\n\nBe kind.\n\n## 2. Turns\n\nPlay in order.\n";
    let out = Test::new()
        .file("titled.md", titled)
        .args(["render", "titled.md", "--to", "txt-long"])
        .run()
        .status(0)
        .stderr_contains("note: txt-long titles no rule: the titles of 2 rules are not in it");
    assert!(out.stdout.contains("Be kind."), "{}", out.stdout);
    // Forms that carry titles say nothing of the kind.
    let json = Test::new()
        .file("titled.md", titled)
        .args(["render", "titled.md", "--to", "json"])
        .run()
        .status(0);
    assert!(!json.stderr.contains("titles no rule"), "{}", json.stderr);
}

#[test]
fn a_file_with_no_rule_structure_says_what_was_tried() {
    let text = "Our game\n\nWe play on Fridays. Bring snacks.\n";
    Test::new()
        .file("notes.md", text)
        .args(["parse", "notes.md"])
        .run()
        .status(2)
        .stderr_contains("no rule structure found")
        .stderr_contains("bold or italic lead paragraphs");
    Test::new()
        .file("notes.md", text)
        .args(["dialect", "infer", "notes.md"])
        .run()
        .status(2)
        .stderr_contains("list items");
}

#[test]
fn an_unsure_inference_shows_the_two_best_candidates() {
    let text = "## 1 - A\n\nx\n\n## 2 - B\n\ny\n\n### Rule 7.\n\nz\n\n### Rule 8.\n\nw\n";
    Test::new()
        .file("rules.md", text)
        .args(["parse", "rules.md"])
        .run()
        .status(2)
        .stderr_contains("`## {id} - {title}`")
        .stderr_contains("`### Rule {id}.`");
}

#[test]
fn a_bad_dialect_file_is_an_error() {
    Test::new()
        .file("rules.md", fixture("shapes/roman.md"))
        .file("d.toml", "rule = \"### Rule {title}.\"\n")
        .args(["parse", "rules.md", "--dialect", "d.toml"])
        .run()
        .status(2)
        .stderr_contains("has no `{id}`");
}

#[test]
fn a_dialect_file_that_does_not_read_is_shown_where_it_is_wrong() {
    // TOML: the reader's message, the file, line and column, the line itself.
    Test::new()
        .file("rules.md", fixture("shapes/roman.md"))
        .file("d.toml", "ids = [\"roman\"]\nrul = \"### Rule {id}.\"\n")
        .args(["parse", "rules.md", "--dialect", "d.toml"])
        .run()
        .status(2)
        .stderr_contains("error[dialect]: unknown field `rul`, expected one of `rule`")
        .stderr_contains("(reading as TOML)")
        .stderr_contains("--> d.toml:2:1")
        .stderr_contains("2 | rul = \"### Rule {id}.\"")
        .stderr_contains("`nomic help dialects`");
    // YAML: located too, and its message no longer says the place in words.
    let out = Test::new()
        .file("rules.md", fixture("shapes/roman.md"))
        .file("d.yaml", "blank_after_heading: true\nrule: [1]\n")
        .args(["parse", "rules.md", "--dialect", "d.yaml"])
        .run()
        .status(2)
        .stderr_contains("invalid type: sequence, expected a string (reading as YAML)")
        .stderr_contains("--> d.yaml:2:7");
    assert!(!out.stderr.contains("at line 2 column 7"), "{}", out.stderr);
}

#[test]
fn formats_mentions_dialects() {
    Test::new()
        .arg("formats")
        .run()
        .status(0)
        .stdout_contains("dialect")
        .stdout_contains("nomic dialect infer");
}

#[test]
fn canonical_form_rewrites_rules_and_keeps_everything_else() {
    let name = "pimotte-nomic-README.md";
    let out = Test::new()
        .file(name, fixture(name))
        .args(["render", name, "--canonical", "-o", "canonical.md"])
        .run()
        .status(0);
    let canonical = out.read("canonical.md");
    assert_ne!(canonical, fixture(name));
    assert!(!canonical.contains("*Laying Down the Law* \n"));
    for kept in [
        "Player List \n-----------\n1. [Pim Otte]",
        "# Voting\n\n## Immutable Rules",
    ] {
        assert!(canonical.contains(kept), "{kept}");
    }
    // The same meaning, rule for rule.
    let meaning = |file: &str, text: &str| {
        let out = Test::new()
            .file(file, text)
            .args(["parse", file])
            .run()
            .status(0);
        parse_json(&out.stdout)
    };
    assert_eq!(meaning(name, &canonical), meaning(name, &fixture(name)));
}

#[test]
fn a_folder_of_rule_files_reads_as_one_ruleset() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dialects/shapes/folder-mutability");
    let out = Test::new()
        .args(["dialect", "folder", dir.to_str().unwrap(), "--check"])
        .run()
        .status(0);
    let json = parse_json(&out.stdout);
    let rules = json["rules"].as_array().unwrap();
    let labels: Vec<String> = rules.iter().map(label).collect();
    assert_eq!(labels, ["101", "201", "202"]);
    assert_eq!(rules[0]["mutability"], "immutable");
    assert_eq!(rules[0]["title"], "Obey the Rules");
}

#[test]
fn two_equally_plausible_readings_are_refused_with_both_shown() {
    let text = "## 1 - A\n\nx\n\n## 2 - B\n\ny\n\n### Rule 7.\n\nz\n\n### Rule 8.\n\nw\n";
    let out = Test::new()
        .file("two.md", text)
        .args(["parse", "two.md"])
        .run()
        .status(2);
    assert_eq!(out.stdout, "");
    for shown in [
        "unsure which lines start rules",
        "reading 1: `### Rule {id}.`",
        "### Rule 7.",
        "rule = \"### Rule {id}.\"",
        "reading 2: `## {id} - {title}`",
        "## 1 - A",
        "rule = \"## {id} - {title}\"",
    ] {
        assert!(out.stderr.contains(shown), "{shown}: {}", out.stderr);
    }
    // Either dialect line, kept beside the file, reads it that way.
    Test::new()
        .file("two.md", text)
        .file("nomic.toml", "rule = \"### Rule {id}.\"\n")
        .args(["parse", "two.md"])
        .run()
        .status(0)
        .stdout_contains("\"id\": \"8\"");
}

#[test]
fn a_reading_says_how_sure_it_is() {
    let name = "fcc-git-nomic-RULES.md";
    Test::new()
        .file(name, fixture(name))
        .args(["parse", name])
        .run()
        .status(0)
        .stderr_contains("% sure)");
    Test::new()
        .file(name, fixture(name))
        .args(["dialect", "infer", name])
        .run()
        .status(0)
        .stdout_contains("% sure).");
}

/// `nomic dialect infer` on a shape fixture, which it reads.
fn infer_shape(name: &str) -> crate::test::Output {
    Test::new()
        .file(name, fixture(&format!("shapes/{name}")))
        .args(["dialect", "infer", name])
        .run()
        .status(0)
}

#[test]
fn dialect_infer_says_what_it_found_with_the_optional_parts() {
    infer_shape("note-number.md")
        .stdout_contains(
            "# Found:\n#   rule starts: `### {id}.{? ({note})}` (a level 3 heading) — \
             2 of 3 rules carry a note\n#   identifiers: integer\n",
        )
        .stdout_contains("\nrule = \"### {id}.{? ({note})}\"\n");
    infer_shape("lost-marker.md")
        .stdout_contains(
            "#   rule starts: `### Rule {id}: {title}` (a level 3 heading) — every rule carries a title\n",
        )
        .stdout_contains("#   1 rule heading lacks the heading marker: `Rule 4E2: Turns`\n")
        .stdout_contains("\nunmarked_headings = true\n");
}

#[test]
fn dialect_infer_says_the_identifiers_come_from_the_table_of_contents() {
    infer_shape("contents-numbered.md")
        .stdout_contains("a level 2 heading, 4 rules (1 to 2; 100% sure)")
        .stdout_contains(
            "#   identifiers: the numbers the table of contents gives its entries, 1 to 2\n\
             #   every heading the table of contents links to is a rule, in its order, \
             one level deeper per level of nesting\n\
             #   the anchor tag's name in each heading is kept as the rule's note\n",
        )
        .stdout_contains("\nrule = \"## <a name='{note}'/> {title}\"\n")
        .stdout_contains("\nidentifiers = \"contents\"\n");
    infer_shape("contents-slugs.md").stdout_contains(
        "#   identifiers: the targets of the table of contents' links \
             (it gives no numbers), meta-rules to voting-1\n",
    );
}

#[test]
fn a_rule_of_one_short_sentence_is_no_rule_without_text() {
    // Each rule is one line without a period: its words are its text, so
    // `check` finds no rule without text (N502).
    let out = Test::new()
        .file("h.md", fixture("shapes/one-sentence-bold.md"))
        .args(["check", "h.md"])
        .run()
        .status(0)
        .stdout_contains("1 file checked: 0 errors");
    assert!(!out.stdout.contains("N502"), "{}", out.stdout);
}

#[test]
fn a_file_mixing_decorations_reads_back_in_the_dialect_inferred_for_it() {
    let name = "mixed-decorations.md";
    let dialect = infer_shape(name)
        .stdout_contains("#   other rule starts, continuing the same identifiers: ")
        .stdout_contains("`**{id}**. {text}` (1 of 5 rules)")
        .stdout_contains("\nalternatives = [")
        .stdout;
    let inferred = Test::new()
        .file(name, fixture(&format!("shapes/{name}")))
        .args(["parse", name])
        .run()
        .status(0)
        .stderr_contains(" or `**{id}**. {text}` (5 rules, 101 to 202");
    let given = Test::new()
        .file(name, fixture(&format!("shapes/{name}")))
        .file("nomic.toml", &dialect)
        .args(["parse", name])
        .run()
        .status(0)
        .stderr_empty();
    assert_eq!(given.stdout, inferred.stdout);
}

#[test]
fn sub_rules_follow_their_top_rule_in_the_order_check() {
    let tree = "# R\n\n## 1. A\n\nText a.\n\n## 1.1. B\n\nText b.\n\n## 2. C\n\nText c.\n\n\
                ## 2.1. D\n\nText d.\n\n## 2.1.1. E\n\nText e.\n";
    let listed = Test::new()
        .file("tree.md", tree)
        .args(["check", "tree.md"])
        .run();
    assert!(!listed.stdout.contains("N102"), "{}", listed.stdout);
    // A sub-rule listed under another top rule is out of order.
    let moved = tree.replace("## 1.1. B\n\nText b.\n\n", "") + "\n## 1.1. B\n\nText b.\n";
    Test::new()
        .file("tree.md", moved)
        .args(["check", "tree.md"])
        .run()
        .stdout_contains("warning[N102]: rule 1.1 comes after rule 2.1.1");
}
