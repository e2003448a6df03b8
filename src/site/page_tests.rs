//! The rule page written in Rust against the embedded templates' render.

use super::super::assets::{environment, SiteEnv};
use super::super::html::RuleText;
use super::super::plan::{Entry, Frame, HistoryLine, JudgmentLine, RuleLink, RulePage, Site};
use crate::model::Ruleset;
use proptest::prelude::*;

/// The page through the template engine and through [`super::write`].
fn both(page: &RulePage<'_>) -> (String, String) {
    let engine: SiteEnv = environment(None).unwrap().without_rule_page_writer();
    let rendered = engine.rule_page(page).unwrap();
    (rendered, super::write(page))
}

fn same_pages(ruleset: &Ruleset) {
    let text = RuleText::new();
    for has_changes in [false, true] {
        let site = Site::new(ruleset, has_changes);
        for index in 0..site.rules.len() {
            let page = site.rule_page(index, &text);
            assert!(super::writes(&page));
            let (rendered, written) = both(&page);
            assert!(
                rendered == written,
                "rule {}:\n{rendered}\n---\n{written}",
                page.entry.number
            );
        }
    }
}

#[test]
fn every_bundled_rulesets_pages_are_the_templates_byte_for_byte() {
    let mut read = 0;
    for name in crate::parse::tests::BUNDLED {
        let path = format!("{}/rulesets/{name}", env!("CARGO_MANIFEST_DIR"));
        let Ok(parsed) = crate::parse::read(&std::fs::read(&path).unwrap(), &Default::default())
        else {
            continue;
        };
        same_pages(&parsed.ruleset);
        read += 1;
    }
    assert!(read >= 5, "only {read} bundled rulesets read");
    same_pages(&crate::model::synthetic_ruleset(60, 3));
}

#[test]
fn the_embedded_environment_writes_pages_and_one_of_ones_own_renders_them() {
    let site_dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(site_dir.path().join("site")).unwrap();
    std::fs::write(
        site_dir.path().join("site/rule.html.j2"),
        "own {{ number }}",
    )
    .unwrap();
    let ruleset = crate::model::synthetic_ruleset(3, 1);
    let site = Site::new(&ruleset, false);
    let page = site.rule_page(0, &RuleText::new());
    let own = environment(Some(site_dir.path())).unwrap();
    assert_eq!(
        own.rule_page(&page).unwrap(),
        format!("own {}", page.entry.number)
    );
    let embedded = environment(None).unwrap();
    assert_eq!(embedded.rule_page(&page).unwrap(), super::write(&page));
}

/// Text with every character the escaping treats, and others.
fn text() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r#"[a-zA-Z0-9 &<>"'/\\#;:.→é日\n-]{0,24}"#).unwrap()
}

fn link() -> impl Strategy<Value = RuleLink> {
    (0u32..100_000, text()).prop_map(|(number, title)| RuleLink { number, title })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_page_is_the_templates_byte_for_byte(
        site_title in text(),
        deep in any::<bool>(),
        has_changes in any::<bool>(),
        number in 0u32..1_000_000,
        revision in 0u32..1_000,
        mutability in text(),
        html in text(),
        history in proptest::collection::vec((text(), proptest::option::of(text())), 0..4),
        judgments in proptest::collection::vec(text(), 0..3),
        cited_by in proptest::collection::vec(link(), 0..3),
        previous in proptest::option::of(link()),
        next in proptest::option::of(link()),
    ) {
        let page = RulePage {
            frame: Frame {
                site_title: &site_title,
                root: if deep { "../" } else { "" },
                has_changes,
            },
            entry: Entry {
                number,
                revision,
                mutability,
                title: String::new(),
            },
            html,
            history: history
                .iter()
                .map(|(text, href)| HistoryLine { text, href: href.as_deref() })
                .collect(),
            judgments: judgments.iter().map(|text| JudgmentLine { text }).collect(),
            cited_by,
            previous,
            next,
        };
        let (rendered, written) = both(&page);
        prop_assert_eq!(rendered, written);
    }
}
