//! The trainer's hot loops compiled for the widest vector instructions this processor has:
//! `fastest` runs a closure inside a function built for AVX-512 or AVX2 (chosen once, as the
//! engine's network chooses, so `KAISER_SIMD` narrows it too), where the compiler vectorises
//! the plain loops inlined into it. The arithmetic is the same on every path (no fused
//! multiply-adds, the same lanes summed in the same order), so the results are bit-identical.

use kaiser_engine::eval::nnue::simd::Simd;

/// Floats summed side by side in a dot product, so that the compiler may vectorise it without
/// reordering the additions: lane `l` sums elements `l`, `l + LANES`, ... in order.
pub const LANES: usize = 16;

/// Runs `body` compiled for the best instruction set in use: `body` must be an
/// `#[inline(always)]` closure, whose loops are then compiled inside each path.
#[inline(always)]
pub fn fastest<R>(body: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        match Simd::in_use() {
            // SAFETY: the engine chose these sets only where the processor has them.
            Simd::Avx512 | Simd::Avx512Vnni => return unsafe { avx512(body) },
            Simd::Avx2 => return unsafe { avx2(body) },
            _ => {}
        }
    }
    body()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx2")]
unsafe fn avx512<R>(body: impl FnOnce() -> R) -> R {
    body()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn avx2<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// Floats of a row handled at once, kept in registers while the rows go by (64: four AVX-512
/// registers, eight AVX2 ones, sixteen SSE ones); every width the engine reads is a multiple.
const BLOCK: usize = 64;

/// `acc = bias + the rows of table (each `bias.len()` long) that `rows` lists`, a block of
/// each row at a time so that the sums stay in registers; the additions are made in the order
/// `rows` gives, as one row after another would.
#[inline(always)]
pub fn sum_rows(acc: &mut [f32], bias: &[f32], table: &[f32], rows: &[u16]) {
    let width = bias.len();
    for (at, (acc, bias)) in acc
        .chunks_exact_mut(BLOCK)
        .zip(bias.chunks_exact(BLOCK))
        .enumerate()
    {
        let mut sum: [f32; BLOCK] = bias.try_into().expect("a block");
        for &row in rows {
            let block = &table[usize::from(row) * width + at * BLOCK..][..BLOCK];
            for l in 0..BLOCK {
                sum[l] += block[l];
            }
        }
        acc.copy_from_slice(&sum);
    }
}

/// Adds `delta` (`width` long) to each row of `table` that `rows` lists, a block at a time so
/// that `delta`'s block stays in registers.
#[inline(always)]
pub fn add_to_rows(table: &mut [f32], delta: &[f32], rows: &[u16]) {
    let width = delta.len();
    for (at, delta) in delta.chunks_exact(BLOCK).enumerate() {
        let delta: [f32; BLOCK] = delta.try_into().expect("a block");
        for &row in rows {
            let block = &mut table[usize::from(row) * width + at * BLOCK..][..BLOCK];
            for l in 0..BLOCK {
                block[l] += delta[l];
            }
        }
    }
}

/// `dst += src`, element by element.
#[inline(always)]
pub fn add(dst: &mut [f32], src: &[f32]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d += s;
    }
}

/// The sum of `f(a[i], b[i])` over `i`, in `LANES` partial sums (lengths a multiple of it).
#[inline(always)]
pub fn dot(a: &[f32], b: &[f32], f: impl Fn(f32, f32) -> f32) -> f32 {
    let mut lanes = [0.0f32; LANES];
    for (a, b) in a.chunks_exact(LANES).zip(b.chunks_exact(LANES)) {
        for l in 0..LANES {
            lanes[l] += f(a[l], b[l]);
        }
    }
    lanes.iter().sum()
}
