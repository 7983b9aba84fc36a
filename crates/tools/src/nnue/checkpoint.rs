//! A training run's state: the float network, the optimiser's moments and how far the run has
//! gone (epochs, and batches into the next), saved after every epoch and every so many batches
//! so that an interrupted run resumes where it stopped. The file, little-endian: `KAISERCK`,
//! version (u16), the variant's file code (u8), output buckets (u16), hidden neurons a side
//! (u16), the inputs (u8: 0 plain, 1 king buckets) and the two king-bucket maps (64 bytes, zero
//! when plain), epochs done (u32), Adam steps (u64), then from version 4 the batches done of the
//! epoch under way (u64) and their summed training loss (f64), then parameter count (u32), the
//! parameters, the first and the second moments (f32 each), and a CRC-32 of everything before
//! it. Version 3 (epochs only) is read as a run between epochs.

use super::adam::Adam;
use super::model::{Layout, Model};
use crate::file_out;
use anyhow::{bail, Context, Result};
use kaiser_engine::eval::nnue::features::{InputScheme, MAX_KING_BUCKETS};
use kaiser_engine::eval::nnue::network::supported_width;
use kaiser_engine::eval::nnue::MAX_OUTPUT_BUCKETS;
use kaiser_engine::{user_file, Variant};
use std::path::Path;

const MAGIC: &[u8; 8] = b"KAISERCK";
const VERSION: u16 = 4;
/// The oldest version read: without the place within an epoch.
const EPOCHS_ONLY_VERSION: u16 = 3;
/// The bytes of the place within an epoch.
const PLACE_LEN: usize = 8 + 8;
/// The header of version 3; version 4 adds `PLACE_LEN`.
const EPOCHS_ONLY_HEADER_LEN: usize = 8 + 2 + 1 + 2 + 2 + 1 + MAPS_LEN + 4 + 8 + 4;
/// The two king-bucket maps.
const MAPS_LEN: usize = 2 * MAX_KING_BUCKETS;
/// Where the fields after the maps start.
const AFTER_MAPS: usize = 16 + MAPS_LEN;

/// A training run, saved between batches.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    pub model: Model,
    pub adam: Adam,
    /// Epochs done.
    pub epoch: usize,
    /// Batches done of the epoch under way.
    pub batches: usize,
    /// Their summed training loss.
    pub loss_sum: f64,
}

impl Checkpoint {
    /// A run that has not started, from `model`.
    pub fn start(model: Model) -> Checkpoint {
        let len = model.params.len();
        let adam = Adam::new(&model, vec![0.0; len], vec![0.0; len], 0);
        Checkpoint {
            model,
            adam,
            epoch: 0,
            batches: 0,
            loss_sum: 0.0,
        }
    }

