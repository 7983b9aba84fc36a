//! The training-data file format: games as a start position, then a 16-bit move and a 16-bit
//! search score a ply, so that a position costs about four bytes and is rebuilt exactly by
//! replaying the moves with Kaiser's own move generator.
//!
//! A file is a header (`Header`), then game records one after another (`GameRecord`), each
//! closed by a CRC-32 of its bytes. Numbers are little-endian. The byte layout is documented in
//! `FORMAT.md`, next to this file.

use kaiser_engine::Variant;
use kaiser_rules::position::EndReason;
use kaiser_rules::types::{Color, Move};
use std::fmt;

/// The first bytes of every data file.
pub const MAGIC: &[u8; 8] = b"KAISERGM";
/// The format version this build writes and reads.
pub const VERSION: u16 = 1;
/// The header's size in bytes.
pub const HEADER_BYTES: usize = 36;
/// The header's bytes before its checksum.
const HEADER_BODY_BYTES: usize = HEADER_BYTES - 4;
/// The bytes of a record before its start FEN: index, result, ending, opening plies, FEN length.
const RECORD_PREFIX_BYTES: usize = 8;
/// The bytes of a ply: the move and the score.
const PLY_BYTES: usize = 4;
/// The bytes of a record's checksum.
const CRC_BYTES: usize = 4;

/// Why a data file cannot be read: what is wrong and at which byte offset of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// The file ends inside a header or a record that starts at `offset`.
    Truncated { offset: u64, what: String },
    /// The bytes at `offset` are not what the format allows.
    Corrupt { offset: u64, what: String },
    /// Reading the bytes at `offset` failed.
    Unreadable { offset: u64, what: String },
}

impl DataError {
    pub fn corrupt(offset: u64, what: impl Into<String>) -> DataError {
        DataError::Corrupt {
            offset,
            what: what.into(),
        }
    }

    /// The offset the error names.
    pub fn offset(&self) -> u64 {
        match self {
            DataError::Truncated { offset, .. }
            | DataError::Corrupt { offset, .. }
            | DataError::Unreadable { offset, .. } => *offset,
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Truncated { offset, what } => {
                write!(f, "truncated at offset {offset}: {what}")
            }
            DataError::Corrupt { offset, what } => write!(f, "corrupt at offset {offset}: {what}"),
            DataError::Unreadable { offset, what } => {
                write!(f, "cannot read at offset {offset}: {what}")
            }
        }
    }
}

impl std::error::Error for DataError {}

/// Where a file's games come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `kaiser datagen` self-play.
    SelfPlay,
    /// Games already played, imported from PGN.
    Pgn,
}

/// What a file holds, written once at its start. A run appends only to a file whose header
/// matches its own settings, so one file is one reproducible run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub variant: Variant,
    pub source: Source,
    /// Soft node limit of each move's search (0 for imported games).
    pub nodes: u32,
    /// The run's random seed (0 for imported games).
    pub seed: u64,
    /// CRC-32 of the run's opening FENs, one a line (0 for imported games).
    pub openings: u32,
    /// Random moves played after each opening.
    pub random_plies: RandomPlies,
}

/// How many random moves a game plays after its opening: from `min` to `max`, drawn uniformly
/// for each game. Byte 28 of the header holds `min`, byte 29 `max`, zero when it equals `min`
/// (so files written before the range existed read as a fixed count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomPlies {
    pub min: u8,
    pub max: u8,
}

impl RandomPlies {
    /// Always `plies` random moves.
    pub const fn fixed(plies: u8) -> RandomPlies {
        RandomPlies {
            min: plies,
            max: plies,
        }
    }
}

impl fmt::Display for RandomPlies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}-{}", self.min, self.max)
        }
    }
}

