//! Reading the ruleset a script names.
//!
//! Until the `parse` module lands, this reads the headings of the bundled
//! formats (`## 203/1`, `Rule 203/1`, `Rule 101 (Immutable)`) and keeps each
//! rule's text; histories are not read, so scripts give `next-number`.

use crate::model::{Mutability, Rule, Ruleset};
use sha2::{Digest, Sha256};

/// The hex SHA-256 of the ruleset file's bytes, for the log header.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A heading's number, revision and mutability.
fn heading(line: &str) -> Option<(u32, Option<u32>, Mutability)> {
    let rest = line
        .strip_prefix("## ")
        .or_else(|| line.strip_prefix("Rule "))?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() || digits.len() > 6 {
        return None;
    }
    let number = digits.parse().ok()?;
    let rest = &rest[digits.len()..];
    let revision = match rest.strip_prefix('/') {
        Some(r) => Some(
            r.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .ok()?,
        ),
        None => None,
    };
    let mutability = if rest.to_lowercase().contains("(immutable)") {
        Mutability::Immutable
    } else {
        Mutability::Mutable
    };
    Some((number, revision, mutability))
}

/// Splits a ruleset's text into rules (text only).
pub fn read_ruleset(text: &str) -> Result<Ruleset, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rules: Vec<Rule> = Vec::new();
    let mut body: Option<Vec<&str>> = None;
    fn finish(rules: &mut [Rule], body: &mut Option<Vec<&str>>) {
        if let (Some(lines), Some(rule)) = (body.take(), rules.last_mut()) {
            let text: Vec<&str> = lines.iter().map(|l| l.trim()).collect();
            rule.text = text.join("\n").trim().to_string();
        }
    }
    let title = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default()
        .trim_start_matches('#')
        .trim()
        .to_string();
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
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
            lines.push(line);
        }
    }
    finish(&mut rules, &mut body);
    if rules.is_empty() {
        return Err("no rules found: expected headings such as `## 203/1`, `Rule 203/1` or `Rule 101 (Immutable)`".into());
    }
    Ok(Ruleset::new(title, rules))
}
