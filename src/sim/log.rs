//! The event log: every event with its sequence number, time, turn, fields
//! and basis (the rules the decision rests on), rendered as JSON Lines.

use crate::engine::event::{Event, Time};
use crate::engine::state::State;
use crate::engine::{ParamKey, Sink};
use serde_json::{json, Value};

/// One logged event, fields in a fixed order.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub seq: u64,
    /// Unix seconds.
    pub at: i64,
    pub turn: u32,
    pub kind: &'static str,
    pub fields: Vec<(&'static str, Value)>,
    pub basis: Vec<u32>,
}

impl Entry {
    /// One JSON object on one line, keys in a fixed order.
    pub fn to_json_line(&self) -> String {
        let mut pairs: Vec<(&str, Value)> = vec![
            ("seq", json!(self.seq)),
            ("at", json!(super::time::format_utc(self.at))),
            ("turn", json!(self.turn)),
            ("type", json!(self.kind)),
        ];
        pairs.extend(self.fields.iter().map(|(k, v)| (*k, v.clone())));
        pairs.push(("basis", json!(self.basis)));
        object_line(&pairs)
    }
}

/// A JSON object with its keys in the given order (serde_json's map would
/// sort them).
pub fn object_line(pairs: &[(&str, Value)]) -> String {
    let mut out = String::from("{");
    for (i, (key, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&Value::from(*key).to_string());
        out.push(':');
        out.push_str(&value.to_string());
    }
    out.push('}');
    out
}

/// Collects log entries as the engine emits events.
pub struct LogSink {
    pub start: i64,
    pub entries: Vec<Entry>,
    /// The events themselves, for replay.
    pub events: Vec<(Time, Event)>,
}

impl LogSink {
    pub fn new(start: i64) -> LogSink {
        LogSink {
            start,
            entries: Vec::new(),
            events: Vec::new(),
        }
    }
}

/// The rules behind the parameters' current values.
fn basis(state: &State, keys: &[ParamKey]) -> Vec<u32> {
    let mut rules: Vec<u32> = keys
        .iter()
        .filter_map(|&key| state.params.provenance(key).rule())
        .collect();
    rules.sort_unstable();
    rules.dedup();
    rules
}

impl Sink for LogSink {
    fn record(&mut self, at: Time, event: &Event, state: &State) {
        let (fields, keys) = super::describe::describe(event, state, self.start);
        let mut basis = basis(state, keys);
        if let Event::ParamChanged { from, .. } = event {
            basis.extend(from.rule());
        }
        self.events.push((at, event.clone()));
        self.entries.push(Entry {
            seq: self.entries.len() as u64 + 1,
            at: self.start + at,
            turn: state.turn,
            kind: event.kind(),
            fields,
            basis,
        });
    }
}
