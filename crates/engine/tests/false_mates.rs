//! False mates (issue 76, "true scores"): every mate score the search reports must be true under
//! the rules of the game, the 50-move rule and threefold repetition (counting the game's history)
//! included.
//!
//! An exact prover checks each claim: `Score::Mate(n)` with n > 0 says the side to move wins
//! within 2n - 1 plies whatever the defence; `Score::Mate(-n)` says it loses within 2n plies
//! whatever it plays. The prover plays the game out as the rules end it (`Position::outcome`:
//! campmate, the 50-move rule, repetition, checkmate, stalemate) in an AND/OR search, so its
//! "proven" and "refuted" are sure; when its node budget runs out it says "unknown". Its table
//! of finished subtrees cannot mix paths: a result is keyed by the position, the 50-move counter,
//! the plies left and the earlier positions the subtree could stand in again (`NodeKey`), and a
//! test holds it to the search without the table.
//!
//! The fast tests hold the prover to known mates, non-mates, the 50-move rule and Empire's
//! repetition. `false_mates_full` (ignored: minutes) searches a few hundred seeded scenarios of
//! every variant, with one thread and with four, and sends every mate reported to the prover:
//!
//! ```text
//! nice -n 19 cargo test --release -p kaiser-engine \
//!     --test false_mates -- --ignored --nocapture
//! ```
//!
//! `KAISER_PARAMS` sets search parameters (`name=value,...`; unset: the defaults),
//! `KAISER_PROVER_NODES` the prover's budget per claim, `KAISER_SCENARIOS` the scenarios per kind
//! and variant (four kinds: book positions played on, endgames, endgames near the 50-move limit,
//! positions reached through repetitions).

use kaiser_engine::search::{Bound, Engine, Info, Limits, Listener, Score, SearchControl};
use kaiser_engine::{Bitboard, Color, Move, MoveKind, PieceType, Position, Square, Variant};
use kaiser_rules::variant::TerminalValue;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The prover's node budget per claim unless `KAISER_PROVER_NODES` says otherwise.
const DEFAULT_BUDGET: u64 = 4_000_000;

/// The depth every scenario is searched to in the full run.
const FULL_RUN_DEPTH: u32 = 10;

/// The thread counts the full run searches with.
const THREAD_COUNTS: [usize; 2] = [1, 4];

// ---------------------------------------------------------------------------------------------
// The prover
// ---------------------------------------------------------------------------------------------

/// What the prover concluded about a claimed mate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    /// The claim holds: a forced win (or loss) within the claimed plies.
    Proven,
    /// The claim is false: the search of every line within the claimed plies finished.
    Refuted,
    /// The node budget ran out first.
    Unknown,
}

/// The prover's node budget ran out.
struct OutOfBudget;

/// A claim about the side to move, read from a mate score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Claim {
    /// The side to move wins (else it loses).
    wins: bool,
    /// Within this many plies.
    plies: u32,
}

impl Claim {
    /// The claim of a mate score: `Mate(n)`, n > 0, a win within 2n - 1 plies; `Mate(-n)` (and
    /// `Mate(0)`) a loss within 2n plies. `None` for centipawns.
    fn of(score: Score) -> Option<Claim> {
        match score {
            Score::Mate(n) if n > 0 => Some(Claim {
                wins: true,
                plies: 2 * n as u32 - 1,
            }),
            Score::Mate(n) => Some(Claim {
                wins: false,
                plies: 2 * n.unsigned_abs(),
            }),
            Score::Cp(_) => None,
        }
    }
}

/// A position of the game or of the prover's line, as the repetition rule and the result table
/// see it: its key, and where its pieces stand (to bound how soon it can stand again).
#[derive(Clone, Copy)]
struct Seen {
    key: u64,
    side: Color,
    /// By colour (`Color::index`): the king's square, and the other pieces.
    kings: [Square; 2],
    others: [Bitboard; 2],
}

impl Seen {
    /// How `pos` stands.
    fn of(pos: &Position) -> Seen {
        let kings = Color::BOTH.map(|c| pos.king_square(c));
        Seen {
            key: pos.key(),
            side: pos.side_to_move(),
            kings,
            others: Color::BOTH.map(|c| pos.pieces_of(c) & !Bitboard::from(kings[c.index()])),
        }
    }

    /// A lower bound on the plies from `self` to `other` by moves that keep the material (no
    /// capture, no pawn move: the only ones a repetition can span). Each move moves one piece of
    /// the side to move (castling moves two but loses rights, so never returns): a king needs
    /// at least its Chebyshev distance, each other piece off its square at least one move.
    fn plies_to(&self, other: &Seen) -> u32 {
        let moves = |c: Color| {
            let (from, to) = (self.kings[c.index()], other.kings[c.index()]);
            let king = from
                .file()
                .abs_diff(to.file())
                .max(from.rank().abs_diff(to.rank()));
            u32::from(king) + (self.others[c.index()] & !other.others[c.index()]).count()
        };
        let (mover, waiter) = (moves(self.side), moves(!self.side));
        let plies = (2 * mover).saturating_sub(1).max(2 * waiter);
        // After an even number of plies the same side is to move.
        let odd = self.side != other.side;
        plies + u32::from((plies % 2 == 1) != odd)
    }
}

