//! Rendering: model → every published form, through minijinja templates.
//!
//! Canonical output follows docs/formats.md. When a ruleset was parsed from a
//! file and is rendered back to that file's format, the kept layout is used:
//! the header while the title is unchanged, each rule's source bytes while
//! the rule still means what it meant (`Rule::unchanged_source`), the footer.
//! A changed rule is written canonically in place, so only its region of the
//! output differs.

mod agora;
mod agora_publication;
pub mod build;
mod dialect;
pub(crate) mod manifest;
mod onto;
pub(crate) mod publish;
mod relink;
pub(crate) use relink::safe_image_path;
pub(crate) mod style;
mod templates;
pub mod text;

pub use agora_publication::{stamp_publication, Publication, PublicationError};
pub use onto::Existing;
pub use publish::{
    agora_published_files, image_paths, md_page_path, page_rule, publish_onto, published_files,
    rule_pages, stale_rule_pages, Asset, Form, Plan, PublishError, Published, PublishedFile,
};
pub use style::{Pins, Style};
/// The template environment (with the `--templates` loader) the site builds on.
pub(crate) use templates::environment as template_environment;
pub(crate) use templates::template_name;

use crate::model::{DocumentLayout, Format, LineEnding, Rule, Ruleset};
use minijinja::{Environment, Template, Value};
use rayon::prelude::*;
use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use templates::{template_error, RuleView};

/// How to render.
#[derive(Debug, Clone, Default)]
pub struct RenderOptions {
    /// Ignore the kept layout and write the canonical form.
    pub canonical: bool,
    /// A folder whose templates override the embedded ones, file by file.
    pub templates: Option<PathBuf>,
}

/// Why a ruleset or rule could not be rendered.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// A template failed to load, compile or render.
    #[error("template `{name}`{}: {message}", line.map(|l| format!(" line {l}")).unwrap_or_default())]
    Template {
        /// The template's file name (`md-long.md.j2`).
        name: String,
        /// The line of the template where it failed, when known.
        line: Option<usize>,
        /// `minijinja`'s description of the failure.
        message: String,
    },
    /// The `--templates` folder does not exist or is not a folder.
    #[error("templates folder {0} does not exist or is not a folder")]
    TemplateDir(PathBuf),
    /// `agora-yaml`, Agora's source folder, which is read and never written.
    #[error(
        "agora-yaml is Agora's source folder (rules_data/), which nomic reads but does not \
         write; build the published forms from it with `nomic build SOURCE -o OUT`, or write \
         one of them with `--to agora-flr` or `--to agora-slr`"
    )]
    AgoraSource,
    /// One of Agora's published forms asked of a ruleset that is not Agora's.
    #[error(
        "{0} is a form of Agora's rules, which have power and categories where this ruleset's \
         have mutability: write it as md-long, md-short, txt-long, txt-short or json instead \
         (`nomic formats` lists every form)"
    )]
    NotAgora(Format),
    /// A single rule asked for in a format that is not a per-rule page.
    #[error("`{0}` is not a per-rule format; expected md-rule or txt-rule")]
    NotARuleFormat(Format),
    /// Rendering to `dialect` a ruleset that was not read in one.
    #[error("the ruleset was not read in a dialect, so it has none to be written in")]
    NoDialect,
    /// The dialect's template does not parse.
    #[error("the dialect's rule template cannot be used: {0}")]
    Dialect(String),
    /// The model could not be serialized as JSON.
    #[error("cannot write JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// Renders a ruleset to one format.
pub fn render(
    ruleset: &Ruleset,
    format: Format,
    options: &RenderOptions,
) -> Result<String, RenderError> {
    Renderer::new(options)?.render(ruleset, format)
}

/// Renders one rule as a `rules/md/NNN.md` or `rules/txt/NNN.txt` page.
pub fn render_rule(
    rule: &Rule,
    format: Format,
    options: &RenderOptions,
) -> Result<String, RenderError> {
    Renderer::new(options)?.render_rule(rule, format)
}

/// The title a form gets: `(LONG FORMAT)` and `(SHORT FORMAT)` follow the
/// target; any other title (`# RULES`, `Nomic I Final Ruleset`) stays.
pub fn title_for(format: Format, title: &str) -> String {
    match format {
        Format::MdShort | Format::TxtShort => title.replace("(LONG FORMAT)", "(SHORT FORMAT)"),
        Format::MdLong | Format::TxtLong => title.replace("(SHORT FORMAT)", "(LONG FORMAT)"),
        _ => title.to_string(),
    }
}

/// A template environment set up once and reused for many renders.
pub struct Renderer {
    env: Environment<'static>,
    canonical: bool,
}

