//! Agora's text forms: the FLR, the SLR and their one-rule pages, through
//! the `agora-*.txt.j2` templates. The page skeleton (`flr_format`,
//! `slr_format`) and the header come from the ruleset, as the Rulekeepor's
//! program takes them from its `config/` folder.

use super::templates::template_error;
use super::{RenderError, Renderer};
use crate::model::{printed_breaks, Annotation, Format, Power, Rule, Ruleset};
use minijinja::Value;
use serde::Serialize;
use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};

/// The skeletons the Rulekeepor's `config/` folder holds, for a ruleset that
/// carries none (one built in memory).
const DEFAULT_FLR: &str = "THE FULL LOGICAL RULESET\n\n{header}\n\n{line}\n\nTable of Contents:\n\n{toc}\n\n{line}\n\nPower Distribution:\n\n{powers}\n\n{ruleset}\n";
const DEFAULT_SLR: &str = "THE SHORT LOGICAL RULESET\n\n{header}\n\n{ruleset}\n";

/// What the templates see of an Agora rule.
#[derive(Debug, Serialize)]
struct AgoraRuleView<'a> {
    number: u32,
    revision: u32,
    power: Option<&'a str>,
    title: &'a str,
    text: &'a str,
    /// Each history entry's line, unwrapped.
    history: Vec<PrintedLine<'a>>,
    /// Each annotation's line, unwrapped.
    annotations: Vec<PrintedLine<'a>>,
}

/// A line the templates wrap (`line | agora_wrap(first, rest, breaks)`):
/// at the kept `breaks` (the layout it was read with), else as Agora's
/// program does.
#[derive(Debug, Serialize)]
struct PrintedLine<'a> {
    line: Cow<'a, str>,
    breaks: Option<&'a [usize]>,
}

