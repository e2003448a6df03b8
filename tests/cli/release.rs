//! Installing without a compiler, the GitHub Action, the pre-commit hooks
//! and the release workflow: the scripts run here with fake Actions files
//! and a release served from a folder, the YAML is validated against the
//! schemas `check-jsonschema` ships (offline), and the release plan is held
//! to the install script and to `Cargo.toml`'s version. A tool that is not
//! installed skips its part loudly; with `CI` set it fails the test
//! (.ci/run installs them).

use serde_norway::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap()
}

/// Whether `tool` is on the PATH; if not, says so loudly, or fails in CI.
fn installed(tool: &str, install: &str) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        crate::skip::skipped(tool, "its part of the release tests is", install);
    }
    found
}

/// The folder of the `nomic` binary under test, first on a PATH.
pub(crate) fn path_with_nomic() -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_nomic")).parent().unwrap();
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn cargo_version() -> String {
    repo_file("Cargo.toml")
        .lines()
        .find_map(|line| line.strip_prefix("version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap()
        .to_string()
}

#[test]
fn the_action_and_the_workflows_are_valid_against_their_schemas() {
    if !installed("check-jsonschema", "pip install check-jsonschema") {
        return;
    }
    for (schema, file) in [
        ("vendor.github-actions", "action.yml"),
        ("vendor.github-workflows", ".github/workflows/release.yml"),
        ("vendor.github-workflows", "docs/examples/nomic-action.yml"),
        ("vendor.github-workflows", "docs/examples/nomic-check.yml"),
        ("vendor.github-workflows", "docs/examples/nomic-pages.yml"),
    ] {
        let out = Command::new("check-jsonschema")
            .args(["--builtin-schema", schema, file])
            .current_dir(ROOT)
            .output()
            .unwrap();
        assert!(out.status.success(), "{file}: {}", text(&out));
    }
    // The action runs the scripts it ships, and the guide shows it as used.
    let action: Value = serde_norway::from_str(&repo_file("action.yml")).unwrap();
    let steps = action["runs"]["steps"].as_sequence().unwrap();
    for script in ["scripts/action-install.sh", "scripts/action-check.sh"] {
        assert!(Path::new(ROOT).join(script).is_file());
        assert!(
            steps
                .iter()
                .any(|s| s["run"].as_str().is_some_and(|r| r.contains(script))),
            "action.yml does not run {script}"
        );
    }
    let example = repo_file("docs/examples/nomic-action.yml");
    assert!(repo_file("docs/ci.md").contains(&format!("```yaml\n{example}```")));
}

#[test]
fn the_release_plan_builds_what_the_install_script_fetches_and_follows_the_version() {
    let workflow = repo_file(".github/workflows/release.yml");
    let yaml: Value = serde_norway::from_str(&workflow).unwrap();
    let tags = &yaml["on"]["push"]["tags"][0];
    assert_eq!(tags.as_str(), Some("v[0-9]+.[0-9]+.[0-9]+"));
    let matrix = yaml["jobs"]["build"]["strategy"]["matrix"]["include"]
        .as_sequence()
        .unwrap();
    let of_each = |key: &str| -> Vec<&str> {
        matrix
            .iter()
            .map(|entry| entry[key].as_str().unwrap())
            .collect()
    };
    let built = of_each("target");
    for os in ["linux", "apple", "windows"] {
        assert!(
            built.iter().any(|t| t.contains(os)),
            "no {os} build: {built:?}"
        );
    }
    let script = repo_file("scripts/install.sh");
    let fetched: Vec<&str> = script
        .lines()
        .filter_map(|line| {
            line.split_once("NOMIC_TARGET=")?
                .1
                .split_whitespace()
                .next()
        })
        .collect();
    assert_eq!(fetched.len(), built.len(), "{fetched:?}");
    for target in &fetched {
        assert!(
            built.contains(target),
            "install.sh fetches {target}, which is never built"
        );
    }
    // One name for each asset, in the workflow and the script alike.
    for name in [
        "nomic-$NOMIC_TARGET.tar.gz",
        "nomic-$NOMIC_TARGET.zip",
        "$archive.sha256",
    ] {
        assert!(script.contains(name), "install.sh: {name}");
    }
    for name in [
        "archive=nomic-${{ matrix.target }}.tar.gz",
        "archive=nomic-${{ matrix.target }}.zip",
        "\"$archive\" > \"$archive.sha256\"",
    ] {
        assert!(workflow.contains(name), "release.yml: {name}");
    }
    // Every build runs on a runner GitHub still offers.
    let runners = of_each("os");
    for retired in ["macos-12", "macos-13", "ubuntu-20.04", "windows-2019"] {
        assert!(!runners.contains(&retired), "retired runner {retired}");
    }
    // The install script is published naming the repository it comes from:
    // the publish step's own command, run here on the script.
    let publish = workflow
        .lines()
        .map(str::trim)
        .find(|line| line.starts_with("sed ") && line.contains("install.sh"))
        .expect("the publish step writes install.sh with sed");
    let dist = tempfile::tempdir().unwrap();
    std::fs::create_dir(dist.path().join("dist")).unwrap();
    std::fs::create_dir(dist.path().join("scripts")).unwrap();
    std::fs::write(dist.path().join("scripts/install.sh"), &script).unwrap();
    let out = Command::new("sh")
        .args(["-c", publish])
        .current_dir(dist.path())
        .env("GITHUB_REPOSITORY", "acme/nomic")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    let published = std::fs::read_to_string(dist.path().join("dist/install.sh")).unwrap();
    assert!(!published.contains("OWNER"), "{published}");
    assert!(published.contains("https://github.com/acme/nomic/releases"));
    // Tags follow Cargo.toml: the plan refuses another, and the docs use them.
    assert!(workflow.contains("test \"$GITHUB_REF_NAME\" = \"v$version\""));
    let version = cargo_version();
    let major = version.split('.').next().unwrap();
    let guide = repo_file("docs/ci.md");
    assert!(
        guide.contains(&format!("rev: v{version}\n")),
        "pre-commit rev"
    );
    assert!(
        guide.contains(&format!("uses: OWNER/nomic@v{major}\n")),
        "action tag"
    );
}

/// A release as GitHub serves it, in a folder: the real binary packed as
/// the workflow packs it, with its checksum.
fn fake_release(dir: &Path, version: &str, target: &str) -> PathBuf {
    let assets = dir.join("releases/download").join(version);
    std::fs::create_dir_all(&assets).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_nomic"), assets.join("nomic")).unwrap();
    let archive = format!("nomic-{target}.tar.gz");
    let pack =
        format!("tar -czf {archive} nomic && sha256sum {archive} > {archive}.sha256 && rm nomic");
    let out = Command::new("sh")
        .args(["-c", &pack])
        .current_dir(&assets)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    assets.join(archive)
}

#[test]
fn the_install_script_installs_the_checked_binary_and_refuses_a_wrong_checksum() {
    if !installed("curl", "apt-get install -y curl") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let target = "x86_64-unknown-linux-gnu";
    let archive = fake_release(dir.path(), "v9.9.9", target);
    let install = |into: &str| {
        Command::new("sh")
            .arg(Path::new(ROOT).join("scripts/install.sh"))
            .env(
                "NOMIC_RELEASES",
                format!("file://{}/releases", dir.path().display()),
            )
            .env("NOMIC_VERSION", "v9.9.9")
            .env("NOMIC_TARGET", target)
            .env("NOMIC_INSTALL_DIR", dir.path().join(into))
            .output()
            .unwrap()
    };
    let out = install("bin");
    assert!(out.status.success(), "{}", text(&out));
    let installed = dir.path().join("bin/nomic");
    let version = Command::new(&installed).arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&version.stdout),
        format!("nomic {}\n", cargo_version())
    );
    assert!(
        text(&out).contains("nomic: installed nomic "),
        "{}",
        text(&out)
    );
    // A tampered archive is refused, and nothing is installed.
    let mut bytes = std::fs::read(&archive).unwrap();
    bytes.push(0);
    std::fs::write(&archive, bytes).unwrap();
    let out = install("other");
    assert!(!out.status.success());
    assert!(
        text(&out).contains("does not match its published SHA-256"),
        "{}",
        text(&out)
    );
    assert!(!dir.path().join("other/nomic").exists());
}

