//! What is wrong in a document: `check`'s findings for a ruleset, what
//! `apply` would refuse for proposals (given the ruleset beside them), the
//! reader's error for a file that does not read.

use super::document::{Document, Kind};
use super::target::rules_for;
use super::workspace::Workspace;
use crate::amend::{self, ApplyOptions};
use crate::diagnostic::{Diagnostic, Severity};
use lsp_server::Notification;
use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{
    Diagnostic as LspDiagnostic, DiagnosticSeverity, NumberOrString, PublishDiagnosticsParams, Uri,
};

/// The diagnostics of an open document.
pub(crate) fn diagnostics(workspace: &mut Workspace, uri: &Uri) -> Vec<LspDiagnostic> {
    let Some(document) = workspace.get(uri) else {
        return Vec::new();
    };
    let proposals = match &document.kind {
        Kind::Ruleset(file) => return to_lsp(document, &file.findings),
        Kind::Unreadable(error) => return to_lsp(document, std::slice::from_ref(error)),
        Kind::Proposals(file) => match &file.proposals {
            Err(error) => return to_lsp(document, std::slice::from_ref(error)),
            Ok(proposals) => proposals.clone(),
        },
    };
    let refused = match rules_for(workspace, uri).and_then(Document::ruleset) {
        None => Some(
            Diagnostic::new(
                "proposal-ruleset",
                Severity::Warning,
                "no ruleset beside this proposal file: what `apply` would refuse is not known",
                0..0,
            )
            .with_help("keep the proposals in the ruleset's folder or in a folder inside it"),
        ),
        Some(rules) => amend::apply(&rules.parsed.ruleset, &proposals, &ApplyOptions::default())
            .err()
            .map(|err| err.to_diagnostic()),
    };
    match workspace.get(uri) {
        Some(document) => to_lsp(document, refused.as_slice()),
        None => Vec::new(),
    }
}

/// Findings as the protocol's diagnostics, the help after the message.
pub(crate) fn to_lsp(document: &Document, findings: &[Diagnostic]) -> Vec<LspDiagnostic> {
    findings
        .iter()
        .map(|finding| {
            let mut message = finding.message.clone();
            if let Some(help) = &finding.help {
                message.push_str("\nhelp: ");
                message.push_str(help);
            }
            LspDiagnostic {
                range: document.index.range(&document.text, &finding.span),
                severity: Some(match finding.severity {
                    Severity::Error => DiagnosticSeverity::ERROR,
                    Severity::Warning => DiagnosticSeverity::WARNING,
                    Severity::Note => DiagnosticSeverity::INFORMATION,
                }),
                code: Some(NumberOrString::String(finding.code.as_str().to_string())),
                source: Some("nomic".to_string()),
                message,
                ..LspDiagnostic::default()
            }
        })
        .collect()
}

/// The notification that sets a document's diagnostics.
pub(crate) fn publish(uri: Uri, diagnostics: Vec<LspDiagnostic>) -> Notification {
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version: None,
    };
    Notification::new(PublishDiagnostics::METHOD.to_string(), params)
}
