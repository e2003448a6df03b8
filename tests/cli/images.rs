//! Per-rule pages link images from their own folder (`rules/md/319.md`
//! holds `../../images/319.png`), and `check` resolves an image against the
//! folder of the file that holds it.

use crate::Test;

const RULESET: &str = "# RULES (LONG FORMAT)
---
## 101/0 (IMMUTABLE)

All players must always abide by all the rules then in effect.

##### *History*

*Initial immutable Rule 101, Jun 1, 2020*

## 319/0

The score graph:

![319 graph](images/319.png)

The logo: ![logo](https://example.org/logo.png) and the seal ![seal](/seal.png).

##### *History*

*Enacted by Proposal 319 (Sauce), Jun 3, 2020 (R1T1)*
";

fn built() -> crate::test::Output {
    Test::new()
        .file("rules.md", RULESET)
        .file("images/319.png", "png")
        .args(["build", "rules.md", "-o", "."])
        .run()
        .status(0)
}

#[test]
fn per_rule_pages_link_images_from_their_folder_and_long_pages_keep_them() {
    let out = built();
    assert_eq!(
        out.read("rules/md/319.md"),
        "## 319/0\n\nThe score graph:\n\n![319 graph](../../images/319.png)\n\n\
         The logo: ![logo](https://example.org/logo.png) and the seal ![seal](/seal.png)."
    );
    assert_eq!(
        out.read("rules/txt/319.txt"),
        "Rule 319/0\n\nThe score graph:\n\n[image: 319 graph (../../images/319.png)]\n\n\
         The logo: [image: logo (https://example.org/logo.png)] and the seal [image: seal \
         (/seal.png)]."
    );
    let long = out.read("rules-l.md");
    assert!(long.contains("\n![319 graph](images/319.png)\n"), "{long}");
    assert!(!long.contains("../"), "{long}");
    assert!(out
        .read("rules-l.txt")
        .contains("[image: 319 graph (images/319.png)]"));
    assert!(out.read("rules-s.md").contains("](images/319.png)"));
    // A second build finds every page up to date.
    out.then()
        .args(["build", "rules.md", "-o", ".", "--check"])
        .run()
        .status(0)
        .stdout_contains("Everything is up to date.");
}

#[test]
fn check_resolves_images_from_the_folder_of_the_page() {
    let out = built();
    // The page's `../../images/319.png` is the published `images/319.png`.
    out.then()
        .args(["check", "rules/md/319.md"])
        .run()
        .status(0)
        .stdout_contains("1 file checked: 0 errors");
    // The source's own `images/319.png` is resolved from the source's folder.
    out.then().args(["check", "rules.md"]).run().status(0);
    std::fs::remove_file(out.dir.path().join("images/319.png")).unwrap();
    out.then()
        .args(["check", "rules/md/319.md"])
        .run()
        .status(1)
        .stdout_contains(
            "error[N801]: image `../../images/319.png` in rule 319 does not exist\n \
             --> rules/md/319.md:5:14",
        )
        .stdout_contains("no file images/319.png")
        .stdout_contains("1 file checked: 1 error");
}

/// A PNG's first bytes and more that are not UTF-8: copied as bytes.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe";

#[test]
fn an_image_is_copied_into_another_output_folder_and_its_website() {
    let out = Test::new()
        .file("rules.md", RULESET)
        .file("images/319.png", PNG)
        .args(["build", "rules.md", "-o", "out"])
        .run()
        .status(0);
    let root = out.dir.path();
    // Beside the forms, where the pages' `../../images/319.png` points.
    assert_eq!(std::fs::read(root.join("out/images/319.png")).unwrap(), PNG);
    // In the website, where its rule page shows it.
    assert_eq!(
        std::fs::read(root.join("out/site/images/319.png")).unwrap(),
        PNG
    );
    let page = out.read("out/site/rules/319.html");
    assert!(
        page.contains("<img src=\"../images/319.png\" alt=\"319 graph\">"),
        "{page}"
    );
    // URLs stay as they are; an absolute path is no file to copy: its alt
    // text stands in, with the path.
    assert!(
        page.contains("src=\"https://example.org/logo.png\""),
        "{page}"
    );
    assert!(
        page.contains("<span class=\"image\" title=\"image: /seal.png\">seal"),
        "{page}"
    );
    out.then()
        .args(["build", "rules.md", "-o", "out", "--check"])
        .run()
        .status(0);
}

#[test]
fn an_image_path_leaving_the_source_folder_is_not_copied_and_keeps_its_placeholder() {
    let ruleset = RULESET.replace("images/319.png", "../secret.png");
    let out = Test::new()
        .file("game/rules.md", ruleset)
        .file("secret.png", PNG)
        .args(["build", "game/rules.md", "-o", "out"])
        .run()
        .status(0);
    assert!(!out.exists("out/secret.png"));
    assert!(!out.exists("out/site/secret.png"));
    let page = out.read("out/site/rules/319.html");
    assert!(page.contains("class=\"image\""), "{page}");
    assert!(!page.contains("<img src=\"../../secret.png\""), "{page}");
}

#[test]
fn an_image_that_leads_out_of_the_source_folder_is_named_and_not_copied() {
    let test = Test::new()
        .file("game/rules.md", RULESET)
        .file("secret.png", PNG);
    std::fs::create_dir_all(test.path().join("game/images")).unwrap();
    std::os::unix::fs::symlink(
        test.path().join("secret.png"),
        test.path().join("game/images/319.png"),
    )
    .unwrap();
    let out = test
        .args(["build", "game/rules.md", "-o", "out"])
        .run()
        .status(0)
        .stderr_contains("note: images/319.png is shown by a rule but is not a file in game");
    assert!(!out.exists("out/images/319.png"));
    assert!(!out.exists("out/site/images/319.png"));
}

#[test]
fn a_missing_image_is_left_to_check() {
    let out = Test::new()
        .file("rules.md", RULESET)
        .args(["build", "rules.md", "-o", "out"])
        .run()
        .status(0)
        .stderr_empty();
    assert!(!out.exists("out/images/319.png"));
    // The website stands in for it rather than show a broken image.
    let page = out.read("out/site/rules/319.html");
    assert!(
        page.contains("<span class=\"image\" title=\"image: images/319.png\">319 graph"),
        "{page}"
    );
    out.then()
        .args(["check", "rules.md"])
        .run()
        .status(1)
        .stdout_contains("image `images/319.png` in rule 319 does not exist");
}
