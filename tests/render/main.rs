//! Rendering the bundled rulesets: lossless re-emit, snapshots of every
//! form, agreement with the published txt-long file, round trips.

mod early;
mod lossless;
mod pairs;
mod roundtrip;
mod snapshots;

use nomic::model::Ruleset;
use std::path::Path;

#[path = "../common/bundled.rs"]
mod bundled;
pub(crate) use bundled::BUNDLED;

/// A bundled ruleset's bytes.
pub fn bytes(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// A bundled ruleset, parsed with its layout.
pub fn parsed(name: &str) -> nomic::parse::Parsed {
    nomic::parse::read(&bytes(name), &nomic::parse::ReadOptions::default())
        .unwrap_or_else(|err| panic!("{name}: {}", err.message))
}

/// A bundled ruleset's model.
pub fn ruleset(name: &str) -> Ruleset {
    parsed(name).ruleset
}
