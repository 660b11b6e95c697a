//! The bundled data, checked as data: generated schemas and the check reference
//! (docs/checks.md) are fresh, every bundled file
//! carries its schema modeline and validates clean, the tile sets have their published
//! totals (the base set: russcon.org tiles2.html and Wikicarpedia's Tile Counts; for the
//! demo, the totals counted by hand from the "Carcassonne for 2" shapes as transcribed in
//! github.com/farin/JCloisterZone-plugins at commit 8d1fdab4), and every tile of each set
//! can be laid out into one board.

use std::path::{Path, PathBuf};

use tessera::diag::Level;

use tessera::engine::{State, draw_pile};
use tessera::rules::Game;
use tessera::schema::{FileKind, schema_text};
use tessera::validate::load_tileset;
use tessera::validate_file;

use crate::common::yaml_files;

/// Bundled files that must be valid (the deliberately broken fixtures live in
/// `tests/invalid/`).
fn bundled() -> Vec<PathBuf> {
    ["rulesets", "tilesets", "examples", "tests/positions"]
        .iter()
        .flat_map(|d| yaml_files(d))
        .collect()
}

#[test]
fn invalid_fixtures_fail_with_the_code_they_expect() {
    // Each file in tests/invalid/ (positions, tile sets, rule sets, files of no kind) says
    // what it breaks in a line `# expect: CODE` (e.g. `# expect: position::extra_turn`),
    // and the validator must report that code at its default severity (an error, or a
    // warning such as `tileset::zero_count`; notes do not count).
    let files = yaml_files("tests/invalid");
    assert!(!files.is_empty());
    for f in files {
        // Lossy: one fixture is deliberately not UTF-8.
        let text = String::from_utf8_lossy(&std::fs::read(&f).expect("readable")).into_owned();
        let expected: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("# expect: "))
            .map(str::trim)
            .collect();
        assert!(
            !expected.is_empty(),
            "{}: no `# expect: CODE` line",
            f.display()
        );
        let v = validate_file(&f, None).expect("readable");
        let codes: Vec<&str> = v
            .findings
            .iter()
            .filter(|x| x.level >= Level::Warning && x.level >= x.check.info().severity)
            .map(|x| x.check.code())
            .collect();
        for code in expected {
            assert!(
                codes.contains(&code),
                "{}: expected {code}, found {codes:?}",
                f.display()
            );
        }
    }
}

#[test]
fn committed_schemas_are_fresh() {
    for kind in FileKind::ALL {
        let path = Path::new("schema").join(kind.schema_file());
        let committed = std::fs::read_to_string(&path).expect("schema file is committed");
        assert!(
            committed == schema_text(kind),
            "{} is stale: run `cargo run -- schema`",
            path.display()
        );
    }
}

#[test]
fn committed_check_reference_is_fresh() {
    let committed = std::fs::read_to_string("docs/checks.md").expect("docs/checks.md is committed");
    assert!(
        committed == tessera::report::checks_markdown(),
        "docs/checks.md is stale: run `cargo run -- explain --markdown --out docs/checks.md --force`"
    );
}

#[test]
fn every_bundled_file_has_a_schema_modeline() {
    let files = bundled();
    assert!(files.len() > 20, "found {} bundled files", files.len());
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        let first = text.lines().next().unwrap_or_default();
        let v = validate_file(&f, None).expect("readable");
        let kind = v.kind.expect("kind is recognised").name();
        assert!(
            first.starts_with("# yaml-language-server: $schema=")
                && first.ends_with(&format!("schema/{kind}.schema.json")),
            "{}: first line should point at schema/{kind}.schema.json, is {first:?}",
            f.display()
        );
        let target = f
            .parent()
            .expect("has a parent")
            .join(first.split('=').nth(1).unwrap_or_default());
        assert!(
            target.exists(),
            "{}: modeline target {} missing",
            f.display(),
            target.display()
        );
    }
}

