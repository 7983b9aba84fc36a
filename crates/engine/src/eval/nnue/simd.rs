//! The network's two hot loops, each written three times: with AVX2 through `std::arch`, chosen
//! at run time where the processor has it; with WebAssembly's SIMD128, in a browser build made
//! with it (`.cargo/config.toml` turns it on); and portably. All work in wrapping integer
//! arithmetic in the same order of lanes, so they give bit-identical results (a test checks
//! AVX2's; the browser's `bench` gives the native node count, which checks SIMD128's).

use super::HIDDEN;

/// A row of the first layer: one weight per hidden neuron.
pub type Row = [i16; HIDDEN];

/// `dst = src + the rows of adds - the rows of subs`, lane by lane, wrapping.
#[inline]
pub fn add_sub(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { avx2::add_sub(dst, src, adds, subs) };
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd128::add_sub(dst, src, adds, subs);
    #[allow(unreachable_code)]
    portable::add_sub(dst, src, adds, subs)
}

/// `sum over i of c(acc[i]) * c(acc[i]) * weights[i]`, where `c` clamps to `0..=ceiling`, in
/// wrapping 32-bit arithmetic, with `c(acc[i]) * weights[i]` taken to 16 bits first (the
/// exporter keeps weights small enough that this never wraps).
#[inline]
pub fn screlu_dot(acc: &Row, weights: &Row, ceiling: i16) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { avx2::screlu_dot(acc, weights, ceiling) };
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd128::screlu_dot(acc, weights, ceiling);
    #[allow(unreachable_code)]
    portable::screlu_dot(acc, weights, ceiling)
}

pub mod portable {
    use super::Row;

    pub fn add_sub(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
        *dst = *src;
        for row in adds {
            for (d, w) in dst.iter_mut().zip(row.iter()) {
                *d = d.wrapping_add(*w);
            }
        }
        for row in subs {
            for (d, w) in dst.iter_mut().zip(row.iter()) {
                *d = d.wrapping_sub(*w);
            }
        }
    }

    pub fn screlu_dot(acc: &Row, weights: &Row, ceiling: i16) -> i32 {
        acc.iter().zip(weights).fold(0i32, |sum, (&a, &w)| {
            let v = a.clamp(0, ceiling);
            let vw = v.wrapping_mul(w);
            sum.wrapping_add(i32::from(vw) * i32::from(v))
        })
    }
}

#[cfg(target_arch = "x86_64")]
pub mod avx2 {
    use super::{Row, HIDDEN};
    use std::arch::x86_64::*;

