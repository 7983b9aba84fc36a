//! The `moves` fuzz target: see `kaiser_fuzz::moves`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kaiser_fuzz::moves(data));