/// What a node's result depends on besides its position: the 50-move counter, the plies left,
/// and the earlier positions (game and line, back to the last capture or pawn move, as
/// `Position::repetitions` counts them) that the subtree could reach again, as a multiset hash.
/// Earlier positions no line of `plies` plies can reach cannot change any outcome below, so
/// two nodes with the same key here have the same result whatever their paths.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct NodeKey {
    key: u64,
    halfmove: u32,
    plies: u32,
    reachable_history: u64,
}

/// The result table's size limit in entries; it is cleared when full.
const TABLE_LIMIT: usize = 2_000_000;

/// An exact AND/OR search for a forced win of `attacker`, by the rules' own game ends.
struct Prover {
    attacker: Color,
    nodes: u64,
    budget: u64,
    /// The game's positions and the line's before the current node, oldest first.
    line: Vec<Seen>,
    /// Exact results of finished subtrees (see `NodeKey`), if kept.
    results: Option<HashMap<NodeKey, bool>>,
    /// The move that last won (attacker) or escaped (defender) in a position, by key: move
    /// ordering only, so it may come from any path (or from the search's line).
    tried_first: HashMap<u64, Move>,
}

/// Decides `claim` about the side to move at the end of `game` (whose positions count for
/// repetitions), searching at most `budget` nodes. `hint`, a line from there (the search's), is
/// tried first.
fn prove(game: &Scenario, claim: Claim, budget: u64, hint: &[Move]) -> Verdict {
    decide(game, claim, budget, hint, true)
}

/// `prove`, keeping a table of results (`table`) or searching every subtree again.
fn decide(game: &Scenario, claim: Claim, budget: u64, hint: &[Move], table: bool) -> Verdict {
    let mut pos = game.start();
    let mut line = Vec::new();
    for text in &game.moves {
        let m = game.legal(&pos, text);
        line.push(Seen::of(&pos));
        pos.make_move(m);
    }
    let us = pos.side_to_move();
    let mut prover = Prover {
        attacker: if claim.wins { us } else { !us },
        nodes: 0,
        budget,
        line,
        results: table.then(HashMap::new),
        tried_first: HashMap::new(),
    };
    prover.learn_line(&pos, hint);
    // Iterative deepening: the shorter searches find the short wins and fill the move ordering.
    let first = if claim.wins { 1 } else { 0 };
    for plies in (first..=claim.plies).step_by(2) {
        let won = match claim.wins {
            true => prover.attacker_wins(&mut pos, plies),
            false => prover.defender_loses(&mut pos, plies),
        };
        match won {
            Ok(true) => return Verdict::Proven,
            Ok(false) => {}
            Err(OutOfBudget) => return Verdict::Unknown,
        }
    }
    Verdict::Refuted
}

impl Prover {
    /// Remembers the moves of `line` from `pos` (as far as they are legal) to try them first.
    fn learn_line(&mut self, pos: &Position, line: &[Move]) {
        let mut pos = pos.clone();
        for &m in line {
            if !pos.legal_moves().contains(&m) {
                return;
            }
            self.tried_first.insert(pos.key(), m);
            pos.make_move(m);
        }
    }

    /// Whether the attacker, to move in `pos`, can force a win within `plies` plies.
    fn attacker_wins(&mut self, pos: &mut Position, plies: u32) -> Result<bool, OutOfBudget> {
        self.settled(pos, plies, |prover, pos| {
            for m in prover.attacker_moves(pos, plies) {
                if prover.after(pos, m, |prover, pos| prover.defender_loses(pos, plies - 1))? {
                    prover.tried_first.insert(pos.key(), m);
                    return Ok(true);
                }
            }
            Ok(false)
        })
    }

    /// Whether the defender, to move in `pos`, loses within `plies` plies whatever it plays.
    fn defender_loses(&mut self, pos: &mut Position, plies: u32) -> Result<bool, OutOfBudget> {
        self.settled(pos, plies, |prover, pos| {
            for m in prover.defender_moves(pos) {
                if !prover.after(pos, m, |prover, pos| prover.attacker_wins(pos, plies - 1))? {
                    prover.tried_first.insert(pos.key(), m);
                    return Ok(false);
                }
            }
            Ok(true)
        })
    }

