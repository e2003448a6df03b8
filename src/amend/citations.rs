//! What a text cites, as renumbering and repeal reports need it (built on
//! `refs::extract`).

use crate::refs;

/// Every cited number in text order, range ends included: two texts with
/// the same list cite the same rules in the same places.
pub(super) fn cited_numbers(text: &str) -> Vec<u32> {
    refs::extract(text)
        .into_iter()
        .flat_map(|reference| reference.numbers)
        .flat_map(|cited| {
            let end = cited.range_end.map(|(end, _)| end);
            std::iter::once(cited.number).chain(end)
        })
        .collect()
}

/// Whether the text cites `rule` by its own number (not only inside a
/// range such as `Rules 201-219`).
pub(super) fn cites(text: &str, rule: u32) -> bool {
    refs::extract(text)
        .iter()
        .flat_map(|reference| &reference.numbers)
        .any(|cited| cited.range_end.is_none() && cited.number == rule)
}
