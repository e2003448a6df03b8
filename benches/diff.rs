//! `nomic diff` on generated rulesets: a ruleset against a copy with 1% of
//! its rules changed (amended, repealed, enacted, renumbered), at 2,500 and
//! 10,000 rules. Time per element should stay flat across the two sizes:
//! proportional to the input, not quadratic in the number of rules. A second
//! group moves a tenth of the rules to new numbers with a word changed, so
//! that the renumbering search (the only pairwise step) has 250 and 1,000
//! leftovers on each side. A third group compares the same 1% change from
//! the two md-long files, both read whole and then compared (what `nomic
//! diff` does).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nomic::diff::{diff, DiffOptions};
use nomic::model::{synthetic_ruleset, Format, Rule, Ruleset};
use nomic::parse::{read_owned, ReadDepth, ReadOptions};
use nomic::render::{render, RenderOptions};
use std::hint::black_box;

/// A copy of `base` with one rule in a hundred changed, the changes spread
/// evenly over amendments, repeals, enactments and renumberings.
fn changed_copy(base: &Ruleset) -> Ruleset {
    let mut rules = Vec::with_capacity(base.rules.len());
    let mut next = base.rules.iter().map(|r| r.number).max().unwrap_or(0) + 1;
    for (index, rule) in base.rules.iter().enumerate() {
        if index % 100 != 50 {
            rules.push(rule.clone());
            continue;
        }
        match (index / 100) % 4 {
            0 => {
                let mut amended = rule.clone();
                amended
                    .text
                    .push_str(" This clause was added by amendment.");
                rules.push(amended);
            }
            1 => {} // repealed
            2 => {
                rules.push(rule.clone());
                rules.push(Rule::new(next, format!("A new rule numbered {next}.")));
                next += 1;
            }
            _ => {
                rules.push(Rule {
                    number: next,
                    ..rule.clone()
                });
                next += 1;
            }
        }
    }
    Ruleset::new(base.title.clone(), rules)
}

/// A copy of `base` where every tenth rule moved to a new number with one
/// word changed: the fuzzy renumbering path, on a tenth of the rules.
fn renumbered_copy(base: &Ruleset) -> Ruleset {
    let mut next = base.rules.iter().map(|r| r.number).max().unwrap_or(0) + 1;
    let rules = base
        .rules
        .iter()
        .enumerate()
        .map(|(index, rule)| {
            if index % 10 != 5 {
                return rule.clone();
            }
            next += 1;
            Rule {
                number: next,
                text: rule.text.replacen(' ', " moved ", 1),
                ..rule.clone()
            }
        })
        .collect();
    Ruleset::new(base.title.clone(), rules)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("diff_1_percent_changed");
    group.sample_size(20);
    for size in [2_500usize, 10_000] {
        let old = synthetic_ruleset(size, 42);
        let new = changed_copy(&old);
        let options = DiffOptions::default();
        assert!(!diff(&old, &new, &options).changes.is_empty());
        group.throughput(Throughput::Elements(size as u64));
        group.bench_with_input(BenchmarkId::from_parameter(size), &size, |b, _| {
            b.iter(|| diff(black_box(&old), black_box(&new), &options));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("diff_10_percent_renumbered_and_touched");
    group.sample_size(10);
    for size in [2_500usize, 10_000] {
        let old = synthetic_ruleset(size, 42);
        let new = renumbered_copy(&old);
        let options = DiffOptions::default();
        group.throughput(Throughput::Elements(size as u64));
        group.bench_with_input(BenchmarkId::from_parameter(size), &size, |b, _| {
            b.iter(|| diff(black_box(&old), black_box(&new), &options));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("diff_md_long_files_1_percent_changed");
    group.sample_size(10);
    let render_options = RenderOptions {
        canonical: true,
        templates: None,
    };
    let read_options = ReadOptions {
        from: Some(Format::MdLong),
        ..ReadOptions::default()
    };
    let options = DiffOptions {
        old_format: Some(Format::MdLong),
        new_format: Some(Format::MdLong),
        ..DiffOptions::default()
    };
    for size in [2_500usize, 10_000] {
        let base = synthetic_ruleset(size, 42);
        let old = render(&base, Format::MdLong, &render_options).unwrap();
        let new = render(&changed_copy(&base), Format::MdLong, &render_options).unwrap();
        let read = |text: &str| {
            read_owned(
                text.as_bytes().to_vec(),
                &read_options,
                None,
                ReadDepth::Layout,
            )
            .unwrap()
            .ruleset
        };
        group.throughput(Throughput::Bytes((old.len() + new.len()) as u64));
        group.bench_with_input(BenchmarkId::new("whole_reads", size), &size, |b, _| {
            b.iter(|| diff(&read(black_box(&old)), &read(black_box(&new)), &options));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
