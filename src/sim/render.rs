//! The three renderings of a run (`--format pretty|jsonl|summary`) and the
//! parameter table of `--params`.

use super::log::{Entry, Minute};
use super::runner::Report;
use crate::engine::state::State;
use std::fmt::Write;

/// One value of the log as a JSON line.
fn json_line(out: &mut Vec<u8>, value: &impl serde::Serialize) {
    serde_json::to_writer(&mut *out, value).expect("a log line is plain JSON data");
    out.push(b'\n');
}

/// Header, one line per event, summary.
pub fn jsonl(report: &Report) -> String {
    let mut out = Vec::with_capacity(256 * (report.entries.len() + 1));
    json_line(&mut out, &report.header);
    for entry in &report.entries {
        json_line(&mut out, entry);
    }
    json_line(&mut out, &report.summary);
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// One event as the pretty log tells it: time, sentence, rules.
fn pretty_line(out: &mut String, entry: &Entry) {
    let _ = write!(out, "{}  {entry}", Minute(entry.at));
    if let Some((first, rest)) = entry.basis.split_first() {
        let _ = write!(out, "  [rules {first}");
        for rule in rest {
            let _ = write!(out, ", {rule}");
        }
        out.push(']');
    }
    out.push('\n');
}

/// One line per event, then the expectations and the summary.
pub fn pretty(report: &Report) -> String {
    let header = &report.header;
    let mut out = format!(
        "ruleset {} (sha256 {}), seed {}\n",
        header.ruleset,
        header.ruleset_sha256.get(..12).unwrap_or_default(),
        header.seed,
    );
    for entry in &report.entries {
        pretty_line(&mut out, entry);
    }
    out.push_str(&summary(report));
    out
}

/// The expectations and the outcome of the game.
pub fn summary(report: &Report) -> String {
    let mut out = String::new();
    for o in &report.outcomes {
        let mark = if o.passed { "ok  " } else { "FAIL" };
        let _ = write!(out, "{mark} line {}: {}", o.line, o.statement);
        if let Some(detail) = &o.detail {
            let _ = write!(out, " ({detail})");
        }
        out.push('\n');
    }
    let summary = &report.summary;
    let scores: Vec<String> = summary
        .scores
        .iter()
        .map(|s| format!("{} {}", s.name, s.score))
        .collect();
    let _ = write!(
        out,
        "turns: {} · winners: {} · scores: {}\nexpectations: {} passed, {} failed\n",
        summary.turns,
        if summary.winners.is_empty() {
            "none".to_string()
        } else {
            summary.winners.join(", ")
        },
        scores.join(", "),
        summary.passed,
        summary.failed,
    );
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
