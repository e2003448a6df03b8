//! `nomic check` on a Markdown ruleset (md-long, md-short) a run of rules
//! at a time: the rules are read, checked and compared with their canonical
//! rendering a run after another, and only what the checks of the whole
//! ruleset need of each rule (its number and place, its citations, its
//! Initial Set facts) is kept; a rule that has such a finding is read
//! again. The file's text and a run of rules are held, not every rule.
//!
//! The runs are compared with their canonical rendering as they come; from
//! the first that differs on, the rendering is kept as the ids of its lines
//! (`layout::ComparedLines`), and the file is diffed with it whole at the
//! end, as [`super::check`] does.

use super::initial_set::{self, InitialFacts};
use super::layout::{self, Canonical, ComparedLines};
use super::numbers::Numbers;
use super::{encoding, files, headings, history, references, text, Input, Kept};
use crate::diagnostic::Diagnostic;
use crate::model::{DocumentLayout, Format, Rule, Ruleset};
use crate::parse::md_long::{encoding_issues, SpanRuns};
use crate::parse::{detect, EncodingIssue};
use crate::refs::{self, cites_a_number_of, cites_existing, dangling_of, CitedNumber};
use crate::render::Renderer;
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;

/// How many rules one task reads, checks and renders.
const RUN: usize = 64;

/// A file checked a run of rules at a time.
#[derive(Debug)]
pub struct Streamed {
    /// The file's text (the bytes, without a copy).
    pub text: String,
    /// The format it was read as.
    pub format: Format,
    /// What [`super::check`] finds in it.
    pub findings: Vec<Diagnostic>,
}

/// The findings of [`super::check`] on a file's `bytes`, read as
/// [`crate::parse::read_owned`] reads them without repair and without a
/// dialect (as `from`, or the format detected), found a run of rules at a
/// time; the bytes back when the file is not UTF-8, not md-long or
/// md-short, or its headings do not read: the caller then reads it whole.
pub fn check_bytes(
    bytes: Vec<u8>,
    from: Option<Format>,
    base_dir: Option<&Path>,
) -> Result<Streamed, Vec<u8>> {
    let text = String::from_utf8(bytes).map_err(std::string::FromUtf8Error::into_bytes)?;
    let Some(format @ (Format::MdLong | Format::MdShort)) =
        from.map_or_else(|| detect(&text).ok(), Some)
    else {
        return Err(text.into_bytes());
    };
    let encoding = encoding_issues(&text);
    match check_markdown(&text, format, &encoding, base_dir) {
        Some(findings) => Ok(Streamed {
            text,
            format,
            findings,
        }),
        None => Err(text.into_bytes()),
    }
}

/// The findings of [`super::check`] on `text` read as `format` (md-long or
/// md-short) with its `encoding` issues, or `None` where it must be read
/// whole (see [`check_bytes`]).
pub(crate) fn check_markdown(
    text: &str,
    format: Format,
    encoding: &[EncodingIssue],
    base_dir: Option<&Path>,
) -> Option<Vec<Diagnostic>> {
    check_in_runs(text, format, encoding, base_dir, RUN)
}

/// [`check_markdown`] reading `run` rules a task.
fn check_in_runs(
    text: &str,
    format: Format,
    encoding: &[EncodingIssue],
    base_dir: Option<&Path>,
    run: usize,
) -> Option<Vec<Diagnostic>> {
    // The heading-shaped lines are found in the whole text while the
    // headings are.
    let (batches, heading_shaped) = rayon::join(
        || SpanRuns::new(text, format),
        || headings::heading_shaped(text, format),
    );
    let batches = batches.ok()?;
    let document = Ruleset {
        title: batches.title().to_string(),
        rules: Vec::new(),
        layout: Some(batches.document_layout()),
        agora: None,
    };
    let whole = Input {
        ruleset: &document,
        text,
        format,
        encoding,
        base_dir,
    };
    let (broken, runs) = rayon::join(
        || headings::broken_among(&whole, heading_shaped),
        || Runs::check(&batches, &whole, run),
    );
    let mut runs = runs?;
    let mut ruleset = initial_set_findings(&batches, &whole, &runs);
    ruleset.extend(dangling_findings(&batches, &whole, &runs));
    let mut findings = runs.numbers.findings;
    findings.extend(broken);
    findings.extend(runs.swallowed);
    findings.extend(runs.history);
    findings.extend(ruleset);
    findings.extend(runs.text);
    findings.extend(encoding::check(&whole));
    let mut layout = layout::document_quirks(&whole);
    layout.extend(runs.layout);
    if let Some(canonical) = runs.canonical.take() {
        let first = batches.start(0);
        let rules = (0..batches.len()).map(|index| {
            let span = batches.start(index)..batches.start(index + 1);
            (runs.rule_numbers[index], span)
        });
        let regions = layout::regions_of(text.len(), first, rules);
        let differences = match &canonical {
            Canonical::Text(canonical) => layout::differences(text, canonical, &regions, &layout),
            Canonical::Lines(lines) => layout::differences_by_lines(text, lines, &regions, &layout),
        };
        drop(canonical);
        layout.extend(differences);
    }
    findings.extend(layout);
    findings.extend(runs.files);
    super::sort(&mut findings);
    Some(findings)
}

