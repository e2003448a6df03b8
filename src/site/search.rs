//! The search index, built at publish time with elasticlunr-rs and read in
//! the browser by elasticlunr.js (the pair mdBook uses).
//!
//! It is written as a script that sets `window.nomicSearch` rather than as
//! JSON, so that a page opened from `file://` can load it (browsers refuse
//! `fetch` there). Its strings are data: the page puts them in with
//! `textContent`, never as markup.

use super::plan::{summary, Site};
use crate::render::text::markdown_to_text;
use elasticlunr::IndexBuilder;
use serde::Serialize;
use std::collections::BTreeMap;

/// What a search result shows of a rule: its title (first words) and its
/// mutability. The index itself keeps no documents.
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

/// The search index of the site's rules, over number, title and text.
pub(crate) fn index_js(site: &Site<'_>) -> Result<String, serde_json::Error> {
    let mut index = IndexBuilder::new()
        .save_docs(false)
        .add_fields(["number", "title", "text"])
        .build();
    let mut docs = BTreeMap::new();
    for rule in &site.rules {
        let number = rule.number.to_string();
        let title = summary(&rule.text);
        let text = markdown_to_text(&rule.text);
        index.add_doc(&number, [number.as_str(), title.as_str(), text.as_str()]);
        docs.insert(
            number,
            Doc {
                title,
                mutability: rule.mutability.as_str().to_string(),
            },
        );
    }
    let json = serde_json::to_string(&SearchData { index, docs })?;
    Ok(format!("window.nomicSearch = {json};\n"))
}
