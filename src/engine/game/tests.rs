use super::*;
use crate::engine::event::{Ballot, Event, ProposalBody};
use crate::engine::fixtures::ruleset;
use crate::engine::state::ProposalStatus;
use crate::engine::state::State;

const H: Time = 3600;

/// Keeps every event, for replay: `State::replay(initial, &recorder.0)`
/// reproduces the game's state.
#[derive(Debug, Default)]
struct Recorder(Vec<(Time, Event)>);

impl Sink for Recorder {
    fn record(&mut self, at: Time, event: &Event, _: &State) {
        self.0.push((at, event.clone()));
    }
}

fn game(file: &str, names: &[&str]) -> Engine<Recorder> {
    let mut engine = unstarted(file, names);
    engine.start();
    engine
}

fn unstarted(file: &str, names: &[&str]) -> Engine<Recorder> {
    let setup = Setup {
        players: names
            .iter()
            .map(|n| PlayerSpec {
                name: n.to_string(),
                bot: *n == "nomitron",
                score: 0,
                active: true,
            })
            .collect(),
        order: Vec::new(),
        overrides: Vec::new(),
        next_number: Some(340),
    };
    Engine::new(ruleset(file), setup, Dice::new(7), Recorder::default()).unwrap()
}

fn id(e: &Engine<Recorder>, name: &str) -> PlayerId {
    e.state.player_id(name).unwrap()
}

fn vote(e: &mut Engine<Recorder>, name: &str, text: &str) {
    let who = id(e, name);
    e.vote(who, text).unwrap();
}

#[test]
fn nomic_4_adopted_enactment_takes_effect_at_the_next_turn() {
    let mut e = game("nomic-4-long.md", &["alice", "bob", "carol", "dan", "eve"]);
    e.advance_to(H);
    let alice = id(&e, "alice");
    e.propose(
        alice,
        ProposalBody::Enact {
            text: "Players may not wear hats.".into(),
        },
        vec![],
    )
    .unwrap();
    assert_eq!(
        e.state.turn_end,
        48 * H,
        "206: proposing extends the turn by 24 hours"
    );
    vote(&mut e, "bob", "yes");
    vote(&mut e, "carol", "aye");
    vote(&mut e, "dan", "no");
    vote(&mut e, "eve", "nay");
    assert!(e.state.ruleset.rule(340).is_none());
    e.advance_to(25 * H);
    // 206/1: all voted at the 24-hour mark, so the turn ended then.
    assert_eq!(e.state.turn, 2);
    assert_eq!(e.state.turn_start, 24 * H);
    assert_eq!(e.state.proposals[0].status, ProposalStatus::Adopted);
    assert!(
        e.state.ruleset.rule(340).is_some(),
        "204: in effect at the start of the next turn"
    );
    assert_eq!(e.state.mover, Some(id(&e, "bob")));
    assert!(e.state.players[usize::from(alice)].score >= 1);
}

#[test]
fn replaying_the_log_reproduces_the_final_state() {
    let mut e = unstarted("nomic-4-long.md", &["alice", "bob", "carol", "dan", "eve"]);
    let initial = e.state.clone();
    e.start();
    let alice = id(&e, "alice");
    e.propose(
        alice,
        ProposalBody::Amend {
            rule: 213,
            text: "The winner is the first player to achieve 50 (positive) points.".into(),
        },
        vec![],
    )
    .unwrap();
    for name in ["bob", "carol"] {
        vote(&mut e, name, "yes");
    }
    e.end_turn();
    e.end_turn();
    e.end_turn();
    assert_eq!(e.state.params.win_points.value, Some(50));
    let replayed = State::replay(initial, &e.sink.0);
    assert_eq!(replayed, e.state);
}

