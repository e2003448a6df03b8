//! The shape of a line that could start a rule: decoration, an optional
//! `Rule`, the identifier and its punctuation (the *core*, which every rule
//! of a dialect shares), then parts that vary from rule to rule: a note or
//! marker in parentheses, a title, text starting on the same line.
//! Inference groups lines by core and makes a part optional where only some
//! rules have it.

use super::ident;
use crate::model::IdShape;

/// What a part after the core is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum PartKind {
    /// `/2` right after the identifier: the rule's revision.
    Revision,
    /// `(Immutable)`
    Mutability,
    /// `(formerly 201)`
    Note,
    /// A title.
    Title,
    /// What follows the number on a line that is not a heading, neither
    /// emphasized nor in parentheses: a title or the start of the rule's
    /// text, as the whole file decides ([`PartKind::Text`] unless every
    /// such rest is short and reads as a title).
    Rest,
    /// The rule's text, starting on the line.
    Text,
}

/// One part: its kind and the literal text around its value.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Part {
    pub kind: PartKind,
    pub before: String,
    pub after: String,
}

/// How a line would start a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StartShape {
    /// The template of the core: `### {id}`, `**{id}`, `* '{id}`.
    pub core: String,
    /// The punctuation closing the identifier (`.`, `**`, `.'`), which
    /// some rules of a file may leave out (`## 10 Winning` beside
    /// `## 9. Turns`).
    pub punct: String,
    /// The parts after it, in order.
    pub parts: Vec<Part>,
    /// The identifier as written.
    pub id: String,
    /// For a [`PartKind::Rest`]: its value.
    pub rest: Option<String>,
}

/// Characters of the decoration before an identifier.
const LEAD: &[char] = &['#', '*', '_', '+', '>', ' ', '\t', '-', '\''];
/// Characters of the punctuation right after it.
const PUNCT: &[char] = &['.', ':', ')', '\'', '*', '_', '-', '|', '–', '—'];

/// The shape of `line` as a rule start, if it could be one. `heading`
/// says whether the line is a heading (its rest is then a title).
pub(crate) fn shape(line: &str, heading: bool) -> Option<StartShape> {
    let line = line.trim_end();
    if line.contains(['{', '}']) {
        return None;
    }
    let lead_len = line
        .find(|c: char| !LEAD.contains(&c))
        .unwrap_or(line.len());
    // A minus sign right before digits belongs to the identifier.
    let lead_len = if line[..lead_len].ends_with('-')
        && line[lead_len..].starts_with(|c: char| c.is_ascii_digit())
        && (lead_len == 1 || !line[..lead_len - 1].ends_with(['-', '*', '_']))
    {
        lead_len - 1
    } else {
        lead_len
    };
    let (core, id, rest, plain) = match link_start(line).or_else(|| tree_node(line)) {
        Some(start) => start,
        None => {
            let lead = &line[..lead_len];
            let (word, id, rest) = identifier(lead, &line[lead_len..])?;
            let plain = lead.is_empty() && word.is_empty() && !heading;
            (format!("{lead}{word}{{id}}"), id, rest, plain)
        }
    };
    // The punctuation that closes the identifier (`.`, `:`, `**`, `.'`).
    let punct_len = rest
        .find(|c: char| !PUNCT.contains(&c))
        .unwrap_or(rest.len());
    let (punct, remainder) = rest.split_at(punct_len);
    let visible = !punct.trim().is_empty()
        || remainder
            .trim_start()
            .starts_with(['-', ':', '|', '–', '—']);
    if plain && (!visible || remainder.trim().is_empty()) {
        // A plain line needs visible punctuation after the number, and
        // something after that.
        return None;
    }
    // Emphasis the decoration opened and the punctuation did not close
    // (`- **Rule 4: Title**`) encloses the title.
    let open = open_emphasis(&core[..core.find("{id}").unwrap_or(0)], punct);
    let mut shape = StartShape {
        core,
        punct: punct.to_string(),
        parts: Vec::new(),
        id: id.to_string(),
        rest: None,
    };
    parts(remainder, heading, open, &mut shape)?;
    Some(shape)
}