/// Runs the action's entrypoint in `dir` with fake Actions files; its
/// status, its stdout, the outputs and the summary it wrote.
fn action(dir: &Path, env: &[(&str, &str)]) -> (i32, String, String, String) {
    std::fs::write(dir.join("output"), "").unwrap();
    std::fs::write(dir.join("summary"), "").unwrap();
    let out = Command::new("bash")
        .arg(Path::new(ROOT).join("scripts/action-check.sh"))
        .current_dir(dir)
        .env("PATH", path_with_nomic())
        .env("NO_COLOR", "1")
        .env("GITHUB_OUTPUT", dir.join("output"))
        .env("GITHUB_STEP_SUMMARY", dir.join("summary"))
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        std::fs::read_to_string(dir.join("output")).unwrap(),
        std::fs::read_to_string(dir.join("summary")).unwrap(),
    )
}

#[test]
fn the_action_annotates_counts_and_summarises_the_findings() {
    if !installed("jq", "apt-get install -y jq") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fixtures = Path::new(ROOT).join("tests/fixtures/check");
    std::fs::create_dir_all(dir.path().join("images")).unwrap();
    std::fs::copy(
        fixtures.join("images/303.png"),
        dir.path().join("images/303.png"),
    )
    .unwrap();
    for name in ["dangling-reference.bad.md", "missing-blank-line.bad.md"] {
        std::fs::copy(fixtures.join(name), dir.path().join(name)).unwrap();
    }
    let (status, stdout, output, summary) = action(dir.path(), &[]);
    assert_eq!(status, 1, "{stdout}{summary}");
    assert!(
        stdout.contains("::error file=dangling-reference.bad.md,line=40,col=44,"),
        "{stdout}"
    );
    assert!(
        stdout.contains("::warning file=missing-blank-line.bad.md,"),
        "{stdout}"
    );
    assert_eq!(output, "errors=1\nwarnings=1\n");
    assert!(
        summary.starts_with("## nomic check\n\nFiles checked: 2. Errors: **1**. Warnings: 1.\n"),
        "{summary}"
    );
    assert!(
        summary.contains("| 1 | `N401` | dangling-reference |"),
        "{summary}"
    );
    assert!(
        summary.contains("| 1 | `N703` | missing-blank-line |"),
        "{summary}"
    );
    let worst =
        summary.find("- **error** `N401` dangling-reference.bad.md:40: rule 303 cites rule 206");
    let next = summary.find("- **warning** `N703` missing-blank-line.bad.md:");
    assert!(worst.is_some() && worst < next, "{summary}");
    // Arguments reach `nomic check`; the published files may be checked too.
    let (status, _, output, _) = action(
        dir.path(),
        &[
            ("NOMIC_PATHS", "dangling-reference.bad.md"),
            ("NOMIC_ARGS", "--allow N401"),
        ],
    );
    assert_eq!((status, output.as_str()), (0, "errors=0\nwarnings=0\n"));
    let (status, _, _, summary) = action(
        dir.path(),
        &[
            ("NOMIC_PATHS", "dangling-reference.bad.md"),
            ("NOMIC_ARGS", "--allow N401"),
            ("NOMIC_BUILD_CHECK", "dangling-reference.bad.md"),
            ("NOMIC_BUILD_OUTPUT", "published"),
        ],
    );
    assert_eq!(status, 1, "{summary}");
    assert!(
        summary.contains("the published files are not up to date"),
        "{summary}"
    );
    // One path per line: a name may hold spaces.
    std::fs::copy(
        dir.path().join("missing-blank-line.bad.md"),
        dir.path().join("our rules.md"),
    )
    .unwrap();
    let (status, stdout, output, _) = action(
        dir.path(),
        &[("NOMIC_PATHS", "our rules.md\n  dangling-reference.bad.md\n")],
    );
    assert_eq!(
        (status, output.as_str()),
        (1, "errors=1\nwarnings=1\n"),
        "{stdout}"
    );
    assert!(stdout.contains("::warning file=our rules.md,"), "{stdout}");
    // A file that does not exist is annotated and listed, never counted
    // as checked.
    let (status, stdout, _, summary) = action(
        dir.path(),
        &[("NOMIC_PATHS", "missing-blank-line.bad.md gone.md")],
    );
    assert_eq!(status, 2, "{summary}");
    assert!(
        stdout.contains("::error file=gone.md,line=1,col=1,"),
        "{stdout}"
    );
    assert!(
        summary.starts_with(
            "## nomic check\n\nFiles checked: 1. Errors: **0**. Warnings: 1.\n\n\
             Not checked: 1.\n\n- `gone.md`: gone.md does not exist\n"
        ),
        "{summary}"
    );
}

