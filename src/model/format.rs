use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A ruleset file format, as named in `FORMATS.md` and on the command line.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum Format {
    MdLong,
    MdShort,
    TxtLong,
    TxtShort,
    TxtPlain,
    MdRule,
    TxtRule,
    Json,
}

impl Format {
    /// Every format, in the order `nomic formats` lists them.
    pub const ALL: &'static [Format] = <Format as strum::VariantArray>::VARIANTS;

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

    /// The name on the command line and in docs/formats.md: `md-long`.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// One line on what the format is and carries, as `nomic formats` lists it.
    pub fn description(self) -> &'static str {
        match self {
            Format::MdLong => "Markdown, every rule with revision, history and judgments",
            Format::MdShort => "Markdown, rule text only (also the older `# RULES` dialect)",
            Format::TxtLong => "plain text at 70 columns, with history and judgments",
            Format::TxtShort => "plain text at 70 columns, rule text only",
            Format::TxtPlain => "word-processor export: `Rule 101 (Immutable)`, unwrapped",
            Format::MdRule => "one Markdown page per rule (rules/md/NNN.md)",
            Format::TxtRule => "one text page per rule (rules/txt/NNN.txt)",
            Format::Json => "the model itself, as JSON",
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
        matches!(self, Format::MdLong | Format::MdShort | Format::MdRule)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not one of [`Format::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format `{name}`; expected one of {}", Format::ALL.iter().map(|f| f.name()).collect::<Vec<_>>().join(", "))]
pub struct UnknownFormat {
    /// The name given.
    pub name: String,
}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .iter()
            .copied()
            .find(|format| format.name() == s)
            .ok_or_else(|| UnknownFormat {
                name: s.to_string(),
            })
    }
}