/// The place of rule `index` in the file: the text from its heading up to
/// the next rule's (what [`Input::kept`] gives for it).
fn kept_at<'t>(batches: &SpanRuns<'_>, text: &'t str, index: usize) -> Kept<'t> {
    let offset = batches.start(index);
    Kept {
        offset,
        source: &text[offset..batches.start(index + 1)],
    }
}

/// The rules at `range` as a ruleset whose rules end where the next rule
/// starts, so that [`Input::kept`] finds each one's place.
fn ruleset_at(batches: &SpanRuns<'_>, whole: &Input<'_>, range: Range<usize>) -> Ruleset {
    let layout = whole.ruleset.layout.as_ref().map(|layout| DocumentLayout {
        rules_end: Some(batches.start(range.end)),
        header: String::new(),
        quirks: Vec::new(),
        ..layout.clone()
    });
    Ruleset {
        title: String::new(),
        rules: batches.rules(range),
        layout,
        agora: None,
    }
}

/// What the runs of rules found, and what the checks of the whole ruleset
/// need of each rule.
struct Runs<'t> {
    swallowed: Vec<Diagnostic>,
    history: Vec<Diagnostic>,
    text: Vec<Diagnostic>,
    layout: Vec<Diagnostic>,
    files: Vec<Diagnostic>,
    /// The numbers check, walked through the runs.
    numbers: Numbers<'t>,
    /// Each rule's number.
    rule_numbers: Vec<u32>,
    /// Each identifier a rule has (none in the built-in forms).
    ids: BTreeSet<String>,
    /// Every citation, in rule order.
    cited: Citations,
    /// The Initial Set facts of every rule.
    initial: Vec<InitialFacts>,
    /// The rules' content as `render::Capped` measures it.
    content: usize,
    /// The canonical rendering, when it is not the file: as line ids
    /// where the file has no CRLF line endings.
    canonical: Option<Canonical<'t>>,
}

