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

#[test]
fn in_every_bundled_file_an_edit_stays_inside_its_rule() {
    for name in BUNDLED {
        let parsed = parsed(name);
        let count = parsed.ruleset.rules.len();
        for index in [0, count / 2, count - 1] {
            let mut ruleset = parsed.ruleset.clone();
            let rule = &mut ruleset.rules[index];
            let layout = rule.layout.clone().unwrap();
            rule.text = "Changed text.".into();
            let at = format!("{name}, rule {}", rule.number);
            let out = render(&ruleset, parsed.format, &RenderOptions::default()).unwrap();
            let before = &parsed.text[..layout.offset];
            let after = &parsed.text[layout.offset + layout.source.len()..];
            assert!(out.starts_with(before), "{at}: text before it changed");
            assert!(out.ends_with(after), "{at}: text after it changed");
            let region = &out[before.len()..out.len() - after.len()];
            assert!(region.contains("Changed text."), "{at}: {region}");
        }
    }
}

#[test]
fn crlf_files_stay_crlf_and_changed_rules_follow_them() {
    let text = String::from_utf8(bytes("nomic-4-long.md"))
        .unwrap()
        .replace('\n', "\r\n");
    let parsed =
        nomic::parse::read(text.as_bytes(), &nomic::parse::ReadOptions::default()).unwrap();
    let out = render(&parsed.ruleset, parsed.format, &RenderOptions::default()).unwrap();
    assert_eq!(out, text);
    let mut ruleset = parsed.ruleset.clone();
    ruleset.rule_mut(208).unwrap().text = "Each player has two votes.\n\nReally.".into();
    let out = render(&ruleset, parsed.format, &RenderOptions::default()).unwrap();
    assert!(out.contains("## 208/0\r\n\r\nEach player has two votes.\r\n\r\nReally.\r\n\r\n"));
    assert_eq!(
        out.matches('\n').count(),
        out.matches("\r\n").count(),
        "no bare LF"
    );
}

/// Every quirk offset a parse recorded, in file bytes.
fn quirk_offsets(parsed: &nomic::parse::Parsed) -> Vec<usize> {
    let layout = parsed.ruleset.layout.as_ref().unwrap();
    let document = layout.quirks.iter().map(|quirk| quirk.offset);
    let rules = parsed
        .ruleset
        .rules
        .iter()
        .flat_map(|rule| rule.layout.as_ref().unwrap().quirks.iter())
        .map(|quirk| quirk.offset);
    document.chain(rules).collect()
}

#[test]
fn canonical_output_differs_from_the_file_only_where_quirks_were_recorded() {
    let options = RenderOptions {
        canonical: true,
        ..RenderOptions::default()
    };
    // The Markdown files: canonical text forms also re-wrap hand-wrapped
    // paragraphs and drop emphasis markers, which are not quirks.
    for name in ["nomic-4-long.md", "nomic-3.md"] {
        let parsed = parsed(name);
        let canonical = render(&parsed.ruleset, parsed.format, &options).unwrap();
        let quirks = quirk_offsets(&parsed);
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(parsed.text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let diff = similar::TextDiff::from_lines(parsed.text.as_str(), canonical.as_str());
        let mut changes = 0;
        for op in diff.ops() {
            if matches!(op, similar::DiffOp::Equal { .. }) {
                continue;
            }
            let lines = op.old_range();
            changes += 1;
            // The changed lines, widened by one line each way: a missing
            // blank line is recorded where the next line starts.
            let start = line_starts[lines.start.saturating_sub(1)];
            let end = line_starts
                .get(lines.end + 1)
                .copied()
                .unwrap_or(parsed.text.len());
            assert!(
                quirks.iter().any(|&q| (start..=end).contains(&q)),
                "{name}: lines {lines:?} change without a recorded quirk"
            );
        }
        assert!(changes > 0, "{name} carries quirks");
    }
}
