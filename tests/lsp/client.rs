//! A client in the test's thread, talking JSON-RPC to the server in
//! another thread over `lsp_server::Connection::memory()`.

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long an answer may take before the test fails (a hang is a failure).
const PATIENCE: Duration = Duration::from_secs(30);

pub(crate) struct Client {
    connection: Connection,
    server: Option<JoinHandle<Result<(), nomic::lsp::LspError>>>,
    next_id: i32,
    /// Notifications received while waiting for answers.
    pub(crate) notifications: Vec<Notification>,
}

/// A folder holding copies of fixtures, for one test.
pub(crate) struct Folder {
    pub(crate) dir: tempfile::TempDir,
}

impl Folder {
    /// A folder holding `files` (paths under the repository) at the given
    /// names.
    pub(crate) fn with(files: &[(&str, &str)]) -> Folder {
        let dir = tempfile::tempdir().unwrap();
        for (name, source) in files {
            let to = dir.path().join(name);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(repo(source), to).unwrap();
        }
        Folder { dir }
    }

    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub(crate) fn uri(&self, name: &str) -> String {
        url::Url::from_file_path(self.path(name))
            .unwrap()
            .to_string()
    }
}

/// A path in the repository.
pub(crate) fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

impl Client {
    /// A server that has been initialized with `root` as its folder.
    pub(crate) fn start(root: Option<&Path>) -> Client {
        let (server_side, client_side) = Connection::memory();
        let server = std::thread::spawn(move || nomic::lsp::serve(&server_side));
        let mut client = Client {
            connection: client_side,
            server: Some(server),
            next_id: 0,
            notifications: Vec::new(),
        };
        let root_uri = root.map(|root| url::Url::from_file_path(root).unwrap().to_string());
        let init = client.request(
            "initialize",
            json!({ "processId": null, "rootUri": root_uri, "capabilities": {} }),
        );
        assert!(init.unwrap()["capabilities"]["hoverProvider"] == json!(true));
        client.notify("initialized", json!({}));
        client
    }

    pub(crate) fn send(&self, message: Message) {
        self.connection.sender.send(message).unwrap();
    }

    pub(crate) fn notify(&self, method: &str, params: Value) {
        self.send(Notification::new(method.to_string(), params).into());
    }

    /// Sends a request and waits for its answer: the result, or the error.
    pub(crate) fn request(
        &mut self,
        method: &str,
        params: Value,
    ) -> Result<Value, lsp_server::ResponseError> {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Request::new(id.clone(), method.to_string(), params).into());
        self.response(&id).response_result
    }

    /// Waits for the answer to request `id`.
    pub(crate) fn response(&mut self, id: &RequestId) -> Response {
        loop {
            match self.connection.receiver.recv_timeout(PATIENCE) {
                Ok(Message::Response(response)) if &response.id == id => return response,
                Ok(Message::Notification(notification)) => self.notifications.push(notification),
                Ok(other) => panic!("unexpected message {other:?}"),
                Err(err) => panic!("no answer to request {id}: {err}"),
            }
        }
    }

    /// Opens a file of the folder as the editor does.
    pub(crate) fn open(&self, folder: &Folder, name: &str) -> String {
        let uri = folder.uri(name);
        let text = std::fs::read_to_string(folder.path(name)).unwrap();
        self.open_text(&uri, &text);
        uri
    }

    pub(crate) fn open_text(&self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "markdown", "version": 1, "text": text } }),
        );
    }

    pub(crate) fn change(&self, uri: &str, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
        );
    }

    /// The diagnostics last published for `uri` once the server has
    /// answered everything sent before (a request is a barrier).
    pub(crate) fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        self.request("workspace/symbol", json!({ "query": "no such rule name" }))
            .unwrap();
        let published = self
            .notifications
            .iter()
            .rev()
            .find(|n| n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri);
        let published = published.unwrap_or_else(|| panic!("no diagnostics for {uri}"));
        published.params["diagnostics"].as_array().unwrap().clone()
    }

    /// A request at a position of a document.
    pub(crate) fn at(
        &mut self,
        method: &str,
        uri: &str,
        (line, character): (u32, u32),
        extra: Value,
    ) -> Result<Value, lsp_server::ResponseError> {
        let mut params = json!({
            "textDocument": { "uri": uri },
            "position": { "line": line, "character": character },
        });
        if let (Value::Object(params), Value::Object(extra)) = (&mut params, extra) {
            params.extend(extra);
        }
        self.request(method, params)
    }

    /// Shuts the server down as an editor does; the server ends cleanly.
    pub(crate) fn stop(mut self) {
        assert_eq!(self.request("shutdown", Value::Null).unwrap(), Value::Null);
        self.notify("exit", Value::Null);
        let server = self.server.take().unwrap();
        server.join().unwrap().unwrap();
    }
}

/// The position (line, UTF-16 column) of the `nth` occurrence of `needle`
/// in `text`, plus `into` characters.
pub(crate) fn position_of(text: &str, needle: &str, nth: usize, into: u32) -> (u32, u32) {
    let at = text.match_indices(needle).nth(nth).unwrap().0;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count() as u32;
    let column: usize = text[line_start..at].chars().map(char::len_utf16).sum();
    (line, column as u32 + into)
}

/// Applies a document's text edits (`[{range, newText}]`) to its text.
pub(crate) fn apply_edits(text: &str, edits: &[Value]) -> String {
    let offset = |position: &Value| {
        let line = position["line"].as_u64().unwrap() as usize;
        let character = position["character"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        let rest = &text[start..];
        let mut units = 0;
        for (at, c) in rest.char_indices() {
            if units >= character || c == '\n' {
                return start + at;
            }
            units += c.len_utf16();
        }
        text.len()
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|edit| {
            (
                offset(&edit["range"]["start"]),
                offset(&edit["range"]["end"]),
                edit["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|(start, _, _)| std::cmp::Reverse(*start));
    let mut out = text.to_string();
    for (start, end, new) in spans {
        out.replace_range(start..end, &new);
    }
    out
}