    /// The attacker's win at a node: by the game's end if it is over, no win with no plies
    /// left, else from the result table or by `search` (whose result the table keeps).
    fn settled(
        &mut self,
        pos: &mut Position,
        plies: u32,
        search: impl FnOnce(&mut Prover, &mut Position) -> Result<bool, OutOfBudget>,
    ) -> Result<bool, OutOfBudget> {
        if let Some(outcome) = pos.outcome() {
            return Ok(outcome.winner() == Some(self.attacker));
        }
        if plies == 0 {
            return Ok(false);
        }
        if self.results.is_none() {
            return search(self, pos);
        }
        let node = self.node_key(pos, plies);
        if let Some(&won) = self.results.as_ref().and_then(|table| table.get(&node)) {
            return Ok(won);
        }
        let won = search(self, pos)?;
        if let Some(table) = &mut self.results {
            if table.len() >= TABLE_LIMIT {
                table.clear();
            }
            table.insert(node, won);
        }
        Ok(won)
    }

    /// The result table's key of `pos` with `plies` left (see `NodeKey`).
    fn node_key(&self, pos: &Position, plies: u32) -> NodeKey {
        let here = Seen::of(pos);
        let halfmove = pos.halfmove_clock();
        let reach = (halfmove as usize).min(self.line.len());
        let reachable_history = self.line[self.line.len() - reach..]
            .iter()
            .filter(|seen| here.plies_to(seen) <= plies)
            .fold(0u64, |sum, seen| sum.wrapping_add(mix(seen.key)));
        NodeKey {
            key: here.key,
            halfmove,
            plies,
            reachable_history,
        }
    }

    /// Counts a node, plays `m`, asks `then`, and takes `m` back.
    fn after(
        &mut self,
        pos: &mut Position,
        m: Move,
        then: impl FnOnce(&mut Prover, &mut Position) -> Result<bool, OutOfBudget>,
    ) -> Result<bool, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        self.line.push(Seen::of(pos));
        pos.make_move(m);
        let result = then(self, pos);
        pos.unmake_move(m);
        self.line.pop();
        result
    }

    /// The attacker's moves, most forcing first: the one that won here before, king steps to
    /// the far rank (campmate), checks, captures, the rest. With one ply left only a move that
    /// ends the game can win, and in a game where stalemate and repetition are draws that is a
    /// check or a campmate step.
    fn attacker_moves(&self, pos: &Position, plies: u32) -> Vec<Move> {
        let variant = pos.variant();
        let quiet_ends_lose = variant.stalemate_value() == TerminalValue::Loss
            || variant.repetition_value() == TerminalValue::Loss;
        let checks = pos.check_info();
        let first = self.tried_first.get(&pos.key()).copied();
        let mut ranked: Vec<(u8, Move)> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let forcing = is_campmate_step(pos, m) || checks.gives_check(pos, m);
                if plies == 1 && !quiet_ends_lose && !forcing {
                    return None;
                }
                let rank = if Some(m) == first {
                    0
                } else if is_campmate_step(pos, m) {
                    1
                } else if forcing {
                    2
                } else if is_capture(pos, m) {
                    3
                } else {
                    4
                };
                Some((rank, m))
            })
            .collect();
        ranked.sort_by_key(|&(rank, _)| rank);
        ranked.into_iter().map(|(_, m)| m).collect()
    }

    /// The defender's moves: the one that escaped here before first, then captures.
    fn defender_moves(&self, pos: &Position) -> Vec<Move> {
        let first = self.tried_first.get(&pos.key()).copied();
        let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        moves.sort_by_key(|&m| (Some(m) != first, !is_capture(pos, m)));
        moves
    }
}

