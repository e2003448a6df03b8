//! The shapes of single lines: the proposal header and each operation,
//! one `nom` parser each. `context` labels say what was expected, for errors.

use super::Res;
use crate::amend::proposal::{OperationKind, Proposal};
use crate::model::{Date, Mutability, RoundTurn};
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till, take_while1};
use nom::character::complete::{char, digit1, one_of, space0, space1};
use nom::combinator::{cut, eof, map, map_res, not, opt, value};
use nom::error::context;
use nom::sequence::{delimited, preceded, terminated};
use nom::Parser;
use nom_language::error::{VerboseError, VerboseErrorKind};

pub(super) fn number(input: &str) -> Res<'_, u32> {
    map_res(digit1, str::parse::<u32>).parse(input)
}

pub(super) fn rule_ref(input: &str) -> Res<'_, u32> {
    preceded(
        (context("`Rule`", tag_no_case("rule")), space1),
        context("a rule number", number),
    )
    .parse(input)
}

pub(super) fn round_turn(input: &str) -> Res<'_, RoundTurn> {
    map(
        delimited(
            (char('('), tag_no_case("r")),
            (number, preceded(tag_no_case("t"), number)),
            char(')'),
        ),
        |(round, turn)| RoundTurn { round, turn },
    )
    .parse(input)
}

pub(super) fn proposer(input: &str) -> Res<'_, String> {
    preceded(
        not(round_turn),
        delimited(
            char('('),
            map(take_till(|c| c == ')'), |s: &str| s.trim().to_string()),
            context("`)` after the proposer's name", char(')')),
        ),
    )
    .parse(input)
}

pub(super) fn date(input: &str) -> Res<'_, Date> {
    context(
        "a date such as `Aug 24, 2020`, `August 24, 2020` or `2020-08-24`",
        alt((iso_date, month_date)),
    )
    .parse(input)
}

pub(super) fn iso_date(input: &str) -> Res<'_, Date> {
    map_res(
        (
            take_while1(|c: char| c.is_ascii_digit()),
            char('-'),
            digit1,
            char('-'),
            digit1,
        ),
        |(y, _, m, _, d): (&str, char, &str, char, &str)| {
            Date::parse_iso(&format!("{y}-{m}-{d}")).ok_or("no such date")
        },
    )
    .parse(input)
}

pub(super) fn month_date(input: &str) -> Res<'_, Date> {
    map_res(
        (
            take_while1(|c: char| c.is_ascii_alphabetic()),
            opt(char('.')),
            space1,
            digit1,
            char(','),
            space0,
            digit1,
        ),
        |(month, _, _, day, _, _, year): (&str, _, _, &str, _, _, &str)| {
            let month = month_number(month).ok_or("unknown month")?;
            let day: u8 = day.parse().map_err(|_| "bad day")?;
            let year: i32 = year.parse().map_err(|_| "bad year")?;
            Date::new(year, month, day).ok_or("no such date")
        },
    )
    .parse(input)
}

/// `Aug`, `aug`, `August`: the month's number.
pub(super) fn month_number(name: &str) -> Option<u8> {
    const FULL: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let lower = name.to_ascii_lowercase();
    FULL.iter()
        .position(|full| lower.len() >= 3 && full.starts_with(&lower))
        .map(|i| i as u8 + 1)
}

/// Optional final punctuation, then the end of the line.
pub(super) fn end_of_line(input: &str) -> Res<'_, ()> {
    value(
        (),
        (
            space0,
            opt(one_of(".:")),
            space0,
            context("the end of the line", eof),
        ),
    )
    .parse(input)
}

pub(super) fn header(input: &str) -> Res<'_, Proposal> {
    let (rest, _) = opt((take_while1(|c| c == '#'), space0)).parse(input)?;
    let (rest, _) = (tag_no_case("proposal"), space1).parse(rest)?;
    let (rest, number) = context("the proposal's number", number).parse(rest)?;
    let (rest, proposer) = opt(preceded(space0, proposer)).parse(rest)?;
    // After the comma only a date may stand: one in another form
    // (`24 Aug 2020`) is reported as a date, with the forms accepted.
    let (rest, date) = opt(preceded((space0, char(','), space0), cut(date))).parse(rest)?;
    let (rest, round_turn) = opt(preceded(space0, round_turn)).parse(rest)?;
    // `Proposal 342 (Alekosen): Two-thirds majority`: a title for people.
    let (rest, title) = opt(preceded(
        (space0, char(':'), space1),
        take_while1(|_: char| true),
    ))
    .parse(rest)?;
    let (rest, ()) = context(
        "`(Proposer)`, `, Mon D, YYYY` or `(RxTy)` after the proposal number",
        end_of_line,
    )
    .parse(rest)?;
    Ok((
        rest,
        Proposal {
            number: Some(number),
            proposer: proposer.filter(|p| !p.is_empty()),
            date,
            round_turn,
            title: title.map(|t: &str| t.trim().to_string()),
            operations: Vec::new(),
            span: 0..input.len(),
        },
    ))
}

