//! The event log, one serde type: a header line ([`Header`]), one line per
//! event ([`Entry`]: its sequence number, time, turn, the event's `type` and
//! fields ([`LogEvent`]) and its `basis`, the rules the decision rests on),
//! a summary line ([`Summary`]). Serialized with `serde_json`, the keys come
//! in the order the fields are declared: that order is the documented log.
//!
//! Engine events become log events with [`Happened`] (`From`); `Display`
//! for an [`Entry`] is the pretty log's sentence.

use crate::engine::event::{Event, Time};
use crate::engine::state::State;
use crate::engine::{ParamKey, Sink};
use serde::{Deserialize, Serialize};

mod event;
mod lines;
mod record;
mod sentence;
#[cfg(test)]
mod tests;
mod values;

pub(crate) use event::LogEvent;
pub(crate) use lines::{
    Header, HeaderParam, HeaderPlayer, Summary, SummaryExpectation, SummaryScore,
};
pub(crate) use record::Happened;
pub(crate) use sentence::Minute;
pub(crate) use values::{Named, Source, Stamp};

/// One logged event: `{"seq":…,"at":…,"turn":…,"type":…,…,"basis":[…]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Its place in the log, from 1.
    pub seq: u64,
    /// When it happened.
    pub at: Stamp,
    /// The turn it happened in.
    pub turn: u32,
    /// What happened.
    #[serde(flatten)]
    pub event: LogEvent,
    /// The rules behind the parameters it rests on, ascending.
    pub basis: Vec<u32>,
}

/// Collects log entries as the engine emits events.
pub struct LogSink {
    /// When the game started, in Unix seconds.
    pub start: i64,
    /// The log, one entry per event.
    pub entries: Vec<Entry>,
}

impl LogSink {
    /// An empty log for a game that starts at `start` (Unix seconds).
    pub fn new(start: i64) -> LogSink {
        LogSink {
            start,
            entries: Vec::new(),
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
        let mut basis = basis(state, event.basis());
        if let Event::ParamChanged { from, .. } = event {
            basis.extend(from.rule());
        }
        self.entries.push(Entry {
            seq: self.entries.len() as u64 + 1,
            at: Stamp(self.start + at),
            turn: state.turn,
            event: LogEvent::from(Happened {
                event,
                state,
                start: self.start,
            }),
            basis,
        });
    }
}
