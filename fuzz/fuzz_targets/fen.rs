//! The `fen` fuzz target: see `kaiser_fuzz::fen`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kaiser_fuzz::fen(data));
