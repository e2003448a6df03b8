use super::{published, ruleset};
use nomic::model::Format;
use nomic::render::{agora_published_files, render, RenderOptions, Renderer};

/// The first line where two texts differ, for a readable failure.
pub(crate) fn first_difference(ours: &str, theirs: &str) -> Option<String> {
    let (a, b): (Vec<_>, Vec<_>) = (ours.lines().collect(), theirs.lines().collect());
    for i in 0..a.len().max(b.len()) {
        if a.get(i) != b.get(i) {
            return Some(format!(
                "line {}:\n ours:   {:?}\n theirs: {:?}",
                i + 1,
                a.get(i),
                b.get(i)
            ));
        }
    }
    (ours != theirs).then(|| "the texts differ in line endings".to_string())
}

fn assert_same(ours: &str, theirs: &str, what: &str) {
    if let Some(diff) = first_difference(ours, theirs) {
        std::fs::write(format!("/tmp/agora-{}", what.replace('/', "_")), ours).ok();
        panic!("{what} differs from the published copy at {diff}");
    }
}

#[test]
fn the_source_renders_the_published_flr_byte_for_byte() {
    let ours = render(ruleset(), Format::AgoraFlr, &RenderOptions::default()).unwrap();
    assert_same(&ours, &published("flr.txt"), "flr.txt");
}

#[test]
fn the_source_renders_the_published_slr_byte_for_byte() {
    let ours = render(ruleset(), Format::AgoraSlr, &RenderOptions::default()).unwrap();
    assert_same(&ours, &published("slr.txt"), "slr.txt");
}

#[test]
fn the_source_renders_every_published_rule_page_byte_for_byte() {
    let renderer = Renderer::new(&RenderOptions::default()).unwrap();
    let files = agora_published_files(ruleset(), &renderer).unwrap();
    let pages: Vec<_> = files
        .iter()
        .filter(|f| f.path.starts_with("full_rules") || f.path.starts_with("short_rules"))
        .collect();
    for folder in ["full_rules", "short_rules"] {
        let published_count = std::fs::read_dir(
            super::root()
                .join("tests/fixtures/agora/published")
                .join(folder),
        )
        .unwrap()
        .count();
        let ours = pages.iter().filter(|f| f.path.starts_with(folder)).count();
        assert_eq!(ours, published_count, "{folder}");
    }
    for page in pages {
        let path = page.path.to_string_lossy().replace('\\', "/");
        assert_same(&page.contents, &published(&path), &path);
    }
    let names: Vec<_> = files.iter().take(2).map(|f| f.path.clone()).collect();
    assert_eq!(names, ["flr.txt", "slr.txt"].map(std::path::PathBuf::from));
}