impl Renderer {
    /// Sets up the templates once: the embedded ones, overridden file by file
    /// from `options.templates`; fails when that folder does not exist.
    pub fn new(options: &RenderOptions) -> Result<Renderer, RenderError> {
        if let Some(dir) = &options.templates {
            if !dir.is_dir() {
                return Err(RenderError::TemplateDir(dir.clone()));
            }
        }
        Ok(Renderer {
            env: templates::environment(options.templates.as_deref()),
            canonical: options.canonical,
        })
    }

    /// Renders a ruleset to one format (see [`render`]).
    pub fn render(&self, ruleset: &Ruleset, format: Format) -> Result<String, RenderError> {
        self.render_styled(ruleset, format, Style::default())
    }

    /// The style `ruleset`'s own file of `format` shows, when it was read
    /// from one with its layout (and the render keeps it): the style its
    /// untouched rules are written in. Else the canonical style.
    #[must_use]
    pub fn own_style(&self, ruleset: &Ruleset, format: Format) -> Style {
        let own = ruleset
            .layout
            .as_ref()
            .is_some_and(|layout| !self.canonical && layout.format == format);
        if own {
            style::of_layout(self, &ruleset.rules, format)
        } else {
            Style::default()
        }
    }

    /// [`Renderer::render`] with what is written anew in `style`.
    pub fn render_styled(
        &self,
        ruleset: &Ruleset,
        format: Format,
        style: Style,
    ) -> Result<String, RenderError> {
        if format == Format::Dialect {
            return dialect::render(ruleset, self.canonical);
        }
        if format == Format::AgoraYaml {
            return Err(RenderError::AgoraSource);
        }
        if format.is_agora() {
            // Agora's rulesets, and its rule pages, carry Agora's data.
            let agoran = ruleset.agora.is_some() || ruleset.rules.iter().any(|r| r.agora.is_some());
            if !agoran {
                return Err(RenderError::NotAgora(format));
            }
            return self.render_agora(ruleset, format);
        }
        let Some(name) = template_name(format) else {
            let mut json = serde_json::to_string_pretty(&ruleset.without_layout())?;
            json.push('\n');
            return Ok(json);
        };
        let title = title_for(format, &ruleset.title);
        let layout = ruleset
            .layout
            .as_ref()
            .filter(|layout| !self.canonical && layout.format == format);
        let template = self
            .env
            .get_template(name)
            .map_err(|e| template_error(&e, name))?;
        document(ruleset, layout, &title, name, &template, style)
    }

    /// The region `rule` takes in a document of `format` written anew in
    /// `style`, separator included (as when a rule follows it).
    pub(super) fn region(
        &self,
        rule: &Rule,
        format: Format,
        style: Style,
    ) -> Result<String, RenderError> {
        let name = template_name(format).ok_or(RenderError::NotARuleFormat(format))?;
        let template = self
            .env
            .get_template(name)
            .map_err(|e| template_error(&e, name))?;
        let macros = Macros {
            template: &template,
            title: "",
            name,
            newline: LineEnding::Lf,
            style,
        };
        macros.with(|call| call(Macro::Rule(rule, false)))
    }

    /// Renders one rule as a page of a per-rule format.
    pub fn render_rule(&self, rule: &Rule, format: Format) -> Result<String, RenderError> {
        self.render_rule_styled(rule, format, Style::default())
    }

    /// [`Renderer::render_rule`] in `style`.
    pub(crate) fn render_rule_styled(
        &self,
        rule: &Rule,
        format: Format,
        style: Style,
    ) -> Result<String, RenderError> {
        if matches!(format, Format::AgoraRule | Format::AgoraShortRule) {
            return self.render_agora_rule(rule, format);
        }
        if !matches!(format, Format::MdRule | Format::TxtRule) {
            return Err(RenderError::NotARuleFormat(format));
        }
        let name = template_name(format).expect("per-rule formats have templates");
        let template = self
            .env
            .get_template(name)
            .map_err(|e| template_error(&e, name))?;
        let context = minijinja::context! {
            title => "",
            rules => Vec::<Value>::new(),
            width => style.width,
            style => Value::from(minijinja::value::Serde(style)),
        };
        let mut captured = template
            .render_captured(context)
            .map_err(|e| template_error(&e, name))?;
        captured.with_state_mut(|state| {
            state
                .call_macro("rule", &[RuleView::value(rule), Value::from(true)])
                .map_err(|e| template_error(&e, name))
        })
    }
}

/// How many rules one task of [`document`] writes.
const RUN: usize = 64;

