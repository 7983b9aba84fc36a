//! A quantised network and its file format. The trainer (`kaiser nnue train`) writes the files;
//! the engine reads them, from the nets compiled into the binary or from `EvalFile`, and refuses
//! anything that is not a whole, undamaged net for the variant in play.
//!
//! The file, little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `KAISERNN` |
//! | 2 | format version, 1 |
//! | 1 | the variant's file code (`Variant::file_code`) |
//! | 1 | the activation: 1, squared clipped ReLU |
//! | 2, 2 | hidden neurons per side, inputs |
//! | 2, 2, 2 | `QA`, `QB`, `SCALE` |
//! | 2 | zero |
//! | 2 each | first-layer weights, input by input (`hidden` each), then its biases (`hidden`) |
//! | 2 each | output weights: the side to move's half, then the other side's (`hidden` each) |
//! | 4 | output bias |
//! | 4 | CRC-32 of everything before it |

use super::features::input_count;
use super::simd::Row;
use super::{HIDDEN, QA, QB, SCALE};
use kaiser_rules::Variant;
use std::fmt;

pub const MAGIC: &[u8; 8] = b"KAISERNN";
pub const VERSION: u16 = 1;
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
    /// Output weights for the side to move's half and the other side's, scaled by `QB`.
    pub output_weights: [Row; 2],
    /// Output bias, scaled by `QA * QB`.
    pub output_bias: i32,
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

/// The bytes of a whole `variant` net.
pub fn file_len(variant: Variant) -> usize {
    HEADER_LEN + 2 * (input_count(variant) * HIDDEN + HIDDEN + 2 * HIDDEN) + 4 + 4
}

impl Network {
    /// Reads a net for `variant` from the bytes of its file.
    pub fn from_bytes(bytes: &[u8], variant: Variant) -> Result<Network, NetError> {
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return Err(NetError::NotANet);
        }
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        if u16_at(8) != VERSION {
            return Err(NetError::Version(u16_at(8)));
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
        let wanted = file_len(variant);
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
        let output_weights = [row(), row()];
        let tail = &body[body.len() - 4..];
        let output_bias = i32::from_le_bytes(tail.try_into().expect("four bytes"));
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
        let bytes = std::fs::read(path).map_err(|e| NetError::Unreadable(e.to_string()))?;
        Network::from_bytes(&bytes, variant)
    }

    /// The bytes of the net's file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(file_len(self.variant));
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
            0,
        ] {
            bytes.extend_from_slice(&(value as u16).to_le_bytes());
        }
        let rows = self
            .feature_weights
            .iter()
            .chain([&self.feature_bias])
            .chain(&self.output_weights);
        for value in rows.flatten() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({}, {} inputs)",
            self.variant,
            self.feature_weights.len()
        )
    }
}
