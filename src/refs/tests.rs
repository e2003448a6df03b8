//! Unit tests: every shape that is a citation and every one that is not.

use super::*;

/// The numbers of each citation, ranges written `a-b`, with the kind.
fn found(text: &str) -> Vec<(ReferenceKind, Vec<String>)> {
    extract(text)
        .into_iter()
        .map(|reference| {
            for cited in &reference.numbers {
                assert_eq!(text[cited.span.clone()], cited.number.to_string());
                if let Some((end, span)) = &cited.range_end {
                    assert_eq!(text[span.clone()], end.to_string());
                }
                assert!(reference.span.start <= cited.span.start);
            }
            let numbers = reference
                .numbers
                .iter()
                .map(CitedNumber::to_string)
                .collect();
            (reference.kind, numbers)
        })
        .collect()
}

fn rule(numbers: &[&str]) -> (ReferenceKind, Vec<String>) {
    (
        ReferenceKind::Rule,
        numbers
            .iter()
            .map(std::string::ToString::to_string)
            .collect(),
    )
}

fn superseding(numbers: &[&str]) -> (ReferenceKind, Vec<String>) {
    (
        ReferenceKind::Superseding,
        numbers
            .iter()
            .map(std::string::ToString::to_string)
            .collect(),
    )
}

fn spans(text: &str) -> Vec<&str> {
    extract(text)
        .iter()
        .map(|reference| &text[reference.span.clone()])
        .collect()
}

#[test]
fn single_rule_any_case() {
    assert_eq!(found("under Rule 206."), vec![rule(&["206"])]);
    assert_eq!(found("build off of rule 312."), vec![rule(&["312"])]);
    assert_eq!(found("RULE 206 applies"), vec![rule(&["206"])]);
    assert_eq!(found("As a reminder, per rule 113,"), vec![rule(&["113"])]);
    assert_eq!(spans("As a reminder, per rule 113,"), vec!["rule 113"]);
}

#[test]
fn spans_cover_the_phrase_and_the_digits() {
    let text = "taking precedence over both Rule 206 and Rule 304.";
    let references = extract(text);
    assert_eq!(references.len(), 1);
    assert_eq!(&text[references[0].span.clone()], "Rule 206 and Rule 304");
    let digits: Vec<&str> = references[0]
        .numbers
        .iter()
        .map(|cited| &text[cited.span.clone()])
        .collect();
    assert_eq!(digits, vec!["206", "304"]);
}

#[test]
fn initial_set_ranges() {
    let text = "The Initial Set consists of Rules 101-117 (immutable) and 201-219 (mutable).";
    assert_eq!(found(text), vec![rule(&["101-117", "201-219"])]);
    assert_eq!(spans(text), vec!["Rules 101-117 (immutable) and 201-219"]);
    assert_eq!(found("Rules 101–117"), vec![rule(&["101-117"])]);
    assert_eq!(found("Rules 101 through 117."), vec![rule(&["101-117"])]);
    assert_eq!(
        found("Rules 201 to 219 are mutable"),
        vec![rule(&["201-219"])]
    );
    assert_eq!(found("amend Rule 206 to 250 words"), vec![rule(&["206"])]);
    assert_eq!(found("Rule 206 to 3"), vec![rule(&["206"])]);
}

#[test]
fn lists() {
    assert_eq!(
        found("Rules 201, 212 and 213."),
        vec![rule(&["201", "212", "213"])]
    );
    assert_eq!(
        found("(e.g. “Relevant Rules: 116, 307”)"),
        vec![rule(&["116", "307"])]
    );
    assert_eq!(
        found("Rules 201 and 212 are mutable."),
        vec![rule(&["201", "212"])]
    );
    assert_eq!(
        found("Rule 206, Rule 304, and Rule 305"),
        vec![rule(&["206", "304", "305"])]
    );
}

#[test]
fn superseding_forms() {
    assert_eq!(
        found("1) Bot-players do not get turns, superseding 201.  \n"),
        vec![superseding(&["201"])]
    );
    assert_eq!(
        found("cannot win, superseding 201, 212, 213, and 217.  \n"),
        vec![superseding(&["201", "212", "213", "217"])]
    );
    assert_eq!(
        found("if they are Criminal Judge, superseding Rule 215."),
        vec![superseding(&["215"])]
    );
    assert_eq!(
        found("to pass a rule-change, superseding 203"),
        vec![superseding(&["203"])]
    );
    assert_eq!(found("This supersedes 316."), vec![superseding(&["316"])]);
    assert_eq!(
        found("supercedes Rules 201 and 202."),
        vec![superseding(&["201", "202"])]
    );
}