impl<'t> Runs<'t> {
    /// Every run of rules checked, `run` rules a task and a few tasks a
    /// core at a time; `None` when the renderer has no parts for the
    /// format, or the canonical rendering is too large to be one.
    fn check(batches: &SpanRuns<'_>, whole: &Input<'t>, run: usize) -> Option<Runs<'t>> {
        let renderer = layout::canonical_renderer()?;
        let document = renderer.parts(whole.ruleset, whole.format)?;
        let mut compared = ComparedLines::new(whole.text);
        let mut piece = String::new();
        document.header(&mut piece);
        compared.push(&piece);
        let mut runs = Runs {
            swallowed: Vec::new(),
            history: Vec::new(),
            text: Vec::new(),
            layout: Vec::new(),
            files: Vec::new(),
            numbers: Numbers::new(whole.text, whole.format, batches.len()),
            rule_numbers: Vec::with_capacity(batches.len()),
            ids: BTreeSet::new(),
            cited: Citations::default(),
            initial: Vec::with_capacity(batches.len()),
            content: 0,
            canonical: None,
        };
        let count = batches.len();
        // A few tasks a core at a time: at most those tasks' canonical
        // renderings (and rules, as they are read) are held at once.
        let batch = run * TASKS_A_CORE * rayon::current_num_threads().max(1);
        for first in (0..count).step_by(batch) {
            let end = (first + batch).min(count);
            let found: Vec<Option<Found>> = (first..end)
                .step_by(run)
                .collect::<Vec<_>>()
                .into_par_iter()
                .map(|start| Found::of(batches, whole, &renderer, start..(start + run).min(end)))
                .collect();
            for found in found {
                let found = found?;
                compared.push(&found.rendered);
                runs.add(found, |index| kept_at(batches, whole.text, index));
            }
        }
        piece.clear();
        document.footer(&mut piece);
        compared.push(&piece);
        let rendered = compared.len();
        runs.canonical = compared.canonical();
        // What `Renderer::render` refuses as too large (`render::Capped`):
        // the whole read says nothing of such a file's layout.
        let content = whole.ruleset.title.len() + runs.content;
        let limit = content.saturating_mul(64).saturating_add(16 << 20);
        match &runs.canonical {
            Some(_) if rendered > limit => None,
            _ => Some(runs),
        }
    }

    /// What a run found.
    fn add(&mut self, found: Found, kept: impl Fn(usize) -> Kept<'t>) {
        self.swallowed.extend(found.swallowed);
        self.history.extend(found.history);
        self.text.extend(found.text);
        self.layout.extend(found.layout);
        self.files.extend(found.files);
        for (index, (number, id)) in (found.start..).zip(found.numbers) {
            self.numbers
                .next(number, id.as_deref(), index, |index| Some(kept(index)));
            self.rule_numbers.push(number);
            self.ids.extend(id);
        }
        self.cited.extend(found.cited);
        self.initial.extend(found.initial);
        self.content += found.content;
    }
}

/// A rule's content as `render::Capped` measures it: 64 bytes beside each
/// text, history and judgment line.
fn content(rule: &Rule) -> usize {
    let lines = |sources: &mut dyn Iterator<Item = &String>| -> usize {
        sources.map(|source| source.len() + 64).sum()
    };
    rule.text.len()
        + 64
        + lines(&mut rule.history.iter().map(|entry| &entry.source))
        + lines(&mut rule.judgments.iter().map(|judgment| &judgment.source))
}

/// How many tasks of a run of rules are given to each core at once: two
/// held 0.36 MB less than four at 10,000 rules (0.6 MB at 100,000) in the
/// same time.
const TASKS_A_CORE: usize = 2;

/// What one run of rules holds that the checks need: its findings, what
/// the whole ruleset's checks need of each rule, and its canonical
/// rendering. The rules themselves are dropped where they were read.
struct Found {
    /// The index of the run's first rule.
    start: usize,
    swallowed: Vec<Diagnostic>,
    history: Vec<Diagnostic>,
    text: Vec<Diagnostic>,
    layout: Vec<Diagnostic>,
    files: Vec<Diagnostic>,
    /// Each rule's number and identifier.
    numbers: Vec<(u32, Option<String>)>,
    cited: Citations,
    initial: Vec<InitialFacts>,
    /// The rules' content as `render::Capped` measures it.
    content: usize,
    /// The rules in their canonical form.
    rendered: String,
}

impl Found {
    /// The rules at `range` read and checked; `None` when the renderer has
    /// no parts for the format.
    fn of(
        batches: &SpanRuns<'_>,
        whole: &Input<'_>,
        renderer: &Renderer,
        range: Range<usize>,
    ) -> Option<Found> {
        let mut ruleset = ruleset_at(batches, whole, range.clone());
        let input = Input {
            ruleset: &ruleset,
            ..*whole
        };
        let rules = &ruleset.rules;
        let mut cited = Citations::default();
        for (index, rule) in range.clone().zip(rules) {
            for cited_number in citations_of(rule) {
                cited.push(index, cited_number);
            }
        }
        let mut found = Found {
            start: range.start,
            swallowed: headings::swallowed_headings(&input),
            history: history::check(&input),
            text: text::check(&input),
            layout: layout::rule_quirks(rules, whole.text),
            files: files::check(&input),
            numbers: rules
                .iter()
                .map(|rule| (rule.number, rule.id.clone()))
                .collect(),
            cited,
            initial: rules.iter().map(InitialFacts::of).collect(),
            content: rules.iter().map(content).sum(),
            rendered: String::new(),
        };
        // The run's last rule is the file's last only at the end: a
        // stand-in after it says so to the renderer.
        if range.end < batches.len() {
            ruleset.rules.push(Rule::new(0, String::new()));
        }
        let parts = renderer.parts(&ruleset, whole.format)?;
        parts.rules_at(0..range.len(), &mut found.rendered);
        Some(found)
    }
}

