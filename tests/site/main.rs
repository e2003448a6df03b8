//! The website in a real browser: the site of every ruleset in `rulesets/`
//! (and of a hostile fixture), built with `nomic site` and opened from
//! `file://` in headless Chromium.
//!
//! Without Chromium and chromedriver the tests skip with a loud message;
//! with `CI` set they fail instead.

mod browser;
#[path = "../common/skip.rs"]
mod skip;

use browser::Browser;
use fantoccini::Locator;
use nomic::parse::{self, ReadOptions};
use nomic::render::text::markdown_to_text;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A built site and the rules it was built from.
struct Site {
    name: String,
    _dir: tempfile::TempDir,
    root: PathBuf,
    /// Each rule once (the last of a number), with its text as plain text.
    rules: BTreeMap<u32, String>,
}

impl Site {
    fn page(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    fn rule_page(&self, number: u32) -> PathBuf {
        self.page(&format!("rules/{number}.html"))
    }
}

fn build(source: &Path) -> Site {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path().join("site");
    let out = Command::new(env!("CARGO_BIN_EXE_nomic"))
        .arg("site")
        .arg(source)
        .arg("-o")
        .arg(&root)
        .arg("--no-git")
        .output()
        .expect("nomic runs");
    assert!(
        out.status.success(),
        "nomic site {}: {}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(source).expect("the ruleset reads");
    let parsed = parse::read(&bytes, &ReadOptions::default()).expect("the ruleset parses");
    let rules = parsed
        .ruleset
        .rules
        .iter()
        .map(|rule| (rule.number, markdown_to_text(&rule.text)))
        .collect();
    Site {
        name: source.file_stem().unwrap().to_string_lossy().into_owned(),
        _dir: dir,
        root,
        rules,
    }
}

/// Every ruleset file in `rulesets/`.
fn bundled() -> Vec<Site> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("rulesets/ reads")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .filter(|path| !path.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    sources.sort();
    assert!(!sources.is_empty(), "rulesets/ has rulesets");
    sources.iter().map(|source| build(source)).collect()
}

fn hostile() -> Site {
    build(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site/xss.md"))
}

async fn wait_for(browser: &Browser, css: &str) -> fantoccini::elements::Element {
    browser
        .client
        .wait()
        .at_most(Duration::from_secs(20))
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|err| panic!("no {css}: {err}"))
}

#[tokio::test(flavor = "current_thread")]
async fn every_rule_is_on_the_index_and_has_its_page_without_console_errors() {
    let Some(browser) = browser::start().await else {
        return;
    };
    for site in bundled() {
        browser.open(&site.page("index.html")).await;
        let listed = browser
            .eval("return Array.from(document.querySelectorAll('ol.rules > li')).map(li => li.id)")
            .await;
        let expected: Vec<String> = site.rules.keys().map(|n| format!("r{n}")).collect();
        let listed: Vec<String> = serde_json::from_value(listed).unwrap();
        let mut sorted = listed.clone();
        sorted.sort_by_key(|id| id[1..].parse::<u32>().unwrap());
        assert_eq!(
            sorted, expected,
            "{}: the index lists every rule once",
            site.name
        );
        for number in site.rules.keys() {
            browser.open(&site.rule_page(*number)).await;
            let heading = browser
                .eval(&format!(
                    "const a = document.getElementById('r{number}'); \
                     return a && a.querySelector('h1').textContent"
                ))
                .await;
            assert_eq!(
                heading,
                format!("Rule {number}"),
                "{}: rule {number}",
                site.name
            );
        }
        let errors = browser.console_errors().await;
        assert!(
            errors.is_empty(),
            "{}: console errors {errors:#?}",
            site.name
        );
    }
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn clicking_a_citation_lands_on_the_cited_rule_and_dangling_ones_are_marked() {
    let Some(browser) = browser::start().await else {
        return;
    };
    let mut clicked = 0;
    for site in bundled() {
        // The first rule page with a citation link.
        let Some(number) = site.rules.keys().copied().find(|n| {
            std::fs::read_to_string(site.rule_page(*n))
                .unwrap()
                .contains("class=\"cite\"")
        }) else {
            continue;
        };
        browser.open(&site.rule_page(number)).await;
        let link = wait_for(&browser, "article a.cite").await;
        let cited = link.text().await.unwrap();
        link.click().await.unwrap();
        let target = browser
            .eval("const t = document.querySelector(':target'); return t && t.id")
            .await;
        assert_eq!(target, format!("r{cited}"), "{}: rule {number}", site.name);
        let url = browser.client.current_url().await.unwrap();
        assert!(
            url.as_str()
                .ends_with(&format!("/rules/{cited}.html#r{cited}")),
            "{url}"
        );
        clicked += 1;
    }
    assert!(clicked >= 3, "most bundled rulesets have citations");

    let site = hostile();
    browser.open(&site.rule_page(101)).await;
    let marked = browser
        .eval(
            "return Array.from(document.querySelectorAll('article .dangling')).map(e => \
             [e.textContent, e.closest('a') === null, getComputedStyle(e).textDecorationLine])",
        )
        .await;
    assert_eq!(marked, serde_json::json!([["999", true, "line-through"]]));
    browser.close().await;
}

/// A word of at least seven letters that only one rule's text has, and
/// whose first five letters no other rule's text has (so that no stemmed
/// or prefix match elsewhere can outrank it).
fn unique_word(site: &Site) -> Option<(u32, String)> {
    let lower: BTreeMap<u32, String> = site
        .rules
        .iter()
        .map(|(n, text)| (*n, text.to_lowercase()))
        .collect();
    for (number, text) in &lower {
        for word in text.split(|c: char| !c.is_ascii_alphabetic()) {
            if word.len() < 7 {
                continue;
            }
            let prefix = &word[..5];
            if lower
                .iter()
                .all(|(other, text)| other == number || !text.contains(prefix))
            {
                return Some((*number, word.to_string()));
            }
        }
    }
    None
}

#[tokio::test(flavor = "current_thread")]
async fn typing_a_word_only_one_rule_has_lists_that_rule_first() {
    let Some(browser) = browser::start().await else {
        return;
    };
    let mut searched = 0;
    for site in bundled().into_iter().chain([hostile()]) {
        let Some((number, word)) = unique_word(&site) else {
            continue;
        };
        browser.open(&site.page("index.html")).await;
        // `/` focuses the search box.
        let body = browser.client.find(Locator::Css("body")).await.unwrap();
        body.send_keys("/").await.unwrap();
        let focused = browser.eval("return document.activeElement.id").await;
        assert_eq!(
            focused, "search",
            "{}: `/` focuses the search box",
            site.name
        );
        let active = browser.client.active_element().await.unwrap();
        active.send_keys(&word).await.unwrap();
        let first = wait_for(&browser, "#search-results li a").await;
        let text = first.text().await.unwrap();
        assert!(
            text.starts_with(&format!("Rule {number}")),
            "{}: `{word}` lists {text:?} first, not rule {number}",
            site.name
        );
        // Search by number, too.
        active.clear().await.unwrap();
        active.send_keys(&number.to_string()).await.unwrap();
        browser
            .client
            .wait()
            .at_most(Duration::from_secs(10))
            .for_element(Locator::XPath(&format!(
                "//ol[@id='search-results']/li[1]/a/span[.='Rule {number}']"
            )))
            .await
            .unwrap_or_else(|_| panic!("{}: searching {number} lists it first", site.name));
        let errors = browser.console_errors().await;
        assert!(
            errors.is_empty(),
            "{}: console errors {errors:#?}",
            site.name
        );
        searched += 1;
    }
    assert!(searched >= 3, "most rulesets have a word of their own");
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn pages_fit_a_375_pixel_phone_without_horizontal_scrolling() {
    let Some(browser) = browser::start().await else {
        return;
    };
    browser.client.set_window_size(375, 812).await.unwrap();
    let width = browser.eval("return window.innerWidth").await;
    assert!(width.as_u64().unwrap() <= 375, "viewport {width}");
    for site in bundled() {
        let longest = site
            .rules
            .iter()
            .max_by_key(|(_, text)| text.len())
            .map(|(n, _)| *n)
            .unwrap();
        for page in [site.page("index.html"), site.rule_page(longest)] {
            browser.open(&page).await;
            let fits = browser
                .eval(
                    "return [document.documentElement.scrollWidth, \
                     document.documentElement.clientWidth]",
                )
                .await;
            let [scroll, client]: [u64; 2] = serde_json::from_value(fits).unwrap();
            assert!(
                scroll <= client,
                "{}: {page:?} scrolls sideways ({scroll} > {client})",
                site.name
            );
        }
        if site.name == "nomic-4-long" {
            browser.screenshot("phone-rule.png").await;
            browser.open(&site.page("index.html")).await;
            browser.screenshot("phone-index.png").await;
        }
    }
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn hostile_rule_text_executes_nothing() {
    let Some(browser) = browser::start().await else {
        return;
    };
    let site = hostile();
    let mut pages = vec![site.page("index.html")];
    pages.extend(site.rules.keys().map(|n| site.rule_page(*n)));
    for page in pages {
        browser.open(&page).await;
        // Everything a payload could trigger: a click on every link in the
        // rule text, and search results for the payload words.
        let links = browser
            .client
            .find_all(Locator::Css("article .text a"))
            .await
            .unwrap();
        for link in &links {
            let href = link.attr("href").await.unwrap().unwrap_or_default();
            if href.is_empty() {
                let _ = link.click().await;
            }
        }
        let search = browser.client.find(Locator::Css("#search")).await.unwrap();
        search.send_keys("script onerror iframe").await.unwrap();
        wait_for(&browser, "#search-results li").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(
            browser.client.get_alert_text().await.is_err(),
            "{page:?}: an alert is open"
        );
        let effects = browser
            .eval(
                "return { pwned: typeof window.__pwned === 'undefined' ? null : String(window.__pwned), \
                 scripts: Array.from(document.scripts).map(s => s.getAttribute('src')), \
                 frames: document.querySelectorAll('iframe, object, embed, form, style').length, \
                 handlers: Array.from(document.querySelectorAll('*')).filter(e => \
                   Array.from(e.attributes).some(a => a.name.startsWith('on'))).length, \
                 unsafe: Array.from(document.querySelectorAll('[href], [src]')).filter(e => \
                   /^\\s*(javascript|data|vbscript):/i.test(e.getAttribute('href') || e.getAttribute('src'))).length }",
            )
            .await;
        assert_eq!(
            effects["pwned"],
            serde_json::Value::Null,
            "{page:?}: {effects}"
        );
        assert_eq!(effects["frames"], 0, "{page:?}: {effects}");
        assert_eq!(effects["handlers"], 0, "{page:?}: {effects}");
        assert_eq!(effects["unsafe"], 0, "{page:?}: {effects}");
        for src in effects["scripts"].as_array().unwrap() {
            let src = src.as_str().unwrap_or("inline");
            assert!(
                src.ends_with("assets/site.js")
                    || src.ends_with("assets/elasticlunr.min.js")
                    || src.ends_with("search-index.js"),
                "{page:?}: script {src}"
            );
        }
    }
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn screenshots_of_the_index_a_rule_page_and_search_results() {
    let Some(browser) = browser::start().await else {
        return;
    };
    let site = build(&Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/nomic-4-long.md"));
    browser.open(&site.page("index.html")).await;
    browser.screenshot("index.png").await;
    browser.open(&site.rule_page(101)).await;
    browser.screenshot("rule.png").await;
    let search = browser.client.find(Locator::Css("#search")).await.unwrap();
    search.send_keys("judge").await.unwrap();
    wait_for(&browser, "#search-results li").await;
    browser.screenshot("search.png").await;
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/site-screenshots");
    for name in ["index.png", "rule.png", "search.png"] {
        let size = std::fs::metadata(shots.join(name)).unwrap().len();
        assert!(size > 10_000, "{name} is a real picture ({size} bytes)");
    }
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn without_javascript_everything_but_search_works() {
    let Some(browser) = browser::start_with(&["--blink-settings=scriptEnabled=false"]).await else {
        return;
    };
    let site = build(&Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/nomic-4-long.md"));
    browser.open(&site.page("index.html")).await;
    let search = browser
        .client
        .find(Locator::Css("#search-area"))
        .await
        .unwrap();
    assert!(
        !search.is_displayed().await.unwrap(),
        "the search box is hidden"
    );
    let first = browser
        .client
        .find(Locator::Css("ol.rules li a"))
        .await
        .unwrap();
    first.click().await.unwrap();
    let url = browser.client.current_url().await.unwrap();
    assert!(url.as_str().ends_with("/rules/101.html"), "{url}");
    let cite = wait_for(&browser, "article a.cite").await;
    let cited = cite.text().await.unwrap();
    cite.click().await.unwrap();
    let url = browser.client.current_url().await.unwrap();
    assert!(url.as_str().ends_with(&format!("#r{cited}")), "{url}");
    let history = browser
        .client
        .find_all(Locator::Css(".history a"))
        .await
        .unwrap();
    assert!(!history.is_empty(), "history links are there");
    browser.close().await;
}
