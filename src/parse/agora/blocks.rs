//! The pieces Agora's published text is made of, read line by line: a
//! category frame and a rule block (heading, title, text, and in the FLR
//! history and annotations). Wrapped lines are joined back with one space,
//! so a line reads back exactly as the program had it before wrapping.

use crate::model::{
    irregular_breaks, AgoraDate, AgoraEntry, AgoraRule, Annotation, CfjCitation, Format,
    HistoryEntry, HistoryKind, Power, Rule,
};
use crate::parse::ParseError;

/// 72 `=`: a category frame.
pub(super) const EQUALS: &str =
    "========================================================================";
/// 72 `-`: the line after each rule and category heading.
pub(super) const DASHES: &str =
    "------------------------------------------------------------------------";

/// A cursor over the lines of a text, each with its byte offset.
#[allow(clippy::struct_field_names)] // `lines.lines`: the cursor's lines
pub(super) struct Lines<'a> {
    pub lines: Vec<(usize, &'a str)>,
    pub at: usize,
    pub end: usize,
    pub format: Format,
}

impl<'a> Lines<'a> {
    /// The lines of `text[start..end]` (offsets stay those of `text`).
    pub(super) fn new(text: &'a str, start: usize, end: usize, format: Format) -> Lines<'a> {
        let mut lines = Vec::new();
        let mut offset = start;
        for line in text[start..end].split_inclusive('\n') {
            lines.push((offset, line.strip_suffix('\n').unwrap_or(line)));
            offset += line.len();
        }
        Lines {
            lines,
            at: 0,
            end,
            format,
        }
    }

    pub(super) fn peek(&self) -> Option<&'a str> {
        self.lines.get(self.at).map(|(_, line)| *line)
    }

    pub(super) fn done(&self) -> bool {
        self.at >= self.lines.len()
    }

    fn offset(&self) -> usize {
        self.lines
            .get(self.at)
            .map_or(self.end, |(offset, _)| *offset)
    }

    pub(super) fn error(&self, message: &str, expected: &str) -> ParseError {
        let start = self.offset();
        let len = self.peek().map_or(0, str::len);
        ParseError::new(message, start..start + len)
            .expected(expected)
            .in_format(self.format)
    }

    pub(super) fn next(&mut self, expected: &str) -> Result<&'a str, ParseError> {
        let line = self
            .peek()
            .ok_or_else(|| self.error("the text ends too early", expected))?;
        self.at += 1;
        Ok(line)
    }

    pub(super) fn expect(&mut self, wanted: &str, expected: &str) -> Result<(), ParseError> {
        if self.peek() == Some(wanted) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error("unexpected line", expected))
        }
    }

    /// A line and the continuation lines after it (those starting with
    /// `indent`), joined by single spaces, and where it broke when not where
    /// Agora's program breaks it (see [`irregular_breaks`]).
    fn wrapped(&mut self, indent: &str) -> Result<(String, Option<Vec<usize>>), ParseError> {
        let mut joined = self.next("a line")?.to_string();
        let mut breaks = Vec::new();
        while let Some(line) = self.peek() {
            let Some(rest) = line.strip_prefix(indent) else {
                break;
            };
            breaks.push(joined.len());
            joined.push(' ');
            joined.push_str(rest);
            self.at += 1;
        }
        let breaks = irregular_breaks(&joined, breaks, 0, indent.len());
        Ok((joined, breaks))
    }
}

