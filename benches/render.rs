//! Rendering throughput: every published form of a synthetic ruleset of
//! 10,000 rules with long histories, in bytes written per second; each
//! whole form written and its meaning checked as `nomic render` does, and
//! an md-long file re-emitted in its own form as `nomic render` re-emits it; the published set as `build`
//! renders it (on every core), and written into a fresh folder with one
//! durable sync.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nomic::meaning::render_read;
use nomic::model::Format;
use nomic::model::{synthetic_ruleset, Change, Date, HistoryEntry, Ruleset};
use nomic::output::write_batch_within;
use nomic::parse::{read_owned, ReadDepth, ReadOptions};
use nomic::render::{published_files, RenderOptions, Renderer};
use std::hint::black_box;

/// 10,000 rules, each with a dozen more amendments than the generator gives.
fn ruleset() -> Ruleset {
    let mut ruleset = synthetic_ruleset(10_000, 42);
    let mut proposal = ruleset.highest_proposal().unwrap_or(300) + 1;
    for rule in &mut ruleset.rules {
        let first = rule.amendment_count() + 1;
        for k in first..first + 12 {
            let change = Change {
                proposal,
                proposer: Some("Alekosen".to_string()),
                date: Date::new(2021, 1 + (k % 12) as u8, 1 + (k % 28) as u8),
                round_turn: None,
            };
            let mut entry = HistoryEntry::amended(k, &change);
            entry.link = Some(format!(
                "https://github.com/example/nomic/blob/{proposal:08x}/rules/md/{}.md",
                rule.number
            ));
            rule.history.push(entry);
            proposal += 1;
        }
        rule.revision = Some(rule.amendment_count());
    }
    ruleset
}

fn render_all(renderer: &Renderer, ruleset: &Ruleset) -> usize {
    let mut bytes = 0;
    for format in Format::WHOLE_RULESET {
        bytes += renderer.render(ruleset, format).expect("renders").len();
    }
    for format in [Format::MdRule, Format::TxtRule] {
        for rule in &ruleset.rules {
            bytes += renderer.render_rule(rule, format).expect("renders").len();
        }
    }
    bytes
}

fn bench(c: &mut Criterion) {
    let ruleset = ruleset();
    let renderer = Renderer::new(&RenderOptions::default()).expect("default templates");
    let bytes = render_all(&renderer, &ruleset);
    let mut group = c.benchmark_group("render");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("all forms, 10k rules", |b| {
        b.iter(|| render_all(&renderer, black_box(&ruleset)));
    });
    group.bench_function("published set as build renders it, 10k rules", |b| {
        b.iter(|| published_files(black_box(&ruleset), &renderer).expect("renders"));
    });
    group.finish();

    // What `nomic render --to FORM` does after reading: write the form and
    // read it back.
    let mut group = c.benchmark_group("render and check");
    group.sample_size(10);
    let options = RenderOptions::default();
    let file = renderer.render(&ruleset, Format::MdLong).expect("renders");
    let read = |depth| {
        let options = ReadOptions {
            from: Some(Format::MdLong),
            repair_encoding: false,
        };
        read_owned(file.clone().into_bytes(), &options, None, depth).expect("reads")
    };
    for format in Format::WHOLE_RULESET {
        let checked = |parsed| render_read(parsed, format, &options).expect("reads back");
        group.throughput(Throughput::Bytes(
            checked(read(ReadDepth::Meaning)).len() as u64
        ));
        group.bench_function(format!("{format}, 10k rules"), |b| {
            b.iter_batched(
                || read(ReadDepth::Meaning),
                checked,
                criterion::BatchSize::LargeInput,
            );
        });
    }
    // A file rendered to its own form (`nomic render rules-l.md`): every
    // kept source re-emitted, the document found to be the file itself.
    group.bench_function("md-long re-emitted as read, 10k rules", |b| {
        b.iter_batched(
            || read(ReadDepth::Full),
            |parsed| render_read(parsed, Format::MdLong, &options).expect("reads back"),
            criterion::BatchSize::LargeInput,
        );
    });
    group.finish();

    let files = published_files(&ruleset, &renderer).expect("renders");
    let bytes: usize = files.iter().map(|file| file.contents.len()).sum();
    let mut group = c.benchmark_group("build write");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("published set of 10k rules into a fresh folder", |b| {
        b.iter_batched(
            || tempfile::tempdir().expect("a temporary folder"),
            |dir| {
                let batch = files
                    .iter()
                    .map(|file| (file.path.as_path(), file.contents.as_bytes()));
                write_batch_within(dir.path(), batch).expect("writes");
                // Removed outside the measured time.
                dir
            },
            criterion::BatchSize::PerIteration,
        );
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
