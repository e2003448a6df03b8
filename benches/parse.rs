//! Parsing throughput over large generated rulesets: the bundled rulesets'
//! rules repeated, with new numbers, to about 5 MB. Linear parsing shows as
//! a throughput that does not fall as the input grows.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nomic::parse::{read, ReadOptions};
use std::hint::black_box;

const TARGET: usize = 5 * 1024 * 1024;

fn bundled(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets")
        .join(name);
    std::fs::read_to_string(path).expect("bundled ruleset")
}

/// Another community's ruleset, read through an inferred dialect.
fn dialect_fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dialects")
        .join(name);
    std::fs::read_to_string(path).expect("dialect fixture")
}

/// Repeats the rules of `text` (everything from the first line starting with
/// `first_rule`) until the result holds about `TARGET` bytes, renumbering
/// each copy's headings so that every rule number stays unique.
fn enlarge(text: &str, first_rule: &str, heading_prefix: &str, footer: &str) -> String {
    let start = text.find(first_rule).expect("first rule");
    let (header, rules) = text.split_at(start);
    let rules = rules.strip_suffix(footer).expect("footer");
    let mut out = String::with_capacity(TARGET + rules.len());
    out.push_str(header);
    let mut copy = 0u32;
    while out.len() < TARGET {
        for line in rules.split_inclusive('\n') {
            match line.strip_prefix(heading_prefix) {
                Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => {
                    let digits =
                        rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                    let number: u32 = rest[..digits].parse().expect("rule number");
                    out.push_str(heading_prefix);
                    out.push_str(&(number + copy * 1000).to_string());
                    out.push_str(&rest[digits..]);
                }
                _ => out.push_str(line),
            }
        }
        if !out.ends_with('\n') {
            out.push_str("\n\n\n");
        }
        copy += 1;
    }
    out.push_str(footer);
    out
}

fn bench_formats(c: &mut Criterion) {
    let inputs = [
        (
            "md-long",
            enlarge(&bundled("nomic-4-long.md"), "## 101/0", "## ", ""),
        ),
        (
            "txt-long",
            enlarge(
                &bundled("nomic-4-long-early.txt"),
                "-----",
                "Rule ",
                &"-".repeat(70),
            ),
        ),
        (
            "txt-plain",
            enlarge(&bundled("nomic-1-final.txt"), "Rule 101", "Rule ", ""),
        ),
        (
            "md-short-mojibake",
            enlarge(&bundled("nomic-3.md"), "## 101", "## ", ""),
        ),
        // Dialects: inference, then reading (no built-in format fits).
        (
            "dialect-heading",
            enlarge(
                &dialect_fixture("infinite-nomic-round5-rules.md"),
                "# Rule 1:",
                "# Rule ",
                "",
            ),
        ),
        (
            "dialect-bold-lead",
            enlarge(
                &dialect_fixture("pimotte-nomic-README.md"),
                "**101**",
                "**",
                "",
            ),
        ),
    ];
    let mut group = c.benchmark_group("read");
    group.sample_size(10);
    for (name, text) in &inputs {
        let options = ReadOptions::default();
        let parsed = read(text.as_bytes(), &options).expect("generated ruleset parses");
        assert!(parsed.ruleset.rules.len() > 1000, "{name}");
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(*name, |b| {
            b.iter(|| read(black_box(text.as_bytes()), &options).expect("parses"));
        });
    }
    group.finish();
}

/// `nomic parse`'s JSON of a ~5 MB md-long ruleset, as serde_json's
/// pretty printer writes it.
fn bench_json(c: &mut Criterion) {
    let text = enlarge(&bundled("nomic-4-long.md"), "## 101/0", "## ", "");
    let options = ReadOptions::default();
    let ruleset = read(text.as_bytes(), &options)
        .expect("generated ruleset parses")
        .ruleset
        .into_without_layout();
    let mut group = c.benchmark_group("json");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("serde-json-pretty", |b| {
        b.iter(|| serde_json::to_writer_pretty(&mut std::io::sink(), black_box(&ruleset)));
    });
    group.finish();
}

criterion_group!(benches, bench_formats, bench_json);
criterion_main!(benches);
