//! `--format unified`: a unified diff of the canonical texts, for `patch`.
//!
//! Both sides are rendered canonically (`render` with `canonical: true`) in
//! the *new* side's format, then diffed line by line. The new side's format
//! because that is the file a moderator is editing and will commit; canonical
//! because layout quirks are not meaning, so they never show as hunks, and so
//! that two sides read from different formats go through one renderer. A file
//! that `nomic` wrote is canonical, so the patch applies to it as it is; a
//! hand-edited file with quirks may need `nomic render` first.
//!
//! When the two sides come from different formats, both are first reduced
//! to what both formats carry ([`Lens::reduce`]: plain bodies, no links,
//! history or revisions a side lacks), so the hunks show changes of meaning,
//! not what one format could not say.

use crate::diff::Lens;
use crate::model::{Format, Ruleset};
use crate::render::{RenderError, RenderOptions, Renderer};
use similar::TextDiff;

/// The unified diff, with `---`/`+++` headers naming the two sides; empty
/// when the canonical texts are identical.
pub fn render(
    old: &Ruleset,
    new: &Ruleset,
    formats: (Format, Format),
    old_name: &str,
    new_name: &str,
) -> Result<String, RenderError> {
    let renderer = Renderer::new(&RenderOptions {
        canonical: true,
        templates: None,
    })?;
    let (old_text, new_text) = if formats.0 == formats.1 {
        (
            renderer.render(old, formats.1)?,
            renderer.render(new, formats.1)?,
        )
    } else {
        let lens = Lens::new(Some(formats.0), Some(formats.1));
        (
            renderer.render(&lens.reduce(old), formats.1)?,
            renderer.render(&lens.reduce(new), formats.1)?,
        )
    };
    if old_text == new_text {
        return Ok(String::new());
    }
    Ok(TextDiff::from_lines(&old_text, &new_text)
        .unified_diff()
        .context_radius(3)
        .header(old_name, new_name)
        .to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Rule;

    #[test]
    fn only_the_changed_rule_makes_a_hunk() {
        let old = Ruleset::new(
            "T (LONG FORMAT)",
            (101..140)
                .map(|n| Rule::new(n, format!("Rule text {n}.")))
                .collect(),
        );
        let mut new = old.clone();
        new.rules[20].text = "Changed text.".into();
        let patch = render(
            &old,
            &new,
            (Format::MdLong, Format::MdLong),
            "a/rules.md",
            "b/rules.md",
        )
        .unwrap();
        assert!(
            patch.starts_with("--- a/rules.md\n+++ b/rules.md\n@@ "),
            "{patch}"
        );
        assert_eq!(patch.matches("@@ -").count(), 1, "{patch}");
        assert!(
            patch.contains("\n-Rule text 121.\n+Changed text.\n"),
            "{patch}"
        );
        assert!(
            render(&old, &old, (Format::MdLong, Format::MdLong), "a", "b")
                .unwrap()
                .is_empty()
        );
    }
}
