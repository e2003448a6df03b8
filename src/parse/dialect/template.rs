//! A rule template such as `## {id} - {title}`: it matches a rule's first
//! line and writes one back. Placeholders: `{id}`, `{title}`, `{revision}`,
//! `{mutability}`; everything else is literal.

use super::ident;
use crate::model::IdShape;

/// One piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Literal(String),
    Id,
    Title,
    Revision,
    Mutability,
}

/// A parsed template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
}

/// What a template read from a line, or what it writes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fields {
    /// The identifier as written.
    pub id: String,
    /// `{title}`, trimmed.
    pub title: Option<String>,
    /// `{revision}`.
    pub revision: Option<u32>,
    /// `{mutability}` as written (`Immutable`).
    pub mutability: Option<String>,
}

/// A template that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    /// No `{id}`, or more than one.
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
    /// Two placeholders with nothing between them cannot be told apart.
    #[error("the rule template `{0}` puts two placeholders side by side; separate them with literal text")]
    Adjacent(String),
}

impl Template {
    /// Parses a template; it needs exactly one `{id}`.
    pub fn parse(template: &str) -> Result<Template, TemplateError> {
        let mut pieces = Vec::new();
        let mut rest = template.trim_end();
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}').map(|c| open + c) else {
                break;
            };
            if open > 0 {
                pieces.push(Piece::Literal(rest[..open].to_string()));
            }
            let piece = match &rest[open + 1..close] {
                "id" => Piece::Id,
                "title" => Piece::Title,
                "revision" => Piece::Revision,
                "mutability" => Piece::Mutability,
                name => {
                    return Err(TemplateError::Unknown {
                        template: template.to_string(),
                        name: name.to_string(),
                    })
                }
            };
            if pieces
                .last()
                .is_some_and(|p| !matches!(p, Piece::Literal(_)))
            {
                return Err(TemplateError::Adjacent(template.to_string()));
            }
            pieces.push(piece);
            rest = &rest[close + 1..];
        }
        if !rest.is_empty() {
            pieces.push(Piece::Literal(rest.to_string()));
        }
        if pieces.iter().filter(|p| **p == Piece::Id).count() != 1 {
            return Err(TemplateError::NoId(template.to_string()));
        }
        Ok(Template { pieces })
    }

    /// The literal text before `{id}` (`## `, `**`, `- **Rule `).
    pub fn lead(&self) -> &str {
        match self.pieces.first() {
            Some(Piece::Literal(text)) => text,
            _ => "",
        }
    }

    /// The fields of `line` (trailing whitespace ignored), if it fits.
    pub fn matches(&self, line: &str, ids: &[IdShape]) -> Option<Fields> {
        let mut fields = Fields::default();
        fit(&self.pieces, line.trim_end(), ids, &mut fields).then_some(fields)
    }

    /// The line this template writes for `fields`.
    pub fn write(&self, fields: &Fields) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Literal(text) => out.push_str(text),
                Piece::Id => out.push_str(&fields.id),
                Piece::Title => out.push_str(fields.title.as_deref().unwrap_or("")),
                Piece::Revision => out.push_str(&fields.revision.unwrap_or(0).to_string()),
                Piece::Mutability => out.push_str(fields.mutability.as_deref().unwrap_or("")),
            }
        }
        out
    }
}

/// Whether `pieces` match all of `text`, filling `fields` (backtracking;
/// a title takes as much as it can).
fn fit(pieces: &[Piece], text: &str, ids: &[IdShape], fields: &mut Fields) -> bool {
    let Some((piece, rest)) = pieces.split_first() else {
        return text.is_empty();
    };
    match piece {
        Piece::Literal(literal) => text
            .strip_prefix(literal.as_str())
            .is_some_and(|after| fit(rest, after, ids, fields)),
        Piece::Id => {
            let token_len = text
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .unwrap_or(text.len());
            (1..=token_len).rev().any(|len| {
                let token = &text[..len];
                ident::shape_of(token, ids).is_some() && {
                    fields.id = token.to_string();
                    fit(rest, &text[len..], ids, fields)
                }
            })
        }
        Piece::Revision => {
            let len = text
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(text.len());
            (1..=len.min(9)).rev().any(|len| {
                fields.revision = text[..len].parse().ok();
                fit(rest, &text[len..], ids, fields)
            })
        }
        Piece::Title | Piece::Mutability => {
            let ends = text.char_indices().map(|(i, _)| i).skip(1);
            let mut ends: Vec<usize> = ends.chain(std::iter::once(text.len())).collect();
            ends.reverse();
            ends.into_iter().any(|end| {
                let value = text[..end].trim();
                if value.is_empty() {
                    return false;
                }
                if *piece == Piece::Title {
                    fields.title = Some(value.to_string());
                } else if value.chars().all(char::is_alphabetic) {
                    fields.mutability = Some(value.to_string());
                } else {
                    return false;
                }
                fit(rest, &text[end..], ids, fields)
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [IdShape; 4] = IdShape::ALL;

    #[test]
    fn one_template_reads_and_writes() {
        let cases = [
            (
                "## {id} - {title}",
                "## UC1 - Rule Proposal via Pull Request Only",
            ),
            (
                "**{id}** *{title}*",
                "**101** *Everyone needs a code they can live by*",
            ),
            ("# Rule {id}: {title}", "# Rule 1: Becoming a member"),
            ("### Rule {id}.", "### Rule -216."),
            ("- **Rule {id}: {title}**", "- **Rule 7: Voting**"),
            ("#### {id}: {title}", "#### 101: Obey"),
        ];
        for (template, line) in cases {
            let template = Template::parse(template).unwrap();
            let fields = template.matches(line, &ALL).unwrap();
            assert_eq!(template.write(&fields), line);
        }
    }

    #[test]
    fn fields_are_read() {
        let template = Template::parse("**{id}** *{title}*").unwrap();
        let fields = template
            .matches("**102** *Laying Down the Law* ", &ALL)
            .unwrap();
        assert_eq!(fields.id, "102");
        assert_eq!(fields.title.as_deref(), Some("Laying Down the Law"));
        let template = Template::parse("## {id}/{revision} ({mutability})").unwrap();
        let fields = template.matches("## 203/1 (Immutable)", &ALL).unwrap();
        assert_eq!(
            (fields.revision, fields.mutability.as_deref()),
            (Some(1), Some("Immutable"))
        );
        let template = Template::parse("## {id} - {title}").unwrap();
        assert!(template.matches("## Immutable Rules", &ALL).is_none());
        assert!(template
            .matches("## UC1 - T", &[IdShape::Integer])
            .is_none());
    }

    #[test]
    fn bad_templates_are_refused() {
        assert!(matches!(
            Template::parse("## {title}"),
            Err(TemplateError::NoId(_))
        ));
        assert!(matches!(
            Template::parse("## {id}{title}"),
            Err(TemplateError::Adjacent(_))
        ));
        assert!(matches!(
            Template::parse("## {ident}"),
            Err(TemplateError::Unknown { .. })
        ));
    }
}
