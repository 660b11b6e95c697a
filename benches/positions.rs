//! Benchmarks of positions at sizes that show how costs grow (issue 9): a turn log of
//! 10,000 straight road tiles along one road (and 5,000, to read the exponent), scored as
//! `tessera score --final` does (load, replay, end-of-game scoring); the same replay alone
//! from the loaded position; and a random legal game on 50 copies of the base set with 8
//! players and a supply of 1,000 followers each (about 3,600 turns, thousands of pieces on
//! the board at the end), replayed and scored, and its end-of-game scoring alone.
//!
//! Run with `cargo bench --bench positions`. The generated files are written to
//! `target/bench-positions/` (the position format, so a whole `tessera score` process can
//! be timed on them too). Target (issue 9): the 10,000-turn position scores in under 0.5 s
//! as a whole process.

#[path = "common/positions.rs"]
mod positions;

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tessera::replay::{load_position, replay};
use tessera::{ScoreOptions, score_path};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-positions")
}

const FINAL: ScoreOptions = ScoreOptions {
    final_scoring: true,
    turns: None,
};

fn long_road(c: &mut Criterion) {
    let mut group = c.benchmark_group("one long road");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for n in [5_000, 10_000] {
        let path = positions::write_long_road(&dir(), n);
        group.bench_function(format!("score {n} turns (load + replay + final)"), |b| {
            b.iter(|| {
                let r = score_path(&path, &FINAL).expect("the long road scores");
                black_box(r.points("A"))
            })
        });
        group.bench_function(
            format!("load {n} turns (read, parse, check, compile)"),
            |b| b.iter(|| black_box(load_position(&path).expect("the long road loads").options)),
        );
        let lp = load_position(&path).expect("the long road loads");
        group.bench_function(format!("replay {n} turns + final"), |b| {
            b.iter(|| {
                let mut s = replay(&lp, None).expect("the long road replays");
                s.final_scoring();
                black_box(s.final_points()[0])
            })
        });
    }
    group.finish();
}

fn random_game(c: &mut Criterion) {
    let game = positions::random_game(&dir(), 50, 8, 1_000, 2026);
    let mut group = c.benchmark_group(format!(
        "random game ({} turns, {} pieces left)",
        game.turns, game.pieces_left
    ));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("score (load + replay + final)", |b| {
        b.iter(|| {
            let r = score_path(&game.position, &FINAL).expect("the random game scores");
            black_box(r.points("P1"))
        })
    });
    let lp = load_position(&game.position).expect("the random game loads");
    let played = replay(&lp, None).expect("the random game replays");
    group.bench_function("final scoring only", |b| {
        b.iter(|| {
            let mut s = played.clone();
            s.final_scoring();
            black_box(s.final_points().iter().sum::<i64>())
        })
    });
    group.finish();
}

criterion_group!(benches, long_road, random_game);
criterion_main!(benches);
