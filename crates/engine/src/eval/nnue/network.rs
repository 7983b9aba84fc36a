//! A quantised network and its file format. The trainer (`kaiser nnue train`) writes the files;
//! the engine reads them, from the nets compiled into the binary or from `EvalFile`, and refuses
//! anything that is not a whole, undamaged net for the variant in play.
//!
//! The file, little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `KAISERNN` |
//! | 2 | format version, 3 (versions 1 and 2 are read too) |
//! | 1 | the variant's file code (`Variant::file_code`) |
//! | 1 | the activation: 1, squared clipped ReLU |
//! | 2, 2 | hidden neurons per side (a multiple of `LANE_BLOCK` up to `MAX_HIDDEN`), inputs |
//! | 2, 2, 2 | `QA`, `QB`, `SCALE` |
//! | 2 | output buckets, 1 to `MAX_OUTPUT_BUCKETS` (version 1: zero, read as 1) |
//! | 1 | the inputs (version 3): 0 plain, 1 with king buckets (`features::InputScheme`) |
//! | 64 | with king buckets: the bucket of each own-view king square of files a to d (`rank * 4 + file`), White's army's map, then Black's |
//! | any | the weights, compressed (below) |
//! | 4 | CRC-32 of everything before it |
//!
//! The weights, uncompressed: the first layer's, input by input (`hidden` each, 2 bytes
//! each; the inputs of king bucket 0, then of bucket 1, ...), then its biases (`hidden`); for each output bucket its output weights, the side to
//! move's half then the other side's (`hidden` each); then each bucket's output bias (4 bytes
//! each). Version 3 stores the 16-bit values' low bytes, then their high bytes, then the
//! biases, as one DEFLATE stream (RFC 1951; about half the size, the high bytes being mostly
//! 0 and 255). Versions 1 and 2 store them as they are.

use super::features::{input_count, InputScheme, MAX_KING_BUCKETS};
use super::simd::{Simd, LANE_BLOCK};
use super::{output_bucket, MAX_HIDDEN, MAX_OUTPUT_BUCKETS, QA, QB, SCALE};
use crate::user_file;
use kaiser_rules::Variant;
use miniz_oxide::{deflate, inflate};
use std::fmt;

pub const MAGIC: &[u8; 8] = b"KAISERNN";
pub const VERSION: u16 = 3;
/// The first version, whose files have a single output bucket.
const VERSION_ONE_BUCKET: u16 = 1;
/// The last version whose weights are not compressed.
const VERSION_UNCOMPRESSED: u16 = 2;
const SCRELU: u8 = 1;
const HEADER_LEN: usize = 24;

/// 64 bytes of weights, on a 64-byte boundary: the unit `Rows` stores.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
struct Block([i16; BLOCK_LANES]);

const BLOCK_LANES: usize = 32;
const _: () = assert!(LANE_BLOCK.is_multiple_of(BLOCK_LANES));

// SAFETY: a `repr(C)` array of `i16` with no padding (64 bytes, aligned to 64): every bit
// pattern is a valid value, and zero is one.
unsafe impl bytemuck::Zeroable for Block {}
unsafe impl bytemuck::Pod for Block {}

/// Rows of weights of one width, each starting on a 64-byte boundary.
#[derive(Clone, PartialEq, Eq)]
pub struct Rows {
    width: usize,
    rows: usize,
    blocks: Vec<Block>,
}

impl Rows {
    /// `count` rows of `width` weights (a multiple of `LANE_BLOCK`), taken from `values` in
    /// order; `None` if `values` runs out first.
    pub fn read(
        width: usize,
        count: usize,
        values: &mut impl Iterator<Item = i16>,
    ) -> Option<Rows> {
        assert!(width.is_multiple_of(LANE_BLOCK), "a row is whole blocks");
        let mut rows = Rows {
            width,
            rows: count,
            blocks: vec![Block([0; BLOCK_LANES]); width / BLOCK_LANES * count],
        };
        for value in rows.values_mut() {
            *value = values.next()?;
        }
        Some(rows)
    }

