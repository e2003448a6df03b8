use super::*;
use proptest::prelude::*;
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The words of `fills` fills by `kernel`, read as `next_u32` reads them.
fn words(mut chacha: ChaCha8, fills: usize, kernel: Kernel) -> Vec<u32> {
    let mut all = Vec::new();
    let mut out = [[0; 4]; FILL_WORDS];
    for _ in 0..fills {
        chacha.fill_with(kernel, &mut out);
        all.extend(out.iter().map(|w| u32::from_le_bytes(*w)));
    }
    all
}

/// `rand_chacha`'s words from block `block` of stream `stream`.
fn reference(seed: [u8; 32], stream: u64, block: u64, n: usize) -> Vec<u32> {
    let mut rng = ChaCha8Rng::from_seed(seed);
    rng.set_stream(stream);
    rng.set_word_pos(u128::from(block) * 16);
    (0..n).map(|_| rng.next_u32()).collect()
}

#[test]
fn every_kernel_this_cpu_has_is_tested() {
    let all = Kernel::all();
    assert_eq!(all[0], Kernel(Kind::Portable));
    assert!(all.contains(&Kernel::best()));
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        assert!(all.contains(&Kernel(Kind::Avx2)));
    }
}

#[test]
fn the_zero_key_gives_the_published_chacha8_block() {
    // draft-strombergson-chacha-test-vectors, TC1, 8 rounds, 256-bit key:
    // the key and the IV all zero bytes.
    let expected = "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e\
                    984ce172b9216f419f445367456d5619314a42a3da86b001387bfdb80e0cfe42";
    for kernel in Kernel::all() {
        let mut out = [[0; 4]; FILL_WORDS];
        ChaCha8::new([0; 32], 0).fill_with(kernel, &mut out);
        let hex: String = out[..16]
            .as_flattened()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(hex, expected, "{kernel:?}");
    }
}

#[test]
fn the_seed_is_kept() {
    let seed: [u8; 32] = std::array::from_fn(|i| i as u8 * 7 + 1);
    assert_eq!(ChaCha8::new(seed, 9).get_seed(), seed);
    assert_eq!(ChaCha8Rng::from_seed(seed).get_seed(), seed);
}

#[test]
fn the_counter_carries_into_its_high_word_within_a_fill() {
    let seed: [u8; 32] = std::array::from_fn(|i| 255 - i as u8);
    let stream = 0x0123_4567_89ab_cdef;
    // Fills that start 0 to 16 blocks before the low word wraps, and ones
    // over the wrap of the whole 64-bit counter (rand_chacha's wraps too).
    let starts = (0..=16)
        .map(|k| (1 << 32) - k)
        .chain([u64::MAX - 3, u64::MAX]);
    for start in starts {
        let reference = reference(seed, stream, start, FILL_WORDS);
        for kernel in Kernel::all() {
            let chacha = ChaCha8 {
                block: start,
                ..ChaCha8::new(seed, stream)
            };
            assert_eq!(
                words(chacha, 1, kernel),
                reference,
                "{kernel:?}, block {start}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_words_are_rand_chachas(
        seed: [u8; 32],
        stream: u64,
        block in prop_oneof![
            0..64u64,
            (1 << 32) - 20..(1 << 32) + 4u64,
            u64::MAX - 20..=u64::MAX,
            any::<u64>(),
        ],
        fills in 1..4usize,
    ) {
        let reference = reference(seed, stream, block, fills * FILL_WORDS);
        for kernel in Kernel::all() {
            let chacha = ChaCha8 { block, ..ChaCha8::new(seed, stream) };
            prop_assert_eq!(&words(chacha, fills, kernel), &reference, "{:?}", kernel);
        }
    }
}