impl<'a> AgoraRuleView<'a> {
    /// The rule as the templates see it; `canonical`: without its kept
    /// line breaks.
    fn new(rule: &'a Rule, canonical: bool) -> AgoraRuleView<'a> {
        let agora = rule.agora.as_ref();
        let kept = |breaks: &'a Option<Vec<usize>>| breaks.as_deref().filter(|_| !canonical);
        AgoraRuleView {
            number: rule.number,
            revision: rule.revision.unwrap_or_else(|| rule.amendment_count()),
            power: agora.and_then(|a| a.power.as_ref()).map(Power::as_str),
            title: agora.map_or("", |a| a.title.as_str()),
            text: &rule.text,
            history: rule
                .history
                .iter()
                .map(|entry| PrintedLine {
                    line: Cow::Borrowed(&entry.source),
                    breaks: entry.agora.as_ref().and_then(|a| kept(&a.breaks)),
                })
                .collect(),
            annotations: agora
                .map(|a| {
                    a.annotations
                        .iter()
                        .map(|annotation| PrintedLine {
                            line: Cow::Owned(annotation_line(annotation)),
                            breaks: kept(&annotation.breaks),
                        })
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// `CFJ 1104 (called 20 Aug 1998), CFJ 1105: the finding`.
pub(crate) fn annotation_line(annotation: &Annotation) -> String {
    let cfjs: Vec<String> = annotation
        .cfjs
        .iter()
        .map(|cfj| match &cfj.called {
            Some(date) => format!("CFJ {} (called {date})", cfj.number),
            None => format!("CFJ {}", cfj.number),
        })
        .collect();
    format!("{}: {}", cfjs.join(", "), annotation.text)
}

#[derive(Debug, Serialize)]
struct CategoryView<'a> {
    name: &'a str,
    note: &'a str,
    rules: Vec<AgoraRuleView<'a>>,
}

#[derive(Debug, Serialize)]
struct PowerView {
    count: String,
    power: String,
}

#[derive(Debug, Serialize)]
struct Stats {
    num: String,
    her: String,
    hr: String,
    hp: String,
}

/// The rules grouped as the index files them; a ruleset without categories
/// is one unnamed category. Where two rules share a number (a page that
/// repeats a rule), the index names them in turn: the k-th time it files
/// the number is the k-th rule of that number (the last one once there are
/// no more), so each is written where it was read.
fn categories(ruleset: &Ruleset, canonical: bool) -> Vec<CategoryView<'_>> {
    match ruleset.agora.as_ref().filter(|a| !a.categories.is_empty()) {
        Some(agora) => {
            let mut by_number: HashMap<u32, VecDeque<&Rule>> = HashMap::new();
            for rule in &ruleset.rules {
                by_number.entry(rule.number).or_default().push_back(rule);
            }
            let mut filed = |number: &u32| {
                let same = by_number.get_mut(number)?;
                if same.len() > 1 {
                    same.pop_front()
                } else {
                    same.front().copied()
                }
            };
            agora
                .categories
                .iter()
                .map(|category| CategoryView {
                    name: &category.name,
                    note: &category.note,
                    rules: category
                        .rules
                        .iter()
                        .filter_map(&mut filed)
                        .map(|rule| AgoraRuleView::new(rule, canonical))
                        .collect(),
                })
                .collect()
        }
        None => vec![CategoryView {
            name: &ruleset.title,
            note: "",
            rules: ruleset
                .rules
                .iter()
                .map(|rule| AgoraRuleView::new(rule, canonical))
                .collect(),
        }],
    }
}

/// `44 with Power=1`: how many rules have each power, lowest first.
fn powers(ruleset: &Ruleset) -> Vec<PowerView> {
    let counts = Power::distribution(
        ruleset
            .rules
            .iter()
            .filter_map(|r| r.agora.as_ref()?.power.clone()),
    );
    let width = counts
        .iter()
        .map(|(_, c)| c.to_string().len())
        .max()
        .unwrap_or(0);
    counts
        .into_iter()
        .map(|(power, count)| PowerView {
            count: format!("{count:<width$}"),
            power: power.normalized(),
        })
        .collect()
}

fn stats(ruleset: &Ruleset) -> Stats {
    let agora = ruleset.agora.as_ref();
    let filed = ruleset.rules.iter().map(|r| r.number).max();
    let all = agora
        .into_iter()
        .flat_map(|a| a.unfiled.iter().map(|r| r.number))
        .chain(filed)
        .max();
    let proposal = agora
        .and_then(|a| {
            a.proposals
                .iter()
                .filter_map(crate::model::Proposal::numeric)
                .max()
        })
        .or_else(|| ruleset.highest_proposal());
    let show = |n: Option<u32>| n.map_or_else(String::new, |n| n.to_string());
    Stats {
        num: ruleset.rules.len().to_string(),
        her: show(filed),
        hr: show(all),
        hp: show(proposal),
    }
}

impl Renderer {
    /// Renders an Agora whole-ruleset form (FLR or SLR).
    pub(super) fn render_agora(
        &self,
        ruleset: &Ruleset,
        format: Format,
    ) -> Result<String, RenderError> {
        let (name, skeleton) = match format {
            Format::AgoraFlr => (
                "agora-flr.txt.j2",
                ruleset.agora.as_ref().and_then(|a| a.flr_format.as_deref()),
            ),
            Format::AgoraSlr => (
                "agora-slr.txt.j2",
                ruleset.agora.as_ref().and_then(|a| a.slr_format.as_deref()),
            ),
            Format::AgoraRule | Format::AgoraShortRule => {
                let mut out = String::new();
                for rule in &ruleset.rules {
                    out.push_str(&self.render_agora_rule(rule, format)?);
                }
                return Ok(out);
            }
            _ => return Err(RenderError::NotARuleFormat(format)),
        };
        let skeleton = skeleton.unwrap_or(if format == Format::AgoraFlr {
            DEFAULT_FLR
        } else {
            DEFAULT_SLR
        });
        let header = ruleset
            .agora
            .as_ref()
            .and_then(|a| a.header.as_deref())
            .unwrap_or("");
        let template = self
            .env
            .get_template(name)
            .map_err(|e| template_error(&e, name))?;
        let context = minijinja::context! {
            skeleton => skeleton.strip_suffix('\n').unwrap_or(skeleton),
            header => header.strip_suffix('\n').unwrap_or(header),
            categories => Value::from(minijinja::value::Serde(categories(ruleset, self.canonical))),
            powers => Value::from(minijinja::value::Serde(powers(ruleset))),
            stats => Value::from(minijinja::value::Serde(stats(ruleset))),
        };
        let mut out = template
            .render(context)
            .map_err(|e| template_error(&e, name))?;
        if skeleton.ends_with('\n') {
            out.push('\n');
        }
        Ok(out)
    }

    /// Renders one rule as a `full_rules/RNNN.txt` or `short_rules/RNNN.txt` page.
    pub(super) fn render_agora_rule(
        &self,
        rule: &Rule,
        format: Format,
    ) -> Result<String, RenderError> {
        let name = match format {
            Format::AgoraRule => "agora-rule.txt.j2",
            Format::AgoraShortRule => "agora-short-rule.txt.j2",
            _ => return Err(RenderError::NotARuleFormat(format)),
        };
        let template = self
            .env
            .get_template(name)
            .map_err(|e| template_error(&e, name))?;
        let context = minijinja::context! { rule => Value::from(minijinja::value::Serde(AgoraRuleView::new(rule, self.canonical))) };
        template
            .render(context)
            .map_err(|e| template_error(&e, name))
    }
}

/// One line wrapped as Agora's program does (see [`printed_breaks`]), the
/// first line after `first` and the others after `rest`; or at `kept`, the
/// breaks it was read with, while they still fall on spaces of the line.
pub(crate) fn wrap_printed(line: &str, first: &str, rest: &str, kept: Option<&[usize]>) -> String {
    let fits = |breaks: &[usize]| {
        breaks.windows(2).all(|pair| pair[0] < pair[1])
            && breaks
                .iter()
                .all(|&at| line.as_bytes().get(at) == Some(&b' '))
    };
    let breaks = match kept.filter(|breaks| fits(breaks)) {
        Some(kept) => kept.to_vec(),
        None => printed_breaks(line, first.chars().count(), rest.chars().count()),
    };
    let mut out = String::with_capacity(line.len() + first.len() + breaks.len() * (rest.len() + 1));
    out.push_str(first);
    let mut start = 0;
    for at in breaks {
        out.push_str(&line[start..at]);
        out.push('\n');
        out.push_str(rest);
        start = at + 1;
    }
    out.push_str(&line[start..]);
    out
}

/// `skeleton` with each `{name}` of `slots` replaced by its text, in one
/// pass: a slot's text is never searched for slots again (a rule titled
/// `{ruleset}` is listed as that in the table of contents), and braces that
/// name no slot stay as they are.
pub(crate) fn fill_slots(skeleton: &str, slots: &[(String, String)]) -> String {
    let mut out = String::with_capacity(skeleton.len());
    let mut rest = skeleton;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let slot = slots.iter().find(|(name, _)| {
            after
                .strip_prefix(name.as_str())
                .is_some_and(|tail| tail.starts_with('}'))
        });
        match slot {
            Some((name, text)) => {
                out.push_str(text);
                rest = &after[name.len() + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Each line indented; a blank line becomes the indent alone unless it is
/// longer (Kotlin's `prependIndent`, which the program uses).
pub(crate) fn indent_lines(text: &str, indent: &str) -> String {
    text.split('\n')
        .map(|line| {
            if line.trim().is_empty() {
                if line.len() < indent.len() {
                    indent.to_string()
                } else {
                    line.to_string()
                }
            } else {
                format!("{indent}{line}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
