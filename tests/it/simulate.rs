//! `tessera simulate` (issue 10): many seeded games summed up; the same seed gives the
//! same numbers whatever the number of threads; every bundled game simulates; a variant
//! is compared in a second column, under its own rule set (issue 19).

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
        compare_ruleset: None,
        players: 2,
        games,
        seed: 11,
        agents: vec![Agent::Random],
        jobs: Some(1),
        shard: None,
        rotate_seats: false,
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
        let text = tessera::report::simulation_text(std::slice::from_ref(s));
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
    let text = tessera::report::simulation_text(&s);
    let header = text
        .lines()
        .find(|l| l.starts_with("tile sets"))
        .expect("a header row");
    assert!(
        header.contains("base.yaml") && header.contains("pnp-demo.yaml"),
        "{header}"
    );
}

/// City points per game (in play, at the end) of the two columns of a comparison.
fn city_points(s: &[tessera::simulate::Summary]) -> [(f64, f64); 2] {
    let city = |v: &tessera::simulate::Summary| {
        let f = v
            .features
            .iter()
            .find(|f| f.kind == "city")
            .expect("a city row");
        (f.points_in_play_per_game, f.points_at_end_per_game)
    };
    [city(&s[0]), city(&s[1])]
}

#[test]
fn a_compared_tile_set_is_played_under_the_rule_set_it_names() {
    // The base tiles under a rule set whose completed cities score 3 per tile (not 2),
    // compared with the base game: the same games (same seeds, same tiles), and only
    // completed cities score more.
    let s = simulate(
        &SimulateOptions {
            compare: Some(vec![root("tests/fixtures/variants/cities-at-3-tiles.yaml")]),
            ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 40)
        },
        &|| {},
    )
    .expect("simulates");
    assert_eq!(s[0].game, "Carcassonne");
    assert_eq!(s[1].game, "Carcassonne, cities at 3 per tile");
    assert!(
        s[1].ruleset.ends_with("cities-at-3.yaml"),
        "{}",
        s[1].ruleset
    );
    let [(base_play, base_end), (variant_play, variant_end)] = city_points(&s);
    assert!(
        variant_play > base_play * 1.3,
        "completed cities: {variant_play} per game at 3 per tile, {base_play} at 2"
    );
    assert_eq!(variant_end, base_end, "incomplete cities score the same");
    let text = tessera::report::simulation_text(&s);
    let row = text
        .lines()
        .find(|l| l.starts_with("rule set"))
        .expect("a rule set row");
    assert!(
        row.contains("carcassonne.yaml") && row.contains("cities-at-3.yaml"),
        "{row}"
    );
    assert!(
        text.starts_with("Carcassonne vs Carcassonne, cities at 3 per tile ("),
        "{text}"
    );

    // --compare-ruleset overrides what the compared set names: equal columns again.
    let same = simulate(
        &SimulateOptions {
            compare: Some(vec![root("tests/fixtures/variants/cities-at-3-tiles.yaml")]),
            compare_ruleset: Some(root("rulesets/carcassonne.yaml")),
            ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 40)
        },
        &|| {},
    )
    .expect("simulates");
    assert_eq!(same[0].features, same[1].features);
    assert_eq!(same[0].seats, same[1].seats);
}

#[test]
fn the_base_game_compared_with_itself_gives_equal_columns() {
    let s = simulate(
        &SimulateOptions {
            compare: Some(vec![root("tilesets/base.yaml")]),
            ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 40)
        },
        &|| {},
    )
    .expect("simulates");
    assert_eq!(s[0].features, s[1].features);
    assert_eq!(s[0].seats, s[1].seats);
    assert_eq!(s[0].turns, s[1].turns);
    let [first, second] = city_points(&s);
    assert_eq!(first, second);
    assert!(first.0 > 0.0);
}

#[test]
fn feature_kinds_of_different_rule_sets_are_matched_by_name() {
    // The base game against Hunters and Gatherers: no kind in common, so every feature
    // row has a value in one column and `n/a` in the other (never another kind's number).
    let s = simulate(
        &SimulateOptions {
            compare: Some(vec![root("tilesets/hunters-gatherers.yaml")]),
            ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 4)
        },
        &|| {},
    )
    .expect("simulates");
    assert!(
        s[1].ruleset.ends_with("hunters-gatherers.yaml"),
        "{}",
        s[1].ruleset
    );
    let text = tessera::report::simulation_text(&s);
    // Feature rows: `kind: what per game  value  value`.
    let rows: Vec<&str> = text
        .lines()
        .skip(2)
        .filter(|l| {
            l.split("  ")
                .next()
                .is_some_and(|label| label.contains(": "))
        })
        .collect();
    let kinds = |s: &tessera::simulate::Summary| s.features.len();
    assert_eq!(
        rows.iter().filter(|l| l.contains("n/a")).count(),
        3 * (kinds(&s[0]) + kinds(&s[1])),
        "{text}"
    );
    for row in rows {
        assert_eq!(row.matches("n/a").count(), 1, "{row}");
    }
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