/// A document of a template's form: its header, each rule's region and its
/// footer, each written by the template's macro of that name
/// (`header(title)`, `rule(r, last)`, `footer(title)`), except what
/// `layout` (a file read in this form) keeps: the header while the title is
/// unchanged, each rule's bytes while its meaning is (lossless re-emit),
/// the footer. The rules are written on every core, a run at a time; a
/// document far larger than its ruleset's content is refused as a runaway.
fn document(
    ruleset: &Ruleset,
    layout: Option<&DocumentLayout>,
    title: &str,
    name: &str,
    template: &Template<'_, '_>,
    style: Style,
) -> Result<String, RenderError> {
    let newline = layout.map_or(LineEnding::Lf, |layout| layout.line_ending);
    let macros = Macros {
        template,
        title,
        name,
        newline,
        style,
    };
    let rules = &ruleset.rules;
    let count = rules.len();
    let limit = size_limit(ruleset);
    let written = AtomicUsize::new(0);
    // The rule that ended the file: the one whose kept source still ends
    // where the rules did, else (a guess) the one read from furthest in.
    let file_end = layout.and_then(|_| {
        rules
            .iter()
            .filter_map(|rule| rule.layout.as_ref().map(|kept| kept.offset))
            .max()
    });
    let region = |index: usize, call: &mut CallMacro<'_>| -> Result<Cow<'_, str>, RenderError> {
        let rule = &rules[index];
        if let Some(layout) = layout {
            let ended_file = match rule.layout.as_ref() {
                Some(kept) if Some(kept.offset + kept.source.len()) == layout.rules_end => {
                    EndedFile::Yes
                }
                Some(kept) if Some(kept.offset) == file_end => EndedFile::Maybe,
                _ => EndedFile::No,
            };
            if let Some(source) = kept_source(rule, rules.get(index + 1), ended_file, call)? {
                return Ok(source);
            }
        }
        call(Macro::Rule(rule, index + 1 == count)).map(Cow::Owned)
    };
    let runs = (0..count)
        .step_by(RUN)
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|start| {
            macros.with(|call| {
                let mut run = String::new();
                for index in start..(start + RUN).min(count) {
                    run.push_str(&region(index, call)?);
                }
                if written.fetch_add(run.len(), Ordering::Relaxed) + run.len() > limit {
                    return Err(too_large(limit, name));
                }
                Ok(run)
            })
        })
        .collect::<Result<Vec<String>, RenderError>>()?;
    let (header, footer) = match layout {
        Some(layout) if layout.title == ruleset.title => {
            (layout.header.clone(), layout.footer.clone())
        }
        Some(layout) => (
            macros.with(|call| call(Macro::Header(title)))?,
            layout.footer.clone(),
        ),
        None => {
            macros.with(|call| Ok((call(Macro::Header(title))?, call(Macro::Footer(title))?)))?
        }
    };
    let length = header.len() + runs.iter().map(String::len).sum::<usize>() + footer.len();
    if length > limit {
        return Err(too_large(limit, name));
    }
    // Each run is let go of once it is in the document, so the document is
    // held about once.
    let mut out = String::with_capacity(length);
    out.push_str(&header);
    for run in runs {
        out.push_str(&run);
    }
    out.push_str(&footer);
    Ok(out)
}

/// A template's macros, called with the state of one render of its body.
struct Macros<'t> {
    template: &'t Template<'t, 't>,
    title: &'t str,
    name: &'t str,
    newline: LineEnding,
    style: Style,
}

impl Macros<'_> {
    /// Renders the template's body once (with no rules: it defines the
    /// macros and writes nothing kept) and gives `write` its macros.
    fn with<R>(
        &self,
        write: impl FnOnce(&mut CallMacro<'_>) -> Result<R, RenderError>,
    ) -> Result<R, RenderError> {
        let (name, newline) = (self.name, self.newline);
        let context = minijinja::context! {
            title => self.title,
            rules => Vec::<Value>::new(),
            width => self.style.width,
            style => Value::from(minijinja::value::Serde(self.style)),
        };
        let mut captured = self
            .template
            .render_captured(context)
            .map_err(|e| template_error(&e, name))?;
        captured.with_state_mut(|state| {
            let mut call = |called: Macro<'_>| {
                let (macro_name, args) = match called {
                    Macro::Header(title) => ("header", vec![Value::from(title)]),
                    Macro::Rule(rule, last) => {
                        ("rule", vec![RuleView::value(rule), Value::from(last)])
                    }
                    Macro::Footer(title) => ("footer", vec![Value::from(title)]),
                };
                if state.lookup(macro_name).is_none() {
                    return Err(RenderError::Template {
                        name: name.to_string(),
                        line: None,
                        message: format!(
                            "it defines no `{macro_name}` macro; a form's template defines \
                             the macros header(title), rule(r, last) and footer(title)"
                        ),
                    });
                }
                state
                    .call_macro(macro_name, &args)
                    .map(|text| with_line_ending(text, newline))
                    .map_err(|e| template_error(&e, name))
            };
            write(&mut call)
        })
    }
}

