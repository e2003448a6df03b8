//! A form whose template is the embedded one, written in parts: its header,
//! its rules a range at a time, its footer, canonically or re-emitting the
//! kept layout of a file read in that form. The parts joined in order are
//! what [`Renderer::render`] writes, so a caller can write (and check) a
//! document a batch of rules at a time instead of holding it twice.

use super::{
    builtin, kept_source, with_line_ending, Capped, EndedFile, Macro, RenderError, Renderer,
};
use crate::model::{DocumentLayout, Format, Rule, Ruleset};
use std::ops::Range;

/// A document of a built-in form in parts (see the module documentation).
#[derive(Debug)]
pub struct Parts<'r> {
    ruleset: &'r Ruleset,
    format: Format,
    title: String,
    name: &'static str,
    limit: usize,
    /// The kept layout re-emitted (a file rendered to its own form), and
    /// the offset of the rule read from furthest in.
    layout: Option<(&'r DocumentLayout, Option<usize>)>,
    /// Whether the rules are exactly as read (see [`Parts::as_read`]).
    as_read: bool,
}

impl Renderer {
    /// The document of `ruleset` in `format` in parts, where the embedded
    /// template writes it (`None` where a template of one's own or a form
    /// without a built-in writer is used: [`Renderer::render`] writes those
    /// whole).
    #[must_use]
    pub fn parts<'r>(&self, ruleset: &'r Ruleset, format: Format) -> Option<Parts<'r>> {
        let name = super::template_name(format)?;
        let layout = ruleset
            .layout
            .as_ref()
            .filter(|layout| !self.canonical && layout.format == format);
        if !self.builtin.contains(&format) {
            return None;
        }
        // The rule that ended the file: the one whose kept source still
        // ends where the rules did, else (a guess) the one read from
        // furthest in.
        let layout = layout.map(|layout| {
            let file_end = ruleset
                .rules
                .iter()
                .filter_map(|rule| rule.layout.as_ref().map(|kept| kept.offset))
                .max();
            (layout, file_end)
        });
        Some(Parts {
            ruleset,
            format,
            title: super::title_for(format, &ruleset.title),
            name,
            limit: Capped::new(ruleset).limit,
            layout,
            as_read: false,
        })
    }
}

impl<'r> Parts<'r> {
    /// The same parts for rules that are exactly as a read of their file
    /// made them (nothing was changed since): each rule's kept source is
    /// re-emitted as unchanged without comparing its fingerprint (a digest
    /// of its meaning) with one taken now, so the ruleset may come from a
    /// read that took none ([`crate::parse::ReadDepth::Layout`]).
    #[must_use]
    pub fn as_read(mut self) -> Self {
        self.as_read = true;
        self
    }

    /// The format being written.
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// The rules being written, in order.
    #[must_use]
    pub fn rules(&self) -> &'r [Rule] {
        &self.ruleset.rules
    }

    /// Appends everything before the first rule: the kept header while the
    /// title is unchanged.
    pub fn header(&self, out: &mut String) {
        match self.layout {
            Some((layout, _)) if layout.title == self.ruleset.title => {
                out.push_str(&layout.header);
            }
            Some((layout, _)) => {
                let mut header = String::new();
                builtin::header(self.format, &self.title, &mut header);
                out.push_str(&with_line_ending(header, layout.line_ending));
            }
            None => builtin::header(self.format, &self.title, out),
        }
    }

    /// Appends everything after the last rule: the kept footer, if any.
    pub fn footer(&self, out: &mut String) {
        match self.layout {
            Some((layout, _)) => out.push_str(&layout.footer),
            None => builtin::footer(self.format, out),
        }
    }

    /// Appends the regions of the rules at `range` (indices into
    /// [`Parts::rules`]), separators included.
    ///
    /// # Panics
    /// When `range` is not within the rules.
    pub fn rules_at(&self, range: Range<usize>, out: &mut String) {
        let rules = &self.ruleset.rules;
        let Some((layout, file_end)) = self.layout else {
            for index in range {
                builtin::rule(self.format, &rules[index], index + 1 == rules.len(), out);
            }
            return;
        };
        // Lossless re-emit: kept bytes where the meaning is unchanged, the
        // form's own rule for everything else.
        let mut call = |called: Macro<'_>| {
            let mut text = String::new();
            match called {
                Macro::Header(title) => builtin::header(self.format, title, &mut text),
                Macro::Rule(rule, last) => builtin::rule(self.format, rule, last, &mut text),
            }
            Ok(with_line_ending(text, layout.line_ending))
        };
        for index in range {
            let rule = &rules[index];
            let ended_file = match rule.layout.as_ref() {
                Some(kept) if Some(kept.offset + kept.source.len()) == layout.rules_end => {
                    EndedFile::Yes
                }
                Some(kept) if Some(kept.offset) == file_end => EndedFile::Maybe,
                _ => EndedFile::No,
            };
            // The built-in rule never fails, so neither does the kept source.
            match kept_source(
                rule,
                rules.get(index + 1),
                ended_file,
                self.as_read,
                &mut call,
            ) {
                Ok(Some(source)) => out.push_str(&source),
                Ok(None) | Err(_) => {
                    let mut text = String::new();
                    builtin::rule(self.format, rule, index + 1 == rules.len(), &mut text);
                    out.push_str(&with_line_ending(text, layout.line_ending));
                }
            }
        }
    }

    /// Refuses a document of `len` bytes that is far larger than the
    /// ruleset could make it, as [`Renderer::render`] does.
    ///
    /// # Errors
    /// [`RenderError::Template`] naming the template when it is.
    pub fn check_size(&self, len: usize) -> Result<(), RenderError> {
        if len > self.limit {
            let capped = Capped {
                buf: Vec::new(),
                limit: self.limit,
                over: true,
            };
            return Err(capped.too_large(self.name));
        }
        Ok(())
    }

    /// The whole document: the header, [`Parts::for_each_run`], the footer.
    pub(super) fn document(&self) -> Result<String, RenderError> {
        let mut out = String::new();
        self.header(&mut out);
        self.for_each_run(|run| out.push_str(run));
        self.footer(&mut out);
        self.check_size(out.len())?;
        Ok(out)
    }

    /// Every rule's text, given to `each` in order a run of rules at a
    /// time: the rules go in batches, each batch written on every core in
    /// runs of [`RUN`], so that at most a batch is held.
    pub fn for_each_run(&self, mut each: impl FnMut(&str)) {
        use rayon::prelude::*;
        let count = self.ruleset.rules.len();
        for batch in (0..count).step_by(BATCH) {
            let end = (batch + BATCH).min(count);
            let runs: Vec<String> = (batch..end)
                .step_by(RUN)
                .collect::<Vec<_>>()
                .into_par_iter()
                .map(|start| {
                    let mut run = String::new();
                    self.rules_at(start..(start + RUN).min(end), &mut run);
                    run
                })
                .collect();
            for run in &runs {
                each(run);
            }
        }
    }
}

/// How many rules one task of [`Parts::for_each_run`] writes.
const RUN: usize = 64;

/// How many rules [`Parts::for_each_run`] writes before giving them on.
const BATCH: usize = 16 * RUN;
