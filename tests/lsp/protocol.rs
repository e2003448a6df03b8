//! The protocol around the features: the handshake, errors for what does
//! not read, and the framing over byte streams.

use crate::client::{repo, Client};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};

#[test]
fn requests_before_initialize_after_shutdown_and_unknown_are_refused() {
    let (server_side, client_side) = Connection::memory();
    let server = std::thread::spawn(move || nomic::lsp::serve(&server_side));
    let ask = |id: i32, method: &str, params: Value| {
        let request = Request::new(RequestId::from(id), method.to_string(), params);
        client_side.sender.send(request.into()).unwrap();
        loop {
            match client_side.receiver.recv().unwrap() {
                Message::Response(response) => return response.response_result,
                Message::Notification(_) => {}
                Message::Request(request) => panic!("unexpected {request:?}"),
            }
        }
    };
    let early = ask(1, "textDocument/hover", json!({})).unwrap_err();
    assert_eq!(early.code, ErrorCode::ServerNotInitialized as i32);
    let unreadable = ask(2, "initialize", json!({ "capabilities": 5 })).unwrap_err();
    assert_eq!(unreadable.code, ErrorCode::InvalidParams as i32);
    assert!(ask(3, "initialize", json!({ "capabilities": {} })).is_ok());
    let unknown = ask(4, "textDocument/teleport", json!({})).unwrap_err();
    assert_eq!(unknown.code, ErrorCode::MethodNotFound as i32);
    let bad = ask(5, "textDocument/hover", json!({ "position": "here" })).unwrap_err();
    assert_eq!(bad.code, ErrorCode::InvalidParams as i32);
    assert_eq!(ask(6, "shutdown", Value::Null).unwrap(), Value::Null);
    let late = ask(7, "textDocument/hover", json!({})).unwrap_err();
    assert_eq!(late.code, ErrorCode::InvalidRequest as i32);
    let exit = Notification::new("exit".to_string(), Value::Null);
    client_side.sender.send(exit.into()).unwrap();
    server.join().unwrap().unwrap();
}

#[test]
fn positions_out_of_range_and_unknown_documents_answer_nothing() {
    let mut client = Client::start(None);
    let uri = "file:///nowhere/rules.md";
    let text = std::fs::read_to_string(repo("tests/fixtures/lsp/game/rules.md")).unwrap();
    client.open_text(uri, &text);
    for (line, character) in [(9999, 0), (0, 9999), (u32::MAX, u32::MAX)] {
        let hover = client
            .at("textDocument/hover", uri, (line, character), json!({}))
            .unwrap();
        assert_eq!(hover, Value::Null);
    }
    let unknown = client
        .at(
            "textDocument/definition",
            "file:///nowhere/else.md",
            (0, 0),
            json!({}),
        )
        .unwrap();
    assert_eq!(unknown, Value::Null);
    // A document that is no ruleset: its reader's error, and no symbols.
    client.open_text("untitled:notes", "just some words\n");
    let diagnostics = client.diagnostics("untitled:notes");
    assert_eq!(diagnostics[0]["code"], "parse");
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": "untitled:notes" } }),
        )
        .unwrap();
    assert_eq!(symbols, Value::Null);
    client.stop();
}

/// One frame of the protocol.
fn frame(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

fn read_frame(from: &mut impl BufRead) -> Value {
    let mut length = 0;
    loop {
        let mut line = String::new();
        from.read_line(&mut line).unwrap();
        if line == "\r\n" {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    from.read_exact(&mut body).unwrap();
    serde_json::from_slice(&body).unwrap()
}

#[test]
fn malformed_frames_are_answered_with_errors_and_the_server_goes_on() {
    let mut input = String::new();
    input.push_str(&frame(
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
    ));
    input.push_str(&frame("{ this is not json"));
    input.push_str(&frame(r#"{"jsonrpc":"2.0","id":7,"method":5}"#));
    input.push_str("Content-Type: nothing\r\n\r\n");
    input.push_str("Content-Length: 99999999999999999999\r\n\r\n");
    input.push_str(&frame(r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#));
    input.push_str(&frame(r#"{"jsonrpc":"2.0","method":"exit"}"#));
    let (reader, writer) = std::io::pipe().unwrap();
    let server = std::thread::spawn(move || {
        nomic::lsp::serve_streams(
            BufReader::new(std::io::Cursor::new(input.into_bytes())),
            writer,
        )
    });
    let mut from = BufReader::new(reader);
    let answers: Vec<Value> = (0..6).map(|_| read_frame(&mut from)).collect();
    server.join().unwrap().unwrap();
    let by_id = |id: Value| answers.iter().filter(move |a| a["id"] == id);
    assert!(by_id(json!(1)).next().unwrap()["result"]["capabilities"].is_object());
    assert_eq!(by_id(json!(7)).next().unwrap()["error"]["code"], -32600);
    let parse_errors: Vec<&Value> = by_id(Value::Null).collect();
    assert_eq!(parse_errors.len(), 3, "{answers:?}");
    assert!(parse_errors.iter().all(|a| a["error"]["code"] == -32700));
    assert_eq!(by_id(json!(2)).next().unwrap()["result"], Value::Null);
    let mut rest = Vec::new();
    from.read_to_end(&mut rest).unwrap();
    assert!(rest.is_empty());
    let _ = std::io::stdout().flush();
}