/// A 64-bit mixer (SplitMix64's finaliser), so that sums of keys stay well spread.
fn mix(key: u64) -> u64 {
    let mut z = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// True if `m` captures (en passant included).
fn is_capture(pos: &Position, m: Move) -> bool {
    m.kind() == MoveKind::EnPassant || pos.piece_at(m.to()).is_some()
}

/// True if `m` takes the mover's king to its far rank in a game with campmate.
fn is_campmate_step(pos: &Position, m: Move) -> bool {
    let variant = pos.variant();
    let us = pos.side_to_move();
    variant.has_campmate()
        && m.from() == pos.king_square(us)
        && m.kind() != MoveKind::Castling
        && m.to().rank() == variant.campmate_rank(us)
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

/// A position to search: a FEN and the moves played from it (so the search sees their history).
#[derive(Clone, Debug)]
struct Scenario {
    variant: Variant,
    /// How the scenario was made (`book`, `endgame`, `fifty`, `repetition`).
    kind: &'static str,
    fen: String,
    moves: Vec<String>,
}

impl Scenario {
    /// The position of the FEN, before the moves.
    fn start(&self) -> Position {
        Position::from_fen(&self.fen, self.variant).expect("a valid FEN")
    }

    /// The move written `text`, which must be legal in `pos`.
    fn legal(&self, pos: &Position, text: &str) -> Move {
        pos.parse_uci_move(text)
            .unwrap_or_else(|| panic!("{text} is not legal in {self}"))
    }

    /// The position after the moves, with their history.
    fn position(&self) -> Position {
        let mut pos = self.start();
        for text in &self.moves {
            pos.make_move(self.legal(&pos, text));
        }
        pos
    }
}

impl fmt::Display for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} \"{}\"", self.variant.name(), self.kind, self.fen)?;
        if !self.moves.is_empty() {
            write!(f, " moves {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}

/// Material for the small endgames: White's pieces, then Black's (FEN letters; kings included).
fn endgame_material(variant: Variant) -> &'static [(&'static str, &'static str)] {
    match variant {
        // The Empire against a lone Kingdom king, the Kingdom against a lone Kaiser, and a few
        // with something on both sides.
        Variant::Empire => &[
            ("KT", "k"),
            ("KD", "k"),
            ("KC", "k"),
            ("KE", "k"),
            ("KSS", "k"),
            ("KCE", "k"),
            ("K", "kq"),
            ("K", "kr"),
            ("K", "kp"),
            ("KT", "kr"),
            ("KD", "kb"),
            ("KS", "kp"),
        ],
        Variant::Orda => &[
            ("KQ", "k"),
            ("KR", "k"),
            ("K", "kl"),
            ("K", "kh"),
            ("K", "kay"),
            ("KR", "kh"),
            ("KP", "ky"),
            ("KQ", "kl"),
        ],
        Variant::Chess => &[
            ("KQ", "k"),
            ("KR", "k"),
            ("KBN", "k"),
            ("KQ", "kr"),
            ("KR", "kp"),
            ("KRP", "kr"),
            ("KQ", "kq"),
            ("KP", "k"),
        ],
    }
}

/// A random legal position of `variant` with `white` and `black` (FEN letters), the side to move
/// random and the 50-move counter `halfmove`, in which the game is not over.
fn random_endgame(
    rng: &mut StdRng,
    variant: Variant,
    (white, black): (&str, &str),
    halfmove: u32,
) -> String {
    loop {
        let mut board = [None; 64];
        let pieces = white.chars().chain(black.chars());
        for letter in pieces {
            let square = loop {
                let square = rng.gen_range(0..64usize);
                let rank = square / 8;
                let pawn = letter.eq_ignore_ascii_case(&'p');
                if board[square].is_none() && !(pawn && (rank == 0 || rank == 7)) {
                    break square;
                }
            };
            board[square] = Some(letter);
        }
        let side = if rng.gen_bool(0.5) { 'w' } else { 'b' };
        let fen = format!("{} {side} - - {halfmove} 60", placement(&board));
        let playable = Position::from_fen(&fen, variant).is_ok_and(|pos| pos.outcome().is_none());
        if playable {
            return fen;
        }
    }
}

/// The FEN piece placement of `board` (index 0 = a1).
fn placement(board: &[Option<char>; 64]) -> String {
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    Some(letter) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(letter);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    ranks.join("/")
}

/// The opening positions of `variant`'s book (`book/<variant>-openings.epd`).
fn book_positions(variant: Variant) -> Vec<String> {
    let path = format!(
        "{}/../../book/{}-openings.epd",
        env!("CARGO_MANIFEST_DIR"),
        variant.name()
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.trim().to_string())
        .collect()
}

/// Plays up to `plies` random moves (a capture when there is one, more often than not) on
/// `scenario`, stopping before the game would end.
fn play_random(rng: &mut StdRng, scenario: &mut Scenario, plies: usize) {
    let mut pos = scenario.position();
    for _ in 0..plies {
        let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| is_capture(&pos, m))
            .collect();
        let pool = if !captures.is_empty() && rng.gen_bool(0.6) {
            &captures
        } else {
            &moves
        };
        let Some(&m) = pool.choose(rng) else { return };
        pos.make_move(m);
        if pos.outcome().is_some() {
            return;
        }
        scenario.moves.push(m.to_string());
    }
}

/// Shuffles on `scenario` so that its positions repeat: each side moves a piece out and back
/// (a full cycle repeats the position once), then a few plies of another cycle, so that the last
/// position has stood once or twice before. Returns false if no such shuffle was found.
fn shuffle(rng: &mut StdRng, scenario: &mut Scenario) -> bool {
    for _ in 0..20 {
        let mut pos = scenario.position();
        let Some(cycle) = reversible_cycle(rng, &mut pos) else {
            continue;
        };
        let extra = rng.gen_range(0..4);
        let line: Vec<Move> = cycle.iter().chain(&cycle[..extra]).copied().collect();
        let mut ended = false;
        for &m in &cycle[..extra] {
            pos.make_move(m);
            ended |= pos.outcome().is_some();
        }
        if !ended {
            scenario.moves.extend(line.iter().map(Move::to_string));
            return true;
        }
    }
    false
}