/// After the decoration `lead`: an optional `Rule`, the identifier, and
/// what follows it.
fn identifier<'l>(lead: &str, rest: &'l str) -> Option<(&'static str, &'l str, &'l str)> {
    let mut rest = rest;
    let mut word = "";
    for rule_word in ["Rule ", "RULE ", "rule "] {
        if let Some(after) = rest.strip_prefix(rule_word) {
            word = rule_word;
            rest = after;
        }
    }
    let token_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .unwrap_or(rest.len());
    let roman_ok = !lead.trim().is_empty() || !word.is_empty();
    let shapes: Vec<IdShape> = IdShape::ALL
        .into_iter()
        .filter(|s| roman_ok || *s != IdShape::Roman)
        .collect();
    // The longest identifier the token starts with (`101.` is `101` and
    // its dot; `2.2.1` is one identifier).
    let id_len = (1..=token_len).rev().find(|&len| {
        rest.is_char_boundary(len) && ident::shape_of(&rest[..len], &shapes).is_some()
    })?;
    Some((word, &rest[..id_len], &rest[id_len..]))
}

/// A line led by a Markdown link whose text is the identifier
/// (`[#101](rules/rule101.md): …`): the core is the link, its target with
/// the identifier as `{id}` again (each rule links its own page).
fn link_start(line: &str) -> Option<(String, &str, &str, bool)> {
    let inner = line.strip_prefix('[')?;
    let close = inner.find("](")?;
    let text = &inner[..close];
    let lead_len = text.len() - text.trim_start_matches(['#', ' ']).len();
    let (word, id, after) = identifier("[", &text[lead_len..])?;
    if !after.is_empty() {
        return None;
    }
    let target_len = inner[close + 2..].find(')')?;
    let target = &inner[close + 2..close + 2 + target_len];
    let rest = &inner[close + 3 + target_len..];
    let core = format!(
        "[{}{word}{{id}}]({})",
        &text[..lead_len],
        target.replace(id, "{id}")
    );
    Some((core, id, rest, false))
}

/// A node of a tree drawn with `|-->` and `` `--> `` (`|  |--> 2.2
/// Entering`): the drawing before the arrow is `{tree}`, as deep as the
/// node.
fn tree_node(line: &str) -> Option<(String, &str, &str, bool)> {
    let arrow = line.find("--> ")?;
    let drawing = &line[..arrow];
    let drawn =
        drawing.ends_with(['|', '`']) && drawing.chars().all(|c| matches!(c, '|' | '`' | ' '));
    if !drawn {
        return None;
    }
    let (word, id, rest) = identifier("-->", &line[arrow + 4..])?;
    Some((format!("{{tree}}--> {word}{{id}}"), id, rest, false))
}

/// The emphasis markers `lead` opens that `punct` does not close.
fn open_emphasis(lead: &str, punct: &str) -> String {
    let lead = lead.trim_start_matches(|c: char| c == '#' || c == '>' || c.is_whitespace());
    // A list bullet is not emphasis.
    let lead = match lead.strip_prefix(['-', '+', '*']) {
        Some(after) if after.starts_with([' ', '\t']) => after,
        _ => lead,
    };
    let marks: String = lead.chars().filter(|c| matches!(c, '*' | '_')).collect();
    let closed: String = punct.chars().filter(|c| matches!(c, '*' | '_')).collect();
    marks.strip_prefix(&closed).unwrap_or(&marks).to_string()
}

