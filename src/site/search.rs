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
//! rule's tokens go through the same pipeline on every core, and only the
//! insertion into elasticlunr's own inverted indexes and document store is
//! serial (one field per core). The index is then serialized in the shape
//! `elasticlunr::Index` serializes to; a test holds the two byte for byte.

use super::plan::Site;
use crate::render::text::markdown_to_text;
use elasticlunr::document_store::DocumentStore;
use elasticlunr::inverted_index::InvertedIndex;
use elasticlunr::lang::English;
use elasticlunr::{Language, Pipeline};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// The indexed fields, in the order elasticlunr.js is told them.
const FIELDS: [&str; 3] = ["number", "title", "text"];

/// The field elasticlunr names each document by (its default).
const REF_FIELD: &str = "id";

/// What a search result shows of a rule: its title (first words) and its
/// mutability. The index itself keeps no documents.
#[derive(Serialize)]
struct Doc<'a> {
    title: &'a str,
    mutability: &'a str,
}

/// `elasticlunr::Index` as it serializes (its fields are private): the
/// same keys in the same order, built from the crate's own parts.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct IndexJson<'a> {
    fields: [&'a str; 3],
    pipeline: &'a Pipeline,
    #[serde(rename = "ref")]
    ref_field: &'a str,
    version: &'a str,
    index: BTreeMap<&'a str, InvertedIndex>,
    document_store: DocumentStore,
    lang: String,
}

#[derive(Serialize)]
struct SearchData<'a> {
    index: IndexJson<'a>,
    docs: BTreeMap<String, Doc<'a>>,
}

/// One rule's tokens for each field, after the pipeline, each with how
/// often it occurs; and how many tokens each field has.
struct Tokens {
    number: String,
    fields: [(BTreeMap<String, u64>, usize); 3],
}

/// The search index of the site's rules, over number, title and text.
pub(crate) fn index_js(site: &Site<'_>) -> Result<String, serde_json::Error> {
    let english = English::new();
    let tokens: Vec<Tokens> = (0..site.rules.len())
        .into_par_iter()
        // A pipeline per task: its steps are not `Sync`.
        .map_init(
            || english.make_pipeline(),
            |pipeline, index| {
                let rule = site.rules[index];
                let number = rule.number.to_string();
                let text = markdown_to_text(&rule.text);
                let values = [number.as_str(), site.summary(index), text.as_str()];
                let fields = values.map(|value| {
                    let tokens = pipeline.run(english.tokenize(value));
                    let count = tokens.len();
                    let mut frequency = BTreeMap::new();
                    for token in tokens {
                        *frequency.entry(token).or_insert(0u64) += 1;
                    }
                    (frequency, count)
                });
                Tokens { number, fields }
            },
        )
        .collect();
    // Each field's inverted index on its own core; what elasticlunr's
    // `add_doc` would add for each document, in the same order.
    let index = FIELDS
        .par_iter()
        .enumerate()
        .map(|(field, name)| {
            let mut inverted = InvertedIndex::new();
            for rule in &tokens {
                for (token, count) in &rule.fields[field].0 {
                    #[allow(clippy::cast_precision_loss)] // counts are far below 2^52
                    inverted.add_token(&rule.number, token, (*count as f64).sqrt());
                }
            }
            (*name, inverted)
        })
        .collect();
    let mut document_store = DocumentStore::new(false);
    for rule in &tokens {
        for (name, (_, count)) in FIELDS.iter().zip(&rule.fields) {
            document_store.add_field_length(&rule.number, name, *count);
        }
        document_store.add_doc(&rule.number, BTreeMap::new());
    }
    let docs = site
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
    let data = SearchData {
        index: IndexJson {
            fields: FIELDS,
            pipeline: &english.make_pipeline(),
            ref_field: REF_FIELD,
            version: elasticlunr::ELASTICLUNR_VERSION,
            index,
            document_store,
            lang: english.name(),
        },
        docs,
    };
    let json = serde_json::to_string(&data)?;
    Ok(format!("window.nomicSearch = {json};\n"))
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
        let mut read = 0;
        for entry in std::fs::read_dir("rulesets").unwrap() {
            let path = entry.unwrap().path();
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let Ok(parsed) = crate::parse::read(&bytes, &Default::default()) else {
                continue;
            };
            same_as_add_doc(&parsed.ruleset);
            read += 1;
        }
        assert!(read >= 5, "only {read} bundled rulesets read");
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