/// The JSON `tessera simulate --format json` prints.
fn printed(summaries: &[tessera::simulate::Summary]) -> String {
    tessera::command::simulate::json_output(summaries)
}

#[test]
fn four_shards_merged_are_one_run_byte_for_byte() {
    // A compared variant under another rule set too: each column is merged on its own.
    let whole = SimulateOptions {
        compare: Some(vec![root("tilesets/pnp-demo.yaml")]),
        agents: vec![Agent::Greedy, Agent::Random],
        ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 23)
    };
    let one = printed(&simulate(&whole, &|| {}).expect("simulates"));
    let shard = |index: u64| {
        let s = simulate(
            &SimulateOptions {
                shard: Some(tessera::simulate::ShardSpec { index, count: 4 }),
                ..whole.clone()
            },
            &|| {},
        )
        .expect("simulates");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("shards");
        std::fs::create_dir_all(&dir).expect("a directory");
        let path = dir.join(format!("shard-{index}.json"));
        std::fs::write(&path, printed(&s)).expect("written");
        (s, path)
    };
    let shards: Vec<_> = [3, 1, 4, 2].into_iter().map(shard).collect();
    // 23 games in 4 shards: 5, 6, 6, 6 of them, each holding its games' records.
    let sizes: Vec<u64> = shards.iter().map(|(s, _)| s[0].games).collect();
    assert_eq!(sizes, [6, 5, 6, 6]);
    assert_eq!(
        shards[1].0[0].shard.as_ref().map(|s| s.records.len()),
        Some(5)
    );
    let files: Vec<PathBuf> = shards.iter().map(|(_, p)| p.clone()).collect();
    let merged = printed(&tessera::command::simulate::merge_files(&files).expect("merges"));
    assert!(
        merged == one,
        "the merge differs from one run:\n{merged}\n---\n{one}"
    );
    // Shards that do not make one run are refused, saying why.
    let refused = |files: &[PathBuf]| match tessera::command::simulate::merge_files(files) {
        Err(tessera::Failure::Tool(m)) => m,
        other => panic!("refused: {other:?}"),
    };
    assert!(refused(&files[..3]).contains("shard 2 of 4 is missing"));
    assert!(refused(&files[..2]).contains("shards 2, 4 of 4 are missing"));
    // A shard with no games (3 games in 4 shards) sums to 0, not -0.
    let empty = simulate(
        &SimulateOptions {
            games: 3,
            shard: Some(tessera::simulate::ShardSpec { index: 1, count: 4 }),
            ..whole.clone()
        },
        &|| {},
    )
    .expect("simulates");
    assert_eq!(empty[0].games, 0);
    let text = tessera::report::simulation_text(&empty);
    assert!(
        text.contains("turns per game") && !text.contains("-0.0"),
        "{text}"
    );
    let twice = [
        files[0].clone(),
        files[0].clone(),
        files[1].clone(),
        files[2].clone(),
    ];
    assert!(refused(&twice).contains("given twice"));
    let other = simulate(
        &SimulateOptions {
            seed: 12,
            shard: Some(tessera::simulate::ShardSpec { index: 2, count: 4 }),
            ..whole.clone()
        },
        &|| {},
    )
    .expect("simulates");
    let other_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("shards/other-seed.json");
    std::fs::write(&other_path, printed(&other)).expect("written");
    let mixed = [
        files[0].clone(),
        files[1].clone(),
        files[2].clone(),
        other_path,
    ];
    let why = refused(&mixed);
    assert!(
        why.contains("not of the same run") && why.contains("seed 11 and 12"),
        "{why}"
    );
    // Searches with different playouts are different agents (`mcts:2`, `mcts:3`).
    let search = |playouts: u32, index: u64| {
        let s = simulate(
            &SimulateOptions {
                agents: vec![Agent::Mcts(playouts), Agent::Random],
                compare: None,
                games: 2,
                shard: Some(tessera::simulate::ShardSpec { index, count: 2 }),
                ..whole.clone()
            },
            &|| {},
        )
        .expect("simulates");
        assert_eq!(s[0].seats[0].agent, format!("mcts:{playouts}"));
        let path = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("shards/search-{playouts}-{index}.json"));
        std::fs::write(&path, printed(&s)).expect("written");
        path
    };
    let why = refused(&[search(2, 1), search(3, 2)]);
    assert!(why.contains("mcts:2") && why.contains("mcts:3"), "{why}");
    let whole_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("shards/whole.json");
    std::fs::write(&whole_path, &one).expect("written");
    assert!(refused(&[whole_path]).contains("is no shard"));
}

