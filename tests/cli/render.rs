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

/// An md-long file of `rules` generated rules with, when `deep_at` says
/// where, a rule 9999 no text form can write (a list nested 50,000 deep)
/// before the rule of that index.
fn generated_md_long(rules: usize, deep_at: Option<usize>) -> String {
    use nomic::model::Format;
    use nomic::render::{render, RenderOptions};
    let set = nomic::model::synthetic_ruleset(rules, 7);
    let file = render(&set, Format::MdLong, &RenderOptions::default()).unwrap();
    let Some(index) = deep_at else {
        return file;
    };
    let at = file.match_indices("\n## ").nth(index).unwrap().0;
    let deep = format!("\n## 9999/0\n\n{}x\n", "* ".repeat(50_000));
    format!("{}{deep}{}", &file[..at], &file[at..])
}

#[test]
fn a_refusal_after_batches_were_spooled_writes_nothing() {
    // Read a batch at a time, the batches before rule 9999 read back and
    // are spooled before its batch does not: the render refuses, and
    // neither standard output nor the file (there before) gets a byte.
    let text = generated_md_long(600, Some(500));
    for to in ["txt-long", "txt-plain"] {
        let out = Test::new()
            .file("rules-l.md", &text)
            .file("out.txt", "old")
            .args(["render", "rules-l.md", "--to", to])
            .run()
            .status(2)
            .stderr_contains("rule 9999 would not say what it says now")
            .stderr_contains("nothing was written");
        assert!(out.stdout.is_empty(), "{to}");
        let out = out
            .then()
            .args(["render", "rules-l.md", "--to", to, "-o", "out.txt"])
            .run()
            .status(2)
            .stderr_contains("nothing was written");
        assert_eq!(out.read("out.txt"), "old");
        let files = std::fs::read_dir(out.dir.path()).unwrap().count();
        assert_eq!(files, 2, "{to}: no temporary file is left behind");
    }
}

#[test]
fn a_spooled_render_is_the_same_on_stdout_in_a_file_and_without_a_temporary_folder() {
    // Spooled into an unnamed temporary file, then copied out; where no
    // temporary file can be made, held in memory: the same bytes.
    let text = generated_md_long(300, None);
    for to in ["txt-long", "md-short", "txt-plain"] {
        let out = Test::new()
            .file("rules-l.md", &text)
            .args(["render", "rules-l.md", "--to", to])
            .run()
            .status(0)
            .stderr_empty();
        let held = out
            .then()
            .env("TMPDIR", "/nonexistent/nomic-no-such-folder")
            .args(["render", "rules-l.md", "--to", to])
            .run()
            .status(0)
            .stderr_empty();
        assert!(held.stdout == out.stdout, "{to}");
        let written = out
            .then()
            .args(["render", "rules-l.md", "--to", to, "-o", "out"])
            .run()
            .status(0)
            .stderr_empty();
        assert!(written.read("out") == out.stdout, "{to}");
        // Written again, the same: left alone.
        let again = written
            .then()
            .args(["render", "rules-l.md", "--to", to, "-o", "out"])
            .run()
            .status(0);
        assert!(again.read("out") == out.stdout, "{to}");
    }
}