#[test]
fn paragraph_of_a_rule() {
    let text = "is assigned 🚼, superceeding the first paragraph of rule 301 in this instance.";
    assert_eq!(
        found(text),
        vec![(ReferenceKind::Part, vec!["301".to_string()])]
    );
    assert_eq!(spans(text), vec!["first paragraph of rule 301"]);
    for text in [
        "paragraph 2 of Rule 206.",
        "section 3 of Rule 206",
        "clause (a) of rule 206",
        "the 2nd sentence of Rule 206",
        "the last bullet of Rule 206",
    ] {
        assert_eq!(
            found(text),
            vec![(ReferenceKind::Part, vec!["206".to_string()])],
            "{text}"
        );
    }
    assert_eq!(
        spans("the 2nd sentence of Rule 206"),
        vec!["2nd sentence of Rule 206"]
    );
    assert_eq!(
        found("Rule 206, section 3"),
        vec![rule(&["206"])],
        "a part after the citation is not a number"
    );
}

#[test]
fn not_references() {
    for text in [
        "Initially rules in the 100's are immutable and rules in the 200's are mutable.",
        "Initially rules in the 100’s are immutable",
        "and are numbered 600's and above.",
        "any rule with a rule number less than 300",
        "a rule number 300 or above",
        "At the end of a player's turn, 1d6 points are added",
        "The length of a turn defaults to 24 hours.",
        "receives 35 points",
        "Proposal 329 (Alekosen), Jul 27, 2020 (R1T3)",
        "a grid of 801x801 tiles",
        "The numbers shall begin with 301, and each rule-change",
        "1) Bot-players do not get turns",
        "![319 graph](images/319.png)",
        "repeal, or amendment of a mutable rule; (2) the enactment",
        "Rule 1d6",
        "Rule 206a",
        "Rule 2.5",
        "Rule 1,000",
        "Rule 50%",
        "Rule 007",
        "Rule 123456",
        "Rules 600's",
        "a sub-rule 3",
        "overrule 3",
        "supersedes 2 rules",
        "superseding the numerical method",
        "Rule\n\n206",
        "rule-change 301",
    ] {
        assert_eq!(found(text), vec![], "{text:?}");
    }
}

#[test]
fn list_stops_at_quantities() {
    assert_eq!(found("Rule 206 and 24 hours"), vec![rule(&["206"])]);
    assert_eq!(found("Rule 206, 35 points"), vec![rule(&["206"])]);
    assert_eq!(
        found("superseding 203 and 3 players"),
        vec![superseding(&["203"])]
    );
}

#[test]
fn markup_and_wrapping() {
    assert_eq!(
        found("see [Rule 206](rules/md/206.md)"),
        vec![rule(&["206"])]
    );
    assert_eq!(found("see Rule [206](206.md)"), vec![rule(&["206"])]);
    assert_eq!(found("see Rule **206**"), vec![rule(&["206"])]);
    assert_eq!(found("see Rule #206"), vec![rule(&["206"])]);
    assert_eq!(found("see Rule&nbsp;206"), vec![rule(&["206"])]);
    assert_eq!(found("see Rule\u{a0}206"), vec![rule(&["206"])]);
    assert_eq!(
        found("both Rule\n      206 and Rule\r\n 304"),
        vec![rule(&["206", "304"])]
    );
}

#[test]
fn possessive_and_revision() {
    assert_eq!(found("Rule 206's provisions"), vec![rule(&["206"])]);
    assert_eq!(found("Rule 206’s provisions"), vec![rule(&["206"])]);
    assert_eq!(found("as Rule 203/1 said"), vec![rule(&["203"])]);
}

#[test]
fn temporary_rule_in_a_body_names_the_rule() {
    assert_eq!(found("as Temporary Rule 601 says"), vec![rule(&["601"])]);
}

#[test]
fn ranges_need_an_end_above_the_start() {
    assert_eq!(found("Rules 201-19"), vec![]);
    assert_eq!(found("Rules 201 - 219."), vec![rule(&["201-219"])]);
}

#[test]
fn an_ordered_list_marker_after_a_citation_is_not_a_rule() {
    assert_eq!(
        found("1. As in Rule 206,\n2. Each player draws.\n3) Then"),
        vec![rule(&["206"])]
    );
    // A list continued on the next line is still a list.
    assert_eq!(
        found("superseding 201, 212, 213, and\n      217."),
        vec![superseding(&["201", "212", "213", "217"])]
    );
    assert_eq!(
        found("superseding 201, 212,\n      213, and 217."),
        vec![superseding(&["201", "212", "213", "217"])]
    );
}

#[test]
fn numbers_followed_by_letters_are_not_rules() {
    assert_eq!(found("Rule 2nd"), vec![]);
    assert_eq!(found("Rule 24h"), vec![]);
    assert_eq!(found("Rule 206 and 207b."), vec![rule(&["206"])]);
    assert_eq!(found("Rules 201-219a"), vec![]);
}

