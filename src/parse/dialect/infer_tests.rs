//! Tests of `infer`.

use super::*;

#[test]
fn line_shapes_become_templates() {
    let cases = [
        ("## UC1 - Rule Proposal", "## {id} - {title}"),
        ("**101** *Everyone needs a code*", "**{id}** *{title}*"),
        ("**102** *Laying Down the Law* ", "**{id}** *{title}*"),
        ("# Rule 1: Becoming a member ", "# Rule {id}: {title}"),
        ("#### 101: Title", "#### {id}: {title}"),
        ("101: **Title**", "{id}: **{title}**"),
        ("### Rule -216.", "### Rule {id}."),
        ("### Rule xiv.", "### Rule {id}."),
        ("# 3. Title", "# {id}. {title}"),
        ("- **Rule 4: Title**", "- **Rule {id}: {title}**"),
        ("* **Rule 5** *(Strength=2)*", "* **Rule {id}** *({title})*"),
    ];
    for (line, template) in cases {
        assert_eq!(line_template(line).as_deref(), Some(template), "{line}");
    }
    assert_eq!(line_template("All players must"), None);
    assert_eq!(line_template("I think so"), None);
    assert_eq!(line_template("2020 was a year"), None);
}

#[test]
fn nothing_to_infer_is_an_error() {
    assert_eq!(
        infer("Just words.\n\nMore words.\n"),
        Err(InferError::NoStructure)
    );
}

#[test]
fn two_equal_shapes_are_unsure() {
    let text = "## 1 - A\n\nx\n\n## 2 - B\n\ny\n\n### Rule 7.\n\nz\n\n### Rule 8.\n\nw\n";
    let Err(InferError::Unsure { first, second }) = infer(text) else {
        panic!("expected unsure");
    };
    let rules = [first.dialect.rule.as_str(), second.dialect.rule.as_str()];
    assert!(rules.contains(&"## {id} - {title}") && rules.contains(&"### Rule {id}."));
}
