//! Temporary rules become rules without a proposal: no number is made up
//! for them, the history line names the temporary rule alone, and the
//! docs' example uses a number no real ruleset here uses.

use crate::{bundled, git, Test};
use std::fs;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The example under **Temporary rules.** in docs/amend.md.
fn docs_example() -> String {
    let docs = fs::read_to_string(root().join("docs/amend.md")).unwrap();
    let section = &docs[docs.find("**Temporary rules.**").unwrap()..];
    let start = section.find("```markdown\n").unwrap() + "```markdown\n".len();
    section[start..start + section[start..].find("```").unwrap()].to_string()
}

#[test]
fn the_docs_example_needs_no_proposal_and_collides_with_no_real_number() {
    let example = docs_example();
    assert!(!example.contains("Proposal"), "{example}");
    let number = example
        .strip_prefix("Temporary Rule ")
        .and_then(|rest| rest.split(' ').next())
        .expect("the example makes a temporary rule a rule");
    let word = |text: &str| {
        text.split(|c: char| !c.is_ascii_digit())
            .any(|digits| digits == number)
    };
    for dir in ["rulesets", "tests/fixtures/weeks"] {
        let folder = root().join(dir);
        for file in crate::files_under(&folder)
            .iter()
            .map(|file| folder.join(file))
        {
            let text = String::from_utf8_lossy(&fs::read(&file).unwrap()).into_owned();
            assert!(!word(&text), "{} uses {number}", file.display());
        }
    }
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file("temporary.md", &example)
        .args(["apply", "rules.md", "temporary.md"])
        .run()
        .status(0);
    let created = format!("*Created from Temporary Rule {number} (Sauce), Sep 2, 2020 (R6T4)*");
    let rule = out
        .stdout
        .split(&format!("## {number}/0\n"))
        .nth(1)
        .expect("the new rule");
    assert!(rule.contains(&created), "{rule}");
    assert!(!rule.contains("Proposal"), "no proposal is named:\n{rule}");
}

#[test]
fn nomic_iv_rule_601_comes_back_from_its_temporary_rule_alone() {
    let long = fs::read_to_string(bundled("nomic-4-long.md")).unwrap();
    let at = long
        .find("\n## 601/0\n")
        .expect("rule 601 is the last rule");
    let test = Test::new()
        .file("rules.md", format!("{}\n", &long[..at]))
        .file(
            "601.md",
            "Temporary Rule 601 (Fenris Wolf), Aug 14, 2020 (R5T8) becomes a rule:\n\
             > If you publically indulge in prose, then you can have 10 beans when you do so.\n",
        );
    let root = test.path().to_path_buf();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "rules.md"]);
    git(&root, &["commit", "-q", "-m", "start"]);
    let out = test
        .git_user()
        .args(["apply", "rules.md", "601.md", "--commit"])
        .run()
        .status(0)
        .stderr_contains("changed Rule 601");
    let written = out.read("rules.md");
    assert!(
        written.ends_with(
            "## 601/0\n\nIf you publically indulge in prose, then you can have 10 beans when \
             you do so.\n\n##### *History*\n\n\
             *Created from Temporary Rule 601 (Fenris Wolf), Aug 14, 2020 (R5T8)*\n"
        ),
        "{}",
        &written[at..]
    );
    assert_eq!(
        git(&root, &["log", "--format=%s"]),
        "Apply Temporary Rule 601\nApply Temporary Rule 601: rule pages\nstart"
    );
}

#[test]
fn without_a_proposal_only_temporary_rules_may_stand() {
    Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file(
            "p.md",
            "Temporary Rule 650 becomes a rule:\n> x\nRepeal Rule 304.\n",
        )
        .args(["apply", "rules.md", "p.md"])
        .run()
        .status(2)
        .stderr_contains("cannot repeal a rule without a proposal")
        .stderr_contains("p.md:3:1");
}
