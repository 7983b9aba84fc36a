//! The network's two hot loops, for each instruction set: AVX-512 (and VNNI's fused
//! multiply-add where the processor has it), AVX2, WebAssembly's SIMD128 (in a browser build
//! made with it: `.cargo/config.toml` turns it on), and portably. On x86-64 the processor's best
//! is chosen once, at the first use (`Simd::detected`; `KAISER_SIMD=portable|avx2|avx512` asks
//! for a lesser one, to compare them). All work in wrapping integer arithmetic, where the order
//! of the sums does not matter, so they give bit-identical results (a test checks every set the
//! processor has; the browser's `bench` gives the native node count, which checks SIMD128's).
//!
//! Rows are slices of `width` lanes, `width` a multiple of `LANE_BLOCK`; the weights' rows start
//! on 64-byte boundaries (`network::Rows`), so the wide loads never split a cache line. The
//! loops of every set are one shape (`add_sub_kernel!`, `screlu_dot_kernel!`), written once.

use once_cell::sync::Lazy;

/// Lanes handled by one pass of the loops: eight AVX2, four AVX-512 or sixteen SIMD128
/// registers, kept in registers while every added and subtracted row passes once. A row's
/// width is a multiple.
pub const LANE_BLOCK: usize = 128;

/// The instruction sets the loops can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simd {
    Portable,
    Avx2,
    Avx512,
    /// AVX-512 with VNNI's 16-bit multiply-and-add into 32 bits.
    Avx512Vnni,
    /// WebAssembly's 128-bit SIMD, fixed when the module is built.
    Simd128,
}

/// The set in use, chosen once.
static IN_USE: Lazy<Simd> = Lazy::new(|| {
    let best = Simd::detected();
    match std::env::var("KAISER_SIMD").as_deref() {
        Ok("portable") => Simd::Portable,
        Ok("avx2") if matches!(best, Simd::Avx512 | Simd::Avx512Vnni) => Simd::Avx2,
        Ok("avx512") if best == Simd::Avx512Vnni => Simd::Avx512,
        _ => best,
    }
});

impl Simd {
    /// The best set this processor (or this module) has.
    pub fn detected() -> Simd {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw")
            {
                return if std::is_x86_feature_detected!("avx512vnni") {
                    Simd::Avx512Vnni
                } else {
                    Simd::Avx512
                };
            }
            if std::is_x86_feature_detected!("avx2") {
                return Simd::Avx2;
            }
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        return Simd::Simd128;
        #[allow(unreachable_code)]
        Simd::Portable
    }

    /// The set the engine uses.
    #[inline]
    pub fn in_use() -> Simd {
        *IN_USE
    }

    /// `dst = src + the rows of adds - the rows of subs`, lane by lane, wrapping.
    #[inline]
    pub fn add_sub(self, dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        assert!(dst.len() == src.len() && src.len().is_multiple_of(LANE_BLOCK));
        assert!(adds.iter().chain(subs).all(|row| row.len() == src.len()));
        match self {
            // SAFETY: `detected` found the instructions on this processor, and the rows'
            // lengths (checked above) are the loops' bounds.
            #[cfg(target_arch = "x86_64")]
            Simd::Avx512 | Simd::Avx512Vnni => unsafe { avx512::add_sub(dst, src, adds, subs) },
            #[cfg(target_arch = "x86_64")]
            Simd::Avx2 => unsafe { avx2::add_sub(dst, src, adds, subs) },
            // SAFETY: as above; the module was built with SIMD128.
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Simd::Simd128 => unsafe { simd128::add_sub(dst, src, adds, subs) },
            _ => portable::add_sub(dst, src, adds, subs),
        }
    }

    /// `sum over i of c(acc[i]) * c(acc[i]) * weights[i]`, where `c` clamps to `0..=ceiling`, in
    /// wrapping 32-bit arithmetic, with `c(acc[i]) * weights[i]` taken to 16 bits first (the
    /// exporter keeps weights small enough that this never wraps).
    #[inline]
    pub fn screlu_dot(self, acc: &[i16], weights: &[i16], ceiling: i16) -> i32 {
        assert!(acc.len() == weights.len() && acc.len().is_multiple_of(LANE_BLOCK));
        match self {
            // SAFETY: as in `add_sub`.
            #[cfg(target_arch = "x86_64")]
            Simd::Avx512Vnni => unsafe { avx512::screlu_dot_vnni(acc, weights, ceiling) },
            #[cfg(target_arch = "x86_64")]
            Simd::Avx512 => unsafe { avx512::screlu_dot(acc, weights, ceiling) },
            #[cfg(target_arch = "x86_64")]
            Simd::Avx2 => unsafe { avx2::screlu_dot(acc, weights, ceiling) },
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Simd::Simd128 => unsafe { simd128::screlu_dot(acc, weights, ceiling) },
            _ => portable::screlu_dot(acc, weights, ceiling),
        }
    }
}

