//! Inns and Cathedrals and The River, played with the base game: every worked figure of
//! docs/rules/inns-and-cathedrals.md#6-worked-figures, the river's placement rules as legal
//! and illegal turn logs, and one game with all three together.
//!
//! * `tests/positions/ic/*.yaml`: the inn, cathedral and large-follower figures, played
//!   with `tilesets/base-inns-cathedrals.yaml` (the base set and
//!   `tilesets/inns-cathedrals.yaml`, imported by `tessera import jcz` from JCloisterZone's
//!   `inns-and-cathedrals:2` set). The printed cathedral is a four-sided city, so the
//!   3-tile cathedral city of its worked figures uses a stand-in tile defined in the
//!   position; a 5-tile city with the printed cathedral is scored too.
//! * `tests/positions/river/*.yaml`: the whole river (spring, 10 river tiles, lake) and
//!   land tiles, with `tilesets/base-river.yaml` (`tilesets/river.yaml`, imported from
//!   JCloisterZone's `river/1:2` set, then the base set: the spring starts).
//! * `tests/invalid/{ic,river}/*.yaml`: one illegal turn each (land tile before the river,
//!   lake before the river ends, land tile before the lake, a river tile that does not
//!   continue the river, left and right U-turns, a U-turn in a snapshot, a follower on the
//!   river, blocking between followers and large followers); the replay must stop there
//!   with the code asserted here (`tests/it/data.rs` checks their `# expect:` lines too).
//! * `tests/positions/combined/base-ic-river-game.yaml`: a game with the base game, Inns and
//!   Cathedrals and The River (`tilesets/base-ic-river.yaml`, under
//!   `rulesets/base-ic-river.yaml`: `extends: [inns-cathedrals.yaml, river.yaml]`).
//! * The imported tile sets against the box contents, and every composed set laid out
//!   into one board by the simplest policy, the river first.

use crate::common;

use std::path::Path;

use tessera::engine::{State, draw_pile};
use tessera::replay::{load_position, replay};
use tessera::rules::Game;
use tessera::validate::{load_ruleset, load_tileset};

const IC: &str = "tests/positions/ic";
const RIVER: &str = "tests/positions/river";
const BAD_IC: &str = "tests/invalid/ic";
const BAD_RIVER: &str = "tests/invalid/river";

fn assert_play(path: &str, expected: &[(&str, i64)]) {
    common::assert_points(path, false, None, expected);
}

fn assert_final(path: &str, expected: &[(&str, i64)]) {
    common::assert_points(path, true, None, expected);
}

/// The one feature event of a kind scored in a phase (`play` or `final`).
fn event(path: &str, phase: &str, feature: &str) -> tessera::report::ScoreEvent {
    let r = common::report(path, true, None);
    let mut found: Vec<_> = r
        .features
        .into_iter()
        .filter(|e| e.phase == phase && e.feature == feature)
        .collect();
    assert_eq!(found.len(), 1, "{path}: one {feature} scored in {phase}");
    found.remove(0)
}

// --- Inns and Cathedrals ---

#[test]
fn completed_road_with_an_inn_scores_2_per_tile() {
    let path = format!("{IC}/road-inn-completed.yaml");
    assert_play(&path, &[("A", 8), ("B", 0)]);
    assert_final(&path, &[("A", 8), ("B", 0)]);
    let e = event(&path, "play", "road");
    assert_eq!((e.tiles.len(), e.items.get("inn")), (4, Some(&1)));
}

#[test]
fn incomplete_road_with_an_inn_scores_0_at_the_end() {
    let path = format!("{IC}/road-inn-incomplete.yaml");
    assert_final(&path, &[("A", 0), ("B", 0)]);
    // The road is scored (A's highwayman is on it), for nothing: 4 tiles, 0 points.
    let e = event(&path, "final", "road");
    assert_eq!(
        (e.tiles.len(), e.points, e.scorers.clone()),
        (4, 0, vec!["A".into()])
    );
}

