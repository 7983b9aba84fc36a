//! The session's settings and their typed setters, which the options table (`options`) calls and
//! a protocol may call directly: those the engine holds (hash, threads, lines, play level, move
//! overhead, networks) are handed to it, the stopped search's result reported first; the others
//! are kept in `Settings`.

use super::book::BookSource;
use super::{Note, Session};
use crate::search::skill::{self, Skill};
use kaiser_rules::variant::Variant;

/// What the session keeps of its options (the engine keeps the rest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `UCI_ShowWDL`: reports show win/draw/loss.
    pub show_wdl: bool,
    /// `OwnBook`: games are played from the book while it has a move.
    pub own_book: bool,
    /// `UCI_AnalyseMode`: every request for a move searches.
    pub analyse_mode: bool,
    pub play_level: PlayLevel,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            show_wdl: false,
            own_book: true,
            analyse_mode: false,
            play_level: PlayLevel::default(),
        }
    }
}

/// The options that set the play level, and how they combine: with `UCI_LimitStrength` on,
/// `UCI_Elo` decides, else `Skill Level` (as in Fairy-Stockfish).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayLevel {
    pub skill_level: i32,
    pub limit_strength: bool,
    pub elo: i32,
}

impl Default for PlayLevel {
    fn default() -> PlayLevel {
        PlayLevel {
            skill_level: skill::MAX_LEVEL,
            limit_strength: false,
            elo: skill::DEFAULT_ELO,
        }
    }
}

impl PlayLevel {
    pub fn skill(self) -> Skill {
        if self.limit_strength {
            Skill::from_elo(self.elo)
        } else {
            Skill::from_level(self.skill_level)
        }
    }
}

impl Session {
    /// `Hash`: the hash table's size in MiB; a warning when less memory was there.
    pub fn set_hash_mb(&mut self, mb: usize) -> Note {
        let used = self.runner.idle_engine().set_hash_mb(mb);
        (used != mb).then(|| format!("could not allocate {mb} MiB of hash, using {used} MiB"))
    }

    /// `Threads`: the number of search threads.
    pub fn set_threads(&mut self, threads: usize) -> Note {
        self.runner.idle_engine().set_threads(threads);
        None
    }

    /// `Clear Hash`: forgets the hash table and the histories.
    pub fn clear_hash(&mut self) -> Note {
        self.runner.idle_engine().clear();
        None
    }

    /// `MultiPV`: the number of lines shown.
    pub fn set_multipv(&mut self, lines: usize) -> Note {
        self.runner.idle_engine().set_multipv(lines);
        None
    }

    /// `Skill Level`, `UCI_LimitStrength` or `UCI_Elo`: the engine plays the level they give.
    pub fn set_play_level(&mut self, level: PlayLevel) -> Note {
        self.settings.play_level = level;
        self.runner.idle_engine().set_skill(level.skill());
        None
    }

    /// `Move Overhead`: time kept in hand per move for communication.
    pub fn set_move_overhead_ms(&mut self, ms: u64) -> Note {
        self.runner.idle_engine().set_move_overhead_ms(ms);
        None
    }

    /// `UCI_Variant`: a new game of `variant` from its start position. A different variant
    /// forgets the hash table and the histories learnt in the other one, and gets its network:
    /// the `EvalFile` one if that is written for it, else its built-in one.
    pub fn set_variant(&mut self, variant: Variant) -> Note {
        let changed = variant != self.variant();
        if changed {
            self.runner.idle_engine().clear();
        }
        self.start_game(variant, changed)
    }

    /// `UCI_AnalyseMode`.
    pub fn set_analyse_mode(&mut self, on: bool) -> Note {
        self.settings.analyse_mode = on;
        None
    }

    /// `UCI_ShowWDL`.
    pub fn set_show_wdl(&mut self, on: bool) -> Note {
        self.settings.show_wdl = on;
        None
    }

    /// `OwnBook`.
    pub fn set_own_book(&mut self, on: bool) -> Note {
        self.settings.own_book = on;
        None
    }

    /// `BookFile`: the book file at `path` (loaded and checked now, so a bad one is reported at
    /// once), or the built-in books for `None`.
    pub fn set_book_file(&mut self, path: Option<&str>) -> Note {
        let (book, note) = BookSource::load(path);
        self.book = book;
        note
    }

    /// `Use NNUE`: evaluate with the variant's network where there is one.
    pub fn set_use_nnue(&mut self, on: bool) -> Note {
        self.runner.idle_engine().set_use_nnue(on);
        None
    }

    /// `EvalFile`: the network file at `path`, or the built-in networks for `None` (see
    /// `networks`).
    pub fn set_eval_file(&mut self, path: Option<&str>) -> Note {
        let variant = self.variant();
        self.eval_file.set(path, variant, &mut self.runner)
    }

    /// A search parameter (`search::Parameters::SPECS`), by its name.
    pub(super) fn set_search_parameter(&mut self, name: &str, value: i32) -> Note {
        let set = self.runner.idle_engine().set_parameter(name, value);
        set.err().map(|error| format!("search parameter {error}"))
    }
}