#[test]
fn a_paired_comparison_shows_a_rule_change_and_exactly_zero_for_the_same_game() {
    // Completed cities at 3 points per tile (a variant rule set over the base tiles):
    // random players play the very same games under both rule sets, so city points rise
    // in every game where a city is completed and nothing else moves. (Greedy players
    // would play other moves for the richer cities.)
    let variant = SimulateOptions {
        compare: Some(vec![root("tests/fixtures/variants/cities-at-3-tiles.yaml")]),
        ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 60)
    };
    let s = simulate(&variant, &|| {}).expect("simulates");
    assert_ne!(s[0].ruleset, s[1].ruleset, "two rule sets");
    let p = tessera::simulate::paired(&s[0], &s[1]).expect("paired");
    assert_eq!(p.games, 60);
    let kind = |k: &str| p.features.iter().find(|f| f.kind == k).expect("a kind");
    assert!(
        kind("city").points.mean > 0.5 && kind("city").points.significant(),
        "{p:#?}"
    );
    for k in ["road", "monastery", "field"] {
        assert_eq!(kind(k).points.mean, 0.0, "{k}: same games, same points");
    }
    assert_eq!(p.turns.ci95, Some([0.0, 0.0]));
    assert!(p.total_points.significant());
    assert!(printed(&s).contains("\"paired\""));
    // The same game twice: every difference exactly 0.
    let same = SimulateOptions {
        compare: Some(vec![root("tilesets/base.yaml")]),
        compare_ruleset: Some(root("rulesets/carcassonne.yaml")),
        ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 30)
    };
    let s = simulate(&same, &|| {}).expect("simulates");
    let p = tessera::simulate::paired(&s[0], &s[1]).expect("paired");
    let zero = tessera::simulate::Diff {
        mean: 0.0,
        sd: 0.0,
        ci95: Some([0.0, 0.0]),
    };
    for d in p
        .seats
        .iter()
        .flat_map(|s| [&s.score, &s.wins])
        .chain([&p.total_points, &p.turns])
        .chain(p.features.iter().flat_map(|f| [&f.completed, &f.points]))
    {
        assert_eq!(d, &zero);
    }
}

#[test]
fn a_tournament_seats_the_agents_in_turn_and_reports_each_one() {
    // Greedy against random, seats rotated each game: 20 games each as first player.
    let run = SimulateOptions {
        agents: vec![Agent::Greedy, Agent::Random],
        rotate_seats: true,
        ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 40)
    };
    let s = simulate(&run, &|| {}).expect("simulates");
    let agents = &s[0].agents;
    assert_eq!(agents.len(), 2);
    assert_eq!(
        (agents[0].agent.as_str(), agents[1].agent.as_str()),
        ("greedy", "random")
    );
    assert_eq!(
        agents[0].wins + agents[1].wins,
        40.0,
        "every game has its winner"
    );
    assert!(
        agents[0].win_rate > 0.8 && agents[0].win_rate_ci95[0] > 0.5,
        "{agents:#?}"
    );
    for r in &s[0].records {
        assert_eq!(r.agents.len(), 2);
    }
    let first: usize = s[0].records.iter().filter(|r| r.agents[0] == 0).count();
    assert_eq!(first, 20, "greedy sat first in half the games");
    // Shards of a tournament merge into the same summary.
    let one = printed(&s);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tournament");
    std::fs::create_dir_all(&dir).expect("a directory");
    let files: Vec<PathBuf> = (1..=3)
        .map(|index| {
            let part = simulate(
                &SimulateOptions {
                    shard: Some(tessera::simulate::ShardSpec { index, count: 3 }),
                    ..run.clone()
                },
                &|| {},
            )
            .expect("simulates");
            let path = dir.join(format!("part-{index}.json"));
            std::fs::write(&path, printed(&part)).expect("written");
            path
        })
        .collect();
    let merged = printed(&tessera::command::simulate::merge_files(&files).expect("merges"));
    assert!(merged == one, "the merged tournament differs from one run");
}

/// One game tells a difference but not its spread: the paired comparison of a one-game
/// run gives no interval (`null` in JSON) and marks nothing as significant.
#[test]
fn one_game_gives_no_interval() {
    let one = SimulateOptions {
        compare: Some(vec![root("tilesets/pnp-demo.yaml")]),
        ..opts("rulesets/carcassonne.yaml", &["tilesets/base.yaml"], 1)
    };
    let s = simulate(&one, &|| {}).expect("simulates");
    let p = tessera::simulate::paired(&s[0], &s[1]).expect("paired");
    assert_ne!(p.turns.mean, 0.0, "the two games differ in length");
    assert_eq!(p.turns.ci95, None);
    assert!(!p.turns.significant());
    let text = tessera::report::paired_text(&p);
    assert!(
        text.contains("over 1 game (") && text.contains("[no interval under 2 games]"),
        "{text}"
    );
    assert!(text.lines().all(|l| !l.ends_with(" *")), "{text}");
    assert!(printed(&s).contains("\"ci95\": null"));
}
