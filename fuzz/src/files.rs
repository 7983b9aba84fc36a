//! The targets of the files Kaiser reads: PGN (the engine's reader and the tools' import of
//! played games), opening books, NNUE networks (`EvalFile`), training data (`kaiser data`'s
//! format) and variants files (`VariantPath`). Each must refuse bad bytes with an error; what
//! it accepts must write back the same (a book, a network, a PGN's moves) and be usable.

use kaiser_engine::book::Book;
use kaiser_engine::eval::nnue::Network;
use kaiser_engine::notation::parse_pgn;
use kaiser_engine::session::variant_path;
use kaiser_engine::{Position, Variant};
use kaiser_tools::data::format::HEADER_BYTES;
use kaiser_tools::data::{DataReader, GameRecord};
use kaiser_tools::pgn_import;

/// How many plies the book target follows the book from the start.
const BOOK_PLIES: usize = 12;

/// The PGN target: every game the reader accepts writes a PGN that reads back to the same
/// moves, and the tools' import of the text for each game either takes it or says why not.
pub fn pgn(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(games) = parse_pgn(&text) {
        for game in games {
            let written = game.to_pgn();
            let again = parse_pgn(&written)
                .unwrap_or_else(|error| panic!("wrote a PGN it cannot read ({error}):\n{written}"));
            assert_eq!(
                again.len(),
                1,
                "one game written, read as several:\n{written}"
            );
            let moves = |game: &kaiser_engine::notation::PgnGame| {
                game.moves().iter().map(|m| m.mv).collect::<Vec<_>>()
            };
            assert_eq!(moves(&again[0]), moves(&game), "moves changed:\n{written}");
        }
    }
    for variant in Variant::ALL {
        let _ = pgn_import::import(&text, variant, 0);
    }
}

/// The book target: a book that reads writes the same bytes back, and is followed from the
/// start position by its heaviest moves, each legal.
pub fn book(data: &[u8]) {
    let Ok(book) = Book::from_bytes(data) else {
        return;
    };
    assert_eq!(
        book.to_bytes(),
        data,
        "the book does not write back the same"
    );
    let mut pos = Position::startpos(book.variant());
    for _ in 0..BOOK_PLIES {
        let Some(&(m, _)) = book.moves(&pos).first() else {
            break;
        };
        assert!(pos.legal_moves().contains(&m), "book move {m} illegal");
        pos.make_move(m);
    }
}

/// The network target: the first byte's low bit asks for the checksum to be made right (so
/// that changes reach the weights), the rest is the file. A network that reads writes bytes
/// that read back as the same network (not the same bytes: older versions are written as the
/// current one, and another DEFLATE encoder's stream is written as Kaiser's) and evaluates the
/// start position and every position after one move.
pub fn net(data: &[u8]) {
    let Some((&mode, file)) = data.split_first() else {
        return;
    };
    let mut bytes = file.to_vec();
    if mode & 1 == 1 && bytes.len() >= 4 {
        fix_checksum(&mut bytes);
    }
    for variant in Variant::ALL {
        let Ok(net) = Network::from_bytes(&bytes, variant) else {
            continue;
        };
        let written = net.to_bytes();
        assert_eq!(
            Network::from_bytes(&written, variant).as_ref(),
            Ok(&net),
            "the network written does not read back the same"
        );
        let start = Position::startpos(variant);
        let _ = net.evaluate_position(&start);
        for m in start.legal_moves() {
            let mut after = start.clone();
            after.make_move(m);
            let _ = net.evaluate_position(&after);
        }
    }
}

/// The training-data target: the first byte's low bit asks for the checksums of the header and
/// of each whole record to be made right (so that changes reach the fields), the rest is the
/// file. The reader reads the header, then every record until the end or the first damaged
/// one, replaying each game's training positions.
pub fn data(data: &[u8]) {
    let Some((&mode, file)) = data.split_first() else {
        return;
    };
    let mut bytes = file.to_vec();
    if mode & 1 == 1 {
        fix_data_checksums(&mut bytes);
    }
    let Ok(mut reader) = DataReader::new(&bytes[..]) else {
        return;
    };
    let variant = reader.header().variant;
    while let Ok(Some((offset, game))) = reader.next_game() {
        let _ = game.training_positions(variant, offset, |_| {});
    }
}

/// Rewrites the checksums of a data file's header and of each whole record it holds: each is
/// the CRC-32 of what comes before it, written last (see `kaiser_tools::data::format`).
fn fix_data_checksums(bytes: &mut [u8]) {
    if bytes.len() < HEADER_BYTES {
        return;
    }
    fix_checksum(&mut bytes[..HEADER_BYTES]);
    let mut at = HEADER_BYTES;
    while let Some(len) = bytes.get(at..).and_then(GameRecord::len_at) {
        if at + len > bytes.len() {
            return;
        }
        fix_checksum(&mut bytes[at..at + len]);
        at += len;
    }
}

/// Makes the last four bytes of `bytes` the CRC-32 of the others.
fn fix_checksum(bytes: &mut [u8]) {
    let body = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
}

/// The variants-file target: the bytes as a file named by `VariantPath`, reported on.
pub fn variants(data: &[u8]) {
    let path = std::env::temp_dir().join(format!(
        "kaiser-fuzz-variants-{}-{:?}.ini",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&path, data).expect("the temporary directory is writable");
    let report = variant_path::report(&path);
    let _ = std::fs::remove_file(&path);
    assert!(report.starts_with("VariantPath "), "report: {report}");
}
