//! The engine's clock. Natively it is `std::time::Instant`. In the browser build
//! (`wasm32-unknown-unknown`, where `std::time::Instant::now` panics) it is an `Instant` of its
//! own on the page's monotonic clock in milliseconds (`performance.now()`), which the host
//! provides as the import `now_ms` of the module `kaiser` (see `crates/wasm`).

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use host::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod host {
    use std::time::Duration;

    #[link(wasm_import_module = "kaiser")]
    extern "C" {
        /// Milliseconds on the host's monotonic clock.
        fn now_ms() -> f64;
    }

    /// A moment on the host's monotonic clock, with the part of `std::time::Instant`'s API that
    /// the engine uses.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        pub fn now() -> Instant {
            // SAFETY: the import takes nothing and returns a number.
            Instant(unsafe { now_ms() })
        }

        pub fn duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64((self.0 - earlier.0).max(0.0) / 1000.0)
        }

        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }
    }
}
