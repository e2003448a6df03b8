//! A rule template such as `## {id} - {title}`: it matches a rule's first
//! line and writes one back. Placeholders: `{id}`, `{title}`, `{revision}`,
//! `{mutability}`, `{note}` (what a heading says beside the number, such as
//! `formerly 201`) and `{text}` (the rule's text starting on the same line,
//! last). `{? …}` is an optional part: some rules have it, some do not
//! (`### {id}{? ({note})}` reads `### 203` and `### 303 (formerly 201)`).
//! Everything else is literal.

use super::ident;
use crate::model::{Dialect, IdShape, Identifiers};

/// One piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Literal(String),
    Id,
    Title,
    Revision,
    Mutability,
    Note,
    Text,
    /// A tree drawing before a node (`|  |  `, `` `--> ``'s `|` columns):
    /// `|`, `` ` `` and spaces, ending in `|` or `` ` ``.
    Tree,
    /// A part some rules have and others do not.
    Optional(Vec<Piece>),
}

/// A parsed template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Template {
    pieces: Vec<Piece>,
    /// The dialect's alternative forms of a rule's first line
    /// ([`Dialect::alternatives`]): form 1, 2, … of [`Fields::form`].
    others: Vec<Template>,
}

/// What a template read from a line, or what it writes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Fields {
    /// The identifier as written.
    pub id: String,
    /// `{title}`, trimmed.
    pub title: Option<String>,
    /// `{revision}`.
    pub revision: Option<u32>,
    /// `{mutability}` as written (`Immutable`).
    pub mutability: Option<String>,
    /// `{note}`, trimmed.
    pub note: Option<String>,
    /// `{text}`: where on the line the rule's text starts (a byte offset),
    /// when read; the text's first line, when written.
    pub text: Option<TextStart>,
    /// Which form of the template the line fits, or is written in: 0 for
    /// the dialect's `rule`, n for its n-th alternative.
    pub form: usize,
    /// `{tree}`: the drawing before the node, as read or to be written
    /// (one `|` column per level above the node when none is given).
    pub tree: Option<String>,
}

/// The start of a rule's text on its first line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TextStart {
    /// Read: the text starts this many bytes into the line.
    At(usize),
    /// Written: the text's first line.
    Line(String),
}

/// A template that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    /// No `{id}`, or one inside an optional part.
    #[error("the rule template `{0}` has no `{{id}}`")]
    NoId(String),
    /// A placeholder that is not one of the four.
    #[error("the rule template `{template}` has an unknown placeholder `{{{name}}}`; expected id, title, revision or mutability")]
    Unknown {
        /// The template as written.
        template: String,
        /// The unknown placeholder's name, without braces.
        name: String,
    },
    /// `{text}` that is not the template's last piece.
    #[error("the rule template `{0}` has `{{text}}` before its end; the text on a rule's first line comes last")]
    TextNotLast(String),
    /// An optional part `{? …}` that does not close.
    #[error("the rule template `{0}` opens an optional part `{{? …}}` that does not close")]
    OpenOptional(String),
    /// Two placeholders with nothing between them cannot be told apart.
    #[error("the rule template `{0}` puts two placeholders side by side; separate them with literal text")]
    Adjacent(String),
    /// With identifiers from the table of contents, a template that is no
    /// heading or writes an `{id}`.
    #[error("the rule template `{0}` must be a heading without `{{id}}` or `{{text}}` (`## {{title}}`): the identifiers are in the table of contents")]
    ContentsHeading(String),
}

impl Template {
    /// Parses a template; it needs an `{id}`, outside any optional part.
    /// A second `{id}` (a link to the rule's own page,
    /// `[#{id}](rules/rule{id}.md)`) reads the same identifier again.
    pub(crate) fn parse(template: &str) -> Result<Template, TemplateError> {
        let (pieces, rest) = pieces(template.trim_end(), template, false)?;
        debug_assert!(rest.is_empty());
        if !pieces.contains(&Piece::Id) || nested_id(&pieces) {
            return Err(TemplateError::NoId(template.to_string()));
        }
        let text_at = flat(&pieces).iter().position(|p| **p == Piece::Text);
        if text_at.is_some_and(|at| at + 1 != flat(&pieces).len()) {
            return Err(TemplateError::TextNotLast(template.to_string()));
        }
        Ok(Template {
            pieces,
            others: Vec::new(),
        })
    }