pub(super) fn mutability(input: &str) -> Res<'_, Mutability> {
    context(
        "`mutable` or `immutable`",
        alt((
            value(Mutability::Immutable, tag_no_case("immutable")),
            value(Mutability::Mutable, tag_no_case("mutable")),
        )),
    )
    .parse(input)
}

pub(super) fn quoted_string(input: &str) -> Res<'_, String> {
    context(
        "a quoted text such as \"old words\"",
        map(
            alt((
                delimited(char('"'), take_till(|c| c == '"'), char('"')),
                delimited(char('“'), take_till(|c| c == '”'), char('”')),
            )),
            str::to_string,
        ),
    )
    .parse(input)
}

/// Puts a quoted text into an operation that takes one.
pub(super) type Fill = fn(OperationKind, String) -> OperationKind;

pub(super) fn fill_text(kind: OperationKind, quote: String) -> OperationKind {
    match kind {
        OperationKind::Enact {
            number, mutability, ..
        } => OperationKind::Enact {
            number,
            mutability,
            text: quote,
        },
        OperationKind::Amend { rule, .. } => OperationKind::Amend { rule, text: quote },
        OperationKind::FromTemporary {
            temporary,
            number,
            mutability,
            ..
        } => OperationKind::FromTemporary {
            temporary,
            number,
            mutability,
            text: quote,
        },
        OperationKind::Reenact {
            rule, mutability, ..
        } => OperationKind::Reenact {
            rule,
            mutability,
            text: quote,
        },
        other => other,
    }
}

const OPERATIONS: &str = "an operation: `Enact a new rule:`, `Amend Rule N to read:`, \
     `In Rule N, replace \"X\" with \"Y\".`, `Repeal Rule N.`, `Transmute Rule N to mutable.`, \
     `Renumber Rule N to M.`, `Reenact Rule N to read:` or `Temporary Rule N becomes a rule:`";

pub(super) fn operation(input: &str) -> Res<'_, (OperationKind, Option<Fill>)> {
    let word = input
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    match word.as_str() {
        "enact" => map(enact, |k| (k, Some(fill_text as Fill))).parse(input),
        "amend" => map(amend, |k| (k, Some(fill_text as Fill))).parse(input),
        "reenact" => map(reenact, |k| (k, Some(fill_text as Fill))).parse(input),
        "in" => map(replace, |k| (k, None)).parse(input),
        "repeal" => map(repeal, |k| (k, None)).parse(input),
        "transmute" => map(transmute, |k| (k, None)).parse(input),
        "renumber" => map(renumber, |k| (k, None)).parse(input),
        "temporary" => map(from_temporary, |(k, _)| (k, Some(fill_text as Fill))).parse(input),
        _ => Err(nom::Err::Error(VerboseError {
            errors: vec![(input, VerboseErrorKind::Context(OPERATIONS))],
        })),
    }
}

pub(super) fn enact(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("enact"), space1).parse(input)?;
    let (rest, _) = opt((tag_no_case("a"), space1)).parse(rest)?;
    let (rest, _) = opt((tag_no_case("new"), space1)).parse(rest)?;
    let (rest, mutability) = opt(terminated(mutability, space1)).parse(rest)?;
    let (rest, _) = context("`rule`", tag_no_case("rule")).parse(rest)?;
    let (rest, number) =
        opt(preceded((space1, tag_no_case("as"), space1), rule_ref)).parse(rest)?;
    let (rest, ()) = context(
        "`:` and the rule's text quoted on the next lines",
        end_of_line,
    )
    .parse(rest)?;
    Ok((
        rest,
        OperationKind::Enact {
            number,
            mutability: mutability.unwrap_or(Mutability::Mutable),
            text: String::new(),
        },
    ))
}

/// Who wrote a temporary rule and when, written after its number
/// (`Temporary Rule 650 (Fenris Wolf), Aug 14, 2020 (R5T8) becomes …`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Attribution {
    pub(super) proposer: Option<String>,
    pub(super) date: Option<Date>,
    pub(super) round_turn: Option<RoundTurn>,
}

