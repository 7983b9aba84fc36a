//! Gives the browser module a stack deep enough for the search's recursion (natively the search
//! runs on threads with a 64 MiB stack; WebAssembly's default is 1 MiB).

fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target == "wasm32-unknown-unknown" {
        println!("cargo:rustc-link-arg-cdylib=-zstack-size={}", 16 << 20);
    }
    println!("cargo:rerun-if-changed=build.rs");
}
