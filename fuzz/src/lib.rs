//! What each fuzz target checks, one function per target taking libFuzzer's bytes: the
//! protocols' line handlers on a live session (`session`), FENs and moves on positions
//! (`position`), and the files a user hands the engine or the tools (`files`). Each check
//! panics only on a real fault (a crash of the code under test, or a broken round trip); input
//! that is merely bad must be refused with an error. The targets in `fuzz_targets/` call these,
//! and the workspace's `tests/fuzz_regressions.rs` runs them on every saved input.

mod files;
mod position;
mod session;

pub use files::{book, data, net, pgn, variants};
pub use position::{fen, moves};
pub use session::{uci, uci_lines, xboard, xboard_lines};

/// A target's check of one input.
pub type Check = fn(&[u8]);

/// Every target by its name (the name of its folder of saved inputs).
pub const TARGETS: [(&str, Check); 9] = [
    ("uci", uci),
    ("xboard", xboard),
    ("fen", fen),
    ("moves", moves),
    ("pgn", pgn),
    ("book", book),
    ("net", net),
    ("data", data),
    ("variants", variants),
];
