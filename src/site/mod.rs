//! The ruleset as a static website: an index, one page per rule, search as
//! you type, and a page of changes per committed version of the source.
//!
//! The site works from `file://` and on any static host: every link is
//! relative, the search index is a `.js` file that sets a variable (no
//! `fetch`), and nothing is loaded from the network.
//!
//! Rule text is untrusted. It is rendered from Markdown with pulldown-cmark,
//! citations become links (`cite`), and the HTML is then cleaned by ammonia
//! (`html`): no scripts, no event attributes, links only to `http(s)`,
//! `mailto` and relative targets. Every page carries a Content-Security-Policy
//! that forbids inline scripts, and the search results are built with
//! `textContent`, so the search index cannot inject markup either.
//!
//! One file per concern: `plan` (which pages, and what each shows),
//! `html` and `cite` (rule text), `search` (the index), `changes`
//! (versions), `history` (each rule's versions and who wrote what),
//! `assets` (templates, stylesheet, scripts).

mod assets;
mod changes;
mod cite;
mod history;
mod html;
mod plan;
mod search;
#[cfg(test)]
mod tests;

pub use changes::Version;
pub use plan::{SEARCH_INDEX, SITE_FOLDERS};

use crate::model::Ruleset;
use crate::render::PublishedFile;
use rayon::prelude::*;
use std::path::PathBuf;

/// How to build a site.
#[derive(Debug, Clone, Default)]
pub struct SiteOptions {
    /// A folder whose `site/*.j2` templates override the embedded ones.
    pub templates: Option<PathBuf>,
    /// The images copied into the site at these paths (`images/319.png`),
    /// which the rule pages show; a placeholder stands for any other.
    pub images: Vec<PathBuf>,
}

/// Why a site could not be built.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// A template failed to load, compile or render.
    #[error("template `{name}`{}: {message}", line.map(|l| format!(" line {l}")).unwrap_or_default())]
    Template {
        /// The template's name (`site/rule.html.j2`).
        name: String,
        /// The line in the template, when known.
        line: Option<usize>,
        /// What went wrong.
        message: String,
    },
    /// The `--templates` folder is missing.
    #[error("templates folder {0} does not exist or is not a folder")]
    TemplateDir(PathBuf),
    /// The search index could not be serialized.
    #[error("cannot write the search index: {0}")]
    Json(#[from] serde_json::Error),
}

impl SiteError {
    fn template(err: &minijinja::Error, template: &str) -> SiteError {
        let mut message = err.kind().to_string();
        if let Some(detail) = err.detail() {
            message.push_str(": ");
            message.push_str(detail);
        }
        SiteError::Template {
            name: err.name().unwrap_or(template).to_string(),
            line: err.line(),
            message,
        }
    }
}

/// Every file of the site of `ruleset`, paths relative to the site's folder:
/// `index.html`, `rules/NNN.html`, `search-index.js`, `assets/…`, and with
/// `versions` (oldest first) `changes/index.html`, `changes/N.html` and
/// `history/NNN.html`.
/// Nothing is written; a template error fails the whole site.
pub fn site_files(
    ruleset: &Ruleset,
    versions: &[Version],
    options: &SiteOptions,
) -> Result<Vec<PublishedFile>, SiteError> {
    let env = assets::environment(options.templates.as_deref())?;
    let site = plan::Site::new(ruleset, !versions.is_empty());
    let mut files = Vec::with_capacity(site.rules.len() + 8);
    files.push(file(
        "index.html",
        env.render("site/index.html.j2", &site.index())?,
    ));
    // The rule pages on every core, beside the search index; pages stay in
    // the rules' order, and the first failing page is the one reported.
    let rendered = html::RuleText::with_images(&options.images).with_references(ruleset);
    let (pages, search) = rayon::join(
        || {
            (0..site.rules.len())
                .into_par_iter()
                .map(|index| {
                    let page = site.rule_page(index, &rendered);
                    let path = format!("rules/{}.html", page.entry.number);
                    Ok(file(&path, env.render("site/rule.html.j2", &page)?))
                })
                .collect::<Vec<Result<PublishedFile, SiteError>>>()
        },
        || search::index_js(&site),
    );
    for page in pages {
        files.push(page?);
    }
    if !versions.is_empty() {
        let pages = changes::pages(versions, &site, &rendered);
        files.push(file(
            "changes/index.html",
            env.render("site/changes.html.j2", &pages.index)?,
        ));
        for page in &pages.versions {
            let path = format!("changes/{}.html", page.version.number);
            files.push(file(&path, env.render("site/version.html.j2", page)?));
        }
        // A history page per rule, on every core, in the rules' order.
        let histories = site
            .rules
            .par_iter()
            .map(|rule| {
                let page = history::page(rule, versions, &site, &rendered);
                let path = format!("history/{}.html", rule.number);
                Ok(file(&path, env.render("site/history.html.j2", &page)?))
            })
            .collect::<Vec<Result<PublishedFile, SiteError>>>();
        for page in histories {
            files.push(page?);
        }
    }
    files.push(file(SEARCH_INDEX, search?));
    files.extend(env.assets()?);
    Ok(files)
}

fn file(path: &str, contents: String) -> PublishedFile {
    PublishedFile {
        path: PathBuf::from(path),
        contents,
    }
}
