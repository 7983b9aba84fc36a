//! The `book` fuzz target: see `kaiser_fuzz::book`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| kaiser_fuzz::book(data));