impl Attribution {
    pub(super) fn is_empty(&self) -> bool {
        *self == Attribution::default()
    }
}

/// `Temporary Rule 601 becomes a rule:`, `... becomes an immutable rule:`,
/// `... becomes Rule 605:`, the rule's number optionally followed by who
/// wrote it and when, as a proposal header gives them.
pub(super) fn from_temporary(input: &str) -> Res<'_, (OperationKind, Attribution)> {
    let (rest, _) = (tag_no_case("temporary"), space1).parse(input)?;
    let (rest, temporary) = rule_ref(rest)?;
    let (rest, proposer) = opt(preceded(space0, proposer)).parse(rest)?;
    let (rest, date) = opt(preceded((space0, char(','), space0), date)).parse(rest)?;
    let (rest, round_turn) = opt(preceded(space0, round_turn)).parse(rest)?;
    let attribution = Attribution {
        proposer: proposer.filter(|p| !p.is_empty()),
        date,
        round_turn,
    };
    let (rest, _) = (space1, context("`becomes`", tag_no_case("becomes")), space1).parse(rest)?;
    let a_rule = map(
        (
            alt((tag_no_case("an"), tag_no_case("a"))),
            space1,
            opt(terminated(mutability, space1)),
            context("`rule`", tag_no_case("rule")),
        ),
        |(_, _, mutability, _)| (None, mutability.unwrap_or(Mutability::Mutable)),
    );
    let numbered = map(rule_ref, |number| (Some(number), Mutability::Mutable));
    let (rest, (number, mutability)) = context(
        "`a rule`, `an immutable rule` or `Rule N`",
        alt((numbered, a_rule)),
    )
    .parse(rest)?;
    let (rest, ()) = context(
        "`:` and the temporary rule's text quoted on the next lines",
        end_of_line,
    )
    .parse(rest)?;
    Ok((
        rest,
        (
            OperationKind::FromTemporary {
                temporary,
                number,
                mutability,
                text: String::new(),
            },
            attribution,
        ),
    ))
}

pub(super) fn to_read(input: &str) -> Res<'_, ()> {
    value(
        (),
        (
            space1,
            context(
                "`to read:`",
                (tag_no_case("to"), space1, tag_no_case("read")),
            ),
            context("`:` and the new text quoted on the next lines", end_of_line),
        ),
    )
    .parse(input)
}

pub(super) fn amend(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("amend"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, ()) = to_read(rest)?;
    Ok((
        rest,
        OperationKind::Amend {
            rule,
            text: String::new(),
        },
    ))
}

pub(super) fn reenact(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("reenact"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, mutability) =
        opt(preceded((space1, tag_no_case("as"), space1), mutability)).parse(rest)?;
    let (rest, ()) = to_read(rest)?;
    Ok((
        rest,
        OperationKind::Reenact {
            rule,
            mutability: mutability.unwrap_or(Mutability::Mutable),
            text: String::new(),
        },
    ))
}

pub(super) fn replace(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("in"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, _) = (
        space0,
        opt(char(',')),
        space0,
        context("`replace`", tag_no_case("replace")),
        space1,
    )
        .parse(rest)?;
    let (rest, find) = quoted_string(rest)?;
    let (rest, _) = (space1, context("`with`", tag_no_case("with")), space1).parse(rest)?;
    let (rest, replacement) = quoted_string(rest)?;
    let (rest, ()) = end_of_line(rest)?;
    Ok((
        rest,
        OperationKind::Replace {
            rule,
            find,
            replacement,
        },
    ))
}

pub(super) fn repeal(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("repeal"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, ()) = end_of_line(rest)?;
    Ok((rest, OperationKind::Repeal { rule }))
}

pub(super) fn transmute(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("transmute"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, _) = (space1, context("`to`", tag_no_case("to")), space1).parse(rest)?;
    let (rest, to) = mutability(rest)?;
    let (rest, ()) = end_of_line(rest)?;
    Ok((rest, OperationKind::Transmute { rule, to }))
}

pub(super) fn renumber(input: &str) -> Res<'_, OperationKind> {
    let (rest, _) = (tag_no_case("renumber"), space1).parse(input)?;
    let (rest, rule) = rule_ref(rest)?;
    let (rest, _) = (space1, context("`to`", tag_no_case("to")), space1).parse(rest)?;
    let (rest, _) = opt((tag_no_case("rule"), space1)).parse(rest)?;
    let (rest, to) = context("the new rule number", number).parse(rest)?;
    let (rest, ()) = end_of_line(rest)?;
    Ok((rest, OperationKind::Renumber { rule, to }))
}
