use super::*;
use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::process::Command;

/// One file written inside `root` as a batch of one.
fn write_one(root: &Path, relative: &Path, contents: &[u8]) -> Result<WriteOutcome, WriteError> {
    write_batch_within(root, [(relative, contents)])
        .map(|outcomes| outcomes[0])
        .map_err(|err| err.source)
}

fn mknod(path: &Path, kind: &str, major: &str, minor: &str) {
    let status = Command::new("mknod")
        .arg(path)
        .args([kind, major, minor])
        .status()
        .unwrap();
    assert!(
        status.success(),
        "mknod {} (tests run as root)",
        path.display()
    );
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

#[test]
fn creates_changes_and_leaves_identical_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/out.md");
    assert_eq!(write_atomic(&path, b"one").unwrap(), WriteOutcome::Created);
    assert_eq!(
        write_atomic(&path, b"one").unwrap(),
        WriteOutcome::Unchanged
    );
    assert_eq!(write_atomic(&path, b"two").unwrap(), WriteOutcome::Changed);
    assert_eq!(fs::read(&path).unwrap(), b"two");
    let leftovers: Vec<_> = fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
}

#[test]
fn keeps_permissions_and_follows_symbolic_links() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rules.md");
    fs::write(&path, "old").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o664)).unwrap();
    write_atomic(&path, b"new").unwrap();
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o664);

    let link = dir.path().join("link.md");
    symlink(&path, &link).unwrap();
    assert_eq!(
        write_atomic(&link, b"newer").unwrap(),
        WriteOutcome::Changed
    );
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read(&path).unwrap(), b"newer");

    // A new file gets what `File::create` gives: 0666 less the umask.
    let plain = dir.path().join("plain.md");
    fs::File::create(&plain).unwrap();
    let created = dir.path().join("created.md");
    write_atomic(&created, b"x").unwrap();
    let mode_of = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode_of(&created), mode_of(&plain));
}

#[test]
fn a_dangling_link_stays_a_link_and_its_target_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("out.md");
    symlink("real/target.md", &link).unwrap();
    assert_eq!(write_atomic(&link, b"text").unwrap(), WriteOutcome::Created);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read(dir.path().join("real/target.md")).unwrap(),
        b"text"
    );
}

#[test]
fn a_link_loop_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    symlink("b", dir.path().join("a")).unwrap();
    symlink("a", dir.path().join("b")).unwrap();
    let err = write_atomic(&dir.path().join("a"), b"x").unwrap_err();
    assert!(matches!(err, WriteError::LinkLoop(_)), "{err}");
}

#[test]
fn a_file_with_two_names_is_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rules.md");
    let other = dir.path().join("other-name.md");
    fs::write(&path, "old text, longer than the new").unwrap();
    fs::hard_link(&path, &other).unwrap();
    let inode = fs::metadata(&path).unwrap().ino();
    assert_eq!(
        write_atomic(&path, b"new").unwrap(),
        WriteOutcome::WrittenThrough { names: 2 }
    );
    assert_eq!(fs::read(&other).unwrap(), b"new");
    assert_eq!(fs::metadata(&path).unwrap().ino(), inode);
}

#[test]
fn the_owner_and_group_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rules.md");
    fs::write(&path, "old").unwrap();
    std::os::unix::fs::chown(&path, Some(4242), Some(4343)).unwrap();
    assert_eq!(write_atomic(&path, b"new").unwrap(), WriteOutcome::Changed);
    let meta = fs::metadata(&path).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (4242, 4343));
}

#[test]
fn a_character_device_is_written_into_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let null = dir.path().join("null");
    mknod(&null, "c", "1", "3");
    assert_eq!(
        write_atomic(&null, b"text").unwrap(),
        WriteOutcome::Streamed
    );
    let kind = fs::symlink_metadata(&null).unwrap().file_type();
    use std::os::unix::fs::FileTypeExt;
    assert!(kind.is_char_device(), "still the device node");
}

