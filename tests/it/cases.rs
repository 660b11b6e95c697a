//! Scoring cases from other engines and from the rulebooks, as position files with the
//! points they must give.
//!
//! * `tests/positions/base/c*.yaml`: the base-game cases C1–C13 of
//!   docs/rules/cases.md (test suites of other public Carcassonne engines, mostly
//!   JCloisterZone, re-checked by hand); `s6-*.yaml`: its feature values (legacy
//!   JCloisterZone unit tests that state one feature's value; a follower is placed on the
//!   feature so the value shows up as that player's points).
//! * `tests/positions/pnp/*.yaml`: the worked examples and FAQ of the Print-and-Play Demo
//!   2020 (docs/rules/pnp-demo.md#3-worked-examples). The rules state the results but not
//!   the boards, so each file builds a small legal board from the demo tiles that realises
//!   the stated situation; the comments in each file explain it.
//!
//! The expected points are the ones the cases state. A failing test means the engine
//! disagrees with the case; see each position file for the reasoning.

use crate::common;

use std::path::Path;

use tessera::{Placement, Rotation, piece_options_path, placements_path};

/// Asserts the players' totals with final scoring.
fn assert_final(path: &str, expected: &[(&str, i64)]) {
    common::assert_points(path, true, None, expected);
}

/// Asserts the players' totals banked during play only.
fn assert_play(path: &str, expected: &[(&str, i64)]) {
    common::assert_points(path, false, None, expected);
}

fn assert_points(path: &str, final_scoring: bool, turns: Option<usize>, expected: &[(&str, i64)]) {
    common::assert_points(path, final_scoring, turns, expected);
}

const BASE: &str = "tests/positions/base";
const PNP: &str = "tests/positions/pnp";

fn base(file: &str) -> String {
    format!("{BASE}/{file}")
}

fn pnp(file: &str) -> String {
    format!("{PNP}/{file}")
}

// ---------------------------------------------------------------------------------------
// Base game, cases C1–C13
// ---------------------------------------------------------------------------------------

#[test]
fn c1_scoring_final() {
    assert_final(&base("c1-scoring.yaml"), &[("A", 14), ("B", 11)]);
}

#[test]
fn c1_scoring_during_play() {
    // A: the 2-tile road X-north -> A completed on the last turn; B: the city D+O+P+E
    // (4 tiles + 1 pennant) completed on turn 4.
    assert_play(&base("c1-scoring.yaml"), &[("A", 2), ("B", 10)]);
}

#[test]
fn readme_example_is_c1() {
    assert_final("examples/base-scoring.yaml", &[("A", 14), ("B", 11)]);
}

#[test]
fn c2_farms_tie_and_two_fields() {
    assert_final(&base("c2-farms.yaml"), &[("A", 9), ("B", 15)]);
}

#[test]
fn c2_farms_score_nothing_during_play() {
    // No meeple is on a completed road, city or monastery; fields score only at the end.
    assert_play(&base("c2-farms.yaml"), &[("A", 0), ("B", 0)]);
}

#[test]
fn c4_city_and_road_scoring() {
    assert_play(
        &base("c4-city-and-road.yaml"),
        &[("David", 7), ("Wendy", 16)],
    );
    assert_final(
        &base("c4-city-and-road.yaml"),
        &[("David", 7), ("Wendy", 16)],
    );
}

#[test]
fn c5_field_scoring() {
    assert_final(&base("c5-fields.yaml"), &[("Oscar", 9), ("Carol", 0)]);
}

#[test]
fn c6_monastery_scoring() {
    assert_final(&base("c6-monasteries.yaml"), &[("Eva", 9), ("Carol", 4)]);
}

#[test]
fn c6_surrounded_monastery_scores_during_play() {
    assert_play(&base("c6-monasteries.yaml"), &[("Eva", 9), ("Carol", 0)]);
}

#[test]
fn c7_tiny_city_option() {
    assert_final(&base("c7-tiny-city-small.yaml"), &[("Wendy", 8)]);
}

#[test]
fn c7_tiny_city_standard() {
    assert_final(&base("c7-tiny-city-standard.yaml"), &[("Wendy", 10)]);
}

#[test]
fn c7_tiny_city_with_pennant_option() {
    assert_final(&base("c7-tiny-city-pennant-small.yaml"), &[("Wendy", 3)]);
}

#[test]
fn c7_tiny_city_with_pennant_standard() {
    assert_final(&base("c7-tiny-city-pennant-standard.yaml"), &[("Wendy", 6)]);
}

