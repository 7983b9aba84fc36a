//! The transposition table, shared by all search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the packed data, and the key XOR the data. A reader accepts an
//! entry only if the two words still agree with its key, so an entry torn by a concurrent writer
//! is simply a miss (Hyatt's lockless hashing): no data race, and no `unsafe` except two hints
//! to the hardware (the cache prefetch, and on Linux the huge-page advice below). Entries come
//! in buckets of four sharing a cache line; a store replaces the same key or else the entry with
//! the least depth, entries from older searches counting as shallower (depth-and-age
//! replacement). A table of `Hash` MiB has exactly `Hash` MiB of buckets on every system.
//!
//! The table is allocated zeroed by the system (`calloc`), which hands out fresh pages that are
//! only backed by memory when first written. A table never takes more than half of the memory
//! the system says is available, leaving room for the system, the GUI and an opponent engine.
//! On Linux the buckets start on a 2 MiB boundary and the kernel is asked to back them with
//! transparent huge pages (`madvise(MADV_HUGEPAGE)`, which Linux honours in its default
//! `madvise` mode): a probe at a random address then rarely misses the address-translation
//! cache. With 4 KiB pages those misses cost Empire's `bench` about 15% of its time and
//! self-play about 9% (interleaved runs on an idle machine, 2026-12-03).
//!
//! There a new table is then written to once a page, spread over the machine's cores, so that
//! the system backs it before any search runs (as Stockfish clears its table on `setoption
//! Hash`). Left to the search, the first probe into each fresh huge page would wait for the
//! system to find and zero it: milliseconds on a virtual machine, so with a table of 1 GiB or
//! more the first searches ran at about a thousand nodes a second and overran a 50 ms move by
//! 0.8 s, between two looks at the clock. Setting a large `Hash` therefore takes time (0.1 to
//! 1.5 s a GiB on the development machine), before `readyok`. Clearing a table no search has
//! written to since costs nothing.
//!
//! Data layout (64 bits): bits 0-15 the move, 16-31 the value, 32-47 the static eval, 48-55 the
//! depth + 1 (0 = empty), 56-57 the bound, 58-62 the search generation, 63 set where the
//! node was on a principal variation (`TtEntry::pv`).

use super::value::{from_tt, to_tt};
use super::Bound;
use kaiser_rules::types::Move;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};

const BUCKET_SIZE: usize = 4;
/// The words of a bucket: four entries of (key ^ data, data), one cache line.
const BUCKET_WORDS: usize = 2 * BUCKET_SIZE;
const BUCKET_BYTES: usize = BUCKET_WORDS * std::mem::size_of::<AtomicU64>();
const GENERATION_MASK: u8 = 31;
/// Where the buckets start: a huge page's boundary on Linux (see the module header), else a
/// cache line's.
const TABLE_ALIGN: usize = match cfg!(target_os = "linux") {
    true => 2 << 20,
    false => BUCKET_BYTES,
};

type Bucket = [AtomicU64; BUCKET_WORDS];

/// The words in a page of 4 KiB, the smallest a system backs memory by.
const PAGE_WORDS: usize = 4096 / std::mem::size_of::<AtomicU64>();
/// The fewest words (64 MiB) worth a thread of their own when a table is zeroed.
const PARALLEL_WORDS: usize = (64 << 20) / std::mem::size_of::<AtomicU64>();

/// A node's search result as the table keeps it: what a store is given and a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    pub mv: Option<Move>,
    /// As the search sees it at the node's ply, a mate counted from the root; the table keeps
    /// it relative to the node (`value::to_tt`, `value::from_tt`).
    pub value: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The node was on a principal variation, or its entry said so when it was stored.
    pub pv: bool,
}

impl TtEntry {
    /// True if the stored value settles a search of the window `(alpha, beta)`: an exact value,
    /// or a bound on the side that decides.
    pub fn decides(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.value >= beta,
            Bound::Upper => self.value <= alpha,
        }
    }
}

/// The shared hash table.
pub struct TranspositionTable {
    /// The allocation, with the alignment of a word (a larger one would make the allocator zero
    /// it by hand, touching every page), so it holds `TABLE_ALIGN` bytes more than the buckets.
    words: Vec<AtomicU64>,
    /// The buckets' words within `words`: `Hash` MiB of them, from where `TABLE_ALIGN` is met.
    table: Range<usize>,
    generation: u8,
    /// True once a search may have stored something since the table was made or cleared.
    written: bool,
}

