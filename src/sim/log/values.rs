//! The small typed values of log lines, each written as the log has always
//! written it: times as `2020-08-15T00:00:00Z`, provenance as `rule 203/2`,
//! dice as `2d6`, settings as a name and a value text.

use crate::engine::catalogue::parse_dice;
use crate::engine::params::ProvenanceError;
use crate::engine::{ParamError, ParamKey, Provenance, Setting};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};
use thiserror::Error;

/// A log value that does not read back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ValueError {
    /// A time not in the log's form.
    #[error("`{0}` is not a time of the form YYYY-MM-DDTHH:MM:SSZ")]
    Time(String),
    /// Dice not in the form `NdS`.
    #[error("`{0}` is not dice of the form NdS")]
    Dice(String),
    /// A provenance the engine does not write.
    #[error(transparent)]
    Provenance(#[from] ProvenanceError),
    /// A parameter name or value the catalogue does not read.
    #[error(transparent)]
    Param(#[from] ParamError),
}

/// A moment, in Unix seconds, written in UTC to the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Stamp(pub i64);

impl From<Stamp> for String {
    fn from(stamp: Stamp) -> String {
        crate::sim::time::format_utc(stamp.0)
    }
}

impl TryFrom<String> for Stamp {
    type Error = ValueError;

    fn try_from(text: String) -> Result<Stamp, ValueError> {
        crate::sim::time::parse_utc(&text)
            .map(Stamp)
            .ok_or(ValueError::Time(text))
    }
}

/// Where a parameter's value came from, written as `Provenance` displays it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Source(pub Provenance);

impl From<Source> for String {
    fn from(source: Source) -> String {
        source.0.to_string()
    }
}

impl TryFrom<String> for Source {
    type Error = ValueError;

    fn try_from(text: String) -> Result<Source, ValueError> {
        Ok(Source(text.parse()?))
    }
}

/// `n` dice of `sides` sides, written `NdS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Dice {
    /// How many dice.
    pub n: u32,
    /// The sides of each.
    pub sides: u32,
}

impl From<Dice> for String {
    fn from(dice: Dice) -> String {
        format!("{}d{}", dice.n, dice.sides)
    }
}

impl TryFrom<String> for Dice {
    type Error = ValueError;

    fn try_from(text: String) -> Result<Dice, ValueError> {
        parse_dice(&text)
            .map(|(n, sides)| Dice { n, sides })
            .ok_or(ValueError::Dice(text))
    }
}

fn setting(name: &str, value: &str) -> Result<Setting, ValueError> {
    Ok(Setting::parse(ParamKey::named(name)?, value)?)
}

/// Writes a setting as two keys: `name_key` for its name, then `value`.
fn write_setting<S: Serializer>(
    setting: &Setting,
    name_key: &'static str,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut out = serializer.serialize_struct("Setting", 2)?;
    out.serialize_field(name_key, setting.key().name())?;
    out.serialize_field("value", &setting.value_text())?;
    out.end()
}

#[derive(Deserialize)]
struct NamedText {
    name: String,
    value: String,
}

/// A setting written `"name":…,"value":…` (`param_changed`, the header's
/// parameters).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "NamedText")]
pub struct Named(pub Setting);

impl Serialize for Named {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write_setting(&self.0, "name", serializer)
    }
}

impl TryFrom<NamedText> for Named {
    type Error = ValueError;

    fn try_from(text: NamedText) -> Result<Named, ValueError> {
        setting(&text.name, &text.value).map(Named)
    }
}

#[derive(Deserialize)]
struct EffectText {
    param: String,
    value: String,
}

/// A proposal's `effect` line, written `{"param":…,"value":…}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "EffectText")]
pub struct Effect(pub Setting);

impl Serialize for Effect {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write_setting(&self.0, "param", serializer)
    }
}

impl TryFrom<EffectText> for Effect {
    type Error = ValueError;

    fn try_from(text: EffectText) -> Result<Effect, ValueError> {
        setting(&text.param, &text.value).map(Effect)
    }
}