#[test]
fn every_bundled_file_validates_clean() {
    for f in bundled() {
        let v = validate_file(&f, None).expect("readable");
        let errors: Vec<String> = v
            .findings
            .iter()
            .filter(|x| x.level == Level::Error)
            .map(|x| format!("[{}] {x}", x.check.code()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", f.display());
    }
}

fn game(path: &str) -> Game {
    load_tileset(Path::new(path), None)
        .expect("tile set loads")
        .0
}

/// Totals over every copy: (tiles, edges F/R/C, field/city/road segments, pennants, monasteries).
fn totals(g: &Game) -> [u32; 9] {
    let name = |id: usize| g.rules.side_kinds[id].name.as_str();
    let feature = |id: usize| g.rules.features[id].name.as_str();
    let pennant = g
        .rules
        .items
        .iter()
        .position(|i| i == "pennant")
        .expect("pennant item");
    let mut t = [0u32; 9];
    for tile in &g.tiles.tiles {
        let n = tile.count;
        t[0] += n;
        for &s in &tile.sides {
            match name(s) {
                "field" => t[1] += n,
                "road" => t[2] += n,
                "city" => t[3] += n,
                other => panic!("unexpected side kind {other}"),
            }
        }
        for seg in &tile.segments {
            match feature(seg.feature) {
                "field" => t[4] += n,
                "city" => t[5] += n,
                "road" => t[6] += n,
                "monastery" => t[8] += n,
                _ => {}
            }
            t[7] += n * seg
                .items
                .iter()
                .filter(|(i, _)| *i == pennant)
                .map(|(_, k)| k)
                .sum::<u32>();
        }
    }
    t
}

#[test]
fn base_tile_set_has_the_verified_totals() {
    // 72 tiles; edges F/R/C 115/94/79 (russcon.org tiles2.html); field/city/road segments
    // 126/49/62, 10 pennants, 6 monasteries (Wikicarpedia, Tile Counts, which gives 61 road
    // segments: every per-letter source and the edge statistics give 62).
    assert_eq!(
        totals(&game("tilesets/base.yaml")),
        [72, 115, 94, 79, 126, 49, 62, 10, 6]
    );
}

#[test]
fn pnp_demo_has_the_deduced_totals_and_five_followers() {
    // The totals of the "Carcassonne for 2" shapes (JCloisterZone-plugins), counted by hand
    // from the base and Inns and Cathedrals geometry: 48 tiles; edges F/R/C 73/65/54;
    // 88 field, 36 city, 45 road segments; 7 pennants (G x2, O x2, Q, R x2); 4 monasteries
    // (A, B x2, C).
    let g = game("tilesets/pnp-demo.yaml");
    assert_eq!(totals(&g), [48, 73, 65, 54, 88, 36, 45, 7, 4]);
    assert_eq!(g.tiles.supply, vec![5]);
    let d = g.tiles.get("D").expect("demo D");
    assert_eq!(g.tiles.start, d);
    assert_eq!(g.tiles.tiles[d].copies.len(), 4);
}

fn lay_out(path: &str, expected: usize) {
    let g = game(path);
    let mut state = State::new(&g, vec!["A".into(), "B".into()], g.rules.default_options());
    state
        .place_start(g.tiles.start, tessera::Rotation::NONE)
        .expect("start tile");
    let (moves, left) = tessera::engine::play::lay_out(&mut state, &draw_pile(&g), true);
    assert!(left.is_empty(), "{path}: tiles that fit nowhere: {left:?}");
    crate::common::assert_no_piece_on_completed(&state, path);
    assert_eq!(moves.len() + 1, expected);
    assert_eq!(state.board().placed.len(), expected);
    state.final_scoring();
    let total: i64 = state.points().iter().chain(state.final_points()).sum();
    assert!(total > 0, "{path}: a full game scores points");
}

#[test]
fn whole_base_set_forms_one_board() {
    lay_out("tilesets/base.yaml", 72);
}

#[test]
fn whole_pnp_demo_forms_one_board() {
    lay_out("tilesets/pnp-demo.yaml", 48);
}

#[test]
fn whole_gold_rush_set_forms_one_board() {
    lay_out("tilesets/gold-rush-reconstructed.yaml", 72);
}

#[test]
fn gold_rush_reconstruction_keeps_the_verified_constraints() {
    // docs/rules/gold-rush.md#9-tile-data: 72 tiles; the start design's mountain shows
    // exactly one nugget symbol; each mountain segment 1-3 nuggets; cities have 3 or 4
    // railroads; at most 63 nugget symbols in all (one token per symbol, 63 tokens).
    let g = game("tilesets/gold-rush-reconstructed.yaml");
    let item = |name: &str| g.rules.items.iter().position(|i| i == name).expect("item");
    let feature = |id: usize| g.rules.features[id].name.as_str();
    let nugget = item("nugget");
    let nuggets_of = |seg: &tessera::rules::Segment| -> u32 {
        seg.items
            .iter()
            .filter(|(i, _)| *i == nugget)
            .map(|(_, n)| n)
            .sum()
    };
    assert_eq!(g.tiles.tiles.iter().map(|t| t.count).sum::<u32>(), 72);
    let start = &g.tiles.tiles[g.tiles.start];
    let start_nuggets: u32 = start
        .segments
        .iter()
        .filter(|s| feature(s.feature) == "mountain")
        .map(nuggets_of)
        .sum();
    assert_eq!(start_nuggets, 1);
    let mut total = 0;
    for t in &g.tiles.tiles {
        for (i, s) in t.segments.iter().enumerate() {
            match feature(s.feature) {
                "mountain" => {
                    let n = nuggets_of(s);
                    assert!(
                        (1..=3).contains(&n),
                        "tile {} mountain has {n} nuggets",
                        t.id
                    );
                    total += n * t.count;
                }
                "city" => {
                    let railroads = t
                        .segments
                        .iter()
                        .filter(|r| r.links.iter().any(|&(_, target)| target == i))
                        .count();
                    assert!(
                        (3..=4).contains(&railroads),
                        "tile {} city has {railroads} railroads",
                        t.id
                    );
                }
                _ => {}
            }
        }
    }
    assert!(total <= 63, "{total} nugget symbols");
    assert_eq!(
        g.tiles.provenance,
        tessera::model::ProvenanceStatus::Reconstructed
    );
}

#[test]
fn every_rule_set_and_tile_set_is_bundled() {
    // Files outside the repository build on them with `bundled:` paths, and bundled files
    // name each other by relative paths, so every one must be built in.
    let mut missing = Vec::new();
    for dir in ["rulesets", "tilesets"] {
        for f in yaml_files(dir) {
            let name = f.to_string_lossy().replace('\\', "/");
            if !tessera::load::BUNDLED.iter().any(|(n, _)| *n == name) {
                missing.push(name);
            }
        }
    }
    assert!(missing.is_empty(), "not in load::BUNDLED: {missing:?}");
}
