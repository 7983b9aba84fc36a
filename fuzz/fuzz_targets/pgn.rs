//! The `pgn` fuzz target: see `kaiser_fuzz::pgn`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kaiser_fuzz::pgn(data));
