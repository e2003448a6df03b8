//! The model's pretty JSON written directly, byte for byte what
//! `serde_json::to_writer_pretty` writes for the same value (two-space
//! indentation, the same key order and `null`s, `"`, `\` and control
//! characters escaped as serde_json escapes them, nothing else), without
//! serde's per-key and per-byte machinery: a ruleset's JSON is mostly long
//! strings, copied here in runs between the bytes that need an escape.
//!
//! Rules, their history and judgments are written here; the rarer parts
//! (a layout, Agora's data) are written by serde_json and indented to fit.

use super::history::{Date, HistoryEntry, HistoryKind};
use super::judgment::Judgment;
use super::rule::Rule;
use super::ruleset::Ruleset;
use serde::Serialize;
use std::io;

/// Writes the pretty JSON of `ruleset` to `writer`, as
/// `serde_json::to_writer_pretty` writes it, some 64 KiB at a time (never
/// the whole JSON at once).
///
/// # Errors
/// The writer's error, or what serde_json gives for a layout or Agora data
/// it cannot write.
pub fn write_ruleset(writer: &mut impl io::Write, ruleset: &Ruleset) -> io::Result<()> {
    const CHUNK: usize = 64 * 1024;
    let mut out = Vec::with_capacity(2 * CHUNK);
    write_ruleset_head(&mut out, &ruleset.title);
    for (n, rule) in ruleset.rules.iter().enumerate() {
        write_rule_item(&mut out, rule, n == 0)?;
        if out.len() >= CHUNK {
            writer.write_all(&out)?;
            out.clear();
        }
    }
    close_array(&mut out, !ruleset.rules.is_empty(), 2);
    if let Some(layout) = &ruleset.layout {
        key(&mut out, 2, "layout", false);
        by_serde(&mut out, layout, 2)?;
    }
    if let Some(agora) = &ruleset.agora {
        key(&mut out, 2, "agora", false);
        by_serde(&mut out, agora, 2)?;
    }
    out.extend_from_slice(b"\n}");
    writer.write_all(&out)
}

/// Appends the start of a ruleset's JSON, up to its rules' opening `[`: a
/// writer that reads rules one at a time follows it with
/// [`write_rule_item`] for each and [`write_ruleset_tail`].
pub fn write_ruleset_head(out: &mut Vec<u8>, title: &str) {
    out.push(b'{');
    key(out, 2, "title", true);
    string(out, title);
    key(out, 2, "rules", false);
    out.push(b'[');
}

/// Appends one rule of a ruleset's `rules` (`first` when none came before it).
///
/// # Errors
/// What serde_json gives for a layout or Agora data it cannot write.
pub fn write_rule_item(out: &mut Vec<u8>, rule: &Rule, first: bool) -> serde_json::Result<()> {
    item(out, 4, first);
    write_rule(out, rule)
}

/// Appends the end of a ruleset's JSON begun by [`write_ruleset_head`]
/// (`any_rules` when a rule was written), for a ruleset without layout or
/// Agora data.
pub fn write_ruleset_tail(out: &mut Vec<u8>, any_rules: bool) {
    close_array(out, any_rules, 2);
    out.extend_from_slice(b"\n}");
}

/// `,` (unless it comes first), a line break, the indentation of a rule's
/// keys (six spaces), and `"name": `, as one literal.
macro_rules! rule_key {
    (first $name:literal) => {
        concat!("\n      \"", $name, "\": ").as_bytes()
    };
    ($name:literal) => {
        concat!(",\n      \"", $name, "\": ").as_bytes()
    };
}

/// [`rule_key`] for the keys of a history entry or judgment (ten spaces).
macro_rules! item_key {
    (first $name:literal) => {
        concat!("\n          \"", $name, "\": ").as_bytes()
    };
    ($name:literal) => {
        concat!(",\n          \"", $name, "\": ").as_bytes()
    };
}

