//! Help that the installed binary carries: `nomic help TOPIC`, `nomic help
//! COMMAND` and `nomic check --explain CODE`; messages point to these, not
//! to files of the repository.

use crate::Test;
use nomic::diagnostic::Code;

#[test]
fn the_topics_print_the_proposal_grammar_the_dialect_file_formats_and_codes() {
    Test::new()
        .args(["help", "proposals"])
        .run()
        .status(0)
        .stdout_contains("```ebnf")
        .stdout_contains("Amend Rule 108 to read:")
        .stdout_contains("In Rule 203, replace \"a simple majority\" with \"two thirds\".");
    Test::new()
        .args(["help", "dialects"])
        .run()
        .status(0)
        .stdout_contains("## The dialect file")
        .stdout_contains("nomic.toml");
    Test::new()
        .args(["help", "formats"])
        .run()
        .status(0)
        .stdout_contains("## md-long (canonical)");
    let codes = Test::new().args(["help", "codes"]).run().status(0);
    for code in Code::ALL {
        assert!(
            codes
                .stdout
                .lines()
                .any(|line| line.starts_with(code.code()) && line.contains(code.name())),
            "{} missing:\n{}",
            code.code(),
            codes.stdout
        );
    }
}

#[test]
fn help_on_a_command_is_its_long_help_and_help_alone_lists_the_topics() {
    let help = Test::new().args(["help", "check"]).run().status(0);
    let flag = Test::new().args(["check", "--help"]).run().status(0);
    assert_eq!(help.stdout, flag.stdout);
    Test::new()
        .arg("help")
        .run()
        .status(0)
        .stdout_contains("Usage: nomic")
        .stdout_contains("Help topics (`nomic help TOPIC`): proposals, dialects, formats, render, history, scripts, editor, engine, codes");
    Test::new()
        .args(["help", "nothing"])
        .run()
        .status(2)
        .stderr_contains("no help on `nothing`: the topics are proposals");
}

#[test]
fn every_code_is_explained_with_an_example_and_the_fix() {
    for code in Code::ALL {
        let out = Test::new()
            .args(["check", "--explain", code.code()])
            .run()
            .status(0);
        let head = format!(
            "{} {} ({} by default)\n\n",
            code.code(),
            code.name(),
            code.severity()
        );
        assert!(out.stdout.starts_with(&head), "{}", out.stdout);
        for part in ["\nExample:\n    ", "\nFix: ", "--allow"] {
            assert!(out.stdout.contains(part), "{part} in {}", out.stdout);
        }
        assert!(
            !out.stdout.lines().any(|l| l.ends_with(' ')),
            "{}",
            out.stdout
        );
    }
    let by_name = Test::new()
        .args(["check", "--explain", "dangling-reference"])
        .run()
        .status(0);
    assert!(by_name.stdout.contains("there is no rule 206"));
    Test::new()
        .args(["check", "--explain", "N000"])
        .run()
        .status(2)
        .stderr_contains("`N000` is not a finding code or name; `nomic help codes` lists them");
}

#[test]
fn messages_point_to_the_help_topics_not_to_files_of_the_repository() {
    let parse = Test::new()
        .file("notes.txt", "hello world\nthis is not a ruleset\n")
        .args(["parse", "notes.txt"])
        .run()
        .status(2)
        .stderr_contains("`nomic help dialects`");
    assert!(!parse.stderr.contains("docs/"), "{}", parse.stderr);
    let proposal = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file(
            "p.md",
            "# Proposal 342\n\nTransmute Rule 108 to flexible.\n",
        )
        .args(["apply", "rules.md", "p.md"])
        .run()
        .status(2)
        .stderr_contains("`nomic help proposals`");
    assert!(!proposal.stderr.contains("docs/"), "{}", proposal.stderr);
    let apply = Test::new().args(["apply", "--help"]).run().status(0);
    assert!(
        apply.stdout.contains("`nomic help proposals`"),
        "{}",
        apply.stdout
    );
    assert!(!apply.stdout.contains("docs/"), "{}", apply.stdout);
    // No command's help names a file of the repository either; the topics
    // the help points to print.
    let unknown = Test::new().args(["help", "nope"]).run().status(2);
    let commands = unknown
        .stderr
        .split("and the commands ")
        .nth(1)
        .expect("the commands are listed");
    let commands: Vec<&str> = commands.trim().split(", ").collect();
    assert!(commands.len() > 10, "{commands:?}");
    for command in commands {
        let help = Test::new().args([command, "--help"]).run().status(0);
        assert!(!help.stdout.contains("docs/"), "{command}: {}", help.stdout);
    }
    for (topic, heading) in [
        ("history", "# "),
        ("render", "## Templates"),
        ("scripts", "## Script format"),
        ("engine", "## Monte Carlo"),
    ] {
        Test::new()
            .args(["help", topic])
            .run()
            .status(0)
            .stdout_contains(heading);
    }
}