/// The data word of `entry`, found `ply` plies below the root, stored in search `generation`.
fn pack(entry: TtEntry, ply: usize, generation: u8) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    u64::from(entry.mv.map_or(0, Move::bits))
        | u64::from(to_tt(entry.value, ply) as i16 as u16) << 16
        | u64::from(entry.eval as i16 as u16) << 32
        | ((entry.depth.clamp(0, 254) + 1) as u64) << 48
        | bound << 56
        | u64::from(generation) << 58
        | u64::from(entry.pv) << 63
}

fn depth_of(data: u64) -> i32 {
    (data >> 48 & 0xff) as i32 - 1
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8 & GENERATION_MASK
}

impl TranspositionTable {
    /// A table of (at most) `mb` MiB. If that much memory cannot be had, halves the size until
    /// it can; `size_mb` tells what was used.
    pub fn new(mb: usize) -> TranspositionTable {
        let mut mb = mb.max(1);
        loop {
            if let Some(words) = allocate(mb) {
                let misalignment = words.as_ptr() as usize % TABLE_ALIGN;
                let first = (TABLE_ALIGN - misalignment) % TABLE_ALIGN / size_of::<AtomicU64>();
                let mut table = TranspositionTable {
                    words,
                    table: first..first + (mb << 20) / size_of::<AtomicU64>(),
                    generation: 0,
                    written: false,
                };
                if advise_huge_pages(table.buckets()) {
                    zero_in_parallel(&mut table.words[table.table.clone()], PAGE_WORDS);
                }
                return table;
            }
            mb /= 2;
        }
    }

    /// The size actually allocated, in MiB.
    pub fn size_mb(&self) -> usize {
        (self.buckets().len() * BUCKET_BYTES) >> 20
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        if self.written {
            zero_in_parallel(&mut self.words[self.table.clone()], 1);
            self.written = false;
        }
        self.generation = 0;
    }

    /// Starts a new search: entries stored from now on are younger than all before.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GENERATION_MASK;
        self.written = true;
    }

    #[inline]
    fn buckets(&self) -> &[Bucket] {
        self.words[self.table.clone()].as_chunks().0
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let buckets = self.buckets();
        let index = ((u128::from(key) * buckets.len() as u128) >> 64) as usize;
        &buckets[index]
    }

    /// Asks the CPU to start loading the bucket of `key` into its cache, so that a probe made
    /// a little later does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch is only a hint to the cache: it reads no data, cannot fault,
            // and the address comes from a live reference.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if present, with its value adjusted to `ply` and to the 50-move
    /// counter `halfmove` (`value::from_tt`).
    pub fn probe(&self, key: u64, ply: usize, halfmove: u32) -> Option<TtEntry> {
        let bucket = self.bucket(key);
        for entry in bucket.chunks_exact(2) {
            let data = entry[1].load(Relaxed);
            if data != 0 && entry[0].load(Relaxed) ^ data == key {
                return Some(TtEntry {
                    mv: Move::from_bits(data as u16),
                    value: from_tt(i32::from((data >> 16) as i16), ply, halfmove),
                    eval: i32::from((data >> 32) as i16),
                    depth: depth_of(data),
                    bound: match data >> 56 & 3 {
                        0 => Bound::Exact,
                        1 => Bound::Lower,
                        _ => Bound::Upper,
                    },
                    pv: data >> 63 != 0,
                });
            }
        }
        None
    }

    /// Stores the search result `entry` for `key`, found `ply` plies below the root.
    pub fn store(&self, key: u64, ply: usize, entry: TtEntry) {
        let bucket = self.bucket(key);
        let mut victim = &bucket[0..2];
        let mut victim_worth = i32::MAX;
        for slot in bucket.chunks_exact(2) {
            let data = slot[1].load(Relaxed);
            if data != 0 && slot[0].load(Relaxed) ^ data == key {
                // Same position: keep a deeper result of this search, and keep the old move if
                // the new result has none.
                if entry.bound != Bound::Exact
                    && generation_of(data) == self.generation
                    && entry.depth + 4 <= depth_of(data)
                {
                    return;
                }
                let mv = entry.mv.or_else(|| Move::from_bits(data as u16));
                self.write(
                    slot,
                    key,
                    pack(TtEntry { mv, ..entry }, ply, self.generation),
                );
                return;
            }
            let age =
                i32::from(self.generation.wrapping_sub(generation_of(data)) & GENERATION_MASK);
            let worth = if data == 0 {
                i32::MIN
            } else {
                depth_of(data) - 8 * age
            };
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        self.write(victim, key, pack(entry, ply, self.generation));
    }

    #[inline]
    fn write(&self, entry: &[AtomicU64], key: u64, data: u64) {
        entry[0].store(key ^ data, Relaxed);
        entry[1].store(data, Relaxed);
    }

    /// Per mille of the first thousand entries that were written in the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self
            .buckets()
            .iter()
            .take(1000 / BUCKET_SIZE)
            .flat_map(|b| b.chunks_exact(2));
        let (mut used, mut total) = (0, 0);
        for entry in sample {
            let data = entry[1].load(Relaxed);
            used += u32::from(data != 0 && generation_of(data) == self.generation);
            total += 1;
        }
        used * 1000 / total.max(1)
    }
}

