//! What the comparison looks at: the meaning both sides' formats can carry.
//!
//! A txt-long file carries no Markdown emphasis and no history links; an
//! md-short file carries no revisions, history or judgments. Comparing such
//! files directly would report every rule as changed, so both sides are seen
//! through the same lens:
//! - bodies are compared as written when both sides hold Markdown bodies;
//!   otherwise both are projected to plain text with the very function the
//!   text renderers use (`render::text::markdown_to_text`: emphasis, links
//!   and HTML tags go), bullets dropped from the start of lines (`*` in one
//!   format is `•` in another) and their whitespace collapsed;
//! - revisions only when both formats carry them (and both rules give one);
//! - history and judgments only when both formats carry them, history links
//!   only when both formats can hold links;
//! - the title without its `(LONG FORMAT)` / `(SHORT FORMAT)` suffix when the
//!   formats differ.

use crate::model::{Date, Format, HistoryEntry, HistoryKind, Judgment, Ruleset};
use crate::render::text::markdown_to_text;
use std::borrow::Cow;

/// What one side's format can carry; a side read from no file (built in
/// memory or from JSON) carries everything.
#[derive(Debug, Clone, Copy)]
struct Carries {
    markdown: bool,
    history: bool,
    revision: bool,
    links: bool,
}

impl Carries {
    fn of(format: Option<Format>) -> Carries {
        match format {
            None | Some(Format::Json) => Carries {
                markdown: true,
                history: true,
                revision: true,
                links: true,
            },
            Some(format) => Carries {
                markdown: format.is_markdown(),
                history: format.carries_history(),
                revision: format.carries_revision(),
                links: format == Format::MdLong,
            },
        }
    }
}

/// The format-neutral view both sides of a diff are compared through.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lens {
    plain: bool,
    history: bool,
    revision: bool,
    links: bool,
    formats_differ: bool,
}

/// A history entry as compared: every field, the link only where both sides
/// can carry one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct EntryKey {
    kind: HistoryKind,
    amendment: Option<u32>,
    proposal: Option<u32>,
    proposer: Option<String>,
    date: Option<Date>,
    round: Option<u32>,
    turn: Option<u32>,
    pub text: String,
    pub link: Option<String>,
}

impl Lens {
    /// The lens for two sides read as `old` and `new` (`None`: read from no
    /// file, so carrying everything).
    pub(crate) fn new(old: Option<Format>, new: Option<Format>) -> Lens {
        let (a, b) = (Carries::of(old), Carries::of(new));
        Lens {
            plain: !(a.markdown && b.markdown),
            history: a.history && b.history,
            revision: a.revision && b.revision,
            links: a.links && b.links,
            formats_differ: old != new,
        }
    }

    /// Whether history and judgments are compared.
    pub(crate) fn compares_history(&self) -> bool {
        self.history
    }

    /// The revisions to compare, if both are known and both formats carry them.
    pub(crate) fn revisions(&self, old: Option<u32>, new: Option<u32>) -> Option<(u32, u32)> {
        if self.revision {
            Some((old?, new?))
        } else {
            None
        }
    }

    /// A rule body as compared.
    pub(crate) fn body<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if self.plain {
            Cow::Owned(plain_text(text))
        } else {
            Cow::Borrowed(text)
        }
    }

    /// The title as compared.
    pub(crate) fn title(&self, title: &str) -> String {
        let mut title = collapse_whitespace(title);
        if self.formats_differ {
            for suffix in ["(LONG FORMAT)", "(SHORT FORMAT)"] {
                let upper = title.to_uppercase();
                if upper.ends_with(suffix) && title.len() == upper.len() {
                    title.truncate(title.len() - suffix.len());
                    title = title.trim_end().to_string();
                }
            }
        }
        title
    }

    pub(crate) fn entry(&self, entry: &HistoryEntry) -> EntryKey {
        EntryKey {
            kind: entry.kind,
            amendment: entry.amendment,
            proposal: entry.proposal,
            proposer: entry.proposer.clone(),
            date: entry.date,
            round: entry.round,
            turn: entry.turn,
            text: collapse_whitespace(&entry.source),
            link: if self.links { entry.link.clone() } else { None },
        }
    }

    /// The ruleset reduced to what both sides' formats carry: bodies as
    /// plain text when one side is plain, no links, history or revisions
    /// where one side cannot hold them, and no layout. Used to render both
    /// sides of a unified diff through one renderer.
    pub(crate) fn reduce(&self, ruleset: &Ruleset) -> Ruleset {
        let mut reduced = ruleset.without_layout();
        for rule in &mut reduced.rules {
            if self.plain {
                rule.text = markdown_to_text(&rule.text);
            }
            if !self.revision {
                rule.revision = None;
            }
            if !self.history {
                rule.history.clear();
                rule.judgments.clear();
            }
            if !self.links {
                for entry in &mut rule.history {
                    entry.link = None;
                }
            }
        }
        reduced
    }

    /// A judgment as compared: its line, projected like a body.
    pub(crate) fn judgment(&self, judgment: &Judgment) -> String {
        if self.plain {
            plain_text(&judgment.source)
        } else {
            collapse_whitespace(&judgment.source)
        }
    }
}

