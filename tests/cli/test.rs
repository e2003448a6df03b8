#![allow(dead_code)] // helpers used by some command tests and not others
//! One builder for every CLI test, in the manner of `just`'s test harness:
//! set up files in a temporary directory, give arguments and standard input,
//! run the binary, then assert on status, output and files.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tempfile::TempDir;

#[path = "../common/bundled.rs"]
mod bundled_list;
pub(crate) use bundled_list::BUNDLED;

/// Every file under `dir`, as paths relative to it, sorted.
pub(crate) fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    found.sort();
    found
}

/// Copies every file under `from` to the same place under `to`.
pub(crate) fn copy_folder(from: &Path, to: &Path) {
    for file in files_under(from) {
        let target = to.join(&file);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::copy(from.join(&file), &target).unwrap();
    }
}

/// Runs git in `dir` as a throwaway identity (never a repository above the
/// temporary folder) and returns its trimmed standard output.
pub(crate) fn git(dir: &Path, args: &[&str]) -> String {
    git_with(dir, args, &[])
}

/// [`git`] with every date of what it commits set to `date` (`2020-06-01`).
pub(crate) fn git_on(dir: &Path, date: &str, args: &[&str]) -> String {
    let at = format!("{date}T12:00:00Z");
    git_with(
        dir,
        args,
        &[("GIT_AUTHOR_DATE", &at), ("GIT_COMMITTER_DATE", &at)],
    )
}

fn git_with(dir: &Path, args: &[&str], envs: &[(&str, &str)]) -> String {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=Moderator",
            "-c",
            "user.email=mod@example.org",
        ])
        .args(args)
        .current_dir(dir)
        .env("GIT_CEILING_DIRECTORIES", dir.parent().unwrap_or(dir))
        .envs(envs.iter().copied())
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// The path of a bundled ruleset, for example `bundled("nomic-4-long.md")`.
pub(crate) fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets")
        .join(name)
}

/// Where a test's commands run: its own temporary folder, or a folder an
/// earlier step set up (so several commands run one after another there).
pub(crate) enum Dir {
    Temp(TempDir),
    At(PathBuf),
}

impl Dir {
    pub(crate) fn path(&self) -> &Path {
        match self {
            Dir::Temp(dir) => dir.path(),
            Dir::At(path) => path,
        }
    }
}

pub(crate) struct Test {
    dir: Dir,
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
    envs: Vec<(String, String)>,
}

/// What a run produced; assertions chain on it.
pub(crate) struct Output {
    pub dir: Dir,
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Default for Test {
    fn default() -> Test {
        Test::new()
    }
}

impl Test {
    pub(crate) fn new() -> Test {
        Test::with_dir(Dir::Temp(tempfile::tempdir().expect("temporary directory")))
    }

    /// Another command in a folder an earlier step set up (and still owns):
    /// one test, several commands, one directory.
    pub(crate) fn in_dir(dir: &Path) -> Test {
        Test::with_dir(Dir::At(dir.to_path_buf()))
    }

    fn with_dir(dir: Dir) -> Test {
        Test {
            dir,
            args: Vec::new(),
            stdin: None,
            envs: vec![("NO_COLOR".into(), "1".into())],
        }
    }

    pub(crate) fn arg(mut self, arg: impl AsRef<str>) -> Test {
        self.args.push(arg.as_ref().to_string());
        self
    }

