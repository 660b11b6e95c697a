//! `tessera simulate` (issue 10): many seeded games summed up; the same seed gives the
//! same numbers whatever the number of threads; every bundled game simulates; a variant
//! is compared in a second column.

use std::path::{Path, PathBuf};

use tessera::engine::play::Agent;
use tessera::{SimulateOptions, simulate};

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn opts(ruleset: &str, sets: &[&str], games: u64) -> SimulateOptions {
    SimulateOptions {
        ruleset: Some(root(ruleset)),
        tilesets: sets.iter().map(|s| root(s)).collect(),
        compare: None,
        players: 2,
        games,
        seed: 11,
        agents: vec![Agent::Random],
        jobs: Some(1),
    }
}

#[test]
fn the_same_seed_gives_the_same_numbers_whatever_the_threads() {
    let one = simulate(
        &opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 40),
        &|| {},
    )
    .expect("simulates");
    let two = simulate(
        &SimulateOptions {
            jobs: Some(2),
            ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 40)
        },
        &|| {},
    )
    .expect("simulates");
    assert_eq!(one, two);
    let other = simulate(
        &SimulateOptions {
            seed: 12,
            ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 40)
        },
        &|| {},
    )
    .expect("simulates");
    assert_ne!(one[0].seats, other[0].seats, "another seed, other games");
}

#[test]
fn every_bundled_game_simulates_with_plausible_numbers() {
    for (ruleset, sets, tiles) in [
        ("rulesets/carcassonne.yaml", &["tilesets/base.yaml"][..], 72),
        ("rulesets/carcassonne.yaml", &["tilesets/pnp-demo.yaml"], 48),
        (
            "rulesets/hunters-gatherers.yaml",
            &["tilesets/hunters-gatherers.yaml"],
            0,
        ),
        (
            "rulesets/gold-rush.yaml",
            &["tilesets/gold-rush-reconstructed.yaml"],
            72,
        ),
        (
            "rulesets/inns-cathedrals.yaml",
            &["tilesets/base-inns-cathedrals.yaml"],
            90,
        ),
        ("rulesets/river.yaml", &["tilesets/base-river.yaml"], 84),
    ] {
        let ticks = std::sync::atomic::AtomicU64::new(0);
        let s = simulate(&opts(ruleset, sets, 20), &|| {
            ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap_or_else(|e| panic!("{sets:?}: {e:?}"));
        assert_eq!(ticks.into_inner(), 20, "one tick per game");
        let s = &s[0];
        assert_eq!(s.games, 20);
        // Every tile is placed or set aside: a game has (tiles - 1) turns minus set-asides,
        // except with extra turns (Hunters and Gatherers), where it has more.
        if tiles > 0 {
            let expected = f64::from(tiles - 1) - s.set_aside_per_game;
            assert!(
                (s.turns.mean - expected).abs() < 1e-9,
                "{sets:?}: {} turns",
                s.turns.mean
            );
        } else {
            assert!(s.turns.min >= 70, "{sets:?}: {:?}", s.turns);
        }
        let wins: f64 = s.seats.iter().map(|x| x.wins).sum();
        assert!(
            (wins - 20.0).abs() < 1e-9,
            "one win per game, shared on ties"
        );
        assert!(s.seats.iter().all(|x| x.score.mean > 0.0));
        assert!(
            s.features.iter().any(|f| f.completed_per_game > 0.0),
            "{sets:?}: nothing completed"
        );
        let text = tessera::render::simulation_text(std::slice::from_ref(s));
        assert!(text.contains("P1 win rate") && text.contains("completed per game"));
    }
}

#[test]
fn a_variant_is_compared_in_a_second_column() {
    let s = simulate(
        &SimulateOptions {
            compare: Some(vec![root("tilesets/pnp-demo.yaml")]),
            ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 20)
        },
        &|| {},
    )
    .expect("simulates");
    assert_eq!(s.len(), 2);
    assert_eq!(s[0].turns.max, 71);
    assert_eq!(s[1].turns.max, 47, "the demo's 48 tiles");
    let text = tessera::render::simulation_text(&s);
    let header = text
        .lines()
        .find(|l| l.starts_with("tile sets"))
        .expect("a header row");
    assert!(
        header.contains("base.yaml") && header.contains("pnp-demo.yaml"),
        "{header}"
    );
}

#[test]
fn the_readme_shows_the_pinned_simulation_output() {
    let readme = std::fs::read_to_string(root("README.md")).expect("README");
    let pinned = std::fs::read_to_string(root("tests/cmd/simulate-compare.toml")).expect("case");
    let out = pinned
        .split("stdout = \"\"\"\n")
        .nth(1)
        .and_then(|s| s.split("\"\"\"").next())
        .expect("the case pins stdout");
    assert!(
        readme.contains(out),
        "README.md's simulate example differs from tests/cmd/simulate-compare.toml: copy the case's stdout into it"
    );
}
