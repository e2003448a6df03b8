//! The style a ruleset's `nomic.toml` pins (its `[style]` table), for the
//! files published from it.

use super::super::io::Failure;
use nomic::parse::dialect::{config_beside, STYLE_TABLE};
use nomic::render::Pins;
use std::path::Path;

/// What the `nomic.toml` beside `source` pins; nothing when it has no
/// `[style]` table (or there is no such file, or `source` is standard
/// input).
pub(in crate::cmd) fn beside(source: &Path) -> Result<Pins, Failure> {
    if source == Path::new("-") {
        return Ok(Pins::default());
    }
    let Some(path) = config_beside(source) else {
        return Ok(Pins::default());
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|err| Failure::message(format!("cannot read {}: {err}", path.display())))?;
    // A file that is not TOML is a dialect file's to report.
    let Ok(table) = toml::from_str::<toml::Table>(&text) else {
        return Ok(Pins::default());
    };
    match table.get(STYLE_TABLE) {
        None => Ok(Pins::default()),
        Some(toml::Value::Table(style)) => Pins::from_table(style)
            .map_err(|err| Failure::message(format!("{}: {err}", path.display()))),
        Some(_) => Err(Failure::message(format!(
            "{}: `{STYLE_TABLE}` is a table of style fields ([style] width = 72); \
             see `nomic help render`",
            path.display()
        ))),
    }
}
