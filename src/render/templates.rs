//! The minijinja environment: embedded default templates, the `--templates`
//! override directory, and the Rust filters and functions templates call.

use super::text;
use super::RenderError;
use crate::model::{Format, Rule};
use minijinja::{AutoEscape, Environment, Error, ErrorKind, State, UndefinedBehavior, Value};
use serde::Serialize;
use std::path::{Component, Path, PathBuf};

/// The embedded default templates, by file name.
pub(crate) const DEFAULTS: [(&str, &str); 12] = [
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

/// The template a format is rendered with; `json` and `dialect` (written
/// by the dialect's own rule template) have none.
pub(crate) fn template_name(format: Format) -> Option<&'static str> {
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
        Format::Json | Format::AgoraYaml | Format::Dialect => return None,
    })
}

fn embedded(name: &str) -> Option<&'static str> {
    DEFAULTS
        .iter()
        .find(|(default, _)| *default == name)
        .map(|(_, source)| *source)
}

/// Instructions one render may run: the embedded templates spend about a
/// hundred per rule (measured: 34 667 to 99 382 for a thousand rules), so
/// this allows half a million rules, and still stops a template that loops
/// without end within seconds.
const FUEL: u64 = 50_000_000;
/// How deep templates may nest (includes, macros calling macros).
const RECURSION_LIMIT: usize = 64;
/// The largest template file read from a templates folder.
const MAX_TEMPLATE_BYTES: u64 = 1024 * 1024;
/// The widest `pad`.
const MAX_PAD: usize = 32;
/// The widest `ruler`, `wrap` and `indent`, in columns.
const MAX_WIDTH: usize = 1000;
/// The longest `ruler` fill.
const MAX_FILL: usize = 16;

/// An environment whose one loader tries `dir/<name>` first and falls back
/// to the embedded default. A templates folder is a sandbox: no template
/// is read from outside it (no `..`, no link leading out, nothing but
/// plain files), the engine's fuel and recursion are limited, and every
/// filter and function of ours refuses arguments beyond its bounds.
pub(crate) fn environment(dir: Option<&Path>) -> Environment<'static> {
    environment_with_fuel(dir, FUEL)
}

fn environment_with_fuel(dir: Option<&Path>, fuel: u64) -> Environment<'static> {
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
    env.set_fuel(Some(fuel));
    env.set_recursion_limit(RECURSION_LIMIT);
    let dir: Option<PathBuf> = dir.map(|dir| dir.canonicalize().unwrap_or_else(|_| dir.into()));
    env.set_loader(move |name| load(dir.as_deref(), name));
    env.add_filter("wrap", wrap);
    env.add_filter("plain", |state: &State, md: &str| {
        Ok::<_, Error>(text::markdown_to_text_in(md, &style(state)?))
    });
    env.add_filter("export", |md: &str| text::markdown_to_export(md));
    env.add_filter("pad", pad);
    env.add_filter("indent", indent);
    env.add_function("ruler", ruler);
    env.add_filter(
        "agora_wrap",
        |line: &str, first: &str, rest: &str, breaks: Option<Vec<usize>>| {
            super::agora::wrap_printed(line, first, rest, breaks.as_deref())
        },
    );
    env.add_filter("agora_fill", |skeleton: &str, slots: Value| {
        let mut filled = Vec::new();
        for name in slots.try_iter()? {
            let text = slots.get_item(&name)?;
            filled.push((name.to_string(), text.to_string()));
        }
        Ok::<_, Error>(super::agora::fill_slots(skeleton, &filled))
    });
    env.add_filter("agora_indent", |text: &str, indent: &str| {
        super::agora::indent_lines(text, indent)
    });
    env.add_filter("agora_pad", |text: &str, width: usize| {
        format!("{text:>width$}")
    });
    env
}

/// A template from the folder (already canonical), or the embedded one.
fn load(dir: Option<&Path>, name: &str) -> Result<Option<String>, Error> {
    if let Some(dir) = dir {
        let relative = Path::new(name);
        let safe = relative
            .components()
            .all(|part| matches!(part, Component::Normal(_)));
        if !safe {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                format!(
                    "template name `{name}` leaves the templates folder; name a file inside it"
                ),
            ));
        }
        let path = dir.join(relative);
        match std::fs::symlink_metadata(&path) {
            Ok(_) => return read_inside(dir, &path, name).map(Some),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(unreadable(&path, &err)),
        }
    }
    Ok(embedded(name).map(str::to_string))
}

/// Reads a template that exists in the folder, when it is a plain file of
/// a sane size whose real place (links followed) is inside the folder.
fn read_inside(dir: &Path, path: &Path, name: &str) -> Result<String, Error> {
    let real = path.canonicalize().map_err(|err| unreadable(path, &err))?;
    if !real.starts_with(dir) {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            format!(
                "template `{name}` is a link to {}, outside the templates folder; \
                 copy the file into the folder instead",
                real.display()
            ),
        ));
    }
    let meta = std::fs::metadata(&real).map_err(|err| unreadable(path, &err))?;
    if !meta.is_file() {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            format!("template `{name}` is not a plain file"),
        ));
    }
    if meta.len() > MAX_TEMPLATE_BYTES {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            format!(
                "template `{name}` is {} bytes, over the limit of {MAX_TEMPLATE_BYTES}",
                meta.len()
            ),
        ));
    }
    std::fs::read_to_string(&real).map_err(|err| unreadable(path, &err))
}

fn unreadable(path: &Path, err: &std::io::Error) -> Error {
    Error::new(
        ErrorKind::InvalidOperation,
        format!("cannot read {}: {err}", path.display()),
    )
}

