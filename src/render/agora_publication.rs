//! What a published copy of Agora's rulesets says that its source cannot
//! know: the day the Rulekeepor published it, and whether the FLR is the
//! monthly report itself. The source's `config/header` leaves
//! `Date of this ruleset:` empty and its `config/flr_format` calls every
//! FLR informational only (a copy kept up to date between reports, pointing
//! to the published one); the Rulekeepor fills in the date and, for the
//! monthly FLR, leaves the notice out.

use crate::model::{Date, Ruleset};

/// The line of Agora's header that carries the ruleset's date.
const DATE_LINE: &str = "Date of this ruleset:";

/// The first words of the FLR's notice that it is an informational copy.
const INFORMATIONAL_NOTICE: &str = "THIS FULL LOGICAL RULESET IS INFORMATIONAL ONLY";

/// How a copy is published (`nomic build --date DATE --official`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Publication {
    /// The day the copy is published, written into the header's
    /// `Date of this ruleset:` line (`26 Jul 2026`, as published copies
    /// write it).
    pub date: Option<Date>,
    /// The FLR is the monthly report: its informational-only notice is left
    /// out.
    pub official: bool,
}

/// A publication the ruleset's skeletons have no place for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PublicationError {
    /// Only Agora's source carries a header and page skeletons.
    #[error("only an Agora ruleset (its source folder) has a publication date and notice")]
    NotAgora,
    /// The header has no `Date of this ruleset:` line to fill.
    #[error(
        "the header (rules_data/config/header) has no line starting `{DATE_LINE}` to put the date in"
    )]
    NoDateLine,
    /// The FLR skeleton has no informational-only notice to leave out.
    #[error(
        "the FLR skeleton (rules_data/config/flr_format) has no paragraph starting \
         `{INFORMATIONAL_NOTICE}` to leave out"
    )]
    NoNotice,
}

/// Stamps `publication` into an Agora ruleset's header and FLR skeleton, so
/// its FLR, SLR and pages render as the copy published that way.
pub fn stamp_publication(
    ruleset: &mut Ruleset,
    publication: &Publication,
) -> Result<(), PublicationError> {
    let agora = ruleset.agora.as_mut().ok_or(PublicationError::NotAgora)?;
    if let Some(date) = publication.date {
        let header = agora.header.as_deref().unwrap_or("");
        agora.header = Some(with_date(header, date).ok_or(PublicationError::NoDateLine)?);
    }
    if publication.official {
        let flr = agora.flr_format.as_deref().unwrap_or("");
        agora.flr_format = Some(without_notice(flr).ok_or(PublicationError::NoNotice)?);
    }
    Ok(())
}

/// `header` with its date line saying `Date of this ruleset: 26 Jul 2026`;
/// none without such a line.
fn with_date(header: &str, date: Date) -> Option<String> {
    let stamped = format!(
        "{DATE_LINE} {} {} {}",
        date.day,
        date.month_abbrev(),
        date.year
    );
    let mut found = false;
    let mut out = String::with_capacity(header.len() + stamped.len());
    for line in header.split_inclusive('\n') {
        if !found && line.starts_with(DATE_LINE) {
            found = true;
            // The line's own ending stays.
            out.push_str(&stamped);
            out.push_str(&line[line.trim_end_matches(['\r', '\n']).len()..]);
        } else {
            out.push_str(line);
        }
    }
    found.then_some(out)
}

/// `skeleton` without the paragraph that starts with the informational
/// notice, nor the blank line after it; none without the notice.
fn without_notice(skeleton: &str) -> Option<String> {
    let start = skeleton
        .match_indices(INFORMATIONAL_NOTICE)
        .map(|(at, _)| at)
        .find(|&at| at == 0 || skeleton[..at].ends_with('\n'))?;
    let rest = &skeleton[start..];
    // The paragraph ends at the first blank line; that line goes with it.
    let end = rest.find("\n\n").map_or(rest.len(), |at| at + 2);
    Some(format!("{}{}", &skeleton[..start], &rest[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day() -> Date {
        Date::new(2026, 7, 6).expect("a real day")
    }

    #[test]
    fn the_date_line_is_filled_and_nothing_else_changes() {
        let header = "Online.\n\nDate of this ruleset:\n\nLast SLR ratification: x\n";
        assert_eq!(
            with_date(header, day()).as_deref(),
            Some("Online.\n\nDate of this ruleset: 6 Jul 2026\n\nLast SLR ratification: x\n")
        );
        assert_eq!(with_date("No date here.\n", day()), None);
    }

    #[test]
    fn the_notice_goes_with_its_blank_line() {
        let skeleton = "TITLE\n\n{header}\n\nTHIS FULL LOGICAL RULESET IS INFORMATIONAL ONLY AND\n\
                        MORE.\n\n{line}\n";
        assert_eq!(
            without_notice(skeleton).as_deref(),
            Some("TITLE\n\n{header}\n\n{line}\n")
        );
        assert_eq!(without_notice("TITLE\n\n{header}\n"), None);
    }
}
