//! One folding range per rule, from its heading to its last line of text.

use super::workspace::Workspace;
use super::Refusal;
use lsp_types::{FoldingRange, FoldingRangeKind, FoldingRangeParams};

/// The rules of a document as folding ranges.
pub(crate) fn ranges(
    workspace: &mut Workspace,
    params: FoldingRangeParams,
) -> Result<Option<Vec<FoldingRange>>, Refusal> {
    let Some(document) = workspace.get(&params.text_document.uri) else {
        return Ok(None);
    };
    let Some(file) = document.ruleset() else {
        return Ok(None);
    };
    let ranges = file
        .sites
        .iter()
        .filter_map(|site| {
            let source = document.text.get(site.span.clone())?;
            let last = site.span.start + source.trim_end().len();
            let (start, end) = (
                document.index.line(site.heading.start),
                document.index.line(last),
            );
            (end > start).then(|| FoldingRange {
                start_line: start,
                end_line: end,
                kind: Some(FoldingRangeKind::Region),
                ..FoldingRange::default()
            })
        })
        .collect();
    Ok(Some(ranges))
}
