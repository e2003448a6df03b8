use super::html::RuleText;
use super::plan::{plain_words, safe_href, summary, summary_of_plain};
use super::{site_files, SiteOptions, Version};
use crate::model::{HistoryEntry, HistoryKind, Rule, Ruleset};
use std::collections::BTreeSet;

/// Every bundled ruleset that reads (`rulesets/`), after checking there
/// are enough of them for a test over them to mean something.
pub(super) fn bundled_rulesets() -> Vec<Ruleset> {
    let mut rulesets = Vec::new();
    for entry in std::fs::read_dir("rulesets").unwrap() {
        let path = entry.unwrap().path();
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        if let Ok(parsed) = crate::parse::read(&bytes, &Default::default()) {
            rulesets.push(parsed.ruleset);
        }
    }
    assert!(
        rulesets.len() >= 5,
        "only {} bundled rulesets read",
        rulesets.len()
    );
    rulesets
}

fn in_force(numbers: &[u32]) -> BTreeSet<u32> {
    numbers.iter().copied().collect()
}

fn page<'a>(files: &'a [crate::render::PublishedFile], path: &str) -> &'a str {
    &files
        .iter()
        .find(|file| file.path.to_str() == Some(path))
        .unwrap_or_else(|| panic!("no {path}"))
        .contents
}

#[test]
fn every_number_of_a_citation_list_links_to_its_rule() {
    let html = RuleText::new().render(
        "Rules 201, 212, 213, and 217 apply.",
        &in_force(&[201, 212, 213, 217]),
    );
    for n in [201, 212, 213, 217] {
        assert!(
            html.contains(&format!("<a class=\"cite\" href=\"{n}.html#r{n}\"")),
            "{n} in {html}"
        );
    }
    assert!(html.starts_with("<p>Rules <a"));
}

#[test]
fn a_reference_link_finds_its_definition_wherever_the_file_keeps_it() {
    // The definition is end matter after the last rule (the footer), as in
    // SimpleNomic's Lois.md: the page of the rule citing it links all the same.
    let text = "# Lois\n\n1. **Loi de Justice :** rien ne contredit les [Droits Humains][1].\n\
                2. **Loi de Bonne Foi :** aucun joueur ne triche.\n\n\
                [1]:http://www.un.org/fr/documents/udhr/\n";
    let ruleset = crate::parse::read(text.as_bytes(), &Default::default())
        .unwrap()
        .ruleset;
    assert!(!ruleset.rules[1].text.contains("[1]:"));
    let html = RuleText::new()
        .with_references(&ruleset)
        .render(&ruleset.rules[0].text, &in_force(&[]));
    assert!(
        html.contains("<a href=\"http://www.un.org/fr/documents/udhr/\" rel=\"noopener noreferrer\">Droits Humains</a>"),
        "{html}"
    );
    // Without the file's definitions the reference stays text.
    let alone = RuleText::new().render(&ruleset.rules[0].text, &in_force(&[]));
    assert!(alone.contains("[Droits Humains][1]"), "{alone}");
}

#[test]
fn a_citation_of_a_rule_not_in_force_is_marked_not_linked() {
    let html = RuleText::new().render("See Rule 206 and Rule 999.", &in_force(&[206]));
    assert!(html.contains("href=\"206.html#r206\""));
    assert!(!html.contains("999.html"));
    assert!(html
        .contains("<span class=\"dangling\" title=\"Rule 999 is not in this ruleset\">999</span>"));
}

#[test]
fn citations_in_emphasis_and_across_lines_link_but_links_are_not_nested() {
    let text = RuleText::new();
    let html = text.render("per Rule **206** and Rule\n207", &in_force(&[206, 207]));
    assert!(
        html.contains("<strong><a class=\"cite\" href=\"206.html#r206\""),
        "{html}"
    );
    assert!(html.contains("href=\"207.html#r207\""), "{html}");
    let html = text.render("[Rule 206](https://example.org/206)", &in_force(&[206]));
    assert_eq!(html.matches("<a ").count(), 1, "{html}");
    assert!(html.contains("href=\"https://example.org/206\""));
}

#[test]
fn a_range_links_its_ends_and_is_dangling_only_when_empty() {
    let text = RuleText::new();
    let html = text.render("Rules 101-117 hold.", &in_force(&[101, 110]));
    assert!(html.contains("href=\"101.html#r101\""), "{html}");
    assert!(
        !html.contains("117.html") && !html.contains("dangling"),
        "{html}"
    );
    let html = text.render("Rules 301-303 hold.", &in_force(&[101]));
    assert_eq!(html.matches("class=\"dangling\"").count(), 2, "{html}");
}

