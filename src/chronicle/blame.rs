//! Word-level blame: the rule's current text with each span attributed to
//! the version that wrote its words.
//!
//! Each version's text is cut into words (runs of letters and digits, and
//! each punctuation mark on its own); whitespace and Markdown markup (`*`,
//! `_`, `` ` ``, `\`) are not words, so re-wrapping, re-indenting and a
//! change of emphasis or format attribute nothing. Version by version, oldest first, `similar` pairs the
//! words of the older text with the newer: a paired word keeps the version
//! it came from, every other word is the newer version's.

use super::versions::{Cause, History};
use serde::Serialize;
use similar::{capture_diff_slices, Algorithm, DiffOp};

/// The current text, cut into attributed spans.
#[derive(Debug, Clone, Serialize)]
pub struct Blame {
    /// The rule's identifier at HEAD.
    pub rule: String,
    /// The rule's current text (Markdown); the spans cover it exactly.
    pub text: String,
    /// The spans in reading order: joined, they give `text`.
    pub spans: Vec<Span>,
}

/// A stretch of the current text and who wrote it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Span {
    /// The byte offset of the span's start in `text`.
    pub start: usize,
    /// The byte offset just past its end.
    pub end: usize,
    /// The span's text.
    pub text: String,
    /// Who wrote it.
    pub by: Attribution,
}

/// The version that wrote a span.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Attribution {
    /// A version in the repository's history.
    Version {
        /// The index of the version in the history, oldest first.
        version: usize,
        /// The commit's full hash.
        commit: String,
        /// Its date, `YYYY-MM-DD`.
        date: String,
        /// What made the change.
        cause: Cause,
    },
    /// Words already there in the followed file's first commit.
    Before {
        /// The date of that first commit.
        date: String,
        /// The rule's own history lines then that changed its text, oldest
        /// first: the words are from one of them (from the only one, when
        /// there is one).
        history: Vec<String>,
    },
}

/// One word of a text: its byte range, which is also what it is compared by.
struct Word<'a> {
    start: usize,
    end: usize,
    key: &'a str,
}

/// Whether a character is Markdown markup that words are compared without.
fn is_markup(c: char) -> bool {
    matches!(c, '*' | '_' | '`' | '\\')
}

/// The words of `text`: runs of letters and digits, and each other
/// character that is neither whitespace nor markup on its own, so that
/// `Forever.` and `Forever and a Day.` share `Forever` and `.`.
fn words<'a>(text: &'a str) -> Vec<Word<'a>> {
    let mut words = Vec::new();
    let mut run: Option<usize> = None;
    let close = |words: &mut Vec<Word<'a>>, from: usize, to: usize| {
        words.push(Word {
            start: from,
            end: to,
            key: &text[from..to],
        });
    };
    for (at, c) in text.char_indices() {
        if c.is_alphanumeric() {
            run.get_or_insert(at);
            continue;
        }
        if let Some(from) = run.take() {
            close(&mut words, from, at);
        }
        if !c.is_whitespace() && !is_markup(c) {
            close(&mut words, at, at + c.len_utf8());
        }
    }
    if let Some(from) = run {
        close(&mut words, from, text.len());
    }
    words
}

/// Attributes each word of the current text to the version that wrote it.
pub fn blame(history: &History) -> Blame {
    let mut origins: Vec<usize> = Vec::new();
    let mut previous: Option<&str> = None;
    for (index, version) in history.versions.iter().enumerate() {
        let text = version.rule.text.as_str();
        let new_words = words(text);
        let mut next = vec![index; new_words.len()];
        if let Some(old) = previous {
            let old_keys: Vec<&str> = words(old).iter().map(|w| w.key).collect();
            let new_keys: Vec<&str> = new_words.iter().map(|w| w.key).collect();
            for op in capture_diff_slices(Algorithm::Myers, &old_keys, &new_keys) {
                if let DiffOp::Equal {
                    old_index,
                    new_index,
                    len,
                } = op
                {
                    next[new_index..new_index + len]
                        .copy_from_slice(&origins[old_index..old_index + len]);
                }
            }
        }
        origins = next;
        previous = Some(text);
    }
    let current = history.current();
    let text = current.rule.text.clone();
    let spans = spans(&text, &words(&text), &origins, history);
    Blame {
        rule: history.rule.clone(),
        text,
        spans,
    }
}