    /// Row `i`. (On the hot path of every move searched: one check of `i`, not two of slices.)
    #[inline]
    pub fn row(&self, i: usize) -> &[i16] {
        assert!(i < self.rows, "row {i} of {}", self.rows);
        // SAFETY: `blocks` holds `rows` rows of `width` lanes, `i` is one of them, and a block
        // is a plain array of `i16` with no padding.
        unsafe {
            std::slice::from_raw_parts(
                self.blocks.as_ptr().cast::<i16>().add(i * self.width),
                self.width,
            )
        }
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Every weight, row after row.
    #[inline]
    pub fn values(&self) -> &[i16] {
        bytemuck::cast_slice(&self.blocks)
    }

    fn values_mut(&mut self) -> &mut [i16] {
        bytemuck::cast_slice_mut(&mut self.blocks)
    }
}

/// A network with integer weights, as the engine evaluates it.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    pub variant: Variant,
    /// How its inputs are laid out (king buckets or none).
    pub inputs: InputScheme,
    /// Hidden neurons per side: a multiple of `LANE_BLOCK`, at most `MAX_HIDDEN`.
    pub hidden: usize,
    /// First-layer weights, a row of `hidden` per input, scaled by `QA`.
    pub feature_weights: Rows,
    /// First-layer biases (one row), scaled by `QA`.
    pub feature_bias: Rows,
    /// Output weights, two rows per output bucket: the side to move's half, then the other
    /// side's; scaled by `QB`.
    pub output_weights: Rows,
    /// Each output bucket's bias, scaled by `QA * QB`.
    pub output_bias: Vec<i32>,
    /// The instructions its loops run with, chosen when it was made (`Simd::in_use`).
    pub simd: Simd,
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
    /// The compressed weights do not unpack to a whole network.
    Compressed(String),
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
            NetError::Checksum => {
                write!(f, "checksum mismatch: the file is truncated or damaged")
            }
            NetError::Compressed(what) => write!(f, "the compressed weights {what}"),
        }
    }
}

impl std::error::Error for NetError {}

/// The bytes of a net's weights, uncompressed, with `inputs` inputs, `hidden` neurons a side
/// and `buckets` output buckets.
fn weights_len(inputs: usize, hidden: usize, buckets: usize) -> usize {
    2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
}

/// The bytes of the input scheme's block (version 3).
fn scheme_len(scheme: &InputScheme) -> usize {
    1 + scheme.king_buckets.map_or(0, |_| 2 * MAX_KING_BUCKETS)
}

/// The input scheme at the start of `bytes` (version 3).
fn read_scheme(bytes: &[u8]) -> Result<InputScheme, NetError> {
    let scheme = match bytes.first() {
        Some(0) => InputScheme::PLAIN,
        Some(1) if bytes.len() > 2 * MAX_KING_BUCKETS => {
            let map = |at: usize| -> [u8; MAX_KING_BUCKETS] {
                bytes[at..at + MAX_KING_BUCKETS].try_into().expect("a map")
            };
            InputScheme {
                king_buckets: Some([map(1), map(1 + MAX_KING_BUCKETS)]),
            }
        }
        Some(1) => return Err(NetError::Shape("the king bucket maps are cut off".into())),
        kind => {
            return Err(NetError::Shape(format!(
                "input scheme {kind:?}, where this Kaiser reads 0 (plain) and 1 (king buckets)"
            )))
        }
    };
    if !scheme.is_valid() {
        return Err(NetError::Shape(
            "king bucket maps that leave a bucket unused".into(),
        ));
    }
    Ok(scheme)
}

/// The bytes of a whole `variant` net of `hidden` neurons a side and `buckets` output buckets
/// with its weights uncompressed (versions 1 and 2): the most a net file of that shape takes.
pub fn file_len(variant: Variant, hidden: usize, buckets: usize) -> usize {
    HEADER_LEN + weights_len(input_count(variant), hidden, buckets) + 4
}

/// The most bytes a net file may have: the widest net with every king bucket, uncompressed.
pub fn max_file_len() -> usize {
    let inputs = Variant::ALL.map(input_count).into_iter().max().unwrap_or(0);
    let scheme = InputScheme::king_buckets([0; MAX_KING_BUCKETS]);
    HEADER_LEN
        + scheme_len(&scheme)
        + weights_len(MAX_KING_BUCKETS * inputs, MAX_HIDDEN, MAX_OUTPUT_BUCKETS)
        + 4
}

/// Whether a net may have `hidden` neurons a side.
pub fn supported_width(hidden: usize) -> bool {
    (LANE_BLOCK..=MAX_HIDDEN).contains(&hidden) && hidden.is_multiple_of(LANE_BLOCK)
}

