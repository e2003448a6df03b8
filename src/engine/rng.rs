//! The game's randomness: ChaCha8 (`rand_chacha`) seeded from the script's
//! seed, with our own bounded sampler (so results never change with `rand`
//! versions) and forced results (`dice 1d6: 2, 3`) used before the
//! generator.

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// A game's dice: the seeded generator, and results a script forced.
#[derive(Clone)]
pub struct Dice {
    rng: ChaCha8Rng,
    /// Forced single-die results by number of sides.
    forced: Vec<(u32, VecDeque<u32>)>,
}

impl Dice {
    /// The generator for a script's seed.
    pub fn new(seed: u64) -> Dice {
        Dice::for_game(seed, 0)
    }

    /// Game `index` of a Monte Carlo run: one independent ChaCha stream per
    /// game, so results do not depend on how games are spread over threads.
    pub fn for_game(seed: u64, index: u64) -> Dice {
        Dice {
            rng: game_stream(seed, index),
            forced: Vec::new(),
        }
    }

    /// The generator's next word.
    #[inline]
    fn word(&mut self) -> u32 {
        self.rng.next_u32()
    }

    /// Queues forced results for a die with `sides` sides.
    pub fn force(&mut self, sides: u32, results: impl IntoIterator<Item = u32>) {
        match self.forced.iter_mut().find(|(s, _)| *s == sides) {
            Some((_, queue)) => queue.extend(results),
            None => self.forced.push((sides, results.into_iter().collect())),
        }
    }

    /// A uniform integer in `0..n` (n > 0), by rejection on u32: values below
    /// `2^32 mod n` are redrawn so every residue is equally likely.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let reject_below = n.wrapping_neg() % n;
        loop {
            let x = self.word();
            if x >= reject_below {
                return x % n;
            }
        }
    }

    /// One die: a forced result if one is queued, else a fair roll. Returns
    /// the result and whether it was forced.
    pub(crate) fn roll(&mut self, sides: u32) -> (u32, bool) {
        if let Some((_, queue)) = self.forced.iter_mut().find(|(s, _)| *s == sides) {
            if let Some(result) = queue.pop_front() {
                return (result, true);
            }
        }
        (self.below(sides) + 1, false)
    }

    /// A fair coin, for random voters.
    #[inline]
    pub fn coin(&mut self) -> bool {
        self.word() & 1 == 1
    }
}

/// The ChaCha8 stream of game `index` of `seed`.
fn game_stream(seed: u64, index: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(b"nomic-sm");
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(index);
    rng
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn forced_results_come_first_then_the_seeded_stream() {
        let mut a = Dice::new(7);
        a.force(6, [2, 3]);
        assert_eq!(a.roll(6), (2, true));
        assert_eq!(a.roll(6), (3, true));
        let mut b = Dice::new(7);
        assert_eq!(a.roll(6), b.roll(6));
        assert!(!a.roll(6).1);
    }

    #[test]
    fn the_sampler_is_uniform_and_in_range() {
        let mut dice = Dice::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let (r, _) = dice.roll(6);
            counts[(r - 1) as usize] += 1;
        }
        // Each face 10,000 ± 5 standard deviations (≈ 91 each).
        assert!(
            counts.iter().all(|c| (9_545..=10_455).contains(c)),
            "{counts:?}"
        );
    }

    #[test]
    fn streams_are_fixed_by_seed_and_game_index() {
        let draws = |seed, index| {
            let mut d = Dice::for_game(seed, index);
            (0..8).map(|_| d.below(1000)).collect::<Vec<_>>()
        };
        assert_eq!(draws(3, 5), draws(3, 5));
        assert_ne!(draws(3, 5), draws(3, 6));
        assert_ne!(draws(3, 5), draws(4, 5));
    }
}
