//! Help that an installed binary carries: `nomic help [TOPIC|COMMAND]`
//! and `nomic check --explain CODE`. The topics are the sections of the
//! documentation that a moderator needs without the repository (built
//! into the binary from `docs/`); the codes come from their one table.

use super::io::{print_stdout, Failure};
use clap::{CommandFactory, FromArgMatches};
use nomic::diagnostic::Code;
use std::process::ExitCode;

/// Show help on a topic or a command
#[derive(Debug, clap::Args)]
#[command(after_help = "Topics:\n  \
    proposals  the proposal files `nomic apply` reads: grammar, operations, examples\n  \
    dialects   describing any community's layout in nomic.toml\n  \
    formats    the ruleset formats nomic reads and writes\n  \
    codes      every finding code of `nomic check`\n\n\
    Examples:\n  \
    nomic help proposals\n  \
    nomic help check\n  \
    nomic check --explain N401")]
pub(super) struct Args {
    /// A topic (proposals, dialects, formats, render, history, scripts,
    /// editor, engine, codes) or a command
    #[arg(value_name = "TOPIC")]
    pub topic: Option<String>,
}

/// A topic: its name, and the part of which document it prints.
struct Topic {
    name: &'static str,
    text: &'static str,
    /// The heading the topic starts at (none: the document's start).
    from: Option<&'static str>,
    /// The heading it ends before (none: the document's end).
    to: Option<&'static str>,
}

impl Topic {
    /// A topic that prints its whole document.
    const fn whole(name: &'static str, text: &'static str) -> Topic {
        Topic {
            name,
            text,
            from: None,
            to: None,
        }
    }
}

const TOPICS: &[Topic] = &[
    Topic {
        name: "proposals",
        text: include_str!("../../docs/amend.md"),
        from: Some("## Proposal files"),
        to: Some("## Numbering policy"),
    },
    Topic {
        name: "dialects",
        text: include_str!("../../docs/dialects.md"),
        from: None,
        to: Some("## Speed"),
    },
    Topic::whole("formats", include_str!("../../docs/formats.md")),
    Topic::whole("render", include_str!("../../docs/render.md")),
    Topic::whole("history", include_str!("../../docs/history.md")),
    Topic {
        name: "scripts",
        text: include_str!("../../docs/engine-design.md"),
        from: Some("## Script format"),
        to: Some("## Command line"),
    },
    Topic::whole("editor", include_str!("../../docs/editor.md")),
    Topic::whole("engine", include_str!("../../docs/engine.md")),
];

/// The topics' names, then `codes`, as a list in words.
fn topic_names(last: &str) -> String {
    let names: Vec<&str> = TOPICS.iter().map(|t| t.name).collect();
    format!("{}{last}codes", names.join(", "))
}

/// The width clap lays help out at when nothing says otherwise.
const WIDEST_HELP: usize = 100;

/// The command line, each command's help laid out at the terminal's width
/// (at most 100 columns), but never narrower than that command's widest
/// example: an example runs past the edge rather than being broken into
/// two lines that no longer paste as one command.
pub(super) fn command() -> clap::Command {
    let terminal = terminal_size::terminal_size()
        .map(|(width, _)| usize::from(width.0))
        .or_else(|| std::env::var("COLUMNS").ok()?.parse().ok())
        .unwrap_or(WIDEST_HELP)
        .min(WIDEST_HELP);
    // nomic's own help has no examples; a width set on it would be forced
    // on every command (clap hands a command's settings down).
    fit_subcommands(super::Cli::command(), terminal)
}

/// Each subcommand at its own width: a command's width is handed down to
/// its subcommands, so one with subcommands takes the widest of them all.
fn fit_subcommands(command: clap::Command, terminal: usize) -> clap::Command {
    let names: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    let mut command = command;
    for name in names {
        command = command.mut_subcommand(name, |sub| {
            let width = terminal.max(widest_example(&sub));
            fit_subcommands(sub, terminal).term_width(width)
        });
    }
    command
}

