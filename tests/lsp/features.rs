//! Every feature of the server on the fixtures of tests/fixtures/lsp.

use crate::client::{apply_edits, position_of, Client, Folder};
use serde_json::{json, Value};

const GAME: [(&str, &str); 3] = [
    ("rules.md", "tests/fixtures/lsp/game/rules.md"),
    ("rules.txt", "tests/fixtures/lsp/game/rules.txt"),
    (
        "proposals/342.md",
        "tests/fixtures/lsp/game/proposals/342.md",
    ),
];

fn game() -> (Folder, Client) {
    let folder = Folder::with(&GAME);
    let client = Client::start(Some(folder.dir.path()));
    (folder, client)
}

fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

fn line(range: &Value) -> u64 {
    range["start"]["line"].as_u64().unwrap()
}

#[test]
fn md_long_diagnostics_are_checks_findings_and_follow_edits() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "rules.md");
    let found = client.diagnostics(&uri);
    assert_eq!(codes(&found), ["N401", "N201", "N708", "N703"]);
    let dangling = &found[0];
    // `Rule 999` on the 21st line: the range is its digits.
    assert_eq!(
        dangling["range"],
        json!({ "start": { "line": 20, "character": 55 }, "end": { "line": 20, "character": 58 } })
    );
    assert_eq!(dangling["severity"], 1);
    assert_eq!(dangling["source"], "nomic");
    let message = dangling["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "rule 202 cites rule 999, which is not in the ruleset\nhelp: correct the number"
        ),
        "{message}"
    );
    assert_eq!(found[3]["severity"], 2);

    let text = std::fs::read_to_string(folder.path("rules.md")).unwrap();
    client.change(&uri, 2, &text.replace("Rule 999", "Rule 203"));
    assert_eq!(codes(&client.diagnostics(&uri)), ["N201", "N708", "N703"]);
    client.stop();
}

#[test]
fn a_proposal_is_told_what_apply_would_refuse() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "proposals/342.md");
    let found = client.diagnostics(&uri);
    assert_eq!(codes(&found), ["proposal-refused"]);
    assert_eq!(line(&found[0]["range"]), 2);
    let message = found[0]["message"].as_str().unwrap();
    assert!(
        message.contains("\"a plain majority\" occurs 0 times"),
        "{message}"
    );
    assert!(
        message.contains("help: quote the old words exactly"),
        "{message}"
    );

    // Quoted as the rule has them, the replacement applies.
    let fixed = std::fs::read_to_string(folder.path("proposals/342.md"))
        .unwrap()
        .replace("a plain majority", "a simple majority");
    client.change(&uri, 2, &fixed);
    assert_eq!(client.diagnostics(&uri), Vec::<Value>::new());
    // A date that does not read stops the proposal's reading.
    client.change(&uri, 3, &fixed.replace("Aug 24, 2020", "Aug 94, 2020"));
    assert_eq!(codes(&client.diagnostics(&uri)), ["proposal-syntax"]);
    client.stop();
}

#[test]
fn hover_shows_the_cited_rule_in_rulesets_and_proposals() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "rules.md");
    let text = std::fs::read_to_string(folder.path("rules.md")).unwrap();
    let hover = client
        .at(
            "textDocument/hover",
            &uri,
            position_of(&text, "Rule 203 orders", 0, 6),
            json!({}),
        )
        .unwrap();
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("**Rule 203/2** (mutable)\n\nA rule-change is adopted if a simple majority votes for it.\n"), "{value}");
    assert!(
        value.ends_with(
            "*Latest history:* Amended (1) by Proposal 301 (Alice), Jun 8, 2020 (R1T1)\n"
        ),
        "{value}"
    );
    assert_eq!(
        hover["range"]["start"],
        json!({ "line": 12, "character": 50 })
    );
    // Nothing is cited between citations.
    let nothing = client
        .at("textDocument/hover", &uri, (12, 2), json!({}))
        .unwrap();
    assert_eq!(nothing, Value::Null);

    let proposal = client.open(&folder, "proposals/342.md");
    let hover = client
        .at("textDocument/hover", &proposal, (2, 9), json!({}))
        .unwrap();
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .starts_with("**Rule 203/2**"));
    client.stop();
}

