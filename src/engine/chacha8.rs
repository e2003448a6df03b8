//! ChaCha8's key stream exactly as `rand_chacha`'s `ChaCha8Rng` gives it
//! (the 64-bit block counter in words 12 and 13, the stream in 14 and 15,
//! no nonce), computed eight blocks at a time, one block per lane: word `i`
//! of the eight blocks sits in one `[u32; 8]`, so a round is the same
//! adds, xors and rotations on eight lanes with no shuffles between the
//! column and diagonal rounds. Where the CPU has AVX2 (detected at run
//! time) the lanes are 256-bit vectors ([`avx2`]); elsewhere the same
//! rounds run as plain lane loops ([`blocks_portable`]). Tests hold both to
//! `rand_chacha` word for word.

use super::rng::Word;

/// Blocks computed at once, one per lane.
pub(crate) const LANES: usize = 8;

/// Words in a ChaCha block.
const BLOCK_WORDS: usize = 16;

/// Words one [`ChaCha8::fill`] gives: [`LANES`] consecutive blocks.
pub(crate) const FILL_WORDS: usize = LANES * BLOCK_WORDS;

/// Double rounds of ChaCha8.
const DOUBLE_ROUNDS: usize = 4;

/// "expand 32-byte k", ChaCha's constant words.
const CONSTANTS: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// One word of [`LANES`] consecutive blocks.
type Lanes = [u32; LANES];

/// A ChaCha8 stream: its key, stream number and the next block's counter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChaCha8 {
    key: [u32; 8],
    stream: u64,
    block: u64,
}

impl ChaCha8 {
    /// The stream `stream` of `seed`, from its first block (`ChaCha8Rng::
    /// from_seed(seed)` after `set_stream(stream)`).
    pub(crate) fn new(seed: [u8; 32], stream: u64) -> ChaCha8 {
        let mut key = [0; 8];
        for (word, bytes) in key.iter_mut().zip(seed.chunks_exact(4)) {
            *word = u32::from_le_bytes(bytes.try_into().expect("four bytes"));
        }
        ChaCha8 {
            key,
            stream,
            block: 0,
        }
    }

    /// The seed the stream was made from (as `ChaCha8Rng::get_seed`).
    #[cfg(test)]
    pub(crate) fn get_seed(&self) -> [u8; 32] {
        let mut seed = [0; 32];
        for (bytes, word) in seed.chunks_exact_mut(4).zip(self.key) {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
        seed
    }

    /// Writes the next [`FILL_WORDS`] words of the stream, in order.
    #[inline]
    pub(crate) fn fill(&mut self, out: &mut [Word; FILL_WORDS]) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: `avx2::blocks` needs nothing but AVX2, detected on
            // this CPU just above.
            unsafe { avx2::blocks(self, out) };
            return;
        }
        blocks_portable(self, out);
    }
}

/// [`blocks`] for the build's target (the fallback; SSE2 on x86-64).
#[inline(never)]
pub(crate) fn blocks_portable(chacha: &mut ChaCha8, out: &mut [Word; FILL_WORDS]) {
    blocks(chacha, out);
}

/// The next [`LANES`] blocks of `chacha` into `out`, in stream order; the
/// counter moves past them.
#[inline(always)]
fn blocks(chacha: &mut ChaCha8, out: &mut [Word; FILL_WORDS]) {
    let mut input: [Lanes; BLOCK_WORDS] = [[0; LANES]; BLOCK_WORDS];
    for (word, constant) in input.iter_mut().zip(CONSTANTS) {
        *word = [constant; LANES];
    }
    for (word, key) in input[4..12].iter_mut().zip(chacha.key) {
        *word = [key; LANES];
    }
    // The 64-bit counter carries into its high word within a fill.
    input[12] = std::array::from_fn(|lane| chacha.block.wrapping_add(lane as u64) as u32);
    input[13] = std::array::from_fn(|lane| (chacha.block.wrapping_add(lane as u64) >> 32) as u32);
    input[14] = [chacha.stream as u32; LANES];
    input[15] = [(chacha.stream >> 32) as u32; LANES];
    let mut x = input;
    for _ in 0..DOUBLE_ROUNDS {
        quarter_round(&mut x, 0, 4, 8, 12);
        quarter_round(&mut x, 1, 5, 9, 13);
        quarter_round(&mut x, 2, 6, 10, 14);
        quarter_round(&mut x, 3, 7, 11, 15);
        quarter_round(&mut x, 0, 5, 10, 15);
        quarter_round(&mut x, 1, 6, 11, 12);
        quarter_round(&mut x, 2, 7, 8, 13);
        quarter_round(&mut x, 3, 4, 9, 14);
    }
    for (word, start) in x.iter_mut().zip(input) {
        for lane in 0..LANES {
            word[lane] = word[lane].wrapping_add(start[lane]);
        }
    }
    for (lane, block) in out.chunks_exact_mut(BLOCK_WORDS).enumerate() {
        for (i, word) in block.iter_mut().enumerate() {
            *word = x[i][lane].to_le_bytes();
        }
    }
    chacha.block = chacha.block.wrapping_add(LANES as u64);
}

/// ChaCha's quarter round on words `a`, `b`, `c`, `d` of every lane.
#[inline(always)]
fn quarter_round(x: &mut [Lanes; BLOCK_WORDS], a: usize, b: usize, c: usize, d: usize) {
    let (mut wa, mut wb, mut wc, mut wd) = (x[a], x[b], x[c], x[d]);
    for lane in 0..LANES {
        wa[lane] = wa[lane].wrapping_add(wb[lane]);
        wd[lane] = (wd[lane] ^ wa[lane]).rotate_left(16);
        wc[lane] = wc[lane].wrapping_add(wd[lane]);
        wb[lane] = (wb[lane] ^ wc[lane]).rotate_left(12);
        wa[lane] = wa[lane].wrapping_add(wb[lane]);
        wd[lane] = (wd[lane] ^ wa[lane]).rotate_left(8);
        wc[lane] = wc[lane].wrapping_add(wd[lane]);
        wb[lane] = (wb[lane] ^ wc[lane]).rotate_left(7);
    }
    (x[a], x[b], x[c], x[d]) = (wa, wb, wc, wd);
}

#[cfg(target_arch = "x86_64")]
mod avx2;

#[cfg(test)]
mod tests;
