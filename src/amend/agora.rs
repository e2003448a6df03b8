//! Agora's style for the history a proposal writes: `Amended(14) by P9400
//! 'Title' (Author, Coauthor), 02 Aug 2026`, counted as Agora counts
//! (amendments and re-enactments raise the revision). A rule a proposal
//! enacts is filed under the last category of the index, with a note: the
//! Rulekeepor files it where it belongs.

use super::error::Note;
use super::proposal::Proposal;
use crate::model::{
    Agent, AgoraChange, AgoraDate, AgoraEntry, AgoraRule, ChangeKind, HistoryKind, ProposalRef,
    Ruleset,
};

/// Rewrites the entries `proposal` just added (those without Agora's record)
/// in Agora's style, and files new rules.
pub(super) fn restyle(
    ruleset: &mut Ruleset,
    proposal: &Proposal,
    number: u32,
    notes: &mut Vec<Note>,
) {
    let agent = Agent::Proposal(ProposalRef {
        number: number.to_string(),
        title: proposal.title.clone(),
        authors: proposal
            .proposer
            .as_deref()
            .map(|p| p.split(", ").map(str::to_string).collect())
            .unwrap_or_default(),
        chamber: None,
        disinterested: false,
    });
    let mut unfiled = Vec::new();
    for rule in &mut ruleset.rules {
        let fresh = rule
            .history
            .iter()
            .any(|e| e.agora.is_none() && e.proposal == Some(number));
        if !fresh {
            continue;
        }
        let mut revision = rule
            .history
            .iter()
            .filter(|e| e.agora.is_some())
            .filter(|e| matches!(e.kind, HistoryKind::Amended | HistoryKind::Reenacted))
            .count() as u32;
        for entry in &mut rule.history {
            if entry.agora.is_some() {
                continue;
            }
            let kind = match entry.kind {
                HistoryKind::Enacted => ChangeKind::Enactment {
                    power: None,
                    mi: None,
                },
                HistoryKind::Amended => ChangeKind::Amendment { uncounted: false },
                HistoryKind::Repealed => ChangeKind::Repeal,
                HistoryKind::Reenacted => ChangeKind::Reenactment {
                    power: None,
                    unchanged: false,
                },
                HistoryKind::Renumbered => ChangeKind::Renumbering {
                    old: None,
                    new: Some(rule.number.to_string()),
                },
                _ => continue,
            };
            if kind.counted() {
                revision += 1;
            }
            let date = entry.date.map(|date| AgoraDate::On { date });
            let mut source = format!("{} by {}", kind.effect(revision), agent.cause());
            if let Some(date) = &date {
                source.push_str(&format!(", {date}"));
            }
            entry.source = source;
            entry.amendment = (entry.kind == HistoryKind::Amended).then_some(revision);
            entry.agora = Some(Box::new(AgoraEntry {
                date,
                change: Some(AgoraChange {
                    kind,
                    agent: Some(agent.clone()),
                }),
                breaks: None,
            }));
        }
        rule.revision = Some(revision);
        if rule.agora.is_none() {
            rule.agora = Some(Box::new(AgoraRule {
                title: proposal.title.clone().unwrap_or_default(),
                ..AgoraRule::default()
            }));
            unfiled.push(rule.number);
        }
    }
    let Some(last) = ruleset.agora.as_mut().and_then(|a| a.categories.last_mut()) else {
        return;
    };
    let name = last.name.clone();
    for &number in &unfiled {
        if !last.rules.contains(&number) {
            last.rules.push(number);
        }
        notes.push(Note {
            rule: Some(number),
            message: format!(
                "rule {number} is filed under `{name}` and titled after the proposal; \
                 move it in the index and retitle it as it belongs"
            ),
        });
    }
    for rule in &mut ruleset.rules {
        if let Some(agora) = rule
            .agora
            .as_mut()
            .filter(|_| unfiled.contains(&rule.number))
        {
            agora.category = Some(name.clone());
        }
    }
}

/// `Renumbered` (Agora's line names no numbers), recorded with both.
pub(super) fn renumbered(old: u32, new: u32) -> crate::model::HistoryEntry {
    let kind = ChangeKind::Renumbering {
        old: Some(old.to_string()),
        new: Some(new.to_string()),
    };
    crate::model::HistoryEntry {
        agora: Some(Box::new(AgoraEntry {
            date: None,
            change: Some(AgoraChange { kind, agent: None }),
            breaks: None,
        })),
        ..crate::model::HistoryEntry::new(HistoryKind::Renumbered, "Renumbered")
    }
}

/// Rewrites the digits of Agora's short citations (`R1030`) that `moves`
/// renumbers; the long forms are rewritten by `refs::renumber`.
pub(super) fn renumber_short_citations(
    text: &str,
    moves: &std::collections::BTreeMap<u32, u32>,
) -> String {
    let mut out = text.to_string();
    let short = crate::refs::agora::extract(text).into_iter().filter(|r| {
        text[r.span.clone()].starts_with('R') && r.span.len() == r.numbers[0].span.len() + 1
    });
    let edits: Vec<_> = short.collect();
    for reference in edits.iter().rev() {
        let cited = &reference.numbers[0];
        if let Some(new) = moves.get(&cited.number) {
            out.replace_range(cited.span.clone(), &new.to_string());
        }
    }
    out
}