/// Runs the action's install step as the runner does: from the folder it
/// checked the action out to, with a release served from a folder.
fn action_install(action_path: &Path, server: &Path, env: &[(&str, &str)]) -> Output {
    action_install_from(action_path, &action_path.display().to_string(), server, env)
}

/// [`action_install`] with `GITHUB_ACTION_PATH` spelled `given` (as a
/// Windows runner spells it, with backslashes).
fn action_install_from(
    action_path: &Path,
    given: &str,
    server: &Path,
    env: &[(&str, &str)],
) -> Output {
    let scripts = action_path.join("scripts");
    std::fs::create_dir_all(&scripts).unwrap();
    for script in ["install.sh", "action-install.sh"] {
        std::fs::copy(
            Path::new(ROOT).join("scripts").join(script),
            scripts.join(script),
        )
        .unwrap();
    }
    let github_path = action_path.join("github-path");
    std::fs::write(&github_path, "").unwrap();
    Command::new("bash")
        .arg(scripts.join("action-install.sh"))
        .env("GITHUB_ACTION_PATH", given)
        .env("GITHUB_PATH", &github_path)
        .env("GITHUB_SERVER_URL", format!("file://{}", server.display()))
        .env("NOMIC_VERSION", "v9.9.9")
        .env("NOMIC_TARGET", "x86_64-unknown-linux-gnu")
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

#[test]
fn the_action_installs_the_release_of_the_repository_it_was_taken_from() {
    if !installed("curl", "apt-get install -y curl") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let server = dir.path().join("server");
    let target = "x86_64-unknown-linux-gnu";
    fake_release(&server.join("acme/nomic"), "v9.9.9", target);
    // `uses: acme/nomic@v0`: the runner's folder names the repository, as
    // `github.action_repository` may be empty in a composite action.
    let taken = dir.path().join("work/_actions/acme/nomic/v0");
    let bin = dir.path().join("bin");
    let out = action_install(
        &taken,
        &server,
        &[("NOMIC_INSTALL_DIR", bin.to_str().unwrap())],
    );
    assert!(out.status.success(), "{}", text(&out));
    let version = Command::new(bin.join("nomic"))
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&version.stdout),
        format!("nomic {}\n", cargo_version())
    );
    assert_eq!(
        std::fs::read_to_string(taken.join("github-path")).unwrap(),
        format!("{}\n", bin.display())
    );
    // `uses: ./` in the action's own repository: the workflow's repository.
    let own = dir.path().join("checkout");
    let other_bin = dir.path().join("other-bin");
    let out = action_install(
        &own,
        &server,
        &[
            ("NOMIC_INSTALL_DIR", other_bin.to_str().unwrap()),
            ("GITHUB_REPOSITORY", "acme/nomic"),
        ],
    );
    assert!(out.status.success(), "{}", text(&out));
    assert!(other_bin.join("nomic").is_file());
    // A Windows runner's folder, with backslashes, names the repository too.
    let windows = dir.path().join("windows/_actions/acme/nomic/v0");
    let windows_bin = dir.path().join("windows-bin");
    let out = action_install_from(
        &windows,
        &windows.display().to_string().replace('/', "\\"),
        &server,
        &[("NOMIC_INSTALL_DIR", windows_bin.to_str().unwrap())],
    );
    assert!(out.status.success(), "{}", text(&out));
    assert!(windows_bin.join("nomic").is_file());
    // Another repository has no such release: nothing is installed.
    let elsewhere = dir.path().join("work/_actions/someone/else/v0");
    let none = dir.path().join("no-bin");
    let out = action_install(
        &elsewhere,
        &server,
        &[("NOMIC_INSTALL_DIR", none.to_str().unwrap())],
    );
    assert!(!out.status.success(), "{}", text(&out));
    assert!(!none.join("nomic").exists());
}

