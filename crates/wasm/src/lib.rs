//! Kaiser in the browser: the engine built for `wasm32-unknown-unknown`, the same rules, search,
//! networks and session (spoken to in UCI) as the native binary.
//!
//! - `driver`: a session driven line by line in UCI, its searches on the caller's thread (a Web
//!   Worker has one), seeing the lines that arrive meanwhile through `interrupts`.
//! - `interrupts`: how those lines reach a running search (`stop`, `ponderhit`, `isready` at once;
//!   the rest after it).
//! - `rules`: the board's questions (legal moves with their SAN, FENs, the outcome, PGN in and
//!   out), answered by Kaiser's rules, as JSON.
//! - `host` (WebAssembly only): the module's exports and the imports the JavaScript glue
//!   provides (`web/src/glue`), which carry lines, the clock and random numbers.

pub mod driver;
pub mod interrupts;
pub mod rules;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod host;
