use crate::{bytes, parsed, BUNDLED};
use nomic::render::{render, RenderOptions};

#[test]
fn every_bundled_ruleset_re_renders_to_its_exact_bytes() {
    for name in BUNDLED {
        let parsed = parsed(name);
        let out = render(&parsed.ruleset, parsed.format, &RenderOptions::default()).unwrap();
        assert!(
            out.as_bytes() == bytes(name).as_slice(),
            "{name} as {} differs from the file",
            parsed.format
        );
    }
}

/// Changes rule `number`'s text and checks that the output is the file with
/// only that rule's region replaced, by the rule's canonical form.
fn edit_changes_only_that_rule(number: u32) -> String {
    let parsed = parsed("nomic-4-long.md");
    let mut ruleset = parsed.ruleset.clone();
    let rule = ruleset.rule_mut(number).unwrap();
    let layout = rule.layout.clone().unwrap();
    rule.text = "Every player gets one cookie.\n\n* chocolate\n* oatmeal".into();
    let out = render(&ruleset, parsed.format, &RenderOptions::default()).unwrap();

    let before = &parsed.text[..layout.offset];
    let after = &parsed.text[layout.offset + layout.source.len()..];
    assert!(
        out.starts_with(before),
        "rule {number}: text before it changed"
    );
    assert!(out.ends_with(after), "rule {number}: text after it changed");
    let region = &out[before.len()..out.len() - after.len()];
    assert!(
        region.starts_with(&format!(
            "## {number}/{}",
            ruleset.rule(number).unwrap().revision.unwrap()
        )),
        "{region}"
    );
    assert!(region.contains("\n\nEvery player gets one cookie.\n\n* chocolate\n* oatmeal\n\n"));
    assert_ne!(region, layout.source);
    region.to_string()
}

#[test]
fn editing_one_rule_changes_only_its_lines() {
    edit_changes_only_that_rule(207);
    // 330 has the `#### *History*` quirk: rewritten canonically.
    let region = edit_changes_only_that_rule(330);
    assert!(region.contains("\n##### *History*\n"));
    // The last rule keeps the file's single final newline.
    let region = edit_changes_only_that_rule(601);
    assert!(region.ends_with(".md)\n") && !region.ends_with("\n\n"));
    // 210 lacks the blank line before 211; rewritten, it gets one.
    assert!(edit_changes_only_that_rule(210).ends_with(".md)\n\n"));
    // 211 follows that quirk, which stays as it was.
    edit_changes_only_that_rule(211);
}

#[test]
fn canonical_ignores_the_layout() {
    let parsed = parsed("nomic-4-long.md");
    let options = RenderOptions {
        canonical: true,
        ..RenderOptions::default()
    };
    let out = render(&parsed.ruleset, parsed.format, &options).unwrap();
    assert_ne!(
        out, parsed.text,
        "the file carries quirks canonical output drops"
    );
    assert!(!out.contains("\n#### *History*"));
    assert!(out.contains("(R4T4)*](https://github.com/dmouscher/nomic/blob/403f60b4f41c9f8427b2785b618acca8cefa6ee8/Game_4/rules/md/330.md)  \n"));
    assert!(out.ends_with("601.md)\n"));
}
