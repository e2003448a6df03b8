//! Sentence shapes about proposals: numbering and resubmission.

use super::text::number_after;
use super::Found;
use crate::engine::catalogue::Setting;

/// IV 107, I 108, V 107 "The numbers shall begin with 301"; V 107 numbers
/// only rule-changes "put to a vote".
pub(super) fn numbering(t: &str, _raw: &str, out: &mut Found) {
    if let Some(n) = number_after(t, "the numbers shall begin with ") {
        out.push(Setting::NumberingStart(n));
        let put_to_vote =
            t.contains("each proposed rule-change put to a vote shall be given a number");
        out.push(Setting::NumberedWhenPutToVote(put_to_vote));
    }
}

/// I 108 "If a rule is amended or transmuted, it receives the number of the
/// proposal to amend or transmute it."
pub(super) fn renumber_on_amend(t: &str, _raw: &str, out: &mut Found) {
    if crate::rules_text::declares_renumbering_normal(t) {
        out.push(Setting::RenumberOnAmend(true));
    }
}

/// IV 210 "A proposal may be resubmitted up to two times a turn but may not
/// be resubmitted if the turn has started more than 24 hours ago."
pub(super) fn resubmission_per_turn(t: &str, _raw: &str, out: &mut Found) {
    if let Some(n) = number_after(t, "may be resubmitted up to ") {
        out.push(Setting::ResubmitLimit(Some(n)));
        if let Some(h) = number_after(t, "if the turn has started more than ") {
            out.push(Setting::ResubmitWindowH(Some(h)));
        }
    }
}

/// I 303 "There will be a limit of 3 reproposals after which point the rule
/// will be considered not accepted".
pub(super) fn reproposal_limit(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("reproposals") {
        if let Some(n) = number_after(t, "there will be a limit of ") {
            out.push(Setting::ResubmitLimit(Some(n)));
        }
    }
}
