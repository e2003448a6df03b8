//! Test fixtures: the bundled rulesets as models.

use crate::model::Ruleset;

/// One of the bundled rulesets.
pub(crate) fn ruleset(name: &str) -> Ruleset {
    let path = format!("{}/rulesets/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).expect("bundled ruleset");
    crate::sim::load::read_ruleset(&bytes).expect("bundled ruleset parses")
}
