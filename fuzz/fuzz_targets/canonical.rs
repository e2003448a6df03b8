//! `cargo fuzz run canonical`: see `nomic_fuzz::canonical`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nomic_fuzz::canonical(data));