#[test]
fn raw_html_scripts_events_and_unsafe_links_are_removed() {
    let text = RuleText::new();
    let hostile = [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "<iframe src=\"https://example.org\"></iframe>",
        "[x](javascript:alert(1))",
        "[x](JaVaScRiPt:alert(1))",
        "[x](&#106;avascript:alert(1))",
        "<a href=\"javascript:alert(1)\">x</a>",
        "[x](data:text/html,<script>alert(1)</script>)",
        "<svg onload=alert(1)></svg>",
        "<details open ontoggle=alert(1)>x</details>",
        "<style>body{display:none}</style>",
        "<form action=\"javascript:alert(1)\"><button>go</button></form>",
    ];
    for input in hostile {
        let html = text.render(input, &in_force(&[]));
        let lower = html.to_lowercase();
        for bad in [
            "<script",
            "onerror",
            "onload",
            "ontoggle",
            "javascript:",
            "<iframe",
            "<style",
            "<form",
            "data:",
        ] {
            assert!(!lower.contains(bad), "{input} gave {html}");
        }
    }
    let kept = text.render(
        "[a](https://example.org) [b](mailto:a@b.org) [c](../x.md)",
        &in_force(&[]),
    );
    for href in ["https://example.org", "mailto:a@b.org", "../x.md"] {
        assert!(kept.contains(&format!("href=\"{href}\"")), "{kept}");
    }
}

#[test]
fn only_web_mail_and_relative_links_are_safe() {
    for link in [
        "https://a.org/x",
        "HTTP://a.org",
        "mailto:a@b.org",
        "rules/206.md",
        "#r206",
        "a/b:c",
    ] {
        assert!(safe_href(link), "{link}");
    }
    for link in [
        "javascript:alert(1)",
        " JavaScript:x",
        "java\tscript:x",
        "data:text/html,x",
        "vbscript:x",
        "file:///etc/passwd",
    ] {
        assert!(!safe_href(link), "{link}");
    }
}

#[test]
fn the_summary_is_the_first_words_cut_at_a_word() {
    assert_eq!(
        summary("All **players** must obey."),
        "All players must obey."
    );
    let long = "word ".repeat(40);
    let cut = summary(&long);
    assert!(cut.ends_with("word…"), "{cut}");
    assert!(cut.chars().count() <= 92);
}

proptest::proptest! {
    /// The summary reads the text only until it is certain: it is the same
    /// as the summary of the whole text's words, for words of every length
    /// (one longer than the summary too), markup across word boundaries,
    /// links whose address follows their text, and wide characters.
    #[test]
    fn the_summary_stops_reading_only_where_the_rest_cannot_change_it(
        parts in proptest::collection::vec(
            proptest::prop_oneof![
                "[a-zé]{1,12}",
                "[a-z]{80,100}",
                proptest::strategy::Just(" ".to_string()),
                proptest::strategy::Just("\n\n".to_string()),
                proptest::strategy::Just("**".to_string()),
                proptest::strategy::Just("`x y`".to_string()),
                proptest::strategy::Just("[a b](https://e.org/x)".to_string()),
                proptest::strategy::Just("- ".to_string()),
                proptest::strategy::Just("漢字".to_string()),
            ],
            0..80,
        )
    ) {
        let markdown = parts.concat();
        proptest::prop_assert_eq!(
            summary(&markdown),
            summary_of_plain(&plain_words(&markdown, usize::MAX))
        );
    }
}

fn small() -> Ruleset {
    let mut first = Rule::new(101, "All players obey Rule 102 and Rule 999.");
    first.history.push(HistoryEntry {
        link: Some("javascript:alert(1)".into()),
        ..HistoryEntry::new(HistoryKind::Initial, "Initial immutable Rule 101")
    });
    let mut second = Rule::new(
        102,
        "A <b>turn</b> lasts a day. See [the site](https://example.org).",
    );
    second.history.push(HistoryEntry {
        link: Some("https://example.org/102".into()),
        ..HistoryEntry::new(HistoryKind::Initial, "Initial mutable Rule 102")
    });
    Ruleset::new("Tiny <Nomic>", vec![first, second])
}

#[test]
fn the_site_has_an_index_a_page_per_rule_a_search_index_and_assets() {
    let files = site_files(&small(), &[], &SiteOptions::default()).unwrap();
    let paths: Vec<&str> = files.iter().map(|f| f.path.to_str().unwrap()).collect();
    assert_eq!(
        paths,
        [
            "index.html",
            "rules/101.html",
            "rules/102.html",
            "search-index.js",
            "assets/style.css",
            "assets/site.js",
            "assets/elasticlunr.min.js",
            "assets/elasticlunr.LICENSE.txt"
        ]
    );
    let index = page(&files, "index.html");
    assert!(index.contains("<title>Tiny &lt;Nomic&gt;</title>"));
    assert!(index.contains("<li id=\"r101\"><a href=\"rules/101.html\">"));
    assert!(!index.contains("changes/index.html"));
    let rule = page(&files, "rules/101.html");
    assert!(rule.contains("<article id=\"r101\""));
    assert!(
        rule.contains("<li>Initial immutable Rule 101</li>"),
        "unsafe history link dropped"
    );
    assert!(
        page(&files, "rules/102.html").contains("<a href=\"101.html#r101\">Rule 101</a>"),
        "cited by"
    );
    for file in &files {
        if file.path.extension().is_some_and(|e| e == "html") {
            assert!(file.contents.contains("Content-Security-Policy"));
            assert!(
                !file.contents.contains("<script>"),
                "no inline script in {:?}",
                file.path
            );
        }
    }
}

