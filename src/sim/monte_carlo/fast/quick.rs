//! A turn where a chance happens, its words read from a window.
//!
//! About a fifth of default Nomic IV turns are not steady (`steady.rs`):
//! someone misses a vote or the proposal, comes back, leaves, or invokes
//! Judgment. `play_turn` draws such a turn's words one by one through
//! `Dice::below`, each draw a check for a refill, a bounds check, the
//! cursor written back, a rejection test and a remainder: some 17
//! instructions and five branches a word. Where turns can be plain
//! ([`PlainTurn`]: a ballot sets nothing off, the voters are random, no one
//! joins) and a declaration cannot end the game (no survivors' win),
//! [`FastGame::quick_turn`] plays the same turn, in the same order, from
//! the words [`Dice::ahead`] shows: the cursor is a local, the window's
//! words are tested at once against the samplers' rejection bounds, and
//! each chance is one multiplication and a comparison ([`Odds::hits_by`]).
//! It keeps `play_turn`'s branches where a chance moves the cursor (the
//! predictor learns them: a version without them, every cursor move a
//! data dependency, was slower than `play_turn`). It draws exactly the
//! words `play_turn` draws and leaves exactly the state it leaves; where a
//! word of the window would be drawn again (about one turn in 120) it
//! draws nothing and `play_turn` plays the turn.
//!
//! [`Dice::ahead`]: crate::engine::rng::Dice::ahead

use super::plain::PlainTurn;
use super::plan::{bit, Set, SMALL};
use super::FastGame;
use crate::engine::rng::Word;
use crate::sim::monte_carlo::players::Odds;

/// The most words a quick turn reads, with one to spare: per player a
/// chance to come back and one to leave (one who came back may leave), the
/// proposal, Judgment and the Judge's die, and per player a chance and a
/// coin in the vote.
const WINDOW: usize = 4 * SMALL + 4;

impl FastGame {
    /// Plays the turn as `play_turn` does (see the module's doc) and returns
    /// true, or draws nothing, changes nothing and returns false. Called at
    /// a turn's start with the game not over.
    #[inline(always)]
    pub(super) fn quick_turn(&mut self, plain: PlainTurn) -> bool {
        let Some(mover) = self.mover else {
            return false;
        };
        // At a turn's start no one is locked and no one has reached the
        // points (the game would be over), so a declaration changes only the
        // declarer's activity (and the mover's lock), as `declare` does.
        if self.players > SMALL
            || self.locked != 0
            || self.reached != 0
            || self.plan.win_survivors.is_some()
        {
            return false;
        }
        let everyone = self.everyone();
        let words: &[Word; WINDOW] = self.dice.ahead(WINDOW).try_into().expect("a window");
        // Every chance's sampler, `below(MILLION)`, keeps each word of the
        // window; so does the Judge's die, `below(n)` for n active players
        // (at most SMALL), which draws again only below `2^32 mod n < n`.
        if !words.iter().fold(true, |kept, &x| kept & Odds::keeps(x)) {
            return false;
        }
        let mut at = 0;
        let mut active = self.active & everyone;
        // Each inactive player may declare themselves active (IV 207).
        if let Some(odds) = plain.declare_back {
            let mut idle = everyone & !active;
            while idle != 0 {
                let p = idle.trailing_zeros();
                idle &= idle - 1;
                active |= Set::from(odds.hits_by(words[at])) << p;
                at += 1;
            }
        }
        // Each active player (those who came back too) may declare
        // inactivity; the mover who does is locked (IV 207).
        let mut locked: Set = 0;
        if let Some(odds) = plain.leave {
            let mut staying = active;
            while staying != 0 {
                let p = staying.trailing_zeros();
                staying &= staying - 1;
                let gone = Set::from(odds.hits_by(words[at])) << p;
                at += 1;
                active &= !gone;
                locked |= gone & bit(usize::from(mover));
            }
        }
        let proposes = match plain.miss_proposal {
            Some(odds) => {
                at += 1;
                !odds.hits_by(words[at - 1])
            }
            None => true,
        };
        // Judgment: a uniformly chosen active player invokes it (a die,
        // `below(active players)`, whose result nothing reads).
        if let Some(odds) = plain.judgment {
            at += 1;
            if odds.hits_by(words[at - 1]) && active != 0 {
                at += 1;
            }
        }
        let (mut voted, mut yes) = (self.voted, self.yes);
        if proposes {
            // As `propose`, then `vote`: everyone who has not voted, in
            // order. An eligible voter may miss the vote; one who is not is
            // inactive (only their own ballot changes their activity) and
            // may come back by voting. A voter draws a coin.
            let eligible = if self.plan.all_eligible {
                everyone
            } else {
                active
            };
            let m = bit(usize::from(mover));
            let implicit = if self.plan.implicit_yes && eligible & m != 0 {
                m
            } else {
                0
            };
            (voted, yes) = (implicit, implicit);
            let mut left = everyone & !implicit;
            while left != 0 {
                let p = left.trailing_zeros();
                left &= left - 1;
                if eligible & 1 << p != 0 {
                    if let Some(odds) = plain.miss_vote {
                        at += 1;
                        if odds.hits_by(words[at - 1]) {
                            continue;
                        }
                    }
                } else {
                    let Some(odds) = plain.vote_back else {
                        continue;
                    };
                    at += 1;
                    if !odds.hits_by(words[at - 1]) {
                        continue;
                    }
                }
                let coin = Set::from(words[at][0] & 1);
                at += 1;
                // A locked voter's ballot is refused (`cast`).
                let cast = (1 << p) & !locked;
                voted |= cast;
                yes = yes & !cast | coin << p & cast;
                if !self.plan.all_eligible {
                    active |= cast;
                }
            }
        }
        self.dice.skip(at);
        self.active = active | self.active & !everyone;
        self.locked = locked;
        if proposes {
            self.current = Some(mover);
            self.proposed_this_turn = true;
            self.voted = voted;
            self.yes = yes;
        }
        true
    }
}
