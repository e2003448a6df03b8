//! The loop: the handshake, then each message in turn, answered from the
//! workspace. Parameters that do not read are answered with
//! `InvalidParams`, unknown requests with `MethodNotFound`.

use super::workspace::{file_path, Workspace};
use super::{
    actions, completion, diagnostics, folding, formatting, hover, lens, navigation, rename,
    symbols, LspError, Refusal,
};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as notify, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CodeActionProviderCapability, CodeLensOptions, CompletionOptions, HoverProviderCapability,
    InitializeParams, InitializeResult, OneOf, RenameOptions, SaveOptions, ServerCapabilities,
    ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Serves the client at the other end of `connection` until it sends
/// `exit` (after `shutdown`, or not) or goes away.
pub fn serve(connection: &Connection) -> Result<(), LspError> {
    let mut server = Server {
        connection,
        workspace: None,
        shut_down: false,
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => server.request(request)?,
            Message::Notification(notification) if notification.method == notify::Exit::METHOD => {
                return Ok(());
            }
            Message::Notification(notification) => server.notification(notification)?,
            Message::Response(_) => {}
        }
    }
    Err(LspError::Disconnected)
}

/// The loop's state.
struct Server<'c> {
    connection: &'c Connection,
    /// `None` until `initialize`.
    workspace: Option<Workspace>,
    shut_down: bool,
}

