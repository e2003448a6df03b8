//! The website of a synthetic 10,000-rule ruleset, beside what `nomic build`
//! renders for the same ruleset (every text form and per-rule page), so the
//! two times can be compared. The size of the search index is printed once.

use criterion::{criterion_group, criterion_main, Criterion};
use nomic::model::synthetic_ruleset;
use nomic::render::{published_files, RenderOptions, Renderer};
use nomic::site::{site_files, SiteOptions, SEARCH_INDEX};
use std::hint::black_box;
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let ruleset = synthetic_ruleset(10_000, 42);
    let options = SiteOptions::default();
    let files = site_files(&ruleset, &[], &options).expect("the site builds");
    let index = files
        .iter()
        .find(|file| file.path.to_str() == Some(SEARCH_INDEX))
        .expect("a search index");
    let total: usize = files.iter().map(|file| file.contents.len()).sum();
    eprintln!(
        "site of 10,000 rules: {} files, {:.1} MB in all, search index {:.1} MB",
        files.len(),
        total as f64 / 1e6,
        index.contents.len() as f64 / 1e6
    );

    let renderer = Renderer::new(&RenderOptions::default()).expect("default templates");
    let mut group = c.benchmark_group("site");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("site, 10k rules", |b| {
        b.iter(|| site_files(black_box(&ruleset), &[], &options).expect("the site builds"));
    });
    group.bench_function("build's text forms, 10k rules", |b| {
        b.iter(|| published_files(black_box(&ruleset), &renderer).expect("renders"));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
