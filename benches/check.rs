//! How fast `nomic check` runs every check on a parsed ruleset.

use criterion::{criterion_group, criterion_main, Criterion};
use nomic::check::{check, Input};
use nomic::model::{synthetic_ruleset, Format};
use nomic::parse::{self, ReadOptions};
use nomic::render::{render, RenderOptions};
use std::hint::black_box;

fn parsed(bytes: &[u8]) -> parse::Parsed {
    parse::read(bytes, &ReadOptions::default()).expect("ruleset parses")
}

fn run(parsed: &parse::Parsed) -> usize {
    let input = Input::from_parsed(parsed, None);
    check(black_box(&input)).len()
}

fn checks(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/nomic-4-long.md");
    let long = parsed(&std::fs::read(path).expect("bundled ruleset"));
    c.bench_function("check nomic-4-long.md", |b| b.iter(|| run(&long)));

    let text = render(
        &synthetic_ruleset(2_000, 1),
        Format::MdLong,
        &RenderOptions::default(),
    )
    .expect("synthetic ruleset renders");
    let synthetic = parsed(text.as_bytes());
    c.bench_function("check 2,000 synthetic rules (md-long)", |b| {
        b.iter(|| run(&synthetic));
    });
}

criterion_group!(benches, checks);
criterion_main!(benches);
