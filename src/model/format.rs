use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A ruleset file format, as named in `FORMATS.md` and on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    MdLong,
    MdShort,
    TxtLong,
    TxtShort,
    TxtPlain,
    MdRule,
    TxtRule,
    Json,
    /// A community's own layout, described by a [`Dialect`](super::Dialect)
    /// (inferred, or read from `nomic.toml` / `--dialect`). Not in `ALL`:
    /// it is never chosen by name.
    Dialect,
}

impl Format {
    pub const ALL: [Format; 8] = [
        Format::MdLong,
        Format::MdShort,
        Format::TxtLong,
        Format::TxtShort,
        Format::TxtPlain,
        Format::MdRule,
        Format::TxtRule,
        Format::Json,
    ];

    /// The formats that hold a whole ruleset in one file (all but the
    /// per-rule pages).
    pub const WHOLE_RULESET: [Format; 6] = [
        Format::MdLong,
        Format::MdShort,
        Format::TxtLong,
        Format::TxtShort,
        Format::TxtPlain,
        Format::Json,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::MdLong => "md-long",
            Format::MdShort => "md-short",
            Format::TxtLong => "txt-long",
            Format::TxtShort => "txt-short",
            Format::TxtPlain => "txt-plain",
            Format::MdRule => "md-rule",
            Format::TxtRule => "txt-rule",
            Format::Json => "json",
            Format::Dialect => "dialect",
        }
    }

    /// Whether the format carries history and judgments.
    pub fn carries_history(self) -> bool {
        matches!(self, Format::MdLong | Format::TxtLong | Format::Json)
    }

    /// Whether the format carries revision numbers.
    pub fn carries_revision(self) -> bool {
        matches!(
            self,
            Format::MdLong | Format::TxtLong | Format::MdRule | Format::TxtRule | Format::Json
        )
    }

    /// Whether rule bodies are Markdown source (as opposed to plain text).
    pub fn is_markdown(self) -> bool {
        matches!(
            self,
            Format::MdLong | Format::MdShort | Format::MdRule | Format::Dialect
        )
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Format::ALL.iter().map(|f| f.name()).collect();
                format!("unknown format `{s}`; expected one of {}", names.join(", "))
            })
    }
}