#[test]
fn incomplete_road_with_an_inn_scored_before_its_last_tile() {
    // The completed road's position after 2 turns: 3 tiles with the inn, open at the east
    // end: 0 at the end, where a road without an inn would give 3.
    common::assert_points(
        &format!("{IC}/road-inn-completed.yaml"),
        true,
        Some(2),
        &[("A", 0), ("B", 0)],
    );
}

#[test]
fn completed_3_tile_city_with_a_cathedral_and_a_pennant_scores_12() {
    let path = format!("{IC}/city-cathedral-completed-3-tiles.yaml");
    assert_play(&path, &[("A", 12), ("B", 0)]);
    let e = event(&path, "play", "city");
    assert_eq!(e.why, "3 tiles x 3 + 1 pennant x 3 = 12");
}

#[test]
fn incomplete_city_with_a_cathedral_scores_0_at_the_end() {
    let path = format!("{IC}/city-cathedral-incomplete.yaml");
    assert_final(&path, &[("A", 0), ("B", 0)]);
    let e = event(&path, "final", "city");
    assert_eq!(
        (e.tiles.len(), e.items.get("pennant"), e.points),
        (3, Some(&1), 0)
    );
}

#[test]
fn printed_cathedral_completed_by_four_caps_scores_15() {
    assert_play(
        &format!("{IC}/city-cathedral-completed-5-tiles.yaml"),
        &[("A", 15), ("B", 0)],
    );
}

#[test]
fn large_follower_ties_two_followers_and_both_score_in_full() {
    let path = format!("{IC}/road-large-follower-tie.yaml");
    assert_play(&path, &[("A", 8), ("B", 8)]);
    let e = event(&path, "play", "road");
    assert_eq!(e.scorers, vec!["A".to_string(), "B".to_string()]);
    // One large follower of A (strength 2) against two followers of B (strength 2).
    assert_eq!(e.pieces.get("A"), Some(&1));
    assert_eq!(e.strength.get("A"), Some(&2));
    assert_eq!(e.strength.get("B"), Some(&2));
}

#[test]
fn large_follower_returns_to_supply_after_scoring() {
    let lp =
        load_position(Path::new(&format!("{IC}/road-large-follower-tie.yaml"))).expect("loads");
    let state = replay(&lp, None).expect("replays");
    let large = lp.game.rules.piece("large_follower").expect("piece kind");
    assert_eq!(state.supply()[0][large], 1);
    assert!(state.pieces().is_empty());
}

#[test]
fn inner_field_between_four_caps_holds_a_farmer() {
    // IC/CCCCG's field reaches no edge; it is linked to its four cities, so it is a real
    // segment (not `tileset::no_slots`) and scores for the completed ones.
    let path = format!("{IC}/inner-field-farmer.yaml");
    assert_play(&path, &[("A", 0), ("B", 0)]);
    assert_final(&path, &[("A", 6), ("B", 0)]);
}

#[test]
fn followers_and_large_followers_block_each_other() {
    common::assert_finding(
        &format!("{BAD_IC}/large-follower-on-occupied-road.yaml"),
        "position::feature_occupied",
    );
    common::assert_finding(
        &format!("{BAD_IC}/follower-on-road-with-large-follower.yaml"),
        "position::feature_occupied",
    );
}

#[test]
fn one_large_follower_per_player() {
    common::assert_finding(
        &format!("{BAD_IC}/second-large-follower.yaml"),
        "position::no_supply",
    );
}

// --- The River ---

#[test]
fn whole_river_then_land_tiles_scores_beside_the_river() {
    let path = format!("{RIVER}/whole-river.yaml");
    assert_play(&path, &[("A", 0), ("B", 4)]);
    assert_final(&path, &[("A", 11), ("B", 4)]);
}

#[test]
fn river_positions_start_with_the_spring() {
    let lp = load_position(Path::new(&format!("{RIVER}/whole-river.yaml"))).expect("loads");
    let state = replay(&lp, None).expect("replays");
    let first = state.board().placed[0];
    assert_eq!(lp.game.tiles.tiles[first.tile].id, "RI/s");
    assert_eq!((first.x, first.y), (0, 0));
}

