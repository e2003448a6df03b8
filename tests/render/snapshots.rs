use crate::ruleset;
use nomic::model::Format;
use nomic::render::{render, RenderOptions};

/// Every form, canonical, rendered from one bundled ruleset.
fn snapshot_every_form(name: &str) {
    let ruleset = ruleset(name);
    let options = RenderOptions {
        canonical: true,
        ..RenderOptions::default()
    };
    let stem = name.split('.').next().unwrap();
    for &format in Format::ALL {
        let out = render(&ruleset, format, &options).unwrap();
        insta::assert_snapshot!(format!("{stem}__{format}"), out);
    }
}

#[test]
fn every_form_of_nomic_4_long() {
    snapshot_every_form("nomic-4-long.md");
}

#[test]
fn every_form_of_nomic_1_final() {
    snapshot_every_form("nomic-1-final.txt");
}
