//! `nomic simulate`: run a game script, or many random games.

mod monte_carlo;
mod rates;

use super::io::{parse_input, print_stdout, read_input, Failure};
use nomic::diagnostic::Diagnostic;
use nomic::parse::ReadOptions;
use nomic::sim::{self, render, runner, script, RulesetSource};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum OutputFormat {
    Pretty,
    Jsonl,
    Summary,
    /// Monte Carlo and what-if reports as one JSON document
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum Voters {
    /// Every eligible voter votes yes or no with equal chance.
    Random,
    /// Every vote fails: the proposer votes yes, everyone else no.
    No,
}

/// Simulate a game from a script, or many random games (Monte Carlo)
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  nomic simulate rulesets/scenarios/nomic-4-long.sim\n  nomic simulate game.sim --format jsonl --log game.jsonl --seed 3\n  nomic simulate game.sim --params\n  nomic simulate --monte-carlo 10000 --ruleset rulesets/nomic-4-long.md --players 5 --seed 1\n  nomic simulate --monte-carlo 2000 --ruleset rulesets/nomic-4-long.md --players 5 --proposal p340.md --plot what-if.svg\n\nExit status: 0 when every expectation holds, 1 when one fails, 2 for a script or ruleset error, 130 when Ctrl-C stops a Monte Carlo run (the games finished are reported)."
)]
pub(super) struct Args {
    /// The script to run
    #[arg(required_unless_present = "monte_carlo")]
    pub script: Option<PathBuf>,
    /// Also write the JSON Lines event log to this file
    #[arg(long, value_name = "FILE.jsonl")]
    pub log: Option<PathBuf>,
    /// What to print
    #[arg(long, value_enum, default_value = "pretty")]
    pub format: OutputFormat,
    /// Overrides the script's seed
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print the resolved parameters with provenance and the unmodelled rules
    #[arg(long, conflicts_with = "monte_carlo")]
    pub params: bool,
    /// Play N games with random voters
    #[arg(long, value_name = "N", requires_all = ["ruleset", "players"], conflicts_with = "script")]
    pub monte_carlo: Option<u64>,
    /// The ruleset for Monte Carlo games: a file, or a folder of rule files
    #[arg(long, value_name = "PATH")]
    pub ruleset: Option<PathBuf>,
    /// Players per Monte Carlo game
    #[arg(long, value_name = "K")]
    pub players: Option<u16>,
    /// Worker threads for Monte Carlo (results do not depend on it)
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// How Monte Carlo voters vote
    #[arg(long, value_enum, default_value = "random")]
    pub voters: Voters,
    /// Monte Carlo games stop without a winner after this many turns
    #[arg(long, value_name = "TURNS", default_value_t = 2000)]
    pub max_turns: u32,
    /// What-if: also play the same games on the ruleset as these proposals
    /// (the format of `nomic apply`) would leave it, and compare
    #[arg(long, value_name = "P.md", requires = "monte_carlo")]
    pub proposal: Vec<PathBuf>,
    /// Draw the game-length distribution and the win share by seat (SVG)
    #[arg(long, value_name = "FILE.svg", requires = "monte_carlo")]
    pub plot: Option<PathBuf>,
    #[command(flatten)]
    pub rates: rates::Rates,
}

/// Reads a ruleset into the form the runner needs, as every command reads
/// one: a file in its dialect (`nomic.toml` beside it, or inferred), or a
/// folder (one rule per file, or Agora's source). A folder's fingerprint is
/// that of its rules as JSON, since no one file holds them.
pub(super) fn load_ruleset(path: &Path) -> Result<RulesetSource, Failure> {
    if let Some(read) = super::io::read_folder(path)? {
        let ruleset = read.parsed.ruleset;
        let model = serde_json::to_vec(&ruleset.without_layout())
            .map_err(|err| Failure::message(format!("{}: {err}", path.display())))?;
        return Ok(RulesetSource {
            path: path.display().to_string(),
            ruleset,
            sha256: sim::load::sha256(&model),
        });
    }
    let (name, bytes) = read_input(path)?;
    let parsed = parse_input(&name, &bytes, &ReadOptions::default())?;
    Ok(RulesetSource {
        path: name,
        ruleset: parsed.ruleset,
        sha256: sim::load::sha256(&bytes),
    })
}

fn located(name: &str, text: &str, diagnostic: Diagnostic) -> Failure {
    Failure::Located {
        name: name.to_string(),
        text: text.to_string(),
        diagnostics: vec![diagnostic],
    }
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    if let Some(games) = args.monte_carlo {
        return monte_carlo::run(&args, games);
    }
    let Some(path) = &args.script else {
        return Err(Failure::message("give a script, or --monte-carlo N"));
    };
    let (name, bytes) = read_input(path)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::message(format!("{name}: the script is not UTF-8")))?;
    let lines = script::parse(&text).map_err(|e| located(&name, &text, e.to_diagnostic()))?;
    let ruleset_path =
        runner::ruleset_path(&lines).map_err(|e| located(&name, &text, e.to_diagnostic()))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let mut source = load_ruleset(&base.join(ruleset_path))?;
    // The log names the ruleset as the script does, so that the same script
    // and seed give the same bytes from whatever folder it is run.
    source.path = ruleset_path.to_string();
    if args.params {
        let engine = runner::setup(&lines, &source, args.seed)
            .map_err(|e| located(&name, &text, e.to_diagnostic()))?;
        print_stdout(&render::params_table(&engine.state))?;
        return Ok(ExitCode::SUCCESS);
    }
    let report = sim::run(&lines, &source, args.seed)
        .map_err(|e| located(&name, &text, e.to_diagnostic()))?;
    if let Some(log) = &args.log {
        nomic::output::write_atomic(log, render::jsonl(&report).as_bytes())
            .map_err(|e| Failure::message(format!("cannot write {}: {e}", log.display())))?;
    }
    let out = match args.format {
        OutputFormat::Json => {
            return Err(Failure::message(
                "--format json is for --monte-carlo; a script's log is --format jsonl",
            ))
        }
        OutputFormat::Pretty => render::pretty(&report),
        OutputFormat::Jsonl => render::jsonl(&report),
        OutputFormat::Summary => render::summary(&report),
    };
    print_stdout(&out)?;
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
