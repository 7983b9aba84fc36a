//! The `data` fuzz target: see `kaiser_fuzz::data`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kaiser_fuzz::data(data));
