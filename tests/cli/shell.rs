//! `nomic completions SHELL` and `nomic man [COMMAND]`: the scripts parse
//! in their shells and complete commands and flags, and every manual page
//! passes the roff linters. A shell or linter that is not installed skips
//! its part with a loud message; with `CI` set it fails the test instead
//! (.ci/run installs them).

use crate::Test;
use std::path::Path;
use std::process::Command;

/// Whether `tool` is on the PATH; if not, says so loudly, or fails in CI.
fn installed(tool: &str) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        crate::skip::skipped(
            tool,
            "its part of the shell tests is",
            "apt-get install -y zsh fish mandoc groff",
        );
    }
    found
}

/// Runs `program args` in `dir`; its stdout, stderr and whether it succeeded.
fn run_in(dir: &Path, program: &str, args: &[&str]) -> (String, String, bool) {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|err| panic!("{program}: {err}"));
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

/// The script of `shell`, written into the test's folder as `file`.
fn script(shell: &str, file: &str) -> crate::test::Output {
    let out = Test::new().args(["completions", shell]).run().status(0);
    std::fs::write(out.dir.path().join(file), &out.stdout).unwrap();
    out
}

/// What bash completes for the words typed so far.
fn bash_completes(dir: &Path, words: &[&str]) -> Vec<String> {
    let line = words.join(" ");
    let program = format!(
        "source ./nomic.bash; COMP_WORDS=({line}); COMP_CWORD={}; \
         _nomic nomic '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        words.len() - 1,
        words[words.len() - 1],
        words[words.len() - 2],
    );
    let (stdout, stderr, ok) = run_in(dir, "bash", &["-c", &program]);
    assert!(ok && stderr.is_empty(), "{stderr}");
    stdout.lines().map(str::to_string).collect()
}

#[test]
fn the_bash_script_parses_and_completes_commands_flags_and_values() {
    let out = script("bash", "nomic.bash");
    let dir = out.dir.path();
    let (_, stderr, ok) = run_in(dir, "bash", &["-n", "nomic.bash"]);
    assert!(ok, "bash -n: {stderr}");
    assert_eq!(bash_completes(dir, &["nomic", "che"]), ["check"]);
    assert_eq!(bash_completes(dir, &["nomic", "compl"]), ["completions"]);
    let flags = bash_completes(dir, &["nomic", "check", "--st"]);
    assert_eq!(flags, ["--statistics"]);
    let formats = bash_completes(dir, &["nomic", "check", "--format", ""]);
    assert_eq!(formats, ["human", "json", "github", "sarif"]);
    // Finding codes and names, from the library's list of codes.
    assert_eq!(
        bash_completes(dir, &["nomic", "check", "--allow", "N40"]),
        ["N401"]
    );
    let names = bash_completes(dir, &["nomic", "check", "--explain", "dangling"]);
    assert_eq!(names, ["dangling-reference"]);
    let every = bash_completes(dir, &["nomic", "check", "--deny", "warn"]);
    assert_eq!(every, ["warnings"]);
    // `warnings` can only be denied, so `--allow` does not offer it.
    let allow = bash_completes(dir, &["nomic", "check", "--allow", ""]);
    assert!(allow.contains(&"N703".to_string()) && !allow.contains(&"warnings".to_string()));
}

#[test]
fn the_zsh_fish_and_powershell_scripts_parse() {
    for (shell, file, check) in [("zsh", "_nomic", "zsh"), ("fish", "nomic.fish", "fish")] {
        let out = script(shell, file);
        assert!(out.stdout.contains("check"), "{}", out.stdout);
        if installed(check) {
            let (_, stderr, ok) = run_in(out.dir.path(), check, &["-n", file]);
            assert!(ok, "{check} -n: {stderr}");
        }
        if shell == "fish" && installed("fish") {
            // Codes come with what they mean.
            let program = "source nomic.fish; complete -C 'nomic check --allow N40'";
            let (stdout, stderr, ok) = run_in(out.dir.path(), "fish", &["-c", program]);
            assert!(ok, "{stderr}");
            assert_eq!(
                stdout,
                "N401\ta rule cites a rule that is not in the ruleset\n"
            );
        }
    }
    let powershell = script("powershell", "nomic.ps1");
    assert!(powershell
        .stdout
        .contains("Register-ArgumentCompleter -Native -CommandName 'nomic'"));
}

/// Every command's path: `check`, `dialect infer`… from `--help`'s lists.
pub(crate) fn commands(prefix: &[&str]) -> Vec<Vec<String>> {
    let mut args: Vec<&str> = prefix.to_vec();
    args.push("--help");
    let help = Test::new().args(&args).run().status(0).stdout;
    let listed: Vec<String> = help
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect();
    let mut all = Vec::new();
    for name in listed {
        let mut path: Vec<String> = prefix.iter().map(|s| (*s).to_string()).collect();
        path.push(name);
        let words: Vec<&str> = path.iter().map(String::as_str).collect();
        all.extend(commands(&words));
        all.push(path);
    }
    all
}

#[test]
fn every_manual_page_passes_mandoc_and_groff() {
    let mut pages = commands(&[]);
    pages.push(Vec::new());
    assert!(pages.len() > 15, "{pages:?}");
    assert!(pages.contains(&vec!["dialect".to_string(), "infer".to_string()]));
    let (mandoc, groff) = (installed("mandoc"), installed("groff"));
    for page in &pages {
        let out = Test::new().arg("man").args(page).run().status(0);
        let title = std::iter::once("nomic")
            .chain(page.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("-");
        assert!(
            out.stdout.contains(&format!(".TH {title} 1 2")),
            "a page has its title and a date: {}",
            out.stdout
        );
        assert!(out.stdout.is_ascii(), "{title}: not ASCII roff");
        std::fs::write(out.dir.path().join("page.1"), &out.stdout).unwrap();
        if mandoc {
            let (stdout, stderr, ok) = run_in(
                out.dir.path(),
                "mandoc",
                &["-Tlint", "-W", "warning", "page.1"],
            );
            assert!(ok && stdout.is_empty(), "mandoc {title}: {stdout}{stderr}");
        }
        if groff {
            let (_, stderr, ok) = run_in(out.dir.path(), "groff", &["-ww", "-z", "-man", "page.1"]);
            assert!(ok && stderr.is_empty(), "groff {title}: {stderr}");
        }
    }
    let check = Test::new().args(["man", "check"]).run().status(0);
    assert!(check.stdout.contains("\\-\\-allow"), "{}", check.stdout);
    Test::new()
        .args(["man", "nothing"])
        .run()
        .status(2)
        .stderr_contains("`nomic` has no command `nothing`; its commands are parse,");
}
