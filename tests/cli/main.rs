//! CLI tests: every test runs the real `nomic` binary through [`Test`].

mod agora;
mod announce;
mod apply;
mod apply_week;
mod build;
mod check;
mod ci_docs;
mod corpus;
mod dialects;
mod diff;
mod docs_links;
mod end_matter;
mod fmt;
mod folders;
mod formats;
mod help;
mod hostile;
mod images;
mod log;
mod order;
mod parse;
mod progress;
mod refs;
mod release;
mod render;
mod renumber;
mod repair;
mod shell;
mod simulate;
mod simulate_mc;
mod site;
#[path = "../common/skip.rs"]
mod skip;
mod structure;
mod style;
mod temporary;
mod test;
mod untouched;
mod weeks;
mod workflow;

pub(crate) use test::{bundled, copy_folder, files_under, git, Test, BUNDLED};

#[test]
fn the_bundled_list_is_the_rulesets_folder() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets");
    let mut found: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.file_type().unwrap().is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect();
    found.sort();
    assert_eq!(found, BUNDLED);
}