/// Plays a random cycle of four quiet moves that returns to `pos` (White out, Black out, White
/// back, Black back), leaving `pos` after it, or returns `None` with `pos` unchanged. No position
/// on the way ends the game.
fn reversible_cycle(rng: &mut StdRng, pos: &mut Position) -> Option<[Move; 4]> {
    let mut played: Vec<Move> = Vec::new();
    for ply in 0..4 {
        let m = match ply {
            0 | 1 => {
                let outs: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| m.kind() == MoveKind::Normal && !is_capture(pos, m))
                    .filter(|&m| {
                        pos.piece_at(m.from())
                            .is_some_and(|p| p.kind != PieceType::Pawn)
                    })
                    .collect();
                outs.choose(rng).copied()
            }
            _ => {
                let out = played[ply - 2];
                pos.parse_uci_move(&format!("{}{}", out.to(), out.from()))
            }
        };
        let Some(m) = m else { break };
        pos.make_move(m);
        played.push(m);
        if pos.outcome().is_some() {
            break;
        }
    }
    if played.len() == 4 && pos.outcome().is_none() {
        return played.try_into().ok();
    }
    for &m in played.iter().rev() {
        pos.unmake_move(m);
    }
    None
}

/// The full run's scenarios for `variant`, from `seed`: book positions played on, small
/// endgames, endgames near the 50-move limit, and positions reached through repetitions.
fn scenarios(variant: Variant, seed: u64, per_kind: usize) -> Vec<Scenario> {
    let mut rng = StdRng::seed_from_u64(seed);
    let book = book_positions(variant);
    let material = endgame_material(variant);
    let mut out = Vec::new();
    let start = |kind, fen: String| Scenario {
        variant,
        kind,
        fen,
        moves: Vec::new(),
    };
    for _ in 0..per_kind {
        let mut scenario = start("book", book.choose(&mut rng).expect("a book").clone());
        let plies = rng.gen_range(10..60);
        play_random(&mut rng, &mut scenario, plies);
        out.push(scenario);
    }
    for _ in 0..per_kind {
        let pieces = *material.choose(&mut rng).expect("material");
        let halfmove = rng.gen_range(0..60);
        out.push(start(
            "endgame",
            random_endgame(&mut rng, variant, pieces, halfmove),
        ));
    }
    for _ in 0..per_kind {
        let pieces = *material.choose(&mut rng).expect("material");
        let halfmove = rng.gen_range(82..=96);
        out.push(start(
            "fifty",
            random_endgame(&mut rng, variant, pieces, halfmove),
        ));
    }
    while out.iter().filter(|s| s.kind == "repetition").count() < per_kind {
        // Half from endgames (some near the 50-move limit), half from book positions played on.
        let mut scenario = if rng.gen_bool(0.5) {
            let pieces = *material.choose(&mut rng).expect("material");
            let halfmove = *[0, 20, 86, 90].choose(&mut rng).expect("counters");
            start(
                "repetition",
                random_endgame(&mut rng, variant, pieces, halfmove),
            )
        } else {
            let mut scenario = start("repetition", book.choose(&mut rng).expect("a book").clone());
            let plies = rng.gen_range(10..40);
            play_random(&mut rng, &mut scenario, plies);
            scenario
        };
        if shuffle(&mut rng, &mut scenario) {
            out.push(scenario);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The harness
// ---------------------------------------------------------------------------------------------

/// Collects every `Info`.
#[derive(Default)]
struct Recorder(Mutex<Vec<Info>>);

impl Listener for Recorder {
    fn info(&self, info: &Info) {
        self.0.lock().unwrap().push(info.clone());
    }
}

/// A mate score the search reported for a scenario.
#[derive(Clone, Debug)]
struct Reported {
    score: Score,
    /// The first completed depth that reported it (0: only the search's result).
    depth: u32,
    /// The line reported with it.
    pv: Vec<Move>,
}

/// Searches `pos` to `depth` with `threads` threads and the search parameters `parameters`, and
/// returns each distinct mate score reported: on an exact `Info` of a completed iteration, or as
/// the search's result.
fn reported_mates(
    pos: &Position,
    depth: u32,
    threads: usize,
    parameters: &[(String, i32)],
) -> Vec<Reported> {
    let mut engine = Engine::new();
    for (name, value) in parameters {
        engine
            .set_parameter(name, *value)
            .unwrap_or_else(|e| panic!("search parameter {name}={value}: {e:?}"));
    }
    engine.set_threads(threads);
    engine.set_hash_mb(16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let recorder = Recorder::default();
    let result = engine.search(pos, &limits, &SearchControl::new(), &recorder);
    let infos = recorder.0.into_inner().unwrap();
    let mut mates: Vec<Reported> = Vec::new();
    let exact = infos
        .into_iter()
        .filter(|info| info.bound == Bound::Exact && info.depth > 0)
        .map(|info| (info.score, info.depth, info.pv));
    let last = (result.score, 0, result.best.into_iter().collect());
    for (score, depth, pv) in exact.chain(std::iter::once(last)) {
        let is_new = !mates.iter().any(|r| r.score == score);
        if matches!(score, Score::Mate(_)) && is_new {
            mates.push(Reported { score, depth, pv });
        }
    }
    mates
}

/// The search parameters of `KAISER_PARAMS` (`name=value,...`; empty or unset: none).
fn parameters_from_env() -> Vec<(String, i32)> {
    let text = std::env::var("KAISER_PARAMS").unwrap_or_default();
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (name, value) = item
                .split_once('=')
                .unwrap_or_else(|| panic!("KAISER_PARAMS: `{item}` is not name=value"));
            let value = value
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("KAISER_PARAMS: `{item}` has no integer value"));
            (name.trim().to_string(), value)
        })
        .collect()
}

/// A number from the environment variable `name`, or `default`.
fn number_from_env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .map(|text| {
            text.parse()
                .unwrap_or_else(|_| panic!("{name}: not a number"))
        })
        .unwrap_or(default)
}

