//! The grammar of one script line, with nom. Each failure returns the
//! unread input (for the column) and what was expected there.

use super::{Action, Expect, Statement};
use crate::engine::ProposalBody;
use nom::branch::alt;
use nom::bytes::complete::{escaped_transform, is_not, tag, take_while1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{all_consuming, map, map_res, opt, recognize, rest, value};
use nom::multi::{many1, separated_list1};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

type Failure<'a> = (&'a str, &'static str);
type Res<'a, T> = IResult<&'a str, T>;

/// Runs a parser over the whole of `input`; on failure, where and what.
fn whole<'a, T>(
    input: &'a str,
    parser: impl Parser<&'a str, Output = T, Error = nom::error::Error<&'a str>>,
    expected: &'static str,
) -> Result<T, Failure<'a>> {
    match all_consuming(parser).parse(input) {
        Ok((_, value)) => Ok(value),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err((e.input, expected)),
        Err(nom::Err::Incomplete(_)) => Err(("", expected)),
    }
}

fn name(input: &str) -> Res<'_, String> {
    map(
        take_while1(|c: char| c.is_alphanumeric() || "_.-'".contains(c)),
        str::to_string,
    )
    .parse(input)
}

fn number<T: std::str::FromStr>(input: &str) -> Res<'_, T> {
    map_res(digit1, str::parse).parse(input)
}

fn signed(input: &str) -> Res<'_, i64> {
    map_res(recognize((opt(char('-')), digit1)), str::parse).parse(input)
}

fn quoted(input: &str) -> Res<'_, String> {
    delimited(
        char('"'),
        map(
            opt(escaped_transform(
                is_not("\\\""),
                '\\',
                alt((value("\"", tag("\"")), value("\\", tag("\\")))),
            )),
            Option::unwrap_or_default,
        ),
        char('"'),
    )
    .parse(input)
}

fn ws<'a, T>(
    p: impl Parser<&'a str, Output = T, Error = nom::error::Error<&'a str>>,
) -> impl Parser<&'a str, Output = T, Error = nom::error::Error<&'a str>> {
    preceded(space1, p)
}

/// `30m`, `1h`, `2d`, `1h30m`, `0`: seconds.
fn duration(input: &str) -> Res<'_, i64> {
    let unit = alt((
        value(60i64, char('m')),
        value(3600i64, char('h')),
        value(86_400i64, char('d')),
        value(1i64, char('s')),
    ));
    alt((
        map(many1((number::<i64>, unit)), |parts| {
            parts
                .iter()
                .fold(0i64, |sum, (n, u)| sum.saturating_add(n.saturating_mul(*u)))
        }),
        value(0, char('0')),
    ))
    .parse(input)
}

fn body(input: &str) -> Res<'_, ProposalBody> {
    alt((
        map((tag("amend"), ws(number), ws(quoted)), |(_, rule, text)| {
            ProposalBody::Amend { rule, text }
        }),
        map(preceded(tag("enact"), ws(quoted)), |text| {
            ProposalBody::Enact { text }
        }),
        map(preceded(tag("repeal"), ws(number)), |rule| {
            ProposalBody::Repeal { rule }
        }),
        map(preceded(tag("transmute"), ws(number)), |rule| {
            ProposalBody::Transmute { rule }
        }),
    ))
    .parse(input)
}

fn action(input: &str) -> Res<'_, Action> {
    if let Ok((rest, _)) = tag::<_, _, nom::error::Error<&str>>("end turn").parse(input) {
        return Ok((rest, Action::EndTurn));
    }
    let (input, who) = name(input)?;
    let (input, _) = space1(input)?;
    let w = who.clone();
    alt((
        map(preceded(tag("proposes"), ws(body)), {
            let w = w.clone();
            move |body| Action::Propose {
                who: w.clone(),
                body,
                effects: Vec::new(),
            }
        }),
        map((tag("creates"), ws(name), ws(body)), {
            let w = w.clone();
            move |(_, label, body)| Action::Create {
                who: w.clone(),
                label,
                body,
                effects: Vec::new(),
            }
        }),
        map(preceded(tag("endorses"), ws(name)), {
            let w = w.clone();
            move |label| Action::Endorse {
                who: w.clone(),
                label,
                endorse: true,
            }
        }),
        map(preceded(tag("unendorses"), ws(name)), {
            let w = w.clone();
            move |label| Action::Endorse {
                who: w.clone(),
                label,
                endorse: false,
            }
        }),
        map(preceded(tag("votes"), ws(alt((quoted, name)))), {
            let w = w.clone();
            move |text| Action::Vote {
                who: w.clone(),
                text,
            }
        }),
        value(Action::Join { who: w.clone() }, tag("joins")),
        value(Action::Withdraw { who: w.clone() }, tag("withdraws")),
        value(Action::Resubmit { who: w.clone() }, tag("resubmits")),
        value(
            Action::Declare {
                who: w.clone(),
                active: false,
            },
            tag("declares inactive"),
        ),
        value(
            Action::Declare {
                who: w.clone(),
                active: true,
            },
            tag("declares active"),
        ),
        map(preceded(tag("invokes judgment"), ws(quoted)), {
            let w = w.clone();
            move |question| Action::Invoke {
                who: w.clone(),
                question,
            }
        }),
        map(preceded(tag("judges"), ws(quoted)), move |ruling| {
            Action::Judge {
                who: w.clone(),
                ruling,
            }
        }),
    ))
    .parse(input)
}

