//! The properties the fuzz targets check. The same file is compiled into the
//! main crate's tests (`tests/fuzz.rs`), which replay every input kept under
//! `tests/fixtures/fuzz/<target>/`, so a failure found here stays fixed.

#[path = "properties.rs"]
mod properties;

pub use properties::{apply, canonical, fmt, lossless, lsp, read};
