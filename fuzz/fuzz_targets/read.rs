//! `cargo fuzz run read`: see `nomic_fuzz::read`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nomic_fuzz::read(data));
