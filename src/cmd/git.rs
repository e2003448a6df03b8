//! Reading a file as it stood at a git revision (`HEAD~1:rules/rules-l.md`),
//! through `git` itself so that every revision syntax git knows works.

use super::io::Failure;
use std::io::ErrorKind;
use std::process::Command;

/// Splits `REV:path` into the revision and the path; `None` when `spec` has
/// no colon or an empty path. An empty revision (`:path`) is the staged copy.
pub fn split_spec(spec: &str) -> Option<(&str, &str)> {
    let (rev, path) = spec.split_once(':')?;
    // A spec starting with `-` would reach `git show` as an option.
    (!path.is_empty() && !spec.starts_with('-')).then_some((rev, path))
}

/// The bytes of `REV:path`, from `git show` run in the current directory.
pub fn show(spec: &str) -> Result<Vec<u8>, Failure> {
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

#[cfg(test)]
mod tests {
    use super::{relative_to_current_directory, split_spec};

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
}