#[test]
fn a_fifo_is_written_into_as_a_stream() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    assert_eq!(
        write_atomic(&fifo, b"through the pipe").unwrap(),
        WriteOutcome::Streamed
    );
    assert_eq!(reader.join().unwrap(), b"through the pipe");
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn a_link_to_a_descriptor_is_written_into() {
    assert!(names_descriptor(Path::new("/dev/stdout")));
    assert!(names_descriptor(Path::new("/proc/self/fd/1")));
    assert!(names_descriptor(Path::new("/dev/fd/3")));
    assert!(!names_descriptor(Path::new("/dev/shm/out.md")));
    assert!(!names_descriptor(Path::new("dev/stdout")));
    // A descriptor to a regular file: appended to, never replaced.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("log");
    fs::write(&file, "kept\n").unwrap();
    let open = OpenOptions::new().append(true).open(&file).unwrap();
    use std::os::fd::AsRawFd;
    let name = PathBuf::from(format!("/proc/self/fd/{}", open.as_raw_fd()));
    let link = dir.path().join("out");
    symlink(&name, &link).unwrap();
    assert_eq!(
        write_atomic(&link, b"more\n").unwrap(),
        WriteOutcome::Streamed
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), "kept\nmore\n");
}

#[test]
fn folders_and_block_devices_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let err = write_atomic(dir.path(), b"x").unwrap_err();
    assert!(matches!(err, WriteError::Folder(_)), "{err}");
    let disk = dir.path().join("disk");
    mknod(&disk, "b", "7", "250");
    let err = write_atomic(&disk, b"x").unwrap_err();
    assert!(err.to_string().contains("block device"), "{err}");
}

#[test]
fn within_a_folder_a_link_to_a_file_outside_is_replaced_not_followed() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.md");
    fs::write(&secret, "outside").unwrap();
    let root = tempfile::tempdir().unwrap();
    fs::create_dir_all(root.path().join("rules/md")).unwrap();
    let page = root.path().join("rules/md/101.md");
    symlink(&secret, &page).unwrap();
    let relative = Path::new("rules/md/101.md");
    assert_eq!(
        existing_within(root.path(), relative, b"rule").unwrap(),
        WriteOutcome::Changed
    );
    assert_eq!(
        write_one(root.path(), relative, b"rule").unwrap(),
        WriteOutcome::Changed
    );
    assert_eq!(fs::read(&secret).unwrap(), b"outside");
    assert!(fs::symlink_metadata(&page).unwrap().is_file());
    assert_eq!(fs::read(&page).unwrap(), b"rule");
}

#[test]
fn within_a_folder_hard_links_fifos_and_folder_links_never_reach_outside() {
    let outside = tempfile::tempdir().unwrap();
    let root = tempfile::tempdir().unwrap();
    // A second name of a file outside: replaced, the outside keeps its text.
    let shared = outside.path().join("shared.md");
    fs::write(&shared, "outside").unwrap();
    fs::hard_link(&shared, root.path().join("index.md")).unwrap();
    write_one(root.path(), Path::new("index.md"), b"new").unwrap();
    assert_eq!(fs::read(&shared).unwrap(), b"outside");
    // A FIFO: replaced by a file, so nothing blocks.
    mkfifo(&root.path().join("pipe.md"));
    write_one(root.path(), Path::new("pipe.md"), b"x").unwrap();
    assert!(fs::symlink_metadata(root.path().join("pipe.md"))
        .unwrap()
        .is_file());
    // A folder that is a link: refused, naming it.
    symlink(outside.path(), root.path().join("rules")).unwrap();
    let err = write_one(root.path(), Path::new("rules/md/1.md"), b"x").unwrap_err();
    assert!(matches!(err, WriteError::LinkInside { .. }), "{err}");
    assert!(!outside.path().join("md").exists());
    // A path that climbs out: refused.
    let err = write_one(root.path(), Path::new("../x.md"), b"x").unwrap_err();
    assert!(matches!(err, WriteError::Escapes(_)), "{err}");
}

