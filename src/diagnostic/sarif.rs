//! SARIF 2.1.0, the format GitHub code scanning reads: one run of the tool
//! `nomic`, whose rules are the table of [`Code`]s (and the errors that are no
//! finding), with one result per finding located by file, line and column.

use super::{Code, Diagnostic, DiagnosticCode, LineIndex, Severity, Source};
use serde_json::{json, Value};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The SARIF log of the findings of several files; `version` is nomic's.
/// The driver's rules are every [`Code`], then each kind of error that is
/// no finding (`read`, `parse`) that a result has, so every result names a
/// rule of the run.
pub fn render_sarif(files: &[(Source<'_>, &[Diagnostic])], version: &str) -> Value {
    let mut rules: Vec<Value> = Code::ALL
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
    let mut kinds: Vec<&'static str> = Vec::new();
    let mut results = Vec::new();
    for (source, diagnostics) in files {
        if diagnostics.is_empty() {
            continue;
        }
        let index = LineIndex::new(source.text);
        for diagnostic in *diagnostics {
            let rule = match diagnostic.code {
                DiagnosticCode::Finding(code) => Code::ALL.iter().position(|c| *c == code),
                DiagnosticCode::Error(kind) => Some(match kinds.iter().position(|k| *k == kind) {
                    Some(at) => Code::ALL.len() + at,
                    None => {
                        kinds.push(kind);
                        rules.push(error_rule(kind));
                        rules.len() - 1
                    }
                }),
            };
            results.push(result(*source, &index, diagnostic, rule));
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

/// The rule of an error that is no finding: a file that could not be
/// read, parsed or otherwise taken in.
fn error_rule(kind: &'static str) -> Value {
    let what = match kind {
        "read" => "A file that does not exist or cannot be read".to_string(),
        "parse" => "A file that cannot be read as a ruleset".to_string(),
        other => format!("A file that nomic could not take in ({other})"),
    };
    json!({
        "id": kind,
        "name": kind,
        "shortDescription": {"text": what},
        "defaultConfiguration": {"level": "error"},
    })
}

fn result(
    source: Source<'_>,
    index: &LineIndex,
    diagnostic: &Diagnostic,
    rule: Option<usize>,
) -> Value {
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
    if let Some(rule) = rule {
        result["ruleIndex"] = json!(rule);
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

    #[test]
    fn an_error_that_is_no_finding_is_a_rule_of_the_run_once() {
        let unread = [Diagnostic::new("read", Severity::Error, "gone", 0..0)];
        let unparsed = [
            Diagnostic::new("parse", Severity::Error, "no rules", 0..0),
            Diagnostic::new("read", Severity::Error, "gone too", 0..0),
        ];
        let log = render_sarif(
            &[
                (Source::new("a.md", ""), &unread),
                (Source::new("b.md", ""), &unparsed),
            ],
            "1.2.3",
        );
        let run = &log["runs"][0];
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        assert_eq!(rules.len(), Code::ALL.len() + 2);
        for result in run["results"].as_array().unwrap() {
            let index = result["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(rules[index]["id"], result["ruleId"]);
        }
        assert_eq!(rules[Code::ALL.len()]["id"], "read");
        assert_eq!(rules[Code::ALL.len() + 1]["id"], "parse");
    }
}
