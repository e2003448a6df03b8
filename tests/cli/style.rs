//! Rules written anew come out in the style of the file they go into
//! (docs/render.md, "The style of what is written anew"): a real week of
//! one moderator (`tests/fixtures/weeks/04-88e485e-931325f`), its source
//! given a new rule with a list and emphasis, or its files changed the way
//! another moderator writes.

use crate::{copy_folder, Test};
use std::fs;
use std::path::{Path, PathBuf};

fn week() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/weeks/04-88e485e-931325f")
}

/// Rule 337, a list and emphasis in it, as a proposal would enact it.
const RULE_337: &str = "
## 337/0

The *Stinky Council* consists of:

* the stinkiest player, who chairs it
* the least stinky player, who keeps its *minutes* and reads them at the start of every round to every player who asks for them

##### *History*

*Enacted by Proposal 337 (Crorem), Aug 16, 2020 (R5T6)*
";

/// The week's `before/` folder with its new `rules-l.md`, rule 337 added.
fn week_with_rule_337() -> Test {
    let test = Test::new();
    copy_folder(&week().join("before"), test.path());
    let source = fs::read_to_string(week().join("after/rules-l.md")).unwrap();
    test.file("rules-l.md", format!("{source}{RULE_337}"))
}

/// A rule's region of a text form: from its heading to the next ruler.
fn region<'t>(text: &'t str, heading: &str) -> &'t str {
    let start = text
        .find(heading)
        .unwrap_or_else(|| panic!("{heading} in {text}"));
    let rest = &text[start..];
    &rest[..rest.find("\n---").unwrap_or(rest.len())]
}

#[test]
fn a_new_rules_page_takes_the_bullets_spacing_and_emphasis_of_its_sibling_pages() {
    // The moderator's latest pages write `•` items on consecutive lines
    // (rule 325) and drop emphasis markers (rules 305, 216, 209).
    let built = week_with_rule_337()
        .args(["build", "rules-l.md", "-o", "."])
        .run()
        .status(0);
    assert_eq!(
        built.read("rules/txt/337.txt"),
        "Rule 337/0\n\nThe Stinky Council consists of:\n\n\
         • the stinkiest player, who chairs it\n\
         • the least stinky player, who keeps its minutes and reads them at the start of \
         every round to every player who asks for them"
    );
    // A fresh folder gets the canonical style.
    let fresh = Test::new()
        .file("rules-l.md", built.read("rules-l.md"))
        .args(["build", "rules-l.md", "-o", "out", "--forms", "txt-rule"])
        .run()
        .status(0);
    assert_eq!(
        fresh.read("out/rules/txt/337.txt"),
        "Rule 337/0\n\nThe *Stinky Council* consists of:\n\n\
         * the stinkiest player, who chairs it\n\n\
         * the least stinky player, who keeps its *minutes* and reads them at the start of \
         every round to every player who asks for them"
    );
}

#[test]
fn a_new_rule_in_the_long_text_form_drops_emphasis_and_wraps_as_the_file_does() {
    // The latest rules wrap at 68 columns and drop emphasis markers; the
    // only list that comes back as written (rule 207) has `*` items a blank
    // line apart.
    let built = week_with_rule_337()
        .args(["build", "rules-l.md", "-o", "."])
        .run()
        .status(0);
    let text = built.read("rules-l.txt");
    assert_eq!(
        region(&text, "Rule 337/0"),
        "Rule 337/0\n\n      The Stinky Council consists of:\n\n\
         \x20     * the stinkiest player, who chairs it\n\n\
         \x20     * the least stinky player, who keeps its minutes and reads\n\
         \x20       them at the start of every round to every player who asks\n\
         \x20       for them\n\n\
         History:\nEnacted by Proposal 337 (Crorem), Aug 16, 2020 (R5T6)\n"
    );
    // What was published stays current.
    Test::in_dir(built.dir.path())
        .args(["build", "rules-l.md", "-o", ".", "--check"])
        .run()
        .status(0);
}

#[test]
fn a_rule_the_proposals_enact_takes_the_history_heading_level_of_the_file() {
    // The same file, its moderator writing `#### *History*` throughout.
    let source = fs::read_to_string(week().join("after/rules-l.md"))
        .unwrap()
        .replace("##### *History*", "#### *History*");
    let applied = Test::new()
        .file("rules-l.md", source)
        .file(
            "337.md",
            "# Proposal 337 (Crorem), Aug 16, 2020 (R5T6)\n\n\
             Enact a new rule:\n> The Stinky Council meets every round.\n",
        )
        .args(["apply", "rules-l.md", "337.md", "--in-place"])
        .run()
        .status(0);
    let written = applied.read("rules-l.md");
    assert!(
        written.contains(
            "## 337/0\n\nThe Stinky Council meets every round.\n\n#### *History*\n\n\
             *Enacted by Proposal 337 (Crorem), Aug 16, 2020 (R5T6)*"
        ),
        "{}",
        &written[written.len().saturating_sub(600)..]
    );
    assert!(!written.contains("##### *History*"));
}

#[test]
fn a_style_pinned_in_nomic_toml_wins_over_the_inferred_one() {
    let built = week_with_rule_337()
        .file(
            "nomic.toml",
            "[style]\nwidth = 72\nemphasis = \"kept\"\n\n[style.txt-rule]\nbullet = \"-\"\n",
        )
        .args(["build", "rules-l.md", "-o", "."])
        .run()
        .status(0);
    let text = built.read("rules-l.txt");
    assert!(
        region(&text, "Rule 337/0").contains(
            "      * the least stinky player, who keeps its *minutes* and reads them\n\
             \x20       at the start of every round to every player who asks for them\n"
        ),
        "{}",
        region(&text, "Rule 337/0")
    );
    let page = built.read("rules/txt/337.txt");
    assert!(
        page.contains("\n- the stinkiest player, who chairs it\n- the least"),
        "{page}"
    );
    assert!(page.contains("*Stinky Council*"), "{page}");
    // The untouched rules keep their bytes whatever is pinned.
    assert_eq!(
        built.read("rules/txt/207.txt"),
        fs::read_to_string(week().join("after/rules/txt/207.txt")).unwrap()
    );
}

#[test]
fn a_pinned_field_that_is_no_part_of_a_style_is_refused_by_name() {
    week_with_rule_337()
        .file("nomic.toml", "[style]\nwidht = 72\n")
        .args(["build", "rules-l.md", "-o", "."])
        .run()
        .status(2)
        .stderr_contains("nomic.toml: [style]: unknown field `widht`");
}