/// Every file under `dir`, relative, sorted (symbolic links not
/// followed).
pub(super) fn listing(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if fs::symlink_metadata(&path).unwrap().is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(dir).unwrap();
                out.push(relative.display().to_string());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn a_batch_creates_changes_and_leaves_identical_files_alone() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("out");
    let files: [(&Path, &[u8]); 3] = [
        (Path::new("rules-l.md"), b"long"),
        (Path::new("rules/md/101.md"), b"page 101"),
        (Path::new("rules/md/102.md"), b"page 102"),
    ];
    let outcomes = write_batch_within(&out, files).unwrap();
    assert_eq!(outcomes, [WriteOutcome::Created; 3]);
    assert_eq!(
        listing(&out),
        ["rules-l.md", "rules/md/101.md", "rules/md/102.md"],
        "no temporary file is left behind"
    );
    let before = fs::metadata(out.join("rules-l.md"))
        .unwrap()
        .modified()
        .unwrap();
    let again: [(&Path, &[u8]); 2] = [
        (Path::new("rules-l.md"), b"long"),
        (Path::new("rules/md/102.md"), b"page 102, amended"),
    ];
    let outcomes = write_batch_within(&out, again).unwrap();
    assert_eq!(outcomes, [WriteOutcome::Unchanged, WriteOutcome::Changed]);
    assert_eq!(
        fs::metadata(out.join("rules-l.md"))
            .unwrap()
            .modified()
            .unwrap(),
        before,
        "an identical file is not touched"
    );
    assert_eq!(
        fs::read(out.join("rules/md/102.md")).unwrap(),
        b"page 102, amended"
    );
}

#[test]
fn a_batch_keeps_mode_and_owner_and_replaces_links_and_pipes() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.md");
    fs::write(&secret, "outside").unwrap();
    let root = tempfile::tempdir().unwrap();
    let kept = root.path().join("rules-l.md");
    fs::write(&kept, "old").unwrap();
    fs::set_permissions(&kept, fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::chown(&kept, Some(4242), Some(4343)).unwrap();
    symlink(&secret, root.path().join("link.md")).unwrap();
    mkfifo(&root.path().join("pipe.md"));
    let files: [(&Path, &[u8]); 3] = [
        (Path::new("rules-l.md"), b"new"),
        (Path::new("link.md"), b"no longer a link"),
        (Path::new("pipe.md"), b"no longer a pipe"),
    ];
    let outcomes = write_batch_within(root.path(), files).unwrap();
    assert_eq!(outcomes, [WriteOutcome::Changed; 3]);
    let meta = fs::metadata(&kept).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert_eq!((meta.uid(), meta.gid()), (4242, 4343));
    assert_eq!(fs::read(&secret).unwrap(), b"outside");
    for name in ["link.md", "pipe.md"] {
        let meta = fs::symlink_metadata(root.path().join(name)).unwrap();
        assert!(meta.is_file(), "{name} is a plain file now");
    }
}

#[test]
fn a_batch_that_fails_changes_no_file() {
    let outside = tempfile::tempdir().unwrap();
    let root = tempfile::tempdir().unwrap();
    fs::write(root.path().join("rules-l.md"), "old").unwrap();
    symlink(outside.path(), root.path().join("rules")).unwrap();
    let files: [(&Path, &[u8]); 2] = [
        (Path::new("rules-l.md"), b"new"),
        (Path::new("rules/md/101.md"), b"page"),
    ];
    let err = write_batch_within(root.path(), files).unwrap_err();
    assert!(matches!(err.source, WriteError::LinkInside { .. }), "{err}");
    assert_eq!(fs::read(root.path().join("rules-l.md")).unwrap(), b"old");
    assert_eq!(
        listing(root.path()),
        ["rules", "rules-l.md"],
        "no temporary file is left"
    );
    assert_eq!(fs::read_dir(outside.path()).unwrap().count(), 0);
}

