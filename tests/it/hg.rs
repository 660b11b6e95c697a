//! Hunters and Gatherers (2nd edition): the rulebook's worked examples, its errata, the
//! rule-level facts of docs/rules/cases.md#hunters-and-gatherers-facts, and rule checks
//! (extra turns, huts, the shaman, the `bga_menhir` option), as position files with the
//! points they must give.
//!
//! * `tests/positions/hg/ex*.yaml`: examples 1–10 of
//!   docs/rules/hunters-and-gatherers.md#9-worked-examples (the rulebook captions). The
//!   rulebook states the results but its pictures are not recoverable, so each file builds
//!   a small legal board from the real tiles of `tilesets/hunters-gatherers.yaml` that
//!   realises the stated inventory; the comments in each file explain the board.
//!   Final-scoring examples (huts, grasslands, pit trap) are snapshots; the others are turn
//!   logs, so every placement rule is checked on the way.
//! * `errata-*.yaml`: the corrective footnotes (the shaman MAY return a meeple; the 4-tile
//!   forest and the 4-lake logboat are examples 3 and 8).
//! * `s7-*.yaml`: the ChaCuN course facts of
//!   docs/rules/cases.md#hunters-and-gatherers-facts. The 2-tile mushroom forest needs an
//!   inline tile (no real mushroom tile has a single forest side).
//! * `menhir-*.yaml`, `bga-menhir-*.yaml`, `huts-*.yaml`, `wildfire.yaml`, `raft.yaml`:
//!   rule checks and the menhir-tile powers without a worked example.
//! * `tests/invalid/hg/*.yaml`: turn logs with one illegal turn (a menhir tile
//!   outside an extra turn, a second extra turn, a regular tile in the extra turn, a second
//!   hut on a river system, `return_piece` without the shaman, `bga_menhir` without a
//!   meeple); the replay must stop there with the check code asserted here.
//!
//! Pieces are written `{kind: meeple, at: …}` throughout; `piece-default-kind-is-meeple.yaml`
//! checks the short form `piece: E` separately.
//!
//! A failing test means the engine disagrees with the rulebook; see the position file for
//! the reasoning behind the expected points.

use crate::common;

use std::path::Path;

use tessera::replay::{load_position, replay};
use tessera::{ScoreOptions, score_path};

const HG: &str = "tests/positions/hg";
/// Deliberately illegal turn logs: `tests/it/data.rs` requires them to live under
/// `tests/invalid/` (each names its expected check in a `# expect:` line).
const INVALID: &str = "tests/invalid/hg";

fn hg(file: &str) -> String {
    format!("{HG}/{file}")
}

/// Asserts the totals banked during play only.
fn assert_play(file: &str, expected: &[(&str, i64)]) {
    common::assert_points(&hg(file), false, None, expected);
}

/// Asserts the totals with end-of-game scoring.
fn assert_final(file: &str, expected: &[(&str, i64)]) {
    common::assert_points(&hg(file), true, None, expected);
}

/// Asserts that replaying the position (in `tests/invalid/hg/`) stops at an illegal turn
/// with the given check code.
fn assert_finding(file: &str, code: &str) {
    common::assert_finding(&format!("{INVALID}/{file}"), code);
}

/// Asserts that the whole turn log replays without a finding.
fn assert_legal(file: &str) {
    let path = hg(file);
    let lp =
        load_position(Path::new(&path)).unwrap_or_else(|e| panic!("{path} should load: {e:?}"));
    if let Err(f) = replay(&lp, None) {
        panic!("{path} should replay: {f:?}");
    }
}

// ---------------------------------------------------------------------------------------
// Examples 1–10 (docs/rules/hunters-and-gatherers.md#9-worked-examples)
// ---------------------------------------------------------------------------------------

/// Example 1: river of 3 tiles closed by 2 lakes with 1 fish each, completed by Blue's
/// tile: 5 to the fisher's owner.
#[test]
fn ex1_river_completed_by_opponent() {
    assert_play("ex1-river.yaml", &[("Red", 5), ("Blue", 0)]);
    assert_final("ex1-river.yaml", &[("Red", 5), ("Blue", 0)]);
}