#[test]
fn definition_and_references_of_a_rule() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "rules.md");
    let text = std::fs::read_to_string(folder.path("rules.md")).unwrap();
    let at = position_of(&text, "Rule 203 decides", 0, 5);
    let definition = client
        .at("textDocument/definition", &uri, at, json!({}))
        .unwrap();
    assert_eq!(definition["uri"], uri.as_str());
    assert_eq!(line(&definition["range"]), 26, "the `## 203/2` heading");

    let references = client
        .at(
            "textDocument/references",
            &uri,
            at,
            json!({ "context": { "includeDeclaration": true } }),
        )
        .unwrap();
    let places: Vec<(String, u64)> = references
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["uri"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
                line(&l["range"]),
            )
        })
        .collect();
    // The heading, the range of rule 101, the citations of rules 201 and
    // 204, and the proposal's.
    assert_eq!(
        places,
        [
            ("rules.md".into(), 26),
            ("rules.md".into(), 4),
            ("rules.md".into(), 12),
            ("rules.md".into(), 38),
            ("342.md".into(), 2)
        ]
    );
    // From the proposal, the definition is in the ruleset beside it.
    let proposal = client.open(&folder, "proposals/342.md");
    let definition = client
        .at("textDocument/definition", &proposal, (2, 9), json!({}))
        .unwrap();
    assert_eq!(definition["uri"], uri.as_str());
    client.stop();
}

#[test]
fn symbols_of_the_document_and_of_the_folder() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "rules.md");
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        )
        .unwrap();
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Rule 101", "Rule 201", "Rule 202", "Rule 203", "Rule 204"]
    );
    assert_eq!(line(&symbols[3]["selectionRange"]), 26);

    // Both forms of the ruleset in the folder, the txt one read from disk.
    let found = client
        .request("workspace/symbol", json!({ "query": "203" }))
        .unwrap();
    let files: Vec<&str> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s["location"]["uri"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(files, ["rules.md", "rules.txt"]);
    client.stop();
}

#[test]
fn rename_renumbers_every_ruleset_and_proposal_of_the_folder() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "rules.md");
    let text = std::fs::read_to_string(folder.path("rules.md")).unwrap();
    let at = position_of(&text, "## 203/2", 0, 4);
    let prepared = client
        .at("textDocument/prepareRename", &uri, at, json!({}))
        .unwrap();
    assert_eq!(prepared["placeholder"], "203");

    let taken = client
        .at("textDocument/rename", &uri, at, json!({ "newName": "201" }))
        .unwrap_err();
    assert!(taken.message.contains("201"), "{}", taken.message);
    let edit = client
        .at("textDocument/rename", &uri, at, json!({ "newName": "250" }))
        .unwrap();
    let changes = edit["changes"].as_object().unwrap();
    assert_eq!(changes.len(), 3, "{changes:?}");
    for name in ["rules.md", "rules.txt", "proposals/342.md"] {
        let before = std::fs::read_to_string(folder.path(name)).unwrap();
        let after = apply_edits(&before, changes[&folder.uri(name)].as_array().unwrap());
        let renamed = match name {
            "rules.md" => vec!["## 250/2", "as Rule 250 orders", "Rule 250 decides"],
            "rules.txt" => vec!["Rule 250/2", "as Rule 250 orders", "Rule 250 decides"],
            _ => vec!["In Rule 250, replace"],
        };
        for phrase in renamed {
            assert!(after.contains(phrase), "{name} lacks {phrase}: {after}");
        }
        if name != "proposals/342.md" {
            // What `nomic renumber` writes.
            let mut parsed = nomic::parse::parse_str(&before, None).unwrap();
            nomic::amend::renumber(&mut parsed, &[(203, 250)].into()).unwrap();
            let renumbered = nomic::parse::parse_str(&after, None).unwrap();
            assert_eq!(
                renumbered.without_layout(),
                parsed.without_layout(),
                "{name}"
            );
        }
    }
    client.stop();
}

