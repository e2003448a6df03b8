//! `cargo fuzz run fmt`: see `nomic_fuzz::fmt`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nomic_fuzz::fmt(data));
