use super::*;
use crate::model::{DocumentLayout, Format, LineEnding};

fn numbers(ruleset: &Ruleset) -> Vec<u32> {
    ruleset.rules.iter().map(|r| r.number).collect()
}

fn of(numbers: &[u32]) -> Ruleset {
    Ruleset::new(
        "t",
        numbers.iter().map(|&n| Rule::new(n, "Text.")).collect(),
    )
}

/// A rule as a dialect reader keeps it, `trailer` ending its source.
fn kept(number: u32, trailer: &str) -> Rule {
    let mut rule = Rule::new(number, "Text.");
    rule.layout = Some(RuleLayout {
        source: format!("### {number}\nText.\n\n{trailer}"),
        fingerprint: rule.fingerprint(),
        trailer: trailer.to_string(),
        ..RuleLayout::written_anew()
    });
    rule
}

#[test]
fn a_new_rule_goes_after_the_last_rule_numbered_below_it() {
    let mut sorted = of(&[101, 102, 201, 202]);
    insert(&mut sorted, Rule::new(103, "New."));
    insert(&mut sorted, Rule::new(100, "New."));
    insert(&mut sorted, Rule::new(300, "New."));
    assert_eq!(numbers(&sorted), [100, 101, 102, 103, 201, 202, 300]);
    // Rules left where they stood when renumbered (303, 315) draw no new
    // rule in among the 200s.
    let mut own = of(&[101, 303, 203, 204, 315, 301, 313, 317]);
    insert(&mut own, Rule::new(316, "New."));
    insert(&mut own, Rule::new(205, "New."));
    insert(&mut own, Rule::new(318, "New."));
    assert_eq!(
        numbers(&own),
        [101, 303, 203, 204, 205, 315, 301, 313, 316, 317, 318]
    );
}

#[test]
fn a_new_rule_ends_the_group_of_the_rule_before_it() {
    let heading = "## Mutable Rules\n\n";
    let mut ruleset = Ruleset::new("t", vec![kept(118, heading), kept(201, "")]);
    insert(&mut ruleset, Rule::new(119, "New."));
    assert_eq!(numbers(&ruleset), [118, 119, 201]);
    let before = ruleset.rules[0].layout.as_ref().unwrap();
    assert_eq!(before.source, "### 118\nText.\n\n");
    assert_eq!(before.trailer, "");
    assert_eq!(
        ruleset.rules[0].unchanged_source(),
        Some("### 118\nText.\n\n")
    );
    let new = &ruleset.rules[1];
    assert_eq!(new.unchanged_source(), None, "the new rule is written anew");
    assert_eq!(new.layout.as_ref().unwrap().trailer, heading);
}

#[test]
fn a_rule_that_goes_leaves_its_group_headings_behind() {
    let heading = "## Mutable Rules\n\n";
    let mut ruleset = Ruleset::new("t", vec![kept(117, ""), kept(118, heading), kept(201, "")]);
    let gone = remove(&mut ruleset, 118).unwrap();
    assert_eq!(gone.number, 118);
    assert_eq!(numbers(&ruleset), [117, 201]);
    let before = ruleset.rules[0].layout.as_ref().unwrap();
    assert_eq!(before.source, format!("### 117\nText.\n\n{heading}"));
    assert_eq!(before.trailer, heading);
    assert!(ruleset.rules[0].unchanged_source().is_some());
    assert!(remove(&mut ruleset, 999).is_none());

    // The first rule's headings go to the header.
    let mut first = Ruleset::new("t", vec![kept(118, heading), kept(201, "")]);
    first.layout = Some(DocumentLayout {
        format: Format::Dialect,
        line_ending: LineEnding::Lf,
        title: "t".into(),
        header: "# t\n\n".into(),
        footer: String::new(),
        rules_end: None,
        quirks: Vec::new(),
        dialect: None,
    });
    remove(&mut first, 118);
    assert_eq!(first.layout.unwrap().header, format!("# t\n\n{heading}"));
}

#[test]
fn rules_given_new_numbers_go_back_in_number_order_together() {
    // 101 and 103 swapped numbers: both stand out of place until both move.
    let mut ruleset = of(&[103, 102, 101, 104]);
    assert!(!in_number_order(&ruleset));
    replace_by_number(&mut ruleset, [101, 103]);
    assert_eq!(numbers(&ruleset), [101, 102, 103, 104]);
    assert!(in_number_order(&ruleset));
}
