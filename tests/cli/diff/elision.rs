//! What the human diff leaves out of an amended rule, and a change it has
//! no words to mark, on rule 312 of the bundled Nomic III ruleset: a list
//! of `+ ` items with a picture (`![312 picture 1](tmpgrid.png)`) between
//! them.

use crate::{bundled, Test};

const PICTURE: &str = "![312 picture 1](tmpgrid.png)";

/// Nomic III with rule 312's first picture line replaced by `line`.
fn with_picture(line: &str) -> String {
    let text = std::fs::read_to_string(bundled("nomic-3.md")).unwrap();
    assert_eq!(text.matches(PICTURE).count(), 1);
    text.replacen(PICTURE, line, 1)
}

/// The human diff of Nomic III and its copy with `new` for the picture,
/// which exits `status` (1: the meaning changed).
fn human(new: &str, status: i32) -> String {
    Test::new()
        .bundled_file("nomic-3.md", "old.md")
        .file("new.md", with_picture(new))
        .args(["diff", "old.md", "new.md"])
        .run()
        .status(status)
        .stderr_empty()
        .stdout
}

#[test]
fn elided_text_keeps_list_items_on_their_own_lines() {
    let out = human("![312 picture1](tmpgrid.png)", 1);
    // The items before and after the changed line stay items of their own:
    // the `…` ends a line rather than joining them.
    assert_eq!(
        out,
        "Rule 312: amended\n    …\n    + The map to be used is displayed below:\n    \
         ![312 [-picture 1-]{+picture1+}](tmpgrid.png)\n    \
         + In all rules pertaining to this map, all …\n"
    );
}

#[test]
fn a_space_moved_inside_a_link_is_named_not_counted_as_no_words() {
    // Whitespace alone changed, so the rule says the same (exit 0).
    let out = human("![312 picture 1 ](tmpgrid.png)", 0);
    assert_eq!(out, "Rule 312: spaces next to punctuation only\n");
    let stat = Test::new()
        .bundled_file("nomic-3.md", "old.md")
        .file("new.md", with_picture("![312 picture 1 ](tmpgrid.png)"))
        .args(["diff", "old.md", "new.md", "--stat"])
        .run()
        .status(0)
        .stdout;
    assert!(!stat.contains("+0 -0 words"), "{stat}");
    assert!(
        stat.contains("312 | spaces next to punctuation only"),
        "{stat}"
    );
}

#[test]
fn a_paragraph_left_out_does_not_join_the_paragraphs_around_it() {
    let old =
        "# Rules\n\n## Rule 101\n\nOne two three four five six seven eight nine ten eleven.\n\n\
               Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu.\n\n\
               Red orange yellow green blue indigo violet black white grey pink brown.\n\n\
               ## Rule 102\n\nAll players.\n";
    let new = old.replace("eleven.", "twelve.");
    let out = Test::new()
        .file("old.md", old)
        .file("new.md", new)
        .args(["diff", "old.md", "new.md"])
        .run()
        .status(1)
        .stdout;
    assert_eq!(
        out,
        "Rule 101: amended\n    One two three four five six seven eight nine ten \
         [-eleven-]{+twelve+}.\n\n    Alpha beta gamma delta epsilon zeta eta theta iota …\n"
    );
}