/// A rule's object, at the indentation of a ruleset's rules (four spaces).
/// Its keys are literals: a ruleset's JSON is mostly keys and strings.
fn write_rule(out: &mut Vec<u8>, rule: &Rule) -> serde_json::Result<()> {
    const INNER: usize = 6;
    out.push(b'{');
    out.extend_from_slice(rule_key!(first "number"));
    number(out, rule.number);
    if let Some(id) = &rule.id {
        out.extend_from_slice(rule_key!("id"));
        string(out, id);
    }
    if let Some(title) = &rule.title {
        out.extend_from_slice(rule_key!("title"));
        string(out, title);
    }
    out.extend_from_slice(rule_key!("revision"));
    optional_number(out, rule.revision);
    out.extend_from_slice(rule_key!("mutability"));
    string(out, rule.mutability.as_str());
    out.extend_from_slice(rule_key!("text"));
    string(out, &rule.text);
    out.extend_from_slice(rule_key!("history"));
    out.push(b'[');
    for (n, entry) in rule.history.iter().enumerate() {
        item(out, INNER + 2, n == 0);
        write_entry(out, entry)?;
    }
    close_array(out, !rule.history.is_empty(), INNER);
    out.extend_from_slice(rule_key!("judgments"));
    out.push(b'[');
    for (n, judgment) in rule.judgments.iter().enumerate() {
        item(out, INNER + 2, n == 0);
        write_judgment(out, judgment);
    }
    close_array(out, !rule.judgments.is_empty(), INNER);
    if let Some(layout) = &rule.layout {
        out.extend_from_slice(rule_key!("layout"));
        by_serde(out, layout, INNER)?;
    }
    if let Some(agora) = &rule.agora {
        out.extend_from_slice(rule_key!("agora"));
        by_serde(out, agora, INNER)?;
    }
    close_object(out, INNER - 2);
    Ok(())
}

/// A history entry's object, at the indentation of a rule's history
/// (eight spaces).
fn write_entry(out: &mut Vec<u8>, entry: &HistoryEntry) -> serde_json::Result<()> {
    const INNER: usize = 10;
    out.push(b'{');
    out.extend_from_slice(item_key!(first "kind"));
    string(out, kind_name(entry.kind));
    out.extend_from_slice(item_key!("amendment"));
    optional_number(out, entry.amendment);
    out.extend_from_slice(item_key!("proposal"));
    optional_number(out, entry.proposal);
    out.extend_from_slice(item_key!("proposer"));
    optional_string(out, entry.proposer.as_deref());
    out.extend_from_slice(item_key!("date"));
    optional_date(out, entry.date);
    out.extend_from_slice(item_key!("round"));
    optional_number(out, entry.round);
    out.extend_from_slice(item_key!("turn"));
    optional_number(out, entry.turn);
    out.extend_from_slice(item_key!("link"));
    optional_string(out, entry.link.as_deref());
    out.extend_from_slice(item_key!("source"));
    string(out, &entry.source);
    if let Some(agora) = &entry.agora {
        out.extend_from_slice(item_key!("agora"));
        by_serde(out, agora, INNER)?;
    }
    close_object(out, INNER - 2);
    Ok(())
}

/// A judgment's object, at the indentation of a rule's judgments.
fn write_judgment(out: &mut Vec<u8>, judgment: &Judgment) {
    const INNER: usize = 10;
    out.push(b'{');
    out.extend_from_slice(item_key!(first "text"));
    string(out, &judgment.text);
    out.extend_from_slice(item_key!("judge"));
    optional_string(out, judgment.judge.as_deref());
    out.extend_from_slice(item_key!("date"));
    optional_date(out, judgment.date);
    out.extend_from_slice(item_key!("round"));
    optional_number(out, judgment.round);
    out.extend_from_slice(item_key!("turn"));
    optional_number(out, judgment.turn);
    out.extend_from_slice(item_key!("source"));
    string(out, &judgment.source);
    close_object(out, INNER - 2);
}

/// The name a [`HistoryKind`] serializes as.
fn kind_name(kind: HistoryKind) -> &'static str {
    match kind {
        HistoryKind::Initial => "initial",
        HistoryKind::Enacted => "enacted",
        HistoryKind::Amended => "amended",
        HistoryKind::Transmuted => "transmuted",
        HistoryKind::Repealed => "repealed",
        HistoryKind::Reenacted => "reenacted",
        HistoryKind::CreatedFromTemporary => "created-from-temporary",
        HistoryKind::Renumbered => "renumbered",
        HistoryKind::Other => "other",
    }
}

/// A value serde_json writes, its lines after the first indented by
/// `indent` spaces (a JSON string holds no raw line feed, so every line
/// feed serde_json writes is one of its line breaks).
fn by_serde<T: Serialize + ?Sized>(
    out: &mut Vec<u8>,
    value: &T,
    indent: usize,
) -> serde_json::Result<()> {
    let json = serde_json::to_vec_pretty(value)?;
    let mut lines = json.split(|&b| b == b'\n');
    if let Some(first) = lines.next() {
        out.extend_from_slice(first);
    }
    for line in lines {
        newline(out, indent);
        out.extend_from_slice(line);
    }
    Ok(())
}