/// A category frame: `=`×72, the name, the note indented three spaces, `-`×72.
pub(super) fn category(lines: &mut Lines<'_>) -> Result<(String, String), ParseError> {
    lines.expect(EQUALS, "a line of 72 `=` opening a category")?;
    let name = lines.next("the category's name")?.to_string();
    // The note is written wrapped as the program wraps it, after three
    // spaces (an empty note as the three spaces alone); its breaks are not
    // kept, so a note without its line or broken elsewhere is refused.
    let unwrapped = lines.error(
        "a category note not wrapped as Agora's program wraps it",
        "the note indented three spaces, wrapped at 72 columns (an empty note is a line of three spaces)",
    );
    if !lines.peek().is_some_and(|l| l.starts_with("   ")) {
        return Err(lines.error(
            "a category without its note line",
            "the note indented three spaces (an empty note is a line of three spaces)",
        ));
    }
    // The first line's three spaces are part of the joined line, so its
    // breaks are those of the note after a three-column indent.
    let (note, irregular) = lines.wrapped("   ")?;
    if irregular.is_some() {
        return Err(unwrapped);
    }
    let note = note[3..].to_string();
    lines.expect(DASHES, "a line of 72 `-` closing the category's heading")?;
    Ok((name, note))
}

/// One rule block, up to and including the dashes after it.
pub(super) fn rule(lines: &mut Lines<'_>, full: bool) -> Result<Rule, ParseError> {
    let heading_error = lines.error("not a rule heading", "`Rule NNNN/R (Power=P)`");
    let heading = lines.next("a rule heading")?;
    let (number, revision, power) = heading_parts(heading).ok_or(heading_error)?;
    let title = lines.next("the rule's title")?.to_string();
    lines.expect("", "a blank line after the title")?;
    let mut text = Vec::new();
    while let Some(line) = lines.peek() {
        if line.is_empty() {
            break;
        }
        // The program indents with Kotlin's `prependIndent`: a blank line
        // at least as long as the indent is written as it is, a shorter
        // one as the indent alone. So a blank line longer than the indent
        // is the text's own, and one shorter was never written by it.
        let blank = line.trim().is_empty();
        text.push(match line.strip_prefix("      ") {
            _ if blank && line.len() > 6 => line,
            Some(rest) => rest,
            None => return Err(lines.error("rule text not indented six spaces", "six spaces")),
        });
        lines.at += 1;
    }
    // The program writes an empty text as one line, the indent alone
    // (which reads as the empty text): a block without a text line is not
    // one it writes, and could not be written back as it was.
    if text.is_empty() {
        return Err(lines.error(
            "a rule without a text line",
            "the text indented six spaces (an empty text is a line of six spaces)",
        ));
    }
    lines.expect("", "a blank line after the rule's text")?;
    let mut history = Vec::new();
    let mut annotations = Vec::new();
    if full {
        lines.expect("History:", "`History:`")?;
        lines.expect("", "a blank line after `History:`")?;
        while let Some(first) = lines.peek().filter(|l| !l.is_empty()) {
            // An entry starts at the margin: a line indented three spaces
            // continues the entry before it, so an entry that started with
            // spaces would be written as part of the one before (the
            // program never writes one; a line indented less is neither).
            if first.starts_with(' ') {
                return Err(lines.error(
                    "a history entry that starts with a space",
                    "an entry at the margin (`Amended(N) by ...`), continued on lines indented three spaces",
                ));
            }
            let (line, breaks) = lines.wrapped("   ")?;
            let mut entry = entry_from_line(&line);
            if let Some(agora) = entry.agora.as_mut() {
                agora.breaks = breaks;
            }
            history.push(entry);
        }
        lines.expect("", "a blank line after the history")?;
        lines.expect("Annotations:", "`Annotations:`")?;
        while lines.peek().is_some_and(|l| !l.is_empty()) {
            let at = lines.error("not an annotation", "`CFJ NNNN (called DD Mon YYYY): ...`");
            let (line, breaks) = lines.wrapped("    ")?;
            let annotation = annotation_from_line(&line).ok_or(at)?;
            annotations.push(Annotation {
                breaks,
                ..annotation
            });
        }
        lines.expect("", "a blank line after the annotations")?;
    }
    lines.expect(DASHES, "a line of 72 `-` closing the rule")?;
    Ok(Rule {
        revision: Some(revision),
        history,
        agora: Some(Box::new(AgoraRule {
            title,
            power,
            category: None,
            annotations,
        })),
        ..Rule::new(number, text.join("\n"))
    })
}

