//! The `net` fuzz target: see `kaiser_fuzz::net`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kaiser_fuzz::net(data));
