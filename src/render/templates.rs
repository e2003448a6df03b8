//! The minijinja environment: embedded default templates, the `--templates`
//! override directory, and the Rust filters and functions templates call.

use super::text;
use super::RenderError;
use crate::model::{Format, Rule};
use minijinja::{AutoEscape, Environment, Error, ErrorKind, UndefinedBehavior, Value};
use serde::Serialize;
use std::path::{Component, Path, PathBuf};

/// The embedded default templates, by file name.
pub const DEFAULTS: [(&str, &str); 12] = [
    (
        "md-long.md.j2",
        include_str!("../../templates/md-long.md.j2"),
    ),
    (
        "md-short.md.j2",
        include_str!("../../templates/md-short.md.j2"),
    ),
    (
        "txt-long.txt.j2",
        include_str!("../../templates/txt-long.txt.j2"),
    ),
    (
        "txt-short.txt.j2",
        include_str!("../../templates/txt-short.txt.j2"),
    ),
    (
        "txt-plain.txt.j2",
        include_str!("../../templates/txt-plain.txt.j2"),
    ),
    (
        "md-rule.md.j2",
        include_str!("../../templates/md-rule.md.j2"),
    ),
    (
        "txt-rule.txt.j2",
        include_str!("../../templates/txt-rule.txt.j2"),
    ),
    ("agora.txt.j2", include_str!("../../templates/agora.txt.j2")),
    (
        "agora-flr.txt.j2",
        include_str!("../../templates/agora-flr.txt.j2"),
    ),
    (
        "agora-slr.txt.j2",
        include_str!("../../templates/agora-slr.txt.j2"),
    ),
    (
        "agora-rule.txt.j2",
        include_str!("../../templates/agora-rule.txt.j2"),
    ),
    (
        "agora-short-rule.txt.j2",
        include_str!("../../templates/agora-short-rule.txt.j2"),
    ),
];

/// The template a format is rendered with; `json` has none.
pub fn template_name(format: Format) -> Option<&'static str> {
    Some(match format {
        Format::MdLong => "md-long.md.j2",
        Format::MdShort => "md-short.md.j2",
        Format::TxtLong => "txt-long.txt.j2",
        Format::TxtShort => "txt-short.txt.j2",
        Format::TxtPlain => "txt-plain.txt.j2",
        Format::MdRule => "md-rule.md.j2",
        Format::TxtRule => "txt-rule.txt.j2",
        Format::AgoraFlr => "agora-flr.txt.j2",
        Format::AgoraSlr => "agora-slr.txt.j2",
        Format::AgoraRule => "agora-rule.txt.j2",
        Format::AgoraShortRule => "agora-short-rule.txt.j2",
        Format::Json | Format::AgoraYaml => return None,
    })
}

fn embedded(name: &str) -> Option<&'static str> {
    DEFAULTS
        .iter()
        .find(|(default, _)| *default == name)
        .map(|(_, source)| *source)
}

/// An environment whose one loader tries `dir/<name>` first and falls back
/// to the embedded default.
pub fn environment(dir: Option<&Path>) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_syntax(
        minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .build()
            .expect("the default delimiters are valid"),
    );
    env.set_auto_escape_callback(|_| AutoEscape::None);
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    let dir: Option<PathBuf> = dir.map(Path::to_path_buf);
    env.set_loader(move |name| load(dir.as_deref(), name));
    env.add_filter("wrap", wrap);
    env.add_filter("plain", |md: &str| text::markdown_to_text(md));
    env.add_filter("export", |md: &str| text::markdown_to_export(md));
    env.add_filter("pad", pad);
    env.add_function("ruler", ruler);
    env.add_filter("agora_wrap", |line: &str, first: &str, rest: &str| {
        super::agora::wrap_words(line, 72, first, rest)
    });
    env.add_filter("agora_indent", |text: &str, indent: &str| {
        super::agora::indent_lines(text, indent)
    });
    env.add_filter("agora_pad", |text: &str, width: usize| {
        format!("{text:>width$}")
    });
    env
}