/// Example 2: two rivers with a fisher each joined into one of 4 tiles and 5 fish: 9 each.
#[test]
fn ex2_joined_river_tie_both_score_9() {
    assert_play("ex2-joined-river-tie.yaml", &[("Red", 9), ("Blue", 9)]);
    assert_final("ex2-joined-river-tie.yaml", &[("Red", 9), ("Blue", 9)]);
}

/// Example 3 (erratum: 4 tiles, not 8): a 4-tile forest with a menhir scores 8, and the
/// menhir tile placed right after is legal (the extra turn).
#[test]
fn ex3_forest_of_4_tiles_scores_8_then_extra_turn() {
    assert_legal("ex3-forest-4-tiles-menhir.yaml");
    assert_play("ex3-forest-4-tiles-menhir.yaml", &[("Red", 8), ("Blue", 0)]);
    assert_final("ex3-forest-4-tiles-menhir.yaml", &[("Red", 8), ("Blue", 0)]);
}

/// The extra turn is played with a menhir tile: a regular tile there is a finding.
#[test]
fn ex3_extra_turn_must_use_a_menhir_tile() {
    assert_finding(
        "ex3-extra-turn-must-be-menhir-tile.yaml",
        "position::extra_turn_stack",
    );
}

/// A menhir tile on a regular turn is a finding.
#[test]
fn menhir_tile_without_extra_turn_is_a_finding() {
    assert_finding(
        "menhir-tile-without-extra-turn.yaml",
        "position::extra_turn",
    );
}

/// Example 4: the extra turn's menhir tile and gatherer complete a 3-tile forest: 6.
#[test]
fn ex4_extra_turn_forest_scores_6() {
    assert_legal("ex4-extra-turn-forest.yaml");
    assert_play("ex4-extra-turn-forest.yaml", &[("Red", 6), ("Blue", 0)]);
    assert_final("ex4-extra-turn-forest.yaml", &[("Red", 6), ("Blue", 0)]);
}

/// Example 4: the menhir forest completed during the extra turn gives no further extra
/// turn: a second menhir tile is a finding.
#[test]
fn ex4_no_extra_turn_during_an_extra_turn() {
    assert_finding("ex4-no-second-extra-turn.yaml", "position::extra_turn");
}

/// Example 5: three forests joined; Red (2 gatherers) 10, Blue (1) 0; all three meeples
/// return; the menhir gives Red the extra turn.
#[test]
fn ex5_three_forests_joined_majority_scores_10() {
    assert_play("ex5-three-forests-joined.yaml", &[("Red", 10), ("Blue", 0)]);
    assert_final("ex5-three-forests-joined.yaml", &[("Red", 10), ("Blue", 0)]);
    let lp = load_position(Path::new(&hg("ex5-three-forests-joined.yaml"))).expect("loads");
    let state = replay(&lp, None).expect("replays (the extra turn is legal)");
    assert!(
        state.pieces().is_empty(),
        "all three gatherers return: {:?}",
        state.pieces()
    );
    let meeple = lp.game.rules.piece("meeple").expect("meeple");
    for (i, name) in state.players().iter().enumerate() {
        assert_eq!(
            state.supply()[i][meeple],
            5,
            "{name}'s meeples are all back"
        );
    }
}

/// Example 6: huts at the end: left system Red 2 huts vs Blue 1 on 8 fish: Red 8; right
/// system Yellow 1, Blue 1 on 10 fish: 10 each.
#[test]
fn ex6_huts_majority_per_river_system() {
    assert_final("ex6-huts.yaml", &[("Red", 8), ("Blue", 10), ("Yellow", 10)]);
    assert_play("ex6-huts.yaml", &[("Red", 0), ("Blue", 0), ("Yellow", 0)]);
}

/// Example 7, G1: 1 aurochs: Green 2 at the end.
#[test]
fn ex7_g1_one_aurochs_scores_2() {
    assert_play("ex7-g1-aurochs.yaml", &[("Green", 0)]);
    assert_final("ex7-g1-aurochs.yaml", &[("Green", 2)]);
}

/// Example 7, G2: deer, mammoth, tiger; Red and Violet tied: 3 each.
#[test]
fn ex7_g2_tied_hunters_score_3_each() {
    assert_final("ex7-g2-tie.yaml", &[("Red", 3), ("Violet", 3)]);
}

