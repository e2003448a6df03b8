//! Monte Carlo throughput, one thread, as `nomic simulate --monte-carlo`
//! plays (a worker's `Table`, which plays each game on the engine):
//! 5-player Nomic IV (final) games with random voters and diligent players
//! (the figure docs/engine.md has tracked), then every bundled ruleset with
//! the default random players (docs/engine.md gives games per second); the
//! two Nomic IV runs also through `monte_carlo::play` on a bare engine
//! (`engine`), which is what a `Table` calls. Then a script's run with its JSON Lines log: a
//! bundled scenario, and 40,000 players (whose header and summary lines
//! dominate).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nomic::sim::monte_carlo::{self, Behaviour, Config, Totals, Voters};
use std::hint::black_box;

const RULESETS: &[(&str, u64)] = &[
    ("nomic-1-final.txt", 200),
    ("nomic-3.md", 4),
    ("nomic-4-long.md", 200),
    ("nomic-4-long-early.txt", 200),
    ("nomic-5-initial.txt", 4),
];

/// Plays a batch of games on the fast path (`Table`) or on the engine.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Path {
    Table,
    Engine,
}

fn bench(c: &mut Criterion, name: &str, games: u64, behaviour: Behaviour, label: &str, via: Path) {
    let path = format!("{}/rulesets/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).expect("bundled ruleset");
    let ruleset = nomic::sim::load::read_ruleset(&bytes).expect("bundled ruleset parses");
    let config = Config {
        games,
        players: 5,
        seed: 1,
        threads: 1,
        voters: Voters::Random,
        behaviour,
        max_turns: 2000,
    };
    let template = monte_carlo::template(&ruleset, 5).expect("5 players");
    let mut engine = monte_carlo::template(&ruleset, 5).expect("5 players");
    let mut table = monte_carlo::Table::new(&ruleset, &config).expect("5 players");
    let mut group = c.benchmark_group("monte_carlo");
    group.throughput(Throughput::Elements(games));
    if games < 100 {
        // Games that run to the 2,000-turn limit: fewer samples.
        group.sample_size(10);
    }
    let mut batch = 0u64;
    let suffix = if via == Path::Engine { ", engine" } else { "" };
    group.bench_function(format!("{name}, 5 players, {label}{suffix}"), |b| {
        b.iter(|| {
            let mut totals = Totals::for_seats(5);
            for i in 0..games {
                let index = batch * games + i;
                let game = match via {
                    Path::Table => table.play(index),
                    Path::Engine => monte_carlo::play(&mut engine, &template.state, &config, index),
                };
                totals.record(&game);
            }
            batch += 1;
            black_box(totals)
        });
    });
    group.finish();
}

fn monte_carlo_games(c: &mut Criterion) {
    for path in [Path::Table, Path::Engine] {
        bench(
            c,
            "nomic-4-long.md",
            200,
            Behaviour::DILIGENT,
            "random voters",
            path,
        );
    }
    bench(
        c,
        "nomic-4-long.md",
        200,
        Behaviour::DEFAULT,
        "random players",
        Path::Engine,
    );
    for (name, games) in RULESETS {
        bench(
            c,
            name,
            *games,
            Behaviour::DEFAULT,
            "random players",
            Path::Table,
        );
    }
}

/// Runs a script and writes its log, as `nomic simulate --format jsonl`.
fn bench_script(c: &mut Criterion, label: &str, script: &str) {
    let path = format!("{}/rulesets/nomic-4-long.md", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).expect("bundled ruleset");
    let source = nomic::sim::RulesetSource {
        path: "nomic-4-long.md".into(),
        ruleset: nomic::sim::load::read_ruleset(&bytes).expect("bundled ruleset parses"),
        sha256: nomic::sim::load::sha256(&bytes),
    };
    let lines = nomic::sim::script::parse(script).expect("script parses");
    let mut group = c.benchmark_group("script_log");
    group.sample_size(10);
    group.bench_function(label, |b| {
        b.iter(|| {
            let report = nomic::sim::run(&lines, &source, None).expect("script runs");
            black_box(nomic::sim::render::jsonl(&report))
        });
    });
    group.finish();
}

fn script_logs(c: &mut Criterion) {
    let path = format!(
        "{}/rulesets/scenarios/nomic-4-long.sim",
        env!("CARGO_MANIFEST_DIR")
    );
    let scenario = std::fs::read_to_string(path).expect("bundled scenario");
    bench_script(c, "nomic-4-long scenario, jsonl", &scenario);
    let mut players = String::new();
    for i in 0..40_000 {
        players.push_str(&format!("player p{i:05}\n"));
    }
    players.push_str("at +1h p00000 proposes enact \"Players may not wear hats.\"\n");
    bench_script(c, "40,000 players, jsonl", &players);
}

criterion_group!(benches, monte_carlo_games, script_logs);
criterion_main!(benches);