fn load(dir: Option<&Path>, name: &str) -> Result<Option<String>, Error> {
    if let Some(dir) = dir {
        let relative = Path::new(name);
        let safe = relative
            .components()
            .all(|part| matches!(part, Component::Normal(_)));
        if !safe {
            return Err(Error::new(
                ErrorKind::TemplateNotFound,
                format!("template name `{name}` leaves the templates folder"),
            ));
        }
        let path = dir.join(relative);
        match std::fs::read_to_string(&path) {
            Ok(source) => return Ok(Some(source)),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => {
                return Err(Error::new(
                    ErrorKind::InvalidOperation,
                    format!("cannot read {}: {err}", path.display()),
                ))
            }
        }
    }
    Ok(embedded(name).map(str::to_string))
}

/// `{{ r.text | wrap }}`: Markdown to text wrapped at 70 columns with a
/// 6-space indent (`wrap(width=72, indent=4)` to change either).
fn wrap(md: &str, width: Option<usize>, indent: Option<usize>) -> String {
    text::wrap_markdown(
        md,
        width.unwrap_or(text::WIDTH),
        indent.unwrap_or(text::INDENT),
    )
}

/// `{{ r.number | pad }}`: `7` → `007` (`pad(4)` for four digits).
fn pad(number: u32, width: Option<usize>) -> String {
    format!("{number:0width$}", width = width.unwrap_or(3))
}

/// `{{ ruler("-") }}`: a line of 70 of that character (`ruler("=", 72)`).
fn ruler(fill: &str, width: Option<usize>) -> String {
    fill.repeat(width.unwrap_or(text::WIDTH))
}

/// What templates see of a rule.
#[derive(Debug, Serialize)]
pub struct RuleView<'a> {
    pub number: u32,
    /// The revision, or the number of amendments when the source gave none.
    pub revision: u32,
    /// `immutable`, `mutable`, or another marker in lower case.
    pub mutability: &'a str,
    /// `IMMUTABLE` (or another marker) for headings; empty for mutable rules.
    pub marker: String,
    /// The body as Markdown.
    pub text: &'a str,
    pub history: Vec<EntryView<'a>>,
    pub judgments: Vec<JudgmentView<'a>>,
}

#[derive(Debug, Serialize)]
pub struct EntryView<'a> {
    pub source: &'a str,
    pub link: Option<&'a str>,
    pub kind: crate::model::HistoryKind,
}

#[derive(Debug, Serialize)]
pub struct JudgmentView<'a> {
    pub source: &'a str,
    pub judge: Option<&'a str>,
}

impl<'a> RuleView<'a> {
    pub fn new(rule: &'a Rule) -> RuleView<'a> {
        RuleView {
            number: rule.number,
            revision: rule.revision.unwrap_or_else(|| rule.amendment_count()),
            mutability: rule.mutability.as_str(),
            marker: rule.mutability.heading_marker().unwrap_or_default(),
            text: &rule.text,
            history: rule
                .history
                .iter()
                .map(|entry| EntryView {
                    source: &entry.source,
                    link: entry.link.as_deref(),
                    kind: entry.kind,
                })
                .collect(),
            judgments: rule
                .judgments
                .iter()
                .map(|judgment| JudgmentView {
                    source: &judgment.source,
                    judge: judgment.judge.as_deref(),
                })
                .collect(),
        }
    }

    pub fn value(rule: &'a Rule) -> Value {
        Value::from(minijinja::value::Serde(RuleView::new(rule)))
    }
}

/// A template error with the template's name and line; `template` names
/// the template being rendered when the error itself names none (a macro
/// missing from an override, for example).
pub fn template_error(err: &Error, template: &str) -> RenderError {
    let mut message = err.kind().to_string();
    if let Some(detail) = err.detail() {
        message.push_str(": ");
        message.push_str(detail);
    }
    RenderError::Template {
        name: err.name().unwrap_or(template).to_string(),
        line: err.line(),
        message,
    }
}
