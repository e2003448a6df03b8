//! How fast `nomic lsp` answers on Agora's published FLR (the largest real
//! ruleset in the fixtures): each request's round trip through the
//! server's JSON-RPC loop, after the first read of the document; and an
//! edit, which reads the document again and publishes its diagnostics.

use criterion::{criterion_group, criterion_main, Criterion};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::path::Path;

/// The client end of a server in another thread.
struct Client {
    connection: Connection,
    next_id: i32,
}

impl Client {
    fn request(&mut self, method: &str, params: &Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let request = Request::new(id.clone(), method.to_string(), params.clone());
        self.connection.sender.send(request.into()).unwrap();
        loop {
            match self.connection.receiver.recv().unwrap() {
                Message::Response(response) if response.id == id => {
                    return response.response_result.expect("the request is answered");
                }
                _ => {}
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        let notification = Notification::new(method.to_string(), params);
        self.connection.sender.send(notification.into()).unwrap();
    }

    /// Waits for the diagnostics that follow an edit.
    fn diagnostics(&self) {
        loop {
            if let Message::Notification(n) = self.connection.receiver.recv().unwrap() {
                if n.method == "textDocument/publishDiagnostics" {
                    return;
                }
            }
        }
    }
}

fn lsp(c: &mut Criterion) {
    let source =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/agora/published/flr.txt");
    let text = std::fs::read_to_string(&source).expect("the FLR fixture");
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("flr.txt");
    std::fs::write(&path, &text).unwrap();
    let uri = url::Url::from_file_path(&path).unwrap().to_string();

    let (server_side, client_side) = Connection::memory();
    let server = std::thread::spawn(move || nomic::lsp::serve(&server_side));
    let mut client = Client {
        connection: client_side,
        next_id: 0,
    };
    let root = url::Url::from_file_path(folder.path()).unwrap().to_string();
    client.request(
        "initialize",
        &json!({ "rootUri": root, "capabilities": {} }),
    );
    client.notify("initialized", json!({}));
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "text", "version": 1, "text": text } }),
    );
    client.diagnostics();

    // A citation (`R1030` in rule 1030's annotations) and a heading.
    let position = |needle: &str, into: u32| {
        let at = text.find(needle).unwrap();
        let line = text[..at].matches('\n').count();
        let column = at - text[..at].rfind('\n').map_or(0, |i| i + 1);
        json!({ "line": line, "character": column as u32 + into })
    };
    let citation = position("(currently R1030)", 12);
    let heading = position("Rule 2152/", 6);
    let document = json!({ "uri": uri });
    let at = |position: &Value| json!({ "textDocument": document, "position": position });
    let whole =
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 99999, "character": 0 } });
    let requests: Vec<(&str, &str, Value)> = vec![
        ("hover", "textDocument/hover", at(&citation)),
        ("definition", "textDocument/definition", at(&citation)),
        (
            "references",
            "textDocument/references",
            json!({ "textDocument": document, "position": heading, "context": { "includeDeclaration": true } }),
        ),
        (
            "document symbols",
            "textDocument/documentSymbol",
            json!({ "textDocument": document }),
        ),
        (
            "workspace symbols",
            "workspace/symbol",
            json!({ "query": "rule" }),
        ),
        (
            "completion",
            "textDocument/completion",
            at(&position("Rule 2152/", 5)),
        ),
        (
            "code lens",
            "textDocument/codeLens",
            json!({ "textDocument": document }),
        ),
        (
            "folding",
            "textDocument/foldingRange",
            json!({ "textDocument": document }),
        ),
        (
            "code actions (whole file)",
            "textDocument/codeAction",
            json!({ "textDocument": document, "range": whole, "context": { "diagnostics": [] } }),
        ),
        (
            "formatting",
            "textDocument/formatting",
            json!({ "textDocument": document, "options": { "tabSize": 4, "insertSpaces": true } }),
        ),
        (
            "rename",
            "textDocument/rename",
            json!({ "textDocument": document, "position": heading, "newName": "2999" }),
        ),
    ];
    let mut group = c.benchmark_group("lsp on the FLR");
    for (name, method, params) in &requests {
        group.bench_function(*name, |b| b.iter(|| client.request(method, params)));
    }
    let mut version = 1;
    group.bench_function("edit, read again and diagnosed", |b| {
        b.iter(|| {
            version += 1;
            client.notify(
                "textDocument/didChange",
                json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
            );
            client.diagnostics();
        });
    });
    group.finish();
    client.request("shutdown", &Value::Null);
    client.notify("exit", Value::Null);
    server.join().unwrap().unwrap();
}

criterion_group!(benches, lsp);
criterion_main!(benches);
