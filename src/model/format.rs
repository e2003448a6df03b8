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
    /// Agora's source folder: `rules_data/` with `config/index`, `rules/`,
    /// `proposals/` (read only).
    AgoraYaml,
    /// Agora's Full Logical Ruleset (`flr.txt`).
    AgoraFlr,
    /// Agora's Short Logical Ruleset (`slr.txt`).
    AgoraSlr,
    /// One rule of the FLR (`full_rules/RNNN.txt`).
    AgoraRule,
    /// One rule of the SLR (`short_rules/RNNN.txt`).
    AgoraShortRule,
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

    /// Agora's forms (see `docs/formats.md`); kept apart from [`Format::ALL`],
    /// whose forms all carry any ruleset, because these need Agora's
    /// categories, titles and powers.
    pub const AGORA: [Format; 5] = [
        Format::AgoraYaml,
        Format::AgoraFlr,
        Format::AgoraSlr,
        Format::AgoraRule,
        Format::AgoraShortRule,
    ];

    /// Every format: [`Format::ALL`] then [`Format::AGORA`].
    pub fn every() -> impl Iterator<Item = Format> {
        Format::ALL.into_iter().chain(Format::AGORA)
    }

    /// Whether the format is one of Agora's.
    pub fn is_agora(self) -> bool {
        Format::AGORA.contains(&self)
    }

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
            Format::AgoraYaml => "agora-yaml",
            Format::AgoraFlr => "agora-flr",
            Format::AgoraSlr => "agora-slr",
            Format::AgoraRule => "agora-rule",
            Format::AgoraShortRule => "agora-short-rule",
        }
    }

    /// Whether the format carries history and judgments.
    pub fn carries_history(self) -> bool {
        matches!(
            self,
            Format::MdLong
                | Format::TxtLong
                | Format::Json
                | Format::AgoraYaml
                | Format::AgoraFlr
                | Format::AgoraRule
        )
    }

    /// Whether the format carries revision numbers.
    pub fn carries_revision(self) -> bool {
        matches!(
            self,
            Format::MdLong
                | Format::TxtLong
                | Format::MdRule
                | Format::TxtRule
                | Format::Json
                | Format::AgoraYaml
                | Format::AgoraFlr
                | Format::AgoraSlr
                | Format::AgoraRule
                | Format::AgoraShortRule
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

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::every()
            .find(|format| format.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Format::every().map(Format::name).collect();
                format!("unknown format `{s}`; expected one of {}", names.join(", "))
            })
    }
}
