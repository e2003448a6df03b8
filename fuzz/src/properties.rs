//! What every fuzz target asserts, as plain functions of the input bytes.
//!
//! The first byte picks how the rest is read: one of the formats, or (for
//! any other value) detection, as the commands do without `--from`.
//! A property that fails panics with what differs; an input that is simply
//! not a ruleset is not a failure.

use nomic::amend::{self, ApplyOptions, Operation, OperationKind, Proposal};
use nomic::model::{Format, Mutability, Ruleset};
use nomic::parse::{self, Parsed, ReadOptions};
use nomic::render::{self, RenderOptions};

/// The format the first byte asks for (`None`: detect) and the rest.
fn split(data: &[u8]) -> Option<(Option<Format>, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let from = Format::ALL.get(usize::from(first % 16)).copied();
    Some((from, rest))
}

fn read_as(bytes: &[u8], from: Option<Format>) -> Option<Parsed> {
    let options = ReadOptions {
        from,
        repair_encoding: false,
    };
    parse::read(bytes, &options).ok()
}

fn canonical_options() -> RenderOptions {
    RenderOptions {
        canonical: true,
        templates: None,
    }
}

/// Every reader on arbitrary bytes: an error or a ruleset, never a panic;
/// whatever is read renders in every format.
pub fn read(data: &[u8]) {
    let Some((from, bytes)) = split(data) else {
        return;
    };
    let repair = ReadOptions {
        from,
        repair_encoding: true,
    };
    let _ = parse::read(bytes, &repair);
    let Some(parsed) = read_as(bytes, from) else {
        return;
    };
    for format in Format::WHOLE_RULESET {
        let _ = render::render(&parsed.ruleset, format, &RenderOptions::default());
    }
}

/// Read → write (keeping the layout) gives back the file exactly. JSON
/// keeps no layout: it is data, written in one canonical form, so for JSON
/// the property is that the canonical form is a fixed point.
pub fn lossless(data: &[u8]) {
    let Some((from, bytes)) = split(data) else {
        return;
    };
    let Some(parsed) = read_as(bytes, from) else {
        return;
    };
    if parsed.format == Format::Json {
        return canonical(data);
    }
    let written = render::render(&parsed.ruleset, parsed.format, &RenderOptions::default())
        .expect("a ruleset that was read renders");
    assert!(
        written == parsed.text,
        "{} read → write is not byte-identical:\n--- read\n{:?}\n--- written\n{:?}",
        parsed.format,
        parsed.text,
        written
    );
}

/// The canonical form reads back, and renders to itself.
pub fn canonical(data: &[u8]) {
    let Some((from, bytes)) = split(data) else {
        return;
    };
    let Some(parsed) = read_as(bytes, from) else {
        return;
    };
    let format = parsed.format;
    let first = render::render(&parsed.ruleset, format, &canonical_options())
        .expect("a ruleset that was read renders");
    let back = match parse::parse_str(&first, Some(format)) {
        Ok(back) => back,
        Err(err) => panic!("{format} canonical form does not read back: {err}\n{first:?}"),
    };
    let second = render::render(&back, format, &canonical_options())
        .expect("a ruleset that was read renders");
    assert!(
        first == second,
        "{format} canonical form is not stable:\n--- first\n{first:?}\n--- second\n{second:?}"
    );
}

/// `nomic fmt` twice is `nomic fmt` once, and the formatted file means what
/// the file meant (the same ruleset, layout aside).
pub fn fmt(data: &[u8]) {
    let Some((from, bytes)) = split(data) else {
        return;
    };
    let Some(parsed) = read_as(bytes, from) else {
        return;
    };
    let once = render::render(&parsed.ruleset, parsed.format, &canonical_options())
        .expect("a ruleset that was read renders");
    let Some(again) = read_as(once.as_bytes(), from) else {
        panic!("{} fmt output does not read back:\n{once:?}", parsed.format);
    };
    assert_eq!(
        again.format, parsed.format,
        "fmt output reads as another format:\n{once:?}"
    );
    assert_same_meaning(&parsed.ruleset, &again.ruleset, parsed.format, &once);
    let twice = render::render(&again.ruleset, again.format, &canonical_options())
        .expect("a ruleset that was read renders");
    assert!(
        once == twice,
        "{} fmt is not idempotent:\n--- once\n{once:?}\n--- twice\n{twice:?}",
        parsed.format
    );
}