#[test]
fn river_tiles_are_played_before_land_tiles() {
    common::assert_finding(
        &format!("{BAD_RIVER}/land-tile-before-the-river.yaml"),
        "position::stack_order",
    );
}

#[test]
fn the_lake_comes_last() {
    common::assert_finding(
        &format!("{BAD_RIVER}/lake-before-the-river-ends.yaml"),
        "position::stack_order",
    );
    common::assert_finding(
        &format!("{BAD_RIVER}/land-tile-before-the-lake.yaml"),
        "position::stack_order",
    );
}

#[test]
fn each_river_tile_continues_the_river() {
    common::assert_finding(
        &format!("{BAD_RIVER}/river-not-continued.yaml"),
        "position::not_continued",
    );
}

#[test]
fn no_immediate_u_turn() {
    for f in ["u-turn-right", "u-turn-left", "u-turn-in-a-snapshot"] {
        common::assert_finding(&format!("{BAD_RIVER}/{f}.yaml"), "position::u_turn");
    }
}

#[test]
fn two_bends_turning_opposite_ways_are_legal() {
    // whole-river.yaml turns right at (4,2) and left at (4,3), consecutive bends; after its
    // first 6 turns the only legal placements of the second bend keep turning opposite ways.
    let lp = load_position(Path::new(&format!("{RIVER}/whole-river.yaml"))).expect("loads");
    let state = replay(&lp, Some(6)).expect("replays");
    let iig = lp.game.tiles.get("RI.1/IIG").expect("tile");
    let legal = state.legal_placements(iig);
    let at: Vec<(i32, i32, u32)> = legal
        .iter()
        .map(|p| (p.x, p.y, p.rotation.degrees()))
        .collect();
    // Under the right bend RrII (4,2) the river enters (4,3) from the north: turning left
    // (east, rotation 180) is legal, turning right (west, rotation 90) is not.
    assert!(at.contains(&(4, 3, 180)), "{at:?}");
    assert!(!at.contains(&(4, 3, 90)), "{at:?}");
    assert!(at.iter().all(|&(x, y, _)| (x, y) == (4, 3)), "{at:?}");
}

#[test]
fn the_river_takes_no_follower() {
    common::assert_finding(
        &format!("{BAD_RIVER}/follower-on-the-river.yaml"),
        "position::no_role",
    );
}

#[test]
fn a_stack_must_continue_a_kind_that_meets_other_tiles() {
    let f = tessera::validate_file(
        Path::new(&format!("{BAD_RIVER}/stack-continues-monastery.yaml")),
        None,
    )
    .expect("readable");
    let codes: Vec<&str> = f.findings.iter().map(|x| x.check.code()).collect();
    assert_eq!(codes, vec!["ruleset::continues_kind"]);
}

// --- All three together ---

#[test]
fn base_ic_and_river_game() {
    let path = "tests/positions/combined/base-ic-river-game.yaml";
    assert_play(path, &[("A", 8), ("B", 21)]);
    assert_final(path, &[("A", 22), ("B", 25)]);
    // The cathedral city is won by the large follower (2 against 1), for 3 per tile and
    // pennant.
    let e = event(path, "play", "city");
    assert_eq!(e.scorers, vec!["B".to_string()]);
    assert_eq!(e.why, "6 tiles x 3 + 1 pennant x 3 = 21");
}

/// Loads a rule set file, or panics with its findings.
fn rules(path: &str) -> tessera::rules::Rules {
    load_ruleset(Path::new(path))
        .unwrap_or_else(|e| panic!("{path} should load: {e}"))
        .1
}

