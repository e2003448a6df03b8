use crate::{bundled, Test, BUNDLED};

#[test]
fn rendering_a_file_to_its_own_format_gives_back_its_bytes() {
    for name in BUNDLED {
        let out = Test::new()
            .bundled_file(name, name)
            .args(["render", name, "-o", "again"])
            .run()
            .status(0)
            .stderr_empty();
        let again = std::fs::read(out.dir.path().join("again")).unwrap();
        assert!(
            again == std::fs::read(bundled(name)).unwrap(),
            "{name} changed"
        );
    }
}

#[test]
fn converts_to_another_form_on_stdout() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["render", "rules.md", "--to", "txt-short"])
        .run()
        .status(0)
        .stderr_empty();
    assert!(out
        .stdout
        .starts_with("NOMIC IV RULESET (SHORT FORMAT)\n\n====="));
    assert!(out
        .stdout
        .contains("\nRule 101 (IMMUTABLE)\n\n      All players must always"));
    assert!(!out.stdout.contains("History:"));
    assert!(out.stdout.ends_with(&"-".repeat(70)));
}

#[test]
fn canonical_drops_the_quirks_and_from_forces_a_format() {
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["render", "rules.md", "--canonical"])
        .run()
        .status(0);
    assert!(!out.stdout.contains("\n#### *History*"));
    Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["render", "rules.md", "--from", "txt-plain"])
        .run()
        .status(2)
        .stderr_contains("rules.md");
}

#[test]
fn templates_override_the_built_in_ones() {
    let template = "{% macro header(title) %}== {{ title | lower }} ==\n{% endmacro %}\
        {% macro rule(r, last) %}{{ r.number | pad(4) }}: {{ r.text | plain }}\n{% endmacro %}\
        {% macro footer(title) %}{% endmacro %}\
        {{ header(title) }}{% for r in rules %}{{ rule(r, loop.last) }}{% endfor %}";
    let out = Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file("style/md-short.md.j2", template)
        .args([
            "render",
            "rules.md",
            "--to",
            "md-short",
            "--templates",
            "style",
        ])
        .run()
        .status(0)
        .stderr_empty();
    assert!(out
        .stdout
        .starts_with("== nomic iv ruleset (short format) ==\n0101: All players"));
}

#[test]
fn a_broken_template_is_reported_with_its_name_and_line() {
    Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .file(
            "style/txt-long.txt.j2",
            "{% macro header(title) %}\n{{ title\n",
        )
        .args([
            "render",
            "rules.md",
            "--to",
            "txt-long",
            "--templates",
            "style",
        ])
        .run()
        .status(2)
        .stderr_contains("template `txt-long.txt.j2` line");
}

#[test]
fn an_unknown_format_lists_the_known_ones() {
    Test::new()
        .bundled_file("nomic-4-long.md", "rules.md")
        .args(["render", "rules.md", "--to", "pdf"])
        .run()
        .status(2)
        .stderr_contains("md-long");
}