impl Server<'_> {
    fn send(&self, message: Message) -> Result<(), LspError> {
        self.connection
            .sender
            .send(message)
            .map_err(|_| LspError::Disconnected)
    }

    fn refuse(&self, id: RequestId, code: ErrorCode, message: String) -> Result<(), LspError> {
        self.send(Response::new_err(id, code as i32, message).into())
    }

    fn request(&mut self, request: Request) -> Result<(), LspError> {
        if request.method == req::Initialize::METHOD {
            return self.initialize(request);
        }
        if self.shut_down {
            let message = format!("{} after shutdown", request.method);
            return self.refuse(request.id, ErrorCode::InvalidRequest, message);
        }
        let Some(workspace) = self.workspace.as_mut() else {
            let message = format!("{} before initialize", request.method);
            return self.refuse(request.id, ErrorCode::ServerNotInitialized, message);
        };
        let id = request.id.clone();
        let answer = match request.method.as_str() {
            req::Shutdown::METHOD => {
                self.shut_down = true;
                Ok(serde_json::Value::Null)
            }
            req::HoverRequest::METHOD => answer(workspace, request, hover::hover),
            req::GotoDefinition::METHOD => answer(workspace, request, navigation::definition),
            req::References::METHOD => answer(workspace, request, navigation::references),
            req::DocumentSymbolRequest::METHOD => answer(workspace, request, symbols::document),
            req::WorkspaceSymbolRequest::METHOD => answer(workspace, request, symbols::workspace),
            req::PrepareRenameRequest::METHOD => answer(workspace, request, rename::prepare),
            req::Rename::METHOD => answer(workspace, request, rename::rename),
            req::Completion::METHOD => answer(workspace, request, completion::complete),
            req::CodeActionRequest::METHOD => answer(workspace, request, actions::actions),
            req::CodeLensRequest::METHOD => answer(workspace, request, lens::lenses),
            req::FoldingRangeRequest::METHOD => answer(workspace, request, folding::ranges),
            req::Formatting::METHOD => answer(workspace, request, formatting::format),
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("nomic lsp does not answer {}", request.method),
            )),
        };
        let response = match answer {
            Ok(value) => Response {
                id,
                response_result: Ok(value),
            },
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(response.into())
    }

    fn initialize(&mut self, request: Request) -> Result<(), LspError> {
        if self.workspace.is_some() {
            let message = "initialize was already received".to_string();
            return self.refuse(request.id, ErrorCode::InvalidRequest, message);
        }
        let params: InitializeParams = match serde_json::from_value(request.params) {
            Ok(params) => params,
            Err(err) => {
                let message = format!("unreadable initialize parameters: {err}");
                return self.refuse(request.id, ErrorCode::InvalidParams, message);
            }
        };
        let folder = params.workspace_folders.as_ref().and_then(|f| f.first());
        #[allow(deprecated)] // root_uri is what older clients send
        let root = folder.map(|f| &f.uri).or(params.root_uri.as_ref());
        self.workspace = Some(Workspace::new(root.and_then(file_path)));
        let result = InitializeResult {
            capabilities: capabilities(),
            server_info: Some(ServerInfo {
                name: "nomic".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
        };
        self.send(Response::new_ok(request.id, result).into())
    }

    fn notification(&mut self, notification: Notification) -> Result<(), LspError> {
        let Some(workspace) = self.workspace.as_mut() else {
            return Ok(());
        };
        let method = notification.method.clone();
        let changed: Option<Uri> = match method.as_str() {
            notify::DidOpenTextDocument::METHOD => {
                read::<notify::DidOpenTextDocument>(notification).map(|params| {
                    let document = params.text_document;
                    workspace.set(&document.uri, document.text);
                    document.uri
                })
            }
            notify::DidChangeTextDocument::METHOD => {
                read::<notify::DidChangeTextDocument>(notification).and_then(|mut params| {
                    // Full synchronization: the last change is the whole text.
                    let text = params.content_changes.pop()?.text;
                    workspace.set(&params.text_document.uri, text);
                    Some(params.text_document.uri)
                })
            }
            notify::DidSaveTextDocument::METHOD => {
                read::<notify::DidSaveTextDocument>(notification).and_then(|params| {
                    let text = params.text?;
                    workspace.set(&params.text_document.uri, text);
                    Some(params.text_document.uri)
                })
            }
            notify::DidCloseTextDocument::METHOD => {
                if let Some(params) = read::<notify::DidCloseTextDocument>(notification) {
                    workspace.close(&params.text_document.uri);
                    let cleared = diagnostics::publish(params.text_document.uri, Vec::new());
                    return self.send(cleared.into());
                }
                None
            }
            notify::DidChangeWatchedFiles::METHOD => {
                if let Some(params) = read::<notify::DidChangeWatchedFiles>(notification) {
                    for change in params.changes {
                        workspace.forget(&change.uri);
                    }
                }
                None
            }
            _ => None,
        };
        if changed.is_none() {
            return Ok(());
        }
        // A change of a ruleset changes what its proposals' refusals are:
        // every open document is diagnosed again.
        let mut messages = Vec::new();
        for uri in workspace.open_uris() {
            let found = diagnostics::diagnostics(workspace, &uri);
            messages.push(diagnostics::publish(uri, found));
        }
        for message in messages {
            self.send(message.into())?;
        }
        Ok(())
    }
}

/// A notification's parameters; `None` when they do not read (a
/// notification has no answer to carry the error).
fn read<N: notify::Notification>(notification: Notification) -> Option<N::Params>
where
    N::Params: DeserializeOwned,
{
    serde_json::from_value(notification.params).ok()
}

/// The answer of `handler` to a request of its kind, as JSON.
fn answer<P: DeserializeOwned, R: Serialize>(
    workspace: &mut Workspace,
    request: Request,
    handler: fn(&mut Workspace, P) -> Result<R, Refusal>,
) -> Result<serde_json::Value, (ErrorCode, String)> {
    let params: P = serde_json::from_value(request.params).map_err(|err| {
        (
            ErrorCode::InvalidParams,
            format!("unreadable {} parameters: {err}", request.method),
        )
    })?;
    let result =
        handler(workspace, params).map_err(|Refusal(why)| (ErrorCode::RequestFailed, why))?;
    serde_json::to_value(result).map_err(|err| (ErrorCode::InternalError, err.to_string()))
}

/// What the server answers.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(true),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: lsp_types::WorkDoneProgressOptions::default(),
        })),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".to_string()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}