#[test]
fn both_expansions_keep_their_changes_when_extended_together() {
    // `extends: [inns-cathedrals.yaml, river.yaml]`: both extend the base game; the base
    // is applied once, so the river's copy of the base road does not undo the inn.
    let r = rules("rulesets/base-ic-river.yaml");
    let road = r.features.iter().find(|f| f.name == "road").expect("road");
    let inn = r.items.iter().position(|i| i == "inn").expect("inn item");
    assert_eq!(road.completed[0].items_at_least, vec![(inn, 1)]);
    let names: Vec<&str> = r.stacks.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, vec!["river", "river-lake"]);
    assert!(r.piece("large_follower").is_some());
    assert!(r.features.iter().any(|f| f.name == "river" && f.no_u_turn));
    // The other order gives the same rules.
    let dir = std::env::temp_dir().join(format!("tessera-expansions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let swapped = dir.join("river-ic.yaml");
    let here = std::env::current_dir().expect("cwd");
    std::fs::write(
        &swapped,
        format!(
            "name: swapped\nextends: [{}, {}]\n",
            here.join("rulesets/river.yaml").display(),
            here.join("rulesets/inns-cathedrals.yaml").display()
        ),
    )
    .expect("write");
    let s = rules(&swapped.display().to_string());
    let road2 = s.features.iter().find(|f| f.name == "road").expect("road");
    assert_eq!(road2.completed[0].items_at_least, vec![(inn, 1)]);
    assert_eq!(s.stacks, r.stacks);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn large_follower_and_follower_block_each_other_in_the_compiled_rules() {
    let r = rules("rulesets/inns-cathedrals.yaml");
    let (f, l) = (
        r.piece("follower").expect("follower"),
        r.piece("large_follower").expect("large follower"),
    );
    assert_eq!(r.pieces[l].weight, 2);
    assert_eq!(r.pieces[f].weight, 1);
    for k in [f, l] {
        let mut b = r.pieces[k].blocked_by.clone();
        b.sort();
        assert_eq!(b, vec![f, l], "{}", r.pieces[k].name);
    }
}

fn game(path: &str) -> Game {
    load_tileset(Path::new(path), None)
        .unwrap_or_else(|e| panic!("{path} should load: {e}"))
        .0
}

#[test]
fn imported_tile_sets_have_the_box_contents() {
    // JCloisterZone's inns-and-cathedrals:2 (18 tiles: 6 with an inn, 2 cathedrals;
    // as docs/rules/inns-and-cathedrals.md#1-contents says) and river/1:2 (12 tiles:
    // spring, lake, 10 river tiles).
    let ic = game("tilesets/base-inns-cathedrals.yaml");
    let own: Vec<_> = ic
        .tiles
        .tiles
        .iter()
        .filter(|t| t.id.starts_with("IC/"))
        .collect();
    assert_eq!(own.iter().map(|t| t.count).sum::<u32>(), 18);
    let item = |name: &str| ic.rules.items.iter().position(|i| i == name).expect("item");
    let with = |i: usize| -> u32 {
        own.iter()
            .filter(|t| {
                t.segments
                    .iter()
                    .any(|s| s.items.iter().any(|&(x, _)| x == i))
            })
            .map(|t| t.count)
            .sum()
    };
    assert_eq!((with(item("inn")), with(item("cathedral"))), (6, 2));
    let river = game("tilesets/river.yaml");
    assert_eq!(river.tiles.tiles.iter().map(|t| t.count).sum::<u32>(), 12);
    let in_stack = |name: &str| -> u32 {
        let s = river
            .rules
            .stacks
            .iter()
            .position(|s| s.name == name)
            .expect("stack");
        river
            .tiles
            .tiles
            .iter()
            .filter(|t| t.stack == Some(s))
            .map(|t| t.count)
            .sum()
    };
    // The spring (JCZ group river-spring) is the start tile, in no stack.
    assert_eq!((in_stack("river"), in_stack("river-lake")), (10, 1));
    assert_eq!(river.tiles.tiles[river.tiles.start].id, "RI/s");
}

/// Lays every tile of a composed set by the simplest policy (first legal placement): the
/// stacks with an order (river, then lake) before the main pile, each river tile
/// continuing the river with no U-turn. Returns the moves; every tile must fit.
fn lay_out(path: &str, tiles: usize) -> Vec<tessera::engine::Move> {
    let g = game(path);
    let mut state = State::new(&g, vec!["A".into(), "B".into()], g.rules.default_options());
    state
        .place_start(g.tiles.start, tessera::Rotation::NONE)
        .expect("start tile");
    let pile = draw_pile(&g);
    assert_eq!(pile.len() + 1, tiles, "{path}");
    let (moves, left) = tessera::engine::play::lay_out(&mut state, &pile, true);
    assert!(left.is_empty(), "{path}: tiles that fit nowhere: {left:?}");
    crate::common::assert_no_piece_on_completed(&state, path);
    assert_eq!(moves.len() + 1, tiles);
    state.final_scoring();
    let total: i64 = state.points().iter().chain(state.final_points()).sum();
    assert!(total > 0, "{path}: a full game scores points");
    moves
}

#[test]
fn river_and_base_tiles_form_one_board_river_first() {
    let g = game("tilesets/base-river.yaml");
    let moves = lay_out("tilesets/base-river.yaml", 84);
    // The first 11 moves are the river and the lake, the lake last.
    let stack_of = |m: &tessera::engine::Move| g.tiles.tiles[m.tile].stack;
    assert!(moves[..11].iter().all(|m| stack_of(m).is_some()));
    assert_eq!(g.tiles.tiles[moves[10].tile].id, "RI.1/I.e");
    assert!(moves[11..].iter().all(|m| stack_of(m).is_none()));
}

#[test]
fn inns_cathedrals_and_base_tiles_form_one_board() {
    lay_out("tilesets/base-inns-cathedrals.yaml", 90);
}

#[test]
fn all_three_form_one_board() {
    lay_out("tilesets/base-ic-river.yaml", 102);
}

/// A bundled Inns and Cathedrals position with rule-set options written into it, in a
/// temporary file (the tile set named as `bundled:`); its path.
fn with_options(position: &str, options: &str) -> std::path::PathBuf {
    let text = std::fs::read_to_string(position)
        .expect("a bundled position")
        .replace(
            "tileset: ../../../tilesets/base-inns-cathedrals.yaml",
            "tileset: bundled:tilesets/base-inns-cathedrals.yaml",
        )
        .replace(
            "players: [A, B]",
            &format!("players: [A, B]\noptions: {options}"),
        );
    let dir = std::env::temp_dir().join(format!("tessera-ic-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let name = Path::new(position).file_name().expect("a name");
    let path = dir.join(format!("{}-{}", options.len(), name.to_string_lossy()));
    std::fs::write(&path, text).expect("written");
    path
}

#[test]
fn inns_and_cathedrals_can_be_switched_off_as_jcloisterzone_does() {
    // The rule set's options (JCloisterZone's elements `inn` and `cathedral`, and its rule
    // `inn-and-cathedral-final-scoring: ignore`): an inn that is only a picture leaves the
    // road at 1 per tile; an incomplete road or city keeps its base points at the end.
    let inns_off = with_options(
        "tests/positions/ic/road-inn-completed.yaml",
        "{inns: false, inns_spoil_incomplete: false}",
    );
    assert_play(&inns_off.to_string_lossy(), &[("A", 4), ("B", 0)]);
    let ignore = with_options(
        "tests/positions/ic/road-inn-incomplete.yaml",
        "{inns_spoil_incomplete: false}",
    );
    assert_final(&ignore.to_string_lossy(), &[("A", 4), ("B", 0)]);
    let ignore = with_options(
        "tests/positions/ic/city-cathedral-incomplete.yaml",
        "{cathedrals_spoil_incomplete: false}",
    );
    assert_final(&ignore.to_string_lossy(), &[("A", 4)]);
    // The options' defaults are the expansion's rules.
    assert_play(
        "tests/positions/ic/road-inn-completed.yaml",
        &[("A", 8), ("B", 0)],
    );
}
