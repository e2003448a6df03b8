//! The AVX-512 kernel: sixteen blocks at once, each state word one 512-bit
//! vector of sixteen lanes, rotations by `vprold` and no spills (32
//! registers); the blocks go out through one 16×16 transpose in registers
//! (64 shuffles, against 112 for four of the AVX2 kernel's 8×8 transposes,
//! whose inputs also went through memory). [`blocks`] is called only after
//! AVX-512F and AVX-512VL are detected.

use super::avx2::store;
use super::{ChaCha8, Word, CONSTANTS, DOUBLE_ROUNDS, FILL_WORDS};
use std::arch::x86_64::{
    __m512i, _mm512_add_epi32, _mm512_castsi512_si256, _mm512_extracti64x4_epi64, _mm512_rol_epi32,
    _mm512_set1_epi32, _mm512_setr_epi32, _mm512_shuffle_i32x4, _mm512_unpackhi_epi32,
    _mm512_unpackhi_epi64, _mm512_unpacklo_epi32, _mm512_unpacklo_epi64, _mm512_xor_si512,
};

/// Blocks of a fill: one per lane.
const LANES: usize = 16;

/// ChaCha's quarter round on words `a`, `b`, `c`, `d` of every lane.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
fn quarter(x: &mut [__m512i; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = _mm512_add_epi32(x[a], x[b]);
    x[d] = _mm512_rol_epi32::<16>(_mm512_xor_si512(x[d], x[a]));
    x[c] = _mm512_add_epi32(x[c], x[d]);
    x[b] = _mm512_rol_epi32::<12>(_mm512_xor_si512(x[b], x[c]));
    x[a] = _mm512_add_epi32(x[a], x[b]);
    x[d] = _mm512_rol_epi32::<8>(_mm512_xor_si512(x[d], x[a]));
    x[c] = _mm512_add_epi32(x[c], x[d]);
    x[b] = _mm512_rol_epi32::<7>(_mm512_xor_si512(x[b], x[c]));
}

/// The next [`LANES`] blocks of `chacha` into `out`, in stream order; the
/// counter moves past them.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(super) fn blocks(chacha: &mut ChaCha8, out: &mut [Word; FILL_WORDS]) {
    let (key, stream) = (chacha.key, chacha.stream);
    // Plain loops and no closures or `map` here: those are functions
    // without AVX-512, and vectors passed to them go through memory.
    let mut lo = [0; LANES];
    let mut hi = [0; LANES];
    for (lane, (lo, hi)) in lo.iter_mut().zip(&mut hi).enumerate() {
        // The 64-bit counter carries into its high word within a fill.
        let block = chacha.block.wrapping_add(lane as u64);
        *lo = block as u32 as i32;
        *hi = (block >> 32) as u32 as i32;
    }
    let input = [
        _mm512_set1_epi32(CONSTANTS[0] as i32),
        _mm512_set1_epi32(CONSTANTS[1] as i32),
        _mm512_set1_epi32(CONSTANTS[2] as i32),
        _mm512_set1_epi32(CONSTANTS[3] as i32),
        _mm512_set1_epi32(key[0] as i32),
        _mm512_set1_epi32(key[1] as i32),
        _mm512_set1_epi32(key[2] as i32),
        _mm512_set1_epi32(key[3] as i32),
        _mm512_set1_epi32(key[4] as i32),
        _mm512_set1_epi32(key[5] as i32),
        _mm512_set1_epi32(key[6] as i32),
        _mm512_set1_epi32(key[7] as i32),
        _mm512_setr_epi32(
            lo[0], lo[1], lo[2], lo[3], lo[4], lo[5], lo[6], lo[7], lo[8], lo[9], lo[10], lo[11],
            lo[12], lo[13], lo[14], lo[15],
        ),
        _mm512_setr_epi32(
            hi[0], hi[1], hi[2], hi[3], hi[4], hi[5], hi[6], hi[7], hi[8], hi[9], hi[10], hi[11],
            hi[12], hi[13], hi[14], hi[15],
        ),
        _mm512_set1_epi32(stream as i32),
        _mm512_set1_epi32((stream >> 32) as i32),
    ];
    let mut x = input;
    double_rounds!(x, quarter);
    for (w, i) in x.iter_mut().zip(input) {
        *w = _mm512_add_epi32(*w, i);
    }
    transpose_store(&x, out);
    chacha.block = chacha.block.wrapping_add(LANES as u64);
}

/// Writes block `b` (lane `b` of every state word `x[w]`) at
/// `out[16 b ..]`: a 16×16 transpose of 32-bit words in four steps of
/// sixteen shuffles each.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
fn transpose_store(x: &[__m512i; 16], out: &mut [Word; FILL_WORDS]) {
    // Words 2i and 2i+1 interleaved, then four words 4g..4g+3 together:
    // quad[4 g + c] holds, in its 128-bit part j, words 4g..4g+3 of block
    // 4 j + c.
    let mut pairs = [x[0]; 16];
    for i in 0..8 {
        pairs[2 * i] = _mm512_unpacklo_epi32(x[2 * i], x[2 * i + 1]);
        pairs[2 * i + 1] = _mm512_unpackhi_epi32(x[2 * i], x[2 * i + 1]);
    }
    let mut quad = [x[0]; 16];
    for g in 0..4 {
        let (lo, hi) = (pairs[4 * g], pairs[4 * g + 1]);
        let (lo2, hi2) = (pairs[4 * g + 2], pairs[4 * g + 3]);
        quad[4 * g] = _mm512_unpacklo_epi64(lo, lo2);
        quad[4 * g + 1] = _mm512_unpackhi_epi64(lo, lo2);
        quad[4 * g + 2] = _mm512_unpacklo_epi64(hi, hi2);
        quad[4 * g + 3] = _mm512_unpackhi_epi64(hi, hi2);
    }
    // For each c, a 4×4 transpose of 128-bit parts gives blocks c, 4 + c,
    // 8 + c and 12 + c whole.
    for c in 0..4 {
        let (a, b, cc, d) = (quad[c], quad[4 + c], quad[8 + c], quad[12 + c]);
        let ab_low = _mm512_shuffle_i32x4::<0x44>(a, b);
        let ab_high = _mm512_shuffle_i32x4::<0xEE>(a, b);
        let cd_low = _mm512_shuffle_i32x4::<0x44>(cc, d);
        let cd_high = _mm512_shuffle_i32x4::<0xEE>(cc, d);
        let blocks = [
            _mm512_shuffle_i32x4::<0x88>(ab_low, cd_low),
            _mm512_shuffle_i32x4::<0xDD>(ab_low, cd_low),
            _mm512_shuffle_i32x4::<0x88>(ab_high, cd_high),
            _mm512_shuffle_i32x4::<0xDD>(ab_high, cd_high),
        ];
        for (j, block) in blocks.into_iter().enumerate() {
            let at = 16 * (4 * j + c);
            store(_mm512_castsi512_si256(block), &mut out[at..at + 8]);
            store(
                _mm512_extracti64x4_epi64::<1>(block),
                &mut out[at + 8..at + 16],
            );
        }
    }
}
