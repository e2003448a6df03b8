//! Replays every input the fuzz targets (`fuzz/`) ever failed on, with the
//! very properties the targets check (`fuzz/src/properties.rs`):
//! `tests/fixtures/fuzz/<target>/<input>` must pass `<target>`.

#[path = "../fuzz/src/properties.rs"]
#[allow(dead_code, unreachable_pub)] // the fuzz crate exports them
mod properties;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

type Property = fn(&[u8]);

const TARGETS: [(&str, Property); 6] = [
    ("read", properties::read),
    ("lossless", properties::lossless),
    ("canonical", properties::canonical),
    ("fmt", properties::fmt),
    ("apply", properties::apply),
    ("lsp", properties::lsp),
];

/// Runs every kept input of every target under `folder`; returns the
/// failures as `target/input`.
fn replay(folder: &str, targets: &[(&str, Property)]) -> (usize, Vec<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut runs = 0;
    let mut failures = Vec::new();
    for &(target, property) in targets {
        let Ok(entries) = fs::read_dir(root.join(target)) else {
            continue;
        };
        let mut inputs: Vec<_> = entries.map(|entry| entry.unwrap().path()).collect();
        inputs.sort();
        for input in inputs {
            let bytes = fs::read(&input).unwrap();
            runs += 1;
            // Every input passes every property that does not fail on it.
            if catch_unwind(AssertUnwindSafe(|| property(&bytes))).is_err() {
                failures.push(format!(
                    "{target}/{}",
                    input.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    (runs, failures)
}

#[test]
fn every_input_the_fuzzers_failed_on_now_passes() {
    let (runs, failures) = replay("tests/fixtures/fuzz", &TARGETS);
    assert!(runs > 0, "the kept inputs are there");
    assert!(failures.is_empty(), "still failing: {failures:?}");
}

#[test]
fn the_bundled_rulesets_pass_every_property() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets");
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if !path.is_file() {
            continue;
        }
        let mut input = vec![0xFF];
        input.extend(fs::read(&path).unwrap());
        for (_, property) in TARGETS {
            property(&input);
        }
        // An amendment of the first rule keeps every other rule's bytes.
        input.extend([0xFF, 0, 0]);
        input.extend(b"Every player gets one cookie.");
        properties::apply(&input);
    }
}
