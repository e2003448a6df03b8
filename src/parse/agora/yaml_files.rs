//! The shapes of Agora's YAML files, as serde reads them. Scalars are read
//! as written ([`Raw`]): `power: 2.0` stays `2.0`.

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use std::fmt;

/// A scalar kept as written, whatever YAML would type it as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Raw(pub String);

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Raw, D::Error> {
        struct RawVisitor;
        impl Visitor<'_> for RawVisitor {
            type Value = Raw;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a scalar")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Raw, E> {
                Ok(Raw(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Raw, E> {
                Ok(Raw(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Raw, E> {
                Ok(Raw(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Raw, E> {
                Ok(Raw(format!("{v:?}")))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Raw, E> {
                Ok(Raw(v.to_string()))
            }
        }
        deserializer.deserialize_str(RawVisitor)
    }
}

#[derive(Debug, Deserialize)]
pub(super) struct RuleFile {
    pub id: Raw,
    pub name: Option<String>,
    pub power: Option<Raw>,
    pub text: Option<String>,
    #[serde(default)]
    pub history: Option<Vec<EntryFile>>,
    #[serde(default)]
    pub annotations: Option<Vec<AnnotationFile>>,
}

#[derive(Debug, Deserialize)]
pub(super) struct EntryFile {
    pub change: ChangeFile,
    pub date: Option<DateFile>,
    pub agent: Option<AgentFile>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct ChangeFile {
    #[serde(rename = "type")]
    pub kind: String,
    pub uncounted: Option<bool>,
    pub unchanged: Option<bool>,
    pub mutability: Option<Raw>,
    pub id: Option<Raw>,
    pub mi: Option<Raw>,
    pub power: Option<Raw>,
    pub old_mi: Option<Raw>,
    pub new_mi: Option<Raw>,
    pub old_power: Option<Raw>,
    pub new_power: Option<Raw>,
    pub old_title: Option<String>,
    pub new_title: Option<String>,
    pub new_name: Option<String>,
    pub old_id: Option<Raw>,
    pub new_id: Option<Raw>,
    pub oldid: Option<Raw>,
    pub newid: Option<Raw>,
    pub committee: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum DateFile {
    Around { around: Raw },
    Between { between: Raw, and: Raw },
    Plain(Raw),
}

#[derive(Debug, Deserialize)]
pub(super) struct AgentFile {
    pub proposal: Option<Raw>,
    pub rule: Option<Raw>,
    pub cleaning: Option<ByFile>,
    pub refiling: Option<ByFile>,
    pub ratification: Option<RatificationFile>,
    pub convergence: Option<Box<AgentFile>>,
    pub experiment: Option<ExperimentFile>,
    pub decree: Option<Raw>,
}

#[derive(Debug, Deserialize)]
pub(super) struct ByFile {
    pub by: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct RatificationFile {
    pub document: String,
    pub agent: Option<Box<AgentFile>>,
}

#[derive(Debug, Deserialize)]
pub(super) struct ExperimentFile {
    pub id: Raw,
    pub engineer: String,
}

#[derive(Debug, Deserialize)]
pub(super) struct AnnotationFile {
    #[serde(default)]
    pub cfjs: Vec<CfjFile>,
    pub text: String,
}

#[derive(Debug, Deserialize)]
pub(super) struct CfjFile {
    pub id: Raw,
    pub called: Option<DateFile>,
}

#[derive(Debug, Deserialize)]
pub(super) struct ProposalFile {
    pub id: Raw,
    pub title: Option<String>,
    pub author: Option<Raw>,
    pub coauthors: Option<Vec<Raw>>,
    pub power: Option<Raw>,
    pub chamber: Option<String>,
    pub disinterested: Option<bool>,
}

#[derive(Debug, Deserialize)]
pub(super) struct CategoryFile {
    pub name: String,
    #[serde(default)]
    pub note: String,
    #[serde(default)]
    pub rules: Vec<Raw>,
}
