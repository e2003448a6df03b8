//! Git, for the commands that need it: reading a file as it stood at a
//! revision (`nomic diff HEAD~1:rules/rules-l.md …`, through `git show` so
//! every revision syntax git knows works) and committing exactly the files
//! `nomic apply --commit` wrote.
//!
//! It lives in the binary, not the library: the library turns text into
//! models and back and touches no repository, but for `nomic::chronicle`,
//! which reads a rule's history; git is otherwise one way the command line
//! finds its inputs and records its outputs.

use super::io::Failure;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Splits `REV:path` into the revision and the path; `None` when `spec` has
/// no colon or an empty path. An empty revision (`:path`) is the staged copy.
pub(super) fn split_spec(spec: &str) -> Option<(&str, &str)> {
    let (rev, path) = spec.split_once(':')?;
    // A spec starting with `-` would reach `git show` as an option.
    (!path.is_empty() && !spec.starts_with('-')).then_some((rev, path))
}

/// The bytes of `REV:path`, from `git show` run in the current directory.
pub(super) fn show(spec: &str) -> Result<Vec<u8>, Failure> {
    let inside = run(&["rev-parse", "--is-inside-work-tree"], spec)?;
    if !inside.status.success() {
        return Err(Failure::message(format!(
            "cannot read `{spec}`: there is no such file, and the current directory is not \
             inside a git repository, so it cannot be read as REVISION:PATH either"
        )));
    }
    let mut shown = run(&["show", spec], spec)?;
    if !shown.status.success() {
        // git reads `REV:path` from the top of the repository; a moderator in
        // `Game_4/` means the `rules-l.md` beside them, which git spells
        // `REV:./rules-l.md`. Only tried when the top-level reading fails, so
        // it never shadows a path that git finds.
        if let Some(relative) = relative_to_current_directory(spec) {
            let retried = run(&["show", &relative], spec)?;
            if retried.status.success() {
                shown = retried;
            }
        }
    }
    if !shown.status.success() {
        let stderr = String::from_utf8_lossy(&shown.stderr);
        let reason: Vec<&str> = stderr
            .lines()
            .map(|line| line.trim_start_matches("fatal: ").trim())
            .filter(|line| !line.is_empty())
            .collect();
        return Err(Failure::message(format!(
            "cannot read `{spec}` from git: {}",
            reason.join("; ")
        )));
    }
    Ok(shown.stdout)
}

/// `REV:./path` for a plain relative `REV:path` (not `./`, `../` or `/`).
fn relative_to_current_directory(spec: &str) -> Option<String> {
    let (rev, path) = split_spec(spec)?;
    let explicit = path.starts_with("./") || path.starts_with("../") || path.starts_with('/');
    (!explicit).then(|| format!("{rev}:./{path}"))
}

fn run(args: &[&str], spec: &str) -> Result<std::process::Output, Failure> {
    Command::new("git")
        .args(args)
        .env("GIT_PAGER", "cat")
        .output()
        .map_err(|err| {
            if err.kind() == ErrorKind::NotFound {
                Failure::message(format!(
                    "cannot read `{spec}`: there is no such file, and `git` is not installed \
                     to read it as REVISION:PATH"
                ))
            } else {
                Failure::message(format!("cannot run git to read `{spec}`: {err}"))
            }
        })
}

/// One committed version of a file, as `git log` and `git show` give it.
#[derive(Debug)]
pub(super) struct Committed {
    /// The commit's full hash.
    pub commit: String,
    /// The commit date, `YYYY-MM-DD`.
    pub date: String,
    /// The first line of the commit message.
    pub subject: String,
    /// The file's bytes at that commit, or why they could not be read.
    pub bytes: Result<Vec<u8>, GitError>,
}

