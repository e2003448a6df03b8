//! The three renderings of a run (`--format pretty|jsonl|summary`) and the
//! parameter table of `--params`.

use super::log::object_line;
use super::runner::Report;
use crate::engine::state::State;
use serde_json::Value;

/// Header, one line per event, summary.
pub fn jsonl(report: &Report) -> String {
    let mut out = object_line(&report.header);
    out.push('\n');
    for entry in &report.entries {
        out.push_str(&entry.to_json_line());
        out.push('\n');
    }
    out.push_str(&object_line(&report.summary));
    out.push('\n');
    out
}

fn field(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn get<'a>(pairs: &'a [(&str, Value)], key: &str) -> &'a Value {
    pairs
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(&Value::Null, |(_, v)| v)
}

/// One line per event, then the expectations and the summary.
pub fn pretty(report: &Report) -> String {
    let mut out = format!(
        "ruleset {} (sha256 {}), seed {}\n",
        field(get(&report.header, "ruleset")),
        field(get(&report.header, "ruleset_sha256"))
            .get(..12)
            .unwrap_or_default(),
        get(&report.header, "seed"),
    );
    for entry in &report.entries {
        let at = super::time::format_utc(entry.at);
        let fields: Vec<String> = entry
            .fields
            .iter()
            .filter(|(_, v)| !v.is_null() && v.as_array().is_none_or(|a| !a.is_empty()))
            .map(|(k, v)| format!("{k}={}", field(v)))
            .collect();
        let basis = if entry.basis.is_empty() {
            String::new()
        } else {
            let rules: Vec<String> = entry.basis.iter().map(u32::to_string).collect();
            format!("  [rules {}]", rules.join(", "))
        };
        let words = super::sentence::sentence(entry).unwrap_or_else(|| fields.join(" "));
        out.push_str(&format!("{} {}  {words}{basis}\n", &at[..10], &at[11..16]));
    }
    out.push_str(&summary(report));
    out
}

/// The expectations and the outcome of the game.
pub fn summary(report: &Report) -> String {
    let mut out = String::new();
    for o in &report.outcomes {
        let mark = if o.passed { "ok  " } else { "FAIL" };
        out.push_str(&format!("{mark} line {}: {}", o.line, o.statement));
        if let Some(detail) = &o.detail {
            out.push_str(&format!(" ({detail})"));
        }
        out.push('\n');
    }
    let winners: Vec<String> = get(&report.summary, "winners")
        .as_array()
        .map(|a| a.iter().map(field).collect())
        .unwrap_or_default();
    let scores: Vec<String> = get(&report.summary, "scores")
        .as_array()
        .map(|a| {
            a.iter()
                .map(|s| format!("{} {}", field(&s["name"]), s["score"]))
                .collect()
        })
        .unwrap_or_default();
    out.push_str(&format!(
        "turns: {} · winners: {} · scores: {}\nexpectations: {} passed, {} failed\n",
        get(&report.summary, "turns"),
        if winners.is_empty() {
            "none".to_string()
        } else {
            winners.join(", ")
        },
        scores.join(", "),
        get(&report.summary, "passed"),
        get(&report.summary, "failed"),
    ));
    out
}

/// The parameters in force with their provenance, then the unmodelled rules.
pub fn params_table(state: &State) -> String {
    let entries = state.params.entries();
    let width = entries.iter().map(|(n, _, _)| n.len()).max().unwrap_or(0);
    let value_width = entries
        .iter()
        .map(|(_, v, _)| v.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (name, value, from) in entries {
        out.push_str(&format!("{name:<width$}  {value:<value_width$}  {from}\n"));
    }
    let unmodelled: Vec<String> = state.unmodelled.iter().map(u32::to_string).collect();
    out.push_str(&format!(
        "\nunmodelled rules ({}): {}\n",
        unmodelled.len(),
        unmodelled.join(", ")
    ));
    out.push_str(&per_rule(&state.ruleset));
    out
}

/// Per rule: the parameters read from it, the known sentences in it the
/// engine does not model (with the reason), or that nothing in it is read.
fn per_rule(ruleset: &crate::model::Ruleset) -> String {
    let recognition = crate::engine::recognise(ruleset);
    let mut rules: Vec<_> = ruleset.rules.iter().collect();
    rules.sort_by_key(|rule| rule.number);
    let mut out = String::from("\nby rule:\n");
    for rule in rules {
        let read = recognition
            .modelled
            .iter()
            .find(|(n, _)| *n == rule.number)
            .map(|(_, keys)| keys.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "));
        let gaps = crate::engine::gaps::gaps(&rule.text);
        let status = match (&read, gaps.is_empty()) {
            (Some(names), true) => format!("modelled: {names}"),
            (Some(names), false) => format!("partly modelled: {names}"),
            (None, false) => "not modelled (known sentences below)".to_string(),
            (None, true) => "not modelled".to_string(),
        };
        out.push_str(&format!("  {:>4}  {status}\n", rule.number));
        for gap in gaps {
            out.push_str(&format!(
                "        not modelled: {}: {}\n",
                gap.what, gap.why
            ));
        }
    }
    out
}
