//! Agora's forms: the Rulekeepor's YAML source (`agora-yaml`), the
//! published Full and Short Logical Rulesets (`agora-flr`, `agora-slr`) and
//! their one-rule pages (`full_rules/RNNN.txt`, `short_rules/RNNN.txt`).

mod blocks;
pub(crate) mod flr;
pub(crate) mod rule_page;
pub(crate) mod slr;
mod source;
pub(crate) mod yaml;
mod yaml_files;

pub use source::{FindingKind, Severity, SourceError, SourceFiles, SourceFinding};
pub use yaml::{read_source, AgoraSource};
