//! Criterion benches of move generation: perft 4 and 5 from the Empire and chess start positions.

use criterion::{criterion_group, criterion_main, Criterion};
use kaiser_rules::perft::perft;
use kaiser_rules::{Position, Variant};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for variant in [Variant::Empire, Variant::Chess] {
        for depth in [4, 5] {
            let mut pos: Position = Position::startpos(variant);
            group.bench_function(format!("{variant} startpos depth {depth}"), |b| {
                b.iter(|| perft(&mut pos, depth))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