/// Example 7, G3: 1 deer, 2 tigers: 0, not negative.
#[test]
fn ex7_g3_more_tigers_than_deer_scores_0() {
    assert_final("ex7-g3-tigers.yaml", &[("Blue", 0)]);
}

/// Example 7, G4: 2 mammoths, 2 aurochs, 2 deer, 1 tiger: Red (2 hunters vs 1) scores 11.
#[test]
fn ex7_g4_majority_scores_11() {
    assert_final("ex7-g4-majority.yaml", &[("Red", 11), ("Blue", 0)]);
}

/// Example 8 (erratum: 4 lakes, not 3): the logboat scores 2 per lake of its river
/// system, 8, whatever the huts; the fisher then completes a river for 5.
#[test]
fn ex8_logboat_4_lakes_scores_8_then_river_5() {
    assert_play("ex8-logboat.yaml", &[("Red", 13), ("Blue", 0)]);
    // Blue's hut on the system scores its 5 fish at the end.
    assert_final("ex8-logboat.yaml", &[("Red", 13), ("Blue", 5)]);
}

/// Example 9: the hunting trap scores 4 (mammoth + the deer the tiger leaves) to its
/// placer; a mammoth on a separate grassland does not count; the trapped animals are
/// ignored at the end (Blue's hunter scores only the untrapped aurochs).
#[test]
fn ex9_hunting_trap_scores_4_and_covers() {
    assert_play("ex9-hunting-trap.yaml", &[("Red", 4), ("Blue", 0)]);
    assert_final("ex9-hunting-trap.yaml", &[("Red", 4), ("Blue", 2)]);
}

/// Example 10: pit trap: the tiger eats the deer, 2 mammoths and 2 aurochs doubled: 20.
#[test]
fn ex10_pit_trap_scores_20() {
    assert_final("ex10-pit-trap.yaml", &[("Red", 20)]);
}

/// Example 10, variant: the tiger eats the deer outside the trap's reach: 22, not 21.
#[test]
fn ex10_pit_trap_tiger_eats_the_deer_outside() {
    assert_final("ex10-pit-trap-tiger-outside.yaml", &[("Red", 22)]);
}

// ---------------------------------------------------------------------------------------
// Errata: the shaman MAY return a meeple
// ---------------------------------------------------------------------------------------

/// The shaman returns the fisher without scoring; the river later scores nothing for Red.
#[test]
fn errata_shaman_returns_a_meeple_without_scoring() {
    assert_play(
        "errata-shaman-returns-meeple.yaml",
        &[("Red", 0), ("Blue", 0)],
    );
    assert_final(
        "errata-shaman-returns-meeple.yaml",
        &[("Red", 0), ("Blue", 0)],
    );
    let lp = load_position(Path::new(&hg("errata-shaman-returns-meeple.yaml"))).expect("loads");
    let state = replay(&lp, None).expect("replays");
    let meeple = lp
        .game
        .rules
        .pieces
        .iter()
        .position(|p| p.name == "meeple")
        .expect("meeple");
    assert_eq!(
        state.supply()[0][meeple],
        5,
        "Red's fisher is back in supply"
    );
    assert!(
        state.pieces().is_empty(),
        "no piece left on the board: {:?}",
        state.pieces()
    );
}

/// Declining the shaman's return is legal; the fisher stays and scores 5 later.
#[test]
fn errata_shaman_may_decline() {
    assert_legal("errata-shaman-declined.yaml");
    assert_play("errata-shaman-declined.yaml", &[("Red", 5), ("Blue", 0)]);
}

/// `return_piece` with a tile that has no shaman is a finding.
#[test]
fn return_piece_needs_the_shaman() {
    assert_finding("return-piece-without-shaman.yaml", "position::return_piece");
}

// ---------------------------------------------------------------------------------------
// ChaCuN course facts (docs/rules/cases.md#hunters-and-gatherers-facts)
// ---------------------------------------------------------------------------------------

/// A 2-tile forest with one group of mushrooms: 2 x 2 + 3 = 7 (inline mushroom tile).
#[test]
fn s7_forest_2_tiles_with_mushrooms_scores_7() {
    assert_play("s7-forest-mushrooms-2-tiles.yaml", &[("Red", 7)]);
}

