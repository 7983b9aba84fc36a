//! The `uci` fuzz target: see `kaiser_fuzz::uci`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kaiser_fuzz::uci(data));
