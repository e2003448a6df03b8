use super::agora::AgoraEntry;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What kind of change a history entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum HistoryKind {
    /// `Initial mutable Rule 203, Jun 1, 2020`
    Initial,
    /// `Enacted by Proposal 303 (THUNDER THIGHS), Jun 7, 2020 (R1T3)`
    Enacted,
    /// `Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020`
    Amended,
    /// `Transmuted from immutable to mutable by Proposal ...`
    Transmuted,
    /// `Repealed by Proposal ...`
    Repealed,
    /// `Reenacted by Proposal ...`
    #[serde(rename = "reenacted")]
    Reenacted,
    /// `Created from Temporary Rule 600 (Name), ...`
    CreatedFromTemporary,
    /// `Renumbered from Rule 304 to Rule 340 [by Proposal ...]`
    Renumbered,
    /// A line no grammar recognised; `source` keeps its text.
    Other,
}

/// A calendar date, written `Mon D, YYYY` in rulesets and `YYYY-MM-DD` in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year (`jiff`'s range, -9999 to 9999).
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, from 1.
    pub day: u8,
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

impl Date {
    /// A date if the day exists in that month (leap years included; the
    /// calendar is `jiff`'s, years -9999 to 9999).
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        let civil = jiff::civil::Date::new(
            i16::try_from(year).ok()?,
            i8::try_from(month).ok()?,
            i8::try_from(day).ok()?,
        );
        civil.is_ok().then_some(Date { year, month, day })
    }

    /// The three-letter English month abbreviation, `Jan` for 1.
    pub fn month_abbrev(self) -> &'static str {
        MONTHS[usize::from(self.month - 1)]
    }

    /// The month number of an abbreviation such as `Jun` (case-sensitive).
    pub fn month_from_abbrev(abbrev: &str) -> Option<u8> {
        MONTHS
            .iter()
            .position(|m| *m == abbrev)
            .map(|i| i as u8 + 1)
    }

    /// `Jun 1, 2020`, the form rulesets use (`%b %-d, %Y`).
    pub fn to_ruleset_string(self) -> String {
        format!("{} {}, {}", self.month_abbrev(), self.day, self.year)
    }

    /// Parses `YYYY-MM-DD`.
    pub fn parse_iso(s: &str) -> Option<Date> {
        let mut parts = s.splitn(3, '-');
        let year = parts.next()?.parse().ok()?;
        let month = parts.next()?.parse().ok()?;
        let day = parts.next()?.parse().ok()?;
        Date::new(year, month, day)
    }
}

impl fmt::Display for Date {
    /// ISO `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Date {
    /// What `Display` writes, as ten ASCII bytes, when the year has four
    /// digits and month and day two (every date a reader makes); `None`
    /// otherwise. Without the formatting machinery: a ruleset's JSON holds
    /// a date per history line.
    pub(crate) fn iso_bytes(self) -> Option<[u8; 10]> {
        let (Ok(year @ 0..=9999), month @ 0..=99, day @ 0..=99) =
            (u16::try_from(self.year), self.month, self.day)
        else {
            return None;
        };
        let digit = |n: u16| b'0' + (n % 10) as u8;
        let (month, day) = (u16::from(month), u16::from(day));
        Some([
            digit(year / 1000),
            digit(year / 100),
            digit(year / 10),
            digit(year),
            b'-',
            digit(month / 10),
            digit(month),
            b'-',
            digit(day / 10),
            digit(day),
        ])
    }
}

impl Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.iso_bytes() {
            Some(iso) => serializer.serialize_str(std::str::from_utf8(&iso).expect("ASCII digits")),
            None => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        Date::parse_iso(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("invalid date `{s}`, expected YYYY-MM-DD"))
        })
    }
}

/// `(R4T6)`: round 4, turn 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct RoundTurn {
    /// The round, from the `R4` of `(R4T6)`.
    pub round: u32,
    /// The turn within the round, from the `T6` of `(R4T6)`.
    pub turn: u32,
}

/// One line of a rule's history.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// What kind of change the line records.
    pub kind: HistoryKind,
    /// The k of "Amended (k)".
    pub amendment: Option<u32>,
    /// The proposal that made the change (`Proposal 329`).
    pub proposal: Option<u32>,
    /// The player named after the proposal (`(Alekosen)`).
    pub proposer: Option<String>,
    /// The date of the change.
    pub date: Option<Date>,
    /// The round of `(R1T3)`.
    pub round: Option<u32>,
    /// The turn of `(R1T3)`.
    pub turn: Option<u32>,
    /// Where the rule's page stood after this change (md-long links).
    pub link: Option<String>,
    /// The entry's original text, without link markup or italics.
    pub source: String,
    /// Agora's record of the change (its date as written, change and agent).
    /// Boxed: only Agora's entries have one, and inline it would more than
    /// double the size of every other ruleset's entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agora: Option<Box<AgoraEntry>>,
}

