use super::agora::AgoraRule;
use super::history::{HistoryEntry, HistoryKind};
use super::judgment::Judgment;
use super::layout::RuleLayout;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::{self, Write as _};
use std::io;

/// Whether a rule may be amended directly. Rulesets mark immutable rules in
/// their heading; any other marker (for example `TRANSIENT`) is kept, in
/// lower case, as `Other`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub enum Mutability {
    /// May be amended directly (the default).
    #[default]
    Mutable,
    /// May not be amended until it is transmuted to mutable.
    Immutable,
    /// Any other heading marker, such as `transient`, in lower case.
    Other(String),
}

impl Mutability {
    /// The marker from a heading such as `(IMMUTABLE)` or `(Immutable)`.
    pub fn from_marker(marker: &str) -> Mutability {
        match marker.to_lowercase().as_str() {
            "immutable" => Mutability::Immutable,
            "mutable" => Mutability::Mutable,
            other => Mutability::Other(other.to_string()),
        }
    }

    /// The lower-case name used in JSON.
    pub fn as_str(&self) -> &str {
        match self {
            Mutability::Mutable => "mutable",
            Mutability::Immutable => "immutable",
            Mutability::Other(marker) => marker,
        }
    }

    /// The marker a heading carries, upper case (`IMMUTABLE`); none for mutable rules.
    pub fn heading_marker(&self) -> Option<String> {
        match self {
            Mutability::Mutable => None,
            other => Some(other.as_str().to_uppercase()),
        }
    }
}

impl fmt::Display for Mutability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Mutability {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Mutability {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Mutability::from_marker(&String::deserialize(deserializer)?))
    }
}

/// One rule: its meaning, and optionally the layout it was read from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rule {
    /// The rule's number: the identifier's value when it is a non-negative
    /// integer; for other identifiers (`UC1`, `-216`) a key from
    /// [`Rule::FIRST_KEY`] up, in file order (`id` says what the file says).
    pub number: u32,
    /// The identifier as written (`UC1`, `-216`, `xiv`, `101`), for rules
    /// read through a dialect; absent for the built-in formats, whose
    /// identifier is `number`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The rule's title, for layouts that give one (`## 1 - Rule Formatting`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The number of amendments, where the format gives one (`203/1`).
    pub revision: Option<u32>,
    /// Whether the rule may be amended directly.
    pub mutability: Mutability,
    /// The body as Markdown source, paragraphs separated by one blank line,
    /// with no trailing newline.
    pub text: String,
    /// Its history lines, oldest first.
    #[serde(default)]
    pub history: Vec<HistoryEntry>,
    /// The Judges' rulings recorded under it, in file order.
    #[serde(default)]
    pub judgments: Vec<Judgment>,
    /// How the rule was laid out in its source file; absent for rules that
    /// were built or changed in memory and for JSON read without layout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<RuleLayout>,
    /// Title, power, category and annotations of an Agora rule. Boxed, as
    /// only Agora's rules have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agora: Option<Box<AgoraRule>>,
}

/// The meaning of a rule, the part that a fingerprint covers.
#[derive(Serialize)]
struct Meaning<'a> {
    number: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    revision: Option<u32>,
    mutability: &'a Mutability,
    text: &'a str,
    history: &'a [HistoryEntry],
    judgments: &'a [Judgment],
    #[serde(skip_serializing_if = "Option::is_none")]
    agora: Option<&'a AgoraRule>,
}

/// Feeds what is written into a digest.
struct HashWriter(Sha256);

impl io::Write for HashWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Rule {
    /// The first key given to identifiers that are not non-negative integers.
    pub const FIRST_KEY: u32 = 1_000_000;

    /// The identifier as written: `id` when the file gave one, else the number.
    pub fn label(&self) -> String {
        self.id.clone().unwrap_or_else(|| self.number.to_string())
    }

    /// A mutable rule with the given text and nothing else.
    pub fn new(number: u32, text: impl Into<String>) -> Rule {
        Rule {
            number,
            id: None,
            title: None,
            revision: None,
            mutability: Mutability::Mutable,
            text: text.into(),
            history: Vec::new(),
            judgments: Vec::new(),
            layout: None,
            agora: None,
        }
    }

    /// Whether the rule is [`Mutability::Immutable`]; an `Other` marker is not.
    pub fn is_immutable(&self) -> bool {
        self.mutability == Mutability::Immutable
    }

    /// A stable digest of the rule's meaning (everything but the layout).
    ///
    /// Parsers store it in the layout; renderers compare it with the current
    /// meaning to decide whether the kept source bytes still say the same.
    pub fn fingerprint(&self) -> String {
        let meaning = Meaning {
            number: self.number,
            id: self.id.as_deref(),
            title: self.title.as_deref(),
            revision: self.revision,
            mutability: &self.mutability,
            text: &self.text,
            history: &self.history,
            judgments: &self.judgments,
            agora: self.agora.as_deref(),
        };
        // The JSON goes straight into the digest: no buffer of the rule's size.
        let mut hasher = HashWriter(Sha256::new());
        serde_json::to_writer(&mut hasher, &meaning).expect("rule meaning serializes");
        let digest = hasher.0.finalize();
        let mut hex = String::with_capacity(16);
        for byte in &digest[..8] {
            let _ = write!(hex, "{byte:02x}");
        }
        hex
    }

    /// The rule without its layout (and without the line breaks Agora's
    /// entries and annotations keep as layout), as
    /// [`Ruleset::into_without_layout`](super::Ruleset::into_without_layout)
    /// leaves each rule.
    #[must_use]
    pub fn into_without_layout(mut self) -> Rule {
        self.layout = None;
        for entry in &mut self.history {
            if let Some(agora) = entry.agora.as_mut() {
                agora.breaks = None;
            }
        }
        for annotation in self.agora.iter_mut().flat_map(|a| &mut a.annotations) {
            annotation.breaks = None;
        }
        self
    }

    /// The kept source, if the rule still means what it meant when read.
    pub fn unchanged_source(&self) -> Option<&str> {
        let layout = self.layout.as_ref()?;
        (layout.fingerprint == self.fingerprint()).then_some(layout.source.as_str())
    }

    /// The number of amendments the history records.
    pub fn amendment_count(&self) -> u32 {
        self.history
            .iter()
            .filter(|entry| entry.kind == HistoryKind::Amended)
            .count()
            .try_into()
            .unwrap_or(u32::MAX)
    }
}
