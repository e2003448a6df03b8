//! The search index, built at publish time with elasticlunr-rs's language
//! pipeline and read in the browser by elasticlunr.js (the pair mdBook uses).
//!
//! It is written as a script that sets `window.nomicSearch` rather than as
//! JSON, so that a page opened from `file://` can load it (browsers refuse
//! `fetch` there). Its strings are data: the page puts them in with
//! `textContent`, never as markup.
//!
//! `elasticlunr::Index::add_doc` runs the English pipeline (tokenizer,
//! trimmer, stop words, stemmer) inside the index, one document after
//! another, and that was the longest serial step of a site. Here every
//! rule's tokens go through the same pipeline on every core (a word seen
//! before is not run again), and each field's inverted index is built on a
//! core of its own, as a trie in one vector ([`trie`]) rather than
//! elasticlunr's nested maps, which recursed once per character to be
//! written and dropped. The whole is written in the shape `elasticlunr::Index`
//! serializes to; tests hold the two byte for byte. A word longer than
//! [`LONGEST_WORD`] characters is left out of the index.

mod trie;

use super::plan::Site;
use crate::render::text::markdown_to_text;
use elasticlunr::document_store::DocumentStore;
use elasticlunr::lang::English;
use elasticlunr::{Language, Pipeline};
use rayon::prelude::*;
use serde::Serialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use trie::Trie;

/// The indexed fields, in the order elasticlunr.js is told them.
const FIELDS: [&str; 3] = ["number", "title", "text"];

/// The field elasticlunr names each document by (its default).
const REF_FIELD: &str = "id";

/// The longest word the index keeps, in characters. Nobody searches for a
/// longer one, and each character is a level of the index that the
/// browser's elasticlunr.js walks by recursion.
pub(crate) const LONGEST_WORD: usize = 100;

/// What a search result shows of a rule: its title (first words) and its
/// mutability. The index itself keeps no documents.
#[derive(Serialize)]
struct Doc<'a> {
    title: &'a str,
    mutability: &'a str,
}

/// One rule's tokens for each field, after the pipeline, each with how
/// often it occurs; and how many tokens each field has.
struct Tokens {
    number: String,
    fields: [(BTreeMap<Arc<str>, u64>, usize); 3],
}

/// elasticlunr's English pipeline (trimmer, stop words, stemmer) with what
/// it made of each word so far: each step looks at one token alone, so a
/// word seen before gives what it gave then.
struct Memo {
    pipeline: Pipeline,
    seen: HashMap<String, Option<Arc<str>>>,
}

impl Memo {
    fn run(&mut self, token: &str) -> Option<Arc<str>> {
        if let Some(kept) = self.seen.get(token) {
            return kept.clone();
        }
        let kept = self
            .pipeline
            .run(vec![token.to_string()])
            .pop()
            .filter(|word| word.chars().nth(LONGEST_WORD).is_none())
            .map(Arc::from);
        self.seen.insert(token.to_string(), kept.clone());
        kept
    }
}

/// The tokens elasticlunr's English tokenizer makes of `text` (split at
/// whitespace and `-`, each lower-cased), without a new string for a token
/// that is lower case already: most words are, and are seen before.
fn tokens(text: &str) -> impl Iterator<Item = Cow<'_, str>> {
    text.split(|c: char| c.is_whitespace() || c == '-')
        .filter(|piece| !piece.is_empty())
        .map(|piece| {
            let piece = piece.trim();
            if piece
                .bytes()
                .all(|b| b.is_ascii() && !b.is_ascii_uppercase())
            {
                Cow::Borrowed(piece)
            } else {
                Cow::Owned(piece.to_lowercase())
            }
        })
}

