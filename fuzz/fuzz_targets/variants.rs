//! The `variants` fuzz target: see `kaiser_fuzz::variants`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kaiser_fuzz::variants(data));