#[test]
fn a_markdown_link_destination_is_not_read() {
    assert_eq!(
        found("[history](https://github.com/x/nomic/blob/f7/Game_4/rules/md/206.md)"),
        vec![]
    );
    assert_eq!(found("![312 picture 1](tmpgrid.png)"), vec![]);
}

#[test]
fn multibyte_text_keeps_byte_spans() {
    let text = "Doby’s turn is assigned ğŸš¼, see Rule 301’s first line — and rule 312.";
    let references = extract(text);
    assert_eq!(references.len(), 2);
    assert_eq!(&text[references[0].span.clone()], "Rule 301");
    assert_eq!(&text[references[1].numbers[0].span.clone()], "312");
}

#[test]
fn every_spelling_of_supersede() {
    for verb in [
        "supersede",
        "supersedes",
        "superseded",
        "superseding",
        "supercede",
        "supercedes",
        "superceding",
        "superceed",
        "superceeds",
        "superceeding",
        "Superseding",
    ] {
        let text = format!("This {verb} 203.");
        assert_eq!(found(&text), vec![superseding(&["203"])], "{verb}");
    }
    assert_eq!(found("supersedence 203"), vec![]);
}

#[test]
fn json_names_every_field() {
    let json = serde_json::to_value(extract("Rules 101-117. See rule 3.")).unwrap();
    assert_eq!(
        json,
        serde_json::json!([
            {
                "span": {"start": 0, "end": 13},
                "kind": "rule",
                "numbers": [{
                    "number": 101,
                    "span": {"start": 6, "end": 9},
                    "range_end": {"number": 117, "span": {"start": 10, "end": 13}}
                }]
            },
            {
                "span": {"start": 19, "end": 25},
                "kind": "rule",
                "numbers": [{"number": 3, "span": {"start": 24, "end": 25}, "range_end": null}]
            }
        ])
    );
}

/// The shapes that docs/formats.md ("References between rules") lists, in its
/// order, and the numbers it says are not references.
#[test]
fn every_shape_in_formats_md() {
    let shapes: &[(&str, &[&str])] = &[
        ("Rule 206", &["206"]),
        ("rule 312", &["312"]),
        (
            "Rules 101-117 (immutable) and 201-219 (mutable)",
            &["101-117", "201-219"],
        ),
        ("superseding 203", &["203"]),
        (
            "superseding 201, 212, 213, and 217",
            &["201", "212", "213", "217"],
        ),
        ("superseding Rule 215", &["215"]),
        ("both Rule 206 and Rule 304", &["206", "304"]),
        ("per rule 113", &["113"]),
        ("Relevant Rules: 116, 307", &["116", "307"]),
        ("the first paragraph of rule 301", &["301"]),
    ];
    for (text, numbers) in shapes {
        let found = found(text);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        assert_eq!(found[0].1, numbers.to_vec(), "{text}");
    }
    for text in [
        "100's",
        "600's and above",
        "rule number less than 300",
        "1d6",
        "24 hours",
    ] {
        assert_eq!(extract(text), vec![], "{text}");
    }
}

#[test]
fn html_bom_and_crlf() {
    assert_eq!(
        found("<a href=\"rules/206.html\">Rule 206</a>"),
        vec![rule(&["206"])]
    );
    let text = "\u{feff}Rule 206\r\nsuperseding 201,\r\n212 and 213.\r\n";
    assert_eq!(
        found(text),
        vec![rule(&["206"]), superseding(&["201", "212", "213"])]
    );
    assert_eq!(spans(text)[0], "Rule 206");
    // Only ASCII digits are rule numbers.
    assert_eq!(found("Rule ２０６"), vec![]);
}

#[test]
fn runs_group_consecutive_numbers() {
    assert_eq!(runs([1, 2, 4, 6, 7, 8]), [(1, 2), (4, 4), (6, 8)]);
    assert_eq!(runs([u32::MAX - 1, u32::MAX]), [(u32::MAX - 1, u32::MAX)]);
}

#[test]
fn identifiers_that_are_not_numbers_are_cited_after_the_word_rule() {
    let text = "See Rule UC1 and Rule -216, but not UC2 or -5 points; Rules 101-117 stay a range.";
    let references = extract(text);
    let cited: Vec<String> = references
        .iter()
        .flat_map(|reference| &reference.numbers)
        .map(CitedNumber::to_string)
        .collect();
    assert_eq!(cited, ["UC1", "-216", "101-117"]);
    let uc1 = &references[0].numbers[0];
    assert_eq!(
        (uc1.id.as_deref(), &text[uc1.span.clone()]),
        (Some("UC1"), "UC1")
    );
    assert!(extract("Rule R1T3 and Rule Abc1").is_empty());
}