#[test]
fn the_search_index_is_a_script_setting_one_variable_of_json() {
    let files = site_files(&small(), &[], &SiteOptions::default()).unwrap();
    let js = page(&files, "search-index.js");
    let json = js
        .strip_prefix("window.nomicSearch = ")
        .and_then(|rest| rest.strip_suffix(";\n"))
        .expect("one assignment");
    let data: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(data["index"]["ref"], "id");
    assert_eq!(
        data["docs"]["102"]["title"],
        "A turn lasts a day. See the site (https://example.org)."
    );
    let text_index = &data["index"]["index"]["text"]["root"];
    assert!(
        text_index["t"]["u"]["r"]["n"]["docs"]["102"].is_object(),
        "`turn` is indexed"
    );
}

#[test]
fn versions_give_a_changes_page_each_with_word_changes() {
    let old = small();
    let mut new = small();
    new.rules[1].text = "A turn lasts a week.".into();
    let versions = [
        Version {
            label: "aaaa".into(),
            date: "2020-06-01".into(),
            subject: "First".into(),
            ruleset: old,
        },
        Version {
            label: "bbbb".into(),
            date: "2020-06-08".into(),
            subject: "Longer turns".into(),
            ruleset: new.clone(),
        },
    ];
    let files = site_files(&new, &versions, &SiteOptions::default()).unwrap();
    assert!(page(&files, "index.html").contains("changes/index.html"));
    let changes = page(&files, "changes/index.html");
    assert!(
        changes.find("2.html").unwrap() < changes.find("1.html").unwrap(),
        "newest first"
    );
    let second = page(&files, "changes/2.html");
    assert!(
        second.contains("<a href=\"../rules/102.html#r102\">Rule 102</a> amended"),
        "{second}"
    );
    assert!(
        second.contains("<ins>week</ins>") || second.contains("<ins>week.</ins>"),
        "{second}"
    );
}

#[test]
fn templates_are_overridden_from_the_folder_and_errors_name_the_template() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("site")).unwrap();
    std::fs::write(
        dir.path().join("site/index.html.j2"),
        "{% for s in sections %}{% for r in s.rules %}[{{ r.number }}]{% endfor %}{% endfor %}",
    )
    .unwrap();
    let options = SiteOptions {
        templates: Some(dir.path().to_path_buf()),
        ..SiteOptions::default()
    };
    let files = site_files(&small(), &[], &options).unwrap();
    assert_eq!(page(&files, "index.html"), "[101][102]");
    assert!(
        page(&files, "rules/101.html").contains("<article"),
        "others stay"
    );

    std::fs::write(dir.path().join("site/rule.html.j2"), "{% if %}").unwrap();
    let err = site_files(&small(), &[], &options).unwrap_err().to_string();
    assert!(err.contains("site/rule.html.j2"), "{err}");
}

#[test]
fn a_rule_page_is_stable() {
    let files = site_files(&small(), &[], &SiteOptions::default()).unwrap();
    insta::assert_snapshot!(page(&files, "rules/101.html"));
}

#[test]
fn a_relative_image_becomes_its_alt_text_and_a_web_image_stays() {
    let text = RuleText::new();
    let html = text.render(
        "![the grid](tmp\"grid.png) and ![w](https://example.org/w.png)",
        &in_force(&[]),
    );
    assert!(
        html.contains("<span class=\"image\" title=\"image: tmp&quot;grid.png\">the grid</span>"),
        "{html}"
    );
    assert!(
        html.contains("<img src=\"https://example.org/w.png\" alt=\"w\">"),
        "{html}"
    );
    assert!(!html.contains("<img src=\"tmp"), "{html}");
}

#[test]
fn a_ruleset_with_categories_is_indexed_by_category_with_powers_and_titles() {
    use crate::model::{AgoraRule, AgoraRuleset, Category, Power};
    let mut ruleset = small();
    let mut agora = AgoraRuleset::default();
    for (order, (name, rules)) in [("Players", vec![102]), ("Voting", vec![101])]
        .into_iter()
        .enumerate()
    {
        agora.categories.push(Category {
            name: name.to_string(),
            note: String::new(),
            order,
            rules,
        });
    }
    ruleset.agora = Some(agora);
    ruleset.rules[0].agora = Some(Box::new(AgoraRule {
        title: "Obedience".to_string(),
        power: Power::new("3.0"),
        ..AgoraRule::default()
    }));
    let files = site_files(&ruleset, &[], &SiteOptions::default()).unwrap();
    let index = page(&files, "index.html");
    let players = index.find(">Players</h2>").expect("a heading per category");
    let voting = index.find(">Voting</h2>").expect("a heading per category");
    assert!(players < voting, "categories in the index's order");
    // Rule 102 is filed first, under Players; 101 under Voting, with its
    // title and power.
    let (first, second) = (
        index.find("Rule 102").unwrap(),
        index.find("Rule 101").unwrap(),
    );
    assert!(players < first && first < voting && voting < second);
    assert!(index[voting..].contains("Obedience"));
    assert!(index[voting..].contains("power 3.0"));
}