#[test]
fn topics_point_to_topics_and_commands_not_to_pages_the_binary_lacks() {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let topics = [
        "proposals",
        "dialects",
        "formats",
        "render",
        "history",
        "scripts",
        "editor",
        "engine",
    ];
    for topic in topics {
        let text = Test::new().args(["help", topic]).run().status(0).stdout;
        let mut in_code = false;
        for event in Parser::new(&text) {
            match event {
                Event::Start(Tag::Link { dest_url, .. }) => assert!(
                    dest_url.contains("://") || dest_url.starts_with('#'),
                    "{topic}: a link to {dest_url}, a page the binary does not have"
                ),
                Event::Start(Tag::CodeBlock(_)) => in_code = true,
                Event::End(TagEnd::CodeBlock) => in_code = false,
                Event::Text(words) if !in_code => {
                    // A page only the repository has is named as such.
                    for (at, _) in words.match_indices("docs/") {
                        assert!(
                            words[at..].contains(" in nomic's repository"),
                            "{topic}: `{words}` names a file of the repository"
                        );
                    }
                }
                _ => {}
            }
        }
    }
    // A link to a page with a topic becomes that topic.
    Test::new()
        .args(["help", "formats"])
        .run()
        .status(0)
        .stdout_contains("see `nomic help codes`), never a failure of the whole read");
}

#[test]
fn help_examples_never_wrap_in_the_middle_of_a_command() {
    let mut checked = 0;
    for command in crate::shell::commands(&[]) {
        let out = Test::new()
            .env("COLUMNS", "40")
            .args(&command)
            .arg("--help")
            .run()
            .status(0);
        let examples = out
            .stdout
            .lines()
            .skip_while(|line| !line.starts_with("Examples:"))
            .skip(1)
            .take_while(|line| !line.is_empty());
        for line in examples {
            assert!(
                line.starts_with("  nomic ") || line.starts_with("  #"),
                "{command:?}: an example broken at `{line}`:\n{}",
                out.stdout
            );
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
}

#[test]
fn agora_forms_asked_of_the_wrong_ruleset_say_what_to_do_instead() {
    let test = || Test::new().bundled_file("nomic-4-long.md", "rules.md");
    test()
        .args(["render", "rules.md", "--to", "agora-yaml"])
        .run()
        .status(2)
        .stderr_contains("agora-yaml is Agora's source folder")
        .stderr_contains("`nomic build SOURCE -o OUT`");
    test()
        .args(["render", "rules.md", "--to", "agora-flr"])
        .run()
        .status(2)
        .stderr_contains("agora-flr is a form of Agora's rules")
        .stderr_contains("write it as md-long, md-short, txt-long, txt-short or json instead");
}

#[test]
fn a_date_in_another_form_gets_the_accepted_forms() {
    Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file(
            "p.md",
            "# Proposal 342 (Ann), 24 Aug 2020\n\nRepeal Rule 213.\n",
        )
        .args(["apply", "rules.md", "p.md"])
        .run()
        .status(2)
        .stderr_contains("--> p.md:1:23")
        .stderr_contains(
            "expected a date such as `Aug 24, 2020`, `August 24, 2020` or `2020-08-24`",
        );
}
