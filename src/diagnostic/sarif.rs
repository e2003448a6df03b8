//! SARIF 2.1.0, the format GitHub code scanning reads: one run of the tool
//! `nomic`, whose rules are the table of [`Code`]s, with one result per
//! finding located by file, line and column.

use super::{Code, Diagnostic, DiagnosticCode, LineIndex, Severity, Source};
use serde_json::{json, Value};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The SARIF log of the findings of several files; `version` is nomic's.
pub fn render_sarif(files: &[(Source<'_>, &[Diagnostic])], version: &str) -> Value {
    let rules: Vec<Value> = Code::ALL
        .iter()
        .map(|code| {
            json!({
                "id": code.code(),
                "name": code.name(),
                "shortDescription": {"text": code.summary()},
                "help": {"text": format!("nomic check --explain {}", code.code())},
                "defaultConfiguration": {"level": level(code.severity())},
            })
        })
        .collect();
    let mut results = Vec::new();
    for (source, diagnostics) in files {
        if diagnostics.is_empty() {
            continue;
        }
        let index = LineIndex::new(source.text);
        for diagnostic in *diagnostics {
            results.push(result(*source, &index, diagnostic));
        }
    }
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "nomic",
                "version": version,
                "rules": rules,
            }},
            "results": results,
        }],
    })
}

fn result(source: Source<'_>, index: &LineIndex, diagnostic: &Diagnostic) -> Value {
    let start = source.location_in(index, diagnostic.span.start);
    let end = source.location_in(index, diagnostic.span.end);
    let mut message = diagnostic.message.clone();
    if let Some(help) = &diagnostic.help {
        message.push_str(" (help: ");
        message.push_str(help);
        message.push(')');
    }
    let mut result = json!({
        "ruleId": diagnostic.code.as_str(),
        "level": level(diagnostic.severity),
        "message": {"text": message},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": uri(source.name)},
            "region": {
                "startLine": start.line,
                "startColumn": start.column,
                "endLine": end.line,
                "endColumn": end.column,
            },
        }}],
    });
    if let DiagnosticCode::Finding(code) = diagnostic.code {
        let at = Code::ALL.iter().position(|c| *c == code);
        result["ruleIndex"] = json!(at);
    }
    result
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// A file name as a relative URI reference: `/` separators, `%`, spaces
/// and `#`/`?` escaped.
fn uri(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.replace('\\', "/").chars() {
        match c {
            '%' => out.push_str("%25"),
            ' ' => out.push_str("%20"),
            '#' => out.push_str("%23"),
            '?' => out.push_str("%3F"),
            c => out.push(c),
        }
    }
    out.trim_start_matches("./").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_becomes_a_located_result_of_a_rule_of_the_table() {
        let text = "## 101/0\n\nSee Rule 999.\n";
        let at = text.find("999").unwrap();
        let finding = Diagnostic::new(
            Code::DanglingReference,
            Severity::Error,
            "no 999",
            at..at + 3,
        )
        .with_help("fix it");
        let findings = [finding];
        let log = render_sarif(&[(Source::new("./my rules.md", text), &findings)], "1.2.3");
        let run = &log["runs"][0];
        assert_eq!(
            run["tool"]["driver"]["rules"].as_array().unwrap().len(),
            Code::ALL.len()
        );
        let result = &run["results"][0];
        assert_eq!(result["ruleId"], "N401");
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(run["tool"]["driver"]["rules"][index]["id"], "N401");
        assert_eq!(result["message"]["text"], "no 999 (help: fix it)");
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], "my%20rules.md");
        assert_eq!(location["region"]["startLine"], 3);
        assert_eq!(location["region"]["startColumn"], 10);
        assert_eq!(location["region"]["endColumn"], 13);
    }
}
