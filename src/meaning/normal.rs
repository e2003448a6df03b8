//! A rule text's meaning in a form two texts can be compared in: blocks of
//! lines of words.

use super::Construct;
use crate::model::LONE_WORD;
use crate::render::text::{blocks, Block, SOFT_BREAK};
use unicode_width::UnicodeWidthStr;

/// One block of a text, its layout gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Normal {
    /// Running text: its lines (cut at line breaks), each a list of words.
    Paragraph(Vec<Vec<String>>),
    /// A list item: its number (none for a bullet), its depth, its lines.
    Item {
        number: Option<String>,
        depth: usize,
        lines: Vec<Vec<String>>,
    },
    /// Preformatted lines, less their common indent and trailing spaces.
    Preformatted(Vec<String>),
}

impl Normal {
    fn construct(&self) -> Option<Construct> {
        match self {
            Normal::Paragraph(lines) if lines.len() > 1 => Some(Construct::LineBreak),
            Normal::Paragraph(_) => None,
            Normal::Item { lines, .. } if lines.len() > 1 => Some(Construct::LineBreak),
            Normal::Item { .. } => Some(Construct::ListItem),
            Normal::Preformatted(_) => Some(Construct::Preformatted),
        }
    }

    /// The block's words, lines marked by `↵`, for showing where two differ.
    fn words(&self) -> Vec<String> {
        let lines = match self {
            Normal::Paragraph(lines) | Normal::Item { lines, .. } => lines.clone(),
            Normal::Preformatted(lines) => lines
                .iter()
                .map(|line| line.split(' ').map(str::to_string).collect())
                .collect(),
        };
        let mut words = Vec::new();
        if let Normal::Item { number, depth, .. } = self {
            if *depth > 0 {
                words.push(format!("(nested {depth} deep)"));
            }
            words.push(number.clone().unwrap_or_else(|| "*".to_string()));
        }
        for (k, line) in lines.into_iter().enumerate() {
            if k > 0 {
                words.push("\u{21b5}".to_string());
            }
            words.extend(line);
        }
        words
    }
}

fn words_of(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_string).collect()
}

fn lines_of(text: &str) -> Vec<Vec<String>> {
    let mut lines: Vec<Vec<String>> = Vec::new();
    for line in text.replace(SOFT_BREAK, " ").split('\n') {
        let words = words_of(line);
        match (lines.last_mut(), words.first()) {
            (_, None) => {}
            (Some(previous), Some(first)) if first.width() >= LONE_WORD => previous.extend(words),
            _ => lines.push(words),
        }
    }
    lines
}

/// The normal form of a Markdown rule text.
pub(super) fn normal_form(markdown: &str) -> Vec<Normal> {
    let mut out: Vec<Normal> = Vec::new();
    for block in blocks(markdown) {
        let normal = match block {
            Block::Paragraph(text) => Normal::Paragraph(lines_of(&text)),
            Block::Item {
                marker,
                depth,
                text,
            } => Normal::Item {
                number: marker
                    .ends_with(['.', ')'])
                    .then(|| marker.trim_end_matches(['.', ')']).to_string()),
                depth,
                lines: lines_of(&text),
            },
            Block::Verbatim(text) => {
                let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
                let indent = lines
                    .iter()
                    .filter(|line| !line.is_empty())
                    .map(|line| line.len() - line.trim_start().len())
                    .min()
                    .unwrap_or(0);
                let lines: Vec<String> = lines
                    .iter()
                    .map(|line| line.get(indent..).unwrap_or("").to_string())
                    .collect();
                // Preformatted blocks one after another read as one.
                if let Some(Normal::Preformatted(previous)) = out.last_mut() {
                    previous.push(String::new());
                    previous.extend(lines);
                    continue;
                }
                Normal::Preformatted(lines)
            }
        };
        out.push(normal);
    }
    out
}

/// Where two normal forms first differ.
pub(super) struct Difference {
    /// A few words from the first difference on, as meant.
    pub expected: String,
    /// The same place as read back.
    pub found: String,
    /// The construct the meant text has there, when it explains the loss.
    pub construct: Option<Construct>,
}

const SHOWN_WORDS: usize = 8;

/// The first difference between `meant` and `read`, if any.
pub(super) fn first_difference(meant: &[Normal], read: &[Normal]) -> Option<Difference> {
    let k = (0..meant.len().max(read.len())).find(|&k| meant.get(k) != read.get(k))?;
    let words = |block: Option<&Normal>| block.map(Normal::words).unwrap_or_default();
    let (a, b) = (words(meant.get(k)), words(read.get(k)));
    let at = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    // Show from a word or two before the difference, for context.
    let from = at.saturating_sub(2);
    let show = |words: &[String]| {
        if words.len() <= from {
            return "(nothing)".to_string();
        }
        let end = (from + SHOWN_WORDS).min(words.len());
        let mut shown = words[from..end].join(" ");
        if end < words.len() {
            shown.push_str(" …");
        }
        shown
    };
    let construct = meant.get(k).and_then(|block| {
        let same_kind = read
            .get(k)
            .is_some_and(|other| std::mem::discriminant(other) == std::mem::discriminant(block));
        let emphasis = a.get(at).is_some_and(|word| word.contains(['*', '_', '~']));
        if same_kind && emphasis {
            Some(Construct::Emphasis)
        } else {
            block.construct()
        }
    });
    Some(Difference {
        expected: show(&a),
        found: show(&b),
        construct,
    })
}

/// `blocks` with the emphasis markers (`*`, `_`) gone from every word: what
/// a text form that drops emphasis still says.
pub(super) fn without_emphasis(mut blocks: Vec<Normal>) -> Vec<Normal> {
    let strip = |lines: &mut Vec<Vec<String>>| {
        for line in lines.iter_mut() {
            for word in line.iter_mut() {
                word.retain(|c| c != '*' && c != '_');
            }
            line.retain(|word| !word.is_empty());
        }
    };
    for block in &mut blocks {
        match block {
            Normal::Paragraph(lines) | Normal::Item { lines, .. } => strip(lines),
            Normal::Preformatted(_) => {}
        }
    }
    blocks
}

/// `blocks` as one run of their words: what a text form says when its
/// moderator's layout (line breaks, blank lines, bullets, headings made
/// paragraphs) is not compared. A numbered item keeps its number.
pub(super) fn words_only(blocks: Vec<Normal>) -> Vec<Normal> {
    let mut words = Vec::new();
    for block in blocks {
        match block {
            Normal::Paragraph(lines) => words.extend(lines.into_iter().flatten()),
            Normal::Item { number, lines, .. } => {
                words.extend(number);
                words.extend(lines.into_iter().flatten());
            }
            Normal::Preformatted(lines) => {
                words.extend(lines.iter().flat_map(|line| words_of(line)));
            }
        }
    }
    vec![Normal::Paragraph(vec![words])]
}