    /// Lanes of 16 bits in a 256-bit register.
    const LANES: usize = 16;
    /// Registers in a row of the first layer.
    const CHUNKS: usize = HIDDEN / LANES;
    const _: () = assert!(HIDDEN.is_multiple_of(LANES));

    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add_sub(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
        // The whole row stays in registers while every added and subtracted row passes once.
        let mut regs = [_mm256_setzero_si256(); CHUNKS];
        for (c, reg) in regs.iter_mut().enumerate() {
            *reg = _mm256_loadu_si256(src.as_ptr().add(c * LANES).cast());
        }
        for row in adds {
            for (c, reg) in regs.iter_mut().enumerate() {
                *reg =
                    _mm256_add_epi16(*reg, _mm256_loadu_si256(row.as_ptr().add(c * LANES).cast()));
            }
        }
        for row in subs {
            for (c, reg) in regs.iter_mut().enumerate() {
                *reg =
                    _mm256_sub_epi16(*reg, _mm256_loadu_si256(row.as_ptr().add(c * LANES).cast()));
            }
        }
        for (c, reg) in regs.iter().enumerate() {
            _mm256_storeu_si256(dst.as_mut_ptr().add(c * LANES).cast(), *reg);
        }
    }

    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn screlu_dot(acc: &Row, weights: &Row, ceiling: i16) -> i32 {
        let zero = _mm256_setzero_si256();
        let ceiling = _mm256_set1_epi16(ceiling);
        let mut sum = _mm256_setzero_si256();
        for i in (0..HIDDEN).step_by(LANES) {
            let v = _mm256_loadu_si256(acc.as_ptr().add(i).cast());
            let v = _mm256_min_epi16(_mm256_max_epi16(v, zero), ceiling);
            let w = _mm256_loadu_si256(weights.as_ptr().add(i).cast());
            let vw = _mm256_mullo_epi16(v, w);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
        }
        let halves = _mm_add_epi32(
            _mm256_castsi256_si128(sum),
            _mm256_extracti128_si256::<1>(sum),
        );
        let pairs = _mm_add_epi32(halves, _mm_shuffle_epi32::<0b01_00_11_10>(halves));
        let total = _mm_add_epi32(pairs, _mm_shuffle_epi32::<0b10_11_00_01>(pairs));
        _mm_cvtsi128_si32(total)
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub mod simd128 {
    use super::{Row, HIDDEN};
    use std::arch::wasm32::*;

    /// Lanes of 16 bits in a 128-bit register.
    const LANES: usize = 8;
    /// Registers in a row of the first layer.
    const CHUNKS: usize = HIDDEN / LANES;
    const _: () = assert!(HIDDEN.is_multiple_of(LANES));

    fn load(row: &Row, chunk: usize) -> v128 {
        // SAFETY: `chunk < CHUNKS`, so the 16 bytes read lie inside the row; unaligned loads
        // are allowed.
        unsafe { v128_load(row.as_ptr().add(chunk * LANES).cast()) }
    }

    pub fn add_sub(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
        let mut regs = [i16x8_splat(0); CHUNKS];
        for (c, reg) in regs.iter_mut().enumerate() {
            *reg = load(src, c);
        }
        for row in adds {
            for (c, reg) in regs.iter_mut().enumerate() {
                *reg = i16x8_add(*reg, load(row, c));
            }
        }
        for row in subs {
            for (c, reg) in regs.iter_mut().enumerate() {
                *reg = i16x8_sub(*reg, load(row, c));
            }
        }
        for (c, reg) in regs.iter().enumerate() {
            // SAFETY: as in `load`, the 16 bytes written lie inside the row.
            unsafe { v128_store(dst.as_mut_ptr().add(c * LANES).cast(), *reg) };
        }
    }

    pub fn screlu_dot(acc: &Row, weights: &Row, ceiling: i16) -> i32 {
        let zero = i16x8_splat(0);
        let ceiling = i16x8_splat(ceiling);
        let mut sum = i32x4_splat(0);
        for c in 0..CHUNKS {
            let v = i16x8_min(i16x8_max(load(acc, c), zero), ceiling);
            let vw = i16x8_mul(v, load(weights, c));
            sum = i32x4_add(sum, i32x4_dot_i16x8(vw, v));
        }
        i32x4_extract_lane::<0>(sum)
            .wrapping_add(i32x4_extract_lane::<1>(sum))
            .wrapping_add(i32x4_extract_lane::<2>(sum))
            .wrapping_add(i32x4_extract_lane::<3>(sum))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn random_row(rng: &mut StdRng, range: i16) -> Row {
        std::array::from_fn(|_| rng.gen_range(-range..=range))
    }

    #[test]
    fn simd_and_portable_paths_agree_exactly() {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            let mut rng = StdRng::seed_from_u64(7);
            for round in 0..2000 {
                // Some rounds with values large enough to wrap.
                let range = if round % 4 == 0 { i16::MAX } else { 600 };
                let (src, a, b, s) = (
                    random_row(&mut rng, range),
                    random_row(&mut rng, range),
                    random_row(&mut rng, range),
                    random_row(&mut rng, range),
                );
                let (mut fast, mut slow) = ([0; HIDDEN], [0; HIDDEN]);
                unsafe { avx2::add_sub(&mut fast, &src, &[&a, &b], &[&s]) };
                portable::add_sub(&mut slow, &src, &[&a, &b], &[&s]);
                assert_eq!(fast, slow);
                let weights = random_row(&mut rng, if round % 4 == 0 { i16::MAX } else { 127 });
                assert_eq!(
                    unsafe { avx2::screlu_dot(&src, &weights, 255) },
                    portable::screlu_dot(&src, &weights, 255)
                );
            }
        }
    }
}
