//! Agora through the command line: `build` on the bundled source folder.

use crate::Test;
use std::fs;
use std::path::{Path, PathBuf};

pub fn agora_source() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets/agora/source")
        .display()
        .to_string()
}

pub fn agora_published() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/agora/published")
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(relative) = stack.pop() {
        for entry in fs::read_dir(dir.join(&relative)).unwrap() {
            let entry = entry.unwrap();
            let name = relative.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                stack.push(name);
            } else {
                out.push(name.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn build_writes_the_published_flr_slr_and_rule_pages_byte_for_byte() {
    let out = Test::new()
        .args(["build", &agora_source(), "-o", "agora"])
        .run()
        .status(0)
        .stdout_contains("created flr.txt slr.txt")
        .stdout_contains("created 298 rule pages in full_rules and short_rules");
    let built = out.dir.path().join("agora");
    let ours = files(&built);
    // The published set also holds acorn.txt (regulations) and
    // rule_index.json, which nomic does not write.
    let published: Vec<String> = files(&agora_published())
        .into_iter()
        .filter(|f| f != "acorn.txt" && f != "rule_index.json")
        .collect();
    assert_eq!(ours, published);
    for file in &ours {
        let a = fs::read(built.join(file)).unwrap();
        let b = fs::read(agora_published().join(file)).unwrap();
        assert!(a == b, "{file} differs from the published copy");
    }
    // A second build rewrites nothing.
    Test::new()
        .args([
            "build",
            &agora_source(),
            "-o",
            &built.display().to_string(),
            "--check",
        ])
        .run()
        .status(0)
        .stdout_contains("Everything is up to date.");
}

#[test]
fn formats_lists_the_agora_forms() {
    let out = Test::new().arg("formats").run().status(0);
    for name in [
        "agora-yaml",
        "agora-flr",
        "agora-slr",
        "agora-rule",
        "agora-short-rule",
    ] {
        assert!(out.stdout.contains(name), "{name} missing:\n{}", out.stdout);
    }
}