/// Runs of words of one origin as spans; the whitespace after a word goes
/// with its span, the text before the first word with the first span.
fn spans(text: &str, words: &[Word<'_>], origins: &[usize], history: &History) -> Vec<Span> {
    // (start, end, origin) of each run.
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    for (word, &origin) in words.iter().zip(origins) {
        match runs.last_mut() {
            Some(last) if last.2 == origin => last.1 = word.end,
            Some(last) => {
                last.1 = word.start;
                runs.push((word.start, word.end, origin));
            }
            None => runs.push((0, word.end, origin)),
        }
    }
    if let Some(last) = runs.last_mut() {
        last.1 = text.len();
    }
    runs.into_iter()
        .map(|(start, end, origin)| Span {
            start,
            end,
            text: text[start..end].to_string(),
            by: attribution(history, origin),
        })
        .collect()
}

fn attribution(history: &History, origin: usize) -> Attribution {
    let version = &history.versions[origin];
    if origin == 0 && history.predates {
        return Attribution::Before {
            date: version.date.clone(),
            history: history.before_record(),
        };
    }
    Attribution::Version {
        version: origin,
        commit: version.commit.clone(),
        date: version.date.clone(),
        cause: version.cause.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chronicle::{Keeping, Version};
    use crate::model::Rule;

    fn history(texts: &[&str]) -> History {
        let versions = texts
            .iter()
            .enumerate()
            .map(|(index, text)| Version {
                commit: format!("c{index}"),
                date: format!("2020-01-0{}", index + 1),
                subject: format!("Proposal {index}"),
                path: "rules.md".to_string(),
                cause: Cause::Commit(format!("Proposal {index}")),
                changes: Vec::new(),
                words: Vec::new(),
                rule: Rule::new(101, *text),
            })
            .collect();
        History {
            rule: "101".to_string(),
            path: "rules.md".to_string(),
            keeping: Keeping::Ruleset,
            versions,
            predates: true,
            unread: Vec::new(),
        }
    }

    fn owners(blame: &Blame) -> Vec<(String, String)> {
        blame
            .spans
            .iter()
            .map(|span| {
                let who = match &span.by {
                    Attribution::Version { commit, .. } => commit.clone(),
                    Attribution::Before { .. } => "before".to_string(),
                };
                (span.text.clone(), who)
            })
            .collect()
    }

    #[test]
    fn rewrapping_reindenting_and_emphasis_attribute_nothing() {
        let blame = blame(&history(&[
            "A player may vote on a proposal.",
            "A player\n  may *vote* on\na proposal.",
        ]));
        assert_eq!(
            owners(&blame),
            [(
                "A player\n  may *vote* on\na proposal.".to_string(),
                "before".to_string()
            )]
        );
    }

    #[test]
    fn each_span_is_its_writers_and_the_spans_tile_the_text() {
        let blame = blame(&history(&[
            "A player may vote on the proposal.",
            "A player may vote twice on the proposal.",
            "A player may vote twice on any proposal, once a day.",
        ]));
        let text: String = blame.spans.iter().map(|span| span.text.as_str()).collect();
        assert_eq!(text, blame.text);
        assert_eq!(
            owners(&blame),
            [
                ("A player may vote ".to_string(), "before".to_string()),
                ("twice ".to_string(), "c1".to_string()),
                ("on ".to_string(), "before".to_string()),
                ("any ".to_string(), "c2".to_string()),
                ("proposal".to_string(), "before".to_string()),
                (", once a day".to_string(), "c2".to_string()),
                (".".to_string(), "before".to_string()),
            ]
        );
        for span in &blame.spans {
            assert_eq!(&blame.text[span.start..span.end], span.text);
        }
    }

    #[test]
    fn an_empty_text_has_no_spans() {
        assert!(blame(&history(&["Gone.", ""])).spans.is_empty());
    }
}