/// Reads the parts of what follows the core into `shape`; None when the
/// line cannot be a rule start.
fn parts(remainder: &str, heading: bool, open: String, shape: &mut StartShape) -> Option<()> {
    if remainder.is_empty() {
        return (open.is_empty()).then_some(());
    }
    let ws_len = remainder.len() - remainder.trim_start().len();
    let (ws, body) = remainder.split_at(ws_len);
    // A revision right after the identifier (`101/2`).
    let digits = body.strip_prefix('/').map_or(0, |after| {
        after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len()
    });
    if shape.parts.is_empty() && ws.is_empty() && shape.punct.is_empty() && digits > 0 {
        shape.parts.push(Part {
            kind: PartKind::Revision,
            before: "/".to_string(),
            after: String::new(),
        });
        return parts(&body[1 + digits..], heading, open, shape);
    }
    // A note or marker in parentheses.
    let paren = body
        .find(')')
        .filter(|_| open.is_empty() && body.starts_with('('));
    if let Some(close) = paren {
        let value = body[1..close].trim();
        if value.is_empty() {
            return None;
        }
        let kind = match value.to_lowercase().as_str() {
            "immutable" | "mutable" => PartKind::Mutability,
            _ => PartKind::Note,
        };
        shape.parts.push(Part {
            kind,
            before: format!("{ws}("),
            after: ")".to_string(),
        });
        return parts(&body[close + 1..], heading, open, shape);
    }
    // A tag list in brackets (`[meta init]`), not a link: a note.
    let tags = body
        .find(']')
        .filter(|&close| open.is_empty() && body.starts_with('[') && close > 1)
        .filter(|&close| !body[close + 1..].starts_with(['(', '[', ':']));
    if let Some(close) = tags {
        shape.parts.push(Part {
            kind: PartKind::Note,
            before: format!("{ws}["),
            after: "]".to_string(),
        });
        return parts(&body[close + 1..], heading, open, shape);
    }
    // A separator (` - `, `: `) and emphasis opening the title.
    let sep_len = body
        .find(|c: char| !(matches!(c, '-' | ':' | '|' | '–' | '—') || c.is_whitespace()))
        .unwrap_or(body.len());
    let (sep, body) = body.split_at(sep_len);
    if body.is_empty() {
        return None;
    }
    let opener: String = if open.is_empty() {
        body.chars()
            .take_while(|c| matches!(c, '*' | '_'))
            .collect()
    } else {
        String::new()
    };
    let closer = if open.is_empty() {
        opener.clone()
    } else {
        open.chars().rev().collect()
    };
    let inner = &body[opener.len()..];
    if !closer.is_empty() {
        // An emphasized title, then perhaps the text.
        let end = inner.find(closer.as_str()).filter(|&end| end > 0)?;
        // A title in parentheses inside the emphasis (`*(Strength=2)*`)
        // is read without them.
        let title = &inner[..end];
        let title_ws = &title[..title.len() - title.trim_start().len()];
        let bare = &title[title_ws.len()..];
        let parens = bare.len() > 2 && bare.starts_with('(') && bare.ends_with(')');
        let (open_paren, close_paren) = if parens {
            (format!("{title_ws}("), ")")
        } else {
            (String::new(), "")
        };
        shape.parts.push(Part {
            kind: PartKind::Title,
            before: format!("{ws}{sep}{opener}{open_paren}"),
            after: format!("{close_paren}{closer}"),
        });
        let after = &inner[end + closer.len()..];
        if after.trim().is_empty() {
            return after.is_empty().then_some(());
        }
        let text_ws = &after[..after.len() - after.trim_start().len()];
        shape.parts.push(Part {
            kind: PartKind::Text,
            before: text_ws.to_string(),
            after: String::new(),
        });
        return Some(());
    }
    let kind = if heading {
        PartKind::Title
    } else {
        PartKind::Rest
    };
    shape.rest = Some(body.to_string());
    shape.parts.push(Part {
        kind,
        before: format!("{ws}{sep}"),
        after: String::new(),
    });
    Some(())
}

/// Whether the rests of a file's rule starts read as titles: every one is
/// short and none ends a sentence.
pub(crate) fn rests_are_titles<'a>(rests: impl IntoIterator<Item = &'a str>) -> bool {
    let mut any = false;
    for rest in rests {
        any = true;
        let words = rest.split_whitespace().count();
        if words > 8 || rest.trim_end().ends_with(['.', ',', ';', '!', '?']) {
            return false;
        }
    }
    any
}

