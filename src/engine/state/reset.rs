//! Resetting a state in place, for the Monte Carlo loop.

use super::State;

impl State {
    /// Makes this state equal to `other`, reusing this state's allocations
    /// (the Monte Carlo loop resets one state per game).
    pub(crate) fn reset_to(&mut self, other: &State) {
        let State {
            ruleset,
            params,
            overrides,
            unmodelled,
            players,
            order,
            now,
            turn,
            mover,
            turn_start,
            turn_end,
            proposals,
            current,
            ballots,
            tiebreak_rolled,
            tiebreak_vote,
            proposed_this_turn,
            judge,
            judges_this_turn,
            judgment_invoked,
            open_question,
            votes_held,
            scheduled,
            next_number,
            winners,
            over,
        } = other;
        self.ruleset.clone_from(ruleset);
        self.params.clone_from(params);
        self.overrides.clone_from(overrides);
        self.unmodelled.clone_from(unmodelled);
        self.players.clone_from(players);
        self.order.clone_from(order);
        self.proposals.clone_from(proposals);
        self.ballots.clone_from(ballots);
        self.judges_this_turn.clone_from(judges_this_turn);
        self.scheduled.clone_from(scheduled);
        self.winners.clone_from(winners);
        self.now = *now;
        self.turn = *turn;
        self.mover = *mover;
        self.turn_start = *turn_start;
        self.turn_end = *turn_end;
        self.current = *current;
        self.tiebreak_rolled = *tiebreak_rolled;
        self.tiebreak_vote = *tiebreak_vote;
        self.proposed_this_turn = *proposed_this_turn;
        self.judge = *judge;
        self.judgment_invoked = *judgment_invoked;
        self.open_question = *open_question;
        self.votes_held = *votes_held;
        self.next_number = *next_number;
        self.over = *over;
    }
}
