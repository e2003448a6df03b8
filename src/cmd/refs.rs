//! `nomic refs`: the reference graph of a ruleset.

use super::io::{json_document, parse_input, print_stdout, read_input, Failure};
use nomic::model::{Format, Ruleset};
use nomic::parse::ReadOptions;
use nomic::refs::{graph, runs, Dangling, Reference, ReferenceGraph};
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;

/// Show which rules each rule cites and which rules cite it
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  nomic refs rulesets/nomic-1-final.txt\n  \
                        nomic refs ruleset.md --format json | jq '.dangling'")]
pub(super) struct Args {
    /// The ruleset file (`-` for standard input), or an Agora source folder
    file: PathBuf,
    /// `table` for people, `json` for tools
    #[arg(long, value_enum, default_value_t = OutputFormat::Table)]
    format: OutputFormat,
    /// Read as this format instead of detecting it (md-long, md-short,
    /// txt-long, txt-short, txt-plain, md-rule, txt-rule, json, agora-flr,
    /// agora-slr, agora-rule, agora-short-rule; agora-yaml is a folder)
    #[arg(long, value_name = "FORMAT")]
    from: Option<Format>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum OutputFormat {
    Table,
    Json,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let parsed = if let Some(read) = super::io::read_folder(&args.file)? {
        read.parsed
    } else {
        let (name, bytes) = read_input(&args.file)?;
        let options = ReadOptions {
            from: args.from,
            ..ReadOptions::default()
        };
        parse_input(&name, &bytes, &options)?
    };
    let graph = graph(&parsed.ruleset);
    let out = match args.format {
        OutputFormat::Table => table(&parsed.ruleset, &graph),
        OutputFormat::Json => json(&parsed.ruleset, &graph)?,
    };
    print_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// One line per rule, then the dangling citations.
fn table(ruleset: &Ruleset, graph: &ReferenceGraph) -> String {
    let rows: Vec<[String; 3]> = graph
        .cites
        .iter()
        .map(|(rule, cites)| {
            let cited_by = graph.cited_by.get(rule).cloned().unwrap_or_default();
            [
                label(ruleset, *rule),
                compress(ruleset, cites),
                compress(ruleset, &cited_by),
            ]
        })
        .collect();
    let header = ["rule".to_string(), "cites".into(), "cited by".into()];
    let widths: Vec<usize> = (0..2)
        .map(|column| {
            rows.iter()
                .chain([&header])
                .map(|row| row[column].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in [&header].into_iter().chain(&rows) {
        let line = format!(
            "{:<w0$}  {:<w1$}  {}",
            row[0],
            row[1],
            row[2],
            w0 = widths[0],
            w1 = widths[1]
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if graph.dangling.is_empty() {
        out.push_str("\nEvery cited rule is in the ruleset.\n");
    } else {
        out.push_str("\nCitations of rules that are not in the ruleset:\n");
        for dangling in &graph.dangling {
            let cited = match (&dangling.id, dangling.range_end) {
                (Some(id), _) => format!("rule {id}"),
                (None, Some(end)) => format!("rules {}-{end}", dangling.number),
                (None, None) => format!("rule {}", dangling.number),
            };
            let phrase = phrase(ruleset, graph, dangling)
                .map(|text| format!(": \"{text}\""))
                .unwrap_or_default();
            let citing = label(ruleset, dangling.rule);
            out.push_str(&format!("  rule {citing} cites {cited}{phrase}\n"));
        }
    }
    out
}

/// A rule's identifier as written (`UC1`), or its number.
fn label(ruleset: &Ruleset, number: u32) -> String {
    ruleset
        .rule(number)
        .map_or_else(|| number.to_string(), nomic::model::Rule::label)
}

/// `101, 103-105` for 101, 103, 104, 105; `-` for none. Identifiers that
/// are not numbers (`UC1`) are listed after the numbers, as written.
fn compress(ruleset: &Ruleset, numbers: &BTreeSet<u32>) -> String {
    let keyed = |n: &&u32| **n >= nomic::model::Rule::FIRST_KEY;
    let runs = runs(numbers.iter().filter(|n| !keyed(n)).copied());
    let parts: Vec<String> = runs
        .iter()
        .map(|&(start, end)| match end - start {
            0 => start.to_string(),
            1 => format!("{start}, {end}"),
            _ => format!("{start}-{end}"),
        })
        .chain(numbers.iter().filter(keyed).map(|n| label(ruleset, *n)))
        .collect();
    if parts.is_empty() {
        return "-".to_string();
    }
    parts.join(", ")
}

/// The citation a dangling number belongs to, as written.
fn phrase<'a>(
    ruleset: &'a Ruleset,
    graph: &ReferenceGraph,
    dangling: &Dangling,
) -> Option<&'a str> {
    let text = &ruleset.rules.get(dangling.rule_index)?.text;
    let reference = graph
        .references
        .get(&dangling.rule)?
        .iter()
        .find(|reference| {
            reference.span.start <= dangling.span.start && dangling.span.end <= reference.span.end
        })?;
    text.get(reference.span.clone())
}

#[derive(Serialize)]
struct JsonGraph<'a> {
    rules: Vec<JsonRule<'a>>,
    dangling: Vec<JsonDangling<'a>>,
}

#[derive(Serialize)]
struct JsonRule<'a> {
    rule: u32,
    cites: Vec<u32>,
    cited_by: Vec<u32>,
    references: Vec<JsonReference<'a>>,
}

#[derive(Serialize)]
struct JsonReference<'a> {
    text: Option<&'a str>,
    #[serde(flatten)]
    reference: Reference,
}

#[derive(Serialize)]
struct JsonDangling<'a> {
    #[serde(flatten)]
    dangling: &'a Dangling,
    text: Option<&'a str>,
}

fn json(ruleset: &Ruleset, graph: &ReferenceGraph) -> Result<String, Failure> {
    let rules = graph
        .cites
        .iter()
        .map(|(&rule, cites)| {
            JsonRule {
                rule,
                cites: cites.iter().copied().collect(),
                cited_by: graph
                    .cited_by
                    .get(&rule)
                    .map(|set| set.iter().copied().collect())
                    .unwrap_or_default(),
                // From each rule's own text, so that rules sharing a number
                // (a defect `nomic check` reports) quote their own words.
                references: ruleset
                    .rules
                    .iter()
                    .filter(|candidate| candidate.number == rule)
                    .flat_map(|rule| {
                        nomic::refs::extract_rule(rule)
                            .into_iter()
                            .map(move |reference| JsonReference {
                                text: rule.text.get(reference.span.clone()),
                                reference,
                            })
                    })
                    .collect(),
            }
        })
        .collect();
    let dangling = graph
        .dangling
        .iter()
        .map(|dangling| JsonDangling {
            dangling,
            text: phrase(ruleset, graph, dangling),
        })
        .collect();
    json_document(&JsonGraph { rules, dangling })
}
