//! The protocol's framing over byte streams (`Content-Length` headers and
//! JSON bodies). A frame that does not read as a message is answered with a
//! JSON-RPC error and reading goes on with the next frame; a body larger
//! than nomic's input limit is refused without being held.

use super::{server, LspError};
use crossbeam_channel::Sender;
use lsp_server::{Connection, ErrorCode, Message};
use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex, PoisonError};

/// The longest header line read.
const HEADER_LIMIT: u64 = 8 * 1024;

/// Serves a client over standard input and output until it exits.
pub fn serve_stdio() -> Result<(), LspError> {
    serve_streams(io::BufReader::new(io::stdin()), io::stdout())
}

/// Serves a client that writes to `input` and reads from `output` until it
/// exits or `input` ends.
pub fn serve_streams(
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) -> Result<(), LspError> {
    let (server_side, client_side) = Connection::memory();
    let output = Arc::new(Mutex::new(output));
    let reader = {
        let output = Arc::clone(&output);
        let to_server = client_side.sender;
        std::thread::spawn(move || read_frames(input, &to_server, &output))
    };
    let writer = {
        let output = Arc::clone(&output);
        let from_server = client_side.receiver;
        std::thread::spawn(move || -> io::Result<()> {
            for message in from_server {
                let mut out = output.lock().unwrap_or_else(PoisonError::into_inner);
                message.write(&mut *out)?;
            }
            Ok(())
        })
    };
    let served = server::serve(&server_side);
    drop(server_side);
    // The writer ends once every answer is written; the reader is left
    // to end with the input.
    let written = writer.join().unwrap_or(Ok(()));
    if reader.is_finished() {
        let _ = reader.join();
    }
    served?;
    written.map_err(LspError::Io)
}

/// Reads frames until the input ends or the server is gone.
fn read_frames<W: Write>(
    mut input: impl BufRead,
    to_server: &Sender<Message>,
    output: &Mutex<W>,
) -> io::Result<()> {
    loop {
        let body = match frame(&mut input) {
            Ok(Some(body)) => body,
            Ok(None) => return Ok(()),
            Err(Malformed::Io(err)) => return Err(err),
            Err(Malformed::Frame(reason)) => {
                answer(
                    output,
                    serde_json::Value::Null,
                    ErrorCode::ParseError,
                    &reason,
                )?;
                continue;
            }
        };
        match serde_json::from_slice::<Message>(&body) {
            Ok(message) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if to_server.send(message).is_err() || exit {
                    return Ok(());
                }
            }
            Err(err) => {
                let value = serde_json::from_slice::<serde_json::Value>(&body);
                let (id, code) = match &value {
                    Ok(value) => (request_id(value), ErrorCode::InvalidRequest),
                    Err(_) => (serde_json::Value::Null, ErrorCode::ParseError),
                };
                answer(output, id, code, &format!("not a JSON-RPC message: {err}"))?;
            }
        }
    }
}

/// The `id` of a message that did not read, when it has a usable one.
fn request_id(value: &serde_json::Value) -> serde_json::Value {
    match value.get("id") {
        Some(id @ (serde_json::Value::Number(_) | serde_json::Value::String(_))) => id.clone(),
        _ => serde_json::Value::Null,
    }
}

/// Writes an error response that no [`lsp_server::Response`] can carry (its
/// id may be null).
fn answer<W: Write>(
    output: &Mutex<W>,
    id: serde_json::Value,
    code: ErrorCode,
    message: &str,
) -> io::Result<()> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code as i32, "message": message },
    })
    .to_string();
    let mut out = output.lock().unwrap_or_else(PoisonError::into_inner);
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    out.flush()
}

/// Why a frame was not read.
enum Malformed {
    /// The input failed.
    Io(io::Error),
    /// The frame is not one: why.
    Frame(String),
}

/// The body of the next frame; `None` at the end of the input.
fn frame(input: &mut impl BufRead) -> Result<Option<Vec<u8>>, Malformed> {
    let mut length = None;
    let mut started = false;
    // A header that does not read is reported once its frame's headers
    // end, so that reading goes on with the next frame.
    let mut wrong: Option<String> = None;
    loop {
        let mut line = Vec::new();
        let read = input
            .by_ref()
            .take(HEADER_LIMIT)
            .read_until(b'\n', &mut line)
            .map_err(Malformed::Io)?;
        if read == 0 {
            return if started {
                Err(Malformed::Frame("the input ended inside a header".into()))
            } else {
                Ok(None)
            };
        }
        started = true;
        let Some(line) = line.strip_suffix(b"\r\n") else {
            wrong.get_or_insert_with(|| "a header line does not end in CRLF".to_string());
            continue;
        };
        if line.is_empty() {
            break;
        }
        let line = String::from_utf8_lossy(line);
        let Some((name, value)) = line.split_once(':') else {
            wrong.get_or_insert_with(|| format!("malformed header `{line}`"));
            continue;
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            let value = value.trim();
            match value
                .parse::<u64>()
                .ok()
                .filter(|&n| n <= crate::input::DEFAULT_LIMIT)
            {
                Some(parsed) => length = Some(parsed),
                None => {
                    wrong.get_or_insert_with(|| format!("unusable Content-Length `{value}`"));
                }
            }
        }
    }
    if let Some(wrong) = wrong {
        return Err(Malformed::Frame(wrong));
    }
    let Some(length) = length else {
        return Err(Malformed::Frame("a frame without Content-Length".into()));
    };
    let mut body = Vec::new();
    input
        .by_ref()
        .take(length)
        .read_to_end(&mut body)
        .map_err(Malformed::Io)?;
    if (body.len() as u64) < length {
        return Err(Malformed::Frame("the input ended inside a message".into()));
    }
    Ok(Some(body))
}