/// The real mushroom tile 87 completing a 3-tile forest: 3 x 2 + 3 = 9.
#[test]
fn mushrooms_on_real_tile_87_score_3() {
    assert_play(
        "s7-forest-mushrooms-real-tile.yaml",
        &[("Red", 9), ("Blue", 0)],
    );
}

/// A 2-tile river between lakes with 3 and 2 fish: 2 + 5 = 7.
#[test]
fn s7_river_2_tiles_5_fish_scores_7() {
    assert_play("s7-river-2-tiles-5-fish.yaml", &[("Red", 7)]);
}

/// Hunting trap with a mammoth and an aurochs: 5 to the placer even with another
/// player's hunter in the meadow; those animals give that hunter 0 at the end.
#[test]
fn s7_hunting_trap_scores_5_to_the_placer_and_0_at_the_end() {
    assert_play("s7-hunting-trap-placer.yaml", &[("Red", 5), ("Blue", 0)]);
    assert_final("s7-hunting-trap-placer.yaml", &[("Red", 5), ("Blue", 0)]);
}

/// Logboat in a river system with 3 lakes: 6 (plus 5 for the completed river).
#[test]
fn s7_logboat_3_lakes_scores_6() {
    assert_play("s7-logboat-3-lakes.yaml", &[("Red", 11), ("Blue", 0)]);
    assert_final("s7-logboat-3-lakes.yaml", &[("Red", 11), ("Blue", 4)]);
}

/// Meadow with a mammoth, an aurochs and a tiger (no deer), hunters tied 1–1: 5 each.
#[test]
fn s7_meadow_tie_scores_5_each() {
    assert_final("s7-meadow-tie.yaml", &[("Red", 5), ("Blue", 5)]);
}

// ---------------------------------------------------------------------------------------
// Menhir extra turn: rulebook reading vs option bga_menhir
// ---------------------------------------------------------------------------------------

/// Rulebook (default): no meeple needed in the forest for the extra turn.
#[test]
fn menhir_extra_turn_without_meeple_by_default() {
    assert_legal("menhir-no-meeple-hig.yaml");
    assert_play("menhir-no-meeple-hig.yaml", &[("Red", 0), ("Blue", 0)]);
}

/// bga_menhir: no meeple in the forest, no extra turn: the menhir tile is a finding.
#[test]
fn bga_menhir_no_meeple_no_extra_turn() {
    assert_finding("bga-menhir-no-meeple.yaml", "position::extra_turn");
}

/// bga_menhir: another player's meeple in the forest is enough for the closer's extra turn.
#[test]
fn bga_menhir_with_meeple_extra_turn() {
    assert_legal("bga-menhir-with-meeple.yaml");
    assert_play("bga-menhir-with-meeple.yaml", &[("Red", 6), ("Blue", 0)]);
}

// ---------------------------------------------------------------------------------------
// Huts
// ---------------------------------------------------------------------------------------

/// A hut may go on a river that holds a fisher; the hut stays when the river scores.
#[test]
fn huts_allowed_next_to_a_fisher() {
    assert_play("huts-next-to-fisher.yaml", &[("Red", 6), ("Blue", 0)]);
    assert_final("huts-next-to-fisher.yaml", &[("Red", 6), ("Blue", 2)]);
}

/// A second hut on the same river system (another river, joined through a lake) is a finding.
#[test]
fn huts_blocked_by_a_hut_on_the_same_river_system() {
    assert_finding(
        "huts-blocked-same-system.yaml",
        "position::feature_occupied",
    );
}

/// Two river systems separated by a forest each take a hut and score their own fish.
#[test]
fn huts_on_separate_river_systems() {
    assert_legal("huts-separate-systems.yaml");
    assert_final("huts-separate-systems.yaml", &[("Blue", 1), ("Red", 2)]);
}

// ---------------------------------------------------------------------------------------
// Menhir-tile powers without a worked example
// ---------------------------------------------------------------------------------------

/// Wildfire removes the grassland's tigers: the deer the tiger would cancel scores 1.
#[test]
fn wildfire_removes_tigers() {
    assert_final("wildfire.yaml", &[("Red", 1)]);
}

/// Raft: the huts' majority scores 1 per fish and 1 per lake: 4 + 2 = 6.
#[test]
fn raft_adds_one_per_lake() {
    assert_final("raft.yaml", &[("Red", 6)]);
}

// ---------------------------------------------------------------------------------------
// Position format
// ---------------------------------------------------------------------------------------

