//! The module's face to JavaScript (WebAssembly only). Exports:
//!
//! - `kaiser_io(len) -> ptr`: a buffer of at least `len` bytes in the module's memory, where the
//!   glue writes a line or request and reads an answer (valid until the next call).
//! - `kaiser_start()`: sends output to the host and makes the engine (once).
//! - `kaiser_line(len) -> 1 | 0`: handles the UCI line in the buffer (a `go` returns after its
//!   `bestmove`); 0 once `quit` has come.
//! - `kaiser_rules(len) -> len`: answers the rules request in the buffer (`rules`), writing the
//!   answer to the buffer and returning its length.
//!
//! Imports, module `kaiser`: `now_ms()` (the engine's clock, see `kaiser_engine::clock`),
//! `output(ptr, len)` (one line of output), `next_line(ptr, cap, wait_ms) -> n` (the next line
//! that arrived during a search: -1 if none came within `wait_ms`; its length `n`, written at
//! `ptr`, or, when `n > cap`, left queued for a call with a larger buffer), `random(ptr, len)`
//! (cryptographic random bytes for getrandom). A panic's message goes out as `info string ERROR:`
//! before the module traps, which the glue reports as the worker's end.

use crate::driver::Driver;
use crate::interrupts::LineSource;
use crate::rules;
use kaiser_engine::console;
use std::cell::RefCell;

#[link(wasm_import_module = "kaiser")]
extern "C" {
    fn output(ptr: *const u8, len: usize);
    fn next_line(ptr: *mut u8, cap: usize, wait_ms: u32) -> i32;
    fn random(ptr: *mut u8, len: usize);
}

thread_local! {
    static IO: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static DRIVER: RefCell<Option<Driver<HostLines>>> = const { RefCell::new(None) };
}

/// The lines the page queued while a search runs (`next_line`).
#[derive(Debug)]
struct HostLines;

impl LineSource for HostLines {
    fn next_line(&self, wait_ms: u32) -> Option<String> {
        let mut buffer = vec![0u8; 256];
        loop {
            // SAFETY: the host writes at most `buffer.len()` bytes at the pointer.
            let n = unsafe { next_line(buffer.as_mut_ptr(), buffer.len(), wait_ms) };
            let n = usize::try_from(n).ok()?;
            if n <= buffer.len() {
                buffer.truncate(n);
                return Some(String::from_utf8_lossy(&buffer).into_owned());
            }
            buffer.resize(n, 0);
        }
    }
}

fn send_to_host(line: &str) {
    // SAFETY: the host reads `line.len()` bytes at the pointer before returning.
    unsafe { output(line.as_ptr(), line.len()) }
}

fn host_random(bytes: &mut [u8]) -> Result<(), getrandom::Error> {
    // SAFETY: the host writes exactly `bytes.len()` bytes at the pointer.
    unsafe { random(bytes.as_mut_ptr(), bytes.len()) };
    Ok(())
}

getrandom::register_custom_getrandom!(host_random);

/// The text in the first `len` bytes of the I/O buffer.
fn io_text(len: usize) -> String {
    IO.with_borrow(|io| String::from_utf8_lossy(&io[..len.min(io.len())]).into_owned())
}

#[no_mangle]
pub extern "C" fn kaiser_io(len: usize) -> *mut u8 {
    IO.with_borrow_mut(|io| {
        if io.len() < len {
            io.resize(len, 0);
        }
        io.as_mut_ptr()
    })
}

#[no_mangle]
pub extern "C" fn kaiser_start() {
    if console::set_output(Box::new(send_to_host)).is_ok() {
        std::panic::set_hook(Box::new(|info| {
            send_to_host(&format!(
                "info string ERROR: {info}; the engine is terminated"
            ));
        }));
    }
    DRIVER.with_borrow_mut(|driver| {
        driver.get_or_insert_with(|| Driver::new(HostLines));
    });
}

#[no_mangle]
pub extern "C" fn kaiser_line(len: usize) -> i32 {
    let line = io_text(len);
    DRIVER.with_borrow_mut(|driver| {
        let driver = driver.get_or_insert_with(|| Driver::new(HostLines));
        i32::from(driver.line(&line))
    })
}

#[no_mangle]
pub extern "C" fn kaiser_rules(len: usize) -> usize {
    kaiser_rules::attacks::init();
    let answer = rules::answer(&io_text(len));
    IO.with_borrow_mut(|io| {
        io.clear();
        io.extend_from_slice(answer.as_bytes());
    });
    answer.len()
}
