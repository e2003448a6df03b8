//! How fast citations are found, graphed and renumbered.

use criterion::{criterion_group, criterion_main, Criterion};
use nomic::model::synthetic_ruleset;
use nomic::refs::{extract, graph, renumber};
use std::collections::BTreeMap;
use std::hint::black_box;

fn bundled(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets")
        .join(name);
    String::from_utf8_lossy(&std::fs::read(path).expect("bundled ruleset")).into_owned()
}

fn refs(c: &mut Criterion) {
    let long = bundled("nomic-4-long.md");
    c.bench_function("extract nomic-4-long.md (59 KB)", |b| {
        b.iter(|| extract(black_box(&long)));
    });
    let ruleset = synthetic_ruleset(500, 1);
    c.bench_function("graph of 500 synthetic rules", |b| {
        b.iter(|| graph(black_box(&ruleset)));
    });
    let mapping = BTreeMap::from([(304, 340), (206, 260), (101, 1101)]);
    c.bench_function("renumber nomic-4-long.md", |b| {
        b.iter(|| renumber(black_box(&long), black_box(&mapping)));
    });
}

criterion_group!(benches, refs);
criterion_main!(benches);