#[test]
fn the_hooks_print_for_people_locally_and_never_let_fmt_touch_a_text_form() {
    let hooks: Value = serde_norway::from_str(&repo_file(".pre-commit-hooks.yaml")).unwrap();
    let hook = |id: &str| {
        hooks
            .as_sequence()
            .unwrap()
            .iter()
            .find(|h| h["id"].as_str() == Some(id))
            .unwrap()
            .clone()
    };
    let dir = tempfile::tempdir().unwrap();
    let fixture = Path::new(ROOT).join("tests/fixtures/check/missing-blank-line.bad.md");
    std::fs::copy(fixture, dir.path().join("rules.md")).unwrap();
    let check = hook("nomic-check");
    let entry = check["entry"].as_str().unwrap();
    let run = |actions: Option<&str>| {
        let mut command = Command::new("sh");
        command
            .args(["-c", &format!("{entry} rules.md")])
            .current_dir(dir.path())
            .env("PATH", path_with_nomic())
            .env("NO_COLOR", "1")
            .env_remove("GITHUB_ACTIONS");
        if let Some(value) = actions {
            command.env("GITHUB_ACTIONS", value);
        }
        text(&command.output().unwrap())
    };
    let local = run(None);
    assert!(
        local.contains("warning[N703]") && !local.contains("::warning"),
        "{local}"
    );
    let in_actions = run(Some("true"));
    assert!(
        in_actions.starts_with("::warning file=rules.md,"),
        "{in_actions}"
    );
    if installed("python3", "apt-get install -y python3") {
        let matches = |pattern: &str, path: &str| {
            let program =
                "import re, sys; sys.exit(0 if re.search(sys.argv[1], sys.argv[2]) else 1)";
            Command::new("python3")
                .args(["-c", program, pattern, path])
                .status()
                .unwrap()
                .success()
        };
        let check_files = check["files"].as_str().unwrap();
        for path in ["rules-l.md", "game/rules-s.txt", "ruleset.json"] {
            assert!(matches(check_files, path), "nomic-check skips {path}");
        }
        for id in ["nomic-fmt", "nomic-fmt-check"] {
            let files = hook(id)["files"].as_str().unwrap().to_string();
            assert!(matches(&files, "rules-l.md"), "{id} skips rules-l.md");
            for text_form in ["rules-l.txt", "game/rules-s.txt", "rules/txt/101.txt"] {
                assert!(
                    !matches(&files, text_form),
                    "{id} would rewrite {text_form}"
                );
            }
        }
    }
    if installed("pre-commit", "pip install pre-commit") {
        let out = Command::new("pre-commit")
            .args(["validate-manifest", ".pre-commit-hooks.yaml"])
            .current_dir(ROOT)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out));
    }
}

