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
    /// The divisor of the last die rolled: the turn-end die is rolled every
    /// turn with sides known only at run time, and working the divisor out
    /// once instead of dividing twice a roll spares two hardware divisions.
    die: Divisor,
}

/// A bound `n` of the sampler worked out for division-free use: the values
/// below `2^32 mod n` that are redrawn, and Lemire's multiplier, with which
/// `x % n` is two multiplications (exact for every u32 `x` and `n > 0`:
/// Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
/// For a constant `n` (an inlined `below(MILLION)`) it folds to constants.
#[derive(Clone, Copy)]
struct Divisor {
    n: u32,
    reject_below: u32,
    multiplier: u64,
}

impl Divisor {
    #[inline]
    fn new(n: u32) -> Divisor {
        debug_assert!(n > 0);
        Divisor {
            n,
            reject_below: n.wrapping_neg() % n,
            multiplier: (u64::MAX / u64::from(n)).wrapping_add(1),
        }
    }

    /// `x % n`.
    #[inline]
    fn remainder(self, x: u32) -> u32 {
        let fraction = self.multiplier.wrapping_mul(u64::from(x));
        ((u128::from(fraction) * u128::from(self.n)) >> 64) as u32
    }
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
            die: Divisor::new(6),
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
        self.below_by(Divisor::new(n))
    }

    #[inline]
    fn below_by(&mut self, divisor: Divisor) -> u32 {
        loop {
            let x = self.word();
            if x >= divisor.reject_below {
                return divisor.remainder(x);
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
        if self.die.n != sides {
            self.die = Divisor::new(sides);
        }
        (self.below_by(self.die) + 1, false)
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
    fn the_remainder_without_division_is_exact() {
        let bounds = [
            1,
            2,
            3,
            6,
            7,
            1000,
            1_000_000,
            u32::MAX / 3,
            u32::MAX - 1,
            u32::MAX,
        ];
        let values = [0, 1, 5, 6, 999_999, 1 << 31, u32::MAX - 1, u32::MAX];
        for n in bounds {
            let divisor = Divisor::new(n);
            assert_eq!(divisor.reject_below, n.wrapping_neg() % n);
            for x in values
                .into_iter()
                .chain((0..1000u32).map(|i| i.wrapping_mul(4_294_967).wrapping_add(n / 2)))
            {
                assert_eq!(divisor.remainder(x), x % n, "{x} % {n}");
            }
        }
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
