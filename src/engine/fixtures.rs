//! Test fixtures: the bundled rulesets as models.
//!
//! The `parse` module reads these files for real; the engine's unit tests
//! use this small splitter so that they test the engine, not the parsers.

use crate::model::{Mutability, Rule, Ruleset};

fn bundled(name: &str) -> String {
    let path = format!("{}/rulesets/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("bundled ruleset")
}

/// A heading's number, revision and mutability: `## 203/1`, `Rule 203/1`,
/// `Rule 101 (Immutable)`.
fn heading(line: &str) -> Option<(u32, Option<u32>, Mutability)> {
    let rest = line
        .strip_prefix("## ")
        .or_else(|| line.strip_prefix("Rule "))?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if digits.len() != 3 {
        return None;
    }
    let number = digits.parse().ok()?;
    let rest = &rest[3..];
    let revision = rest.strip_prefix('/').map(|r| {
        r.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap()
    });
    let mutability = if rest.to_lowercase().contains("(immutable)") {
        Mutability::Immutable
    } else {
        Mutability::Mutable
    };
    Some((number, revision, mutability))
}

/// One of the bundled rulesets, split into rules (text only, history dropped).
pub fn ruleset(name: &str) -> Ruleset {
    let source = bundled(name);
    let mut rules: Vec<Rule> = Vec::new();
    let mut body: Option<Vec<String>> = None;
    let finish = |rules: &mut Vec<Rule>, body: &mut Option<Vec<String>>| {
        if let (Some(lines), Some(rule)) = (body.take(), rules.last_mut()) {
            let text: Vec<_> = lines.iter().map(|l| l.trim()).collect();
            rule.text = text.join("\n").trim().to_string();
        }
    };
    for line in source.lines() {
        if let Some((number, revision, mutability)) = heading(line) {
            finish(&mut rules, &mut body);
            let mut rule = Rule::new(number, "");
            rule.revision = revision;
            rule.mutability = mutability;
            rules.push(rule);
            body = Some(Vec::new());
        } else if line.contains("*History*") || line.starts_with("History:") {
            finish(&mut rules, &mut body);
        } else if let Some(lines) = body.as_mut() {
            lines.push(line.to_string());
        }
    }
    finish(&mut rules, &mut body);
    Ruleset::new(name, rules)
}
