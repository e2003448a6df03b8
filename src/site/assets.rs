//! The site's templates and static files: embedded defaults, each of which
//! a `--templates DIR` holding `site/<name>` overrides (through the render
//! module's loader), and the vendored elasticlunr.js with its licence.

use super::SiteError;
use crate::render::{template_environment, PublishedFile};
use minijinja::{AutoEscape, Environment, ErrorKind};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The embedded templates, by name (`--templates DIR` reads `DIR/site/…`).
const TEMPLATES: [(&str, &str); 8] = [
    (
        "site/base.html.j2",
        include_str!("../../templates/site/base.html.j2"),
    ),
    (
        "site/index.html.j2",
        include_str!("../../templates/site/index.html.j2"),
    ),
    (
        "site/rule.html.j2",
        include_str!("../../templates/site/rule.html.j2"),
    ),
    (
        "site/changes.html.j2",
        include_str!("../../templates/site/changes.html.j2"),
    ),
    (
        "site/version.html.j2",
        include_str!("../../templates/site/version.html.j2"),
    ),
    (
        "site/history.html.j2",
        include_str!("../../templates/site/history.html.j2"),
    ),
    (
        "site/style.css.j2",
        include_str!("../../templates/site/style.css.j2"),
    ),
    (
        "site/site.js.j2",
        include_str!("../../templates/site/site.js.j2"),
    ),
];

/// Files copied as they are: elasticlunr.js 0.9.5 from the npm registry
/// (MIT licence, kept beside it).
const VENDORED: [(&str, &str); 2] = [
    (
        "assets/elasticlunr.min.js",
        include_str!("../../templates/site/elasticlunr.min.js"),
    ),
    (
        "assets/elasticlunr.LICENSE.txt",
        include_str!("../../templates/site/elasticlunr.LICENSE"),
    ),
];

/// The stylesheet and script, rendered from templates, and where they go.
const RENDERED_ASSETS: [(&str, &str); 2] = [
    ("site/style.css.j2", "assets/style.css"),
    ("site/site.js.j2", "assets/site.js"),
];

pub(crate) struct SiteEnv {
    env: Environment<'static>,
}

/// The render module's environment, with HTML escaping for `.html.j2`
/// templates and every site template resolved: from `dir` when it has it,
/// else the embedded default.
pub(crate) fn environment(dir: Option<&Path>) -> Result<SiteEnv, SiteError> {
    if let Some(dir) = dir {
        if !dir.is_dir() {
            return Err(SiteError::TemplateDir(PathBuf::from(dir)));
        }
    }
    let mut env = template_environment(dir);
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".html.j2") {
            AutoEscape::Html
        } else {
            AutoEscape::None
        }
    });
    for (name, source) in TEMPLATES {
        match env.get_template(name) {
            Ok(_) => {}
            Err(err) if err.kind() == ErrorKind::TemplateNotFound => {
                env.add_template(name, source)
                    .map_err(|err| SiteError::template(&err, name))?;
            }
            Err(err) => return Err(SiteError::template(&err, name)),
        }
    }
    Ok(SiteEnv { env })
}

impl SiteEnv {
    pub(super) fn render<S: Serialize>(
        &self,
        name: &str,
        context: &S,
    ) -> Result<String, SiteError> {
        self.env
            .get_template(name)
            .and_then(|template| {
                template.render(minijinja::Value::from(minijinja::value::Serde(context)))
            })
            .map_err(|err| SiteError::template(&err, name))
    }

    /// The stylesheet, the script, and the vendored files.
    pub(super) fn assets(&self) -> Result<Vec<PublishedFile>, SiteError> {
        let mut files = Vec::new();
        for (name, path) in RENDERED_ASSETS {
            files.push(PublishedFile {
                path: PathBuf::from(path),
                contents: self.render(name, &())?,
            });
        }
        for (path, contents) in VENDORED {
            files.push(PublishedFile {
                path: PathBuf::from(path),
                contents: contents.to_string(),
            });
        }
        Ok(files)
    }
}