/// An argument beyond what a filter or function allows.
fn out_of_bounds(what: &str, value: usize, range: std::ops::RangeInclusive<usize>) -> Error {
    Error::new(
        ErrorKind::InvalidOperation,
        format!(
            "{what} {value} is out of bounds; use a value from {} to {}",
            range.start(),
            range.end()
        ),
    )
}

fn bounded(
    what: &str,
    value: usize,
    range: std::ops::RangeInclusive<usize>,
) -> Result<usize, Error> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(out_of_bounds(what, value, range))
    }
}

/// The style the render writes in: the context's `style`, else the
/// canonical one.
fn style(state: &State) -> Result<super::Style, Error> {
    use serde::Deserialize;
    match state.lookup("style") {
        Some(value) if !value.is_undefined() && !value.is_none() => {
            super::Style::deserialize(value).map_err(|err| {
                Error::new(
                    ErrorKind::InvalidOperation,
                    format!("`style` is not a style: {err}"),
                )
            })
        }
        _ => Ok(super::Style::default()),
    }
}

/// `{{ r.text | wrap }}`: Markdown to text in the render's `style`, wrapped
/// at its width (70 columns canonically) with a 6-space indent
/// (`wrap(72, 4)` to change either).
fn wrap(
    state: &State,
    md: &str,
    width: Option<usize>,
    indent: Option<usize>,
) -> Result<String, Error> {
    let style = style(state)?;
    let width = bounded("wrap width", width.unwrap_or(style.width), 1..=MAX_WIDTH)?;
    let indent = bounded("wrap indent", indent.unwrap_or(text::INDENT), 0..=MAX_WIDTH)?;
    let mut out = String::with_capacity(md.len() + md.len() / 8);
    text::wrap_markdown_into(md, &super::Style { width, ..style }, indent, &mut out);
    Ok(out)
}

/// `{{ r.number | pad }}`: `7` → `007` (`pad(4)` for four digits).
fn pad(number: u32, width: Option<usize>) -> Result<String, Error> {
    let width = bounded("pad width", width.unwrap_or(3), 0..=MAX_PAD)?;
    Ok(format!("{number:0width$}"))
}

/// `{{ ruler("-") }}`: a line of 70 of that character (`ruler("=", 72)`).
fn ruler(fill: &str, width: Option<usize>) -> Result<String, Error> {
    let width = bounded("ruler width", width.unwrap_or(text::WIDTH), 0..=MAX_WIDTH)?;
    bounded("ruler fill length", fill.chars().count(), 0..=MAX_FILL)?;
    Ok(fill.repeat(width))
}

/// `{{ text | indent(4) }}`: minijinja's filter (lines after the first
/// get `width` spaces; `indent(4, true)` the first too, `indent(4, false,
/// true)` blank lines too), with the width bounded.
fn indent(
    value: &str,
    width: Option<usize>,
    first: Option<bool>,
    blank: Option<bool>,
) -> Result<String, Error> {
    let width = bounded("indent width", width.unwrap_or(4), 0..=MAX_WIDTH)?;
    let margin = " ".repeat(width);
    let body = value.strip_suffix('\n').unwrap_or(value);
    let mut out = String::with_capacity(value.len());
    for (index, line) in body.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let indented =
            (index > 0 || first == Some(true)) && (!line.trim().is_empty() || blank == Some(true));
        if indented {
            out.push_str(&margin);
        }
        out.push_str(line);
    }
    Ok(out)
}

/// What templates see of a rule.
#[derive(Debug, Serialize)]
pub(super) struct RuleView<'a> {
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
pub(super) struct EntryView<'a> {
    pub source: &'a str,
    pub link: Option<&'a str>,
    pub kind: crate::model::HistoryKind,
}

#[derive(Debug, Serialize)]
pub(super) struct JudgmentView<'a> {
    pub source: &'a str,
    pub judge: Option<&'a str>,
}

impl<'a> RuleView<'a> {
    pub(super) fn new(rule: &'a Rule) -> RuleView<'a> {
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

    pub(super) fn value(rule: &'a Rule) -> Value {
        Value::from(minijinja::value::Serde(RuleView::new(rule)))
    }
}

/// A template error with the template's name and line; `template` names
/// the template being rendered when the error itself names none (a macro
/// missing from an override, for example).
pub(super) fn template_error(err: &Error, template: &str) -> RenderError {
    let mut message = err.kind().to_string();
    if let Some(detail) = err.detail() {
        message.push_str(": ");
        message.push_str(detail);
    }
    if let Some(help) = help(err.kind()) {
        message.push_str("; ");
        message.push_str(help);
    }
    RenderError::Template {
        name: err.name().unwrap_or(template).to_string(),
        line: err.line(),
        message,
    }
}

/// What to change, for the errors whose message does not say.
fn help(kind: ErrorKind) -> Option<&'static str> {
    Some(match kind {
        ErrorKind::OutOfFuel => {
            "the template runs too long: look for a loop or recursion that does not end"
        }
        ErrorKind::UndefinedError => {
            "templates see `title` and `rules` (each with number, revision, mutability, \
             marker, text, history, judgments); check the name"
        }
        ErrorKind::UnknownFilter | ErrorKind::UnknownFunction => {
            "nomic adds the filters wrap, plain, export, pad and indent and the function ruler \
             to minijinja's own"
        }
        ErrorKind::SyntaxError => "fix the template's syntax at that line",
        _ => return None,
    })
}

#[cfg(test)]
#[path = "sandbox_tests.rs"]
mod tests;
