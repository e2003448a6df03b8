//! Every citation in the five bundled rulesets, written out by reading the
//! texts (`grep -n -i -E 'rules?|supersed|superceed'` over each file, then
//! each hit read in its rule). A change in what extraction finds on real
//! rulesets fails here.

use super::{extract, graph, CitedNumber};
use crate::model::Ruleset;
use crate::parse::{read, ReadOptions};

fn bundled(name: &str) -> Ruleset {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets")
        .join(name);
    let bytes = std::fs::read(path).expect("bundled ruleset");
    read(&bytes, &ReadOptions::default())
        .unwrap_or_else(|err| panic!("{name}: {}", err.message))
        .ruleset
}

/// One line per citation: `rule: kind "phrase" numbers`.
fn citations(ruleset: &Ruleset) -> Vec<String> {
    let mut lines = Vec::new();
    for rule in &ruleset.rules {
        for reference in extract(&rule.text) {
            let numbers: Vec<String> = reference
                .numbers
                .iter()
                .map(CitedNumber::to_string)
                .collect();
            lines.push(format!(
                "{}: {:?} {:?} {}",
                rule.number,
                reference.kind,
                &rule.text[reference.span.clone()],
                numbers.join(" ")
            ));
        }
    }
    lines
}

#[test]
fn nomic_1_final() {
    let ruleset = bundled("nomic-1-final.txt");
    assert_eq!(
        citations(&ruleset),
        [
            r#"101: Rule "Rules 101-116 (immutable) and 201-213" 101-116 201-213"#,
            r#"303: Rule "Rule 206 and Rule 304" 206 304"#,
            r#"314: Rule "Rule 116" 116"#,
            r#"314: Rule "Rule 116" 116"#,
            r#"314: Rule "Rule 307" 307"#,
            r#"314: Rule "Rules: 116, 307" 116 307"#,
            r#"314: Rule "Rule 211" 211"#,
            r#"333: Superseding "superseding Rule 316" 316"#,
        ]
    );
    // Rule 206 was repealed: the one broken citation of this ruleset.
    let graph = graph(&ruleset);
    let dangling: Vec<(u32, u32)> = graph.dangling.iter().map(|d| (d.rule, d.number)).collect();
    assert_eq!(dangling, vec![(303, 206)]);
    assert!(graph.cites[&303].contains(&304));
    assert!(graph.cited_by[&304].contains(&303));
}

#[test]
fn nomic_3() {
    assert_eq!(
        citations(&bundled("nomic-3.md")),
        [
            r#"101: Rule "Rules 101-115 (immutable) and 201-216" 101-115 201-216"#,
            r#"301: Rule "rule 113" 113"#,
            r#"303: Part "first paragraph of rule 301" 301"#,
            r#"314: Rule "rule 312" 312"#,
            r#"326: Rule "rule 210" 210"#,
            r#"327: Rule "Rule 312" 312"#,
        ]
    );
}

#[test]
fn nomic_4_long_early() {
    assert_eq!(
        citations(&bundled("nomic-4-long-early.txt")),
        [r#"101: Rule "Rules 101-117 (immutable) and 201-219" 101-117 201-219"#]
    );
}

#[test]
fn nomic_4_long() {
    assert_eq!(
        citations(&bundled("nomic-4-long.md")),
        [
            r#"101: Rule "Rules 101-117 (immutable) and 201-219" 101-117 201-219"#,
            r#"323: Superseding "superseding 201" 201"#,
            r#"323: Superseding "superseding 201, 212, 213, and 217" 201 212 213 217"#,
            r#"323: Superseding "superseding 215" 215"#,
            r#"323: Superseding "superseding 218" 218"#,
            r#"323: Superseding "superseding 305" 305"#,
            r#"323: Superseding "superseding 314" 314"#,
            r#"325: Superseding "superseding Rule 215" 215"#,
            r#"325: Superseding "superseding Rule 215" 215"#,
            r#"326: Superseding "superseding 203" 203"#,
        ]
    );
}

#[test]
fn nomic_5_initial() {
    assert_eq!(
        citations(&bundled("nomic-5-initial.txt")),
        [r#"101: Rule "Rules 101-116 (immutable) and 201-216" 101-116 201-216"#]
    );
}

#[test]
fn renumbering_304_to_340_in_nomic_1_final_rewrites_rule_303_only() {
    let ruleset = bundled("nomic-1-final.txt");
    let mapping = std::collections::BTreeMap::from([(304, 340)]);
    for rule in &ruleset.rules {
        let renumbered = super::renumber(&rule.text, &mapping);
        if rule.number == 303 {
            assert_eq!(
                renumbered.text,
                rule.text
                    .replace("both Rule 206 and Rule 304", "both Rule 206 and Rule 340")
            );
            assert_eq!(renumbered.rewritten.len(), 1);
            let back = super::renumber(&renumbered.text, &[(340, 304)].into());
            assert_eq!(back.text, rule.text);
        } else {
            assert_eq!(renumbered.text, rule.text, "rule {}", rule.number);
        }
    }
}

#[test]
fn renumbering_every_citation_there_and_back_is_the_identity_on_every_rule_text() {
    for name in crate::parse::tests::BUNDLED {
        for rule in bundled(name).rules {
            let references = extract(&rule.text);
            let cited: std::collections::BTreeSet<u32> = references
                .iter()
                .flat_map(|reference| &reference.numbers)
                .flat_map(super::CitedNumber::numbers)
                .collect();
            for from in cited.iter().copied().chain([304]) {
                let to = (from + 36..).find(|n| !cited.contains(n)).unwrap();
                let there = super::renumber(&rule.text, &[(from, to)].into());
                let back = super::renumber(&there.text, &[(to, from)].into());
                assert_eq!(
                    back.text, rule.text,
                    "{name} rule {} {from}->{to}",
                    rule.number
                );
                assert_eq!(extract(&there.text).len(), references.len());
            }
        }
    }
}

#[test]
fn the_windows_find_what_a_scan_of_every_position_finds_in_every_bundled_file() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets");
    for name in crate::parse::tests::BUNDLED {
        let bytes = std::fs::read(dir.join(name)).expect("bundled ruleset");
        let whole = String::from_utf8_lossy(&bytes);
        assert_eq!(
            extract(&whole),
            super::grammar::extract_everywhere(&whole),
            "{name}"
        );
        for rule in bundled(name).rules {
            assert_eq!(
                extract(&rule.text),
                super::grammar::extract_everywhere(&rule.text),
                "{name} rule {}",
                rule.number
            );
        }
    }
    let synthetic = crate::model::synthetic_ruleset(2_000, 7);
    for rule in synthetic.rules {
        assert_eq!(
            extract(&rule.text),
            super::grammar::extract_everywhere(&rule.text)
        );
    }
}
