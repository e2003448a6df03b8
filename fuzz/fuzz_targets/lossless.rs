//! `cargo fuzz run lossless`: see `nomic_fuzz::lossless`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nomic_fuzz::lossless(data));