    /// Writes the run to `path`: its optimiser must have caught up (`Adam::catch_up`).
    pub fn save(&self, path: &Path) -> Result<()> {
        let header_len = EPOCHS_ONLY_HEADER_LEN + PLACE_LEN;
        let mut bytes = Vec::with_capacity(header_len + 12 * self.model.params.len() + 4);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.push(self.model.variant.file_code());
        bytes.extend_from_slice(&(self.model.buckets as u16).to_le_bytes());
        bytes.extend_from_slice(&(self.model.hidden as u16).to_le_bytes());
        let maps = self.model.inputs.king_buckets;
        bytes.push(u8::from(maps.is_some()));
        bytes.extend(maps.unwrap_or([[0; MAX_KING_BUCKETS]; 2]).iter().flatten());
        bytes.extend_from_slice(&(self.epoch as u32).to_le_bytes());
        bytes.extend_from_slice(&self.adam.steps.to_le_bytes());
        bytes.extend_from_slice(&(self.batches as u64).to_le_bytes());
        bytes.extend_from_slice(&self.loss_sum.to_le_bytes());
        bytes.extend_from_slice(&(self.model.params.len() as u32).to_le_bytes());
        let adam = &self.adam;
        for part in [&self.model.params, &adam.first_moment, &adam.second_moment] {
            for value in part {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        }
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        file_out::write_whole(path, &bytes)
    }

    /// Reads a checkpoint of a `variant` run, refusing any other or a damaged file.
    pub fn load(path: &Path, variant: Variant) -> Result<Checkpoint> {
        let bytes = user_file::read(path, user_file::COLLECTION_LIMIT)
            .with_context(|| format!("reading {}", path.display()))?;
        let what = path.display();
        if bytes.len() < EPOCHS_ONLY_HEADER_LEN + 4 || &bytes[..8] != MAGIC {
            bail!("{what} is not a Kaiser training checkpoint");
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        let place_len = match version {
            EPOCHS_ONLY_VERSION => 0,
            VERSION => PLACE_LEN,
            _ => bail!(
                "{what}: checkpoint version {version}, this Kaiser reads {EPOCHS_ONLY_VERSION} \
                 and {VERSION}"
            ),
        };
        let header_len = EPOCHS_ONLY_HEADER_LEN + place_len;
        if bytes.len() < header_len + 4 {
            bail!(
                "{what}: {} bytes, too short for a checkpoint (truncated?)",
                bytes.len()
            );
        }
        if bytes[10] != variant.file_code() {
            bail!("{what} is a checkpoint of another variant's network, not {variant}'s");
        }
        let buckets = usize::from(u16::from_le_bytes([bytes[11], bytes[12]]));
        if !(1..=MAX_OUTPUT_BUCKETS).contains(&buckets) {
            bail!("{what}: {buckets} output buckets, where a network may have 1 to {MAX_OUTPUT_BUCKETS}");
        }
        let hidden = usize::from(u16::from_le_bytes([bytes[13], bytes[14]]));
        if !supported_width(hidden) {
            bail!("{what}: {hidden} hidden neurons, a width this Kaiser does not read");
        }
        let map = |at: usize| -> [u8; MAX_KING_BUCKETS] {
            bytes[at..at + MAX_KING_BUCKETS].try_into().expect("a map")
        };
        let inputs = match bytes[15] {
            0 => InputScheme::PLAIN,
            1 => InputScheme {
                king_buckets: Some([map(16), map(16 + MAX_KING_BUCKETS)]),
            },
            kind => bail!("{what}: input scheme {kind}, where this Kaiser reads 0 and 1"),
        };
        if !inputs.is_valid() {
            bail!("{what}: king bucket maps that leave a bucket unused");
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4"));
        let epoch = u32_at(AFTER_MAPS) as usize;
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8"));
        let steps = u64_at(AFTER_MAPS + 4);
        let (batches, loss_sum) = match place_len {
            0 => (0, 0.0),
            _ => (
                u64_at(AFTER_MAPS + 12) as usize,
                f64::from_bits(u64_at(AFTER_MAPS + 20)),
            ),
        };
        let len = u32_at(AFTER_MAPS + 12 + place_len) as usize;
        let wanted = Layout::of(inputs.input_count(variant), hidden, buckets).len;
        if len != wanted {
            bail!(
                "{what}: a network of {len} parameters, this Kaiser's {variant} networks of \
                 {hidden} hidden neurons with {buckets} output buckets have {wanted}"
            );
        }
        if bytes.len() != header_len + 12 * len + 4 {
            bail!(
                "{what}: {} bytes where the checkpoint needs {} (truncated?)",
                bytes.len(),
                header_len + 12 * len + 4
            );
        }
        let (body, crc) = bytes.split_at(bytes.len() - 4);
        if crc32fast::hash(body).to_le_bytes() != crc {
            bail!("{what}: checksum mismatch, the file is damaged");
        }
        let mut floats = body[header_len..]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().expect("4")));
        let mut part = || (&mut floats).take(len).collect::<Vec<f32>>();
        let params = part();
        let first_moment = part();
        let second_moment = part();
        let model = Model {
            variant,
            inputs,
            hidden,
            buckets,
            params,
        };
        Ok(Checkpoint {
            adam: Adam::new(&model, first_moment, second_moment, steps),
            model,
            epoch,
            batches,
            loss_sum,
        })
    }
}
