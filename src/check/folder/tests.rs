use super::*;
use crate::parse::read_folder_source;

/// The findings of a folder holding `files` (path in the folder, text),
/// with the folder's path.
fn checked(files: &[(&str, &str)]) -> (tempfile::TempDir, Vec<FileFindings>) {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let read = read_folder_source(dir.path(), u64::MAX).unwrap().unwrap();
    let found = check_folder(&read, dir.path());
    (dir, found)
}

fn file<'f>(found: &'f [FileFindings], name: &str) -> &'f FileFindings {
    found
        .iter()
        .find(|file| file.name.ends_with(&format!("/{name}")))
        .unwrap_or_else(|| panic!("no {name} in {found:?}"))
}

fn codes(file: &FileFindings) -> Vec<String> {
    file.findings.iter().map(|f| f.code.to_string()).collect()
}

#[test]
fn each_file_gets_its_own_text_and_findings_with_spans_into_it() {
    let a = "RULE: 101\n\nAll players abide by the rules.\n";
    let b = "RULE: 102\n\nThis rule yields to Rule 999 always.\n";
    let (_dir, found) = checked(&[("a.md", a), ("b.md", b)]);
    assert_eq!(found.len(), 2);
    let (a_file, b_file) = (file(&found, "a.md"), file(&found, "b.md"));
    assert_eq!(a_file.text, a);
    assert_eq!(b_file.text, b);
    assert_eq!(codes(a_file), Vec::<String>::new());
    assert_eq!(codes(b_file), ["N401"]);
    let span = b_file.findings[0].span.clone();
    assert_eq!(&b[span], "999");
}

#[test]
fn a_number_used_in_two_files_names_the_other_file_and_its_line() {
    let text = "RULE: 101\n\nAll players abide by the rules.\n";
    let (dir, found) = checked(&[("a.md", text), ("b.md", text)]);
    assert!(file(&found, "a.md").findings.is_empty());
    let b = file(&found, "b.md");
    assert_eq!(codes(b), ["N101"]);
    let duplicate = &b.findings[0];
    assert_eq!(&b.text[duplicate.span.clone()], "RULE: 101");
    assert_eq!(b.findings.len(), 1);
    let other = dir.path().join("a.md").display().to_string();
    assert_eq!(
        duplicate.label.as_deref(),
        Some(format!("rule 101 is already on {other}:1").as_str())
    );
}

#[test]
fn the_layout_is_what_the_folder_writer_writes_and_nothing_else() {
    // Each file is a rule alone: no heading, order or Initial Set reading
    // of its lines, whatever its name's order.
    let canonical = "RULE: 101\n\n## 102/0\n\n1. A list item.\n";
    let unended = "RULE: 90\n\nNo line break at the end.";
    let loose = "RULE: 103\n\nText.\n\n\n";
    let (_dir, found) = checked(&[("1.md", canonical), ("2.md", unended), ("3.md", loose)]);
    assert_eq!(codes(file(&found, "1.md")), Vec::<String>::new());
    let unended_file = file(&found, "2.md");
    assert_eq!(codes(unended_file), ["N707"]);
    assert_eq!(unended_file.findings[0].span, unended.len()..unended.len());
    let loose_file = file(&found, "3.md");
    assert_eq!(codes(loose_file), ["N708"]);
    assert_eq!(
        loose_file.findings[0].message,
        "rule 103 is not laid out in canonical form"
    );
    assert_eq!(
        loose_file.findings[0].span.start,
        "RULE: 103\n\nText.\n".len()
    );
}

#[test]
fn a_suppression_comment_allows_a_code_in_its_own_file_only() {
    let allowed = "RULE: 101\n\n<!-- nomic: allow N401 -->\nSee Rule 998.\n";
    let reported = "RULE: 102\n\nSee Rule 999.\n";
    let (_dir, found) = checked(&[("a.md", allowed), ("b.md", reported)]);
    assert_eq!(codes(file(&found, "a.md")), Vec::<String>::new());
    assert_eq!(codes(file(&found, "b.md")), ["N401"]);
}

#[test]
fn links_start_from_the_folder_of_the_file_that_holds_them() {
    let linked = "RULE: 101\n\nSee ![the map](map.png) and ![the plan](plan.png).\n";
    let dir_files = [("sub/a.md", linked), ("b.md", "RULE: 102\n\nText.\n")];
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("sub/map.png"), "png").unwrap();
    for (path, text) in dir_files {
        std::fs::write(dir.path().join(path), text).unwrap();
    }
    let read = read_folder_source(dir.path(), u64::MAX).unwrap().unwrap();
    let found = check_folder(&read, dir.path());
    let a = file(&found, "a.md");
    assert_eq!(codes(a), ["N801"]);
    assert_eq!(&a.text[a.findings[0].span.clone()], "plan.png");
}

#[test]
fn damaged_characters_are_found_in_their_file() {
    let damaged = "RULE: 102\n\nA rule\u{e2}\u{20ac}\u{2122}s text.\n";
    let (_dir, found) = checked(&[("a.md", "RULE: 101\n\nText.\n"), ("b.md", damaged)]);
    assert_eq!(codes(file(&found, "a.md")), Vec::<String>::new());
    let b = file(&found, "b.md");
    assert_eq!(codes(b), ["N601"]);
    assert_eq!(
        &b.text[b.findings[0].span.clone()],
        "\u{e2}\u{20ac}\u{2122}"
    );
}
