//! The rulesets bundled in `rulesets/`: the one list that every test crate
//! includes (`tests/cli`, `tests/render` and the library's unit tests, by
//! `#[path]`). `tests/cli`'s `the_bundled_list_is_the_rulesets_folder`
//! keeps it equal to the folder.

/// The bundled rulesets, by file name.
pub(crate) const BUNDLED: [&str; 5] = [
    "nomic-1-final.txt",
    "nomic-3.md",
    "nomic-4-long-early.txt",
    "nomic-4-long.md",
    "nomic-5-initial.txt",
];