/// `piece: E` places the rule set's first piece kind, which in H&G is the meeple (the rule
/// set lists `meeple` before `hut`): the fisher scores example 1's river.
#[test]
fn piece_short_form_places_a_meeple() {
    assert_play(
        "piece-default-kind-is-meeple.yaml",
        &[("Red", 5), ("Blue", 0)],
    );
    assert_final(
        "piece-default-kind-is-meeple.yaml",
        &[("Red", 5), ("Blue", 0)],
    );
}

// ---------------------------------------------------------------------------------------
// Tile set totals (docs/rules/hunters-and-gatherers.md#1-tiles-and-pieces)
// ---------------------------------------------------------------------------------------

#[derive(Debug, Default, PartialEq, Eq)]
struct Totals {
    tiles: u32,
    fish: u32,
    lakes: u32,
    menhir_forests: u32,
    mushroom_forests: u32,
    deer: u32,
    tigers: u32,
    aurochs: u32,
    mammoths: u32,
}

/// The tile set's totals match
/// docs/rules/hunters-and-gatherers.md#1-tiles-and-pieces: land tiles 79 (fish 34, lakes
/// 20, menhir forests 30, deer 30, tigers 11, aurochs 10, mammoths 4); menhir tiles 16
/// (fish 16, lakes 9, menhir forest 1, mushroom forests 2, deer 3, tigers 2, aurochs 3,
/// mammoths 4). Computed from the compiled tiles.
#[test]
fn tileset_totals_match_the_reference() {
    let (game, _notes) =
        tessera::validate::load_tileset(Path::new("tilesets/hunters-gatherers.yaml"), None)
            .expect("the H&G tile set loads");
    let rules = &game.rules;
    let item = |name: &str| {
        rules
            .items
            .iter()
            .position(|i| i == name)
            .unwrap_or_else(|| panic!("item {name}"))
    };
    let (fish, menhir, mushrooms) = (item("fish"), item("menhir"), item("mushroom_group"));
    let (deer, tiger, aurochs, mammoth) = (
        item("deer"),
        item("tiger"),
        item("aurochs"),
        item("mammoth"),
    );
    let mut land = Totals::default();
    let mut bonus = Totals::default();
    for tile in &game.tiles.tiles {
        let t = if tile.stack.is_some() {
            &mut bonus
        } else {
            &mut land
        };
        t.tiles += tile.count;
        for seg in &tile.segments {
            let feature = rules.features[seg.feature].name.as_str();
            let n = |i: usize| -> u32 {
                seg.items
                    .iter()
                    .filter(|(k, _)| *k == i)
                    .map(|(_, c)| *c)
                    .sum()
            };
            t.fish += n(fish);
            t.deer += n(deer);
            t.tigers += n(tiger);
            t.aurochs += n(aurochs);
            t.mammoths += n(mammoth);
            if feature == "lake" {
                t.lakes += 1;
            }
            if feature == "forest" && n(menhir) > 0 {
                t.menhir_forests += 1;
            }
            if feature == "forest" && n(mushrooms) > 0 {
                t.mushroom_forests += 1;
            }
        }
    }
    assert_eq!(
        land,
        Totals {
            tiles: 79,
            fish: 34,
            lakes: 20,
            menhir_forests: 30,
            mushroom_forests: 0,
            deer: 30,
            tigers: 11,
            aurochs: 10,
            mammoths: 4,
        },
        "land tiles (start tile included)"
    );
    assert_eq!(
        bonus,
        Totals {
            tiles: 16,
            fish: 16,
            lakes: 9,
            menhir_forests: 1,
            mushroom_forests: 2,
            deer: 3,
            tigers: 2,
            aurochs: 3,
            mammoths: 4,
        },
        "menhir tiles"
    );
    assert_eq!(game.tiles.total, 95);
    assert_eq!(game.tiles.tiles[game.tiles.start].id, "56");
}

#[test]
fn readme_example_is_the_logboat_example() {
    let r = score_path(
        Path::new("examples/hunters-gatherers.yaml"),
        &ScoreOptions {
            final_scoring: true,
            turns: None,
        },
    )
    .expect("the bundled example scores");
    assert_eq!(r.points("Red"), Some(13));
    assert_eq!(r.points("Blue"), Some(5));
}
