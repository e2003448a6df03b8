//! Tests of `template`.

use super::*;

const ALL: [IdShape; 5] = IdShape::ALL;

#[test]
fn one_template_reads_and_writes() {
    let cases = [
        (
            "## {id} - {title}",
            "## UC1 - Rule Proposal via Pull Request Only",
        ),
        (
            "**{id}** *{title}*",
            "**101** *Everyone needs a code they can live by*",
        ),
        ("# Rule {id}: {title}", "# Rule 1: Becoming a member"),
        ("### Rule {id}.", "### Rule -216."),
        ("- **Rule {id}: {title}**", "- **Rule 7: Voting**"),
        ("#### {id}: {title}", "#### 101: Obey"),
    ];
    for (template, line) in cases {
        let template = Template::parse(template).unwrap();
        let fields = template.matches(line, &ALL).unwrap();
        assert_eq!(template.write(&fields), line);
    }
}

#[test]
fn fields_are_read() {
    let template = Template::parse("**{id}** *{title}*").unwrap();
    let fields = template
        .matches("**102** *Laying Down the Law* ", &ALL)
        .unwrap();
    assert_eq!(fields.id, "102");
    assert_eq!(fields.title.as_deref(), Some("Laying Down the Law"));
    let template = Template::parse("## {id}/{revision} ({mutability})").unwrap();
    let fields = template.matches("## 203/1 (Immutable)", &ALL).unwrap();
    assert_eq!(
        (fields.revision, fields.mutability.as_deref()),
        (Some(1), Some("Immutable"))
    );
    let template = Template::parse("## {id} - {title}").unwrap();
    assert!(template.matches("## Immutable Rules", &ALL).is_none());
    assert!(template
        .matches("## UC1 - T", &[IdShape::Integer])
        .is_none());
}

#[test]
fn optional_parts_vary_from_rule_to_rule() {
    let template = Template::parse("### {id}{? ({note})}").unwrap();
    let plain = template.matches("### 203", &ALL).unwrap();
    assert_eq!((plain.id.as_str(), plain.note.as_deref()), ("203", None));
    let noted = template.matches("### 303 (formerly 201)", &ALL).unwrap();
    assert_eq!(noted.note.as_deref(), Some("formerly 201"));
    assert_eq!(template.write(&noted), "### 303 (formerly 201)");
    assert_eq!(template.write(&plain), "### 203");
    let template = Template::parse("# Rule {id}{? ({mutability})}").unwrap();
    let marked = template.matches("# Rule 1 (Immutable)", &ALL).unwrap();
    assert_eq!(marked.mutability.as_deref(), Some("Immutable"));
    assert!(template
        .matches("# Rule 7", &ALL)
        .unwrap()
        .mutability
        .is_none());
}

#[test]
fn text_on_the_first_line_is_text_not_title() {
    let template = Template::parse("**{id}.**{? **{title}**}{? {text}}").unwrap();
    let line = "**101.** All players must always abide by all the rules.";
    let fields = template.matches(line, &ALL).unwrap();
    assert_eq!((fields.id.as_str(), fields.title.as_deref()), ("101", None));
    assert_eq!(fields.text, Some(TextStart::At(9)));
    let line = "**327.** **VILLAGES:** This rule governs **initial** villages.";
    let fields = template.matches(line, &ALL).unwrap();
    assert_eq!(fields.title.as_deref(), Some("VILLAGES:"));
    assert_eq!(&line[23..], "This rule governs **initial** villages.");
    assert_eq!(fields.text, Some(TextStart::At(23)));
    let written = Fields {
        text: Some(TextStart::Line("All players.".to_string())),
        ..fields
    };
    assert_eq!(
        template.write(&written),
        "**327.** **VILLAGES:** All players."
    );
}

#[test]
fn a_second_id_reads_the_same_identifier() {
    let template = Template::parse("[#{id}](rules/rule{id}.md): [{note}]").unwrap();
    let line = "[#101](rules/rule101.md): [meta init]";
    let fields = template.matches(line, &ALL).unwrap();
    assert_eq!(
        (fields.id.as_str(), fields.note.as_deref()),
        ("101", Some("meta init"))
    );
    assert_eq!(template.write(&fields), line);
    assert!(template
        .matches("[#101](rules/rule102.md): [meta]", &ALL)
        .is_none());
}

#[test]
fn a_tree_drawing_is_as_deep_as_the_node() {
    let template = Template::parse("{tree}--> {id} {title}").unwrap();
    let fields = template
        .matches("|  |  `--> 2.2.1 Placement", &ALL)
        .unwrap();
    assert_eq!(
        (fields.id.as_str(), fields.title.as_deref()),
        ("2.2.1", Some("Placement"))
    );
    assert_eq!(fields.tree.as_deref(), Some("|  |  `"));
    // The drawing as read is written back; without one, a `|` per level.
    assert_eq!(template.write(&fields), "|  |  `--> 2.2.1 Placement");
    let drawn = Fields {
        tree: None,
        ..fields
    };
    assert_eq!(template.write(&drawn), "|  |  |--> 2.2.1 Placement");
    assert!(template.matches("--> 2 Players", &ALL).is_none());
}

#[test]
fn bad_templates_are_refused() {
    assert!(matches!(
        Template::parse("## {title}"),
        Err(TemplateError::NoId(_))
    ));
    assert!(matches!(
        Template::parse("## {id}{title}"),
        Err(TemplateError::Adjacent(_))
    ));
    assert!(matches!(
        Template::parse("## {ident}"),
        Err(TemplateError::Unknown { .. })
    ));
    assert!(matches!(
        Template::parse("{text} {id}"),
        Err(TemplateError::TextNotLast(_))
    ));
    assert!(matches!(
        Template::parse("## {id}{? ({note})"),
        Err(TemplateError::OpenOptional(_))
    ));
    assert!(matches!(
        Template::parse("##{? {id}}"),
        Err(TemplateError::NoId(_))
    ));
}

#[test]
fn a_contents_template_is_a_heading_without_an_identifier() {
    let contents = |rule: &str| Dialect {
        identifiers: Identifiers::Contents,
        ..Dialect::new(rule)
    };
    let template = Template::of(&contents("## <a name='{note}'/> {title}")).unwrap();
    let fields = template
        .matches_at_any_level("#### <a name='errors'/> Errors", &ALL)
        .unwrap();
    assert_eq!(fields.title.as_deref(), Some("Errors"));
    assert_eq!(fields.note.as_deref(), Some("errors"));
    let plain = Template::of(&contents("## {title}")).unwrap();
    let fields = plain.matches_at_any_level("### #general", &ALL).unwrap();
    assert_eq!(fields.title.as_deref(), Some("#general"));
    for refused in ["## {id} {title}", "**{title}**", "## {title}: {text}"] {
        assert_eq!(
            Template::of(&contents(refused)),
            Err(TemplateError::ContentsHeading(refused.to_string())),
            "{refused}"
        );
    }
    // Identifiers written on the line: `{id}` is needed as ever.
    assert!(matches!(
        Template::of(&Dialect::new("## {title}")),
        Err(TemplateError::NoId(_))
    ));
}