#[test]
fn a_tie_at_the_limit_of_resubmissions_brings_the_nomitron_roll() {
    let mut e = game(
        "nomic-4-long.md",
        &["alice", "bob", "carol", "dan", "nomitron"],
    );
    e.dice.force(3, [1]);
    let alice = id(&e, "alice");
    e.propose(
        alice,
        ProposalBody::Enact {
            text: "Hats.".into(),
        },
        vec![],
    )
    .unwrap();
    e.resubmit(alice).unwrap();
    e.resubmit(alice).unwrap();
    assert_eq!(
        e.resubmit(alice),
        Err(Refusal::new(
            RefusalCode::ResubmitLimit,
            "resubmission limit of 2 reached (rule 210/1)"
        ))
    );
    vote(&mut e, "bob", "yes");
    vote(&mut e, "carol", "no");
    assert!(!e.state.tiebreak_rolled);
    vote(&mut e, "dan", "no");
    assert_eq!(e.state.tiebreak_vote, Some(Ballot::Yes));
    e.end_turn();
    let resolved = e.sink.0.iter().find_map(|(_, ev)| match ev {
        Event::VoteResolved { tally, .. } => Some(*tally),
        _ => None,
    });
    let tally = resolved.unwrap();
    assert!(tally.adopted);
    assert_eq!((tally.yes, tally.no, tally.base), (3, 2, 5));
}

#[test]
fn nomic_1_vote_completes_when_all_have_voted_and_renumbers_the_amended_rule() {
    let e = game("nomic-1-final.txt", &["ann", "bea", "cy"]);
    // Alphabetical: ann moves first. 330: three active players all win at once.
    assert!(
        e.state.over,
        "I 330: only three active players: they all win"
    );
    let mut e = game("nomic-1-final.txt", &["ann", "bea", "cy", "di"]);
    let ann = id(&e, "ann");
    e.propose(
        ann,
        ProposalBody::Amend {
            rule: 201,
            text: "Players shall alternate.".into(),
        },
        vec![],
    )
    .unwrap();
    vote(&mut e, "ann", "yes");
    vote(&mut e, "bea", "Yup");
    vote(&mut e, "cy", "yessssssssss"); // ten characters or more: invalid (329)
    vote(&mut e, "cy", "n");
    assert_eq!(e.state.turn, 1);
    vote(&mut e, "di", "nope");
    // All four voted: the vote is complete; 3 of 4? no: 2 yes of 4 is not a majority.
    assert_eq!(e.state.turn, 2);
    assert_eq!(e.state.proposals[0].status, ProposalStatus::Rejected);
    assert!(e.state.ruleset.rule(201).is_some());
}

/// IV 218 lets persons join; IV 201 seats a joining player just before
/// the player whose turn it is. Nomic V (216) lets them join at the end of
/// the order; Nomic III has no such rule.
#[test]
fn a_joining_player_takes_the_place_the_rules_give() {
    let mut e = game("nomic-4-long.md", &["alice", "bob", "carol"]);
    assert!(e.state.params.join_allowed.value);
    assert!(e.state.params.join_before_mover.value);
    e.end_turn(); // alice's turn ends: bob moves
    let bob = id(&e, "bob");
    assert_eq!(e.state.mover, Some(bob));
    let zed = e.join("zed").unwrap();
    let names: Vec<&str> = e.state.order.iter().map(|p| e.state.name(*p)).collect();
    assert_eq!(names, ["alice", "zed", "bob", "carol"]);
    let joined = &e.state.players[usize::from(zed)];
    assert!(joined.active && joined.score == 0);
    assert_eq!(e.state.ballots.len(), 4);
    assert_eq!(e.join("zed").unwrap_err().code, RefusalCode::CannotJoin);

    let mut v = game("nomic-5-initial.txt", &["alice", "bob"]);
    assert!(v.state.params.join_allowed.value);
    assert!(!v.state.params.join_before_mover.value);
    let zed = v.join("zed").unwrap();
    assert_eq!(v.state.order.last(), Some(&zed));

    let mut i = game("nomic-1-final.txt", &["alice", "bob"]);
    assert_eq!(i.join("zed").unwrap_err().code, RefusalCode::NotAllowed);
}
