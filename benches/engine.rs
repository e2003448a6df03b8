//! Monte Carlo throughput: 5-player Nomic IV (final) games with random
//! voters, on the engine's fast path, one thread.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nomic::sim::monte_carlo::{self, Config, Totals, Voters};
use std::hint::black_box;

const GAMES: u64 = 200;

fn monte_carlo_games(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/nomic-4-long.md");
    let bytes = std::fs::read(path).expect("bundled ruleset");
    let ruleset = nomic::sim::load::read_ruleset(&bytes).expect("bundled ruleset parses");
    let config = Config {
        games: GAMES,
        players: 5,
        seed: 1,
        threads: 1,
        voters: Voters::Random,
        max_turns: 2000,
    };
    let template = monte_carlo::template(&ruleset, 5).expect("mover ruleset");
    let mut engine = monte_carlo::template(&ruleset, 5).expect("mover ruleset");
    let mut group = c.benchmark_group("monte_carlo");
    group.throughput(Throughput::Elements(GAMES));
    let mut batch = 0u64;
    group.bench_function("nomic-4-long, 5 players, random voters", |b| {
        b.iter(|| {
            let mut totals = Totals::for_seats(5);
            for i in 0..GAMES {
                monte_carlo::play(
                    &mut engine,
                    &template.state,
                    &config,
                    batch * GAMES + i,
                    &mut totals,
                );
            }
            batch += 1;
            black_box(totals)
        })
    });
    group.finish();
}

criterion_group!(benches, monte_carlo_games);
criterion_main!(benches);
