//! The `xboard` fuzz target: see `kaiser_fuzz::xboard`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kaiser_fuzz::xboard(data));
