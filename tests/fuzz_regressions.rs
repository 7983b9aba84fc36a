//! The fuzz targets' saved inputs, replayed: the seeds (`fuzz/seeds/`) and every input that once
//! found a fault (`fuzz/regressions/`), through the same checks the fuzzers make
//! (`fuzz/src/`, included here so that the fuzzers and this test never disagree). The UCI and
//! XBoard sessions run on the built binary, which must take every line and exit cleanly at the
//! end of input. `fuzz/README.md` says how to run the fuzzers themselves.

mod common;
#[path = "../fuzz/src/lib.rs"]
mod harness;

use std::fs;
use std::path::Path;

/// The saved inputs of `target`, with their paths.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut found = Vec::new();
    for folder in ["seeds", "regressions"] {
        let Ok(entries) = fs::read_dir(root.join(folder).join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable folder").path();
            let bytes = fs::read(&path).expect("a readable input");
            found.push((path.display().to_string(), bytes));
        }
    }
    found.sort();
    found
}

/// Runs `lines` through the binary, as a GUI would send them, to a clean exit.
fn session(lines: &[String]) {
    let mut engine = common::Engine::start();
    for line in lines {
        engine.send(line);
    }
    engine.close();
}

#[test]
fn the_saved_inputs_pass_every_check() {
    for (target, check) in harness::TARGETS {
        let inputs = inputs(target);
        assert!(
            !inputs.is_empty() || target == "book" || target == "net",
            "no inputs for {target}"
        );
        for (path, bytes) in inputs {
            eprintln!("{path}");
            match target {
                "uci" => session(&harness::uci_lines(&bytes)),
                "xboard" => session(&harness::xboard_lines(&bytes)),
                _ => check(&bytes),
            }
        }
    }
}

/// The project's own books and networks, which the book and network targets start from.
#[test]
fn the_project_books_and_networks_pass_their_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for variant in ["chess", "empire", "orda"] {
        harness::book(&fs::read(root.join(format!("book/{variant}.bin"))).expect("a book"));
        let net = fs::read(root.join(format!("crates/engine/nets/{variant}.nnue"))).expect("a net");
        // As the network target's seeds: the first byte asks for the checksum to be made right.
        harness::net(&[&[1][..], &net].concat());
    }
}
