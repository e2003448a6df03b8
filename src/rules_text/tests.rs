//! The one reading of each shared sentence, checked from both sides.

use crate::amend::Numbering;
use crate::engine::recognise;
use crate::model::{Rule, Ruleset};

/// Nomic I rule 108 as some rulesets mark it up: emphasis inside the
/// sentence and a line break in the middle.
const RULE_108_EMPHASISED: &str = "If a rule is repealed and reenacted, it receives the number \
    of the proposal to reenact it. If a rule is *amended* or\n      transmuted, it receives the \
    number of the proposal to amend or transmute it.";

#[test]
fn apply_and_simulate_read_rule_108_with_emphasis_the_same_way() {
    let ruleset = Ruleset::new("t", vec![Rule::new(108, RULE_108_EMPHASISED)]);
    let amend_reads = Numbering::of(&ruleset);
    let engine_reads = recognise(&ruleset).params.renumber_on_amend.value;
    assert_eq!(amend_reads, Numbering::Renumber);
    assert!(engine_reads);
    assert_eq!(amend_reads == Numbering::Renumber, engine_reads);
}

#[test]
fn neither_reads_renumbering_where_the_rule_does_not_say_it() {
    let ruleset = Ruleset::new(
        "t",
        vec![Rule::new(
            107,
            "The rule it enacts receives said rule-change's number.",
        )],
    );
    assert_eq!(Numbering::declared_by(&ruleset), None);
    assert!(!recognise(&ruleset).params.renumber_on_amend.value);
}

#[test]
fn the_temporary_rule_floor_is_read_from_nomic_iv_rule_308() {
    let sentence = "By default rules created from *temporary rules* may not superceed other \
        rules, and are numbered 600's and above.  \nThis rule superceed all previous rules.";
    let ruleset = Ruleset::new("t", vec![Rule::new(308, sentence)]);
    assert_eq!(crate::rules_text::temporary_rule_floor(&ruleset), Some(600));
    let other = Ruleset::new(
        "t",
        vec![Rule::new(
            309,
            "Rules created from temporary rules are repealed. Proposals are numbered 301 and above.",
        )],
    );
    assert_eq!(crate::rules_text::temporary_rule_floor(&other), None);
}
