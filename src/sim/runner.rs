//! Runs a script: setup lines build the game, actions become engine
//! commands at their times, expectations are checked where they stand.

use super::expect;
use super::log::{Entry, Header, LogSink, Summary};
use super::script::{Action, Expect, Line, ScriptError, Statement};
use crate::engine::rng::Dice;
use crate::engine::{Engine, ParamKey, PlayerId, PlayerSpec, Refusal, Setting, Setup};
use crate::model::Ruleset;

/// The ruleset a script names, already read.
pub struct RulesetSource {
    /// The path as the script names it (the log's `ruleset`).
    pub path: String,
    /// The ruleset read from it.
    pub ruleset: Ruleset,
    /// The SHA-256 of the file, in hex.
    pub sha256: String,
}

/// One checked expectation (or a refused action nobody expected).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The script line, from 1.
    pub line: usize,
    /// The expectation in the script's words (`action` for a refusal).
    pub statement: String,
    /// Whether it held.
    pub passed: bool,
    /// What was found instead, when it failed.
    pub detail: Option<String>,
}

/// A finished run: its log and its checked expectations.
pub struct Report {
    /// The log's first line.
    pub header: Header,
    /// The log, one entry per event.
    pub entries: Vec<Entry>,
    /// Every expectation checked, in script order.
    pub outcomes: Vec<Outcome>,
    /// The log's last line.
    pub summary: Summary,
}

impl Report {
    /// Whether every expectation held (exit 0).
    pub fn passed(&self) -> bool {
        self.outcomes.iter().all(|o| o.passed)
    }
}

/// The path on the script's `ruleset` line.
pub fn ruleset_path(lines: &[Line]) -> Result<&str, ScriptError> {
    lines
        .iter()
        .find_map(|l| match &l.statement {
            Statement::Ruleset(path) => Some(path.as_str()),
            _ => None,
        })
        .ok_or(ScriptError {
            message: "the script names no ruleset".into(),
            span: 0..0,
            expected: Some("a `ruleset PATH` line".into()),
        })
}

fn error(line: &Line, message: impl Into<String>) -> ScriptError {
    ScriptError {
        message: message.into(),
        span: line.span.clone(),
        expected: None,
    }
}

/// The longest `at +DUR` offset: time runs through every turn in between.
const MAX_OFFSET: i64 = 366 * 86_400;

const DEFAULT_START: i64 = 946_684_800; // 2000-01-01T00:00:00Z

/// The setup lines (everything before the first action or expectation).
struct Prelude {
    setup: Setup,
    seed: u64,
    start: i64,
    dice: Vec<(u32, Vec<u32>)>,
    /// Index of the first line of play.
    play_from: usize,
}

fn prelude(lines: &[Line]) -> Result<Prelude, ScriptError> {
    let mut p = Prelude {
        setup: Setup::default(),
        seed: 0,
        start: DEFAULT_START,
        dice: Vec::new(),
        play_from: lines.len(),
    };
    // Names seen so far: loading stays linear in the number of players.
    let mut names = std::collections::HashSet::new();
    for (i, line) in lines.iter().enumerate() {
        match &line.statement {
            Statement::Ruleset(_) => {}
            Statement::Seed(seed) => p.seed = *seed,
            Statement::Start(start) => p.start = *start,
            Statement::NextNumber(n) => p.setup.next_number = Some(*n),
            Statement::Player {
                name,
                score,
                bot,
                active,
            } => {
                if !names.insert(name.as_str()) {
                    return Err(error(line, format!("player {name} is declared twice")));
                }
                p.setup.players.push(PlayerSpec {
                    name: name.clone(),
                    bot: *bot,
                    score: *score,
                    active: *active,
                });
            }
            Statement::Order(names) => p.setup.order = names.clone(),
            Statement::Dice { sides, results } => p.dice.push((*sides, results.clone())),
            Statement::Set { name, value } => p.setup.overrides.push((name.clone(), value.clone())),
            Statement::Act { .. } | Statement::Expect(_) => {
                p.play_from = i;
                break;
            }
        }
    }
    if p.setup.players.is_empty() {
        return Err(ScriptError {
            message: "the script declares no players".into(),
            span: 0..0,
            expected: Some("`player NAME` lines".into()),
        });
    }
    Ok(p)
}

/// A game set up from the script's prelude, not yet started (for `--params`).
pub fn setup(
    lines: &[Line],
    source: &RulesetSource,
    seed: Option<u64>,
) -> Result<Engine<LogSink>, ScriptError> {
    let p = prelude(lines)?;
    let mut dice = Dice::new(seed.unwrap_or(p.seed));
    for (sides, results) in &p.dice {
        dice.force(*sides, results.iter().copied());
    }
    let setup_line = lines
        .iter()
        .find(|l| matches!(l.statement, Statement::Order(_) | Statement::Set { .. }));
    Engine::new(source.ruleset.clone(), p.setup, dice, LogSink::new(p.start)).map_err(|e| {
        ScriptError {
            message: e.to_string(),
            span: setup_line.map_or(0..0, |l| l.span.clone()),
            expected: None,
        }
    })
}

