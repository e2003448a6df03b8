//! Rendering one source's published set for `nomic build`: the forms,
//! each read back, and the website.

use super::super::io::{read_input, Failure};
use nomic::meaning;
use nomic::parse::{ReadDepth, ReadOptions};
use nomic::render::{
    agora_published_files, image_paths, publish_onto, stamp_publication, Asset, Form, Publication,
    PublishedFile, Renderer,
};
use std::path::{Path, PathBuf};

use super::Args;

/// The published files of one source (the website's under `site/`), and
/// how many damaged characters it holds (after the certain repairs, with
/// `--repair-encoding`). `read` is the source's display name and bytes when
/// they were read already (a file is read only once: standard input cannot
/// be read twice). Every file is read back, and one that would change a
/// rule's meaning is refused (not with templates of one's own, whose forms
/// nomic does not read). A failure of the forms is reported before the
/// website is made.
pub(super) fn render_source(
    source: &Path,
    read: Option<(String, Vec<u8>)>,
    dir: &Path,
    renderer: &Renderer,
    args: &Args,
) -> Result<Rendered, Failure> {
    let folder = super::super::io::read_folder(source)?;
    if let Some(agora) = folder.as_ref().and_then(|read| read.agora.as_ref()) {
        let mut ruleset = agora.ruleset.clone();
        let publication = Publication {
            date: args.date,
            official: args.official,
        };
        stamp_publication(&mut ruleset, &publication)
            .map_err(|err| Failure::message(format!("{}: {err}", source.display())))?;
        let files = agora_published_files(&ruleset, renderer)
            .map_err(|err| Failure::message(format!("{}: {err}", source.display())))?;
        let site = site_files(
            source,
            &ruleset,
            args.git,
            args.templates.clone(),
            Vec::new(),
        )?;
        return Ok(Rendered::joined(files, site, Vec::new(), 0));
    }
    let (name, parsed, left) = match folder {
        // A folder of rule files: its files are a form nomic does not
        // publish, so every form is written from the rules.
        Some(read) => {
            let mut parsed = read.parsed;
            parsed.ruleset = parsed.ruleset.into_without_layout();
            (source.display().to_string(), parsed, 0)
        }
        None => read_file(source, read, args)?,
    };
    super::super::io::refuse_duplicate_numbers(&name, &parsed)?;
    let ruleset = &parsed.ruleset;
    let forms = args.forms.clone().unwrap_or_else(|| Form::in_folder(dir));
    let pins = super::pins::beside(source)?;
    let (mut existing, unread) = super::existing::read(dir, &forms, source);
    for path in unread {
        eprintln!("note: {path} does not read in its form; it is written anew");
    }
    let publish = |existing: &_| {
        publish_onto(ruleset, renderer, &forms, existing, &pins)
            .map_err(|err| Failure::message(format!("{name}: {err}")))
    };
    let mut published = publish(&existing)?;
    let disagreeing = meaning::disagreements(ruleset, &existing, &published);
    let dir_name = dir.display();
    for found in &disagreeing {
        let then = if args.fix_copies {
            "written anew"
        } else {
            "kept as published (--fix-copies writes it anew)"
        };
        eprintln!(
            "note: {dir_name}/{}:{}: rule {} disagrees with {name}: {}; {then}",
            found.path.display(),
            found.line,
            found.rule,
            found.what
        );
    }
    for lost in meaning::not_carried_over(ruleset, &existing, &published) {
        eprintln!(
            "warning: {dir_name}/{}:{}: rule {} changed and is written anew; what this copy \
             held of its own is not carried over: {}",
            lost.path.display(),
            lost.line,
            lost.rule,
            lost.what
        );
    }
    if args.fix_copies && !disagreeing.is_empty() {
        meaning::forget(&mut existing, &disagreeing);
        published = publish(&existing)?;
    }
    if args.templates.is_none() {
        meaning::verify_published(ruleset, &published)
            .map_err(|err| Failure::message(format!("{name}: {err}; nothing was written")))?;
    }
    let untitled = meaning::untitled_in(ruleset, nomic::model::Format::MdLong);
    if untitled > 0 && forms.iter().any(|form| *form != Form::Site) {
        let kept = if forms.contains(&Form::Site) {
            "the website shows them"
        } else {
            "no form written here has them"
        };
        eprintln!(
            "note: {name}: {untitled} rules have titles, which the nomic forms do not carry; {kept}"
        );
    }
    let files = published.files;
    let assets = images(source, ruleset, &forms);
    let site = if forms.contains(&Form::Site) {
        let shown: Vec<PathBuf> = assets
            .iter()
            .filter_map(|asset| asset.path.strip_prefix("site").ok())
            .map(Path::to_path_buf)
            .collect();
        site_files(source, ruleset, args.git, args.templates.clone(), shown)?
    } else {
        Vec::new()
    };
    let damaged = if args.repair_encoding {
        left
    } else {
        parsed.encoding.len()
    };
    Ok(Rendered::joined(files, site, assets, damaged))
}