/// What a rule adds to the content a document's size is measured against
/// (a render far larger than its ruleset's content is refused as a
/// runaway): its text and each history and judgment line, with 64 bytes
/// for each.
fn content_size(rule: &Rule) -> usize {
    rule.text.len()
        + 64
        + rule
            .history
            .iter()
            .map(|e| e.source.len() + 64)
            .sum::<usize>()
        + rule
            .judgments
            .iter()
            .map(|j| j.source.len() + 64)
            .sum::<usize>()
}

/// The most a document of `ruleset` may hold: 16 MiB plus 64 bytes for
/// every byte of its content (see [`content_size`]).
fn size_limit(ruleset: &Ruleset) -> usize {
    let content = ruleset.title.len() + ruleset.rules.iter().map(content_size).sum::<usize>();
    content.saturating_mul(64).saturating_add(16 << 20)
}

/// The refusal of a document over `limit` bytes.
fn too_large(limit: usize, name: &str) -> RenderError {
    RenderError::Template {
        name: name.to_string(),
        line: None,
        message: format!(
            "the output is over {limit} bytes, far more than the ruleset holds; \
             look for a loop or a repetition that does not end"
        ),
    }
}

/// Whether a kept rule ended the file it was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EndedFile {
    /// Its source still ends where the file's rules ended.
    Yes,
    /// It was read from furthest in, but its source or its follower changed.
    Maybe,
    No,
}

/// A call of one of the template's macros.
#[derive(Clone, Copy)]
enum Macro<'a> {
    /// `header(title)`.
    Header(&'a str),
    /// `rule(r, last)`.
    Rule(&'a Rule, bool),
    /// `footer(title)`.
    Footer(&'a str),
}

/// Calls one of the template's macros.
type CallMacro<'a> = dyn FnMut(Macro<'_>) -> Result<String, RenderError> + 'a;

/// The kept source of a rule, if its meaning is unchanged.
///
/// The bytes are kept whole when the rule still borders what its separator
/// was written for: the rule that followed it in the file (kept or not: a
/// missing blank line stays missing), or the end of the file it ended (a
/// quirky final newline stays). At a new neighbour or a new end of file only
/// its trailing line breaks (the separator) become the ones the canonical
/// form puts there; every byte of the rule itself stays, quirks included.
fn kept_source<'r>(
    rule: &'r Rule,
    next: Option<&Rule>,
    ended_file: EndedFile,
    call: &mut CallMacro<'_>,
) -> Result<Option<Cow<'r, str>>, RenderError> {
    let Some(source) = rule.unchanged_source() else {
        return Ok(None);
    };
    let layout = rule.layout.as_ref().expect("a kept source has a layout");
    let end = layout.offset + layout.source.len();
    let followed_as_before = next
        .and_then(|next| next.layout.as_ref())
        .is_some_and(|next| next.offset == end);
    if followed_as_before {
        return Ok(Some(Cow::Borrowed(source)));
    }
    let breaks = trailing_breaks(source);
    let region = |last: bool, call: &mut CallMacro<'_>| {
        call(Macro::Rule(rule, last)).map(|r| trailing_breaks(&r))
    };
    if next.is_some() {
        return Ok(Some(with_breaks(source, breaks, region(false, call)?)));
    }
    // At the end: the file's own ending, or the canonical one. The rule
    // known to have ended the file keeps its ending even when it looks like
    // a separator (`## 1\n\n` as the whole of a page); one that may have
    // (the rule after it was removed, or its source was patched) keeps an
    // ending that is not the separator's.
    let last = region(true, call)?;
    let keep = match ended_file {
        EndedFile::Yes => true,
        EndedFile::Maybe => breaks == last || breaks != region(false, call)?,
        EndedFile::No => breaks == last,
    };
    if keep {
        return Ok(Some(Cow::Borrowed(source)));
    }
    Ok(Some(with_breaks(source, breaks, last)))
}

/// `source` ending in `want` line breaks instead of the `have` it ends in
/// (in its own line ending).
fn with_breaks(source: &str, have: usize, want: usize) -> Cow<'_, str> {
    if have == want {
        return Cow::Borrowed(source);
    }
    let body = source.trim_end_matches(['\n', '\r']);
    let ending = if source[body.len()..].contains('\r') || body.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    Cow::Owned(format!("{body}{}", ending.repeat(want)))
}

/// The number of line breaks a text ends with.
fn trailing_breaks(text: &str) -> usize {
    text[text.trim_end_matches(['\n', '\r']).len()..]
        .matches('\n')
        .count()
}

fn with_line_ending(text: String, ending: LineEnding) -> String {
    match ending {
        LineEnding::Lf => text,
        LineEnding::Crlf => text.replace("\r\n", "\n").replace('\n', "\r\n"),
    }
}

#[cfg(test)]
mod tests;