/// The command line as parsed (clap exits with usage on an error).
pub(super) fn parse() -> super::Cli {
    let matches = command().get_matches();
    super::Cli::from_arg_matches(&matches).unwrap_or_else(|err| err.exit())
}

/// The widest example line (`  nomic …`) of a command's help and of its
/// subcommands'.
fn widest_example(command: &clap::Command) -> usize {
    let own = command
        .get_after_help()
        .into_iter()
        .chain(command.get_after_long_help())
        .flat_map(|text| {
            text.to_string()
                .lines()
                .filter(|line| line.trim_start().starts_with("nomic "))
                .map(unicode_width::UnicodeWidthStr::width)
                .collect::<Vec<_>>()
        })
        .max()
        .unwrap_or(0);
    command
        .get_subcommands()
        .map(widest_example)
        .fold(own, usize::max)
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let mut cli = command();
    // Built, each command's usage names the binary (`nomic check`).
    cli.build();
    let Some(topic) = args.topic else {
        let mut out = cli.render_long_help().to_string();
        out.push_str(&format!(
            "\nHelp topics (`nomic help TOPIC`): {}; `nomic help COMMAND` for a command\n",
            topic_names(", ")
        ));
        print_stdout(&out)?;
        return Ok(ExitCode::SUCCESS);
    };
    if topic == "codes" {
        print_stdout(&codes())?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(found) = TOPICS.iter().find(|t| t.name == topic) {
        print_stdout(&for_the_binary(section(found)))?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(command) = cli.find_subcommand_mut(&topic) {
        print_stdout(&command.render_long_help().to_string())?;
        return Ok(ExitCode::SUCCESS);
    }
    let commands: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    Err(Failure::message(format!(
        "no help on `{topic}`: the topics are {}, and the commands {}",
        topic_names(" and "),
        commands.join(", ")
    )))
}

/// The part of a topic's document that the topic prints.
fn section(topic: &Topic) -> &'static str {
    let text = topic.text;
    let start = topic
        .from
        .and_then(|heading| text.find(&format!("\n{heading}\n")).map(|at| at + 1))
        .unwrap_or(0);
    let end = topic
        .to
        .and_then(|heading| {
            text[start..]
                .find(&format!("\n{heading}\n"))
                .map(|at| start + at + 1)
        })
        .unwrap_or(text.len());
    &text[start..end]
}

/// Where a page of `docs/` (or a section of it, `page.md#anchor`) is read
/// in an installed binary: its topic or command. The pages about nomic's
/// own design, which only the repository has, are named as its files.
fn in_the_binary(target: &str) -> String {
    let (page, anchor) = target.split_once('#').unwrap_or((target, ""));
    let page = page.rsplit('/').next().unwrap_or(page);
    let topic = match (page, anchor) {
        ("amend.md", _) => "`nomic help proposals`",
        ("dialects.md", _) => "`nomic help dialects`",
        ("formats.md", _) => "`nomic help formats`",
        ("render.md", _) => "`nomic help render`",
        ("history.md", _) => "`nomic help history`",
        ("engine-design.md", "script-format") => "`nomic help scripts`",
        ("editor.md", _) => "`nomic help editor`",
        ("engine.md", _) => "`nomic help engine`",
        ("check.md", _) => "`nomic help codes`",
        ("diff.md", _) => "`nomic diff --help`",
        ("site.md", _) => "`nomic site --help`",
        _ => {
            let path = target.split('#').next().unwrap_or(target);
            return format!("docs/{path} in nomic's repository");
        }
    };
    topic.to_string()
}

/// A topic's text as the binary prints it: a link to another page of the
/// documentation, or a mention of a page of `docs/`, becomes the topic or
/// command that prints that page (the binary has no `docs/`); a page that
/// only the repository has is named as such. Code keeps its examples.
fn for_the_binary(text: &str) -> String {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut link: Option<(
        std::ops::Range<usize>,
        String,
        Option<std::ops::Range<usize>>,
    )> = None;
    let mut in_code = false;
    for (event, range) in Parser::new(text).into_offset_iter() {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) => {
                link = Some((range, dest_url.to_string(), None));
            }
            Event::End(TagEnd::Link) => {
                let Some((whole, dest, label)) = link.take() else {
                    continue;
                };
                let page = dest.split('#').next().unwrap_or("");
                let local =
                    !page.is_empty() && !dest.contains("://") && !dest.starts_with("mailto:");
                if !local {
                    continue;
                }
                let label = label.map_or("", |label| &text[label]);
                let named = page.rsplit('/').next().unwrap_or(page);
                let place = in_the_binary(&dest);
                let replaced = if label == page || label == named || label.is_empty() {
                    place
                } else {
                    format!("{label} ({place})")
                };
                edits.push((whole, replaced));
            }
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(_) | Event::Code(_) => {
                if let Some((_, _, label)) = &mut link {
                    let start = label.as_ref().map_or(range.start, |l| l.start);
                    *label = Some(start..range.end);
                } else if !in_code {
                    for (at, _) in text[range.clone()].match_indices("docs/") {
                        let from = range.start + at;
                        let rest = &text[from + "docs/".len()..range.end];
                        let page: String = rest
                            .chars()
                            .take_while(|c| {
                                c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')
                            })
                            .collect();
                        let page = page.trim_end_matches('.');
                        if page.ends_with(".md") {
                            let end = from + "docs/".len() + page.len();
                            // A mention in a code span loses its backticks with it.
                            let span =
                                if text[..from].ends_with('`') && text[end..].starts_with('`') {
                                    from - 1..end + 1
                                } else {
                                    from..end
                                };
                            edits.push((span, in_the_binary(page)));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = text.to_string();
    edits.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
    for (range, replacement) in edits {
        out.replace_range(range, &replacement);
    }
    out
}

/// Every code, one a line: code, name, severity, what it means.
fn codes() -> String {
    let mut out = String::new();
    for code in Code::ALL {
        out.push_str(&format!(
            "{}  {:<32} {:<7}  {}\n",
            code.code(),
            code.name(),
            code.severity().to_string(),
            code.summary()
        ));
    }
    out.push_str("\n`nomic check --explain CODE` explains one, with an example and the fix.\n");
    out
}

/// `nomic check --explain CODE`: what the code means, an example, the fix,
/// and how to set its level.
pub(super) fn explain(name: &str) -> Result<ExitCode, Failure> {
    let Some(code) = Code::from_code(name) else {
        return Err(Failure::message(format!(
            "`{name}` is not a finding code or name; `nomic help codes` lists them"
        )));
    };
    print_stdout(&explanation(code))?;
    Ok(ExitCode::SUCCESS)
}

fn explanation(code: Code) -> String {
    let example: String = code
        .example()
        .lines()
        .map(|line| {
            if line.is_empty() {
                "\n".to_string()
            } else {
                format!("    {line}\n")
            }
        })
        .collect();
    let comment = if code.code().starts_with('A') {
        String::new()
    } else {
        format!(
            "; in one rule with `<!-- nomic: allow {} -->` (Markdown) or a \
             `[nomic: allow {}]` line (text forms)",
            code.code(),
            code.code()
        )
    };
    format!(
        "{code} {name} ({severity} by default)\n\n\
         {summary}.\n\n\
         Example:\n{example}\n\
         Fix: {fix}.\n\n\
         Set its level with `--allow`, `--warn` or `--deny` {code} (or {name}), or in the \
         [check] table of nomic.toml{comment}.\n",
        code = code.code(),
        name = code.name(),
        severity = code.severity(),
        summary = capitalized(code.summary()),
        fix = code.fix(),
    )
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
