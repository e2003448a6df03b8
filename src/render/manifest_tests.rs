use super::*;

fn stamp(name: &str, len: u64) -> Stamp {
    Stamp {
        name: PathBuf::from(name),
        len,
        modified: 1_700_000_000_123_456_789,
        inode: 42 + len,
    }
}

fn sample() -> Manifest {
    Manifest {
        key: "k".repeat(64),
        note: 3,
        folders: vec![
            Folder {
                path: PathBuf::new(),
                files: vec![stamp("rules.md", 10), stamp("rules.txt", 11)],
            },
            Folder {
                path: PathBuf::from("rules/md"),
                files: vec![stamp("101.md", 1), stamp("102.md", 2), stamp("UC1.md", 3)],
            },
        ],
    }
}

#[test]
fn a_manifest_reads_back_as_written() {
    let manifest = sample();
    let bytes = manifest.to_bytes().unwrap();
    assert!(bytes.starts_with(MAGIC));
    assert_eq!(Manifest::from_bytes(&bytes), Some(manifest));
}

#[test]
fn damaged_or_foreign_bytes_are_no_manifest() {
    let bytes = sample().to_bytes().unwrap();
    // A JSON manifest of an older nomic, no magic, a cut file, trailing junk
    // that changes the layout, and nothing at all.
    assert_eq!(Manifest::from_bytes(br#"{"key":"k","files":[]}"#), None);
    assert_eq!(Manifest::from_bytes(&bytes[MAGIC.len()..]), None);
    for cut in [MAGIC.len(), MAGIC.len() + 5, bytes.len() - 1] {
        assert_eq!(Manifest::from_bytes(&bytes[..cut]), None, "cut at {cut}");
    }
    assert_eq!(Manifest::from_bytes(b""), None);
}

#[test]
fn a_manifest_naming_a_file_twice_or_a_path_is_refused() {
    // Counting a folder's pages against the manifest's is sound only when
    // each name is there once; such a file is not read.
    let mut twice = sample();
    twice.folders[1].files.push(stamp("102.md", 2));
    assert_eq!(Manifest::from_bytes(&twice.to_bytes().unwrap()), None);
    let mut unsorted = sample();
    unsorted.folders[1].files.swap(0, 1);
    assert_eq!(Manifest::from_bytes(&unsorted.to_bytes().unwrap()), None);
    let mut folder_twice = sample();
    folder_twice.folders.push(folder_twice.folders[1].clone());
    assert_eq!(
        Manifest::from_bytes(&folder_twice.to_bytes().unwrap()),
        None
    );
    for bad in ["../101.md", "a/101.md", "..", "."] {
        let mut path = sample();
        path.folders[1].files = vec![stamp(bad, 1)];
        assert_eq!(
            Manifest::from_bytes(&path.to_bytes().unwrap()),
            None,
            "{bad}"
        );
    }
}

#[test]
fn a_plans_stamps_are_its_files_as_they_are_and_a_change_is_seen() {
    use crate::output::WriteOutcome;
    use crate::render::PublishedFile;
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let paths = [
        "rules-l.md",
        "rules/md/101.md",
        "rules/md/102.md",
        "site/rules/101.html",
    ];
    let mut writes = Vec::new();
    for (n, path) in paths.iter().enumerate() {
        let full = dir.path().join(path);
        fs::create_dir_all(full.parent().unwrap()).unwrap();
        fs::write(&full, "x".repeat(n + 1)).unwrap();
        let file = PublishedFile {
            path: PathBuf::from(path),
            contents: "x".repeat(n + 1),
        };
        writes.push((file, WriteOutcome::Created));
    }
    // Listed out of order, and once twice: recorded sorted, each once.
    writes.swap(1, 2);
    writes.push(writes[0].clone());
    let plan = Plan {
        dir: dir.path().to_path_buf(),
        writes,
        copies: Vec::new(),
        removals: Vec::new(),
    };
    let manifest = Manifest::of_plan(&plan, "key".into(), 0).unwrap();
    assert_eq!(manifest.len(), paths.len());
    assert_eq!(
        Manifest::from_bytes(&manifest.to_bytes().unwrap()).as_ref(),
        Some(&manifest),
        "well formed"
    );
    for path in paths {
        let path = Path::new(path);
        let folder = path.parent().unwrap();
        let stamp = manifest
            .folders
            .iter()
            .find(|f| f.path == folder)
            .and_then(|f| f.files.iter().find(|s| s.name == path.file_name().unwrap()))
            .unwrap();
        let meta = fs::symlink_metadata(dir.path().join(path)).unwrap();
        let modified = u128::try_from(meta.mtime()).unwrap() * 1_000_000_000
            + u128::try_from(meta.mtime_nsec()).unwrap();
        assert_eq!(
            (stamp.len, stamp.modified, stamp.inode),
            (meta.len(), modified, meta.ino()),
            "{}",
            path.display()
        );
    }
    assert!(manifest.is_current(dir.path(), "key"));
    assert!(!manifest.is_current(dir.path(), "another key"));
    // A file grown by a byte, and one gone: each is seen.
    fs::write(dir.path().join("rules/md/102.md"), "xxxx").unwrap();
    assert!(!manifest.files_in_place(dir.path()));
    let again = Manifest::of_plan(&plan, "key".into(), 0).unwrap();
    assert!(again.files_in_place(dir.path()));
    fs::remove_file(dir.path().join("site/rules/101.html")).unwrap();
    assert!(!again.files_in_place(dir.path()));
    assert!(Manifest::of_plan(&plan, "key".into(), 0).is_err());
}
