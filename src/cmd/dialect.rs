//! `nomic dialect`: the dialect file of a ruleset in another community's layout.

use super::io::{json_document, print_stdout, read_input, Failure};
use nomic::parse::{self, dialect, ReadOptions};
use std::path::PathBuf;
use std::process::ExitCode;

/// Describe a community's ruleset layout as a dialect file
#[derive(Debug, clap::Subcommand)]
pub(super) enum Command {
    /// Print the dialect inferred from a ruleset, as a dialect file to keep
    /// (as `nomic.toml` beside it) and edit
    #[command(
        after_help = "Examples:\n  nomic dialect infer RULES.md > nomic.toml\n  \
                            nomic dialect infer README.md --yaml > dialect.yaml\n  \
                            nomic parse RULES.md --dialect dialect.yaml"
    )]
    Infer(InferArgs),
    /// Read a folder of rule files (one rule per file) as one ruleset and
    /// print it as JSON; `--check` also verifies that it writes back to the
    /// same files
    #[command(after_help = "Examples:\n  nomic dialect folder rules/\n  \
                            nomic dialect folder . --check")]
    Folder(FolderArgs),
}

#[derive(Debug, clap::Args)]
pub(super) struct FolderArgs {
    /// The folder (`rules/rule101.md` with a `RULE:` front matter, or
    /// `immutable_rules/101_Title.md`)
    pub dir: PathBuf,
    /// The ruleset's title
    #[arg(long, default_value = "Rules")]
    pub title: String,
    /// Exit 1 if writing the ruleset back would change any file
    #[arg(long)]
    pub check: bool,
}

#[derive(Debug, clap::Args)]
pub(super) struct InferArgs {
    /// The ruleset (`-` for standard input)
    pub file: PathBuf,
    /// Print YAML instead of TOML
    #[arg(long)]
    pub yaml: bool,
}

pub(super) fn run(command: Command) -> Result<ExitCode, Failure> {
    match command {
        Command::Infer(args) => infer(&args),
        Command::Folder(args) => folder(&args),
    }
}

fn folder(args: &FolderArgs) -> Result<ExitCode, Failure> {
    let read = dialect::read_folder(&args.dir).map_err(|err| Failure::message(err.to_string()))?;
    let ruleset = dialect::folder_ruleset(&args.title, &read);
    if args.check {
        let changed: Vec<String> = dialect::write_folder(&read, &ruleset, &Default::default())
            .files
            .into_iter()
            .filter(|(path, text)| {
                std::fs::read_to_string(args.dir.join(path)).ok().as_deref() != Some(text)
            })
            .map(|(path, _)| path.display().to_string())
            .collect();
        if !changed.is_empty() {
            eprintln!("would change: {}", changed.join(", "));
            return Ok(ExitCode::from(1));
        }
    }
    print_stdout(&json_document(&ruleset.without_layout())?)?;
    Ok(ExitCode::SUCCESS)
}

fn infer(args: &InferArgs) -> Result<ExitCode, Failure> {
    if args.file.is_dir() {
        let dir = args.file.display();
        return Err(Failure::message(format!(
            "{dir} is a folder: a folder of rule files needs no dialect file (one rule per file, \
             its identifier from a `RULE:` or `number:` field or the file name); \
             `nomic dialect folder {dir}` prints how it reads, and every command takes the folder"
        )));
    }
    let (name, bytes) = read_input(&args.file)?;
    let options = ReadOptions::default();
    let text = parse::error_source(&bytes, &options);
    let candidate =
        dialect::infer(&text).map_err(|err| Failure::message(format!("{name}: {err}")))?;
    let file = if args.yaml {
        dialect::to_yaml(&candidate.dialect)
    } else {
        dialect::to_toml(&candidate.dialect)
    };
    let found: String = candidate
        .findings
        .iter()
        .map(|finding| format!("#   {finding}\n"))
        .collect();
    let comment = format!(
        "# The dialect of {name}: {}, {} rules ({} to {}; {}% sure).\n# Found:\n{found}# Keep it as nomic.toml beside the ruleset, or pass it with --dialect; see `nomic help dialects`.\n",
        candidate.dialect.start_kind(),
        candidate.rules,
        candidate.first,
        candidate.last,
        candidate.confidence
    );
    print_stdout(&format!("{comment}{file}"))?;
    Ok(ExitCode::SUCCESS)
}
