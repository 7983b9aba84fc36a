//! Reading data files: the game records of a file streamed one at a time with their offsets,
//! and the training positions of a game rebuilt by replaying its moves.

use super::format::{DataError, GameRecord, GameResult, Header, PlyScore, HEADER_BYTES};
use kaiser_engine::Position;
use kaiser_rules::types::{Move, MoveKind};
use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

/// A data file read from its start: the header first, then one game record a call.
pub struct DataReader<R: Read> {
    reader: R,
    header: Header,
    /// The offset of the next unread byte.
    offset: u64,
    /// Records read so far (each record's index must equal it).
    games: u32,
    record: Vec<u8>,
}

impl DataReader<BufReader<File>> {
    /// Opens the data file at `path` and reads its header.
    pub fn open(path: &Path) -> anyhow::Result<DataReader<BufReader<File>>> {
        let file =
            File::open(path).map_err(|e| anyhow::anyhow!("cannot open {}: {e}", path.display()))?;
        DataReader::new(BufReader::with_capacity(1 << 16, file))
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
    }
}

impl<R: Read> DataReader<R> {
    /// Reads the header from the start of `reader`.
    pub fn new(mut reader: R) -> Result<DataReader<R>, DataError> {
        let mut bytes = [0; HEADER_BYTES];
        let read = read_full(&mut reader, &mut bytes, 0)?;
        let header = Header::decode(&bytes[..read])?;
        Ok(DataReader {
            reader,
            header,
            offset: HEADER_BYTES as u64,
            games: 0,
            record: Vec::new(),
        })
    }

    pub fn header(&self) -> Header {
        self.header
    }

    /// The number of records read so far.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Streams the training positions of the games not read yet to `visit`, with each game's
    /// number. Stops at the first damaged record, naming its offset.
    pub fn for_each_position(
        &mut self,
        mut visit: impl FnMut(u32, TrainingPosition),
    ) -> Result<(), DataError> {
        let variant = self.header.variant;
        while let Some((offset, game)) = self.next_game()? {
            game.training_positions(variant, offset, |p| visit(game.index, p))?;
        }
        Ok(())
    }

    /// The offset just past the last record read.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The next game record and its offset; `None` at the end of the file.
    pub fn next_game(&mut self) -> Result<Option<(u64, GameRecord)>, DataError> {
        let offset = self.offset;
        let mut filled = 0;
        let mut wanted = GameRecord::bytes_to_tell_len(&[]);
        let len = loop {
            self.record.resize(wanted, 0);
            filled += read_full(&mut self.reader, &mut self.record[filled..], offset)?;
            if filled == 0 {
                return Ok(None);
            }
            if filled < wanted {
                return Err(DataError::Truncated {
                    offset,
                    what: format!("the file ends {filled} bytes into a game record"),
                });
            }
            match GameRecord::len_at(&self.record) {
                Some(len) => break len,
                None => wanted = GameRecord::bytes_to_tell_len(&self.record),
            }
        };
        self.record.resize(len, 0);
        filled += read_full(&mut self.reader, &mut self.record[filled..], offset)?;
        if filled < len {
            return Err(DataError::Truncated {
                offset,
                what: format!("a game record of {len} bytes, of which the file holds {filled}"),
            });
        }
        let record = GameRecord::decode(&self.record, offset)?;
        if record.index != self.games {
            return Err(DataError::corrupt(
                offset,
                format!(
                    "game number {} where {} was expected (games lost or repeated)",
                    record.index, self.games
                ),
            ));
        }
        self.games += 1;
        self.offset += len as u64;
        Ok(Some((offset, record)))
    }
}

/// Reads until `buf` is full or the input ends; the number of bytes read.
fn read_full(reader: &mut impl Read, buf: &mut [u8], offset: u64) -> Result<usize, DataError> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(DataError::Unreadable {
                    offset,
                    what: e.to_string(),
                })
            }
        }
    }
    Ok(filled)
}

/// Whether the position before `m` is one to learn from, given the score the search gave it:
/// the side to move is not in check, `m` is neither a capture nor a promotion (nor castling or
/// en passant), and the search saw no forced win.
pub fn is_training_position(pos: &Position, m: Move, score: PlyScore) -> bool {
    !pos.in_check()
        && pos.piece_at(m.to()).is_none()
        && m.kind() == MoveKind::Normal
        && !matches!(score, PlyScore::Mate(_))
}

/// A position to train on, with its labels.
pub struct TrainingPosition<'a> {
    pub pos: &'a Position,
    /// The search's score, from White's point of view (never a mate).
    pub score: PlyScore,
    pub result: GameResult,
}

impl GameRecord {
    /// Replays the game of `variant` from its start, calling `visit` with each ply's number
    /// (from 0), the position and the ply played from it. The record starts at `offset` in its
    /// file, which errors name: a bad start FEN, an illegal move, a move after the game ended.
    pub fn replay(
        &self,
        variant: kaiser_engine::Variant,
        offset: u64,
        mut visit: impl FnMut(usize, &Position, Move, PlyScore),
    ) -> Result<(), DataError> {
        let mut pos = match &self.start_fen {
            None => Position::startpos(variant),
            Some(fen) => Position::from_fen(fen, variant).map_err(|e| {
                DataError::corrupt(offset, format!("bad start position '{fen}': {e}"))
            })?,
        };
        let game = self.index;
        for (ply, &(m, score)) in self.plies.iter().enumerate() {
            if pos.outcome().is_some() {
                let what = format!("game {game} goes on after it ended, at ply {}", ply + 1);
                return Err(DataError::corrupt(offset, what));
            }
            if !pos.legal_moves().contains(&m) {
                let what = format!("game {game}, ply {}: {m} is not a legal move", ply + 1);
                return Err(DataError::corrupt(offset, what));
            }
            visit(ply, &pos, m, score);
            pos.make_move(m);
        }
        Ok(())
    }

    /// Whether the game's start or a position its opening plies reach has a key in `keys` (the
    /// test openings: a game that met one would train on what matches are judged on). Checks
    /// replaying the whole game, as `replay` does.
    pub fn opening_meets(
        &self,
        variant: kaiser_engine::Variant,
        offset: u64,
        keys: &HashSet<u64>,
    ) -> Result<bool, DataError> {
        let mut met = false;
        self.replay(variant, offset, |ply, pos, _, _| {
            met |= ply <= usize::from(self.opening_plies) && keys.contains(&pos.key());
        })?;
        Ok(met)
    }

    /// Replays the game, calling `visit` with each training position: past the opening, and
    /// passing `is_training_position`.
    pub fn training_positions(
        &self,
        variant: kaiser_engine::Variant,
        offset: u64,
        mut visit: impl FnMut(TrainingPosition),
    ) -> Result<(), DataError> {
        self.replay(variant, offset, |ply, pos, m, score| {
            if ply >= usize::from(self.opening_plies) && is_training_position(pos, m, score) {
                visit(TrainingPosition {
                    pos,
                    score,
                    result: self.result,
                });
            }
        })
    }
}