fn assert_same_meaning(before: &Ruleset, after: &Ruleset, format: Format, text: &str) {
    let (mut before, after) = (before.without_layout(), after.without_layout());
    // What the canonical form fills in by design is no change of meaning
    // (as `nomic::meaning` has it): a heading read without a revision is
    // written, where the form carries revisions, with the number of
    // `Amended` entries of its history (docs/render.md, "Revisions"; `/0`
    // without any), and `(LONG FORMAT)` / `(SHORT FORMAT)` in a title
    // follow the form.
    before.title = render::title_for(format, &before.title);
    if format.carries_revision() {
        for (rule, now) in before.rules.iter_mut().zip(&after.rules) {
            let filled_in = rule.amendment_count();
            if rule.revision.is_none() && now.revision == Some(filled_in) {
                rule.revision = Some(filled_in);
            }
        }
    }
    if before == after {
        return;
    }
    assert_eq!(before.title, after.title, "{format} fmt changed the title");
    assert_eq!(
        before.rules.len(),
        after.rules.len(),
        "{format} fmt changed the number of rules:\n{text:?}"
    );
    for (want, got) in before.rules.iter().zip(&after.rules) {
        assert_eq!(
            want, got,
            "{format} fmt changed rule {}:\n{text:?}",
            want.number
        );
    }
}

/// A proposal generated from the bytes after the ruleset (after the first
/// `0xFF`), applied to the ruleset: every rule it does not touch keeps its
/// exact bytes in the written file.
pub fn apply(data: &[u8]) {
    let Some((from, bytes)) = split(data) else {
        return;
    };
    let (ruleset_bytes, recipe) = match bytes.iter().position(|&b| b == 0xFF) {
        Some(at) => (&bytes[..at], &bytes[at + 1..]),
        None => (bytes, &[][..]),
    };
    let Some(parsed) = read_as(ruleset_bytes, from) else {
        return;
    };
    let Some(proposal) = generate(&parsed.ruleset, recipe) else {
        return;
    };
    // The rule operated on, by its number before the proposal (`changed`
    // names rules by their number after it: a renumbered rule's new one).
    let target = proposal.operations[0].kind.target();
    let Ok(applied) = amend::apply(&parsed.ruleset, &[proposal], &ApplyOptions::default()) else {
        return;
    };
    let written = render::render(&applied.ruleset, parsed.format, &RenderOptions::default())
        .expect("an applied ruleset renders");
    for rule in &parsed.ruleset.rules {
        if Some(rule.number) == target
            || applied.changed.contains(&rule.number)
            || applied.repealed.contains(&rule.number)
        {
            continue;
        }
        // A renumbering rewrites the citations of the rule it moves in every
        // rule that cites it: such a rule means something new (its text
        // changed), so it is touched although `changed` does not list it.
        let now = applied.ruleset.rule(rule.number);
        if now.is_none_or(|now| now.text != rule.text) {
            continue;
        }
        let Some(source) = rule.unchanged_source() else {
            continue;
        };
        let source = without_separator(source);
        assert!(
            written.contains(source),
            "{} apply changed the bytes of untouched rule {}:\n--- rule\n{source:?}\n--- written\n{written:?}",
            parsed.format,
            rule.number
        );
    }
}

/// A rule's source without the separator after it. The blank lines after
/// a rule (whitespace-only lines included) belong to the boundary with what
/// follows: a rule that now ends the file, or borders a moved rule, may get
/// the canonical separator there. The trailing spaces of its last line of
/// content are its own bytes (a Markdown line break, or a quirk) and stay.
fn without_separator(source: &str) -> &str {
    let content = source.trim_end();
    let rest = &source[content.len()..];
    let line_end = rest.find(['\n', '\r']).unwrap_or(rest.len());
    &source[..content.len() + line_end]
}

/// One operation on one of the ruleset's rules, chosen by the recipe bytes.
fn generate(ruleset: &Ruleset, recipe: &[u8]) -> Option<Proposal> {
    let (&kind, rest) = recipe.split_first()?;
    let (&pick, rest) = rest.split_first()?;
    let rule = ruleset
        .rules
        .get(usize::from(pick) % ruleset.rules.len().max(1))?;
    let text = String::from_utf8_lossy(rest).into_owned();
    let number = ruleset.highest_proposal().unwrap_or(0).checked_add(1)?;
    let kind = match kind % 6 {
        0 => OperationKind::Amend {
            rule: rule.number,
            text,
        },
        1 => OperationKind::Enact {
            number: None,
            mutability: Mutability::Mutable,
            text,
        },
        2 => OperationKind::Repeal { rule: rule.number },
        3 => OperationKind::Transmute {
            rule: rule.number,
            to: if rule.is_immutable() {
                Mutability::Mutable
            } else {
                Mutability::Immutable
            },
        },
        4 => {
            let (find, replacement) = text.split_once('|')?;
            OperationKind::Replace {
                rule: rule.number,
                find: find.to_string(),
                replacement: replacement.to_string(),
            }
        }
        _ => OperationKind::Renumber {
            rule: rule.number,
            to: ruleset
                .rules
                .iter()
                .map(|r| r.number)
                .max()?
                .checked_add(1)?,
        },
    };
    Some(Proposal {
        number: Some(number),
        proposer: Some("Fuzz".to_string()),
        date: None,
        round_turn: None,
        title: None,
        operations: vec![Operation { kind, span: 0..0 }],
        span: 0..0,
    })
}

