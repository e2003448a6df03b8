//! `agora-yaml`: the Rulekeepor's source folder (`rules_data/` with
//! `config/index`, `rules/` and `proposals/`, and `name_replacement_data`)
//! read into the model. Old player names are replaced by current ones in
//! proposal authorship, as the Rulekeepor's program does. Files that hold
//! no rule (all comments) and dates that do not exist are real data: they
//! become located findings, never a failure of the whole read.

use super::source::{FindingKind, Severity, SourceError, SourceFiles, SourceFinding};
use super::yaml_files::{
    AgentFile, AnnotationFile, CategoryFile, ChangeFile, DateFile, EntryFile, ProposalFile, Raw,
    RuleFile,
};
use crate::model::{
    Agent, AgoraChange, AgoraDate, AgoraEntry, AgoraRule, AgoraRuleset, Annotation, Category,
    CfjCitation, ChangeKind, Date, HistoryEntry, HistoryKind, Power, Proposal, ProposalRef, Rule,
    Ruleset,
};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};

/// A source read into the model, with what the reader found on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgoraSource {
    /// The rules the index files, in index order, with categories,
    /// proposals and unfiled rules in `ruleset.agora`.
    pub ruleset: Ruleset,
    /// What the reader found and read past, in file order.
    pub findings: Vec<SourceFinding>,
}

const RULES: &str = "rules_data/rules";
const PROPOSALS: &str = "rules_data/proposals";
const CONFIG: &str = "rules_data/config";

/// Reads an Agora source folder's files.
pub fn read_source(files: &SourceFiles) -> Result<AgoraSource, SourceError> {
    let names = name_replacements(files.get("name_replacement_data").unwrap_or(""));
    let mut reader = Reader {
        findings: Vec::new(),
        names: &names,
    };
    // Each file is read on its own (thousands of small YAML documents): on
    // every core, each with the findings it made, joined in file order.
    let mut proposals = Vec::new();
    for (proposal, findings) in reader.each_file(files, PROPOSALS, |reader, name, file, text| {
        reader.proposal(name, file, text)
    }) {
        reader.findings.extend(findings);
        proposals.extend(proposal);
    }
    // Where two files give the same id, the file named for it is the record.
    let mut by_number: HashMap<&str, &Proposal> = HashMap::new();
    for (file, proposal) in &proposals {
        let named = file == &proposal.number;
        if named || !by_number.contains_key(proposal.number.as_str()) {
            by_number.insert(proposal.number.as_str(), proposal);
        }
    }
    let index_path = format!("{CONFIG}/index");
    let index_text = files.get(&index_path).ok_or(SourceError::Missing {
        file: index_path.clone(),
    })?;
    let index: Vec<CategoryFile> = serde_norway::from_str(index_text)
        .map_err(|err| invalid(&index_path, &err, "the index is a list of categories"))?;

    let read = reader.each_file(files, RULES, |reader, _, file, text| {
        reader
            .rule(file, text, &by_number)
            .map(|rule| (file.to_string(), rule))
    });
    let mut rules: BTreeMap<u32, (String, Rule)> = BTreeMap::new();
    for (rule, findings) in read {
        reader.findings.extend(findings);
        if let Some((file, rule)) = rule {
            if let Some((first, _)) = rules.get(&rule.number) {
                reader.finding(
                    FindingKind::Filing,
                    Severity::Error,
                    &file,
                    1,
                    format!(
                        "this file records rule {}, which {first} records too",
                        rule.number
                    ),
                    Some(
                        "a rule's file is named for its id; one of the two ids is wrong"
                            .to_string(),
                    ),
                );
                continue;
            }
            rules.insert(rule.number, (file, rule));
        }
    }

    let mut categories = Vec::new();
    let mut filed = Vec::new();
    for (order, category) in index.into_iter().enumerate() {
        let mut numbers = Vec::new();
        for raw in &category.rules {
            let Ok(number) = raw.0.parse::<u32>() else {
                let line = line_of(index_text, &raw.0);
                reader.finding(
                    FindingKind::Unreadable,
                    Severity::Error,
                    &index_path,
                    line,
                    format!("`{}` is not a rule number", raw.0),
                    None,
                );
                continue;
            };
            numbers.push(number);
            match rules.remove(&number) {
                Some((_, mut rule)) => {
                    if let Some(agora) = rule.agora.as_mut() {
                        agora.category = Some(category.name.clone());
                    }
                    filed.push(rule);
                }
                None => {
                    let twice = filed.iter().any(|r: &Rule| r.number == number);
                    let message = if twice {
                        format!("rule {number} is filed twice")
                    } else {
                        format!("the index files rule {number}, which has no readable file")
                    };
                    let line = line_of_rule(index_text, number);
                    reader.finding(
                        FindingKind::Filing,
                        Severity::Error,
                        &index_path,
                        line,
                        message,
                        None,
                    );
                }
            }
        }
        categories.push(Category {
            name: category.name,
            note: join_lines(&category.note),
            order,
            rules: numbers,
        });
    }
    let unfiled = rules.into_values().map(|(_, rule)| rule).collect();
    let config = |name: &str| files.get(&format!("{CONFIG}/{name}")).map(str::to_string);
    let ruleset = Ruleset {
        agora: Some(AgoraRuleset {
            categories,
            proposals: proposals.iter().map(|(_, p)| p.clone()).collect(),
            header: config("header"),
            flr_format: config("flr_format"),
            slr_format: config("slr_format"),
            unfiled,
        }),
        ..Ruleset::new("Agora", filed)
    };
    Ok(AgoraSource {
        ruleset,
        findings: reader.findings,
    })
}