impl HistoryEntry {
    /// An entry of the given kind with every optional field absent.
    pub fn new(kind: HistoryKind, source: impl Into<String>) -> HistoryEntry {
        HistoryEntry {
            kind,
            amendment: None,
            proposal: None,
            proposer: None,
            date: None,
            round: None,
            turn: None,
            link: None,
            source: source.into(),
            agora: None,
        }
    }
}

/// Who made a change and when: the fields every proposal-driven entry shares.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Change {
    /// The number of the proposal that made the change.
    pub proposal: u32,
    /// The proposal's author, written in parentheses after the number.
    pub proposer: Option<String>,
    /// The date of the change.
    pub date: Option<Date>,
    /// When in the game the change was made.
    pub round_turn: Option<RoundTurn>,
}

impl HistoryEntry {
    /// `Initial mutable Rule 203, Jun 1, 2020`.
    pub fn initial(rule: u32, immutable: bool, date: Option<Date>) -> HistoryEntry {
        let adjective = if immutable { "immutable" } else { "mutable" };
        let mut source = format!("Initial {adjective} Rule {rule}");
        if let Some(date) = date {
            source.push_str(", ");
            source.push_str(&date.to_ruleset_string());
        }
        HistoryEntry {
            date,
            ..HistoryEntry::new(HistoryKind::Initial, source)
        }
    }

    /// `Enacted by Proposal 303 (THUNDER THIGHS), Jun 7, 2020 (R1T3)`.
    pub fn enacted(change: &Change) -> HistoryEntry {
        HistoryEntry::from_change(HistoryKind::Enacted, "Enacted by", None, change)
    }

    /// `Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020`.
    pub fn amended(amendment: u32, change: &Change) -> HistoryEntry {
        let verb = format!("Amended ({amendment}) by");
        HistoryEntry::from_change(HistoryKind::Amended, &verb, Some(amendment), change)
    }

    /// `Transmuted to mutable by Proposal 340 (Name), Aug 20, 2020 (R6T1)`.
    pub fn transmuted(to_immutable: bool, change: &Change) -> HistoryEntry {
        let verb = if to_immutable {
            "Transmuted to immutable by"
        } else {
            "Transmuted to mutable by"
        };
        HistoryEntry::from_change(HistoryKind::Transmuted, verb, None, change)
    }

    /// `Reenacted by Proposal 340 (Name), Aug 20, 2020 (R6T1)`.
    pub fn reenacted(change: &Change) -> HistoryEntry {
        HistoryEntry::from_change(HistoryKind::Reenacted, "Reenacted by", None, change)
    }

    /// `Renumbered from Rule 304 to Rule 340 by Proposal 350 (Name), ...`,
    /// or `Renumbered from Rule 304 to Rule 340` when no proposal did it
    /// (a moderator's `nomic renumber`).
    pub fn renumbered(from: u32, to: u32, change: Option<&Change>) -> HistoryEntry {
        let verb = format!("Renumbered from Rule {from} to Rule {to}");
        match change {
            Some(change) => HistoryEntry::from_change(
                HistoryKind::Renumbered,
                &format!("{verb} by"),
                None,
                change,
            ),
            None => HistoryEntry::new(HistoryKind::Renumbered, verb),
        }
    }

    /// The number a `Renumbered` entry gave the rule.
    pub fn renumbered_to(&self) -> Option<u32> {
        if self.kind != HistoryKind::Renumbered {
            return None;
        }
        let after = &self.source[self.source.find(" to Rule ")? + " to Rule ".len()..];
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    }

    /// `Created from Temporary Rule 601 (Fenris Wolf), Aug 14, 2020 (R5T8)`.
    /// The temporary rule's number is kept in `proposal`.
    pub fn created_from_temporary(change: &Change) -> HistoryEntry {
        let mut entry = HistoryEntry::from_change(
            HistoryKind::CreatedFromTemporary,
            "Created from",
            None,
            change,
        );
        entry.source =
            entry
                .source
                .replacen("Created from Proposal", "Created from Temporary Rule", 1);
        entry
    }