/// Every number a rule cites, in its text's order.
fn citations_of(rule: &Rule) -> impl Iterator<Item = CitedNumber> {
    refs::extract_rule(rule)
        .into_iter()
        .flat_map(|reference| reference.numbers)
}

/// What the dangling-citation check needs of each citation of the file:
/// which rule cites which numbers, or which identifier. A [`CitedNumber`]
/// (80 bytes with the citing rule's index) was a megabyte at 10,000 rules;
/// a citation by number is 12 bytes here, and a rule with a citation of a
/// rule the ruleset lacks is read again for its findings.
#[derive(Default)]
struct Citations {
    /// The citing rule's index and the first and last numbers cited.
    by_number: Vec<(u32, u32, u32)>,
    /// The citing rule's index and the identifier cited (dialects only).
    by_id: Vec<(u32, String)>,
}

impl Citations {
    fn push(&mut self, index: usize, cited: CitedNumber) {
        let index = u32::try_from(index).expect("fewer than 2^32 rules");
        match cited.id {
            Some(id) => self.by_id.push((index, id)),
            None => {
                let numbers = cited.numbers();
                self.by_number
                    .push((index, *numbers.start(), *numbers.end()));
            }
        }
    }

    fn extend(&mut self, other: Citations) {
        self.by_number.extend(other.by_number);
        self.by_id.extend(other.by_id);
    }
}

/// The findings of the citations of rules the ruleset lacks (as
/// [`refs::dangling`] finds them), each citing rule read again.
fn dangling_findings(batches: &SpanRuns<'_>, whole: &Input<'_>, runs: &Runs) -> Vec<Diagnostic> {
    let mut existing = runs.rule_numbers.clone();
    existing.sort_unstable();
    let has_id = |id: &str| runs.ids.contains(id);
    let by_number = runs
        .cited
        .by_number
        .iter()
        .filter(|(_, first, last)| !cites_a_number_of(&(*first..=*last), &existing))
        .map(|(index, _, _)| *index);
    let by_id = runs
        .cited
        .by_id
        .iter()
        .filter(|(_, id)| !has_id(id))
        .map(|(index, _)| *index);
    let mut citing: Vec<u32> = by_number.chain(by_id).collect();
    citing.sort_unstable();
    citing.dedup();
    let mut findings = Vec::new();
    for index in citing.into_iter().map(|index| index as usize) {
        let ruleset = ruleset_at(batches, whole, index..index + 1);
        let input = Input {
            ruleset: &ruleset,
            ..*whole
        };
        let rule = &ruleset.rules[0];
        for cited in citations_of(rule) {
            if !cites_existing(&cited, &existing, has_id) {
                let dangling = dangling_of(rule.number, index, &cited);
                findings.push(references::dangling_finding(&input, rule, &dangling));
            }
        }
    }
    findings
}

/// The Initial Set findings, rule 101 and each rule a finding points into
/// read again.
fn initial_set_findings(batches: &SpanRuns<'_>, whole: &Input<'_>, runs: &Runs) -> Vec<Diagnostic> {
    if !super::holds_a_ruleset(whole.format) {
        return Vec::new();
    }
    let Some(index) = runs.rule_numbers.iter().position(|&number| number == 101) else {
        return Vec::new();
    };
    let ruleset = ruleset_at(batches, whole, index..index + 1);
    let input = Input {
        ruleset: &ruleset,
        ..*whole
    };
    initial_set::findings(&input, &ruleset.rules[0], &runs.initial, |index, place| {
        let ruleset = ruleset_at(batches, whole, index..index + 1);
        let input = Input {
            ruleset: &ruleset,
            ..*whole
        };
        let rule = &ruleset.rules[0];
        place.span(input.kept(rule), rule)
    })
}

#[cfg(test)]
mod tests;
