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