/// `old:new` a line.
fn name_replacements(text: &str) -> HashMap<String, String> {
    text.lines()
        .filter_map(|line| line.split_once(':'))
        .map(|(old, new)| (old.trim().to_string(), new.trim().to_string()))
        .collect()
}

fn invalid(file: &str, err: &serde_norway::Error, help: &str) -> SourceError {
    let (line, column) = err.location().map_or((1, 1), |l| (l.line(), l.column()));
    SourceError::Invalid {
        file: file.to_string(),
        line,
        column,
        message: err.to_string(),
        help: help.to_string(),
    }
}

/// The 1-based line where `needle` first occurs (1 when it does not).
fn line_of(text: &str, needle: &str) -> usize {
    text.find(needle)
        .map_or(1, |at| text[..at].matches('\n').count() + 1)
}

fn line_of_rule(text: &str, number: u32) -> usize {
    let needle = format!("- {number}");
    text.lines()
        .position(|line| {
            let line = line.trim_start();
            line.strip_prefix(&needle)
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
        })
        .map_or(1, |i| i + 1)
}

struct Reader<'a> {
    findings: Vec<SourceFinding>,
    names: &'a HashMap<String, String>,
}

impl Reader<'_> {
    /// What `read` makes of each file directly in `folder` (its name, its
    /// path in the source, its text), with the findings reading it made,
    /// in file order; the files are read on every core.
    fn each_file<T: Send>(
        &self,
        files: &SourceFiles,
        folder: &str,
        read: impl Fn(&mut Reader<'_>, &str, &str, &str) -> Option<T> + Sync,
    ) -> Vec<(Option<T>, Vec<SourceFinding>)> {
        let names = self.names;
        let listed: Vec<(&str, &str)> = files.in_folder(folder).collect();
        listed
            .par_iter()
            .map(|&(name, text)| {
                let mut reader = Reader {
                    findings: Vec::new(),
                    names,
                };
                let file = format!("{folder}/{name}");
                let value = read(&mut reader, name, &file, text);
                (value, reader.findings)
            })
            .collect()
    }

    fn finding(
        &mut self,
        kind: FindingKind,
        severity: Severity,
        file: &str,
        line: usize,
        message: String,
        help: Option<String>,
    ) {
        self.findings.push(SourceFinding {
            kind,
            severity,
            file: file.to_string(),
            line,
            column: 1,
            message,
            help,
        });
    }

    fn name(&self, name: &str) -> String {
        self.names
            .get(name)
            .cloned()
            .unwrap_or_else(|| name.to_string())
    }

    /// A proposal file's proposal (`file` is `name` in the source), with
    /// the file's name.
    fn proposal(&mut self, name: &str, file: &str, text: &str) -> Option<(String, Proposal)> {
        match serde_norway::from_str::<Option<ProposalFile>>(text) {
            Ok(Some(p)) => {
                if p.id.0 != name {
                    let line = line_of(text, "id:");
                    self.finding(FindingKind::ProposalNumber,
                        Severity::Warning,
                        file,
                        line,
                        format!("the file {name} records proposal {}", p.id.0),
                        Some("a proposal's file is named for its number; history that cites either number may name the wrong proposal".to_string()),
                    );
                }
                Some((
                    name.to_string(),
                    Proposal {
                        number: p.id.0,
                        title: p.title,
                        author: p.author.map(|a| self.name(&a.0)),
                        coauthors: p
                            .coauthors
                            .unwrap_or_default()
                            .iter()
                            .map(|a| self.name(&a.0))
                            .collect(),
                        power: p.power.and_then(|raw| Power::new(&raw.0)),
                        chamber: p.chamber,
                        disinterested: p.disinterested.unwrap_or(false),
                    },
                ))
            }
            Ok(None) => {
                self.finding(
                    FindingKind::Empty,
                    Severity::Warning,
                    file,
                    1,
                    "the file holds no proposal (it is empty or all comments)".to_string(),
                    None,
                );
                None
            }
            Err(err) => {
                self.unreadable(file, &err);
                None
            }
        }
    }

    /// A file the YAML reader refused, at the line it names.
    fn unreadable(&mut self, file: &str, err: &serde_norway::Error) {
        let line = err.location().map_or(1, |l| l.line());
        self.finding(
            FindingKind::Unreadable,
            Severity::Error,
            file,
            line,
            err.to_string(),
            None,
        );
    }

    fn rule(
        &mut self,
        file: &str,
        text: &str,
        proposals: &HashMap<&str, &Proposal>,
    ) -> Option<Rule> {
        let parsed = match serde_norway::from_str::<Option<RuleFile>>(text) {
            Ok(Some(parsed)) => parsed,
            Ok(None) => {
                self.finding(
                    FindingKind::Empty,
                    Severity::Warning,
                    file,
                    1,
                    "the file holds no rule (it is empty or all comments)".to_string(),
                    Some("a draft kept commented out; it is not part of the ruleset".to_string()),
                );
                return None;
            }
            Err(err) => {
                self.unreadable(file, &err);
                return None;
            }
        };
        let Ok(number) = parsed.id.0.parse::<u32>() else {
            let line = line_of(text, "id:");
            let message = format!("the rule id `{}` is not a number", parsed.id.0);
            self.finding(
                FindingKind::Unreadable,
                Severity::Error,
                file,
                line,
                message,
                None,
            );
            return None;
        };
        let power = parsed.power.and_then(|raw| {
            let power = Power::new(&raw.0);
            if power.is_none() {
                let line = line_of(text, "power:");
                let message = format!("the power `{}` is not a decimal", raw.0);
                self.finding(
                    FindingKind::Unreadable,
                    Severity::Error,
                    file,
                    line,
                    message,
                    None,
                );
            }
            power
        });
        let mut revision = 0;
        let mut history = Vec::new();
        for entry in parsed.history.unwrap_or_default() {
            history.push(self.entry(file, text, entry, &mut revision, proposals));
        }
        let annotations = parsed
            .annotations
            .unwrap_or_default()
            .into_iter()
            .map(|a| self.annotation(file, text, a))
            .collect();
        let body = parsed.text.unwrap_or_default();
        Some(Rule {
            revision: Some(revision),
            history,
            agora: Some(Box::new(AgoraRule {
                title: parsed.name.unwrap_or_default(),
                power,
                category: None,
                annotations,
            })),
            ..Rule::new(number, body_text(&body))
        })
    }

    fn entry(
        &mut self,
        file: &str,
        text: &str,
        entry: EntryFile,
        revision: &mut u32,
        proposals: &HashMap<&str, &Proposal>,
    ) -> HistoryEntry {
        let kind = self.change(file, text, &entry.change);
        let agent = entry.agent.as_ref().map(|a| self.agent(a, proposals));
        let date = entry.date.as_ref().map(|d| self.date(file, text, d));
        if kind.counted() {
            *revision += 1;
        }
        let mut source = kind.effect(*revision);
        if let Some(agent) = &agent {
            source.push_str(" by ");
            source.push_str(&agent.cause());
        }
        // The program prints no date for one recorded as `unknown`.
        if let Some(date) = date.as_ref().filter(|d| **d != AgoraDate::Unknown) {
            source.push_str(", ");
            source.push_str(&date.to_string());
        }
        let common = history_kind(&kind);
        HistoryEntry {
            amendment: (common == HistoryKind::Amended).then_some(*revision),
            proposal: agent.as_ref().and_then(Agent::proposal_number),
            date: date.as_ref().and_then(AgoraDate::date),
            agora: Some(Box::new(AgoraEntry {
                date,
                change: Some(AgoraChange { kind, agent }),
                breaks: None,
            })),
            ..HistoryEntry::new(common, source)
        }
    }

    fn change(&mut self, file: &str, text: &str, change: &ChangeFile) -> ChangeKind {
        let raw = |r: &Option<Raw>| r.as_ref().map(|r| r.0.clone());
        let power = |r: &Option<Raw>| r.as_ref().and_then(|r| Power::new(&r.0));
        match change.kind.as_str() {
            "initial" => ChangeKind::Initial {
                mutability: raw(&change.mutability).unwrap_or_default(),
                id: raw(&change.id).unwrap_or_default(),
            },
            "enactment" => ChangeKind::Enactment {
                power: power(&change.power),
                mi: raw(&change.mi),
            },
            "amendment" => ChangeKind::Amendment {
                uncounted: change.uncounted.unwrap_or(false),
            },
            "infection-amendment" => ChangeKind::InfectionAmendment,
            "null-amendment" => ChangeKind::NullAmendment,
            "repeal" => ChangeKind::Repeal,
            "reenactment" => ChangeKind::Reenactment {
                power: power(&change.power),
                unchanged: change.unchanged.unwrap_or(false),
            },
            "power-change" => ChangeKind::PowerChange {
                old: power(&change.old_power),
                new: power(&change.new_power),
            },
            "retitling" => ChangeKind::Retitling {
                old: change.old_title.clone(),
                new: change.new_title.clone(),
                new_name: change.new_name.clone(),
            },
            "mutation" => ChangeKind::Mutation {
                old: raw(&change.old_mi),
                new: raw(&change.new_mi),
            },
            "renumbering" => ChangeKind::Renumbering {
                old: raw(&change.old_id).or_else(|| raw(&change.oldid)),
                new: raw(&change.new_id).or_else(|| raw(&change.newid)),
            },
            "committee-assignment" => ChangeKind::CommitteeAssignment {
                committee: change.committee.clone().unwrap_or_default(),
            },
            "infection" => ChangeKind::Infection,
            other => {
                let line = line_of(text, &format!("type: {other}"));
                self.finding(
                    FindingKind::Unreadable,
                    Severity::Error,
                    file,
                    line,
                    format!("unknown change type `{other}`; read as an uncounted amendment"),
                    None,
                );
                ChangeKind::Amendment { uncounted: true }
            }
        }
    }

    fn agent(&self, agent: &AgentFile, proposals: &HashMap<&str, &Proposal>) -> Agent {
        if let Some(number) = &agent.proposal {
            let proposal = proposals.get(number.0.as_str()).copied();
            return Agent::Proposal(ProposalRef::new(&number.0, proposal));
        }
        if let Some(rule) = &agent.rule {
            return Agent::Rule {
                number: rule.0.clone(),
            };
        }
        if let Some(cleaning) = &agent.cleaning {
            return Agent::Cleaning {
                by: cleaning.by.as_deref().map(|n| self.name(n)),
            };
        }
        if let Some(refiling) = &agent.refiling {
            return Agent::Refiling {
                by: refiling.by.as_deref().map(|n| self.name(n)),
            };
        }
        if let Some(ratification) = &agent.ratification {
            return Agent::Ratification {
                document: ratification.document.clone(),
                by: ratification
                    .agent
                    .as_ref()
                    .map(|a| Box::new(self.agent(a, proposals))),
            };
        }
        if let Some(cause) = &agent.convergence {
            return Agent::Convergence {
                cause: Box::new(self.agent(cause, proposals)),
            };
        }
        if let Some(experiment) = &agent.experiment {
            return Agent::Experiment {
                id: experiment.id.0.clone(),
                engineer: self.name(&experiment.engineer),
            };
        }
        if let Some(by) = &agent.decree {
            return Agent::Decree {
                by: self.name(&by.0),
            };
        }
        Agent::Cleaning { by: None }
    }

    fn date(&mut self, file: &str, text: &str, date: &DateFile) -> AgoraDate {
        match date {
            DateFile::Plain(raw) if raw.0 == "unknown" => AgoraDate::Unknown,
            DateFile::Plain(raw) => match self.day(file, text, raw) {
                Some(date) => AgoraDate::On { date },
                None => AgoraDate::Invalid {
                    written: raw.0.clone(),
                },
            },
            DateFile::Around { around } => match self.day(file, text, around) {
                Some(date) => AgoraDate::Around { date },
                None => AgoraDate::Invalid {
                    written: format!("around {}", around.0),
                },
            },
            DateFile::Between { between, and } => {
                match (self.day(file, text, between), self.day(file, text, and)) {
                    (Some(start), Some(end)) => AgoraDate::Between { start, end },
                    _ => AgoraDate::Invalid {
                        written: format!("between {} and {}", between.0, and.0),
                    },
                }
            }
        }
    }

    fn day(&mut self, file: &str, text: &str, raw: &Raw) -> Option<Date> {
        let date = Date::parse_iso(&raw.0);
        if date.is_none() {
            let line = line_of(text, &raw.0);
            self.finding(
                FindingKind::InvalidDate,
                Severity::Error,
                file,
                line,
                format!("the date `{}` does not exist", raw.0),
                Some("dates are YYYY-MM-DD and name a day of that month".to_string()),
            );
        }
        date
    }

    fn annotation(&mut self, file: &str, text: &str, annotation: AnnotationFile) -> Annotation {
        Annotation {
            cfjs: annotation
                .cfjs
                .iter()
                .map(|cfj| CfjCitation {
                    number: cfj.id.0.clone(),
                    called: cfj.called.as_ref().map(|d| self.date(file, text, d)),
                })
                .collect(),
            text: join_lines(&annotation.text),
            breaks: None,
        }
    }
}

/// The rule text as printed: its lines up to the last non-blank one.
pub(crate) fn body_text(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .iter()
        .rposition(|line| !line.trim().is_empty())
        .map_or(0, |i| i + 1);
    lines[..end].join("\n")
}

/// A multi-line YAML string as one line: each line trimmed, joined by spaces.
pub(crate) fn join_lines(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end()
        .to_string()
}

/// The common model's kind for an Agora change.
pub(crate) fn history_kind(kind: &ChangeKind) -> HistoryKind {
    match kind {
        ChangeKind::Initial { .. } => HistoryKind::Initial,
        ChangeKind::Enactment { .. } => HistoryKind::Enacted,
        ChangeKind::Amendment { uncounted: false }
        | ChangeKind::InfectionAmendment
        | ChangeKind::NullAmendment => HistoryKind::Amended,
        ChangeKind::Repeal => HistoryKind::Repealed,
        ChangeKind::Reenactment { .. } => HistoryKind::Reenacted,
        ChangeKind::Renumbering { .. } => HistoryKind::Renumbered,
        _ => HistoryKind::Other,
    }
}