/// The search index of the site's rules, over number, title and text.
pub(crate) fn index_js(site: &Site<'_>) -> Result<String, serde_json::Error> {
    let english = English::new();
    let tokens: Vec<Tokens> = (0..site.rules.len())
        .into_par_iter()
        // A pipeline per task: its steps are not `Sync`.
        .map_init(
            || Memo {
                pipeline: english.make_pipeline(),
                seen: HashMap::new(),
            },
            |memo, index| {
                let rule = site.rules[index];
                let number = rule.number.to_string();
                let text = markdown_to_text(&rule.text);
                let values = [number.as_str(), site.summary(index), text.as_str()];
                let fields = values.map(|value| {
                    let mut count = 0;
                    let mut frequency = BTreeMap::new();
                    for token in tokens(value) {
                        if let Some(word) = memo.run(&token) {
                            count += 1;
                            *frequency.entry(word).or_insert(0u64) += 1;
                        }
                    }
                    (frequency, count)
                });
                Tokens { number, fields }
            },
        )
        .collect();
    // The documents in the order their references sort (elasticlunr keeps
    // them in maps by reference), each field's index on its own core.
    let mut order: Vec<usize> = (0..tokens.len()).collect();
    order.sort_by(|a, b| tokens[*a].number.cmp(&tokens[*b].number));
    let refs: Vec<String> = order.iter().map(|i| tokens[*i].number.clone()).collect();
    let index: Vec<(&str, Vec<u8>)> = FIELDS
        .par_iter()
        .enumerate()
        .map(|(field, name)| {
            let mut trie = Trie::new();
            let mut nodes: HashMap<&str, Option<u32>> = HashMap::new();
            for (doc, rule) in order.iter().enumerate() {
                let doc = u32::try_from(doc).expect("fewer than 2^32 rules");
                for (token, count) in &tokens[*rule].fields[field].0 {
                    let node = *nodes.entry(token).or_insert_with(|| trie.node(token));
                    if let Some(node) = node {
                        #[allow(clippy::cast_precision_loss)] // counts are far below 2^52
                        trie.add(node, doc, (*count as f64).sqrt());
                    }
                }
            }
            let mut json = Vec::new();
            trie.write_json(&mut json, &refs);
            (*name, json)
        })
        .collect();
    let mut document_store = DocumentStore::new(false);
    for rule in &tokens {
        for (name, (_, count)) in FIELDS.iter().zip(&rule.fields) {
            document_store.add_field_length(&rule.number, name, *count);
        }
        document_store.add_doc(&rule.number, BTreeMap::new());
    }
    let docs: BTreeMap<String, Doc<'_>> = site
        .rules
        .iter()
        .enumerate()
        .map(|(index, rule)| {
            let doc = Doc {
                title: site.summary(index),
                mutability: rule.mutability.as_str(),
            };
            (rule.number.to_string(), doc)
        })
        .collect();
    // `{"index":INDEX,"docs":DOCS}`, INDEX in the shape `elasticlunr::Index`
    // serializes to (its fields are private): the same keys in the same order.
    let mut out = b"window.nomicSearch = {\"index\":{\"fields\":".to_vec();
    serde_json::to_writer(&mut out, &FIELDS)?;
    out.extend_from_slice(b",\"pipeline\":");
    serde_json::to_writer(&mut out, &english.make_pipeline())?;
    out.extend_from_slice(b",\"ref\":");
    serde_json::to_writer(&mut out, REF_FIELD)?;
    out.extend_from_slice(b",\"version\":");
    serde_json::to_writer(&mut out, elasticlunr::ELASTICLUNR_VERSION)?;
    out.extend_from_slice(b",\"index\":{");
    let mut by_name = index;
    by_name.sort_by_key(|(name, _)| *name);
    for (position, (name, json)) in by_name.iter().enumerate() {
        if position > 0 {
            out.push(b',');
        }
        serde_json::to_writer(&mut out, name)?;
        out.push(b':');
        out.extend_from_slice(json);
    }
    out.extend_from_slice(b"},\"documentStore\":");
    serde_json::to_writer(&mut out, &document_store)?;
    out.extend_from_slice(b",\"lang\":");
    serde_json::to_writer(&mut out, &english.name())?;
    out.extend_from_slice(b"},\"docs\":");
    serde_json::to_writer(&mut out, &docs)?;
    out.extend_from_slice(b"};\n");
    Ok(String::from_utf8(out).expect("serde_json and the index write UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Ruleset;

    /// What the index was before: elasticlunr's own `add_doc`, one rule
    /// after another.
    fn index_js_by_add_doc(site: &Site<'_>) -> String {
        #[derive(Serialize)]
        struct Doc {
            title: String,
            mutability: String,
        }
        #[derive(Serialize)]
        struct SearchData {
            index: elasticlunr::Index,
            docs: BTreeMap<String, Doc>,
        }
        let mut index = elasticlunr::IndexBuilder::new()
            .save_docs(false)
            .add_fields(FIELDS)
            .build();
        let mut docs = BTreeMap::new();
        for (position, rule) in site.rules.iter().enumerate() {
            let number = rule.number.to_string();
            let title = site.summary(position).to_string();
            let text = markdown_to_text(&rule.text);
            index.add_doc(&number, [number.as_str(), title.as_str(), text.as_str()]);
            let mutability = rule.mutability.as_str().to_string();
            docs.insert(number, Doc { title, mutability });
        }
        let json = serde_json::to_string(&SearchData { index, docs }).unwrap();
        format!("window.nomicSearch = {json};\n")
    }

    fn same_as_add_doc(ruleset: &Ruleset) {
        let site = Site::new(ruleset, false);
        assert_eq!(index_js(&site).unwrap(), index_js_by_add_doc(&site));
    }

    #[test]
    fn the_index_is_what_elasticlunr_add_doc_builds_for_every_bundled_ruleset() {
        for ruleset in crate::site::tests::bundled_rulesets() {
            same_as_add_doc(&ruleset);
        }
    }

    proptest::proptest! {
        /// The tokens are what elasticlunr's English tokenizer makes.
        #[test]
        fn the_tokens_are_elasticlunrs(text in r"[aZé\u{130}\u{1E9E}Σ日 \t\n\u{a0}\u{2003}-]{0,40}") {
            let ours: Vec<String> = tokens(&text).map(Cow::into_owned).collect();
            proptest::prop_assert_eq!(ours, English::new().tokenize(&text));
        }
    }

    #[test]
    fn a_word_too_long_to_search_for_is_left_out_and_the_rest_is_indexed() {
        let long = "a".repeat(300_000);
        let longest = "b".repeat(LONGEST_WORD);
        let rules = vec![crate::model::Rule::new(
            101,
            format!("Players {long} vote {longest} quickly."),
        )];
        let ruleset = Ruleset::new("Long words", rules);
        let site = Site::new(&ruleset, false);
        let js = index_js(&site).unwrap();
        assert!(!js.contains("aaaa"), "the long word is not indexed");
        // Each kept word is a path of one-character keys: the longest
        // allowed is there in full.
        assert_eq!(js.matches(r#""b":{"docs""#).count(), LONGEST_WORD);
        for word in [r#""p":{"docs""#, r#""v":{"docs""#, r#""q":{"docs""#] {
            assert!(js.contains(word), "{word}");
        }
    }

    #[test]
    fn the_index_is_what_elasticlunr_add_doc_builds_for_repeated_and_odd_words() {
        let mut rules = Vec::new();
        for (number, text) in [
            (101, "Players play; players PLAYED the played plays."),
            (
                102,
                "A well-known rule-change (see Rule 101) is a rule change.",
            ),
            (103, ""),
            (
                104,
                "Ünïcödé wörds, 漢字, and a `code span` and **bold** words.",
            ),
            (105, "the the the and of to"),
        ] {
            rules.push(crate::model::Rule::new(number, text));
        }
        same_as_add_doc(&Ruleset::new("Odd words", rules));
    }
}
