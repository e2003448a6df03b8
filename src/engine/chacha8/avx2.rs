//! The AVX2 kernel: [`super::blocks_portable`] with intrinsics. Each of
//! the 16 state words is one 256-bit vector of eight lanes (eight
//! consecutive blocks), the rotations by 16 and 8 are byte shuffles, and
//! the eight blocks go out in stream order through two 8×8 transposes.
//! Written with intrinsics because LLVM vectorised the portable lane loops
//! only in part (scalar lanes and blends within the rounds: slower than
//! `rand_chacha`). Every function here is safe to call from one with AVX2
//! enabled; [`blocks`] is called only after AVX2 is detected.

use super::{counter_lanes, ChaCha8, Word, CONSTANTS, DOUBLE_ROUNDS, EIGHT_WORDS, LANES};
use std::arch::x86_64::{
    __m256i, _mm256_add_epi32, _mm256_extract_epi64, _mm256_or_si256, _mm256_permute2x128_si256,
    _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_slli_epi32,
    _mm256_srli_epi32, _mm256_unpackhi_epi32, _mm256_unpackhi_epi64, _mm256_unpacklo_epi32,
    _mm256_unpacklo_epi64, _mm256_xor_si256,
};

/// Rotates every lane left by 16 bits (a byte shuffle).
#[target_feature(enable = "avx2")]
fn rot16(x: __m256i) -> __m256i {
    let mask = _mm256_setr_epi8(
        2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9,
        14, 15, 12, 13,
    );
    _mm256_shuffle_epi8(x, mask)
}

/// Rotates every lane left by 8 bits (a byte shuffle).
#[target_feature(enable = "avx2")]
fn rot8(x: __m256i) -> __m256i {
    let mask = _mm256_setr_epi8(
        3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10,
        15, 12, 13, 14,
    );
    _mm256_shuffle_epi8(x, mask)
}

/// ChaCha's quarter round on words `a`, `b`, `c`, `d` of every lane.
#[target_feature(enable = "avx2")]
fn quarter(x: &mut [__m256i; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = _mm256_add_epi32(x[a], x[b]);
    x[d] = rot16(_mm256_xor_si256(x[d], x[a]));
    x[c] = _mm256_add_epi32(x[c], x[d]);
    let t = _mm256_xor_si256(x[b], x[c]);
    x[b] = _mm256_or_si256(_mm256_slli_epi32::<12>(t), _mm256_srli_epi32::<20>(t));
    x[a] = _mm256_add_epi32(x[a], x[b]);
    x[d] = rot8(_mm256_xor_si256(x[d], x[a]));
    x[c] = _mm256_add_epi32(x[c], x[d]);
    let t = _mm256_xor_si256(x[b], x[c]);
    x[b] = _mm256_or_si256(_mm256_slli_epi32::<7>(t), _mm256_srli_epi32::<25>(t));
}

/// Writes the eight words of `v` to `out` in lane order (LLVM merges the
/// extracts into vector stores).
#[target_feature(enable = "avx2")]
pub(super) fn store(v: __m256i, out: &mut [Word]) {
    let q = [
        _mm256_extract_epi64::<0>(v) as u64,
        _mm256_extract_epi64::<1>(v) as u64,
        _mm256_extract_epi64::<2>(v) as u64,
        _mm256_extract_epi64::<3>(v) as u64,
    ];
    for (pair, q) in out.chunks_exact_mut(2).zip(q) {
        pair[0] = (q as u32).to_le_bytes();
        pair[1] = ((q >> 32) as u32).to_le_bytes();
    }
}

/// Transposes eight state words `a` (8 words × 8 lanes) and writes lane
/// `b`'s eight words at `out[16 b + half ..]`, where the eight blocks of
/// `out` start.
#[target_feature(enable = "avx2")]
fn transpose_store(a: &[__m256i], out: &mut [Word; EIGHT_WORDS], half: usize) {
    let t0 = _mm256_unpacklo_epi32(a[0], a[1]);
    let t1 = _mm256_unpackhi_epi32(a[0], a[1]);
    let t2 = _mm256_unpacklo_epi32(a[2], a[3]);
    let t3 = _mm256_unpackhi_epi32(a[2], a[3]);
    let t4 = _mm256_unpacklo_epi32(a[4], a[5]);
    let t5 = _mm256_unpackhi_epi32(a[4], a[5]);
    let t6 = _mm256_unpacklo_epi32(a[6], a[7]);
    let t7 = _mm256_unpackhi_epi32(a[6], a[7]);
    let u0 = _mm256_unpacklo_epi64(t0, t2);
    let u1 = _mm256_unpackhi_epi64(t0, t2);
    let u2 = _mm256_unpacklo_epi64(t1, t3);
    let u3 = _mm256_unpackhi_epi64(t1, t3);
    let u4 = _mm256_unpacklo_epi64(t4, t6);
    let u5 = _mm256_unpackhi_epi64(t4, t6);
    let u6 = _mm256_unpacklo_epi64(t5, t7);
    let u7 = _mm256_unpackhi_epi64(t5, t7);
    let rows = [
        _mm256_permute2x128_si256::<0x20>(u0, u4),
        _mm256_permute2x128_si256::<0x20>(u1, u5),
        _mm256_permute2x128_si256::<0x20>(u2, u6),
        _mm256_permute2x128_si256::<0x20>(u3, u7),
        _mm256_permute2x128_si256::<0x31>(u0, u4),
        _mm256_permute2x128_si256::<0x31>(u1, u5),
        _mm256_permute2x128_si256::<0x31>(u2, u6),
        _mm256_permute2x128_si256::<0x31>(u3, u7),
    ];
    for (lane, row) in rows.into_iter().enumerate() {
        store(row, &mut out[16 * lane + half..16 * lane + half + 8]);
    }
}

/// The next [`LANES`] blocks of `chacha` into `out`, in stream order; the
/// counter moves past them.
#[target_feature(enable = "avx2")]
pub(super) fn blocks(chacha: &mut ChaCha8, out: &mut [Word; EIGHT_WORDS]) {
    let (key, stream) = (chacha.key, chacha.stream);
    let [l0, l1, l2, l3, l4, l5, l6, l7] = counter_lanes(chacha.block, 0);
    let [h0, h1, h2, h3, h4, h5, h6, h7] = counter_lanes(chacha.block, 32);
    let set = |w: u32| _mm256_set1_epi32(w as i32);
    let input = [
        set(CONSTANTS[0]),
        set(CONSTANTS[1]),
        set(CONSTANTS[2]),
        set(CONSTANTS[3]),
        set(key[0]),
        set(key[1]),
        set(key[2]),
        set(key[3]),
        set(key[4]),
        set(key[5]),
        set(key[6]),
        set(key[7]),
        _mm256_setr_epi32(
            l0 as i32, l1 as i32, l2 as i32, l3 as i32, l4 as i32, l5 as i32, l6 as i32, l7 as i32,
        ),
        _mm256_setr_epi32(
            h0 as i32, h1 as i32, h2 as i32, h3 as i32, h4 as i32, h5 as i32, h6 as i32, h7 as i32,
        ),
        set(stream as u32),
        set((stream >> 32) as u32),
    ];
    let mut x = input;
    double_rounds!(x, quarter);
    for (w, i) in x.iter_mut().zip(input) {
        *w = _mm256_add_epi32(*w, i);
    }
    transpose_store(&x[..8], out, 0);
    transpose_store(&x[8..], out, 8);
    chacha.block = chacha.block.wrapping_add(LANES as u64);
}
