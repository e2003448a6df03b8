//! A rule's page written in Rust, byte for byte what the embedded
//! `site/rule.html.j2` (in `site/base.html.j2`) renders: the template
//! engine's run of those two templates was a seventh of a fresh build's
//! instructions. Used only while neither template is overridden
//! (`--templates`); tests hold the two writers to each other.

use super::plan::RulePage;
use minijinja::HtmlEscape;
use std::fmt::Write;

/// Pages with more lines than this (history, judgments and citers
/// together) go through the template engine, whose fuel limit may refuse
/// a page of millions of lines: such a page fails as it always did.
pub(super) const MOST_LINES: usize = 100_000;

/// Whether [`write`] writes `page` (it is not too long).
pub(super) fn writes(page: &RulePage<'_>) -> bool {
    page.history.len() + page.judgments.len() + page.cited_by.len() <= MOST_LINES
}

/// The page as the embedded templates render it (`trim_blocks` and
/// `lstrip_blocks` set, values HTML-escaped as the engine escapes them, the
/// template's final newline left out).
pub(super) fn write(page: &RulePage<'_>) -> String {
    let mut out = String::with_capacity(page.html.len() + 4096);
    let number = page.entry.number;
    let root = escaped(page.frame.root);
    let title = escaped(page.frame.site_title);
    out.push_str(HEAD);
    let _ = writeln!(out, "<title>Rule {number} · {title}</title>");
    let _ = write!(
        out,
        "<link rel=\"stylesheet\" href=\"{root}assets/style.css\">\n\
         <script src=\"{root}assets/site.js\" defer></script>\n\
         </head>\n\
         <body data-root=\"{root}\">\n\
         <a class=\"skip\" href=\"#main\">Skip to the text</a>\n\
         <header class=\"site\">\n\
         <p class=\"site-title\"><a href=\"{root}index.html\">{title}</a></p>\n\
         <nav aria-label=\"Site\">\n\
         <ul>\n\
         <li><a href=\"{root}index.html\">All rules</a></li>\n"
    );
    if page.frame.has_changes {
        let _ = writeln!(
            out,
            "<li><a href=\"{root}changes/index.html\">Changes</a></li>"
        );
    }
    out.push_str(SEARCH);
    let mutability = escaped(&page.entry.mutability);
    let _ = write!(
        out,
        "<article id=\"r{number}\" class=\"rule\" aria-labelledby=\"h{number}\">\n\
         <h1 id=\"h{number}\">Rule {number}</h1>\n\
         <p class=\"meta\"><span class=\"mutability {mutability}\">{mutability}</span> · revision {}</p>\n\
         <div class=\"text\">\n",
        page.entry.revision
    );
    out.push_str(&page.html);
    out.push_str("\n</div>\n");
    if !page.history.is_empty() {
        out.push_str(
            "<section aria-labelledby=\"history\">\n\
             <h2 id=\"history\">History</h2>\n\
             <ol class=\"history\">\n",
        );
        for line in &page.history {
            let text = escaped(line.text);
            match line.href.filter(|href| !href.is_empty()) {
                Some(href) => {
                    let href = escaped(href);
                    let _ = writeln!(
                        out,
                        "<li><a href=\"{href}\" rel=\"noopener noreferrer\">{text}</a></li>"
                    );
                }
                None => {
                    let _ = writeln!(out, "<li>{text}</li>");
                }
            }
        }
        out.push_str("</ol>\n</section>\n");
    }
    if !page.judgments.is_empty() {
        out.push_str(
            "<section aria-labelledby=\"judgments\">\n\
             <h2 id=\"judgments\">Judgments</h2>\n\
             <ul class=\"judgments\">\n",
        );
        for judgment in &page.judgments {
            let _ = writeln!(out, "<li>{}</li>", escaped(judgment.text));
        }
        out.push_str("</ul>\n</section>\n");
    }
    out.push_str("<section aria-labelledby=\"cited-by\">\n<h2 id=\"cited-by\">Cited by</h2>\n");
    if page.cited_by.is_empty() {
        out.push_str("<p>No rule cites this rule.</p>\n");
    } else {
        out.push_str("<ul class=\"cited-by\">\n");
        for citer in &page.cited_by {
            let n = citer.number;
            let _ = writeln!(
                out,
                "<li><a href=\"{n}.html#r{n}\">Rule {n}</a> <span class=\"title\">{}</span></li>",
                escaped(&citer.title)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str(
        "</section>\n</article>\n<nav class=\"pager\" aria-label=\"Neighbouring rules\">\n",
    );
    if let Some(previous) = &page.previous {
        let n = previous.number;
        let _ = write!(out, "<a rel=\"prev\" href=\"{n}.html#r{n}\">← Rule {n}</a>");
    }
    let _ = writeln!(out, "<a href=\"../index.html#r{number}\">All rules</a>");
    if let Some(next) = &page.next {
        let n = next.number;
        let _ = write!(out, "<a rel=\"next\" href=\"{n}.html#r{n}\">Rule {n} →</a>");
    }
    out.push_str(FOOT);
    out
}

/// The frame up to the title.
const HEAD: &str = "<!DOCTYPE html>\n\
<html lang=\"en\">\n\
<head>\n\
<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; base-uri 'none'; form-action 'none'\">\n\
<meta name=\"referrer\" content=\"no-referrer\">\n";

/// The frame from the end of the site's links to the page's own part.
const SEARCH: &str = "</ul>\n\
</nav>\n\
<div class=\"search\" role=\"search\" id=\"search-area\" hidden>\n\
<label for=\"search\">Search the rules <kbd>/</kbd></label>\n\
<input id=\"search\" type=\"search\" autocomplete=\"off\" spellcheck=\"false\" placeholder=\"Number or words\" aria-describedby=\"search-status\" aria-controls=\"search-results\">\n\
<p id=\"search-status\" class=\"search-status\" aria-live=\"polite\"></p>\n\
<ol id=\"search-results\" class=\"search-results\" hidden></ol>\n\
</div>\n\
</header>\n\
<main id=\"main\" tabindex=\"-1\">\n";

/// The frame after the page's own part (no final newline).
const FOOT: &str = "</nav>\n\
</main>\n\
<footer class=\"site\">\n\
<p>Published with nomic.</p>\n\
</footer>\n\
</body>\n\
</html>";

/// `text` escaped exactly as the template engine escapes HTML: with the
/// engine's own escaper.
fn escaped(text: &str) -> HtmlEscape<'_> {
    HtmlEscape(text)
}

#[cfg(test)]
#[path = "page_tests.rs"]
mod tests;
