//! `cargo fuzz run apply`: see `nomic_fuzz::apply`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nomic_fuzz::apply(data));
