//! History entries: `Amended (1) by Proposal 329 (Alekosen), Jul 27, 2020`.

use super::{date, number, parenthesised_name, round_turn};
use crate::model::{Date, HistoryEntry, HistoryKind};
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::char;
use nom::combinator::{eof, map, opt};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

struct Tail {
    proposal: u32,
    proposer: Option<String>,
    date: Option<Date>,
    round_turn: Option<(u32, u32)>,
}

/// `N[ (Proposer)][, Mon D, YYYY][ (RxTy)]` to the end of the line.
fn change_tail(input: &str) -> IResult<&str, Tail> {
    map(
        terminated(
            (
                number,
                opt(preceded(char(' '), parenthesised_name)),
                opt(preceded(tag(", "), date)),
                opt(round_turn),
            ),
            eof,
        ),
        |(proposal, proposer, date, round_turn)| Tail {
            proposal,
            proposer: proposer.map(str::to_string),
            date,
            round_turn,
        },
    )
    .parse(input)
}

fn entry_from(kind: HistoryKind, amendment: Option<u32>, tail: Tail, source: &str) -> HistoryEntry {
    HistoryEntry {
        kind,
        amendment,
        proposal: Some(tail.proposal),
        proposer: tail.proposer,
        date: tail.date,
        round: tail.round_turn.map(|rt| rt.0),
        turn: tail.round_turn.map(|rt| rt.1),
        link: None,
        source: source.to_string(),
        agora: None,
    }
}

fn initial(input: &str) -> IResult<&str, Option<Date>> {
    preceded(
        (
            tag("Initial "),
            alt((tag("immutable"), tag("mutable"))),
            tag(" Rule "),
            number,
        ),
        terminated(opt(preceded(tag(", "), date)), eof),
    )
    .parse(input)
}

fn verb(input: &str) -> IResult<&str, (HistoryKind, Option<u32>)> {
    let amended = map(
        delimited(tag("Amended ("), number, tag(") by Proposal ")),
        |k| (HistoryKind::Amended, Some(k)),
    );
    let transmuted = map(
        (
            tag("Transmuted "),
            opt(alt((tag("from immutable "), tag("from mutable ")))),
            alt((tag("to immutable"), tag("to mutable"))),
            tag(" by Proposal "),
        ),
        |_| (HistoryKind::Transmuted, None),
    );
    alt((
        map(tag("Enacted by Proposal "), |_| {
            (HistoryKind::Enacted, None)
        }),
        amended,
        transmuted,
        map(tag("Repealed by Proposal "), |_| {
            (HistoryKind::Repealed, None)
        }),
        map(
            alt((
                tag("Reenacted by Proposal "),
                tag("Re-enacted by Proposal "),
            )),
            |_| (HistoryKind::Reenacted, None),
        ),
        map(tag("Created from Temporary Rule "), |_| {
            (HistoryKind::CreatedFromTemporary, None)
        }),
        map(
            (
                tag("Renumbered from Rule "),
                number,
                tag(" to Rule "),
                number,
                tag(" by Proposal "),
            ),
            |_| (HistoryKind::Renumbered, None),
        ),
    ))
    .parse(input)
}

/// Parses a history entry's text (without link markup or italics). Never
/// fails: an unknown shape is kind `other` with its text kept in `source`.
pub(crate) fn history_entry(line: &str) -> HistoryEntry {
    if let Ok((_, date)) = initial(line) {
        return HistoryEntry {
            date,
            ..HistoryEntry::new(HistoryKind::Initial, line)
        };
    }
    if let Ok((_, ((kind, amendment), tail))) = (verb, change_tail).parse(line) {
        return entry_from(kind, amendment, tail, line);
    }
    // `nomic renumber` records a renumbering no proposal made.
    let mut renumbered = (
        tag("Renumbered from Rule "),
        number,
        tag(" to Rule "),
        number,
        eof,
    );
    if renumbered.parse(line).is_ok() {
        return HistoryEntry::new(HistoryKind::Renumbered, line);
    }
    HistoryEntry::new(HistoryKind::Other, line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Change, RoundTurn};

    fn change(p: u32, who: &str, date: (i32, u8, u8), rt: Option<(u32, u32)>) -> Change {
        Change {
            proposal: p,
            proposer: Some(who.into()),
            date: Date::new(date.0, date.1, date.2),
            round_turn: rt.map(|(round, turn)| RoundTurn { round, turn }),
        }
    }

    #[test]
    fn canonical_entries_parse_back_to_their_constructors() {
        let date = Date::new(2020, 6, 1);
        let c = change(329, "Alekosen", (2020, 7, 27), None);
        let t = change(601, "Fenris Wolf", (2020, 8, 14), Some((5, 8)));
        let r = change(340, "THUNDER THIGHS", (2020, 8, 20), Some((6, 1)));
        let entries = [
            HistoryEntry::initial(203, false, date),
            HistoryEntry::initial(101, true, date),
            HistoryEntry::initial(101, true, None),
            HistoryEntry::enacted(&r),
            HistoryEntry::amended(1, &c),
            HistoryEntry::amended(12, &r),
            HistoryEntry::transmuted(true, &r),
            HistoryEntry::transmuted(false, &r),
            HistoryEntry::repealed(&r),
            HistoryEntry::reenacted(&r),
            HistoryEntry::created_from_temporary(&t),
            HistoryEntry::enacted(&Change {
                proposal: 5,
                ..Change::default()
            }),
        ];
        for entry in entries {
            assert_eq!(history_entry(&entry.source), entry, "{}", entry.source);
        }
    }

    #[test]
    fn unknown_history_shapes_are_kept() {
        for line in [
            "Something happened",
            "Amended (x) by Proposal 3",
            "Enacted by Proposal 3, Feb 30, 2020",
        ] {
            let entry = history_entry(line);
            assert_eq!(entry.kind, HistoryKind::Other);
            assert_eq!(entry.source, line);
        }
    }
}