#[test]
fn a_large_batch_staged_on_every_core_writes_each_file_once_and_leaves_no_temporary_file() {
    let root = tempfile::tempdir().unwrap();
    let contents: Vec<(PathBuf, String)> = (0..600)
        .map(|n| {
            let folder = ["rules/md", "rules/txt", "site"][n % 3];
            (
                Path::new(folder).join(format!("{n}.page")),
                format!("page {n}\n"),
            )
        })
        .collect();
    let files = contents
        .iter()
        .map(|(path, text)| (path.as_path(), text.as_bytes()));
    let outcomes = write_batch_within(root.path(), files).unwrap();
    assert_eq!(outcomes, vec![WriteOutcome::Created; 600]);
    for (path, text) in &contents {
        assert_eq!(fs::read_to_string(root.path().join(path)).unwrap(), *text);
    }
    let mut expected: Vec<String> = contents
        .iter()
        .map(|(path, _)| path.to_string_lossy().into_owned())
        .collect();
    expected.sort();
    assert_eq!(listing(root.path()), expected);
}

#[test]
fn a_batch_into_a_new_folder_appears_whole_with_the_usual_modes_and_nothing_beside_it() {
    let parent = tempfile::tempdir().unwrap();
    let out = parent.path().join("a/b/out");
    let files: [(&Path, &[u8]); 4] = [
        (Path::new("rules-l.md"), b"first"),
        (Path::new("rules/md/101.md"), b"page 101"),
        (Path::new("site/index.html"), b"index"),
        (Path::new("rules-l.md"), b"second"),
    ];
    let outcomes = write_batch_within(&out, files).unwrap();
    assert_eq!(outcomes, [WriteOutcome::Created; 4]);
    assert_eq!(
        fs::read(out.join("rules-l.md")).unwrap(),
        b"second",
        "a path named twice keeps its last contents"
    );
    assert_eq!(
        listing(&out),
        ["rules-l.md", "rules/md/101.md", "site/index.html"]
    );
    let entries: Vec<_> = fs::read_dir(parent.path().join("a/b"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(entries, ["out"], "nothing is left beside it");
    // The modes a new file and a new folder get here, umask included.
    let plain_file = parent.path().join("plain");
    fs::write(&plain_file, "x").unwrap();
    let plain_folder = parent.path().join("folder");
    fs::create_dir(&plain_folder).unwrap();
    let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode(&out.join("rules-l.md")), mode(&plain_file));
    assert_eq!(mode(&out.join("rules/md/101.md")), mode(&plain_file));
    for folder in [&out, &out.join("rules"), &out.join("rules/md")] {
        assert_eq!(mode(folder), mode(&plain_folder), "{}", folder.display());
    }
}

#[test]
fn a_file_is_created_kept_changed_or_written_through_its_names() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.txt");
    let text = b"# T\nrule one\nrule two\n";
    assert_eq!(write_atomic(&path, text).unwrap(), WriteOutcome::Created);
    assert_eq!(fs::read(&path).unwrap(), text);
    assert_eq!(write_atomic(&path, text).unwrap(), WriteOutcome::Unchanged);
    // The same length, other bytes at the end only.
    assert_eq!(
        write_atomic(&path, b"# T\nrule one\nrule 2wo\n").unwrap(),
        WriteOutcome::Changed
    );
    assert_eq!(fs::read(&path).unwrap(), b"# T\nrule one\nrule 2wo\n");
    // Through a second name, the bytes land and the file is cut to them.
    let other = dir.path().join("other.txt");
    fs::hard_link(&path, &other).unwrap();
    assert_eq!(
        write_atomic(&other, b"ab").unwrap(),
        WriteOutcome::WrittenThrough { names: 2 }
    );
    assert_eq!(fs::read(&path).unwrap(), b"ab");
}