/// The committed versions of `source`, oldest first, for the changes pages
/// of `nomic site` and `nomic build --git`.
pub(super) fn file_history(source: &Path) -> Result<Vec<Committed>, GitError> {
    let dir = match source.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let Some(file) = source.file_name() else {
        return Ok(Vec::new());
    };
    let file = format!("./{}", file.to_string_lossy());
    let log = git_in(
        dir,
        &["log", "--reverse", "--format=%H%x1f%cs%x1f%s", "--", &file],
    )?;
    let mut versions = Vec::new();
    for line in String::from_utf8_lossy(&log).lines() {
        let mut fields = line.split('\u{1f}');
        let (Some(commit), Some(date), Some(subject)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        versions.push(Committed {
            commit: commit.to_string(),
            date: date.to_string(),
            subject: subject.to_string(),
            bytes: git_in(dir, &["show", &format!("{commit}:{file}")]),
        });
    }
    Ok(versions)
}

/// Runs `git` in `dir`; its standard output, or why it failed.
fn git_in(dir: &Path, args: &[&str]) -> Result<Vec<u8>, GitError> {
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_PAGER", "cat")
        .output()?;
    if !output.status.success() {
        return Err(GitError::Failed {
            command: args.join(" "),
            stderr: String::from_utf8_lossy(&output.stderr)
                .trim()
                .trim_start_matches("fatal: ")
                .to_string(),
        });
    }
    Ok(output.stdout)
}

/// A git working tree, for `nomic apply --commit`.
#[derive(Debug, Clone)]
pub(super) struct Repository {
    pub root: PathBuf,
}

#[derive(Debug, thiserror::Error)]
pub(super) enum GitError {
    #[error("{0} is not inside a git repository")]
    NotARepository(PathBuf),
    #[error("cannot run git: {0}")]
    Spawn(#[from] std::io::Error),
    #[error("`git {command}` failed: {stderr}")]
    Failed { command: String, stderr: String },
}

impl Repository {
    /// The repository whose working tree holds `path` (a file or folder).
    pub(super) fn containing(path: &Path) -> Result<Repository, GitError> {
        let dir = if path.is_dir() {
            path.to_path_buf()
        } else {
            match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
                _ => PathBuf::from("."),
            }
        };
        let out = Command::new("git")
            .arg("-C")
            .arg(&dir)
            .args(["rev-parse", "--show-toplevel"])
            .output()?;
        if !out.status.success() {
            return Err(GitError::NotARepository(dir));
        }
        let root = String::from_utf8_lossy(&out.stdout).trim().to_string();
        Ok(Repository {
            root: PathBuf::from(root),
        })
    }

    fn git(&self, args: &[&str], paths: &[PathBuf]) -> Result<String, GitError> {
        let out = Command::new("git")
            .arg("-C")
            .arg(&self.root)
            // Names as they are (`règles.md`), never C-quoted.
            .args(["-c", "core.quotepath=false"])
            .args(args)
            .args(paths)
            .output()?;
        if !out.status.success() {
            return Err(GitError::Failed {
                command: args.join(" "),
                stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
            });
        }
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    }

    /// The full hash of the commit checked out.
    pub(super) fn head(&self) -> Result<String, GitError> {
        self.git(&["rev-parse", "HEAD"], &[])
    }

    /// Stages the paths (new, changed or deleted) and commits only them;
    /// returns the new commit's full hash, or `None` if nothing changed.
    pub(super) fn commit_paths(
        &self,
        paths: &[PathBuf],
        message: &str,
    ) -> Result<Option<String>, GitError> {
        let absolute: Vec<PathBuf> = paths
            .iter()
            .map(|p| std::path::absolute(p).unwrap_or_else(|_| p.clone()))
            .collect();
        let (present, gone): (Vec<PathBuf>, Vec<PathBuf>) =
            absolute.into_iter().partition(|p| p.exists());
        if !present.is_empty() {
            self.git(&["add", "--"], &present)?;
        }
        if !gone.is_empty() {
            self.git(
                &["rm", "--cached", "--quiet", "--ignore-unmatch", "--"],
                &gone,
            )?;
        }
        let all: Vec<PathBuf> = present.into_iter().chain(gone).collect();
        // NUL-separated: a name with a newline, a quote or a non-ASCII
        // letter comes back exactly.
        let staged = self.git(
            &[
                "diff",
                "--cached",
                "--no-renames",
                "--name-only",
                "-z",
                "--",
            ],
            &all,
        )?;
        if staged.is_empty() {
            return Ok(None);
        }
        // Names relative to the root, exactly the staged changes: other
        // staged work stays out of the commit. Without --no-renames a page
        // moved by a renumbering would be listed under its new name only,
        // and its deletion left staged.
        let names: Vec<PathBuf> = staged
            .split('\0')
            .filter(|name| !name.is_empty())
            .map(PathBuf::from)
            .collect();
        self.git(&["commit", "--quiet", "-m", message, "--"], &names)?;
        self.git(&["rev-parse", "HEAD"], &[]).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn revision_and_path_split_at_the_first_colon() {
        assert_eq!(
            split_spec("HEAD~1:rules/rules-l.md"),
            Some(("HEAD~1", "rules/rules-l.md"))
        );
        assert_eq!(split_spec(":staged.md"), Some(("", "staged.md")));
        assert_eq!(split_spec("rules.md"), None);
        assert_eq!(split_spec("HEAD:"), None);
    }

    #[test]
    fn a_plain_path_can_be_retried_from_the_current_directory() {
        assert_eq!(
            relative_to_current_directory("HEAD~1:rules-l.md").as_deref(),
            Some("HEAD~1:./rules-l.md")
        );
        assert_eq!(relative_to_current_directory("HEAD:./a.md"), None);
        assert_eq!(relative_to_current_directory("HEAD:../a.md"), None);
        assert_eq!(relative_to_current_directory("HEAD:/a.md"), None);
        assert_eq!(relative_to_current_directory("a.md"), None);
    }

    fn git(dir: &Path, args: &[&str]) -> String {
        let out = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["-c", "user.name=t", "-c", "user.email=t@t"])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    #[test]
    fn commits_exactly_the_given_paths_and_deletions() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        git(root, &["init", "-q"]);
        let outside = tempfile::tempdir().unwrap();
        assert!(matches!(
            Repository::containing(&outside.path().join("ruleset.md")),
            Err(GitError::NotARepository(_))
        ));
        std::fs::write(root.join("old.md"), "old").unwrap();
        std::fs::write(root.join("other.md"), "other").unwrap();
        git(root, &["add", "old.md", "other.md"]);
        git(root, &["commit", "-q", "-m", "start"]);
        // Someone else's staged work must stay out of our commit.
        std::fs::write(root.join("other.md"), "staged elsewhere").unwrap();
        git(root, &["add", "other.md"]);
        std::fs::create_dir(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/new.md"), "new").unwrap();
        std::fs::remove_file(root.join("old.md")).unwrap();

        let repo = Repository::containing(&root.join("sub/new.md")).unwrap();
        let paths = [
            root.join("sub/new.md"),
            root.join("old.md"),
            root.join("never.md"),
        ];
        let message = "pages";
        // The identity comes from the user's configuration.
        git(root, &["config", "user.name", "t"]);
        git(root, &["config", "user.email", "t@t"]);
        let commit = repo
            .commit_paths(&paths, message)
            .unwrap()
            .expect("a commit");
        assert_eq!(commit, git(root, &["rev-parse", "HEAD"]));
        let files = git(root, &["show", "--name-status", "--format=%s", "HEAD"]);
        assert_eq!(files, "pages\n\nD\told.md\nA\tsub/new.md");
        assert_eq!(git(root, &["diff", "--cached", "--name-only"]), "other.md");
        assert_eq!(
            repo.commit_paths(&paths, message).unwrap(),
            None,
            "nothing left to commit"
        );
    }
}