#[test]
fn completion_after_rule_lists_the_rules_with_their_titles() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "proposals/342.md");
    client.change(&uri, 2, "# Proposal 342\n\nRepeal Rule 2");
    let items = client
        .at("textDocument/completion", &uri, (2, 13), json!({}))
        .unwrap();
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["201", "202", "203", "204"]);
    assert_eq!(items[2]["detail"], "Rule 203");
    assert_eq!(
        items[2]["textEdit"]["range"]["start"],
        json!({ "line": 2, "character": 12 })
    );
    let none = client
        .at("textDocument/completion", &uri, (0, 4), json!({}))
        .unwrap();
    assert_eq!(none, Value::Null);
    client.stop();
}

#[test]
fn code_actions_fix_the_revision_the_layout_and_format_the_document() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "rules.md");
    let text = std::fs::read_to_string(folder.path("rules.md")).unwrap();
    let actions_at = |client: &mut Client, line: u32| {
        let range = json!({ "start": { "line": line, "character": 0 }, "end": { "line": line, "character": 0 } });
        client
            .request(
                "textDocument/codeAction",
                json!({ "textDocument": { "uri": uri }, "range": range, "context": { "diagnostics": [] } }),
            )
            .unwrap()
    };
    let edits_of = |action: &Value| {
        action["edit"]["changes"][uri.as_str()]
            .as_array()
            .unwrap()
            .clone()
    };
    let revision = actions_at(&mut client, 26);
    assert_eq!(revision[0]["title"], "Write revision 203/1");
    assert_eq!(revision[0]["kind"], "quickfix");
    assert_eq!(revision[0]["diagnostics"][0]["code"], "N201");
    let fixed = apply_edits(&text, &edits_of(&revision[0]));
    assert!(
        fixed.contains("\n## 203/1\n") && !fixed.contains("## 203/2"),
        "{fixed}"
    );

    let blank = actions_at(&mut client, 39);
    assert_eq!(blank[0]["diagnostics"][0]["code"], "N703");
    let fixed = apply_edits(&text, &edits_of(&blank[0]));
    assert_eq!(
        fixed,
        text.replace("pass.\n##### *History*", "pass.\n\n##### *History*")
    );

    // The last action formats the document as `nomic fmt` does.
    let format = blank.as_array().unwrap().last().unwrap();
    assert_eq!(format["kind"], "source.fixAll");
    let formatted = client
        .request("textDocument/formatting", json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }))
        .unwrap();
    let parsed = nomic::parse::parse_str(&text, None).unwrap();
    let options = nomic::render::RenderOptions {
        canonical: true,
        templates: None,
    };
    let canonical = nomic::render::render(&parsed, nomic::model::Format::MdLong, &options).unwrap();
    assert_eq!(apply_edits(&text, formatted.as_array().unwrap()), canonical);
    assert_eq!(apply_edits(&text, &edits_of(format)), canonical);
    client.stop();
}

#[test]
fn code_lens_counts_citing_rules_and_folding_is_per_rule() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "rules.md");
    let lenses = client
        .request(
            "textDocument/codeLens",
            json!({ "textDocument": { "uri": uri } }),
        )
        .unwrap();
    let titles: Vec<&str> = lenses
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["command"]["title"].as_str().unwrap())
        .collect();
    // Rule 101 cites itself and, with `201-204`, every rule of the 200s.
    assert_eq!(
        titles,
        [
            "cited by 1 rule",
            "cited by 2 rules",
            "cited by 1 rule",
            "cited by 3 rules",
            "cited by 1 rule"
        ]
    );
    let folds = client
        .request(
            "textDocument/foldingRange",
            json!({ "textDocument": { "uri": uri } }),
        )
        .unwrap();
    let lines: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(lines, [(2, 8), (10, 16), (18, 24), (26, 34), (36, 41)]);
    client.stop();
}