impl Header {
    pub fn encode(&self) -> [u8; HEADER_BYTES] {
        let mut bytes = [0; HEADER_BYTES];
        bytes[..8].copy_from_slice(MAGIC);
        bytes[8..10].copy_from_slice(&VERSION.to_le_bytes());
        bytes[10] = self.variant.file_code();
        bytes[11] = match self.source {
            Source::SelfPlay => 0,
            Source::Pgn => 1,
        };
        bytes[12..16].copy_from_slice(&self.nodes.to_le_bytes());
        bytes[16..24].copy_from_slice(&self.seed.to_le_bytes());
        bytes[24..28].copy_from_slice(&self.openings.to_le_bytes());
        bytes[28] = self.random_plies.min;
        if self.random_plies.max != self.random_plies.min {
            bytes[29] = self.random_plies.max;
        }
        let crc = crc32fast::hash(&bytes[..HEADER_BODY_BYTES]);
        bytes[HEADER_BODY_BYTES..].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Reads a header from the first bytes of a file (`bytes` may be shorter when the file is).
    pub fn decode(bytes: &[u8]) -> Result<Header, DataError> {
        let magic_len = bytes.len().min(MAGIC.len());
        if bytes[..magic_len] != MAGIC[..magic_len] {
            return Err(DataError::corrupt(0, "not a Kaiser data file"));
        }
        if bytes.len() < HEADER_BYTES {
            return Err(DataError::Truncated {
                offset: 0,
                what: format!(
                    "the header needs {HEADER_BYTES} bytes, the file has {}",
                    bytes.len()
                ),
            });
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(DataError::corrupt(
                8,
                format!("format version {version}; this build reads version {VERSION}"),
            ));
        }
        let body = &bytes[..HEADER_BODY_BYTES];
        if crc32fast::hash(body).to_le_bytes() != bytes[HEADER_BODY_BYTES..HEADER_BYTES] {
            return Err(DataError::corrupt(
                0,
                "the header's checksum does not match",
            ));
        }
        let variant = Variant::from_file_code(bytes[10])
            .ok_or_else(|| DataError::corrupt(10, format!("unknown variant code {}", bytes[10])))?;
        let source = match bytes[11] {
            0 => Source::SelfPlay,
            1 => Source::Pgn,
            code => {
                return Err(DataError::corrupt(
                    11,
                    format!("unknown source code {code}"),
                ))
            }
        };
        Ok(Header {
            variant,
            source,
            nodes: u32::from_le_bytes(bytes[12..16].try_into().expect("four bytes")),
            seed: u64::from_le_bytes(bytes[16..24].try_into().expect("eight bytes")),
            openings: u32::from_le_bytes(bytes[24..28].try_into().expect("four bytes")),
            random_plies: RandomPlies {
                min: bytes[28],
                max: if bytes[29] == 0 { bytes[28] } else { bytes[29] },
            },
        })
    }
}

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    BlackWins,
    Draw,
    WhiteWins,
}

impl GameResult {
    pub fn from_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// The result as a score for White: 1, 0.5 or 0.
    pub fn white_score(self) -> f32 {
        match self {
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
            GameResult::WhiteWins => 1.0,
        }
    }

    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::WhiteWins => "1-0",
        }
    }

    fn code(self) -> u8 {
        self as u8
    }

    fn from_code(code: u8) -> Option<GameResult> {
        [
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::WhiteWins,
        ]
        .get(usize::from(code))
        .copied()
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the variant's rules, on the board.
    Rules(EndReason),
    /// Adjudicated: one side's score stayed decisive for long enough.
    AdjudicatedWin,
    /// Adjudicated: the score stayed level for long enough.
    AdjudicatedDraw,
    /// The ply limit was reached (a draw).
    PlyLimit,
    /// As a PGN file says (resignation, time, a match runner's adjudication).
    Recorded,
}

impl Ending {
    const RULES: [EndReason; 6] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::Campmate,
        EndReason::Repetition,
        EndReason::FiftyMoves,
        EndReason::InsufficientMaterial,
    ];

    fn code(self) -> u8 {
        match self {
            Ending::Rules(reason) => Ending::RULES
                .iter()
                .position(|&r| r == reason)
                .expect("every end reason has a code") as u8,
            Ending::AdjudicatedWin => 16,
            Ending::AdjudicatedDraw => 17,
            Ending::PlyLimit => 18,
            Ending::Recorded => 19,
        }
    }

    fn from_code(code: u8) -> Option<Ending> {
        match code {
            16 => Some(Ending::AdjudicatedWin),
            17 => Some(Ending::AdjudicatedDraw),
            18 => Some(Ending::PlyLimit),
            19 => Some(Ending::Recorded),
            _ => Ending::RULES
                .get(usize::from(code))
                .map(|&r| Ending::Rules(r)),
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(reason) => write!(f, "{reason}"),
            Ending::AdjudicatedWin => f.write_str("adjudicated win"),
            Ending::AdjudicatedDraw => f.write_str("adjudicated draw"),
            Ending::PlyLimit => f.write_str("ply limit"),
            Ending::Recorded => f.write_str("as recorded"),
        }
    }
}

/// A ply's search score, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlyScore {
    /// No search chose this move (an opening or random move, a PGN move without a score).
    Unscored,
    /// Centipawns for White, clamped to `±MAX_CP`.
    Cp(i16),
    /// The search saw a forced win for this side (mate, or a win by the variant's rules).
    Mate(Color),
}

impl PlyScore {
    /// The largest centipawn score stored; the codes above it mean mates or no score.
    pub const MAX_CP: i16 = 32000;
    const UNSCORED: i16 = i16::MIN;
    const WHITE_MATES: i16 = i16::MAX;
    const BLACK_MATES: i16 = -i16::MAX;