    /// Parses a dialect's template: with identifiers from the table of
    /// contents ([`Identifiers::Contents`]) it is a heading with no `{id}`,
    /// else as [`Template::parse`] reads it.
    pub(crate) fn of(dialect: &Dialect) -> Result<Template, TemplateError> {
        if dialect.identifiers == Identifiers::Written {
            let mut template = Template::parse(&dialect.rule)?;
            template.others = dialect
                .alternatives
                .iter()
                .map(|form| Template::parse(form))
                .collect::<Result<_, _>>()?;
            return Ok(template);
        }
        let rule = &dialect.rule;
        let refused = || TemplateError::ContentsHeading(rule.clone());
        let (pieces, _) = pieces(rule.trim_end(), rule, false)?;
        if flat(&pieces)
            .iter()
            .any(|piece| matches!(piece, Piece::Id | Piece::Text))
        {
            return Err(refused());
        }
        let template = Template {
            pieces,
            others: Vec::new(),
        };
        template.heading_marker().ok_or_else(refused)?;
        Ok(template)
    }

    /// The `#`s of an ATX heading template (`## {title}`), if it is one.
    pub(crate) fn heading_marker(&self) -> Option<usize> {
        let lead = self.lead();
        let hashes = lead.bytes().take_while(|b| *b == b'#').count();
        ((1..=6).contains(&hashes) && lead[hashes..].starts_with([' ', '\t'])).then_some(hashes)
    }

    /// The fields of a heading `line` of any level whose text fits this
    /// heading template's text (`### Precedence` fits `## {title}`).
    pub(crate) fn matches_at_any_level(&self, line: &str, ids: &[IdShape]) -> Option<Fields> {
        let hashes = self.heading_marker()?;
        let mut pieces = self.pieces.clone();
        match self.lead()[hashes..].trim_start() {
            "" => drop(pieces.remove(0)),
            bare => pieces[0] = Piece::Literal(bare.to_string()),
        }
        let text = line.trim_start_matches('#').trim_start();
        let mut fields = Fields::default();
        fit(&pieces, text.trim_end(), ids, &mut fields).then_some(fields)
    }

    /// Whether every rule's first line has a `{title}` (not an optional one).
    pub(crate) fn requires_title(&self) -> bool {
        self.pieces.contains(&Piece::Title)
    }

    /// Whether the rules are nodes of a tree drawing (`{tree}`).
    pub(crate) fn has_tree(&self) -> bool {
        flat(&self.pieces).contains(&&Piece::Tree)
    }

    /// Whether the rule's text starts on its first line (`{text}`).
    pub(crate) fn has_text(&self) -> bool {
        flat(&self.pieces).contains(&&Piece::Text)
    }

    /// The literal text before `{id}` (`## `, `**`, `- **Rule `).
    pub(crate) fn lead(&self) -> &str {
        match self.pieces.first() {
            Some(Piece::Literal(text)) => text,
            _ => "",
        }
    }

    /// The template of a heading without its marker (`### Rule {id}:
    /// {title}` → `Rule {id}: {title}`): None unless it is an ATX heading
    /// with literal text left before the identifier (`Rule `, `**`), so
    /// that a plain number at the start of a line never fits it.
    pub(crate) fn without_heading_marker(&self) -> Option<Template> {
        let lead = self.lead();
        let hashes = lead.bytes().take_while(|b| *b == b'#').count();
        let bare = lead[hashes..].trim_start();
        if !(1..=6).contains(&hashes) || bare.len() == lead.len() - hashes || bare.is_empty() {
            return None;
        }
        let mut pieces = self.pieces.clone();
        pieces[0] = Piece::Literal(bare.to_string());
        Some(Template {
            pieces,
            others: Vec::new(),
        })
    }

    /// The optional parts `{? …}`, each named by its placeholder (`note`,
    /// `title`, …) or, for punctuation alone (`{?.}`), by its text.
    pub(crate) fn optional_parts(&self) -> Vec<(bool, String)> {
        self.pieces
            .iter()
            .filter_map(|piece| match piece {
                Piece::Optional(inner) => Some(inner),
                _ => None,
            })
            .map(|inner| {
                let named = flat(inner).into_iter().find_map(|piece| match piece {
                    Piece::Title => Some("title"),
                    Piece::Revision => Some("revision"),
                    Piece::Mutability => Some("mutability"),
                    Piece::Note => Some("note"),
                    Piece::Text => Some("text"),
                    _ => None,
                });
                match named {
                    Some(name) => (true, name.to_string()),
                    None => {
                        let mut literal = String::new();
                        write_pieces(inner, &Fields::default(), &mut literal);
                        (false, literal)
                    }
                }
            })
            .collect()
    }