/// A body as plain text: Markdown markup gone, bullets (`*`, `-`, `+`, `•`,
/// `◦`) dropped from the start of lines and `•`/`◦` standing alone anywhere
/// (which glyph a format uses for a list item is not meaning; numbered items
/// keep their numbers), whitespace collapsed. Asterisks go too: text forms
/// drop emphasis markers, so a literal `*` (escaped `\*` in Markdown) and a
/// `*` that a plain text's reader takes for emphasis cannot be told apart,
/// and neither is meaning.
fn plain_text(markdown: &str) -> String {
    let text = markdown_to_text(markdown);
    let mut words = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        let line = ["* ", "- ", "+ ", "• ", "◦ "]
            .iter()
            .find_map(|bullet| line.strip_prefix(bullet))
            .unwrap_or(line);
        // A bullet glyph standing alone is list markup wherever a format's
        // reader left it (a nested `•` item can fold into its parent).
        words.extend(
            line.split_whitespace()
                .filter(|w| !matches!(*w, "•" | "◦"))
                .map(|w| w.replace('*', ""))
                .filter(|w| !w.is_empty()),
        );
    }
    words.join(" ")
}

/// Runs of whitespace become one space; ends are trimmed.
pub(super) fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emphasis_and_html_vanish_when_one_side_is_plain_text() {
        let lens = Lens::new(Some(Format::TxtLong), Some(Format::MdLong));
        assert_eq!(
            lens.body("relative weight *wc* = 2<sup>-*kc*</sup>"),
            lens.body("relative weight wc = 2-kc")
        );
        assert_eq!(
            lens.body("met:\n* It is\n  wrapped\n* Not"),
            lens.body("met:\n\n* It is wrapped\n\n* Not")
        );
    }

    #[test]
    fn literal_asterisks_match_across_formats() {
        // nomic-3.md rule 318: `\*` placeholders in Markdown; its text form
        // has bare `*`, which read as Markdown would pair up as emphasis.
        let lens = Lens::new(Some(Format::MdShort), Some(Format::TxtLong));
        assert_eq!(
            lens.body("blessed day, \\*. a quote of mine. â€œ\\*â€ - \\*. As you go"),
            lens.body("blessed day, *. a quote of mine. â€œ*â€ - *. As you go")
        );
        assert_ne!(lens.body("2 \\* 3 points"), lens.body("2 + 3 points"));
    }

    #[test]
    fn bullet_glyphs_are_not_meaning_in_plain_comparisons() {
        let lens = Lens::new(Some(Format::TxtPlain), Some(Format::MdLong));
        assert_eq!(
            lens.body("Hands:\n\n* **Flush**: same suit\n  * Aces high"),
            lens.body("Hands:\n  • Flush: same suit\n    • Aces high")
        );
        assert_ne!(lens.body("1. First"), lens.body("2. First"));
    }

    #[test]
    fn markdown_bodies_compare_exactly_between_markdown_formats() {
        let lens = Lens::new(Some(Format::MdLong), Some(Format::MdShort));
        assert_ne!(lens.body("*n* points"), lens.body("n points"));
        assert!(lens.revisions(Some(0), Some(1)).is_none());
        assert!(!lens.compares_history());
    }

    #[test]
    fn the_format_suffix_of_a_title_is_ignored_only_across_formats() {
        let across = Lens::new(Some(Format::MdLong), Some(Format::MdShort));
        assert_eq!(
            across.title("NOMIC IV RULESET (LONG FORMAT)"),
            across.title("NOMIC IV RULESET (SHORT FORMAT)")
        );
        let same = Lens::new(Some(Format::MdLong), Some(Format::MdLong));
        assert_ne!(
            same.title("NOMIC IV RULESET (LONG FORMAT)"),
            same.title("NOMIC IV RULESET (SHORT FORMAT)")
        );
    }
}
