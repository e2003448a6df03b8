//! `cargo fuzz run lsp`: see `nomic_fuzz::lsp`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nomic_fuzz::lsp(data));