    /// A centipawn score for White, clamped.
    pub fn cp(white_cp: i32) -> PlyScore {
        let max = i32::from(PlyScore::MAX_CP);
        PlyScore::Cp(white_cp.clamp(-max, max) as i16)
    }

    fn encode(self) -> i16 {
        match self {
            PlyScore::Unscored => PlyScore::UNSCORED,
            PlyScore::Cp(cp) => cp,
            PlyScore::Mate(Color::White) => PlyScore::WHITE_MATES,
            PlyScore::Mate(Color::Black) => PlyScore::BLACK_MATES,
        }
    }

    fn decode(code: i16) -> Option<PlyScore> {
        match code {
            PlyScore::UNSCORED => Some(PlyScore::Unscored),
            PlyScore::WHITE_MATES => Some(PlyScore::Mate(Color::White)),
            PlyScore::BLACK_MATES => Some(PlyScore::Mate(Color::Black)),
            cp if cp.abs() <= PlyScore::MAX_CP => Some(PlyScore::Cp(cp)),
            _ => None,
        }
    }
}

/// One game: where it started, every ply's move and score, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number in its run (0, 1, 2, ... in file order).
    pub index: u32,
    /// The start position's FEN; `None` for the variant's start position.
    pub start_fen: Option<String>,
    /// The plies of the opening (from the start position): their positions are not for training.
    pub opening_plies: u8,
    pub plies: Vec<(Move, PlyScore)>,
    pub result: GameResult,
    pub ending: Ending,
}

impl GameRecord {
    /// The record's size in bytes.
    pub fn encoded_len(&self) -> usize {
        let fen_len = self.start_fen.as_ref().map_or(0, String::len);
        RECORD_PREFIX_BYTES + fen_len + 2 + PLY_BYTES * self.plies.len() + CRC_BYTES
    }