/// The images the rules show, read from the source's folder, each copied
/// to the same relative path beside the forms and, with the website, under
/// `site/`. An image that leads out of that folder (a link) or is not a
/// file is named on standard error and not copied; a missing one is left
/// to `nomic check`.
pub(in crate::cmd) fn images(
    source: &Path,
    ruleset: &nomic::model::Ruleset,
    forms: &[Form],
) -> Vec<Asset> {
    let folder = match source.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Ok(root) = std::fs::canonicalize(&folder) else {
        return Vec::new();
    };
    let beside_forms = forms.iter().any(|form| *form != Form::Site);
    let mut assets = Vec::new();
    for path in image_paths(ruleset) {
        let file = folder.join(&path);
        // A missing image is `nomic check`'s to report (N801).
        let Ok(real) = std::fs::canonicalize(&file) else {
            continue;
        };
        let inside = real.starts_with(&root) && real.is_file();
        let Some(Ok((_, bytes))) = inside.then(|| read_input(&file)) else {
            eprintln!(
                "note: {} is shown by a rule but is not a file in {}; it is not copied",
                path.display(),
                folder.display()
            );
            continue;
        };
        if forms.contains(&Form::Site) {
            assets.push(Asset {
                path: Path::new("site").join(&path),
                bytes: bytes.clone(),
            });
        }
        if beside_forms {
            assets.push(Asset { path, bytes });
        }
    }
    assets
}

/// One source's published set, the website included.
pub(super) struct Rendered {
    pub(super) files: Vec<PublishedFile>,
    /// The images copied into it.
    pub(super) assets: Vec<Asset>,
    /// Damaged character sequences (mojibake) published as they are.
    pub(super) damaged: usize,
}

impl Rendered {
    /// The forms followed by the website.
    fn joined(
        mut files: Vec<PublishedFile>,
        site: Vec<PublishedFile>,
        assets: Vec<Asset>,
        damaged: usize,
    ) -> Rendered {
        files.extend(site);
        Rendered {
            files,
            assets,
            damaged,
        }
    }
}

/// The website of a source, its paths under `site/`: with `git`, a changes
/// page per committed version of the source; with `templates`, templates
/// of one's own; showing the `images` copied into it.
pub(in crate::cmd) fn site_files(
    source: &Path,
    ruleset: &nomic::model::Ruleset,
    git: bool,
    templates: Option<PathBuf>,
    images: Vec<PathBuf>,
) -> Result<Vec<PublishedFile>, Failure> {
    let name = source.display();
    let versions = if git {
        super::super::site::versions(source, true)?
    } else {
        Vec::new()
    };
    let options = nomic::site::SiteOptions { templates, images };
    let files = nomic::site::site_files(ruleset, &versions, &options)
        .map_err(|err| Failure::message(format!("{name}: {err}")))?;
    Ok(files
        .into_iter()
        .map(|file| PublishedFile {
            path: Path::new("site").join(file.path),
            contents: file.contents,
        })
        .collect())
}

/// A ruleset file read whole for publishing (`read`: its name and bytes
/// when read already), with how many damaged characters a repair left.
fn read_file(
    source: &Path,
    read: Option<(String, Vec<u8>)>,
    args: &Args,
) -> Result<(String, nomic::parse::Parsed, usize), Failure> {
    let (name, bytes) = match read {
        Some(read) => read,
        None => read_input(source)?,
    };
    let options = ReadOptions {
        repair_encoding: args.repair_encoding,
        ..ReadOptions::default()
    };
    // The read takes the bytes; a repair's report needs them as they were.
    let as_given = args.repair_encoding.then(|| bytes.clone());
    let parsed = super::super::io::parse_input_owned(&name, bytes, &options, ReadDepth::Full)?;
    let left =
        super::super::io::report_repair(&name, as_given.as_deref().unwrap_or_default(), &options);
    Ok((name, parsed, left))
}