#[test]
fn a_txt_long_ruleset_wrapped_citations_included() {
    let (folder, mut client) = game();
    let uri = client.open(&folder, "rules.txt");
    assert_eq!(codes(&client.diagnostics(&uri)), ["N401", "N201"]);
    let text = std::fs::read_to_string(folder.path("rules.txt")).unwrap();
    let hover = client
        .at(
            "textDocument/hover",
            &uri,
            position_of(&text, "Rule 203 orders", 0, 5),
            json!({}),
        )
        .unwrap();
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .starts_with("**Rule 203/2**"));
    let definition = client
        .at(
            "textDocument/definition",
            &uri,
            position_of(&text, "Rule 201 says", 0, 5),
            json!({}),
        )
        .unwrap();
    let heading = position_of(&text, "Rule 201/0", 0, 0).0;
    assert_eq!(line(&definition["range"]), u64::from(heading));
    client.stop();
}

#[test]
fn agoras_flr_hover_definition_and_symbols() {
    let folder = Folder::with(&[("flr.txt", "tests/fixtures/agora/published/flr.txt")]);
    let mut client = Client::start(Some(folder.dir.path()));
    let uri = client.open(&folder, "flr.txt");
    let text = std::fs::read_to_string(folder.path("flr.txt")).unwrap();
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        )
        .unwrap();
    let parsed = nomic::parse::parse_str(&text, None).unwrap();
    assert_eq!(symbols.as_array().unwrap().len(), parsed.rules.len());
    assert_eq!(symbols[0]["name"], "Rule 101: The Game of Agora");

    let at = position_of(&text, "of Rule 217, is", 0, 8);
    let hover = client
        .at("textDocument/hover", &uri, at, json!({}))
        .unwrap();
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("**Rule 217/"), "{value}");
    assert!(value.contains("Interpreting the Rules (power 3"), "{value}");
    let definition = client
        .at("textDocument/definition", &uri, at, json!({}))
        .unwrap();
    let heading = position_of(&text, "\nRule 217/", 0, 0).0 + 1;
    assert_eq!(line(&definition["range"]), u64::from(heading));
    // `R101` is Agora's short citation.
    let short = position_of(&text, "'R101 Tidy'", 0, 2);
    let hover = client
        .at("textDocument/hover", &uri, short, json!({}))
        .unwrap();
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .starts_with("**Rule 101/"));
    client.stop();
}

#[test]
fn a_dialect_ruleset_inferred_on_open() {
    let folder = Folder::with(&[("RULES.md", "tests/fixtures/dialects/fcc-git-nomic-RULES.md")]);
    let mut client = Client::start(Some(folder.dir.path()));
    let uri = client.open(&folder, "RULES.md");
    let text = std::fs::read_to_string(folder.path("RULES.md")).unwrap();
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        )
        .unwrap();
    assert_eq!(
        symbols[0]["name"],
        "Rule UC1: Rule Proposal via Pull Request Only"
    );
    let at = position_of(&text, "rule 3 - Rule Acceptance", 0, 5);
    let hover = client
        .at("textDocument/hover", &uri, at, json!({}))
        .unwrap();
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .starts_with("**Rule 3** Rule Acceptance"));
    let definition = client
        .at("textDocument/definition", &uri, at, json!({}))
        .unwrap();
    assert_eq!(
        line(&definition["range"]),
        u64::from(position_of(&text, "## 3 - Rule", 0, 0).0)
    );
    client.stop();
}

#[test]
fn a_broken_heading_is_repaired_by_its_code_action() {
    let (folder, mut client) = game();
    let uri = folder.uri("rules.md");
    let text = std::fs::read_to_string(folder.path("rules.md"))
        .unwrap()
        .replace("## 204/0", "##204/0");
    client.open_text(&uri, &text);
    let found = client.diagnostics(&uri);
    let broken = found.iter().find(|d| d["code"] == "N103").expect("N103");
    let line = broken["range"]["start"]["line"].clone();
    let range = json!({ "start": { "line": line, "character": 0 }, "end": { "line": line, "character": 0 } });
    let actions = client
        .request(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": uri }, "range": range, "context": { "diagnostics": [] } }),
        )
        .unwrap();
    let repair = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["diagnostics"][0]["code"] == "N103")
        .expect("a repair");
    assert_eq!(repair["title"], "Write `## 204/0`");
    let edits = repair["edit"]["changes"][uri.as_str()].as_array().unwrap();
    assert_eq!(
        apply_edits(&text, edits),
        text.replace("##204/0", "## 204/0")
    );
    client.stop();
}