    /// Appends the record's bytes to `out`. Panics on a record the format cannot hold (a start
    /// FEN over 255 bytes, more than 65535 plies), which no game Kaiser plays or reads produces.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let start = out.len();
        let fen = self.start_fen.as_deref().unwrap_or("");
        out.extend_from_slice(&self.index.to_le_bytes());
        out.push(self.result.code());
        out.push(self.ending.code());
        out.push(self.opening_plies);
        out.push(u8::try_from(fen.len()).expect("a FEN fits in 255 bytes"));
        out.extend_from_slice(fen.as_bytes());
        let plies = u16::try_from(self.plies.len()).expect("at most 65535 plies a game");
        out.extend_from_slice(&plies.to_le_bytes());
        for &(m, score) in &self.plies {
            out.extend_from_slice(&m.bits().to_le_bytes());
            out.extend_from_slice(&score.encode().to_le_bytes());
        }
        let crc = crc32fast::hash(&out[start..]);
        out.extend_from_slice(&crc.to_le_bytes());
    }

    /// The length of the record that `bytes` starts with, read from its prefix; `None` if
    /// `bytes` is too short to tell.
    pub fn len_at(bytes: &[u8]) -> Option<usize> {
        let fen_len = usize::from(*bytes.get(RECORD_PREFIX_BYTES - 1)?);
        let plies_at = RECORD_PREFIX_BYTES + fen_len;
        let plies = bytes.get(plies_at..plies_at + 2)?;
        let plies = usize::from(u16::from_le_bytes([plies[0], plies[1]]));
        Some(plies_at + 2 + PLY_BYTES * plies + CRC_BYTES)
    }

    /// The bytes needed before `len_at` can tell a record's length: the prefix, the FEN and the
    /// ply count.
    pub fn bytes_to_tell_len(prefix: &[u8]) -> usize {
        match prefix.get(RECORD_PREFIX_BYTES - 1) {
            Some(&fen_len) => RECORD_PREFIX_BYTES + usize::from(fen_len) + 2,
            None => RECORD_PREFIX_BYTES,
        }
    }

    /// Decodes one whole record (`bytes` is exactly its bytes, as `len_at` measured), which
    /// starts at `offset` in its file. Checks the checksum and every field's range; the moves'
    /// legality is checked when the game is replayed.
    pub fn decode(bytes: &[u8], offset: u64) -> Result<GameRecord, DataError> {
        let body_len = bytes.len() - CRC_BYTES;
        if crc32fast::hash(&bytes[..body_len]).to_le_bytes() != bytes[body_len..] {
            return Err(DataError::corrupt(
                offset,
                "a game record's checksum does not match",
            ));
        }
        let at = |field: usize| offset + field as u64;
        let index = u32::from_le_bytes(bytes[..4].try_into().expect("four bytes"));
        let result = GameResult::from_code(bytes[4])
            .ok_or_else(|| DataError::corrupt(at(4), format!("bad result code {}", bytes[4])))?;
        let ending = Ending::from_code(bytes[5])
            .ok_or_else(|| DataError::corrupt(at(5), format!("bad ending code {}", bytes[5])))?;
        let opening_plies = bytes[6];
        let fen_end = RECORD_PREFIX_BYTES + usize::from(bytes[7]);
        let start_fen = match &bytes[RECORD_PREFIX_BYTES..fen_end] {
            [] => None,
            fen => Some(
                std::str::from_utf8(fen)
                    .map_err(|_| DataError::corrupt(at(RECORD_PREFIX_BYTES), "a FEN not in UTF-8"))?
                    .to_string(),
            ),
        };
        let mut plies = Vec::with_capacity((body_len - fen_end - 2) / PLY_BYTES);
        for (n, ply) in bytes[fen_end + 2..body_len]
            .chunks_exact(PLY_BYTES)
            .enumerate()
        {
            let ply_at = at(fen_end + 2 + n * PLY_BYTES);
            let bits = u16::from_le_bytes([ply[0], ply[1]]);
            let m = Move::from_bits(bits)
                .ok_or_else(|| DataError::corrupt(ply_at, format!("bad move code {bits:#06x}")))?;
            let code = i16::from_le_bytes([ply[2], ply[3]]);
            let score = PlyScore::decode(code)
                .ok_or_else(|| DataError::corrupt(ply_at + 2, format!("bad score code {code}")))?;
            plies.push((m, score));
        }
        Ok(GameRecord {
            index,
            start_fen,
            opening_plies,
            plies,
            result,
            ending,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaiser_engine::Square;

    fn sample() -> GameRecord {
        let e2 = Square::from_index(12);
        let e4 = Square::from_index(28);
        GameRecord {
            index: 7,
            start_fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".to_string()),
            opening_plies: 2,
            plies: vec![
                (Move::normal(e2, e4), PlyScore::Unscored),
                (Move::normal(e4, e2), PlyScore::cp(-40_000)),
                (Move::normal(e2, e4), PlyScore::Mate(Color::Black)),
                (Move::normal(e4, e2), PlyScore::Cp(17)),
            ],
            result: GameResult::BlackWins,
            ending: Ending::Rules(EndReason::Campmate),
        }
    }

    #[test]
    fn records_round_trip() {
        let record = sample();
        let mut bytes = Vec::new();
        record.encode(&mut bytes);
        assert_eq!(bytes.len(), record.encoded_len());
        assert_eq!(GameRecord::len_at(&bytes), Some(bytes.len()));
        assert_eq!(GameRecord::decode(&bytes, 0).unwrap(), record);
        assert_eq!(record.plies[1].1, PlyScore::Cp(-PlyScore::MAX_CP));
    }

    #[test]
    fn headers_round_trip_and_damage_is_named_with_its_offset() {
        let header = Header {
            variant: Variant::Orda,
            source: Source::SelfPlay,
            nodes: 5000,
            seed: 42,
            openings: 0xdead_beef,
            random_plies: RandomPlies { min: 8, max: 16 },
        };
        let bytes = header.encode();
        assert_eq!(Header::decode(&bytes).unwrap(), header);
        let fixed = Header {
            random_plies: RandomPlies::fixed(4),
            ..header
        };
        let fixed_bytes = fixed.encode();
        assert_eq!(
            (fixed_bytes[28], fixed_bytes[29]),
            (4, 0),
            "as before the range"
        );
        assert_eq!(Header::decode(&fixed_bytes).unwrap(), fixed);
        assert!(matches!(
            Header::decode(&bytes[..30]),
            Err(DataError::Truncated { offset: 0, .. })
        ));
        assert!(Header::decode(b"FEN | 1\n").is_err());
        let mut damaged = bytes;
        damaged[17] ^= 1;
        assert!(Header::decode(&damaged)
            .unwrap_err()
            .to_string()
            .contains("checksum"));
    }

    #[test]
    fn a_flipped_byte_fails_the_checksum() {
        let mut bytes = Vec::new();
        sample().encode(&mut bytes);
        for at in 0..bytes.len() {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            if let Some(len) = GameRecord::len_at(&damaged).filter(|&len| len == damaged.len()) {
                let error = GameRecord::decode(&damaged[..len], 100).unwrap_err();
                assert!(error.offset() >= 100, "{error}");
            }
        }
    }

    #[test]
    fn every_ending_has_its_own_code() {
        let endings = Ending::RULES.map(Ending::Rules).into_iter().chain([
            Ending::AdjudicatedWin,
            Ending::AdjudicatedDraw,
            Ending::PlyLimit,
            Ending::Recorded,
        ]);
        for ending in endings {
            assert_eq!(Ending::from_code(ending.code()), Some(ending));
        }
    }
}
