//! Kaiser's opening book: reading, validating, probing and writing the binary book format
//! (described in `book/README.md`), and the books built into the binary.
//!
//! A book maps Kaiser's Zobrist keys to weighted moves. Polyglot keys cannot name the Empire's
//! pieces, so the keys are Kaiser's own, and the variant is written in the header: a book is
//! only ever probed in positions of its variant. Whatever a file holds, a probe returns only
//! moves that are legal in the position.

use crate::{user_file, variants, Move, Position, Variant};
use once_cell::sync::Lazy;
use rand::Rng;
use std::fmt;
use std::path::Path;

/// The first eight bytes of every book file.
pub const MAGIC: [u8; 8] = *b"KAISBOOK";
/// The format version this build reads and writes. Version 2's keys include the variant's
/// Zobrist key; version 1 files, whose keys lack it, are rejected (rebuild them).
pub const VERSION: u16 = 2;
/// Header: magic, version (u16), variant code (u8), a zero byte, entry count (u32).
pub const HEADER_BYTES: usize = 16;
/// Entry: key (u64), move (u16), weight (u16), all little-endian.
pub const ENTRY_BYTES: usize = 12;

/// The books built into the binary (`variants::VariantData::book`), by `Variant::index()`.
static BUILT_IN_BOOKS: Lazy<[Option<Book>; Variant::ALL.len()]> = Lazy::new(|| {
    Variant::ALL.map(|variant| {
        let bytes = variants::data(variant).book?;
        let book = Book::from_bytes(bytes).expect("the built-in books are valid");
        assert_eq!(
            book.variant, variant,
            "a built-in book of the wrong variant"
        );
        Some(book)
    })
});

/// One book entry: a move for the position with this key, and its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub mv: Move,
    /// Relative chance of being played, at least 1.
    pub weight: u16,
}

/// An opening book for one variant: entries sorted by key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    variant: Variant,
    entries: Vec<Entry>,
}

/// Why a book file was rejected.
#[derive(Debug)]
pub enum BookError {
    Io(std::io::Error),
    /// Not a Kaiser book, or damaged: what is wrong.
    Invalid(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(error) => write!(f, "{error}"),
            BookError::Invalid(reason) => write!(f, "not a valid Kaiser book: {reason}"),
        }
    }
}

impl std::error::Error for BookError {}

fn invalid(reason: impl Into<String>) -> BookError {
    BookError::Invalid(reason.into())
}

impl Book {
    /// A book from entries in any order (sorted here; a weight of 0 becomes 1).
    pub fn new(variant: Variant, mut entries: Vec<Entry>) -> Book {
        for entry in &mut entries {
            entry.weight = entry.weight.max(1);
        }
        entries.sort_by_key(|e| (e.key, std::cmp::Reverse(e.weight), e.mv.bits()));
        Book { variant, entries }
    }