/// Runs a whole script.
pub fn run(
    lines: &[Line],
    source: &RulesetSource,
    seed: Option<u64>,
) -> Result<Report, ScriptError> {
    let p = prelude(lines)?;
    let seed = seed.unwrap_or(p.seed);
    let mut engine = setup(lines, source, Some(seed))?;
    let header = super::report::header(&engine, source, seed, p.start);
    engine.start();
    let mut outcomes = Vec::new();
    let mut refused: Option<(&Line, Refusal)> = None;
    for line in &lines[p.play_from..] {
        if let Some((action_line, refusal)) = refused.take() {
            if let Statement::Expect(Expect::Error(want)) = &line.statement {
                let passed = refusal.matches(want);
                outcomes.push(Outcome {
                    line: line.number,
                    statement: format!("expect error {want:?}"),
                    passed,
                    detail: (!passed).then(|| {
                        format!("the refusal was: {} ({})", refusal.message, refusal.code)
                    }),
                });
                continue;
            }
            outcomes.push(unexpected_refusal(action_line, &refusal));
        }
        match &line.statement {
            Statement::Ruleset(_)
            | Statement::Seed(_)
            | Statement::Start(_)
            | Statement::NextNumber(_)
            | Statement::Player { .. }
            | Statement::Order(_) => {
                return Err(error(
                    line,
                    "setup lines must come before the first action or expectation",
                ));
            }
            Statement::Dice { sides, results } => {
                engine.dice.force(*sides, results.iter().copied());
            }
            Statement::Set { name, value } => {
                let setting = ParamKey::named(name)
                    .and_then(|key| Setting::parse(key, value))
                    .map_err(|e| error(line, e.to_string()))?;
                engine.set_param(setting);
            }
            Statement::Act { at, action } => {
                if let Some(at) = at {
                    if *at > MAX_OFFSET {
                        return Err(error(
                            line,
                            "`at` offsets longer than 366 days are not supported",
                        ));
                    }
                    let t = engine.state.turn_start + at;
                    if t < engine.now() {
                        return Err(error(
                            line,
                            format!(
                                "time only moves forward: +{}s into turn {} is already past",
                                at, engine.state.turn
                            ),
                        ));
                    }
                    engine.advance_to(t);
                }
                if let Err(refusal) = act(&mut engine, action, line)? {
                    engine.reject(&refusal);
                    refused = Some((line, refusal));
                }
            }
            Statement::Expect(expectation) => {
                let result = expect::check(expectation, &engine);
                outcomes.push(Outcome {
                    line: line.number,
                    statement: super::report::describe(expectation),
                    passed: result.is_ok(),
                    detail: result.err().map(|mismatch| mismatch.0),
                });
            }
        }
    }
    if let Some((action_line, refusal)) = refused {
        outcomes.push(unexpected_refusal(action_line, &refusal));
    }
    let summary = super::report::summary(&engine, &outcomes);
    Ok(Report {
        header,
        entries: std::mem::take(&mut engine.sink.entries),
        outcomes,
        summary,
    })
}

fn unexpected_refusal(line: &Line, refusal: &Refusal) -> Outcome {
    Outcome {
        line: line.number,
        statement: "action".into(),
        passed: false,
        detail: Some(format!(
            "refused: {} (add `expect error` on the next line if this is intended)",
            refusal.message
        )),
    }
}

/// An action's `effect` lines as settings; a bad one refuses the action.
fn settings(effects: &[(String, String)]) -> Result<Vec<Setting>, Refusal> {
    effects
        .iter()
        .map(|(name, value)| {
            let key = ParamKey::named(name)?;
            Ok(Setting::parse(key, value)?)
        })
        .collect()
}

/// Performs one action; a script error (unknown player) is `Err`, a refusal `Ok(Err)`.
fn act(
    engine: &mut Engine<LogSink>,
    action: &Action,
    line: &Line,
) -> Result<Result<(), Refusal>, ScriptError> {
    let id = |engine: &Engine<LogSink>, name: &str| -> Result<PlayerId, ScriptError> {
        engine
            .state
            .player_id(name)
            .ok_or_else(|| error(line, format!("no player is called {name}")))
    };
    Ok(match action {
        Action::EndTurn => {
            engine.end_turn();
            Ok(())
        }
        Action::Propose { who, body, effects } => {
            let who = id(engine, who)?;
            settings(effects).and_then(|effects| engine.propose(who, body.clone(), effects))
        }
        Action::Create {
            who,
            label,
            body,
            effects,
        } => {
            let who = id(engine, who)?;
            settings(effects).and_then(|effects| engine.create(who, label, body.clone(), effects))
        }
        Action::Endorse {
            who,
            label,
            endorse,
        } => {
            let who = id(engine, who)?;
            engine.endorse(who, label, *endorse)
        }
        Action::Vote { who, text } => {
            let who = id(engine, who)?;
            engine.vote(who, text).map(|_| ())
        }
        Action::Withdraw { who } => {
            let who = id(engine, who)?;
            engine.withdraw_vote(who)
        }
        Action::Resubmit { who } => {
            let who = id(engine, who)?;
            engine.resubmit(who)
        }
        Action::Join { who } => engine.join(who).map(|_| ()),
        Action::Declare { who, active } => {
            let who = id(engine, who)?;
            engine.declare(who, *active)
        }
        Action::Invoke { who, question } => {
            let who = id(engine, who)?;
            engine.invoke_judgment(who, question).map(|_| ())
        }
        Action::Judge { who, ruling } => {
            let who = id(engine, who)?;
            engine.give_judgment(who, ruling)
        }
    })
}
