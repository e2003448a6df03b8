//! Judgments: `TEXT (Judge), Mon D, YYYY (RxTy)`.

use super::{date, parenthesised_name, round_turn};
use crate::model::{Date, Judgment};
use nom::bytes::complete::tag;
use nom::combinator::{eof, opt};
use nom::sequence::terminated;
use nom::{IResult, Parser};

/// `(Judge), Mon D, YYYY[ (RxTy)]` to the end of the line.
type JudgmentTail<'a> = (&'a str, Date, Option<(u32, u32)>);

fn judgment_tail(input: &str) -> IResult<&str, JudgmentTail<'_>> {
    terminated(
        (
            terminated(parenthesised_name, tag(", ")),
            date,
            opt(round_turn),
        ),
        eof,
    )
    .parse(input)
}

/// Parses a judgment's text (without italics): `TEXT (Judge), Mon D, YYYY
/// (RxTy)`. Never fails: an unknown shape keeps the whole line as `text`.
pub(crate) fn judgment(line: &str) -> Judgment {
    // The ruling itself may hold parentheses, so the judge is the last
    // parenthesised name that the date follows: try candidates right to left.
    let mut search_end = line.len();
    while let Some(at) = line[..search_end].rfind(" (") {
        if let Ok((_, (judge, date, round_turn))) = judgment_tail(&line[at + 1..]) {
            return Judgment {
                text: line[..at].to_string(),
                judge: Some(judge.to_string()),
                date: Some(date),
                round: round_turn.map(|rt| rt.0),
                turn: round_turn.map(|rt| rt.1),
                source: line.to_string(),
            };
        }
        search_end = at;
    }
    Judgment {
        text: line.to_string(),
        judge: None,
        date: None,
        round: None,
        turn: None,
        source: line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judgments_find_the_judge_after_parenthesised_text() {
        let line = "\"Regulated\" (in rules) means x. (Coconutpies), Jun 6, 2020 (R1T3)";
        let j = judgment(line);
        assert_eq!(j.text, "\"Regulated\" (in rules) means x.");
        assert_eq!(j.judge.as_deref(), Some("Coconutpies"));
        assert_eq!(j.date, Date::new(2020, 6, 6));
        assert_eq!((j.round, j.turn), (Some(1), Some(3)));
        assert_eq!(j.source, line);
        let j = judgment("No judge here");
        assert_eq!((j.text.as_str(), j.judge), ("No judge here", None));
    }
}
