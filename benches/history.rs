//! How fast a rule's history is read and blamed: an Agora rule amended 40
//! times in a repository of 400 commits of Agora's source folder (each
//! commit edits one rule's file: Rule 101 every tenth, another otherwise).

use criterion::{criterion_group, criterion_main, Criterion};
use nomic::chronicle::{blame, history, Options};
use std::hint::black_box;
use std::path::Path;
use std::process::Command;

fn git(root: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args([
            "-c",
            "user.name=Bench",
            "-c",
            "user.email=bench@example.org",
        ])
        .args(args)
        .current_dir(root)
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

#[path = "../tests/common/folder.rs"]
mod folder;
use folder::copy_folder;

fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/agora/source");
    copy_folder(&source, &root.join("source"));
    git(root, &["init", "-q"]);
    git(root, &["add", "-A"]);
    git(root, &["commit", "-q", "-m", "Import"]);
    let rules = root.join("source/rules_data/rules");
    let mut others: Vec<String> = std::fs::read_dir(&rules)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().to_string())
        .filter(|name| name != "101")
        // Only rules with a text block (a few of the real files are empty).
        .filter(|name| {
            std::fs::read_to_string(rules.join(name)).is_ok_and(|text| text.contains("text: |\n"))
        })
        .collect();
    others.sort();
    for commit in 0..400 {
        let name = if commit % 10 == 0 {
            "101".to_string()
        } else {
            others[commit * 7 % others.len()].clone()
        };
        let file = rules.join(&name);
        let text = std::fs::read_to_string(&file).unwrap();
        let edited = text.replacen("text: |\n", &format!("text: |\n  Word{commit} here.\n"), 1);
        std::fs::write(&file, edited).unwrap();
        git(
            root,
            &["commit", "-q", "-am", &format!("Proposal {commit}")],
        );
    }
    dir
}

fn bench(c: &mut Criterion) {
    let dir = repository();
    let source = dir.path().join("source");
    c.bench_function(
        "blame Agora rule 101 over 40 amendments in 400 commits",
        |b| {
            b.iter(|| {
                let history = history(black_box(&source), "101", &Options::default()).unwrap();
                blame(&history)
            });
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