/// `Rule 1030/13 (Power=3.3)` → number, revision, power.
pub(super) fn heading_parts(line: &str) -> Option<(u32, u32, Option<Power>)> {
    let rest = line.strip_prefix("Rule ")?;
    let (id, power) = match rest.split_once(" (Power=") {
        Some((id, power)) => (id, Some(Power::new(power.strip_suffix(')')?)?)),
        None => (rest, None),
    };
    let (number, revision) = id.split_once('/')?;
    Some((plain_number(number)?, plain_number(revision)?, power))
}

/// A number as Agora's program prints one: digits, no sign, no leading
/// zero (`275/00` is not a heading it writes, and would not read back
/// as written).
fn plain_number(digits: &str) -> Option<u32> {
    let plain =
        digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'));
    plain.then(|| digits.parse().ok()).flatten()
}

/// A printed history line read back: its kind, proposal, date and
/// amendment number. The change and agent stay in `source`.
pub(crate) fn entry_from_line(line: &str) -> HistoryEntry {
    let counted = |prefix: &str| {
        line.strip_prefix(prefix)
            .and_then(|rest| rest.split_once(')'))
            .and_then(|(n, _)| n.parse::<u32>().ok())
    };
    let (kind, amendment) = if line.starts_with("Initial ") {
        (HistoryKind::Initial, None)
    } else if line.starts_with("Enacted") {
        (HistoryKind::Enacted, None)
    } else if let Some(n) = counted("Amended(")
        .or_else(|| counted("Infected and amended("))
        .or_else(|| counted("Null-amended("))
    {
        (HistoryKind::Amended, Some(n))
    } else if line.starts_with("Repealed") {
        (HistoryKind::Repealed, None)
    } else if line.starts_with("Re-enacted(") {
        (HistoryKind::Reenacted, None)
    } else if line.starts_with("Renumbered") {
        (HistoryKind::Renumbered, None)
    } else {
        (HistoryKind::Other, None)
    };
    let date = line
        .rsplit_once(", ")
        .and_then(|(_, date)| AgoraDate::parse_printed(date));
    let proposal = line
        .split_once(" by P")
        .and_then(|(_, rest)| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let after = rest[digits.len()..].chars().next();
            matches!(after, None | Some(' ' | ',')).then_some(digits)
        })
        .and_then(|digits| digits.parse().ok());
    HistoryEntry {
        amendment,
        proposal,
        date: date.as_ref().and_then(AgoraDate::date),
        agora: Some(Box::new(AgoraEntry {
            date,
            ..AgoraEntry::default()
        })),
        ..HistoryEntry::new(kind, line)
    }
}

/// `CFJ 1584 (called 24 Feb 2006), CFJ 1728: the finding`.
pub(crate) fn annotation_from_line(line: &str) -> Option<Annotation> {
    let mut cfjs = Vec::new();
    let mut rest = line;
    loop {
        rest = rest.strip_prefix("CFJ ")?;
        let end = rest.find([' ', ',', ':'])?;
        let number = rest[..end].to_string();
        rest = &rest[end..];
        let called = match rest.strip_prefix(" (called ") {
            Some(after) => {
                let (date, after) = after.split_once(')')?;
                rest = after;
                Some(AgoraDate::parse_printed(date)?)
            }
            None => None,
        };
        cfjs.push(CfjCitation { number, called });
        if let Some(after) = rest.strip_prefix(", ") {
            rest = after;
            continue;
        }
        // `CFJ 1112:finding` is not what the program prints (it writes
        // `: `), and would not be written back as it was.
        let text = rest.strip_prefix(": ")?;
        return Some(Annotation {
            cfjs,
            text: text.to_string(),
            breaks: None,
        });
    }
}
