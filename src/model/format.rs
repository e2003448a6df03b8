use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A ruleset file format, as named in `docs/formats.md` and on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum Format {
    /// `md-long`: Markdown with every rule's revision, history and judgments (the canonical form).
    MdLong,
    /// `md-short`: Markdown, rule text only (also the older `# RULES` dialect).
    MdShort,
    /// `txt-long`: plain text wrapped at 70 columns, with history and judgments.
    TxtLong,
    /// `txt-short`: plain text wrapped at 70 columns, rule text only.
    TxtShort,
    /// `txt-plain`: a word-processor export (`Rule 101 (Immutable)`), unwrapped.
    TxtPlain,
    /// `md-rule`: one Markdown page per rule (`rules/md/NNN.md`).
    MdRule,
    /// `txt-rule`: one text page per rule (`rules/txt/NNN.txt`).
    TxtRule,
    /// `json`: the model itself, serialized as JSON.
    Json,
    /// A community's own layout, described by a [`Dialect`](super::Dialect)
    /// (inferred, or read from `nomic.toml` / `--dialect`). Not in `ALL`:
    /// it is never chosen by name.
    Dialect,
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
    /// Every format that can be named, in the order `nomic formats` lists
    /// them: all but [`Format::Dialect`], which a dialect file describes.
    pub const ALL: &'static [Format] = &[
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
        Format::ALL.iter().copied().chain(Format::AGORA)
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
            Format::Dialect => {
                "any other community's layout: inferred when no format above fits, or described \
                 in nomic.toml / --dialect FILE (`nomic help dialects`; `nomic dialect infer FILE`)"
            }
            Format::AgoraYaml => {
                "Agora's source folder (rules_data/: config/index, rules/, proposals/)"
            }
            Format::AgoraFlr => {
                "Agora's Full Logical Ruleset (flr.txt): categories, history, annotations"
            }
            Format::AgoraSlr => {
                "Agora's Short Logical Ruleset (slr.txt): categories, rule text only"
            }
            Format::AgoraRule => "one FLR rule a page (full_rules/RNNN.txt)",
            Format::AgoraShortRule => "one SLR rule a page (short_rules/RNNN.txt)",
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

    /// Whether the format carries rule titles and identifiers other than
    /// a number (`UC1`, `2.2.1`): the nomic forms number their rules and
    /// title none.
    pub fn carries_titles(self) -> bool {
        matches!(
            self,
            Format::Json
                | Format::Dialect
                | Format::AgoraYaml
                | Format::AgoraFlr
                | Format::AgoraSlr
                | Format::AgoraRule
                | Format::AgoraShortRule
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

/// A format name that is not one of [`Format::every`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format `{name}`; expected one of {}", Format::every().map(Format::name).collect::<Vec<_>>().join(", "))]
pub struct UnknownFormat {
    /// The name given.
    pub name: String,
}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::every()
            .find(|format| format.name() == s)
            .ok_or_else(|| UnknownFormat {
                name: s.to_string(),
            })
    }
}