/// The language server on a document and a script of edits and requests:
/// every request is answered (an error is an answer) within seconds, and
/// the server neither panics nor hangs. The bytes before the first 0xFF
/// are the document (opened as a ruleset and, beside it, as proposals); the
/// script after it is read three bytes at a time: what to do, a line, a
/// column (or a number).
pub fn lsp(data: &[u8]) {
    use lsp_server::{Connection, Message, Notification, Request, RequestId};
    use serde_json::{json, Value};
    use std::time::Duration;

    let Some((_, bytes)) = split(data) else {
        return;
    };
    let (document, script) = match bytes.iter().position(|&b| b == 0xFF) {
        Some(at) => (&bytes[..at], &bytes[at + 1..]),
        None => (bytes, &[][..]),
    };
    let mut text = String::from_utf8_lossy(document).into_owned();
    let (server_side, client) = Connection::memory();
    let server = std::thread::spawn(move || nomic::lsp::serve(&server_side));
    let mut next = 0;
    let mut ask = |method: &str, params: Value| {
        next += 1;
        let id = RequestId::from(next);
        let request = Request::new(id.clone(), method.to_string(), params);
        client
            .sender
            .send(request.into())
            .expect("the server reads");
        loop {
            match client.receiver.recv_timeout(Duration::from_secs(20)) {
                Ok(Message::Response(response)) if response.id == id => return,
                Ok(_) => {}
                Err(err) => panic!("no answer to {method}: {err}"),
            }
        }
    };
    let notify = |method: &str, params: Value| {
        let notification = Notification::new(method.to_string(), params);
        client
            .sender
            .send(notification.into())
            .expect("the server reads");
    };
    ask(
        "initialize",
        json!({ "rootUri": "file:///nomic-fuzz", "capabilities": {} }),
    );
    notify("initialized", json!({}));
    let rules = "file:///nomic-fuzz/rules.md";
    let proposals = "file:///nomic-fuzz/proposals/1.md";
    for uri in [rules, proposals] {
        let item = json!({ "uri": uri, "languageId": "markdown", "version": 1, "text": text });
        notify("textDocument/didOpen", json!({ "textDocument": item }));
    }
    for (version, step) in (2..).zip(script.chunks(3)) {
        let [what, line, column] = [0, 1, 2].map(|i| step.get(i).copied().unwrap_or(0));
        let uri = if what & 0x80 == 0 { rules } else { proposals };
        let document = json!({ "uri": uri });
        let position = json!({ "line": line, "character": column });
        let at = json!({ "textDocument": document, "position": position });
        let range = json!({ "start": position, "end": { "line": u32::from(line) + u32::from(column), "character": 0 } });
        match what & 0x0F {
            0 => ask("textDocument/hover", at),
            1 => ask("textDocument/definition", at),
            2 => ask(
                "textDocument/references",
                json!({ "textDocument": document, "position": position, "context": { "includeDeclaration": true } }),
            ),
            3 => ask(
                "textDocument/documentSymbol",
                json!({ "textDocument": document }),
            ),
            4 => ask("workspace/symbol", json!({ "query": column.to_string() })),
            5 => ask("textDocument/prepareRename", at),
            6 => ask(
                "textDocument/rename",
                json!({ "textDocument": document, "position": position, "newName": column.to_string() }),
            ),
            7 => ask("textDocument/completion", at),
            8 => ask(
                "textDocument/codeAction",
                json!({ "textDocument": document, "range": range, "context": { "diagnostics": [] } }),
            ),
            9 => ask("textDocument/codeLens", json!({ "textDocument": document })),
            10 => ask(
                "textDocument/foldingRange",
                json!({ "textDocument": document }),
            ),
            11 => ask(
                "textDocument/formatting",
                json!({ "textDocument": document, "options": { "tabSize": 4, "insertSpaces": true } }),
            ),
            12 => ask(
                "textDocument/hover",
                json!({ "textDocument": document, "position": column }),
            ),
            edit => {
                // Edits: a line deleted, a citation typed, a line doubled.
                let lines: Vec<&str> = text.split_inclusive('\n').collect();
                let at = usize::from(line) % (lines.len() + 1);
                let mut edited: Vec<String> = lines.iter().map(|l| (*l).to_string()).collect();
                match edit {
                    13 if at < edited.len() => drop(edited.remove(at)),
                    14 => edited.insert(at, format!("Rule {column}\n")),
                    _ if at < edited.len() => edited.insert(at, edited[at].clone()),
                    _ => {}
                }
                text = edited.concat();
                let changed = json!({ "uri": uri, "version": version });
                notify(
                    "textDocument/didChange",
                    json!({ "textDocument": changed, "contentChanges": [{ "text": text }] }),
                );
            }
        }
    }
    ask("shutdown", Value::Null);
    notify("exit", Value::Null);
    server
        .join()
        .expect("the server does not panic")
        .expect("the server stops at exit");
}