    /// The book built into the binary for `variant`, if there is one.
    pub fn built_in(variant: Variant) -> Option<&'static Book> {
        BUILT_IN_BOOKS[variant.index()].as_ref()
    }

    /// Reads and validates a book file.
    pub fn load(path: &Path) -> Result<Book, BookError> {
        Book::from_bytes(
            &user_file::read(path, user_file::COLLECTION_LIMIT).map_err(BookError::Io)?,
        )
    }

    /// Reads and validates a book: header, size, sorted keys, move encodings, weights.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER_BYTES || bytes[..8] != MAGIC {
            return Err(invalid("it does not start with the KAISBOOK header"));
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(invalid(format!(
                "format version {version}, this build reads version {VERSION}"
            )));
        }
        let variant = Variant::from_file_code(bytes[10])
            .ok_or_else(|| invalid(format!("unknown variant code {}", bytes[10])))?;
        if bytes[11] != 0 {
            return Err(invalid(format!(
                "header byte 11 is {}, where the format has 0 (reserved)",
                bytes[11]
            )));
        }
        let count = u32::from_le_bytes(bytes[12..16].try_into().expect("four bytes")) as usize;
        let body = &bytes[HEADER_BYTES..];
        if !body.len().is_multiple_of(ENTRY_BYTES) || body.len() / ENTRY_BYTES != count {
            return Err(invalid(format!(
                "the header announces {count} entries but {} bytes follow it",
                body.len()
            )));
        }
        let mut entries = Vec::with_capacity(count);
        for (index, chunk) in body.chunks_exact(ENTRY_BYTES).enumerate() {
            let key = u64::from_le_bytes(chunk[..8].try_into().expect("eight bytes"));
            let bits = u16::from_le_bytes([chunk[8], chunk[9]]);
            let weight = u16::from_le_bytes([chunk[10], chunk[11]]);
            let mv = Move::from_bits(bits)
                .ok_or_else(|| invalid(format!("entry {index} holds no move ({bits:#06x})")))?;
            if weight == 0 {
                return Err(invalid(format!("entry {index} has weight 0")));
            }
            if entries.last().is_some_and(|prev: &Entry| prev.key > key) {
                return Err(invalid(format!("entry {index} is out of key order")));
            }
            entries.push(Entry { key, mv, weight });
        }
        Ok(Book { variant, entries })
    }

    /// The file form of the book.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_BYTES + self.entries.len() * ENTRY_BYTES);
        bytes.extend_from_slice(&MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.push(self.variant.file_code());
        bytes.push(0);
        let count = u32::try_from(self.entries.len()).expect("fewer than 2^32 entries");
        bytes.extend_from_slice(&count.to_le_bytes());
        for entry in &self.entries {
            bytes.extend_from_slice(&entry.key.to_le_bytes());
            bytes.extend_from_slice(&entry.mv.bits().to_le_bytes());
            bytes.extend_from_slice(&entry.weight.to_le_bytes());
        }
        bytes
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The number of entries (moves) in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The number of distinct positions in the book.
    pub fn positions(&self) -> usize {
        self.entries.chunk_by(|a, b| a.key == b.key).count()
    }

    /// The book's moves for `pos` that are legal there, heaviest first; none when the book is
    /// of another variant.
    pub fn moves(&self, pos: &Position) -> Vec<(Move, u16)> {
        if pos.variant() != self.variant {
            return Vec::new();
        }
        let key = pos.key();
        let start = self.entries.partition_point(|e| e.key < key);
        let legal = pos.legal_moves();
        self.entries[start..]
            .iter()
            .take_while(|e| e.key == key)
            .filter(|e| legal.contains(&e.mv))
            .map(|e| (e.mv, e.weight))
            .collect()
    }

    /// A legal book move for `pos`, chosen at random in proportion to the weights.
    pub fn pick(&self, pos: &Position, rng: &mut impl Rng) -> Option<Move> {
        let moves = self.moves(pos);
        let total: u32 = moves.iter().map(|&(_, w)| u32::from(w)).sum();
        if total == 0 {
            return None;
        }
        let mut ticket = rng.gen_range(0..total);
        for (m, weight) in moves {
            if ticket < u32::from(weight) {
                return Some(m);
            }
            ticket -= u32::from(weight);
        }
        unreachable!("the ticket is below the total weight")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn sample() -> Book {
        let pos = Position::startpos(Variant::Empire);
        let moves = pos.legal_moves();
        let entries = vec![
            Entry {
                key: pos.key(),
                mv: moves[0],
                weight: 3,
            },
            Entry {
                key: 7,
                mv: moves[1],
                weight: 1,
            },
            Entry {
                key: pos.key(),
                mv: moves[1],
                weight: 9,
            },
        ];
        Book::new(Variant::Empire, entries)
    }

    #[test]
    fn bytes_round_trip_and_moves_come_heaviest_first() {
        let book = sample();
        let read = Book::from_bytes(&book.to_bytes()).unwrap();
        assert_eq!(read, book);
        assert_eq!((read.len(), read.positions()), (3, 2));
        let pos = Position::startpos(Variant::Empire);
        let moves = read.moves(&pos);
        assert_eq!(moves.iter().map(|m| m.1).collect::<Vec<_>>(), [9, 3]);
        assert!(read.moves(&Position::startpos(Variant::Chess)).is_empty());
    }

    #[test]
    fn damaged_files_are_rejected() {
        let good = sample().to_bytes();
        let mut cases = vec![
            Vec::new(),
            b"KAISBOO".to_vec(),
            good[..good.len() - 1].to_vec(),
        ];
        let mut version = good.clone();
        version[8] = 9;
        let mut variant = good.clone();
        variant[10] = 200;
        let mut count = good.clone();
        count[12] = 2;
        let mut no_move = good.clone();
        no_move[HEADER_BYTES + 8..HEADER_BYTES + 10].copy_from_slice(&[0, 0]);
        let mut unsorted = good.clone();
        unsorted[HEADER_BYTES + 7] = 0xff;
        cases.extend([version, variant, count, no_move, unsorted]);
        for bytes in cases {
            assert!(
                matches!(Book::from_bytes(&bytes), Err(BookError::Invalid(_))),
                "{bytes:?}"
            );
        }
    }

    /// The reserved header byte was read past and written back as 0, so a book with another
    /// value was taken as it was and not kept as it was. Found by the book fuzz target
    /// (`fuzz/regressions/book/reserved-byte-not-zero`).
    #[test]
    fn a_reserved_byte_other_than_zero_is_refused() {
        let mut bytes = sample().to_bytes();
        bytes[11] = 8;
        let error = Book::from_bytes(&bytes).unwrap_err().to_string();
        assert!(error.contains("header byte 11 is 8"), "{error}");
    }

    #[test]
    fn picks_follow_the_weights() {
        let book = sample();
        let pos = Position::startpos(Variant::Empire);
        let heavy = book.moves(&pos)[0].0;
        let mut rng = StdRng::seed_from_u64(1);
        let heavy_picks = (0..1200)
            .filter(|_| book.pick(&pos, &mut rng) == Some(heavy))
            .count();
        assert!((800..1000).contains(&heavy_picks), "{heavy_picks}");
        let mut elsewhere = pos.clone();
        elsewhere.make_move(heavy);
        assert_eq!(book.pick(&elsewhere, &mut rng), None);
    }

    #[test]
    fn built_in_books_load() {
        for variant in Variant::ALL {
            let Some(book) = Book::built_in(variant) else {
                assert!(variants::data(variant).book.is_none());
                continue;
            };
            assert_eq!(book.variant(), variant);
            assert!(!book.moves(&Position::startpos(variant)).is_empty());
        }
    }
}
