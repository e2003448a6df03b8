//! Mojibake: characters damaged by a wrong decoding, with the repair as the
//! suggestion (`parse` finds them; see `parse::EncodingIssue`).

use super::{finding, Code, Input};
use crate::diagnostic::Diagnostic;
use crate::parse::EncodingIssue;

/// Repaired text longer than this is shown shortened in the help.
const SHOWN: usize = 60;

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    lines(input.text, input.encoding)
        .into_iter()
        .map(|group| match group {
            [issue] => single(issue),
            _ => several(input.text, group),
        })
        .collect()
}

/// The issues grouped by the line they are on: a damaged box drawing is one
/// finding, not eighty.
fn lines<'a>(text: &str, issues: &'a [EncodingIssue]) -> Vec<&'a [EncodingIssue]> {
    let mut groups = Vec::new();
    let mut start = 0;
    for i in 1..=issues.len() {
        let same_line = i < issues.len()
            && text
                .get(issues[i - 1].span.end..issues[i].span.start)
                .is_some_and(|between| !between.contains('\n'));
        if !same_line {
            groups.push(&issues[start..i]);
            start = i;
        }
    }
    groups
}

fn single(issue: &EncodingIssue) -> Diagnostic {
    let help = match (&issue.repair, issue.certain) {
        (Some(repair), true) => format!(
            "replace `{}` with `{repair}` (`nomic fmt --repair-encoding FILE` writes every certain repair)",
            issue.found
        ),
        (Some(repair), false) => {
            format!("probably `{repair}`, but a byte was lost: check the original text")
        }
        (None, _) => {
            "the original character cannot be restored: check the original text".to_string()
        }
    };
    let label = match &issue.repair {
        Some(repair) => format!("damaged `{repair}`"),
        None => "damaged text".to_string(),
    };
    finding(Code::Mojibake, issue.message.clone(), issue.span.clone())
        .with_label(label)
        .with_help(help)
}

fn several(text: &str, group: &[EncodingIssue]) -> Diagnostic {
    let span = group[0].span.start..group[group.len() - 1].span.end;
    let mut repaired = String::new();
    let mut at = span.start;
    for issue in group {
        repaired.push_str(text.get(at..issue.span.start).unwrap_or(""));
        match (&issue.repair, issue.certain) {
            (Some(repair), true) => repaired.push_str(repair),
            _ => repaired.push_str(&issue.found),
        }
        at = issue.span.end;
    }
    repaired.push_str(text.get(at..span.end).unwrap_or(""));
    if repaired.chars().count() > SHOWN {
        repaired = repaired.chars().take(SHOWN).collect::<String>() + "…";
    }
    let uncertain: Vec<&str> = group
        .iter()
        .filter(|issue| !issue.certain)
        .map(|issue| issue.found.as_str())
        .collect();
    let mut help = format!("repaired, it reads `{repaired}`");
    if uncertain.is_empty() {
        help.push_str(" (`nomic fmt --repair-encoding FILE` writes every certain repair)");
    } else {
        help.push_str(&format!(
            "; {} of them lost a byte and cannot be restored with certainty (`{}`): check the original text",
            uncertain.len(),
            uncertain[0]
        ));
    }
    finding(
        Code::Mojibake,
        format!(
            "mojibake: {} damaged sequences on this line (UTF-8 read with the wrong code page)",
            group.len()
        ),
        span,
    )
    .with_label("damaged text")
    .with_help(help)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::testing::codes;
    use crate::parse::{self, ReadOptions};

    #[test]
    fn mojibake_is_an_error_whose_help_is_the_repair() {
        let text = "# RULES\n\n## 201\n\nEach playerâ€™s turn lasts one day.";
        let parsed = parse::read(text.as_bytes(), &ReadOptions::default()).unwrap();
        let input = Input::from_parsed(&parsed, None);
        let findings = check(&input);
        assert_eq!(codes(&findings), ["N601"]);
        assert_eq!(&text[findings[0].span.clone()], "â€™");
        assert!(findings[0].help.as_deref().unwrap().contains("with `’`"));

        let line = "# RULES\n\n## 201\n\nâ€œQuotedâ€™ and â€™\n\nâ€™";
        let parsed = parse::read(line.as_bytes(), &ReadOptions::default()).unwrap();
        let input = Input {
            text: &parsed.text,
            encoding: &parsed.encoding,
            ruleset: &parsed.ruleset,
            ..input
        };
        let findings = check(&input);
        assert_eq!(codes(&findings), ["N601", "N601"], "one finding per line");
        assert!(
            findings[0].message.contains("3 damaged sequences"),
            "{}",
            findings[0].message
        );
        let help = findings[0].help.as_deref().unwrap();
        assert!(help.contains("reads `“Quoted’ and ’`"), "{help}");

        let clean = "# RULES\n\n## 201\n\nEach player’s turn lasts one day.";
        let parsed = parse::read(clean.as_bytes(), &ReadOptions::default()).unwrap();
        assert!(parsed.encoding.is_empty());
    }
}