impl Network {
    /// Reads a net for `variant` from the bytes of its file.
    pub fn from_bytes(bytes: &[u8], variant: Variant) -> Result<Network, NetError> {
        if bytes.len() < MAGIC.len() || &bytes[..8] != MAGIC {
            return Err(NetError::NotANet);
        }
        if bytes.len() < HEADER_LEN + 4 {
            return Err(NetError::Length {
                found: bytes.len(),
                wanted: HEADER_LEN + 4,
            });
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
        let hidden = usize::from(u16_at(12));
        if !supported_width(hidden) {
            return Err(NetError::Shape(format!(
                "{hidden} hidden neurons, where this Kaiser reads multiples of {LANE_BLOCK} up to \
                 {MAX_HIDDEN}"
            )));
        }
        let (scheme, scheme_bytes) = match version {
            VERSION.. => {
                let scheme = read_scheme(&bytes[HEADER_LEN..bytes.len() - 4])?;
                (scheme, scheme_len(&scheme))
            }
            _ => (InputScheme::PLAIN, 0),
        };
        let inputs = scheme.input_count(variant);
        let expected = [
            ("activation", u16::from(bytes[11]), u16::from(SCRELU)),
            ("inputs", u16_at(14), inputs as u16),
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
        let weights = if version <= VERSION_UNCOMPRESSED {
            let wanted = file_len(variant, hidden, buckets);
            if bytes.len() != wanted {
                return Err(NetError::Length {
                    found: bytes.len(),
                    wanted,
                });
            }
            checked_body(bytes)?[HEADER_LEN..].to_vec()
        } else {
            let compressed = &checked_body(bytes)?[HEADER_LEN + scheme_bytes..];
            let wanted = weights_len(inputs, hidden, buckets);
            let planes = inflate::decompress_to_vec_with_limit(compressed, wanted)
                .map_err(|e| NetError::Compressed(format!("cannot be read: {e}")))?;
            if planes.len() != wanted {
                let what = format!("hold {} bytes where the network has {wanted}", planes.len());
                return Err(NetError::Compressed(what));
            }
            split_planes(&planes, wanted - 4 * buckets, false)
        };
        let (values, biases) = weights.split_at(weights.len() - 4 * buckets);
        let mut values = values
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut rows = |count| Rows::read(hidden, count, &mut values).expect("length checked");
        let feature_weights = rows(inputs);
        let feature_bias = rows(1);
        let output_weights = rows(2 * buckets);
        let output_bias = biases
            .chunks_exact(4)
            .map(|four| i32::from_le_bytes(four.try_into().expect("four bytes")))
            .collect();
        Ok(Network {
            variant,
            inputs: scheme,
            hidden,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
            simd: Simd::in_use(),
        })
    }

    /// Reads the net file at `path` for `variant` (see `from_bytes`).
    pub fn load(path: &std::path::Path, variant: Variant) -> Result<Network, NetError> {
        let largest = Variant::ALL
            .iter()
            .map(|&v| file_len(v, MAX_HIDDEN, MAX_OUTPUT_BUCKETS))
            .max()
            .unwrap_or(0);
        let bytes = user_file::read(path, largest.max(max_file_len()) as u64)
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
        let mut bytes = Vec::with_capacity(HEADER_LEN);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.push(self.variant.file_code());
        bytes.push(SCRELU);
        for value in [
            self.hidden,
            self.inputs.input_count(self.variant),
            QA as usize,
            QB as usize,
            SCALE as usize,
            self.output_buckets(),
        ] {
            bytes.extend_from_slice(&(value as u16).to_le_bytes());
        }
        let values = self
            .feature_weights
            .values()
            .iter()
            .chain(self.feature_bias.values())
            .chain(self.output_weights.values());
        let mut weights: Vec<u8> = values.flat_map(|v| v.to_le_bytes()).collect();
        let values_len = weights.len();
        weights.extend(self.output_bias.iter().flat_map(|b| b.to_le_bytes()));
        match self.inputs.king_buckets {
            None => bytes.push(0),
            Some(maps) => {
                bytes.push(1);
                bytes.extend(maps.iter().flatten());
            }
        }
        let planes = split_planes(&weights, values_len, true);
        bytes.extend_from_slice(&deflate::compress_to_vec(&planes, COMPRESSION_LEVEL));
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }
}

/// DEFLATE's strongest setting: a net is written once and read at every start.
const COMPRESSION_LEVEL: u8 = 10;

/// The bytes of a file before its checksum, once the checksum is found right.
fn checked_body(bytes: &[u8]) -> Result<&[u8], NetError> {
    let (body, crc) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(body).to_le_bytes() != crc {
        return Err(NetError::Checksum);
    }
    Ok(body)
}

/// Moves the low bytes of the 16-bit values in `weights[..values_len]` before their high bytes
/// (`to_planes`), or back (the rest, the biases, stays as it is).
fn split_planes(weights: &[u8], values_len: usize, to_planes: bool) -> Vec<u8> {
    let (values, rest) = weights.split_at(values_len);
    let half = values_len / 2;
    let mut out = vec![0; weights.len()];
    for i in 0..half {
        let (low, high) = (2 * i, 2 * i + 1);
        let (low_plane, high_plane) = (i, half + i);
        if to_planes {
            out[low_plane] = values[low];
            out[high_plane] = values[high];
        } else {
            out[low] = values[low_plane];
            out[high] = values[high_plane];
        }
    }
    out[values_len..].copy_from_slice(rest);
    out
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({}, {} inputs, {} hidden, {} output buckets)",
            self.variant,
            self.feature_weights.len(),
            self.hidden,
            self.output_buckets()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A net whose every weight differs from its neighbours', with `hidden` neurons a side and
    /// `buckets` output buckets.
    fn patterned(variant: Variant, hidden: usize, buckets: usize) -> Network {
        let mut values =
            std::iter::successors(Some(0i16), |v| Some(v.wrapping_mul(31).wrapping_add(7)));
        let mut rows = |count| Rows::read(hidden, count, &mut values).unwrap();
        Network {
            variant,
            inputs: InputScheme::PLAIN,
            hidden,
            feature_weights: rows(input_count(variant)),
            feature_bias: rows(1),
            output_weights: rows(2 * buckets),
            output_bias: (0..buckets as i32).map(|b| 1000 * b - 77).collect(),
            simd: Simd::in_use(),
        }
    }

    /// `net`'s file in `version` 1 or 2, whose weights are not compressed.
    fn uncompressed(net: &Network, version: u16) -> Vec<u8> {
        let mut bytes = net.to_bytes()[..HEADER_LEN].to_vec();
        bytes[8..10].copy_from_slice(&version.to_le_bytes());
        if version == VERSION_ONE_BUCKET {
            bytes[22..24].copy_from_slice(&0u16.to_le_bytes());
        }
        let values = net.feature_weights.values().iter();
        let values = values
            .chain(net.feature_bias.values())
            .chain(net.output_weights.values());
        bytes.extend(values.flat_map(|v| v.to_le_bytes()));
        bytes.extend(net.output_bias.iter().flat_map(|b| b.to_le_bytes()));
        bytes.extend_from_slice(&[0; 4]);
        resealed(bytes)
    }

    /// `bytes` with its CRC made right again after an edit.
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let body = bytes.len() - 4;
        let crc = crc32fast::hash(&bytes[..body]);
        bytes[body..].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    #[test]
    fn nets_of_any_width_and_number_of_output_buckets_read_back_as_written() {
        for (hidden, buckets) in [(128, 1), (128, 2), (256, 8), (512, MAX_OUTPUT_BUCKETS)] {
            let net = patterned(Variant::Orda, hidden, buckets);
            let bytes = net.to_bytes();
            assert!(bytes.len() < file_len(Variant::Orda, hidden, buckets));
            assert_eq!(Network::from_bytes(&bytes, Variant::Orda), Ok(net.clone()));
            let uncompressed = uncompressed(&net, VERSION_UNCOMPRESSED);
            assert_eq!(uncompressed.len(), file_len(Variant::Orda, hidden, buckets));
            assert_eq!(Network::from_bytes(&uncompressed, Variant::Orda), Ok(net));
        }
        let wide = patterned(Variant::Empire, MAX_HIDDEN, 8);
        let values = wide.feature_weights.values();
        assert_eq!(
            values.as_ptr() as usize % 64,
            0,
            "rows start on 64-byte boundaries"
        );
        assert_eq!(
            Network::from_bytes(&wide.to_bytes(), Variant::Empire),
            Ok(wide)
        );
    }

    #[test]
    fn nets_with_king_buckets_read_back_as_written_and_bad_maps_are_refused() {
        let plain = patterned(Variant::Empire, 128, 8);
        let mut map = [0u8; MAX_KING_BUCKETS];
        map[8..].fill(1);
        let mut other = map;
        other[4..].fill(2);
        other[..4].fill(1);
        let inputs = InputScheme {
            king_buckets: Some([map, other]),
        };
        assert_eq!(inputs.buckets(), 3);
        let mut values = plain.feature_weights.values().iter().copied().cycle();
        let rows = inputs.input_count(Variant::Empire);
        let net = Network {
            inputs,
            feature_weights: Rows::read(128, rows, &mut values).unwrap(),
            ..plain
        };
        let bytes = net.to_bytes();
        assert_eq!(
            Network::from_bytes(&bytes, Variant::Empire),
            Ok(net.clone())
        );
        // A map that leaves bucket 1 unused: the header's input count no longer matches either.
        let mut gap = bytes.clone();
        gap[HEADER_LEN + 1 + MAX_KING_BUCKETS..HEADER_LEN + 1 + 2 * MAX_KING_BUCKETS].fill(2);
        gap[HEADER_LEN + 1..HEADER_LEN + 1 + MAX_KING_BUCKETS].fill(0);
        let error = Network::from_bytes(&resealed(gap), Variant::Empire).unwrap_err();
        assert!(error.to_string().contains("unused"), "{error}");
        let mut kind = bytes;
        kind[HEADER_LEN] = 7;
        let error = Network::from_bytes(&resealed(kind), Variant::Empire).unwrap_err();
        assert!(error.to_string().contains("input scheme"), "{error}");
    }

    #[test]
    fn a_width_this_kaiser_cannot_evaluate_is_refused() {
        let bytes = patterned(Variant::Chess, 128, 1).to_bytes();
        for hidden in [0u16, 64, 200, MAX_HIDDEN as u16 + LANE_BLOCK as u16] {
            let mut edited = bytes.clone();
            edited[12..14].copy_from_slice(&hidden.to_le_bytes());
            let error = Network::from_bytes(&resealed(edited), Variant::Chess).unwrap_err();
            assert!(
                error.to_string().contains("hidden neurons"),
                "{hidden}: {error}"
            );
        }
    }

    #[test]
    fn version_one_files_read_as_one_output_bucket() {
        let net = patterned(Variant::Chess, 128, 1);
        let bytes = uncompressed(&net, VERSION_ONE_BUCKET);
        assert_eq!(Network::from_bytes(&bytes, Variant::Chess), Ok(net));
    }

    #[test]
    fn compressed_weights_that_unpack_wrong_are_refused() {
        let net = patterned(Variant::Empire, 128, 2);
        let header = net.to_bytes()[..HEADER_LEN + 1].to_vec();
        let planes = |len| (0..len).map(|i| (i % 7) as u8).collect::<Vec<u8>>();
        let wanted = weights_len(input_count(Variant::Empire), 128, 2);
        for (payload, reason) in [
            (deflate::compress_to_vec(&planes(wanted - 1), 6), "hold"),
            (
                deflate::compress_to_vec(&planes(wanted + 1), 6),
                "cannot be read",
            ),
            (
                deflate::compress_to_vec(&planes(50 * wanted), 6),
                "cannot be read",
            ),
            (b"not deflate at all".to_vec(), "cannot be read"),
        ] {
            let file = resealed([header.clone(), payload, vec![0; 4]].concat());
            let error = Network::from_bytes(&file, Variant::Empire).unwrap_err();
            assert!(matches!(error, NetError::Compressed(_)), "{error}");
            assert!(error.to_string().contains(reason), "{error}");
        }
        let short = resealed(header[..HEADER_LEN].iter().copied().chain([0; 4]).collect());
        assert!(Network::from_bytes(&short, Variant::Empire).is_err());
        let tiny = &header[..20];
        assert!(matches!(
            Network::from_bytes(tiny, Variant::Empire),
            Err(NetError::Length { .. })
        ));
    }

    #[test]
    fn a_bucket_count_out_of_range_is_refused() {
        let bytes = patterned(Variant::Chess, 128, 1).to_bytes();
        for buckets in [0u16, MAX_OUTPUT_BUCKETS as u16 + 1, u16::MAX] {
            let mut edited = bytes.clone();
            edited[22..24].copy_from_slice(&buckets.to_le_bytes());
            let error = Network::from_bytes(&resealed(edited), Variant::Chess).unwrap_err();
            assert!(matches!(error, NetError::Shape(_)), "{buckets}: {error}");
        }
    }
}
