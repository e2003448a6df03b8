use crate::Test;

#[test]
fn lists_every_format_name() {
    let out = Test::new().arg("formats").run().status(0).stderr_empty();
    for name in [
        "md-long",
        "md-short",
        "txt-long",
        "txt-short",
        "txt-plain",
        "md-rule",
        "txt-rule",
        "json",
    ] {
        assert!(out.stdout.contains(name), "{name} missing:\n{}", out.stdout);
    }
}

#[test]
fn unknown_command_is_a_usage_error() {
    Test::new()
        .arg("frobnicate")
        .run()
        .status(2)
        .stderr_contains("unrecognized subcommand");
}
