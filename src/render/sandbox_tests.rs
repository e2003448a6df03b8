//! A templates folder is a sandbox: these are the ways out that are shut.

use crate::model::{Format, Rule, Ruleset};
use crate::render::{render, RenderError, RenderOptions};
use std::fs;
use std::path::Path;

fn ruleset() -> Ruleset {
    Ruleset::new("RULES", vec![Rule::new(7, "Be kind.")])
}

/// Renders md-short with `md-short.md.j2` (and other files) in a folder.
fn render_with(files: &[(&str, &str)]) -> (tempfile::TempDir, Result<String, RenderError>) {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        fs::write(dir.path().join(name), text).unwrap();
    }
    let options = RenderOptions {
        canonical: true,
        templates: Some(dir.path().to_path_buf()),
    };
    let out = render(&ruleset(), Format::MdShort, &options);
    (dir, out)
}

/// A form's template whose header is `header` (and whose rules and
/// footer write nothing).
fn writing(header: &str) -> String {
    format!(
        "{{% macro header(title) %}}{header}{{% endmacro %}}\
         {{% macro rule(r, last) %}}{{% endmacro %}}\
         {{% macro footer(title) %}}{{% endmacro %}}"
    )
}

fn error_of(files: &[(&str, &str)]) -> String {
    match render_with(files).1 {
        Ok(out) => panic!("rendered: {out:?}"),
        Err(err) => err.to_string(),
    }
}

#[test]
fn a_huge_pad_is_an_error_not_a_panic() {
    let message = error_of(&[("md-short.md.j2", &writing("{{ 7 | pad(70000) }}"))]);
    assert!(
        message.contains("template `md-short.md.j2` line 1")
            && message.contains("pad width 70000 is out of bounds; use a value from 0 to 32"),
        "{message}"
    );
    let (_, out) = render_with(&[("md-short.md.j2", &writing("{{ 7 | pad(4) }}"))]);
    assert_eq!(out.unwrap(), "0007");
}

#[test]
fn widths_of_rulers_wraps_and_indents_are_bounded() {
    for (template, what) in [
        ("{{ ruler('-', 100000000) }}", "ruler width"),
        ("{{ ruler('-' * 1000, 10) }}", "ruler fill length"),
        ("{{ 'a b' | wrap(0) }}", "wrap width"),
        ("{{ 'a b' | wrap(70, 100000000) }}", "wrap indent"),
        ("{{ 'a\nb' | indent(100000000) }}", "indent width"),
    ] {
        let message = error_of(&[("md-short.md.j2", &writing(template))]);
        assert!(message.contains(what), "{template}: {message}");
    }
    let indented = writing("{{ 'a\n\nb' | indent(2) }}");
    let (_, out) = render_with(&[("md-short.md.j2", &indented)]);
    assert_eq!(out.unwrap(), "a\n\n  b");
}

#[test]
fn an_endless_loop_runs_out_of_fuel_and_says_what_to_change() {
    // The same limit as `environment`'s, lower so the test is quick.
    let env = super::environment_with_fuel(None, 1_000_000);
    let source = "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}";
    let err = env.render_str(source, ()).unwrap_err();
    let message = super::template_error(&err, "loop.j2").to_string();
    assert!(
        message.contains("ran out of fuel") && message.contains("loop or recursion"),
        "{message}"
    );
    let message = error_of(&[(
        "md-short.md.j2",
        "{% macro deep(n) %}{{ deep(n + 1) }}{% endmacro %}{{ deep(0) }}",
    )]);
    assert!(message.contains("recursion"), "{message}");
    // The bundled templates fit the fuel with room to spare.
    let big = crate::model::synthetic_ruleset(2000, 1);
    for format in Format::WHOLE_RULESET {
        render(&big, format, &RenderOptions::default()).unwrap();
    }
}

#[test]
fn output_far_larger_than_the_ruleset_is_refused() {
    let message = error_of(&[(
        "md-short.md.j2",
        &writing("{% for a in range(100000) %}{{ 'x' * 1000 }}{% endfor %}"),
    )]);
    assert!(message.contains("the output is over"), "{message}");
}

#[cfg(unix)]
#[test]
fn a_link_out_of_the_folder_is_refused() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("passwd");
    fs::write(&secret, "root:x:0:0").unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(&secret, dir.path().join("secret.j2")).unwrap();
    fs::write(
        dir.path().join("md-short.md.j2"),
        writing("{% include \"secret.j2\" %}"),
    )
    .unwrap();
    let options = RenderOptions {
        canonical: true,
        templates: Some(dir.path().to_path_buf()),
    };
    let message = render(&ruleset(), Format::MdShort, &options)
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("outside the templates folder") && !message.contains("root:x"),
        "{message}"
    );
    // A link to a file inside the folder is fine.
    fs::write(dir.path().join("real.j2"), "inside").unwrap();
    fs::remove_file(dir.path().join("secret.j2")).unwrap();
    std::os::unix::fs::symlink("real.j2", dir.path().join("secret.j2")).unwrap();
    assert_eq!(
        render(&ruleset(), Format::MdShort, &options).unwrap(),
        "inside"
    );
}

#[test]
fn a_name_that_climbs_out_is_refused() {
    let message = error_of(&[("md-short.md.j2", "{% include \"../x.j2\" %}")]);
    assert!(message.contains("leaves the templates folder"), "{message}");
    let message = error_of(&[("md-short.md.j2", "{% include \"/etc/passwd\" %}")]);
    assert!(message.contains("leaves the templates folder"), "{message}");
}

#[cfg(unix)]
#[test]
fn a_fifo_in_the_folder_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.j2");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    fs::write(
        dir.path().join("md-short.md.j2"),
        "{% include \"pipe.j2\" %}",
    )
    .unwrap();
    let options = RenderOptions {
        canonical: true,
        templates: Some(dir.path().to_path_buf()),
    };
    let message = render(&ruleset(), Format::MdShort, &options)
        .unwrap_err()
        .to_string();
    assert!(message.contains("not a plain file"), "{message}");
    assert!(Path::new(&fifo).exists());
}

#[test]
fn an_unknown_variable_says_what_templates_see() {
    let message = error_of(&[("md-short.md.j2", "line one\n{{ rulez }}")]);
    assert!(
        message.contains("template `md-short.md.j2` line 2")
            && message.contains("templates see `title` and `rules`"),
        "{message}"
    );
}
