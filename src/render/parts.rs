//! A form whose template is the embedded one, written in parts: its header,
//! its rules a range at a time, its footer. The parts joined in order are
//! what [`Renderer::render`] writes, so a caller can write (and check) a
//! document a batch of rules at a time instead of holding it twice.

use super::{builtin, Capped, RenderError, Renderer};
use crate::model::{Format, Rule, Ruleset};
use std::ops::Range;

/// A document of a built-in form in parts (see the module documentation).
#[derive(Debug)]
pub struct Parts<'r> {
    ruleset: &'r Ruleset,
    format: Format,
    title: String,
    name: &'static str,
    limit: usize,
}

impl Renderer {
    /// The document of `ruleset` in `format` in parts, where the embedded
    /// template writes it without the ruleset's kept layout (`None` where a
    /// template of one's own, a kept layout, or a form without a built-in
    /// writer is used: [`Renderer::render`] writes those whole).
    #[must_use]
    pub fn parts<'r>(&self, ruleset: &'r Ruleset, format: Format) -> Option<Parts<'r>> {
        let name = super::template_name(format)?;
        let layout = ruleset
            .layout
            .as_ref()
            .filter(|layout| !self.canonical && layout.format == format);
        if !self.builtin.contains(&format) || layout.is_some() {
            return None;
        }
        Some(Parts {
            ruleset,
            format,
            title: super::title_for(format, &ruleset.title),
            name,
            limit: Capped::new(ruleset).limit,
        })
    }
}

impl<'r> Parts<'r> {
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

    /// Appends everything before the first rule.
    pub fn header(&self, out: &mut String) {
        builtin::header(self.format, &self.title, out);
    }

    /// Appends everything after the last rule.
    pub fn footer(&self, out: &mut String) {
        builtin::footer(self.format, out);
    }

    /// Appends the regions of the rules at `range` (indices into
    /// [`Parts::rules`]), separators included.
    ///
    /// # Panics
    /// When `range` is not within the rules.
    pub fn rules_at(&self, range: Range<usize>, out: &mut String) {
        let count = self.ruleset.rules.len();
        for (index, rule) in self.ruleset.rules[range.clone()].iter().enumerate() {
            let last = range.start + index + 1 == count;
            builtin::rule(self.format, rule, last, out);
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

    /// The whole document: the rules in batches, each batch written on
    /// every core in runs of [`RUN`] and joined in order, so that at most a
    /// batch is held twice.
    pub(super) fn document(&self) -> Result<String, RenderError> {
        use rayon::prelude::*;
        let count = self.ruleset.rules.len();
        let mut out = String::new();
        self.header(&mut out);
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
            out.reserve(runs.iter().map(String::len).sum::<usize>());
            for run in &runs {
                out.push_str(run);
            }
        }
        self.footer(&mut out);
        self.check_size(out.len())?;
        Ok(out)
    }
}

/// How many rules one task of [`Parts::document`] writes.
const RUN: usize = 64;

/// How many rules [`Parts::document`] writes before joining them.
const BATCH: usize = 16 * RUN;
