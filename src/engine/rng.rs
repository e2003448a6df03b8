//! The game's randomness: ChaCha8 seeded from the script's seed, with our
//! own bounded sampler (so results never change with `rand` versions) and
//! forced results (`dice 1d6: 2, 3`) used before the generator.

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Words [`Dice::refill`] takes from the generator at a time.
const FILL_WORDS: usize = 256;

/// Words [`Dice::ahead`] may look ahead at most.
pub(crate) const WORDS: usize = 64;
/// Words `Dice::refill` moves where no more are left: 128 bytes.
const HALF: usize = WORDS / 2;
// `Dice::refill` keeps the last WORDS words of a fill.
const _: () = assert!(FILL_WORDS >= WORDS);

/// A word of the generator: its little-endian bytes, as `next_u32` reads
/// them.
pub(crate) type Word = [u8; 4];

/// A game's dice: the seeded generator, and results a script forced.
#[derive(Clone)]
pub struct Dice {
    rng: ChaCha8Rng,
    /// The generator's words not drawn yet, `words[next..end]`, in the
    /// order `ChaCha8Rng::next_u32` gives them; taken from it
    /// [`FILL_WORDS`] at a time, with room for [`WORDS`] more so that
    /// [`Dice::ahead`] can look up to [`WORDS`] words ahead.
    words: [Word; WORDS + FILL_WORDS],
    next: usize,
    end: usize,
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
            words: [[0; 4]; WORDS + FILL_WORDS],
            next: 0,
            end: 0,
            forced: Vec::new(),
        }
    }

    /// Makes these dice [`Dice::for_game`]`(seed, index)` in place, without
    /// writing a new buffer of words.
    pub(crate) fn restart(&mut self, seed: u64, index: u64) {
        self.rng = game_stream(seed, index);
        (self.next, self.end) = (0, 0);
        self.forced.clear();
    }

    /// The generator's next word.
    #[inline]
    fn word(&mut self) -> u32 {
        if self.next >= self.end {
            self.refill();
        }
        let x = u32::from_le_bytes(self.words[self.next]);
        self.next += 1;
        x
    }

    /// Moves the words not drawn yet (fewer than [`WORDS`]) to just before
    /// `words[WORDS]` and takes the generator's next [`FILL_WORDS`] there.
    /// The move is of the buffer's last [`HALF`] words where those hold
    /// what is left (as they mostly do), else of its last [`WORDS`]: copies
    /// of a fixed size, and the first of them small enough to be a few
    /// vector moves (the baseline target copies the other, 256 bytes,
    /// through a `memcpy` call). The fill always lands at the same place.
    #[inline(never)]
    fn refill(&mut self) {
        let left = self.end - self.next;
        let (front, back) = self.words.split_at_mut(WORDS);
        if self.end > 0 {
            // After a fill the buffer is full: what is left is its end.
            if left <= HALF {
                front[WORDS - HALF..].copy_from_slice(&back[FILL_WORDS - HALF..]);
            } else {
                front.copy_from_slice(&back[FILL_WORDS - WORDS..]);
            }
        }
        self.next = WORDS - left;
        let fresh: &mut [Word; FILL_WORDS] = back.try_into().expect("FILL_WORDS words");
        for word in fresh.iter_mut() {
            *word = self.rng.next_u32().to_le_bytes();
        }
        self.end = WORDS + FILL_WORDS;
    }

    /// The next `k` words (at most [`WORDS`]) the dice will draw, without
    /// drawing them. With [`Dice::skip`], a run of draws
    /// that mostly decide nothing is tested at once, and drawn one by one
    /// only where something happens.
    #[inline]
    pub(crate) fn ahead(&mut self, k: usize) -> &[Word] {
        assert!(k <= WORDS, "at most {WORDS} words ahead");
        if self.end - self.next < k {
            self.refill();
        }
        &self.words[self.next..self.next + k]
    }

    /// Draws `k` words that [`Dice::ahead`] gave.
    #[inline]
    pub(crate) fn skip(&mut self, k: usize) {
        debug_assert!(self.next + k <= self.end);
        self.next += k;
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

    /// [`Dice::below`] for a divisor prepared once ([`Divisor`]): the same
    /// draws and the same result, without a division.
    #[inline]
    pub(crate) fn below_by(&mut self, d: Divisor) -> u32 {
        loop {
            let x = self.word();
            if x >= d.reject_below {
                return d.rem(x);
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

/// What [`Dice::below`]`(n)` gives when it draws `x`: `None` where it
/// draws again. The reference for tests of samplers that read words ahead.
#[cfg(test)]
pub(crate) fn below_of(n: u32, x: u32) -> Option<u32> {
    (x >= n.wrapping_neg() % n).then(|| x % n)
}

/// A divisor `n > 0` of [`Dice::below`], prepared once: the rejection
/// bound `2^32 mod n`, and the 64-bit reciprocal that gives `x mod n` by
/// two multiplications (Lemire, Kaser and Kurz, "Faster remainder by direct
/// computation", 2019: exact for every 32-bit `x` and `n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Divisor {
    n: u32,
    reject_below: u32,
    /// `ceil(2^64 / n)` (0 for `n` = 1, where every remainder is 0).
    reciprocal: u64,
}

impl Divisor {
    /// The divisor `n`, or `None` for 0.
    pub(crate) fn new(n: u32) -> Option<Divisor> {
        (n > 0).then(|| Divisor {
            n,
            reject_below: n.wrapping_neg() % n,
            reciprocal: (u64::MAX / u64::from(n)).wrapping_add(1),
        })
    }

    /// [`Dice::below_by`] draws again where a word is below this.
    #[inline]
    pub(crate) fn reject_below(self) -> u32 {
        self.reject_below
    }

    /// `x mod n`.
    #[inline]
    pub(crate) fn rem(self, x: u32) -> u32 {
        let low = self.reciprocal.wrapping_mul(u64::from(x));
        // The high half of a 64×32-bit product is below `n`.
        ((u128::from(low) * u128::from(self.n)) >> 64) as u32
    }
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
    fn a_prepared_divisor_gives_the_remainder_of_every_u32() {
        let mut dice = Dice::new(5);
        let divisors = (1..=300)
            .chain([1_000_000, 1 << 31, (1 << 31) + 1, u32::MAX - 1, u32::MAX])
            .chain((0..2_000).map(|_| dice.word().max(1)))
            .collect::<Vec<_>>();
        for n in divisors {
            let d = Divisor::new(n).expect("not 0");
            let edges = [0, 1, n - 1, n, n.wrapping_mul(2), u32::MAX - 1, u32::MAX];
            let xs = edges.into_iter().chain((0..200).map(|_| dice.word()));
            for x in xs {
                assert_eq!(d.rem(x), x % n, "{x} mod {n}");
            }
        }
        assert_eq!(Divisor::new(0), None);
    }

    #[test]
    fn below_by_draws_as_below_does() {
        for seed in 0..200 {
            for n in [1, 2, 3, 6, 7, 10, 1_000_000, 3_000_000_000] {
                let (mut a, mut b) = (
                    Dice::for_game(seed, n.into()),
                    Dice::for_game(seed, n.into()),
                );
                let d = Divisor::new(n).expect("not 0");
                for _ in 0..50 {
                    assert_eq!(a.below(n), b.below_by(d));
                }
                assert_eq!(a.word(), b.word(), "the same words used");
            }
        }
    }

    #[test]
    fn the_dice_draw_the_generators_words_in_order() {
        for (seed, index) in [(0, 0), (1, 0), (7, 3), (u64::MAX, u64::MAX)] {
            let mut generator = ChaCha8Rng::from_seed(Dice::for_game(seed, index).rng.get_seed());
            generator.set_stream(index);
            let mut dice = Dice::for_game(seed, index);
            // Across several refills, looking ahead and skipping on the way.
            for i in 0..500 {
                let k = [0, 1, 2, 5, 16, 63, 64][i % 7];
                let ahead = dice.ahead(k).to_vec();
                assert_eq!(ahead.len(), k);
                // Looking ahead draws nothing; skipping some draws them.
                let skipped = i % 3 * k / 2;
                dice.skip(skipped);
                for word in &ahead[..skipped] {
                    assert_eq!(u32::from_le_bytes(*word), generator.next_u32());
                }
                assert_eq!(dice.word(), generator.next_u32(), "word {i}");
            }
        }
    }

    #[test]
    fn below_of_gives_what_below_draws() {
        let mut dice = Dice::new(11);
        for n in [1, 2, 3, 6, 7, 1_000_000, 3_000_000_000, u32::MAX] {
            for x in [0, 1, n - 1, n, n.wrapping_neg() % n, u32::MAX]
                .into_iter()
                .chain((0..500).map(|_| dice.word()))
            {
                let mut one = Dice::new(3);
                one.words[0] = x.to_le_bytes();
                one.words[1] = u32::MAX.to_le_bytes();
                (one.next, one.end) = (0, 2);
                let drawn = one.below(n);
                match below_of(n, x) {
                    Some(result) => assert_eq!((result, one.next), (drawn, 1)),
                    None => assert_eq!(one.next, 2, "{x} below {n} draws again"),
                }
            }
        }
    }

    #[test]
    fn restarted_dice_draw_as_new_ones() {
        let mut dice = Dice::for_game(3, 4);
        dice.force(6, [1, 2]);
        for (seed, index, drawn) in [(3, 4, 0), (3, 5, 1), (0, u64::MAX, 300), (9, 0, 17)] {
            for _ in 0..drawn {
                dice.word();
            }
            dice.restart(seed, index);
            let mut new = Dice::for_game(seed, index);
            for i in 0..700 {
                let k = [0, 1, 5, 64][i % 4];
                assert_eq!(dice.ahead(k), new.ahead(k));
                assert_eq!(dice.roll(6), new.roll(6), "draw {i}");
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