#[test]
fn c8_placements_of_q() {
    let mut got = placements_path(Path::new(&base("c8-placements.yaml")), "Q").expect("placements");
    got.sort();
    let mut want: Vec<Placement> = [
        (1, -3, 0),
        (2, -2, 0),
        (2, -2, 180),
        (2, -2, 270),
        (-1, -1, 270),
        (0, 1, 180),
        (2, -1, 90),
    ]
    .into_iter()
    .map(|(x, y, degrees)| Placement {
        x,
        y,
        rotation: Rotation::from_degrees(degrees).expect("a quarter turn"),
    })
    .collect();
    want.sort();
    assert_eq!(got, want);
}

/// (feature, role, address) of each piece option, sorted.
fn options(path: &str) -> Vec<(String, String, String)> {
    let mut opts: Vec<(String, String, String)> = piece_options_path(Path::new(path))
        .expect("options")
        .into_iter()
        .map(|o| (o.feature, o.role, o.at))
        .collect();
    opts.sort();
    opts
}

#[test]
fn c8b_no_farmers_no_field_option() {
    let opts = options(&base("c8b-no-farmers.yaml"));
    let features: Vec<&str> = opts.iter().map(|(f, _, _)| f.as_str()).collect();
    assert_eq!(features, ["city", "road"], "options: {opts:?}");
    let (_, role, at) = &opts[0];
    assert_eq!(
        (role.as_str(), at.as_str()),
        ("knight", "S"),
        "city option: {opts:?}"
    );
    let (_, role, at) = &opts[1];
    assert_eq!(role, "highwayman", "road option: {opts:?}");
    // The road touches both E and W; either names it.
    assert!(at == "E" || at == "W", "road option address: {opts:?}");
}

#[test]
fn c8b_with_farmers_fields_are_options() {
    let opts = options(&base("c8b-farmers.yaml"));
    let mut features: Vec<&str> = opts.iter().map(|(f, _, _)| f.as_str()).collect();
    features.dedup();
    assert_eq!(features, ["city", "field", "road"], "options: {opts:?}");
    let fields = opts.iter().filter(|(f, _, _)| f == "field").count();
    assert_eq!(fields, 2, "two fields on D: {opts:?}");
    assert!(
        opts.iter()
            .filter(|(f, _, _)| f == "field")
            .all(|(_, r, _)| r == "farmer")
    );
}

#[test]
fn c12_open_road_through_junction_counted_once() {
    let path = base("c12-road-counted-once.yaml");
    for (turns, want) in [(1, 2), (2, 3), (3, 4), (4, 4), (5, 6)] {
        assert_points(&path, true, Some(turns), &[("P1", want)]);
    }
    assert_final(&path, &[("P1", 6)]);
}

#[test]
fn c13_one_open_road() {
    assert_final(&base("c13-road.yaml"), &[("P1", 2)]);
}

#[test]
fn c13_two_open_roads() {
    assert_final(&base("c13-roads.yaml"), &[("P1", 2), ("P2", 3)]);
}

#[test]
fn c13_one_monastery() {
    assert_points(&base("c13-monasteries.yaml"), true, Some(1), &[("P1", 2)]);
}

#[test]
fn c13_three_adjacent_monasteries() {
    assert_final(&base("c13-monasteries.yaml"), &[("P1", 8), ("P2", 4)]);
}

#[test]
fn c13_open_city() {
    assert_points(&base("c13-cities.yaml"), true, Some(1), &[("P1", 2)]);
}

#[test]
fn c13_three_open_cities() {
    assert_final(&base("c13-cities.yaml"), &[("P1", 3), ("P2", 1)]);
}

#[test]
fn c13_farm() {
    assert_final(&base("c13-farm.yaml"), &[("P1", 3)]);
}

#[test]
fn c13_fields1_shared_field_tie() {
    assert_final(&base("c13-fields1.yaml"), &[("P1", 6), ("P2", 6)]);
}

#[test]
fn c13_fields2_band_between_two_cities() {
    assert_final(&base("c13-fields2.yaml"), &[("P1", 6), ("P2", 3)]);
}

#[test]
fn c13_road_loop_through_one_junction() {
    assert_play(&base("c13-road-loop.yaml"), &[("P1", 4)]);
    assert_final(&base("c13-road-loop.yaml"), &[("P1", 4)]);
}

// ---------------------------------------------------------------------------------------
// Base game: the value of one feature (docs/rules/cases.md#feature-values)
// ---------------------------------------------------------------------------------------

#[test]
fn s6_road_crossroads_to_monastery() {
    assert_play(&base("s6-road-crossroads-to-monastery.yaml"), &[("A", 4)]);
}

#[test]
fn s6_road_loop() {
    assert_play(&base("s6-road-loop.yaml"), &[("A", 4)]);
}

#[test]
fn s6_road_loop_both_ends_at_one_crossroads() {
    assert_play(&base("s6-road-loop-crossroads.yaml"), &[("A", 4)]);
}

#[test]
fn s6_two_tile_city() {
    assert_play(&base("s6-city-2-tiles-standard.yaml"), &[("A", 4)]);
}