pub mod portable {
    pub fn add_sub(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        dst.copy_from_slice(src);
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

    pub fn screlu_dot(acc: &[i16], weights: &[i16], ceiling: i16) -> i32 {
        acc.iter().zip(weights).fold(0i32, |sum, (&a, &w)| {
            let v = a.clamp(0, ceiling);
            let vw = v.wrapping_mul(w);
            sum.wrapping_add(i32::from(vw) * i32::from(v))
        })
    }
}

/// The body of `add_sub` for one instruction set whose registers hold `$lanes` lanes: a block
/// of `LANE_BLOCK` lanes at a time stays in registers while every added and subtracted row
/// passes once. `$load(ptr)`, `$store(ptr, reg)`, `$add(a, b)` and `$sub(a, b)` are the set's
/// 16-bit loads, stores and wrapping sums; `$zero` an empty register. Unsafe: it reads and
/// writes through raw pointers within the rows' common length.
#[allow(unused_macros)]
macro_rules! add_sub_kernel {
    ($dst:ident, $src:ident, $adds:ident, $subs:ident, $lanes:expr, $zero:expr,
     $load:expr, $store:expr, $add:expr, $sub:expr) => {{
        const REGS: usize = LANE_BLOCK / $lanes;
        for block in (0..$src.len()).step_by(LANE_BLOCK) {
            let at = |row: &[i16], r: usize| row.as_ptr().add(block + r * $lanes).cast();
            let mut regs = [$zero; REGS];
            for (r, reg) in regs.iter_mut().enumerate() {
                *reg = $load(at($src, r));
            }
            for row in $adds {
                for (r, reg) in regs.iter_mut().enumerate() {
                    *reg = $add(*reg, $load(at(row, r)));
                }
            }
            for row in $subs {
                for (r, reg) in regs.iter_mut().enumerate() {
                    *reg = $sub(*reg, $load(at(row, r)));
                }
            }
            for (r, reg) in regs.iter().enumerate() {
                $store($dst.as_mut_ptr().add(block + r * $lanes).cast(), *reg);
            }
        }
    }};
}

/// The loop of `screlu_dot` for one instruction set: for each register of `$lanes` lanes, the
/// activation `v` clamped to `$zero..=$ceiling` and its product `vw` with the weights (16-bit,
/// wrapping), handed to `$accumulate(vw, v)`. Unsafe as `add_sub_kernel!`.
#[allow(unused_macros)]
macro_rules! screlu_dot_kernel {
    ($acc:ident, $weights:ident, $lanes:expr, $zero:expr, $ceiling:expr,
     $load:expr, $max:expr, $min:expr, $mul:expr, $accumulate:expr) => {{
        for block in (0..$acc.len()).step_by(LANE_BLOCK) {
            for r in 0..LANE_BLOCK / $lanes {
                let i = block + r * $lanes;
                let v = $min($max($load($acc.as_ptr().add(i).cast()), $zero), $ceiling);
                let w = $load($weights.as_ptr().add(i).cast());
                $accumulate($mul(v, w), v);
            }
        }
    }};
}

#[cfg(target_arch = "x86_64")]
pub mod avx2 {
    use super::LANE_BLOCK;
    use std::arch::x86_64::*;

    /// # Safety
    /// The processor must have AVX2; every row as long as `src`, a multiple of `LANE_BLOCK`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add_sub(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        add_sub_kernel!(
            dst,
            src,
            adds,
            subs,
            16,
            _mm256_setzero_si256(),
            |p| _mm256_loadu_si256(p),
            |p, r| _mm256_storeu_si256(p, r),
            |a, b| _mm256_add_epi16(a, b),
            |a, b| _mm256_sub_epi16(a, b)
        );
    }

    /// # Safety
    /// The processor must have AVX2; `weights` as long as `acc`, a multiple of `LANE_BLOCK`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn screlu_dot(acc: &[i16], weights: &[i16], ceiling: i16) -> i32 {
        let mut sum = _mm256_setzero_si256();
        screlu_dot_kernel!(
            acc,
            weights,
            16,
            _mm256_setzero_si256(),
            _mm256_set1_epi16(ceiling),
            |p| _mm256_loadu_si256(p),
            |a, b| _mm256_max_epi16(a, b),
            |a, b| _mm256_min_epi16(a, b),
            |a, b| _mm256_mullo_epi16(a, b),
            |vw, v| sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v))
        );
        let halves = _mm_add_epi32(
            _mm256_castsi256_si128(sum),
            _mm256_extracti128_si256::<1>(sum),
        );
        let pairs = _mm_add_epi32(halves, _mm_shuffle_epi32::<0b01_00_11_10>(halves));
        let total = _mm_add_epi32(pairs, _mm_shuffle_epi32::<0b10_11_00_01>(pairs));
        _mm_cvtsi128_si32(total)
    }
}

#[cfg(target_arch = "x86_64")]
pub mod avx512 {
    use super::LANE_BLOCK;
    use std::arch::x86_64::*;

