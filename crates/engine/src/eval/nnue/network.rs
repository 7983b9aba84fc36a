//! A quantised network and its file format. The trainer (`kaiser nnue train`) writes the files;
//! the engine reads them, from the nets compiled into the binary or from `EvalFile`, and refuses
//! anything that is not a whole, undamaged net for the variant in play.
//!
//! The file, little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `KAISERNN` |
//! | 2 | format version, 2 (version 1 files, with one output bucket, are read too) |
//! | 1 | the variant's file code (`Variant::file_code`) |
//! | 1 | the activation: 1, squared clipped ReLU |
//! | 2, 2 | hidden neurons per side, inputs |
//! | 2, 2, 2 | `QA`, `QB`, `SCALE` |
//! | 2 | output buckets, 1 to `MAX_OUTPUT_BUCKETS` (version 1: zero, read as 1) |
//! | 2 each | first-layer weights, input by input (`hidden` each), then its biases (`hidden`) |
//! | 2 each | for each output bucket, its output weights: the side to move's half, then the other side's (`hidden` each) |
//! | 4 each | each output bucket's output bias |
//! | 4 | CRC-32 of everything before it |

use super::features::input_count;
use super::simd::Row;
use super::{output_bucket, HIDDEN, MAX_OUTPUT_BUCKETS, QA, QB, SCALE};
use crate::user_file;
use kaiser_rules::Variant;
use std::fmt;

pub const MAGIC: &[u8; 8] = b"KAISERNN";
pub const VERSION: u16 = 2;
/// The first version, whose files have a single output bucket.
const VERSION_ONE_BUCKET: u16 = 1;
const SCRELU: u8 = 1;
const HEADER_LEN: usize = 24;

/// A network with integer weights, as the engine evaluates it.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    pub variant: Variant,
    /// First-layer weights, a row of `HIDDEN` per input, scaled by `QA`.
    pub feature_weights: Vec<Row>,
    /// First-layer biases, scaled by `QA`.
    pub feature_bias: Row,
    /// For each output bucket, the output weights for the side to move's half and the other
    /// side's, scaled by `QB`.
    pub output_weights: Vec<[Row; 2]>,
    /// Each output bucket's bias, scaled by `QA * QB`.
    pub output_bias: Vec<i32>,
}

/// Why a net file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    Unreadable(String),
    NotANet,
    Version(u16),
    WrongVariant {
        found: Option<Variant>,
        wanted: Variant,
    },
    Shape(String),
    Length {
        found: usize,
        wanted: usize,
    },
    Checksum,
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Unreadable(what) => write!(f, "cannot read it: {what}"),
            NetError::NotANet => write!(f, "not a Kaiser network file (no KAISERNN header)"),
            NetError::Version(v) => {
                write!(f, "network format version {v}, this Kaiser reads {VERSION}")
            }
            NetError::WrongVariant {
                found: Some(found),
                wanted,
            } => {
                write!(f, "a network for {found}, not {wanted}")
            }
            NetError::WrongVariant {
                found: None,
                wanted,
            } => {
                write!(f, "a network for an unknown variant, not {wanted}")
            }
            NetError::Shape(what) => write!(f, "{what}"),
            NetError::Length { found, wanted } => {
                write!(
                    f,
                    "{found} bytes where a whole network has {wanted} (truncated or padded)"
                )
            }
            NetError::Checksum => write!(f, "checksum mismatch: the file is damaged"),
        }
    }
}

impl std::error::Error for NetError {}

/// The bytes of a whole `variant` net with `buckets` output buckets.
pub fn file_len(variant: Variant, buckets: usize) -> usize {
    HEADER_LEN
        + 2 * (input_count(variant) * HIDDEN + HIDDEN + buckets * 2 * HIDDEN)
        + 4 * buckets
        + 4
}

