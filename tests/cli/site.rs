use crate::{git, Test};

#[test]
fn site_writes_an_index_a_page_per_rule_the_search_index_and_assets() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["site", "rules.md", "-o", "web"])
        .run()
        .status(0)
        .stderr_empty()
        .stdout_contains("rules.md → web: 63 files, 63 written, 0 unchanged")
        .stdout_contains("Open web/index.html in a browser.");
    let index = out.read("web/index.html");
    for number in [101, 117, 201, 219] {
        assert!(index.contains(&format!(
            "<li id=\"r{number}\"><a href=\"rules/{number}.html\">"
        )));
        assert!(out.exists(&format!("web/rules/{number}.html")));
    }
    assert!(out
        .read("web/search-index.js")
        .starts_with("window.nomicSearch = {"));
    assert!(out.exists("web/assets/elasticlunr.min.js"));
    assert!(out.exists("web/assets/elasticlunr.LICENSE.txt"));
    assert!(!out.exists("web/changes"), "not in a git repository");
}

#[test]
fn a_second_run_rewrites_nothing_and_pages_of_rules_gone_are_removed() {
    let test = Test::new().bundled_file("nomic-4-long.md", "rules.md");
    std::fs::create_dir_all(test.path().join("web/rules")).unwrap();
    std::fs::write(test.path().join("web/rules/999.html"), "old").unwrap();
    std::fs::write(test.path().join("web/rules/notes.html"), "mine").unwrap();
    let out = test
        .args(["site", "rules.md", "-o", "web"])
        .run()
        .status(0)
        .stdout_contains(", 1 removed");
    assert!(!out.exists("web/rules/999.html"));
    assert!(
        out.exists("web/rules/notes.html"),
        "files nomic did not write stay"
    );
}

#[test]
fn in_a_git_repository_every_committed_version_gets_a_changes_page() {
    let test = Test::new().bundled_file("nomic-4-long.md", "rules.md");
    let dir = test.path().to_path_buf();
    git(&dir, &["init", "-q"]);
    git(&dir, &["add", "rules.md"]);
    git(&dir, &["commit", "-qm", "Nomic IV as it began"]);
    let text = std::fs::read_to_string(dir.join("rules.md")).unwrap();
    let amended = text.replacen(
        "The length of a turn defaults to 24 hours.",
        "The length of a turn defaults to 48 hours.",
        1,
    );
    assert_ne!(text, amended);
    std::fs::write(dir.join("rules.md"), amended).unwrap();
    git(&dir, &["commit", "-qam", "Proposal 400: longer turns"]);

    let out = test
        .args(["site", "rules.md", "-o", "web"])
        .run()
        .status(0)
        .stdout_contains("changes of 2 versions");
    let changes = out.read("web/changes/index.html");
    assert!(changes.contains("Proposal 400: longer turns"));
    assert!(changes.contains("1 rule changed"));
    let page = out.read("web/changes/2.html");
    assert!(
        page.contains("<a href=\"../rules/206.html#r206\">Rule 206</a> amended"),
        "{page}"
    );
    assert!(page.contains("<del>24</del><ins>48</ins>"), "{page}");
    assert!(out
        .read("web/index.html")
        .contains("href=\"changes/index.html\""));
}

#[test]
fn git_outside_a_repository_fails() {
    Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["site", "rules.md", "-o", "web", "--git"])
        .run()
        .status(2)
        .stderr_contains("--git: cannot read the history of rules.md");
}

#[test]
fn a_broken_template_names_itself_and_writes_nothing() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file("tpl/site/rule.html.j2", "{% for %}")
        .args(["site", "rules.md", "-o", "web", "--templates", "tpl"])
        .run()
        .status(2)
        .stderr_contains("site/rule.html.j2");
    assert!(!out.exists("web"));
}

#[test]
fn build_writes_the_site_beside_the_other_forms() {
    let out = Test::new()
        .bundled_file("nomic-3.md", "rules.md")
        .args(["build", "rules.md", "-o", "out"])
        .run()
        .status(0);
    assert!(out.exists("out/rules-l.md"));
    assert!(out.exists("out/site/index.html"));
    assert!(out.exists("out/site/search-index.js"));
    assert!(out
        .read("out/site/rules/301.html")
        .contains("<h1 id=\"h301\">Rule 301</h1>"));
}
