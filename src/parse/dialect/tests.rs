use super::*;
use crate::model::{Format, Mutability, Ruleset};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/dialects/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

fn inferred(name: &str) -> (Ruleset, Candidate) {
    let text = fixture(name);
    let candidate = infer(&text).unwrap();
    let parsed = crate::parse::read(text.as_bytes(), &Default::default()).unwrap();
    assert_eq!(parsed.format, Format::Dialect, "{name}");
    let rendered = crate::render::render(&parsed.ruleset, Format::Dialect, &Default::default()).unwrap();
    assert_eq!(rendered, text, "{name} renders back byte for byte");
    (parsed.ruleset, candidate)
}

fn ids(ruleset: &Ruleset) -> (usize, String, String) {
    let first = ruleset.rules.first().unwrap().label();
    let last = ruleset.rules.last().unwrap().label();
    (ruleset.rules.len(), first, last)
}

#[test]
fn pimotte_reads_62_bold_lead_rules_101_to_350() {
    let (ruleset, candidate) = inferred("pimotte-nomic-README.md");
    assert_eq!(candidate.dialect.rule, "**{id}** *{title}*");
    assert_eq!(ids(&ruleset), (62, "101".into(), "350".into()));
    assert_eq!(ruleset.title, "Nomic: The GitHub Edition");
    let first = &ruleset.rules[0];
    assert_eq!(first.title.as_deref(), Some("Everyone needs a code they can live by"));
    assert_eq!(first.mutability, Mutability::Immutable);
    assert!(first.text.starts_with("All players must always abide"));
    assert!(first.text.ends_with("201-214 (mutable)."));
    let rule_209 = ruleset.rule(209).unwrap();
    assert_eq!(rule_209.mutability, Mutability::Mutable);
    assert!(!rule_209.text.contains("# Rule Changes"));
    // The group headings after 209 are kept with it, outside its text.
    let layout = rule_209.layout.as_ref().unwrap();
    assert!(layout.trailer.starts_with("# Rule Changes"));
    assert_eq!(ruleset.rule(103).unwrap().mutability, Mutability::Immutable);
    // The player list is not a rule.
    assert!(ruleset.rules.iter().all(|r| r.number >= 101));
    assert_eq!(candidate.dialect.not_rules, vec!["Player List".to_string()]);
}

#[test]
fn fcc_reads_13_rules_uc1_to_11() {
    let (ruleset, candidate) = inferred("fcc-git-nomic-RULES.md");
    assert_eq!(candidate.dialect.rule, "## {id} - {title}");
    assert_eq!(ids(&ruleset), (13, "UC1".into(), "11".into()));
    let uc2 = &ruleset.rules[1];
    assert_eq!(uc2.id.as_deref(), Some("UC2"));
    assert_eq!(uc2.number, crate::model::Rule::FIRST_KEY + 1);
    assert_eq!(ruleset.rules[2].number, 1);
    assert_eq!(ruleset.rules[2].title.as_deref(), Some("Rule Formatting"));
    assert!(!uc2.text.contains("# Rules"));
}

#[test]
fn infinite_reads_26_rules_1_to_26() {
    let (ruleset, candidate) = inferred("infinite-nomic-round5-rules.md");
    assert_eq!(candidate.dialect.rule, "# Rule {id}: {title}");
    assert_eq!(ids(&ruleset), (26, "1".into(), "26".into()));
    assert_eq!(ruleset.rules[0].title.as_deref(), Some("Becoming a member"));
}

#[test]
fn an_edited_rule_is_the_only_change() {
    for name in ["pimotte-nomic-README.md", "fcc-git-nomic-RULES.md", "infinite-nomic-round5-rules.md"] {
        let text = fixture(name);
        let mut parsed = crate::parse::read(text.as_bytes(), &Default::default()).unwrap();
        let index = parsed.ruleset.rules.len() / 2;
        let rule = &mut parsed.ruleset.rules[index];
        let old = rule.layout.clone().unwrap();
        rule.text.push_str("\n\nAn added sentence.");
        let rendered = crate::render::render(&parsed.ruleset, Format::Dialect, &Default::default()).unwrap();
        let before = &text[..old.offset];
        assert!(rendered.starts_with(before), "{name}");
        let end = old.offset + old.source.len();
        assert!(rendered.ends_with(&text[end..]), "{name}");
        let reread = crate::parse::read(rendered.as_bytes(), &Default::default()).unwrap();
        assert_eq!(reread.ruleset.rules.len(), parsed.ruleset.rules.len(), "{name}");
        assert!(reread.ruleset.rules[index].text.ends_with("An added sentence."), "{name}");
        assert_eq!(reread.ruleset.rules[index].label(), parsed.ruleset.rules[index].label());
    }
}

#[test]
fn an_inferred_dialect_written_out_reads_the_same() {
    for name in ["pimotte-nomic-README.md", "fcc-git-nomic-RULES.md", "infinite-nomic-round5-rules.md"] {
        let text = fixture(name);
        let candidate = infer(&text).unwrap();
        let from_toml: Dialect = toml::from_str(&to_toml(&candidate.dialect)).unwrap();
        let from_yaml: Dialect = serde_yaml::from_str(&to_yaml(&candidate.dialect)).unwrap();
        assert_eq!(from_toml, candidate.dialect);
        assert_eq!(from_yaml, candidate.dialect);
        let given = read(&text, &from_toml).unwrap();
        let found = crate::parse::read(text.as_bytes(), &Default::default()).unwrap();
        assert_eq!(given, found.ruleset, "{name}");
    }
}

#[test]
fn a_file_with_no_rules_says_what_was_tried() {
    let err = crate::parse::read(b"Some notes\n\nwith words only.\n", &Default::default()).unwrap_err();
    let help = err.inference.unwrap().to_string();
    assert!(help.contains("bold or italic lead"), "{help}");
}
