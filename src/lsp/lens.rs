//! A code lens above each rule: how many rules cite it (`refs`).

use super::workspace::Workspace;
use super::Refusal;
use lsp_types::{CodeLens, CodeLensParams, Command};

/// `cited by N` on each rule's heading.
pub(crate) fn lenses(
    workspace: &mut Workspace,
    params: CodeLensParams,
) -> Result<Option<Vec<CodeLens>>, Refusal> {
    let Some(document) = workspace.get(&params.text_document.uri) else {
        return Ok(None);
    };
    let Some(file) = document.ruleset() else {
        return Ok(None);
    };
    let lenses = file
        .sites
        .iter()
        .filter_map(|site| {
            let rule = file.rule(site.rule)?;
            let citing = file
                .graph
                .cited_by
                .get(&rule.number)
                .map_or(0, std::collections::BTreeSet::len);
            let plural = if citing == 1 { "rule" } else { "rules" };
            Some(CodeLens {
                range: document.index.range(&document.text, &site.heading),
                command: Some(Command {
                    title: format!("cited by {citing} {plural}"),
                    command: String::new(),
                    arguments: None,
                }),
                data: None,
            })
        })
        .collect();
    Ok(Some(lenses))
}
