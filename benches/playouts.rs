//! Benchmarks: whole random games (issue 10), one per bundled game, with the full rules
//! (fields and farmers, huts, tents and tokens, extra turns): tiles drawn from the seed,
//! every turn chosen by the random agent among the legal moves, then end-of-game
//! scoring. One game per iteration, with a new seed each time, on one thread.
//!
//! The base game is also played by two greedy players (`greedy game, 2 players`).
//!
//! Run with `cargo bench --bench playouts`. The README's performance section compares
//! the base game with a hand-written engine measured side by side.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tessera::engine::State;
use tessera::engine::play::{Agent, play_game};
use tessera::{load_game_files, seat_names};

/// (benchmark name, rule set, tile sets played together).
type Bundled = (&'static str, &'static str, &'static [&'static str]);

/// The bundled games benchmarked.
const GAMES: &[Bundled] = &[
    ("base", "rulesets/carcassonne.yaml", &["tilesets/base.yaml"]),
    (
        "print-and-play demo",
        "rulesets/carcassonne.yaml",
        &["tilesets/pnp-demo.yaml"],
    ),
    (
        "hunters and gatherers",
        "rulesets/hunters-gatherers.yaml",
        &["tilesets/hunters-gatherers.yaml"],
    ),
    (
        "gold rush",
        "rulesets/gold-rush.yaml",
        &["tilesets/gold-rush-reconstructed.yaml"],
    ),
    (
        "base + inns and cathedrals + river",
        "rulesets/base-ic-river.yaml",
        &["tilesets/base-ic-river.yaml"],
    ),
];

/// Benchmarks whole two-player games of `games` played by `agent` in every seat, in the
/// benchmark group `group`.
fn games_played_by(c: &mut Criterion, group: &str, games: &[Bundled], agent: Agent) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(1));
    for &(name, ruleset, sets) in games {
        let players = seat_names(2);
        let sets: Vec<PathBuf> = sets.iter().map(PathBuf::from).collect();
        let lp = load_game_files(Some(Path::new(ruleset)), &sets, &players)
            .unwrap_or_else(|e| panic!("{name} loads: {e:?}"));
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let state = State::new(&lp.game, players.clone(), lp.options.clone());
                let g = play_game(state, &[agent], seed, 100_000).expect("game plays");
                black_box(
                    g.state.points().iter().sum::<i64>()
                        + g.state.final_points().iter().sum::<i64>(),
                )
            })
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    games_played_by(c, "random game, 2 players", GAMES, Agent::Random);
}

/// Whole base games of two greedy players (issue 28: at least 2,000 a second): each turn
/// weighs every legal placement, what it completes told from the features' counters, and
/// plays those that score on copies of the state.
fn greedy(c: &mut Criterion) {
    games_played_by(c, "greedy game, 2 players", &GAMES[..1], Agent::Greedy);
}

criterion_group!(benches, playouts, greedy);
criterion_main!(benches);
