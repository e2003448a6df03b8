//! `nomic simulate --monte-carlo N`: statistics over random games, and the
//! what-if comparison with `--proposal`.

use super::{load_ruleset, Args, OutputFormat, Voters};
use crate::cmd::io::{json_document, print_stdout, read_proposal_file, Failure};
use crate::cmd::progress;
use indicatif::ProgressBar;
use nomic::amend;
use nomic::model::Ruleset;
use nomic::sim::monte_carlo::{self, Config, Totals};
use nomic::sim::{plot, whatif};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Games above which a terminal gets a progress bar.
const LONG_RUN: u64 = 5_000;

/// Set by Ctrl-C: the workers stop taking games.
static STOP: AtomicBool = AtomicBool::new(false);

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT).
const INTERRUPTED: u8 = 130;

pub(super) fn run(args: &Args, games: u64) -> Result<ExitCode, Failure> {
    let path = args
        .ruleset
        .as_ref()
        .ok_or_else(|| Failure::message("--monte-carlo needs --ruleset FILE"))?;
    let players = args
        .players
        .ok_or_else(|| Failure::message("--monte-carlo needs --players K"))?;
    if matches!(args.format, OutputFormat::Jsonl | OutputFormat::Summary) {
        return Err(Failure::message(
            "--monte-carlo prints a report: --format pretty or json",
        ));
    }
    let source = load_ruleset(path)?;
    let amended = amended(&source.ruleset, &args.proposal)?;
    let config = Config {
        games,
        players,
        seed: args.seed.unwrap_or(0),
        threads: args.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        }),
        voters: match args.voters {
            Voters::Random => monte_carlo::Voters::Random,
            Voters::No => monte_carlo::Voters::No,
        },
        behaviour: args.rates.behaviour(),
        max_turns: args.max_turns,
    };
    // A second Ctrl-C ends the process at once.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::Relaxed) {
            std::process::exit(i32::from(INTERRUPTED));
        }
    });
    let bar = progress_bar(if amended.is_some() { games * 2 } else { games });
    let sides = if amended.is_some() { 2 } else { 1 };
    let progress = |done: u64| {
        if let Some(bar) = &bar {
            bar.inc(done * sides);
        }
    };
    let failed =
        |e: monte_carlo::MonteCarloError| Failure::message(format!("{}: {e}", source.path));
    let (out, svg) = if let Some(amended) = &amended {
        let c = whatif::run(&source.ruleset, amended, &config, &progress, &STOP).map_err(failed)?;
        let report = whatif::Report::new(&c, &config, STOP.load(Ordering::Relaxed));
        let names: Vec<String> = args
            .proposal
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        let out = match args.format {
            OutputFormat::Json => json_document(&report)?,
            _ => report.text(&source.path, &names.join(", ")),
        };
        (
            out,
            args.plot
                .as_ref()
                .map(|_| plot::svg(&c.base, Some(&c.amended))),
        )
    } else {
        let totals =
            monte_carlo::run_until(&source.ruleset, &config, &progress, &STOP).map_err(failed)?;
        let interrupted = STOP.load(Ordering::Relaxed);
        let out = match args.format {
            OutputFormat::Json => json_document(&summary(&config, &totals, interrupted))?,
            _ => report(&source.path, &config, &totals, interrupted),
        };
        (out, args.plot.as_ref().map(|_| plot::svg(&totals, None)))
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let (Some(path), Some(svg)) = (&args.plot, svg) {
        let svg = svg.map_err(|e| Failure::message(format!("cannot draw the plot: {e}")))?;
        nomic::output::write_atomic(path, svg.as_bytes())
            .map_err(|e| Failure::message(format!("cannot write {}: {e}", path.display())))?;
    }
    print_stdout(&out)?;
    if STOP.load(Ordering::Relaxed) {
        return Ok(ExitCode::from(INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}

/// A bar with games done, games per second and time left, on a terminal.
fn progress_bar(total: u64) -> Option<ProgressBar> {
    (total >= LONG_RUN)
        .then(|| {
            progress::bar(
                total,
                "{bar:40} {human_pos}/{human_len} games, {per_sec}, {eta} left (Ctrl-C: stop and report)",
            )
        })
        .flatten()
}

/// The ruleset as the proposal files would leave it (`None` without any).
fn amended(ruleset: &Ruleset, paths: &[std::path::PathBuf]) -> Result<Option<Ruleset>, Failure> {
    if paths.is_empty() {
        return Ok(None);
    }
    let mut proposals = Vec::new();
    for path in paths {
        proposals.extend(read_proposal_file(path)?.proposals);
    }
    let applied = amend::apply(ruleset, &proposals, &amend::ApplyOptions::default())
        .map_err(|err| Failure::message(format!("the proposals do not apply: {err}")))?;
    Ok(Some(applied.ruleset))
}

/// The JSON form of a plain Monte Carlo run.
#[derive(serde::Serialize)]
struct Summary {
    games: u64,
    interrupted: bool,
    players: u16,
    seed: u64,
    max_turns: u32,
    mean_length: f64,
    median_length: Option<f64>,
    no_winner: u64,
    adoption_rate: f64,
    proposals: u128,
    win_share: Vec<f64>,
    /// Persons who joined, over all games (only when some did).
    #[serde(skip_serializing_if = "Option::is_none")]
    joined: Option<u128>,
    /// The share of wins that went to them.
    #[serde(skip_serializing_if = "Option::is_none")]
    joined_win_share: Option<f64>,
}

fn summary(config: &Config, totals: &Totals, interrupted: bool) -> Summary {
    Summary {
        games: totals.games,
        interrupted,
        players: config.players,
        seed: config.seed,
        max_turns: config.max_turns,
        mean_length: totals.length().0,
        median_length: totals.lengths.median().map(|m| m.estimate),
        no_winner: totals.no_winner,
        adoption_rate: totals.adoption_rate(),
        proposals: totals.proposals,
        win_share: (0..totals.wins.len()).map(|s| totals.share(s).0).collect(),
        joined: (totals.joined > 0).then_some(totals.joined),
        joined_win_share: (totals.joined > 0).then(|| totals.joined_share()),
    }
}

fn report(ruleset: &str, config: &Config, totals: &Totals, interrupted: bool) -> String {
    let voters = match config.voters {
        monte_carlo::Voters::Random => "random voters",
        monte_carlo::Voters::No => "every proposal fails",
    };
    let (mean, sd, half) = totals.length();
    let mut out = String::new();
    if interrupted {
        out.push_str(&format!(
            "interrupted: {} of {} games finished; the figures are theirs\n",
            totals.games, config.games
        ));
    }
    out.push_str(&format!(
        "{} games of {ruleset}, {} players, seed {}, {voters}\n",
        totals.games, config.players, config.seed
    ));
    out.push_str(&format!(
        "game length: mean {mean:.2} turns (95% CI {:.2} to {:.2}), sd {sd:.2}",
        mean - half,
        mean + half
    ));
    if let Some(median) = totals.lengths.median() {
        out.push_str(&format!(", median {}", median.estimate));
    }
    out.push('\n');
    if totals.no_winner > 0 {
        #[allow(clippy::cast_precision_loss)]
        let share = totals.no_winner as f64 / totals.games.max(1) as f64;
        out.push_str(&format!(
            "no winner within {} turns: {} games ({:.2}%)\n",
            config.max_turns,
            totals.no_winner,
            share * 100.0
        ));
    }
    out.push_str(&format!(
        "adoption rate: {:.2}% of {} proposals decided\n",
        totals.adoption_rate() * 100.0,
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
    if totals.joined > 0 {
        #[allow(clippy::cast_precision_loss)]
        let per_game = totals.joined as f64 / totals.games.max(1) as f64;
        out.push_str(&format!(
            "  joined    {:6.2}%  ({} persons joined, {per_game:.2} a game)\n",
            totals.joined_share() * 100.0,
            totals.joined
        ));
    }
    out
}
