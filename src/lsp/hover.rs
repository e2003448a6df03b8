//! Hover on a citation or a heading's number: the rule's number, title,
//! revision, mutability (or power) and text, and its latest history entry.

use super::target::{self, rules_for};
use super::workspace::Workspace;
use super::Refusal;
use crate::model::Rule;
use lsp_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};

/// The hover at a position.
pub(crate) fn hover(
    workspace: &mut Workspace,
    params: HoverParams,
) -> Result<Option<Hover>, Refusal> {
    let at = &params.text_document_position_params;
    let Some(target) = target::at(workspace, at) else {
        return Ok(None);
    };
    let range = workspace
        .get(&at.text_document.uri)
        .map(|document| document.index.range(&document.text, &target.span));
    let Some(rules) = rules_for(workspace, &at.text_document.uri).and_then(|d| d.ruleset()) else {
        return Ok(None);
    };
    let value = match rules.site_of(target.number) {
        Some((_, rule)) => describe(rule),
        None => format!("**Rule {}** is not in the ruleset", target.number),
    };
    Ok(Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range,
    }))
}

/// A rule, for people: its heading's facts, its text, its latest history.
pub(crate) fn describe(rule: &Rule) -> String {
    let mut heading = format!("**Rule {}", rule.label());
    if let Some(revision) = rule.revision {
        heading.push_str(&format!("/{revision}"));
    }
    heading.push_str("**");
    let agora = rule.agora.as_deref();
    let title = rule.title.as_deref().or(agora.map(|a| a.title.as_str()));
    if let Some(title) = title.filter(|t| !t.is_empty()) {
        heading.push_str(&format!(" {title}"));
    }
    match agora.and_then(|a| a.power.as_ref()) {
        Some(power) => heading.push_str(&format!(" (power {})", power.as_str())),
        None => heading.push_str(&format!(" ({})", rule.mutability)),
    }
    let mut value = format!("{heading}\n\n{}\n", rule.text.trim_end());
    if let Some(last) = rule.history.last() {
        value.push_str(&format!(
            "\n---\n*Latest history:* {}\n",
            last.source.trim()
        ));
    }
    value
}