/// The template of a core, its punctuation (optional unless `required`)
/// and its parts, each optional unless `required`.
pub(crate) fn template(core: &str, punct: (&str, bool), parts: &[(Part, bool)]) -> String {
    let mut out = core.to_string();
    match punct {
        ("", _) => {}
        (punct, true) => out.push_str(punct),
        (punct, false) => out.push_str(&format!("{{?{punct}}}")),
    }
    for (part, required) in parts {
        let placeholder = match part.kind {
            PartKind::Revision => "{revision}",
            PartKind::Mutability => "{mutability}",
            PartKind::Note => "{note}",
            PartKind::Title | PartKind::Rest => "{title}",
            PartKind::Text => "{text}",
        };
        let piece = format!("{}{placeholder}{}", part.before, part.after);
        if *required {
            out.push_str(&piece);
        } else {
            out.push_str(&format!("{{?{piece}}}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(line: &str, heading: bool) -> (String, Vec<PartKind>) {
        let shape = shape(line, heading).unwrap();
        (
            format!("{}{}", shape.core, shape.punct),
            shape.parts.iter().map(|p| p.kind).collect(),
        )
    }

    #[test]
    fn cores_and_parts() {
        use PartKind::*;
        assert_eq!(kinds("### 101", true), ("### {id}".into(), vec![]));
        assert_eq!(
            kinds("### 303 (formerly 201)", true),
            ("### {id}".into(), vec![Note])
        );
        assert_eq!(
            kinds("# Rule 1 (Immutable)", true),
            ("# Rule {id}".into(), vec![Mutability])
        );
        assert_eq!(
            kinds("## Rule 101/2 (Immutable): Obedience", true),
            ("## Rule {id}".into(), vec![Revision, Mutability, Title])
        );
        assert_eq!(
            kinds("## Rule 103/1: Voting", true),
            ("## Rule {id}".into(), vec![Revision, Title])
        );
        assert_eq!(
            kinds("## UC1 - Rule Proposal", true),
            ("## {id}".into(), vec![Title])
        );
        assert_eq!(
            kinds("**101** *Everyone needs a code*", false),
            ("**{id}**".into(), vec![Title])
        );
        assert_eq!(
            kinds("**101.** All players must", false),
            ("**{id}.**".into(), vec![Rest])
        );
        assert_eq!(
            kinds("**327.** **VILLAGES:** This rule governs", false),
            ("**{id}.**".into(), vec![Title, Text])
        );
        assert_eq!(
            kinds("- **Rule 4: Title**", false),
            ("- **Rule {id}:".into(), vec![Title])
        );
        assert_eq!(
            kinds("* '101.' All players", false),
            ("* '{id}.'".into(), vec![Rest])
        );
        assert_eq!(
            kinds("1. **Loi de Sécurité :** un joueur a", false),
            ("{id}.".into(), vec![Title, Text])
        );
        assert_eq!(
            kinds("[#101](rules/rule101.md): [meta init] ", false),
            ("[#{id}](rules/rule{id}.md):".into(), vec![Note])
        );
        assert_eq!(
            kinds("|  |  `--> 2.2.1 Placement", false),
            ("{tree}--> {id}".into(), vec![Rest])
        );
        assert!(shape("[1]: https://example.org/1", false).is_none());
        assert!(shape("All players must", false).is_none());
        assert!(shape("2020 was a year", false).is_none());
    }

    #[test]
    fn templates_make_varying_parts_optional() {
        let shape = shape("### 303 (formerly 201)", true).unwrap();
        let parts = [(shape.parts[0].clone(), false)];
        assert_eq!(
            template(&shape.core, ("", true), &parts),
            "### {id}{? ({note})}"
        );
        assert_eq!(template("## {id}", (".", false), &[]), "## {id}{?.}");
    }

    #[test]
    fn a_first_sentence_is_not_a_title() {
        assert!(!rests_are_titles([
            "All players must always abide by all the rules."
        ]));
        assert!(rests_are_titles(["Winning", "Turn order"]));
    }
}
