//! Agora's forms: the Rulekeepor's YAML source (`agora-yaml`), the
//! published Full and Short Logical Rulesets (`agora-flr`, `agora-slr`) and
//! their one-rule pages (`full_rules/RNNN.txt`, `short_rules/RNNN.txt`).

mod blocks;
pub mod flr;
pub mod rule_page;
pub mod slr;
mod source;
pub mod yaml;
mod yaml_files;

pub use source::{FindingKind, Severity, SourceError, SourceFiles, SourceFinding};
pub use yaml::{read_source, AgoraSource};
