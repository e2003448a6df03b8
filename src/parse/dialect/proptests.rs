//! Property tests: a file in any of several dialects, with any bodies, reads
//! back to the same bytes, and an edited rule is the only change.

use super::*;
use crate::model::{Format, IdShape};
use proptest::prelude::*;

const TEMPLATES: &[(&str, &[IdShape])] = &[
    ("## {id} - {title}", &[IdShape::Integer, IdShape::Prefixed]),
    ("**{id}** *{title}*", &[IdShape::Integer]),
    ("# Rule {id}: {title}", &[IdShape::Integer]),
    ("### Rule {id}.", &[IdShape::Negative]),
    ("- **Rule {id}: {title}**", &[IdShape::Integer]),
];

fn body() -> impl Strategy<Value = String> {
    proptest::collection::vec("[a-z][a-z ,.]{0,40}", 1..4).prop_map(|lines| lines.join("\n"))
}

proptest! {
    #[test]
    fn any_file_in_a_dialect_renders_back_and_edits_stay_local(
        which in 0..TEMPLATES.len(),
        bodies in proptest::collection::vec(body(), 1..8),
        blank in any::<bool>(),
        edit in any::<prop::sample::Index>(),
    ) {
        let (rule, ids) = TEMPLATES[which];
        let dialect = Dialect {
            ids: ids.to_vec(),
            blank_after_heading: blank,
            ..Dialect::new(rule)
        };
        let template = Template::parse(rule).unwrap();
        let mut text = String::from("Preamble line.\n\n");
        for (n, body) in bodies.iter().enumerate() {
            let id = if ids == [IdShape::Negative] { format!("-{}", n + 1) } else { (n + 1).to_string() };
            let fields = Fields { id, title: Some(format!("Title {n}")), ..Fields::default() };
            text.push_str(&template.write(&fields));
            text.push_str(if blank { "\n\n" } else { "\n" });
            text.push_str(body);
            text.push_str("\n\n");
        }
        let ruleset = read(&text, &dialect).unwrap();
        prop_assert_eq!(ruleset.rules.len(), bodies.len());
        let out = crate::render::render(&ruleset, Format::Dialect, &Default::default()).unwrap();
        prop_assert_eq!(&out, &text);

        let mut edited = ruleset.clone();
        let index = edit.index(bodies.len());
        edited.rules[index].text.push_str("\nedited");
        let out = crate::render::render(&edited, Format::Dialect, &Default::default()).unwrap();
        let layout = ruleset.rules[index].layout.as_ref().unwrap();
        let end = layout.offset + layout.source.len();
        prop_assert!(out.starts_with(&text[..layout.offset]));
        prop_assert!(out.ends_with(&text[end..]));
        let reread = read(&out, &dialect).unwrap();
        prop_assert_eq!(reread.rules.len(), bodies.len());
        prop_assert!(reread.rules[index].text.ends_with("edited"));
    }
}
