//! Agora's whole published rulesets: reading the FLR (390 kB, 149 rules,
//! about 3,000 history lines) and the SLR, rendering both back, and reading
//! the YAML source folder (343 rules, 1,782 proposals) from memory.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nomic::model::Format;
use nomic::parse::agora::{read_source, SourceFiles};
use nomic::parse::{read, ReadOptions};
use nomic::render::{RenderOptions, Renderer};
use std::hint::black_box;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn published(name: &str) -> String {
    std::fs::read_to_string(root().join("tests/fixtures/agora/published").join(name))
        .expect("bundled published ruleset")
}

fn bench_published(c: &mut Criterion) {
    let renderer = Renderer::new(&RenderOptions::default()).expect("default templates");
    for (name, format) in [("flr.txt", Format::AgoraFlr), ("slr.txt", Format::AgoraSlr)] {
        let text = published(name);
        let mut group = c.benchmark_group(format!("agora/{format}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function("parse", |b| {
            b.iter(|| read(black_box(text.as_bytes()), &ReadOptions::default()).expect("parses"));
        });
        let ruleset = read(text.as_bytes(), &ReadOptions::default())
            .expect("parses")
            .ruleset;
        group.bench_function("render", |b| {
            b.iter(|| {
                renderer
                    .render(black_box(&ruleset), format)
                    .expect("renders")
            });
        });
        group.finish();
    }
}

fn bench_source(c: &mut Criterion) {
    let files = SourceFiles::load(
        &root().join("rulesets/agora/source"),
        nomic::input::DEFAULT_LIMIT,
    )
    .expect("source loads");
    let bytes: usize = files.files.values().map(String::len).sum();
    let mut group = c.benchmark_group("agora/agora-yaml");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(10);
    group.bench_function("read", |b| {
        b.iter(|| read_source(black_box(&files)).expect("reads"));
    });
    group.finish();
}

criterion_group!(benches, bench_published, bench_source);
criterion_main!(benches);