    /// The fields of `line` (trailing whitespace ignored), if it fits
    /// the template or one of its alternative forms (the first that fits).
    pub(crate) fn matches(&self, line: &str, ids: &[IdShape]) -> Option<Fields> {
        let forms = std::iter::once(self).chain(&self.others);
        forms.enumerate().find_map(|(form, template)| {
            let mut fields = Fields {
                form,
                ..Fields::default()
            };
            fit(&template.pieces, line.trim_end(), ids, &mut fields).then_some(fields)
        })
    }

    /// The form `n` of the template (0: itself; n: its n-th alternative;
    /// itself for a form it does not have).
    pub(crate) fn form(&self, n: usize) -> &Template {
        n.checked_sub(1)
            .and_then(|at| self.others.get(at))
            .unwrap_or(self)
    }

    /// The line this template writes for `fields`, in their form.
    pub(crate) fn write(&self, fields: &Fields) -> String {
        let mut out = String::new();
        write_pieces(&self.form(fields.form).pieces, fields, &mut out);
        out
    }
}

/// Reads pieces up to the end of `text` (or the `}` closing an optional
/// part when `inside`); returns them with what follows.
fn pieces<'t>(
    mut rest: &'t str,
    template: &str,
    inside: bool,
) -> Result<(Vec<Piece>, &'t str), TemplateError> {
    let mut pieces = Vec::new();
    let mut literal = String::new();
    loop {
        let next = rest.find(['{', '}']);
        let Some(at) = next else {
            if inside {
                return Err(TemplateError::OpenOptional(template.to_string()));
            }
            literal.push_str(rest);
            push_literal(&mut pieces, &mut literal);
            return Ok((pieces, ""));
        };
        literal.push_str(&rest[..at]);
        if rest[at..].starts_with('}') {
            if inside {
                push_literal(&mut pieces, &mut literal);
                return Ok((pieces, &rest[at + 1..]));
            }
            literal.push('}');
            rest = &rest[at + 1..];
            continue;
        }
        let after = &rest[at + 1..];
        if let Some(optional) = after.strip_prefix('?') {
            push_literal(&mut pieces, &mut literal);
            let (inner, after) = self::pieces(optional, template, true)?;
            pieces.push(Piece::Optional(inner));
            rest = after;
            continue;
        }
        let Some(close) = after.find('}') else {
            literal.push_str(&rest[at..]);
            rest = "";
            continue;
        };
        let piece = match &after[..close] {
            "id" => Piece::Id,
            "title" => Piece::Title,
            "revision" => Piece::Revision,
            "mutability" => Piece::Mutability,
            "note" => Piece::Note,
            "text" => Piece::Text,
            "tree" => Piece::Tree,
            name => {
                return Err(TemplateError::Unknown {
                    template: template.to_string(),
                    name: name.to_string(),
                })
            }
        };
        push_literal(&mut pieces, &mut literal);
        if pieces
            .last()
            .is_some_and(|p| !matches!(p, Piece::Literal(_)))
        {
            return Err(TemplateError::Adjacent(template.to_string()));
        }
        pieces.push(piece);
        rest = &after[close + 1..];
    }
}

fn push_literal(pieces: &mut Vec<Piece>, literal: &mut String) {
    if !literal.is_empty() {
        pieces.push(Piece::Literal(std::mem::take(literal)));
    }
}

/// Every piece, optional parts opened, in order.
fn flat(pieces: &[Piece]) -> Vec<&Piece> {
    pieces
        .iter()
        .flat_map(|piece| match piece {
            Piece::Optional(inner) => flat(inner),
            piece => vec![piece],
        })
        .collect()
}

/// Whether `{id}` sits inside an optional part (a rule always has one).
fn nested_id(pieces: &[Piece]) -> bool {
    pieces.iter().any(|piece| match piece {
        Piece::Optional(inner) => flat(inner).contains(&&Piece::Id),
        _ => false,
    })
}

/// Whether `fields` give a value to a placeholder of `pieces` (an optional
/// part is written when they do).
fn has_value(pieces: &[Piece], fields: &Fields) -> bool {
    let literal = |piece: &&Piece| matches!(piece, Piece::Literal(_));
    // Punctuation alone (`{?.}`) is written: the form most rules have.
    if flat(pieces).iter().all(literal) {
        return true;
    }
    flat(pieces).iter().any(|piece| match piece {
        Piece::Title => fields.title.is_some(),
        Piece::Revision => fields.revision.is_some(),
        Piece::Mutability => fields.mutability.is_some(),
        Piece::Note => fields.note.is_some(),
        Piece::Text => matches!(&fields.text, Some(TextStart::Line(line)) if !line.is_empty()),
        _ => false,
    })
}