/// A line break and `indent` spaces.
fn newline(out: &mut Vec<u8>, indent: usize) {
    const SPACES: &[u8; 64] = &[b' '; 64];
    out.push(b'\n');
    let mut left = indent;
    while left > 0 {
        let now = left.min(SPACES.len());
        out.extend_from_slice(&SPACES[..now]);
        left -= now;
    }
}

/// `"name": ` on a line of its own, after a comma unless it is the first.
fn key(out: &mut Vec<u8>, indent: usize, name: &str, first: bool) {
    if !first {
        out.push(b',');
    }
    newline(out, indent);
    out.push(b'"');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\": ");
}

/// The break before an array's item, after a comma unless it is the first.
fn item(out: &mut Vec<u8>, indent: usize, first: bool) {
    if !first {
        out.push(b',');
    }
    newline(out, indent);
}

/// An array's `]`: on a line of its own after items, else right after `[`.
fn close_array(out: &mut Vec<u8>, any: bool, indent: usize) {
    if any {
        newline(out, indent);
    }
    out.push(b']');
}

/// An object's `}` (every object here has a key).
fn close_object(out: &mut Vec<u8>, indent: usize) {
    newline(out, indent);
    out.push(b'}');
}

fn number(out: &mut Vec<u8>, n: u32) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

fn optional_number(out: &mut Vec<u8>, n: Option<u32>) {
    match n {
        Some(n) => number(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

fn optional_string(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => string(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// A date as [`Date`]'s `Serialize` writes it: `"YYYY-MM-DD"` (what its
/// `Display` writes: digits and dashes, nothing to escape).
fn optional_date(out: &mut Vec<u8>, date: Option<Date>) {
    let Some(date) = date else {
        out.extend_from_slice(b"null");
        return;
    };
    match date.iso_bytes() {
        Some(iso) => {
            out.push(b'"');
            out.extend_from_slice(&iso);
            out.push(b'"');
        }
        None => string(out, &date.to_string()),
    }
}

/// Eight copies of a byte.
const fn splat(byte: u8) -> u64 {
    u64::from_ne_bytes([byte; 8])
}

/// Whether one of the eight bytes of `word` needs an escape: a control
/// character (below 0x20), `"` or `\`. Exact (no false positives): each
/// test is the classic "has a byte below n" of a word.
fn needs_escape(word: u64) -> bool {
    let below = |w: u64, n: u8| w.wrapping_sub(splat(n)) & !w & splat(0x80);
    (below(word, 0x20) | below(word ^ splat(b'"'), 1) | below(word ^ splat(b'\\'), 1)) != 0
}

/// Whether one byte needs an escape.
fn escaped(byte: u8) -> bool {
    byte < 0x20 || byte == b'"' || byte == b'\\'
}

/// A JSON string, escaped as serde_json escapes it: the runs between bytes
/// that need an escape are copied whole, found a word at a time.
pub(crate) fn string(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut run = 0;
    let mut at = 0;
    while at < bytes.len() {
        if at + 8 <= bytes.len() {
            let word = u64::from_ne_bytes(bytes[at..at + 8].try_into().expect("eight bytes"));
            if !needs_escape(word) {
                at += 8;
                continue;
            }
        }
        let byte = bytes[at];
        if escaped(byte) {
            out.extend_from_slice(&bytes[run..at]);
            escape(out, byte);
            run = at + 1;
        }
        at += 1;
    }
    out.extend_from_slice(&bytes[run..]);
    out.push(b'"');
}

/// The escape of one byte, as serde_json writes it.
fn escape(out: &mut Vec<u8>, byte: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let short = match byte {
        b'"' => b'"',
        b'\\' => b'\\',
        0x08 => b'b',
        0x0c => b'f',
        b'\n' => b'n',
        b'\r' => b'r',
        b'\t' => b't',
        _ => {
            out.extend_from_slice(b"\\u00");
            out.push(HEX[usize::from(byte >> 4)]);
            out.push(HEX[usize::from(byte & 0xf)]);
            return;
        }
    };
    out.extend_from_slice(&[b'\\', short]);
}

#[cfg(test)]
#[path = "json_tests.rs"]
mod tests;