/// The tally of one variant and thread count.
#[derive(Default)]
struct Tally {
    reported: usize,
    proven: usize,
    refuted: usize,
    unknown: usize,
    /// Time spent searching, and proving.
    searching: Duration,
    proving: Duration,
}

/// A reported mate the prover refuted.
struct FalseMate {
    scenario: Scenario,
    threads: usize,
    reported: Reported,
}

impl fmt::Display for FalseMate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pv: Vec<String> = self.reported.pv.iter().map(Move::to_string).collect();
        write!(
            f,
            "{}: {:?} at depth {} ({} thread(s)), pv {}",
            self.scenario,
            self.reported.score,
            self.reported.depth,
            self.threads,
            pv.join(" ")
        )
    }
}

/// Checks every mate the search reports in `scenarios`, with each thread count, against the
/// prover; adds to `tallies` (by thread count) and returns the false mates.
fn check_scenarios(
    scenarios: &[Scenario],
    depth: u32,
    parameters: &[(String, i32)],
    budget: u64,
    tallies: &mut [Tally],
) -> Vec<FalseMate> {
    let mut false_mates = Vec::new();
    for scenario in scenarios {
        let pos = scenario.position();
        let mut verdicts: HashMap<i32, Verdict> = HashMap::new();
        for (tally, &threads) in tallies.iter_mut().zip(&THREAD_COUNTS) {
            let start = Instant::now();
            let mates = reported_mates(&pos, depth, threads, parameters);
            tally.searching += start.elapsed();
            for reported in mates {
                let Score::Mate(n) = reported.score else {
                    continue;
                };
                let claim = Claim::of(reported.score).expect("a mate score");
                let start = Instant::now();
                let verdict = *verdicts
                    .entry(n)
                    .or_insert_with(|| prove(scenario, claim, budget, &reported.pv));
                tally.proving += start.elapsed();
                tally.reported += 1;
                match verdict {
                    Verdict::Proven => tally.proven += 1,
                    Verdict::Unknown => tally.unknown += 1,
                    Verdict::Refuted => {
                        tally.refuted += 1;
                        false_mates.push(FalseMate {
                            scenario: scenario.clone(),
                            threads,
                            reported,
                        });
                    }
                }
            }
        }
    }
    false_mates
}