fn write_pieces(pieces: &[Piece], fields: &Fields, out: &mut String) {
    for piece in pieces {
        match piece {
            Piece::Literal(text) => out.push_str(text),
            // The node's own drawing, else one `|` column per level above
            // the node: the drawing of the file's other rules is kept as it is.
            Piece::Tree => match &fields.tree {
                Some(drawing) => out.push_str(drawing),
                None => out.push_str(&super::tree::drawing(&fields.id)),
            },
            Piece::Id => out.push_str(&fields.id),
            Piece::Title => out.push_str(fields.title.as_deref().unwrap_or("")),
            Piece::Revision => out.push_str(&fields.revision.unwrap_or(0).to_string()),
            Piece::Mutability => out.push_str(fields.mutability.as_deref().unwrap_or("")),
            Piece::Note => out.push_str(fields.note.as_deref().unwrap_or("")),
            Piece::Text => {
                if let Some(TextStart::Line(line)) = &fields.text {
                    out.push_str(line);
                }
            }
            Piece::Optional(inner) => {
                if has_value(inner, fields) {
                    write_pieces(inner, fields, out);
                }
            }
        }
    }
}

/// Whether `pieces` match all of `text`, filling `fields` (backtracking;
/// a title takes as much as it can).
fn fit(pieces: &[Piece], text: &str, ids: &[IdShape], fields: &mut Fields) -> bool {
    fit_at(pieces, text, text.len(), ids, fields)
}

/// [`fit`] on the rest of a line of `line_len` bytes (`{text}` records
/// where on the line it starts).
fn fit_at(
    pieces: &[Piece],
    text: &str,
    line_len: usize,
    ids: &[IdShape],
    fields: &mut Fields,
) -> bool {
    let fit = |pieces: &[Piece], text: &str, fields: &mut Fields| {
        fit_at(pieces, text, line_len, ids, fields)
    };
    let Some((piece, rest)) = pieces.split_first() else {
        return text.is_empty();
    };
    match piece {
        Piece::Optional(inner) => {
            let mut with: Vec<Piece> = inner.clone();
            with.extend_from_slice(rest);
            let saved = fields.clone();
            if fit(&with, text, fields) {
                return true;
            }
            *fields = saved;
            fit(rest, text, fields)
        }
        Piece::Tree => {
            let len = text
                .find(|c: char| !matches!(c, '|' | '`' | ' '))
                .unwrap_or(text.len());
            (1..=len).rev().any(|len| {
                fields.tree = Some(text[..len].to_string());
                text[..len].ends_with(['|', '`']) && fit(rest, &text[len..], fields)
            })
        }
        Piece::Text => {
            let value = text.trim_start();
            if value.is_empty() {
                return false;
            }
            fields.text = Some(TextStart::At(line_len - value.len()));
            fit(rest, "", fields)
        }
        Piece::Literal(literal) => text
            .strip_prefix(literal.as_str())
            .is_some_and(|after| fit(rest, after, fields)),
        // The identifier again: as read the first time.
        Piece::Id if !fields.id.is_empty() => {
            let id = fields.id.clone();
            text.strip_prefix(id.as_str())
                .is_some_and(|after| fit(rest, after, fields))
        }
        Piece::Id => {
            let token_len = text
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
                .unwrap_or(text.len());
            (1..=token_len).rev().any(|len| {
                let token = &text[..len];
                ident::shape_of(token, ids).is_some() && {
                    fields.id = token.to_string();
                    fit(rest, &text[len..], fields)
                }
            })
        }
        Piece::Revision => {
            let len = text
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(text.len());
            (1..=len.min(9)).rev().any(|len| {
                fields.revision = text[..len].parse().ok();
                fit(rest, &text[len..], fields)
            })
        }
        Piece::Title | Piece::Mutability | Piece::Note => {
            let ends = text.char_indices().map(|(i, _)| i).skip(1);
            let mut ends: Vec<usize> = ends.chain(std::iter::once(text.len())).collect();
            // A title or note takes as much as it can, but one followed by
            // the rule's text ends at its first closing mark.
            if !flat(rest).contains(&&Piece::Text) {
                ends.reverse();
            }
            ends.into_iter().any(|end| {
                let value = text[..end].trim();
                if value.is_empty() {
                    return false;
                }
                match piece {
                    Piece::Title => fields.title = Some(value.to_string()),
                    Piece::Note => fields.note = Some(value.to_string()),
                    _ if value.chars().all(char::is_alphabetic) => {
                        fields.mutability = Some(value.to_string());
                    }
                    _ => return false,
                }
                fit(rest, &text[end..], fields)
            })
        }
    }
}

#[cfg(test)]
#[path = "template_tests.rs"]
mod tests;