fn expectation(input: &str) -> Res<'_, Expect> {
    let eq = || delimited(space0, char('='), space0);
    alt((
        map(preceded(tag("adopted"), ws(number)), Expect::Adopted),
        map(preceded(tag("rejected"), ws(number)), Expect::Rejected),
        map((tag("score"), ws(name), eq(), signed), |(_, n, _, s)| {
            Expect::Score(n, s)
        }),
        map(
            (
                tag("status"),
                ws(name),
                ws(alt((
                    value(true, tag("active")),
                    value(false, tag("inactive")),
                ))),
            ),
            |(_, n, a)| Expect::Status(n, a),
        ),
        map(preceded(tag("mover"), ws(name)), Expect::Mover),
        map(preceded(tag("judge"), ws(name)), Expect::Judge),
        map(
            (
                tag("param"),
                ws(name),
                eq(),
                map(rest, |v: &str| v.trim().to_string()),
            ),
            |(_, n, _, v)| Expect::Param(n, v),
        ),
        map(
            (tag("rule"), ws(number), ws(tag("revision")), ws(number)),
            |(_, r, _, v)| Expect::RuleRevision(r, v),
        ),
        map(
            (
                tag("rule"),
                ws(number),
                ws(alt((
                    value(true, tag("present")),
                    value(false, tag("absent")),
                ))),
            ),
            |(_, r, p)| Expect::RulePresent(r, p),
        ),
        map(preceded(tag("queue"), many1(ws(name))), Expect::Queue),
        map(preceded(tag("winner"), many1(ws(name))), Expect::Winner),
        value(Expect::NoWinner, tag("no-winner")),
        map(preceded(tag("turn"), ws(number)), Expect::Turn),
        map(preceded(tag("error"), ws(quoted)), Expect::Error),
    ))
    .parse(input)
}

/// An indented `effect param NAME = VALUE` line.
pub(super) fn effect_line(input: &str) -> Result<(String, String), Failure<'_>> {
    whole(
        input,
        map(
            (
                tag("effect"),
                ws(tag("param")),
                ws(name),
                delimited(space0, char('='), space0),
                rest,
            ),
            |(_, _, n, _, v): (_, _, String, _, &str)| (n, v.trim().to_string()),
        ),
        "`effect param NAME = VALUE`",
    )
}

/// One statement.
pub(super) fn statement(input: &str) -> Result<Statement, Failure<'_>> {
    let keyword = input.split_whitespace().next().unwrap_or_default();
    match keyword {
        "ruleset" => whole(input, map(preceded(tag("ruleset"), ws(alt((quoted, map(rest, |s: &str| s.trim().to_string()))))), Statement::Ruleset), "`ruleset PATH`"),
        "seed" => whole(input, map(preceded(tag("seed"), ws(number)), Statement::Seed), "`seed N` (a whole number)"),
        "start" => whole(
            input,
            map_res(preceded(tag("start"), ws(rest)), |t: &str| crate::sim::time::parse_utc(t.trim()).map(Statement::Start).ok_or("bad time")),
            "`start YYYY-MM-DDTHH:MM:SSZ`",
        ),
        "next-number" => whole(input, map(preceded(tag("next-number"), ws(number)), Statement::NextNumber), "`next-number N`"),
        "player" => whole(
            input,
            map(
                (tag("player"), ws(name), opt(preceded(ws(tag("score")), ws(signed))), opt(ws(tag("bot"))), opt(ws(tag("inactive")))),
                |(_, name, score, bot, inactive)| Statement::Player { name, score: score.unwrap_or(0), bot: bot.is_some(), active: inactive.is_none() },
            ),
            "`player NAME [score N] [bot] [inactive]`",
        ),
        "order" => whole(input, map(preceded(tag("order"), many1(ws(name))), Statement::Order), "`order NAME NAME ...`"),
        "dice" => whole(
            input,
            map(
                (tag("dice"), ws(tag("1d")), number, char(':'), space0, separated_list1((space0, char(','), space0), number)),
                |(_, _, sides, _, _, results)| Statement::Dice { sides, results },
            ),
            "`dice 1dS: a, b, ...`",
        ),
        "set" => whole(
            input,
            map((tag("set"), ws(name), delimited(space0, char('='), space0), rest), |(_, n, _, v): (_, String, _, &str)| Statement::Set { name: n, value: v.trim().to_string() }),
            "`set NAME = VALUE`",
        ),
        "expect" => whole(input, map(preceded(tag("expect"), ws(expectation)), Statement::Expect), "an expectation (see `nomic help scripts`: adopted, rejected, score, status, mover, judge, param, rule, queue, winner, no-winner, turn, error)"),
        "at" => whole(
            input,
            map((tag("at"), ws(preceded(char('+'), duration)), ws(action)), |(_, at, action)| Statement::Act { at: Some(at), action }),
            "`at +DURATION ACTION` (durations like 30m, 1h, 2d)",
        ),
        _ => whole(input, map(action, |action| Statement::Act { at: None, action }), "an action: `NAME proposes|votes|resubmits|withdraws|declares|invokes judgment|judges|creates|endorses|joins ...` or `end turn`"),
    }
}