    /// # Safety
    /// The processor must have AVX-512 F and BW; every row as long as `src`, a multiple of
    /// `LANE_BLOCK`.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn add_sub(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        add_sub_kernel!(
            dst,
            src,
            adds,
            subs,
            32,
            _mm512_setzero_si512(),
            |p| _mm512_loadu_si512(p),
            |p, r| _mm512_storeu_si512(p, r),
            |a, b| _mm512_add_epi16(a, b),
            |a, b| _mm512_sub_epi16(a, b)
        );
    }

    /// # Safety
    /// The processor must have AVX-512 F and BW; `weights` as long as `acc`, a multiple of
    /// `LANE_BLOCK`.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn screlu_dot(acc: &[i16], weights: &[i16], ceiling: i16) -> i32 {
        let mut sum = _mm512_setzero_si512();
        screlu_dot_kernel!(
            acc,
            weights,
            32,
            _mm512_setzero_si512(),
            _mm512_set1_epi16(ceiling),
            |p| _mm512_loadu_si512(p),
            |a, b| _mm512_max_epi16(a, b),
            |a, b| _mm512_min_epi16(a, b),
            |a, b| _mm512_mullo_epi16(a, b),
            |vw, v| sum = _mm512_add_epi32(sum, _mm512_madd_epi16(vw, v))
        );
        _mm512_reduce_add_epi32(sum)
    }

    /// `screlu_dot` with VNNI's fused multiply-add.
    ///
    /// # Safety
    /// The processor must have AVX-512 F, BW and VNNI; `weights` as long as `acc`, a multiple
    /// of `LANE_BLOCK`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
    pub unsafe fn screlu_dot_vnni(acc: &[i16], weights: &[i16], ceiling: i16) -> i32 {
        let mut sum = _mm512_setzero_si512();
        screlu_dot_kernel!(
            acc,
            weights,
            32,
            _mm512_setzero_si512(),
            _mm512_set1_epi16(ceiling),
            |p| _mm512_loadu_si512(p),
            |a, b| _mm512_max_epi16(a, b),
            |a, b| _mm512_min_epi16(a, b),
            |a, b| _mm512_mullo_epi16(a, b),
            |vw, v| sum = _mm512_dpwssd_epi32(sum, vw, v)
        );
        _mm512_reduce_add_epi32(sum)
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub mod simd128 {
    use super::LANE_BLOCK;
    use std::arch::wasm32::*;

    /// # Safety
    /// Every row as long as `src`, a multiple of `LANE_BLOCK`.
    pub unsafe fn add_sub(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        add_sub_kernel!(
            dst,
            src,
            adds,
            subs,
            8,
            i16x8_splat(0),
            |p| v128_load(p),
            |p, r| v128_store(p, r),
            i16x8_add,
            i16x8_sub
        );
    }

    /// # Safety
    /// `weights` as long as `acc`, a multiple of `LANE_BLOCK`.
    pub unsafe fn screlu_dot(acc: &[i16], weights: &[i16], ceiling: i16) -> i32 {
        let mut sum = i32x4_splat(0);
        screlu_dot_kernel!(
            acc,
            weights,
            8,
            i16x8_splat(0),
            i16x8_splat(ceiling),
            |p| v128_load(p),
            i16x8_max,
            i16x8_min,
            i16x8_mul,
            |vw, v| sum = i32x4_add(sum, i32x4_dot_i16x8(vw, v))
        );
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

    fn random_row(rng: &mut StdRng, width: usize, range: i16) -> Vec<i16> {
        (0..width).map(|_| rng.gen_range(-range..=range)).collect()
    }

    /// Every set this processor has gives the portable loops' results exactly, at every width.
    #[test]
    fn every_simd_path_agrees_exactly_with_the_portable_one() {
        let all = [Simd::Avx2, Simd::Avx512, Simd::Avx512Vnni];
        let available: Vec<Simd> = match Simd::detected() {
            Simd::Avx2 => all[..1].to_vec(),
            Simd::Avx512 => all[..2].to_vec(),
            Simd::Avx512Vnni => all.to_vec(),
            Simd::Simd128 => vec![Simd::Simd128],
            Simd::Portable => vec![],
        };
        let mut rng = StdRng::seed_from_u64(7);
        for round in 0..600 {
            let width = LANE_BLOCK * (1 + round % 8);
            // Some rounds with values large enough to wrap.
            let range = if round % 4 == 0 { i16::MAX } else { 600 };
            let row = |rng: &mut StdRng| random_row(rng, width, range);
            let (src, a, b, s) = (row(&mut rng), row(&mut rng), row(&mut rng), row(&mut rng));
            let weights = random_row(&mut rng, width, if round % 4 == 0 { i16::MAX } else { 127 });
            let mut slow = vec![0; width];
            portable::add_sub(&mut slow, &src, &[&a, &b], &[&s]);
            let slow_dot = portable::screlu_dot(&src, &weights, 255);
            for &simd in &available {
                let mut fast = vec![0; width];
                simd.add_sub(&mut fast, &src, &[&a, &b], &[&s]);
                assert_eq!(fast, slow, "{simd:?}");
                assert_eq!(simd.screlu_dot(&src, &weights, 255), slow_dot, "{simd:?}");
            }
        }
    }
}
