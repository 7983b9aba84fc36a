//! A small per-thread cache of static evaluations by position key. The evaluation is a pure
//! function of the position, so a hit gives back exactly what `evaluate` would; quiescence
//! search, which leaves the transposition table alone, meets the same leaves again and again
//! through transpositions.

/// Entries in the cache (a power of two): 512 KiB, at home in the L2 cache.
const ENTRIES: usize = 1 << 16;

/// Each entry packs the key's upper 32 bits (the check) with the value (the lower 32 bits).
pub struct EvalCache {
    entries: Vec<u64>,
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache {
            entries: vec![0; ENTRIES],
        }
    }
}

impl EvalCache {
    /// Forgets every value (when the evaluation changes, or on `ucinewgame`).
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The value cached for `key`, or `compute()`'s, which is then cached.
    #[inline]
    pub fn get_or_insert(&mut self, key: u64, compute: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.entries[key as usize & (ENTRIES - 1)];
        let check = key >> 32;
        if *slot >> 32 == check && *slot != 0 {
            return *slot as u32 as i32;
        }
        let value = compute();
        *slot = (check << 32) | u64::from(value as u32);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_returns_the_stored_value_and_a_different_key_recomputes() {
        let mut cache = EvalCache::default();
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(cache.get_or_insert(key, || -321), -321);
        assert_eq!(cache.get_or_insert(key, || unreachable!()), -321);
        let same_slot = key ^ (1 << 40);
        assert_eq!(cache.get_or_insert(same_slot, || 77), 77);
        assert_eq!(cache.get_or_insert(key, || 5), 5);
    }
}
