//! ChaCha8's key stream exactly as `rand_chacha`'s `ChaCha8Rng` gives it
//! (the 64-bit block counter in words 12 and 13, the stream in 14 and 15,
//! no nonce), computed many blocks at once, one block per lane: word `i` of
//! eight (or sixteen) consecutive blocks sits in one vector, so a round is
//! the same adds, xors and rotations on every lane with no shuffles between
//! the column and diagonal rounds, and the blocks go out in stream order
//! through a transpose. [`Kernel`] picks, at run time, AVX-512 (sixteen
//! lanes; its target features are stable from Rust 1.89, the crate's
//! rust-version), AVX2 (eight lanes) or plain lane
//! loops. Tests hold every kernel the CPU runs to `rand_chacha` word for
//! word.

use super::rng::Word;

/// ChaCha8's rounds on the state words `$x` ([`DOUBLE_ROUNDS`] column and
/// diagonal rounds), each quarter round by the kernel's own `$quarter`: a
/// macro rather than a generic function, so that every kernel's rounds are
/// compiled, and inlined, under its own target features.
macro_rules! double_rounds {
    ($x:ident, $quarter:ident) => {
        for _ in 0..DOUBLE_ROUNDS {
            $quarter(&mut $x, 0, 4, 8, 12);
            $quarter(&mut $x, 1, 5, 9, 13);
            $quarter(&mut $x, 2, 6, 10, 14);
            $quarter(&mut $x, 3, 7, 11, 15);
            $quarter(&mut $x, 0, 5, 10, 15);
            $quarter(&mut $x, 1, 6, 11, 12);
            $quarter(&mut $x, 2, 7, 8, 13);
            $quarter(&mut $x, 3, 4, 9, 14);
        }
    };
}

/// Blocks of the AVX2 and portable kernels: one per lane.
const LANES: usize = 8;

/// Words in a ChaCha block.
const BLOCK_WORDS: usize = 16;

/// Words of [`LANES`] blocks.
const EIGHT_WORDS: usize = LANES * BLOCK_WORDS;

/// Words one [`ChaCha8::fill`] gives: sixteen consecutive blocks.
pub(crate) const FILL_WORDS: usize = 2 * EIGHT_WORDS;

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

/// A way to compute blocks that this CPU runs: only [`Kernel::best`] and
/// [`Kernel::all`], which detect the CPU's features, make one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kernel(Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernel {
    /// The fastest kernel this CPU runs.
    #[inline]
    pub(crate) fn best() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
        {
            return Kernel(Kind::Avx512);
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernel(Kind::Avx2);
        }
        Kernel(Kind::Portable)
    }

    /// Every kernel this CPU runs, the portable one first.
    #[cfg(test)]
    pub(crate) fn all() -> Vec<Kernel> {
        let mut all = vec![Kernel(Kind::Portable)];
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            all.push(Kernel(Kind::Avx2));
        }
        #[cfg(target_arch = "x86_64")]
        if Kernel::best() == Kernel(Kind::Avx512) {
            all.push(Kernel(Kind::Avx512));
        }
        all
    }
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
        self.fill_with(Kernel::best(), out);
    }

    /// [`ChaCha8::fill`] by the given kernel.
    #[inline]
    pub(crate) fn fill_with(&mut self, kernel: Kernel, out: &mut [Word; FILL_WORDS]) {
        match kernel.0 {
            Kind::Portable => {
                for half in halves(out) {
                    blocks_portable(self, half);
                }
            }
            #[cfg(target_arch = "x86_64")]
            simd => {
                // SAFETY: the kernels need nothing but their CPU features,
                // and a `Kernel` of each kind is made only where
                // `Kernel::best` or `Kernel::all` detected them on this CPU.
                unsafe {
                    match simd {
                        Kind::Avx512 => avx512::blocks(self, out),
                        _ => {
                            for half in halves(out) {
                                avx2::blocks(self, half);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The two halves of a fill, eight blocks each.
fn halves(out: &mut [Word; FILL_WORDS]) -> [&mut [Word; EIGHT_WORDS]; 2] {
    let (first, second) = out.split_at_mut(EIGHT_WORDS);
    [
        first.try_into().expect("eight blocks"),
        second.try_into().expect("eight blocks"),
    ]
}

/// The portable kernel: [`LANES`] blocks as plain lane loops (which LLVM
/// vectorises only in part).
#[inline(never)]
fn blocks_portable(chacha: &mut ChaCha8, out: &mut [Word; EIGHT_WORDS]) {
    let mut input: [Lanes; BLOCK_WORDS] = [[0; LANES]; BLOCK_WORDS];
    for (word, constant) in input.iter_mut().zip(CONSTANTS) {
        *word = [constant; LANES];
    }
    for (word, key) in input[4..12].iter_mut().zip(chacha.key) {
        *word = [key; LANES];
    }
    input[12] = counter_lanes(chacha.block, 0);
    input[13] = counter_lanes(chacha.block, 32);
    input[14] = [chacha.stream as u32; LANES];
    input[15] = [(chacha.stream >> 32) as u32; LANES];
    let mut x = input;
    double_rounds!(x, quarter_round);
    for (word, start) in x.iter_mut().zip(input) {
        for (w, s) in word.iter_mut().zip(start) {
            *w = w.wrapping_add(s);
        }
    }
    for (lane, block) in out.chunks_exact_mut(BLOCK_WORDS).enumerate() {
        for (word, x) in block.iter_mut().zip(&x) {
            *word = x[lane].to_le_bytes();
        }
    }
    chacha.block = chacha.block.wrapping_add(LANES as u64);
}

/// Words 12 (`shift` 0) or 13 (`shift` 32) of the [`LANES`] blocks from
/// `block` on: the 64-bit counter carries into its high word within a
/// fill.
#[inline(always)]
fn counter_lanes(block: u64, shift: u32) -> Lanes {
    std::array::from_fn(|lane| (block.wrapping_add(lane as u64) >> shift) as u32)
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

#[cfg(target_arch = "x86_64")]
mod avx512;

#[cfg(test)]
mod tests;