    pub(crate) fn args<I, S>(mut self, args: I) -> Test
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_string()));
        self
    }

    pub(crate) fn stdin(mut self, input: impl AsRef<[u8]>) -> Test {
        self.stdin = Some(input.as_ref().to_vec());
        self
    }

    /// Runs as a throwaway git identity, for commands that commit.
    pub(crate) fn git_user(self) -> Test {
        self.env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@t")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@t")
    }

    pub(crate) fn env(mut self, key: &str, value: &str) -> Test {
        self.envs.push((key.into(), value.into()));
        self
    }

    /// Writes a file (folders created) in the test's working directory.
    pub(crate) fn file(self, path: &str, contents: impl AsRef<[u8]>) -> Test {
        let full = self.dir.path().join(path);
        fs::create_dir_all(full.parent().unwrap()).unwrap();
        fs::write(full, contents).unwrap();
        self
    }

    /// Copies a bundled ruleset into the working directory under `path`.
    pub(crate) fn bundled_file(self, name: &str, path: &str) -> Test {
        let contents = fs::read(bundled(name)).unwrap();
        self.file(path, contents)
    }

    /// The working directory the binary runs in.
    pub(crate) fn path(&self) -> &Path {
        self.dir.path()
    }

    fn command(&self) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_nomic"));
        command
            .args(&self.args)
            .current_dir(self.dir.path())
            .env_remove("CLICOLOR_FORCE")
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            });
        for (key, value) in &self.envs {
            command.env(key, value);
        }
        command
    }

    fn feed_stdin(&self, child: &mut std::process::Child) {
        if let Some(input) = &self.stdin {
            let mut pipe = child.stdin.take().unwrap();
            pipe.write_all(input).unwrap();
        }
    }

    pub(crate) fn run(self) -> Output {
        let mut command = self.command();
        command.stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = command.spawn().expect("nomic runs");
        self.feed_stdin(&mut child);
        let output = child.wait_with_output().expect("nomic finishes");
        Output {
            dir: self.dir,
            status: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    /// Runs as [`Test::run`] does and also returns the CPU time (user and
    /// system seconds) the process used. Scaling tests compare CPU time,
    /// not the wall clock: on a shared 2-core machine running the other
    /// tests, the wall clock measures the neighbours.
    pub(crate) fn run_for_cpu_time(self) -> (Output, f64) {
        // Output goes to files, not pipes: the child is reaped by `wait4`
        // (which reports its resource use), not by `Child::wait_with_output`.
        let streams = tempfile::tempdir().expect("temporary directory");
        let (out_path, err_path) = (streams.path().join("out"), streams.path().join("err"));
        let mut command = self.command();
        command
            .stdout(fs::File::create(&out_path).unwrap())
            .stderr(fs::File::create(&err_path).unwrap());
        let mut child = command.spawn().expect("nomic runs");
        self.feed_stdin(&mut child);
        drop(child.stdin.take());
        let pid = libc::pid_t::try_from(child.id()).expect("a pid");
        let mut status = 0;
        // SAFETY: `rusage` is plain data that `wait4` fills in; zero is a
        // valid value for every field.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `pid` is our own child, not yet reaped; the pointers
        // are to live locals.
        let reaped = unsafe { libc::wait4(pid, &raw mut status, 0, &raw mut usage) };
        assert_eq!(reaped, pid, "wait4: {}", std::io::Error::last_os_error());
        let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
        let code = if libc::WIFEXITED(status) {
            libc::WEXITSTATUS(status)
        } else {
            -1
        };
        let read = |path: &Path| String::from_utf8_lossy(&fs::read(path).unwrap()).into_owned();
        let output = Output {
            dir: self.dir,
            status: code,
            stdout: read(&out_path),
            stderr: read(&err_path),
        };
        (output, cpu)
    }
}

impl Output {
    pub(crate) fn status(self, expected: i32) -> Output {
        self.status_of(expected, "nomic")
    }

    /// As [`Output::status`], naming the step in the message (for tests
    /// that run several commands).
    pub(crate) fn status_of(self, expected: i32, what: &str) -> Output {
        assert_eq!(
            self.status, expected,
            "{what}: exit status\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.stdout, self.stderr
        );
        self
    }

    /// Standard output read as JSON.
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|err| panic!("not JSON ({err}):\n{}", self.stdout))
    }

    /// The same folder, for the next command.
    pub(crate) fn then(&self) -> Test {
        Test::in_dir(self.dir.path())
    }

    pub(crate) fn stdout(self, expected: &str) -> Output {
        assert_eq!(
            self.stdout, expected,
            "stdout; stderr was:\n{}",
            self.stderr
        );
        self
    }

    pub(crate) fn stdout_contains(self, needle: &str) -> Output {
        assert!(
            self.stdout.contains(needle),
            "stdout lacks {needle:?}:\n{}",
            self.stdout
        );
        self
    }

    pub(crate) fn stderr_contains(self, needle: &str) -> Output {
        assert!(
            self.stderr.contains(needle),
            "stderr lacks {needle:?}:\n{}",
            self.stderr
        );
        self
    }

    pub(crate) fn stderr_empty(self) -> Output {
        assert!(self.stderr.is_empty(), "stderr:\n{}", self.stderr);
        self
    }

    /// The contents of a file in the working directory.
    pub(crate) fn read(&self, path: &str) -> String {
        fs::read_to_string(self.dir.path().join(path))
            .unwrap_or_else(|err| panic!("cannot read {path}: {err}"))
    }

    pub(crate) fn exists(&self, path: &str) -> bool {
        self.dir.path().join(path).exists()
    }
}
