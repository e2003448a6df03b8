//! Reading a repository's history with the `git` command line: the commits
//! that touched one file (followed through renames) and the file's bytes at
//! each of them, all read through one `git cat-file --batch`.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Why git could not answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GitError {
    /// `git` could not be started.
    #[error("cannot run git: {0}")]
    Spawn(#[from] std::io::Error),
    /// The path is not inside a git working tree.
    #[error("{0} is not inside a git repository")]
    NotARepository(PathBuf),
    /// A git command failed.
    #[error("`git {command}` failed: {stderr}")]
    Failed {
        /// The arguments given to git.
        command: String,
        /// What git said.
        stderr: String,
    },
    /// Git answered in a way this reader does not understand.
    #[error("git's answer to `{0}` could not be read")]
    Unexpected(String),
}

/// A commit that touched the followed file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Touch {
    /// The commit's full hash.
    pub commit: String,
    /// The author date, `YYYY-MM-DD`.
    pub date: String,
    /// The first line of the commit message.
    pub subject: String,
    /// The file's path at that commit, relative to the repository's root.
    pub path: String,
}

/// A git working tree.
#[derive(Debug, Clone)]
pub(crate) struct Repo {
    /// The top of the working tree.
    pub root: PathBuf,
}

impl Repo {
    /// The repository holding `path` (a file or a folder), and `path`
    /// relative to its root, `/`-separated.
    pub(crate) fn containing(path: &Path) -> Result<(Repo, String), GitError> {
        let (dir, file) = if path.is_dir() {
            (path.to_path_buf(), None)
        } else {
            let dir = match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
                _ => PathBuf::from("."),
            };
            (
                dir,
                path.file_name().map(|f| f.to_string_lossy().to_string()),
            )
        };
        let out = Command::new("git")
            .arg("-C")
            .arg(&dir)
            .args(["rev-parse", "--show-toplevel", "--show-prefix"])
            .output()?;
        if !out.status.success() {
            return Err(GitError::NotARepository(dir));
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let mut lines = text.lines();
        let root = lines.next().unwrap_or_default().to_string();
        let prefix = lines.next().unwrap_or_default().trim_end_matches('/');
        let relative = [prefix, file.as_deref().unwrap_or("")]
            .iter()
            .filter(|part| !part.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join("/");
        Ok((
            Repo {
                root: PathBuf::from(root),
            },
            relative,
        ))
    }

    fn command(&self) -> Command {
        let mut command = Command::new("git");
        command
            .arg("-C")
            .arg(&self.root)
            // Names as they are (`règles.md`), never C-quoted.
            .args(["-c", "core.quotepath=false"])
            .env("GIT_PAGER", "cat");
        command
    }

    fn run(&self, args: &[&str]) -> Result<Vec<u8>, GitError> {
        let out = self.command().args(args).output()?;
        if !out.status.success() {
            return Err(GitError::Failed {
                command: args.join(" "),
                stderr: String::from_utf8_lossy(&out.stderr)
                    .trim()
                    .trim_start_matches("fatal: ")
                    .to_string(),
            });
        }
        Ok(out.stdout)
    }

    /// The commits that touched `path` (relative to the root), newest
    /// first, following the file through renames.
    pub(crate) fn follow(&self, path: &str) -> Result<Vec<Touch>, GitError> {
        let log = self.run(&[
            "log",
            "--follow",
            "--name-status",
            "--format=%x1e%H%x1f%as%x1f%s",
            "HEAD",
            "--",
            path,
        ])?;
        let text = String::from_utf8_lossy(&log);
        let mut touches = Vec::new();
        for record in text.split('\u{1e}').filter(|r| !r.trim().is_empty()) {
            let mut lines = record.lines();
            let header = lines.next().unwrap_or_default();
            let mut fields = header.split('\u{1f}');
            let (Some(commit), Some(date), Some(subject)) =
                (fields.next(), fields.next(), fields.next())
            else {
                return Err(GitError::Unexpected("git log --follow".to_string()));
            };
            let Some(status) = lines.find(|line| !line.trim().is_empty()) else {
                continue;
            };
            // `M\tpath`, `A\tpath`, `R097\told\tnew`: the last field is the
            // path at this commit; a deletion leaves nothing to read.
            if status.starts_with('D') {
                continue;
            }
            let Some(at) = status.rsplit('\t').next() else {
                continue;
            };
            touches.push(Touch {
                commit: commit.to_string(),
                date: date.to_string(),
                subject: subject.to_string(),
                path: at.to_string(),
            });
        }
        Ok(touches)
    }

    /// The bytes of each `(commit, path)`, `None` where git has no such
    /// file, read through one `git cat-file --batch`.
    pub(crate) fn read_all(
        &self,
        wanted: &[(&str, &str)],
    ) -> Result<Vec<Option<Vec<u8>>>, GitError> {
        let mut child = self
            .command()
            .args(["cat-file", "--batch"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let mut stdin = child
            .stdin
            .take()
            .ok_or_else(|| GitError::Unexpected("cat-file".to_string()))?;
        let requests: String = wanted
            .iter()
            .map(|(commit, path)| format!("{commit}:{path}\n"))
            .collect();
        // Written from another thread: git answers while it reads, and a
        // full pipe on either side would otherwise stop both.
        let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()));
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| GitError::Unexpected("cat-file".to_string()))?;
        let mut reader = BufReader::new(stdout);
        let mut found = Vec::with_capacity(wanted.len());
        for _ in wanted {
            let mut header = String::new();
            reader.read_line(&mut header)?;
            let fields: Vec<&str> = header.split_whitespace().collect();
            match fields.as_slice() {
                [_, "blob", size] => {
                    let size: usize = size
                        .parse()
                        .map_err(|_| GitError::Unexpected("cat-file --batch".to_string()))?;
                    let mut bytes = vec![0; size];
                    reader.read_exact(&mut bytes)?;
                    let mut newline = [0u8; 1];
                    reader.read_exact(&mut newline)?;
                    found.push(Some(bytes));
                }
                [_, "missing" | "ambiguous"] => found.push(None),
                [_, _, size] => {
                    // Not a file (a folder at that path): skip its content.
                    let size: u64 = size
                        .parse()
                        .map_err(|_| GitError::Unexpected("cat-file --batch".to_string()))?;
                    std::io::copy(&mut (&mut reader).take(size + 1), &mut std::io::sink())?;
                    found.push(None);
                }
                _ => return Err(GitError::Unexpected("cat-file --batch".to_string())),
            }
        }
        writer
            .join()
            .map_err(|_| GitError::Unexpected("cat-file".to_string()))??;
        child.wait()?;
        Ok(found)
    }

    /// The full hash of a revision that names a commit.
    pub(crate) fn resolve(&self, revision: &str) -> Result<String, GitError> {
        if revision.starts_with('-') {
            return Err(GitError::Failed {
                command: format!("rev-parse {revision}"),
                stderr: "not a revision".to_string(),
            });
        }
        let spec = format!("{revision}^{{commit}}");
        let out = self.run(&["rev-parse", "--verify", "--quiet", &spec])?;
        Ok(String::from_utf8_lossy(&out).trim().to_string())
    }

    /// The commits reachable from `commit`, itself included.
    pub(crate) fn ancestry(&self, commit: &str) -> Result<HashSet<String>, GitError> {
        let out = self.run(&["rev-list", commit])?;
        Ok(String::from_utf8_lossy(&out)
            .lines()
            .map(str::to_string)
            .collect())
    }
}