/// The mates a search of `game` to `depth` (one thread, default parameters) reports that the
/// prover refutes.
fn refuted_mates(game: &Scenario, depth: u32) -> Vec<Reported> {
    reported_mates(&game.position(), depth, 1, &[])
        .into_iter()
        .filter(|r| {
            let claim = Claim::of(r.score).expect("a mate score");
            prove(game, claim, DEFAULT_BUDGET, &r.pv) == Verdict::Refuted
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

/// The game from `fen` of `variant` through the UCI `moves`.
fn game(variant: Variant, fen: &str, moves: &str) -> Scenario {
    Scenario {
        variant,
        kind: "test",
        fen: fen.to_string(),
        moves: moves.split_whitespace().map(str::to_string).collect(),
    }
}

/// The prover's verdict on `score` at the end of `game`, without a hint.
fn verdict(game: &Scenario, score: Score) -> Verdict {
    prove(game, Claim::of(score).unwrap(), DEFAULT_BUDGET, &[])
}

#[test]
fn proves_known_mates() {
    let back_rank = game(Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "");
    assert_eq!(verdict(&back_rank, Score::Mate(1)), Verdict::Proven);
    // The Tower slides to a8 like a queen and checks like a rook.
    let tower = game(Variant::Empire, "7k/6pp/8/8/8/8/8/T3K3 w - - 0 1", "");
    assert_eq!(verdict(&tower, Score::Mate(1)), Verdict::Proven);
    // The Kaiser walks to the eighth rank (campmate) in two moves; Black's king needs three.
    let walk = game(Variant::Empire, "8/8/4K3/8/k7/8/8/8 w - - 0 1", "");
    assert_eq!(verdict(&walk, Score::Mate(2)), Verdict::Proven);
    assert_eq!(verdict(&walk, Score::Mate(1)), Verdict::Refuted);
    // The same from the loser's side: after the first step, Black is mated in one.
    let walked = game(Variant::Empire, "8/8/4K3/8/k7/8/8/8 w - - 0 1", "e6e7");
    assert_eq!(verdict(&walked, Score::Mate(-1)), Verdict::Proven);
    // A longer claim holds too ("within"), a shorter one does not.
    assert_eq!(verdict(&walk, Score::Mate(3)), Verdict::Proven);
}

#[test]
fn refutes_non_mates() {
    // g7 is free: the check on the back rank is no mate.
    let escape = game(Variant::Chess, "6k1/5p1p/8/8/8/8/5PPP/3R2K1 w - - 0 1", "");
    assert_eq!(verdict(&escape, Score::Mate(1)), Verdict::Refuted);
    let start = game(Variant::Chess, Variant::Chess.start_fen(), "");
    assert_eq!(verdict(&start, Score::Mate(2)), Verdict::Refuted);
    assert_eq!(verdict(&start, Score::Mate(-1)), Verdict::Refuted);
    // White, to move, wins this campmate race: a claim that White loses is false.
    let walk = game(Variant::Empire, "8/8/4K3/8/k7/8/8/8 w - - 0 1", "");
    assert_eq!(verdict(&walk, Score::Mate(-2)), Verdict::Refuted);
}

#[test]
fn the_result_table_changes_no_verdict() {
    // Endgames, some near the 50-move limit, some reached through repetitions.
    for variant in Variant::ALL {
        let games = scenarios(variant, 11, 2);
        for game in games.iter().filter(|g| g.kind != "book") {
            for score in [Score::Mate(2), Score::Mate(-2)] {
                let claim = Claim::of(score).unwrap();
                let with = decide(game, claim, 50_000, &[], true);
                let without = decide(game, claim, 50_000, &[], false);
                if with != Verdict::Unknown && without != Verdict::Unknown {
                    assert_eq!(with, without, "{game}: {score:?}");
                }
            }
        }
    }
}

#[test]
fn runs_out_of_budget_as_unknown() {
    let start = game(Variant::Chess, Variant::Chess.start_fen(), "");
    let claim = Claim::of(Score::Mate(4)).unwrap();
    assert_eq!(prove(&start, claim, 1_000, &[]), Verdict::Unknown);
}

#[test]
fn follows_the_fifty_move_rule() {
    // Checkmate on the move that reaches the 100th ply still wins.
    let back_rank = game(
        Variant::Chess,
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80",
        "",
    );
    assert_eq!(verdict(&back_rank, Score::Mate(1)), Verdict::Proven);
    // Campmate comes before the 50-move rule: e6e7 (98), Black (99), e7e8 (100) wins ...
    let walk = game(Variant::Empire, "8/8/4K3/8/k7/8/8/8 w - - 97 80", "");
    assert_eq!(verdict(&walk, Score::Mate(2)), Verdict::Proven);
    // ... but one ply later the game is drawn before the Kaiser arrives.
    let late = game(Variant::Empire, "8/8/4K3/8/k7/8/8/8 w - - 98 80", "");
    assert_eq!(verdict(&late, Score::Mate(2)), Verdict::Refuted);
    assert_eq!(verdict(&late, Score::Mate(10)), Verdict::Refuted);
}

#[test]
fn empire_threefold_repetition_loses_for_the_side_to_move() {
    let shuffle = "e1f2 b8c6 f2e1 c6b8 e1f2 b8c6 f2e1 c6b8";
    let repeated = game(Variant::Empire, Variant::Empire.start_fen(), shuffle);
    let outcome = repeated.position().outcome().expect("the game is over");
    assert_eq!(outcome.winner(), Some(Color::Black));
    assert_eq!(outcome.reason().to_string(), "threefold repetition");
    // One ply before, Black wins in one by repeating; in chess the same shuffle only draws.
    let moves: Vec<&str> = shuffle.split_whitespace().collect();
    let before = moves[..7].join(" ");
    let black = game(Variant::Empire, Variant::Empire.start_fen(), &before);
    assert_eq!(verdict(&black, Score::Mate(1)), Verdict::Proven);
    let chess_shuffle = "g1f3 b8c6 f3g1 c6b8 g1f3 b8c6 f3g1";
    let chess = game(Variant::Chess, Variant::Chess.start_fen(), chess_shuffle);
    assert_eq!(verdict(&chess, Score::Mate(1)), Verdict::Refuted);
    let drawn = game(
        Variant::Chess,
        Variant::Chess.start_fen(),
        &format!("{chess_shuffle} c6b8"),
    );
    let outcome = drawn.position().outcome().expect("the game is over");
    assert_eq!(outcome.winner(), None);
}

#[test]
fn the_harness_collects_and_proves_a_mate() {
    let back_rank = game(Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "");
    let mates = reported_mates(&back_rank.position(), 4, 1, &[]);
    assert!(mates.iter().any(|r| r.score == Score::Mate(1)), "{mates:?}");
    assert!(refuted_mates(&back_rank, 4).is_empty());
}

#[test]
fn scenarios_are_reproducible_and_playable() {
    for variant in Variant::ALL {
        let a = scenarios(variant, 7, 2);
        let b = scenarios(variant, 7, 2);
        assert_eq!(a.len(), 8);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!((&x.fen, &x.moves), (&y.fen, &y.moves));
            assert!(x.position().outcome().is_none(), "{x}");
        }
        for scenario in a.iter().filter(|s| s.kind == "repetition") {
            let pos = scenario.position();
            assert!(pos.repetitions() >= 1, "{scenario}");
        }
    }
}

#[test]
fn no_false_mate_near_the_fifty_move_limit() {
    // After g5h5 the counter stands at 91, and at 92 after each of Black's replies. After a8a7
    // main reports Mate(4) for White (Mate(5) with four threads), but the Kaiser needs five moves
    // (the faceoff rule bars the seventh rank), nine plies, and the game is drawn at 100 after
    // eight. After a8b8 (the Eagle taken, the counter back to 0) it reports Mate(8) for White,
    // and Mate(-9) for Black a ply before, that the prover refutes too (depth 16).
    let example = game(Variant::Empire, "kE6/8/8/6K1/8/8/8/8 w - - 90 60", "g5h5");
    let replies = example.position().legal_moves();
    let games = std::iter::once(example.clone()).chain(replies.iter().map(|m| {
        let mut reply = example.clone();
        reply.moves.push(m.to_string());
        reply
    }));
    let mut false_mates = Vec::new();
    for game in games {
        for depth in [8, 12, 16] {
            for reported in refuted_mates(&game, depth) {
                false_mates.push(format!(
                    "{game}: {:?} at depth {}",
                    reported.score, reported.depth
                ));
            }
        }
    }
    assert!(false_mates.is_empty(), "{false_mates:#?}");
}

#[test]
fn no_false_mate_from_a_repetition() {
    // Empire, where a threefold repetition loses for the side to move. Main reported Mate(5) in
    // the first (a line whose last move repeats a position for only the second time; the true
    // win is Mate(6)) and Mate(3) in the second (true: Mate(4)); in the third it reported
    // Mate(-1) at depth 1, where g6h6 wins at once by the third occurrence with Black to move:
    // quiescence, which a root move's child gets at depth 1, did not look for it.
    let examples = [
        (
            game(Variant::Empire, "8/8/8/4k3/8/8/5K2/2T5 w - - 46 60", ""),
            10,
        ),
        (
            game(
                Variant::Empire,
                "8/7k/8/8/8/8/2K5/6q1 b - - 20 60",
                "h7g7 c2b2 g7h7 b2c2 h7g7 c2b2",
            ),
            5,
        ),
        (
            game(
                Variant::Empire,
                "8/8/Sp5K/8/8/8/4k3/8 b - - 20 60",
                "e2e3 h6g6 e3e2 g6h6 e2e3 h6g6 e3e2",
            ),
            3,
        ),
    ];
    let mut false_mates = Vec::new();
    for (game, depth) in examples {
        for depth in 1..=depth {
            for reported in refuted_mates(&game, depth) {
                false_mates.push(format!("{game}: {:?} at depth {depth}", reported.score));
            }
        }
    }
    assert!(false_mates.is_empty(), "{false_mates:#?}");
}

#[test]
#[ignore = "minutes: the whole suite (KAISER_PARAMS, KAISER_PROVER_NODES, KAISER_SCENARIOS)"]
fn false_mates_full() {
    let parameters = parameters_from_env();
    let budget = number_from_env("KAISER_PROVER_NODES", DEFAULT_BUDGET);
    let per_kind = number_from_env("KAISER_SCENARIOS", 25) as usize;
    println!(
        "parameters {parameters:?}, depth {FULL_RUN_DEPTH}, prover budget {budget} nodes, \
         {per_kind} scenarios per kind and variant"
    );
    println!("variant  threads  scenarios  reported  proven  false  unknown  search s  prover s");
    let mut all_false = Vec::new();
    for (seed, variant) in Variant::ALL.into_iter().enumerate() {
        let scenarios = scenarios(variant, 76 + seed as u64, per_kind);
        let mut tallies: Vec<Tally> = THREAD_COUNTS.iter().map(|_| Tally::default()).collect();
        let false_mates = check_scenarios(
            &scenarios,
            FULL_RUN_DEPTH,
            &parameters,
            budget,
            &mut tallies,
        );
        for (tally, threads) in tallies.iter().zip(THREAD_COUNTS) {
            println!(
                "{:<8} {threads:>7} {:>10} {:>9} {:>7} {:>6} {:>8} {:>9.1} {:>9.1}",
                variant.name(),
                scenarios.len(),
                tally.reported,
                tally.proven,
                tally.refuted,
                tally.unknown,
                tally.searching.as_secs_f64(),
                tally.proving.as_secs_f64()
            );
        }
        all_false.extend(false_mates);
    }
    for false_mate in &all_false {
        println!("false mate: {false_mate}");
    }
    assert!(all_false.is_empty(), "{} false mates", all_false.len());
}