/// `pre-commit try-repo` on this repository: pre-commit builds nomic as a
/// user's machine would (`language: rust`, `cargo install` from the
/// checkout, uncommitted changes included) and runs every hook on a
/// Markdown ruleset and a text form. The build is quicker without
/// optimisation and kept in target/pre-commit between runs; it needs
/// crates.io, which cargo reaches with the `CARGO_HOME` pre-commit gives it.
///
/// It takes a minute and a half (the copy's path is new on every run, so
/// cargo builds nomic again), so the contributor's `cargo test` leaves it
/// out and the README's all-tests command (`-- --include-ignored`), which
/// CI runs, takes it.
#[test]
#[ignore = "builds nomic through pre-commit (90 s); run with --include-ignored"]
fn pre_commit_try_repo_runs_the_hooks_as_a_user_installs_them() {
    if !installed("pre-commit", "pip install pre-commit")
        || !installed("git", "apt-get install -y git")
    {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fixture = |name: &str| Path::new(ROOT).join("tests/fixtures/check").join(name);
    std::fs::copy(
        fixture("extra-blank-lines.bad.md"),
        dir.path().join("rules.md"),
    )
    .unwrap();
    std::fs::copy(fixture("clean.txt"), dir.path().join("rules-l.txt")).unwrap();
    let text_form = std::fs::read(dir.path().join("rules-l.txt")).unwrap();
    crate::test::git(dir.path(), &["init", "-q"]);
    crate::test::git(dir.path(), &["add", "rules.md", "rules-l.txt"]);
    let target = Path::new(ROOT).join("target/pre-commit");
    // pre-commit's environments are made anew for each run (try-repo
    // copies the checkout into a new repository); the build is kept.
    let home = tempfile::tempdir().unwrap();
    let out = Command::new("pre-commit")
        .args(["try-repo", ROOT, "--files", "rules.md", "rules-l.txt"])
        .current_dir(dir.path())
        .env("PRE_COMMIT_HOME", home.path())
        .env("CARGO_TARGET_DIR", target.join("build"))
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS")
        .output()
        .unwrap();
    let report = text(&out);
    // The checkout's hooks ran, in pre-commit's order, each on the files
    // its `files:` takes: check on both, in the format for people; fmt on
    // the Markdown one, after which fmt --check finds it canonical.
    let status = |hook: &str| {
        report
            .lines()
            .find(|line| line.starts_with(&format!("{hook}.")))
            .unwrap_or_else(|| panic!("no {hook} line in:\n{report}"))
            .rsplit('.')
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(status("nomic check"), "Failed", "{report}");
    assert!(report.contains("2 files checked"), "{report}");
    assert!(!report.contains("::warning"), "{report}");
    assert_eq!(status("nomic fmt"), "Failed", "{report}");
    assert!(
        report.contains("files were modified by this hook"),
        "{report}"
    );
    assert!(report.contains("formatted rules.md\n"), "{report}");
    assert_eq!(status("nomic fmt --check"), "Passed", "{report}");
    assert!(!out.status.success(), "{report}");
    // fmt rewrote the Markdown ruleset and never touched the text form.
    let fixed = std::fs::read(dir.path().join("rules.md")).unwrap();
    assert_ne!(
        fixed,
        std::fs::read(fixture("extra-blank-lines.bad.md")).unwrap()
    );
    assert_eq!(
        std::fs::read(dir.path().join("rules-l.txt")).unwrap(),
        text_form
    );
}