    fn from_change(
        kind: HistoryKind,
        verb: &str,
        amendment: Option<u32>,
        change: &Change,
    ) -> HistoryEntry {
        let mut source = format!("{verb} Proposal {}", change.proposal);
        if let Some(proposer) = &change.proposer {
            source.push_str(&format!(" ({proposer})"));
        }
        if let Some(date) = change.date {
            source.push_str(", ");
            source.push_str(&date.to_ruleset_string());
        }
        if let Some(rt) = change.round_turn {
            source.push_str(&format!(" (R{}T{})", rt.round, rt.turn));
        }
        HistoryEntry {
            kind,
            amendment,
            proposal: Some(change.proposal),
            proposer: change.proposer.clone(),
            date: change.date,
            round: change.round_turn.map(|rt| rt.round),
            turn: change.round_turn.map(|rt| rt.turn),
            link: None,
            source,
            agora: None,
        }
    }
}

#[cfg(test)]
impl HistoryEntry {
    /// `Repealed by Proposal 340 (Name), Aug 20, 2020 (R6T1)`.
    pub(crate) fn repealed(change: &Change) -> HistoryEntry {
        HistoryEntry::from_change(HistoryKind::Repealed, "Repealed by", None, change)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_serializes_as_it_displays() {
        for (year, month, day) in [
            (2020, 6, 1),
            (1, 12, 31),
            (0, 1, 9),
            (9999, 10, 10),
            (-5, 3, 4),
        ] {
            let date = Date { year, month, day };
            let json = serde_json::to_string(&date).unwrap();
            assert_eq!(json, format!("\"{date}\""));
        }
        let far = Date {
            year: 12345,
            month: 100,
            day: 7,
        };
        assert_eq!(serde_json::to_string(&far).unwrap(), format!("\"{far}\""));
    }

    fn change(
        proposal: u32,
        proposer: &str,
        date: (i32, u8, u8),
        rt: Option<(u32, u32)>,
    ) -> Change {
        Change {
            proposal,
            proposer: Some(proposer.to_string()),
            date: Date::new(date.0, date.1, date.2),
            round_turn: rt.map(|(round, turn)| RoundTurn { round, turn }),
        }
    }

    #[test]
    fn canonical_entry_texts_match_the_published_ones() {
        let date = Date::new(2020, 6, 1);
        assert_eq!(
            HistoryEntry::initial(203, false, date).source,
            "Initial mutable Rule 203, Jun 1, 2020"
        );
        assert_eq!(
            HistoryEntry::amended(1, &change(329, "Alekosen", (2020, 7, 27), None)).source,
            "Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020"
        );
        let enacted =
            HistoryEntry::enacted(&change(303, "THUNDER THIGHS", (2020, 6, 7), Some((1, 3))));
        assert_eq!(
            enacted.source,
            "Enacted by Proposal 303 (THUNDER THIGHS), Jun 7, 2020 (R1T3)"
        );
        assert_eq!((enacted.round, enacted.turn), (Some(1), Some(3)));
        assert_eq!(
            HistoryEntry::created_from_temporary(&change(
                601,
                "Fenris Wolf",
                (2020, 8, 14),
                Some((5, 8))
            ))
            .source,
            "Created from Temporary Rule 601 (Fenris Wolf), Aug 14, 2020 (R5T8)"
        );
        let renumbered = HistoryEntry::renumbered(
            304,
            340,
            Some(&change(350, "Sauce", (2020, 9, 1), Some((7, 2)))),
        );
        assert_eq!(
            renumbered.source,
            "Renumbered from Rule 304 to Rule 340 by Proposal 350 (Sauce), Sep 1, 2020 (R7T2)"
        );
        assert_eq!(renumbered.renumbered_to(), Some(340));
        let plain = HistoryEntry::renumbered(304, 340, None);
        assert_eq!(plain.source, "Renumbered from Rule 304 to Rule 340");
        assert_eq!((plain.proposal, plain.renumbered_to()), (None, Some(340)));
    }

    #[test]
    fn dates_validate_and_print_both_ways() {
        assert!(Date::new(2021, 2, 29).is_none());
        assert!(Date::new(2020, 2, 29).is_some());
        let date = Date::parse_iso("2020-07-27").unwrap();
        assert_eq!(date.to_string(), "2020-07-27");
        assert_eq!(date.to_ruleset_string(), "Jul 27, 2020");
        assert_eq!(Date::month_from_abbrev("Aug"), Some(8));
    }
}
