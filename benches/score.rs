//! Benchmarks: scoring a full 72-tile base-game position (board and feature graph built
//! from scratch, features scored during play and at the end), and validating the base
//! tile set (load, schema check, meaning checks, compile).
//!
//! Run with `cargo bench`. Targets (issue 2): scoring under 1 ms; a whole
//! `tessera validate tilesets/base.yaml` process under 20 ms (measured with hyperfine).

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use tessera::engine::play::lay_out;
use tessera::engine::{State, draw_pile};
use tessera::validate::load_tileset;
use tessera::validate_file;

fn full_base_game(c: &mut Criterion) {
    let (game, _) =
        load_tileset(Path::new("tilesets/base.yaml"), None).expect("base tile set loads");
    let players = vec!["A".to_string(), "B".to_string(), "C".to_string()];
    // Lay out the whole set once to get a legal 72-tile game with pieces.
    let mut state = State::new(&game, players.clone(), game.rules.default_options());
    state
        .place_start(game.tiles.start, tessera::Rotation::NONE)
        .expect("start tile");
    let (moves, left) = lay_out(&mut state, &draw_pile(&game), true);
    assert!(left.is_empty(), "every base tile is placed");
    assert_eq!(state.board().placed.len(), 72);

    c.bench_function("score full 72-tile base game (replay + final)", |b| {
        b.iter(|| {
            let mut s = State::new(&game, players.clone(), game.rules.default_options());
            s.place_start(game.tiles.start, tessera::Rotation::NONE)
                .expect("start tile");
            for m in &moves {
                s.apply(m, &[]).expect("a legal move");
            }
            s.final_scoring();
            black_box(s.points().iter().sum::<i64>() + s.final_points().iter().sum::<i64>())
        })
    });

    c.bench_function("final scoring of a full 72-tile board", |b| {
        b.iter(|| {
            let mut s = state.clone();
            s.final_scoring();
            black_box(s.final_points().iter().sum::<i64>())
        })
    });
}

fn validate_base(c: &mut Criterion) {
    c.bench_function("validate tilesets/base.yaml", |b| {
        b.iter(|| {
            let v = validate_file(Path::new("tilesets/base.yaml"), None).expect("readable");
            black_box(v.findings.len())
        })
    });
}

criterion_group!(benches, full_base_game, validate_base);
criterion_main!(benches);
