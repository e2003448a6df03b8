use super::*;
use crate::output::tests::listing;
use crate::output::WriteError;

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_tree_written_in_pieces_at_once_appears_whole_when_published() {
    let parent = tempfile::tempdir().unwrap();
    let root = parent.path().join("made/out");
    let tree = FreshTree::begin(&root).unwrap();
    let forms: Vec<(&Path, &[u8])> = vec![
        (Path::new("rules-l.md"), b"long"),
        (Path::new("rules/md/101.md"), b"page 101"),
        (Path::new("rules/md/102.md"), b"page 102"),
    ];
    let site: Vec<(&Path, &[u8])> = vec![
        (Path::new("site/index.html"), b"index"),
        (Path::new("site/rules/101.html"), b"first"),
        (Path::new("site/rules/101.html"), b"last"),
    ];
    let (forms_written, site_written) = rayon::join(|| tree.write(&forms), || tree.write(&site));
    forms_written.unwrap();
    site_written.unwrap();
    assert!(!root.exists(), "nothing is visible before it is published");
    // A later piece may name a path again: the later contents stay.
    tree.write(&[(Path::new("rules-l.md"), b"longer")]).unwrap();
    tree.publish().unwrap();
    assert_eq!(
        listing(&root),
        [
            "rules-l.md",
            "rules/md/101.md",
            "rules/md/102.md",
            "site/index.html",
            "site/rules/101.html"
        ]
    );
    assert_eq!(fs::read(root.join("rules-l.md")).unwrap(), b"longer");
    assert_eq!(fs::read(root.join("site/rules/101.html")).unwrap(), b"last");
    assert_eq!(names_in(&parent.path().join("made")), ["out"]);
}

#[test]
fn a_tree_dropped_unpublished_leaves_nothing_not_even_its_parents() {
    let parent = tempfile::tempdir().unwrap();
    let tree = FreshTree::begin(&parent.path().join("a/b/out")).unwrap();
    tree.write(&[(Path::new("rules/md/101.md"), b"page")])
        .unwrap();
    drop(tree);
    assert!(names_in(parent.path()).is_empty());
    // A parent that existed stays.
    fs::create_dir(parent.path().join("kept")).unwrap();
    let tree = FreshTree::begin(&parent.path().join("kept/out")).unwrap();
    let err = tree
        .write(&[(Path::new("../escaped"), b"outside")])
        .unwrap_err();
    assert!(matches!(err.source, WriteError::Escapes(_)), "{err}");
    drop(tree);
    assert_eq!(names_in(parent.path()), ["kept"]);
    assert!(names_in(&parent.path().join("kept")).is_empty());
}

#[test]
fn a_tree_whose_folder_appeared_meanwhile_is_not_published_and_leaves_it_alone() {
    let parent = tempfile::tempdir().unwrap();
    let root = parent.path().join("out");
    let tree = FreshTree::begin(&root).unwrap();
    tree.write(&[(Path::new("rules-l.md"), b"new")]).unwrap();
    fs::create_dir(&root).unwrap();
    fs::write(root.join("rules-l.md"), "theirs").unwrap();
    let err = tree.publish().unwrap_err();
    assert_eq!(err.path, root, "{err}");
    assert_eq!(
        names_in(parent.path()),
        ["out"],
        "no staging folder is left"
    );
    assert_eq!(fs::read(root.join("rules-l.md")).unwrap(), b"theirs");
}

#[test]
fn what_runs_beside_the_publishing_sees_the_whole_tree_before_the_rename() {
    let parent = tempfile::tempdir().unwrap();
    let root = parent.path().join("out");
    let tree = FreshTree::begin(&root).unwrap();
    tree.write(&[
        (Path::new("rules-l.md"), b"long".as_slice()),
        (Path::new("rules/md/101.md"), b"page 101".as_slice()),
    ])
    .unwrap();
    let (published, seen) = tree.publish_beside(|staging| {
        // Still hidden, and whole: nothing is renamed under it.
        assert!(!root.exists(), "the rename waits for what runs beside it");
        (
            fs::read(staging.join("rules-l.md")).unwrap(),
            fs::metadata(staging.join("rules/md/101.md")).unwrap(),
        )
    });
    published.unwrap();
    let (long, page) = seen;
    assert_eq!(long, b"long");
    // The rename keeps every file's inode, size and time.
    let after = fs::metadata(root.join("rules/md/101.md")).unwrap();
    #[cfg(unix)]
    assert_eq!(
        std::os::unix::fs::MetadataExt::ino(&after),
        std::os::unix::fs::MetadataExt::ino(&page)
    );
    assert_eq!(after.len(), page.len());
    assert_eq!(after.modified().unwrap(), page.modified().unwrap());
    assert_eq!(names_in(parent.path()), ["out"]);
}