/// The zeroed words of a table of `mb` MiB (and `TABLE_ALIGN` bytes more, see
/// `TranspositionTable`), or `None` if the memory is not there or the table would take more than
/// half of the memory the system says is available (Linux may promise more than it has).
fn allocate(mb: usize) -> Option<Vec<AtomicU64>> {
    let bytes = mb.checked_mul(1 << 20)?;
    if available_memory().is_some_and(|available| bytes > available / 2) && mb > 1 {
        return None;
    }
    let words = bytes.checked_add(TABLE_ALIGN)? / size_of::<AtomicU64>();
    bytemuck::allocation::try_zeroed_vec(words).ok()
}

/// Writes 0 to every `stride`-th word of `words`, the work shared among the machine's cores
/// (see `zeroing_threads`): with a stride of one it empties the words, with a page's worth it
/// makes the system back every page now.
fn zero_in_parallel(words: &mut [AtomicU64], stride: usize) {
    let threads = zeroing_threads(words.len());
    zero_every(words, stride, threads);
}

/// The threads worth zeroing `words` words: one per core, each with 64 MiB or more.
fn zeroing_threads(words: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.min(words / PARALLEL_WORDS).max(1)
}

/// Writes 0 to every `stride`-th word of `words` with `threads` threads (a helper the system
/// will not start leaves its share to the others).
fn zero_every(words: &mut [AtomicU64], stride: usize, threads: usize) {
    // Parts of whole strides, so that each steps from its own first word; a few per thread, so
    // that a slow thread holds up little.
    let part_len = words.len().div_ceil(4 * threads).next_multiple_of(stride);
    let parts = Mutex::new(words.chunks_mut(part_len.max(1)));
    let work = || loop {
        let next = parts.lock().unwrap_or_else(PoisonError::into_inner).next();
        let Some(part) = next else { break };
        part.iter_mut()
            .step_by(stride)
            .for_each(|word| *word.get_mut() = 0);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
}

/// Asks Linux to back `buckets` (which start on a huge page's boundary) with transparent huge
/// pages, and says whether the kernel took the advice. Only advice: where the kernel has them
/// off or has none free, nothing changes.
fn advise_huge_pages(buckets: &[Bucket]) -> bool {
    #[cfg(target_os = "linux")]
    // SAFETY: madvise only changes how the kernel backs these pages of our own live
    // allocation; MADV_HUGEPAGE keeps their contents, and a failure leaves them as they were.
    unsafe {
        libc::madvise(
            buckets.as_ptr().cast_mut().cast(),
            std::mem::size_of_val(buckets),
            libc::MADV_HUGEPAGE,
        ) == 0
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = buckets;
        false
    }
}

/// `MemAvailable` from `/proc/meminfo`, in bytes, where the system has it.
fn available_memory() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::value::{mate_in, mated_in, MAX_EVAL};
    use kaiser_rules::types::Square;

    fn result(
        mv: Option<Move>,
        value: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) -> TtEntry {
        TtEntry {
            mv,
            value,
            eval,
            depth,
            bound,
            pv,
        }
    }

    fn e2e4() -> Move {
        Move::normal(Square::parse("e2").unwrap(), Square::parse("e4").unwrap())
    }

    #[test]
    fn stores_and_probes() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.size_mb(), 1);
        assert!(tt.probe(0x1234, 0, 0).is_none());
        tt.store(
            0x1234,
            3,
            result(Some(e2e4()), -57, 12, 7, Bound::Lower, false),
        );
        let hit = tt.probe(0x1234, 3, 0).unwrap();
        assert_eq!(
            hit,
            TtEntry {
                mv: Some(e2e4()),
                value: -57,
                eval: 12,
                depth: 7,
                bound: Bound::Lower,
                pv: false,
            }
        );
        assert!(tt.probe(0x1235, 3, 0).is_none());
        tt.store(0x1235, 3, result(None, 0, 0, 1, Bound::Upper, true));
        assert!(tt.probe(0x1235, 3, 0).unwrap().pv);
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Found at ply 4: mate 3 plies below that node.
        tt.store(42, 4, result(None, mate_in(7), 0, 5, Bound::Exact, false));
        // Reached again at ply 2 the same mate is 5 plies from the root.
        assert_eq!(tt.probe(42, 2, 0).unwrap().value, mate_in(5));
        tt.store(43, 6, result(None, mated_in(9), 0, 5, Bound::Exact, false));
        assert_eq!(tt.probe(43, 1, 0).unwrap().value, mated_in(4));
    }

    #[test]
    fn a_mate_the_fifty_move_counter_outruns_is_read_as_no_mate() {
        let tt = TranspositionTable::new(1);
        // Mate 3 plies below the node: real with the counter at 97, not at 98.
        tt.store(42, 4, result(None, mate_in(7), 0, 5, Bound::Exact, false));
        assert_eq!(tt.probe(42, 4, 97).unwrap().value, mate_in(7));
        assert_eq!(tt.probe(42, 4, 98).unwrap().value, MAX_EVAL);
    }

    #[test]
    fn keeps_the_move_and_prefers_deep_entries() {
        let tt = TranspositionTable::new(1);
        tt.store(7, 0, result(Some(e2e4()), 10, 0, 9, Bound::Exact, false));
        tt.store(7, 0, result(None, 20, 0, 10, Bound::Upper, false));
        assert_eq!(tt.probe(7, 0, 0).unwrap().mv, Some(e2e4()));
        tt.store(7, 0, result(None, 30, 0, 2, Bound::Upper, false));
        assert_eq!(
            tt.probe(7, 0, 0).unwrap().value,
            20,
            "a much shallower bound does not replace"
        );
    }

    #[test]
    fn clear_and_hashfull() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        for key in 0..100_000u64 {
            let key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            tt.store(key, 0, result(None, 0, 0, 1, Bound::Exact, key % 2 == 0));
        }
        // The principal-variation flag beside the generation leaves the age alone.
        assert!(tt.hashfull() > 500);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn buckets_fill_the_size_asked_for_and_start_on_cache_lines() {
        for mb in [1, 3, 16] {
            let tt = TranspositionTable::new(mb);
            assert_eq!(tt.size_mb(), mb);
            assert_eq!(tt.buckets().len() * BUCKET_BYTES, mb << 20);
            assert_eq!(tt.buckets().as_ptr() as usize % TABLE_ALIGN, 0);
            assert_eq!(tt.hashfull(), 0);
        }
    }

    #[test]
    fn zeroing_reaches_every_stride_of_every_part() {
        for (len, stride, threads) in [
            (10_000, 1, 3),
            (10_000, PAGE_WORDS, 3),
            (7, 1, 4),
            (0, 1, 2),
        ] {
            let mut words: Vec<AtomicU64> = (0..len).map(|_| AtomicU64::new(1)).collect();
            zero_every(&mut words, stride, threads);
            for (i, word) in words.iter().enumerate() {
                assert_eq!(word.load(Relaxed), u64::from(i % stride != 0), "word {i}");
            }
        }
        assert_eq!(zeroing_threads(PARALLEL_WORDS - 1), 1);
    }

    /// The system backs a new table before any search probes it (`mincore` says which pages
    /// are in memory).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_new_table_is_backed_before_any_search() {
        let tt = TranspositionTable::new(8);
        let buckets = tt.buckets();
        if !advise_huge_pages(buckets) {
            return; // a kernel without huge pages: the table is left to back itself
        }
        let pages = std::mem::size_of_val(buckets).div_ceil(4096);
        let mut resident = vec![0u8; pages];
        // SAFETY: mincore reads the kernel's page tables for our own live allocation, whose
        // start is page-aligned (a huge page's boundary), and writes one byte a page into
        // `resident`, which has room for every page.
        let status = unsafe {
            libc::mincore(
                buckets.as_ptr().cast_mut().cast(),
                pages * 4096,
                resident.as_mut_ptr(),
            )
        };
        assert_eq!(status, 0);
        assert!(resident.iter().all(|&page| page & 1 == 1));
    }

    #[test]
    fn impossible_sizes_are_refused_not_fatal() {
        assert!(allocate(usize::MAX >> 20).is_none());
        assert!(allocate(usize::MAX).is_none());
    }
}
