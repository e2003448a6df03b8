//! `nomic simulate --monte-carlo N`: statistics over random games.

use super::{load_ruleset, Args, Voters};
use crate::cmd::io::{print_stdout, Failure};
use indicatif::{ProgressBar, ProgressStyle};
use nomic::sim::monte_carlo::{self, Config, Totals};
use std::io::IsTerminal;
use std::process::ExitCode;

/// Games above which a terminal gets a progress bar.
const LONG_RUN: u64 = 20_000;

pub fn run(args: &Args, games: u64) -> Result<ExitCode, Failure> {
    let path = args
        .ruleset
        .as_ref()
        .ok_or_else(|| Failure::message("--monte-carlo needs --ruleset FILE"))?;
    let players = args
        .players
        .ok_or_else(|| Failure::message("--monte-carlo needs --players K"))?;
    let source = load_ruleset(path)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let config = Config {
        games,
        players,
        seed: args.seed.unwrap_or(0),
        threads,
        voters: match args.voters {
            Voters::Random => monte_carlo::Voters::Random,
            Voters::No => monte_carlo::Voters::No,
        },
        max_turns: args.max_turns,
    };
    let bar = (games >= LONG_RUN && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(games);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} games ({eta} left)")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let progress = |done: u64| {
        if let Some(bar) = &bar {
            bar.inc(done);
        }
    };
    let totals = monte_carlo::run(&source.ruleset, &config, &progress)
        .map_err(|e| Failure::message(format!("{}: {e}", source.path)))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    print_stdout(&report(&source.path, &config, &totals))?;
    Ok(ExitCode::SUCCESS)
}

fn report(ruleset: &str, config: &Config, totals: &Totals) -> String {
    let voters = match config.voters {
        monte_carlo::Voters::Random => "random voters",
        monte_carlo::Voters::No => "every proposal fails",
    };
    let (mean, sd, half) = totals.length();
    let mut out = format!(
        "{} games of {ruleset}, {} players, seed {}, {voters}\n",
        totals.games, config.players, config.seed
    );
    out.push_str(&format!(
        "game length: mean {mean:.2} turns (95% CI {:.2} to {:.2}), sd {sd:.2}\n",
        mean - half,
        mean + half
    ));
    if totals.no_winner > 0 {
        out.push_str(&format!(
            "no winner within {} turns: {} games\n",
            config.max_turns, totals.no_winner
        ));
    }
    let rate = if totals.proposals == 0 {
        0.0
    } else {
        totals.adopted as f64 / totals.proposals as f64
    };
    out.push_str(&format!(
        "adoption rate: {:.2}% of {} proposals\n",
        rate * 100.0,
        totals.proposals
    ));
    out.push_str("win share by seat (turn order):\n");
    for seat in 0..totals.wins.len() {
        let (p, half) = totals.share(seat);
        out.push_str(&format!(
            "  seat {:>2}  {:6.2}%  (95% CI {:.2}% to {:.2}%)\n",
            seat + 1,
            p * 100.0,
            (p - half).max(0.0) * 100.0,
            (p + half).min(1.0) * 100.0
        ));
    }
    out
}