#[test]
fn s6_two_tile_city_small_city_option() {
    assert_play(&base("s6-city-2-tiles-small.yaml"), &[("A", 2)]);
}

#[test]
fn s6_three_tile_city() {
    assert_play(&base("s6-city-3-tiles-P.yaml"), &[("A", 6)]);
}

#[test]
fn s6_three_tile_city_with_pennant() {
    assert_play(&base("s6-city-3-tiles-O.yaml"), &[("A", 8)]);
}

#[test]
fn s6_monastery_alone() {
    assert_final(&base("s6-monastery-alone.yaml"), &[("A", 1)]);
}

#[test]
fn s6_monastery_four_neighbours() {
    assert_final(&base("s6-monastery-4-neighbours.yaml"), &[("A", 5)]);
}

#[test]
fn s6_monastery_surrounded() {
    assert_play(&base("s6-monastery-surrounded.yaml"), &[("A", 9)]);
}

// ---------------------------------------------------------------------------------------
// Print-and-Play Demo 2020: worked examples and FAQ
// ---------------------------------------------------------------------------------------

#[test]
fn pnp_ex1_road_closed_by_opponent() {
    assert_play(
        &pnp("ex1-road-closed-by-opponent.yaml"),
        &[("Red", 3), ("Blue", 0)],
    );
    // Blue's knight stayed: its open city scores at the end.
    assert_final(
        &pnp("ex1-road-closed-by-opponent.yaml"),
        &[("Red", 3), ("Blue", 1)],
    );
}

#[test]
fn pnp_ex2_completed_city() {
    assert_play(&pnp("ex2-completed-city.yaml"), &[("Red", 8), ("Blue", 0)]);
}

#[test]
fn pnp_ex3_completed_monastery() {
    assert_play(
        &pnp("ex3-completed-monastery.yaml"),
        &[("Red", 9), ("Blue", 0)],
    );
}

#[test]
fn pnp_ex4_complete_and_score_at_once() {
    assert_play(
        &pnp("ex4-complete-and-score.yaml"),
        &[("Red", 3), ("Blue", 0)],
    );
    // The highwayman went back: nothing more at the end.
    assert_final(
        &pnp("ex4-complete-and-score.yaml"),
        &[("Red", 3), ("Blue", 0)],
    );
}

#[test]
fn pnp_ex5_two_highwaymen_both_score() {
    assert_play(&pnp("ex5-shared-road.yaml"), &[("Red", 4), ("Blue", 4)]);
}

#[test]
fn pnp_ex6_majority_scores_alone() {
    assert_play(
        &pnp("ex6-majority-city.yaml"),
        &[("Red", 10), ("Yellow", 0)],
    );
    // All knights went back: nothing more at the end.
    assert_final(
        &pnp("ex6-majority-city.yaml"),
        &[("Red", 10), ("Yellow", 0)],
    );
}

#[test]
fn pnp_ex7_final_scoring() {
    assert_final(
        &pnp("ex7-final-scoring.yaml"),
        &[
            ("Green", 8),
            ("Black", 0),
            ("Yellow", 4),
            ("Blue", 3),
            ("Red", 3),
        ],
    );
}

#[test]
fn pnp_faq_knight_on_the_small_city_it_closes() {
    assert_play(&pnp("faq-two-segments-closed.yaml"), &[("Red", 4)]);
    assert_final(&pnp("faq-two-segments-closed.yaml"), &[("Red", 4)]);
}

#[test]
fn pnp_faq_knight_on_the_other_segment() {
    assert_play(&pnp("faq-two-segments-other.yaml"), &[("Red", 0)]);
    assert_final(&pnp("faq-two-segments-other.yaml"), &[("Red", 1)]);
}

// ---------------------------------------------------------------------------------------
// Snapshots and inline tiles (issue 2: positions as a snapshot with points banked, tiles
// defined inline in a position).
// ---------------------------------------------------------------------------------------

fn snapshot(file: &str) -> String {
    format!("tests/positions/snapshot/{file}")
}

#[test]
fn c1_snapshot_after_last_turn_scores_like_the_turn_log() {
    let path = snapshot("c1-after-last-turn.yaml");
    assert_play(&path, &[("A", 2), ("B", 10)]);
    assert_final(&path, &[("A", 14), ("B", 11)]);
}

#[test]
fn snapshot_scores_a_completed_feature_still_holding_pieces_for_both_tied_players() {
    // Ann: 5 banked + 4; Ben: 4 (a completed 2-tile city, 1 knight each).
    assert_play(
        &snapshot("completed-not-yet-scored.yaml"),
        &[("Ann", 9), ("Ben", 4)],
    );
}

#[test]
fn inline_fan_tile_extends_a_road() {
    assert_final(&base("inline-tile.yaml"), &[("A", 3)]);
}