impl Network {
    /// Reads a net for `variant` from the bytes of its file.
    pub fn from_bytes(bytes: &[u8], variant: Variant) -> Result<Network, NetError> {
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return Err(NetError::NotANet);
        }
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let version = u16_at(8);
        if !(VERSION_ONE_BUCKET..=VERSION).contains(&version) {
            return Err(NetError::Version(version));
        }
        if bytes[10] != variant.file_code() {
            let found = Variant::from_file_code(bytes[10]);
            return Err(NetError::WrongVariant {
                found,
                wanted: variant,
            });
        }
        let expected = [
            ("activation", u16::from(bytes[11]), u16::from(SCRELU)),
            ("hidden neurons", u16_at(12), HIDDEN as u16),
            ("inputs", u16_at(14), input_count(variant) as u16),
            ("QA", u16_at(16), QA as u16),
            ("QB", u16_at(18), QB as u16),
            ("SCALE", u16_at(20), SCALE as u16),
        ];
        for (what, found, wanted) in expected {
            if found != wanted {
                return Err(NetError::Shape(format!(
                    "{what} {found}, this Kaiser's {variant} networks have {wanted}"
                )));
            }
        }
        let buckets = match version {
            VERSION_ONE_BUCKET => 1,
            _ => usize::from(u16_at(22)),
        };
        if !(1..=MAX_OUTPUT_BUCKETS).contains(&buckets) {
            return Err(NetError::Shape(format!(
                "{buckets} output buckets, where a network may have 1 to {MAX_OUTPUT_BUCKETS}"
            )));
        }
        let wanted = file_len(variant, buckets);
        if bytes.len() != wanted {
            return Err(NetError::Length {
                found: bytes.len(),
                wanted,
            });
        }
        let (body, crc) = bytes.split_at(wanted - 4);
        if crc32fast::hash(body).to_le_bytes() != crc {
            return Err(NetError::Checksum);
        }
        let mut values = body[HEADER_LEN..]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut row = || -> Row { std::array::from_fn(|_| values.next().expect("length checked")) };
        let feature_weights = (0..input_count(variant)).map(|_| row()).collect();
        let feature_bias = row();
        let output_weights = (0..buckets).map(|_| [row(), row()]).collect();
        let output_bias = body[body.len() - 4 * buckets..]
            .chunks_exact(4)
            .map(|four| i32::from_le_bytes(four.try_into().expect("four bytes")))
            .collect();
        Ok(Network {
            variant,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        })
    }

    /// Reads the net file at `path` for `variant` (see `from_bytes`).
    pub fn load(path: &std::path::Path, variant: Variant) -> Result<Network, NetError> {
        let largest = Variant::ALL
            .iter()
            .map(|&v| file_len(v, MAX_OUTPUT_BUCKETS))
            .max()
            .unwrap_or(0);
        let bytes = user_file::read(path, largest as u64)
            .map_err(|e| NetError::Unreadable(e.to_string()))?;
        Network::from_bytes(&bytes, variant)
    }

    /// The number of output buckets: positions are sorted into them by their number of pieces
    /// (`output_bucket`), and each has its own output weights.
    pub fn output_buckets(&self) -> usize {
        self.output_bias.len()
    }

    /// The output bucket of a position with `pieces` pieces on the board.
    #[inline]
    pub fn bucket_of(&self, pieces: usize) -> usize {
        output_bucket(pieces, self.output_buckets())
    }

    /// The bytes of the net's file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(file_len(self.variant, self.output_buckets()));
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.push(self.variant.file_code());
        bytes.push(SCRELU);
        for value in [
            HIDDEN,
            input_count(self.variant),
            QA as usize,
            QB as usize,
            SCALE as usize,
            self.output_buckets(),
        ] {
            bytes.extend_from_slice(&(value as u16).to_le_bytes());
        }
        let rows = self
            .feature_weights
            .iter()
            .chain([&self.feature_bias])
            .chain(self.output_weights.iter().flatten());
        for value in rows.flatten() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        for bias in &self.output_bias {
            bytes.extend_from_slice(&bias.to_le_bytes());
        }
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({}, {} inputs, {} output buckets)",
            self.variant,
            self.feature_weights.len(),
            self.output_buckets()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A net whose every weight differs from its neighbours', with `buckets` output buckets.
    fn patterned(variant: Variant, buckets: usize) -> Network {
        let mut next = 0i16;
        let mut row = || -> Row {
            std::array::from_fn(|_| {
                next = next.wrapping_mul(31).wrapping_add(7);
                next
            })
        };
        Network {
            variant,
            feature_weights: (0..input_count(variant)).map(|_| row()).collect(),
            feature_bias: row(),
            output_weights: (0..buckets).map(|_| [row(), row()]).collect(),
            output_bias: (0..buckets as i32).map(|b| 1000 * b - 77).collect(),
        }
    }

    /// `bytes` with its CRC made right again after an edit.
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let body = bytes.len() - 4;
        let crc = crc32fast::hash(&bytes[..body]);
        bytes[body..].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    #[test]
    fn nets_with_any_number_of_output_buckets_read_back_as_written() {
        for buckets in [1, 2, 8, MAX_OUTPUT_BUCKETS] {
            let net = patterned(Variant::Orda, buckets);
            let bytes = net.to_bytes();
            assert_eq!(bytes.len(), file_len(Variant::Orda, buckets));
            assert_eq!(Network::from_bytes(&bytes, Variant::Orda), Ok(net));
        }
    }

    #[test]
    fn version_one_files_read_as_one_output_bucket() {
        let net = patterned(Variant::Chess, 1);
        let mut bytes = net.to_bytes();
        bytes[8..10].copy_from_slice(&1u16.to_le_bytes());
        bytes[22..24].copy_from_slice(&0u16.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&resealed(bytes), Variant::Chess),
            Ok(net)
        );
    }

    #[test]
    fn a_bucket_count_out_of_range_is_refused() {
        let bytes = patterned(Variant::Chess, 1).to_bytes();
        for buckets in [0u16, MAX_OUTPUT_BUCKETS as u16 + 1, u16::MAX] {
            let mut edited = bytes.clone();
            edited[22..24].copy_from_slice(&buckets.to_le_bytes());
            let error = Network::from_bytes(&resealed(edited), Variant::Chess).unwrap_err();
            assert!(matches!(error, NetError::Shape(_)), "{buckets}: {error}");
        }
    }
}
