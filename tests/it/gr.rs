//! Gold Rush: the rulebook's worked examples (docs/rules/gold-rush.md#8-worked-examples),
//! the rules it states without an example (tents, mining, a railroad that re-enters its
//! city), and rule checks, as position files with the points they must give.
//!
//! * `tests/positions/gr/ex*.yaml`: examples 1–12 of
//!   docs/rules/gold-rush.md#8-worked-examples. The contents of the Gold Rush tiles are not
//!   public (docs/rules/gold-rush.md#9-tile-data), so every position defines the tiles it
//!   needs inline (`tiles:`, ids `gr-…`, plain stand-ins, not the printed designs) and
//!   starts from one of them (`start:`); it still names
//!   `tilesets/gold-rush-reconstructed.yaml` for the game. The rulebook pictures are not
//!   recoverable either: each file builds a small board that realises the stated inventory,
//!   explained in its comments. Final-scoring examples (10, 11, 12) and the scoreboard
//!   example (4) are snapshots; the others are turn logs, so every placement rule is
//!   checked on the way. Example 7 is also a snapshot with known token values
//!   (`ex7-mountain-tie-snapshot.yaml`: `tokens:` and `active:`).
//! * `city-*.yaml`, `tent-*.yaml`: rules without an example: a railroad that leaves a city
//!   and comes back counts once; the tent (placed on any tile, moved, never counted for the
//!   majority, returned), mining the top token, mining before completing a mountain, tokens
//!   leaving a mountain completed without a gold miner.
//! * `tests/invalid/gr/*.yaml`: turn logs with one illegal turn (a tent on an occupied
//!   segment or on a completed mountain, mining without a tent, mining and placing a piece
//!   in one turn, `draws` listing more tokens than were taken); the replay must stop there
//!   with the check code asserted here.
//!
//! Token values: a turn's `draws` gives the values of the tokens taken during that turn, in
//! the order taken (mining first, then a completed mountain's tokens, whoever takes them);
//! tokens without a value stay unknown (`unknown_tokens`). Token points
//! (`report.players[i].tokens`) are added to the total only with the end-of-game scoring.
//!
//! A failing test means the engine disagrees with the rulebook; see the position file for
//! the reasoning behind the expected points.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use tessera::engine::State;
use tessera::replay::{LoadedPosition, load_position, replay};
use tessera::report::ScoreReport;

const GR: &str = "tests/positions/gr";
/// Deliberately illegal turn logs: `tests/it/data.rs` requires them to live under
/// `tests/invalid/` (each names its expected check in a `# expect:` line).
const INVALID: &str = "tests/invalid/gr";

fn gr(file: &str) -> String {
    format!("{GR}/{file}")
}

/// The score report of a position after `turns` turns (all when `None`).
fn report_after(file: &str, final_scoring: bool, turns: Option<usize>) -> ScoreReport {
    common::report(&gr(file), final_scoring, turns)
}

fn report(file: &str, final_scoring: bool) -> ScoreReport {
    report_after(file, final_scoring, None)
}

fn assert_points_after(
    file: &str,
    final_scoring: bool,
    turns: Option<usize>,
    expected: &[(&str, i64)],
) {
    common::assert_points(&gr(file), final_scoring, turns, expected);
}

/// Asserts the totals banked during play only.
fn assert_play(file: &str, expected: &[(&str, i64)]) {
    assert_points_after(file, false, None, expected);
}

/// Asserts the totals with end-of-game scoring (token points included).
fn assert_final(file: &str, expected: &[(&str, i64)]) {
    assert_points_after(file, true, None, expected);
}

/// Asserts each player's token points and number of tokens of unknown value.
fn assert_tokens(file: &str, expected: &[(&str, i64, u32)]) {
    let r = report(file, true);
    for &(name, points, unknown) in expected {
        let p = r
            .players
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("{GR}/{file}: no player {name}"));
        assert_eq!(
            (p.tokens, p.unknown_tokens),
            (points, unknown),
            "{GR}/{file}: {name}'s token points and unknown tokens"
        );
    }
}

fn loaded(file: &str) -> LoadedPosition {
    let path = gr(file);
    load_position(Path::new(&path)).unwrap_or_else(|e| panic!("{path} should load: {e:?}"))
}

fn replayed<'g>(lp: &'g LoadedPosition, limit: Option<usize>) -> State<'g> {
    replay(lp, limit).unwrap_or_else(|f| panic!("{:?} should replay: {f:?}", lp.file.path))
}

fn player(state: &State, name: &str) -> usize {
    state
        .players()
        .iter()
        .position(|p| p == name)
        .unwrap_or_else(|| panic!("no player {name}"))
}

/// The token values a player holds (mining tokens, the only supply), in the order taken.
fn held(state: &State, name: &str) -> Vec<Option<u32>> {
    state.tokens()[0].held[player(state, name)].clone()
}

/// Tokens lying on the segment `at` of the tile at (x, y).
fn pile(state: &State, x: i32, y: i32, at: &str) -> usize {
    let placed = state.board().at(x, y).expect("a tile at that cell");
    let seg = tessera::address::segment_at(state, placed, at).expect("a segment at that address");
    let node = state.board().node(placed, seg);
    state.tokens()[0].on.get(&node).map_or(0, Vec::len)
}

/// Tokens lying anywhere on the board.
fn tokens_on_board(state: &State) -> usize {
    state.tokens()[0].on.values().map(Vec::len).sum()
}

/// A player's pieces of a kind in supply.
fn supply(lp: &LoadedPosition, state: &State, name: &str, kind: &str) -> u32 {
    let k = lp.game.rules.piece(kind).expect("piece kind");
    state.supply()[player(state, name)][k]
}

/// Asserts that every cowboy and tent is back in supply (4 cowboys, 1 tent each).
fn assert_all_pieces_back(lp: &LoadedPosition, state: &State) {
    assert!(
        state.pieces().is_empty(),
        "{:?}: no piece left on the board: {:?}",
        lp.file.path,
        state.pieces()
    );
    for name in state.players() {
        assert_eq!(supply(lp, state, name, "cowboy"), 4, "{name}'s cowboys");
        assert_eq!(supply(lp, state, name, "tent"), 1, "{name}'s tent");
    }
}

/// Tokens each player took from the features scored, as the report lists them.
fn tokens_taken(r: &ScoreReport) -> Vec<BTreeMap<String, u32>> {
    r.features.iter().map(|e| e.tokens.clone()).collect()
}

/// Asserts that replaying the position (in `tests/invalid/gr/`) stops at an illegal turn
/// with the given check code, and that `score_path` reports it too.
fn assert_finding(file: &str, code: &str) {
    common::assert_finding(&format!("{INVALID}/{file}"), code);
}

// ---------------------------------------------------------------------------------------
// Railroads (examples 1–5)
// ---------------------------------------------------------------------------------------

/// Example 1: a completed 4-tile railroad, one railwayman: 4.
#[test]
fn ex1_railroad_4_tiles_scores_4() {
    let f = "ex1-railroad-4-tiles.yaml";
    assert_play(f, &[("Blue", 4), ("Red", 0)]);
    assert_final(f, &[("Blue", 4), ("Red", 0)]);
}

/// Example 1: a completed 3-tile railroad, one railwayman (placed on the completing
/// tile): 3.
#[test]
fn ex1_railroad_3_tiles_scores_3() {
    let f = "ex1-railroad-3-tiles.yaml";
    assert_play(f, &[("Blue", 3), ("Red", 0)]);
    assert_final(f, &[("Blue", 3), ("Red", 0)]);
}

/// Example 2: exactly one locomotive doubles a completed 4-tile railroad: 8.
#[test]
fn ex2_one_locomotive_doubles_to_8() {
    let f = "ex2-railroad-one-locomotive.yaml";
    assert_play(f, &[("Blue", 8), ("Red", 0)]);
    assert_final(f, &[("Blue", 8), ("Red", 0)]);
}

/// Example 3 (corrected illustration): two locomotives, no doubling: a 6-tile railroad
/// scores 6 (not 12).
#[test]
fn ex3_two_locomotives_do_not_double_6() {
    let f = "ex3-railroad-two-locomotives.yaml";
    assert_play(f, &[("Blue", 6), ("Red", 0)]);
    assert_final(f, &[("Blue", 6), ("Red", 0)]);
}

/// Example 4: 49 on the scoreboard + a 2-tile railroad = 51.
#[test]
fn ex4_scoreboard_49_plus_2_is_51() {
    let f = "ex4-scoreboard-49-plus-2.yaml";
    assert_play(f, &[("Blue", 51), ("Red", 0)]);
    assert_final(f, &[("Blue", 51), ("Red", 0)]);
}

/// Example 5: a tile joins two railroads into one completed 5-tile railroad with one
/// railwayman each: both score 5.
#[test]
fn ex5_joined_railroad_tie_scores_5_each() {
    let f = "ex5-joined-railroad-tie.yaml";
    assert_play(f, &[("Blue", 5), ("Yellow", 5)]);
    assert_final(f, &[("Blue", 5), ("Yellow", 5)]);
}

// ---------------------------------------------------------------------------------------
// Mountains and mining tokens (examples 6, 7, 9)
// ---------------------------------------------------------------------------------------

/// Example 6: a completed mountain with 7 nugget symbols; Yellow (2 gold miners to Blue's
/// 1; Blue's tent does not count) first takes the 6 remaining tokens (Blue mined one
/// earlier), then scores 7.
#[test]
fn ex6_mountain_majority_takes_remaining_tokens_and_scores_7() {
    let f = "ex6-mountain-majority.yaml";
    assert_play(f, &[("Yellow", 7), ("Blue", 0)]);
    let lp = loaded(f);
    let state = replayed(&lp, None);
    assert_eq!(
        held(&state, "Yellow"),
        [2, 2, 3, 1, 0, 2].map(Some),
        "Yellow takes the 6 remaining tokens"
    );
    assert_eq!(held(&state, "Blue"), [Some(5)], "Blue's mined token");
    assert_eq!(
        tokens_on_board(&state),
        0,
        "no token is left on the mountain"
    );
    assert_all_pieces_back(&lp, &state);
    let r = report(f, false);
    assert_eq!(
        tokens_taken(&r),
        [BTreeMap::from([("Yellow".to_string(), 6)])],
        "the completed mountain's tokens all go to Yellow"
    );
    assert_tokens(f, &[("Yellow", 10, 0), ("Blue", 5, 0)]);
    // Tokens count at the end: Yellow 7 + 10, Blue 5.
    assert_final(f, &[("Yellow", 17), ("Blue", 5)]);
}

/// Example 7: a mountain completed on Blue's turn, Red and Blue tied with one gold miner
/// each, 3 tokens left (Red mined 2 before): Blue takes one, Red one, Blue the last
/// (clockwise from the active player, though Red plays first); both score 5.
#[test]
fn ex7_tied_mountain_tokens_alternate_from_the_active_player() {
    let f = "ex7-mountain-tie-tokens-clockwise.yaml";
    assert_play(f, &[("Red", 5), ("Blue", 5)]);
    let lp = loaded(f);
    let state = replayed(&lp, None);
    // The completing turn's draws are [2, 0, 5]: Blue 2, Red 0, Blue 5.
    assert_eq!(
        held(&state, "Blue"),
        [Some(2), Some(5)],
        "Blue takes 2 tokens"
    );
    assert_eq!(
        held(&state, "Red"),
        [Some(3), Some(1), Some(0)],
        "Red's 2 mined tokens, then 1 from the tie"
    );
    assert_eq!(tokens_on_board(&state), 0);
    assert_all_pieces_back(&lp, &state);
    let r = report(f, false);
    assert_eq!(
        tokens_taken(&r),
        [BTreeMap::from([
            ("Blue".to_string(), 2),
            ("Red".to_string(), 1)
        ])]
    );
    assert_tokens(f, &[("Red", 4, 0), ("Blue", 7, 0)]);
    assert_final(f, &[("Red", 9), ("Blue", 12)]);
}

/// Example 7 as a snapshot with known token values (bottom to top 5, 0, 2) and
/// `active: Blue`: Blue takes the top one (2), Red the next (0), Blue the last (5).
#[test]
fn ex7_snapshot_tied_mountain_known_tokens_from_the_top() {
    let f = "ex7-mountain-tie-snapshot.yaml";
    assert_play(f, &[("Red", 5), ("Blue", 5)]);
    let lp = loaded(f);
    let state = replayed(&lp, None);
    assert_eq!(held(&state, "Blue"), [Some(2), Some(5)]);
    assert_eq!(held(&state, "Red"), [Some(0)]);
    assert_eq!(tokens_on_board(&state), 0);
    assert_tokens(f, &[("Red", 0, 0), ("Blue", 7, 0)]);
    assert_final(f, &[("Red", 5), ("Blue", 12)]);
}

/// Example 9: a cowboy placed on a feature the same tile completes scores and returns at
/// once: railwayman 3; gold miner 2 with the mountain's 2 tokens.
#[test]
fn ex9_same_turn_return_railroad_3_then_mountain_2() {
    let f = "ex9-same-turn-return.yaml";
    assert_points_after(f, false, Some(2), &[("Blue", 3), ("Red", 0)]);
    let lp = loaded(f);
    let after_railroad = replayed(&lp, Some(2));
    assert_eq!(
        supply(&lp, &after_railroad, "Blue", "cowboy"),
        4,
        "the railwayman is back after turn 2"
    );
    assert_play(f, &[("Blue", 5), ("Red", 0)]);
    let state = replayed(&lp, None);
    assert_eq!(held(&state, "Blue"), [Some(2), Some(3)], "both tokens");
    assert_all_pieces_back(&lp, &state);
    assert_tokens(f, &[("Blue", 5, 0), ("Red", 0, 0)]);
    assert_final(f, &[("Blue", 10), ("Red", 0)]);
}

// ---------------------------------------------------------------------------------------
// Cities (example 8, a railroad that re-enters its city)
// ---------------------------------------------------------------------------------------

/// Example 8: a completed city with 2 completed railroads (one leaves it and comes back):
/// the merchant scores 6; the city is not completed before the loop closes.
#[test]
fn ex8_city_with_2_completed_railroads_scores_6() {
    let f = "ex8-city-two-railroads.yaml";
    assert_points_after(f, false, Some(3), &[("Blue", 0), ("Red", 0)]);
    assert_play(f, &[("Blue", 6), ("Red", 0)]);
    assert_final(f, &[("Blue", 6), ("Red", 0)]);
}

/// A city with 4 railroad exits, two of them one railroad that leaves and re-enters:
/// 3 distinct completed railroads, 9 (not 12). Before the loop closes the city is
/// incomplete and scores 3 per completed railroad at the end (2 so far: 6).
#[test]
fn city_railroad_leaving_and_reentering_counts_once() {
    let f = "city-railroad-reenters-counts-once.yaml";
    assert_points_after(f, false, Some(4), &[("Blue", 0)]);
    assert_points_after(f, true, Some(4), &[("Blue", 6)]);
    assert_play(f, &[("Blue", 9), ("Red", 0)]);
    assert_final(f, &[("Blue", 9), ("Red", 0)]);
}

// ---------------------------------------------------------------------------------------
// Final scoring (examples 10, 11, 12)
// ---------------------------------------------------------------------------------------

/// Example 10: incomplete features at the end: Green's mountain 10 (2 miners to Black's
/// 1), Red's 2-tile railroad 2 (its locomotive ignored), Yellow's incomplete city 3 (1
/// completed railroad), Blue's mountain 3. The tokens left on the mountains leave.
#[test]
fn ex10_final_scoring_of_incomplete_features() {
    let f = "ex10-final-scoring.yaml";
    assert_final(
        f,
        &[
            ("Green", 10),
            ("Black", 0),
            ("Red", 2),
            ("Yellow", 3),
            ("Blue", 3),
        ],
    );
    assert_play(
        f,
        &[
            ("Green", 0),
            ("Black", 0),
            ("Red", 0),
            ("Yellow", 0),
            ("Blue", 0),
        ],
    );
    let r = report(f, true);
    assert!(
        r.players
            .iter()
            .all(|p| p.tokens == 0 && p.unknown_tokens == 0),
        "the tokens on the board count for nobody: {:?}",
        r.players
    );
}

/// Example 11: farmers at the end: Green and Yellow tied on 1 tipi + 1 herd, 6 each; Red
/// 4 for 2 tipis; Blue 16 for 2 tipis + 3 herds (2 farmers to Yellow's 1, who gets 0
/// there).
#[test]
fn ex11_prairies_tipis_2_herds_4() {
    let f = "ex11-prairies.yaml";
    assert_final(f, &[("Green", 6), ("Yellow", 6), ("Red", 4), ("Blue", 16)]);
    assert_play(f, &[("Green", 0), ("Yellow", 0), ("Red", 0), ("Blue", 0)]);
}

/// Example 12: Blue's 9 tokens, 3 x 1 + 4 x 2 + 1 x 5 + 1 gravel = 16, counted only at
/// the end.
#[test]
fn ex12_token_hand_is_worth_16() {
    let f = "ex12-token-hand.yaml";
    assert_final(f, &[("Blue", 16), ("Red", 0)]);
    assert_play(f, &[("Blue", 0), ("Red", 0)]);
    assert_tokens(f, &[("Blue", 16, 0), ("Red", 0, 0)]);
    let r = report(f, true);
    let blue = &r.players[0];
    assert_eq!(
        (blue.during_play, blue.final_scoring),
        (0, 0),
        "tokens are neither play nor feature points"
    );
}

// ---------------------------------------------------------------------------------------
// Tents and mining
// ---------------------------------------------------------------------------------------

/// The tent goes on an older tile's mountain; mining takes the top token of the whole
/// mountain (the last one put down, not one under the tent); placing the tent again moves
/// it; the mined tokens (5 + 2) count at the end.
#[test]
fn tent_mines_the_top_token_and_moves() {
    let f = "tent-mine-top-token-and-move.yaml";
    let lp = loaded(f);
    let before = replayed(&lp, Some(2));
    assert_eq!(pile(&before, 0, 0, "N"), 1, "start tile: 1 token");
    assert_eq!(pile(&before, 0, -1, "N"), 2, "(0,-1): 2 tokens");
    let mined = replayed(&lp, Some(3));
    assert_eq!(pile(&mined, 0, 0, "N"), 1, "the token under the tent stays");
    assert_eq!(pile(&mined, 0, -1, "N"), 1, "the top token was on (0,-1)");
    assert_eq!(held(&mined, "Blue"), [Some(5)]);
    let state = replayed(&lp, None);
    let tent = lp.game.rules.piece("tent").expect("tent");
    let tents: Vec<_> = state.pieces().iter().filter(|p| p.kind == tent).collect();
    assert_eq!(tents.len(), 1, "one tent on the board: {tents:?}");
    let placed = state.board().at(1, 1).expect("tile at (1,1)");
    let seg = tessera::address::segment_at(&state, placed, "S").expect("mountain segment");
    assert_eq!(
        tents[0].node,
        state.board().node(placed, seg),
        "the tent moved to (1,1)"
    );
    assert_eq!(supply(&lp, &state, "Blue", "tent"), 0);
    assert_eq!(pile(&state, 1, 1, "S"), 0, "mountain B's token was mined");
    assert_eq!(held(&state, "Blue"), [Some(5), Some(2)]);
    assert_play(f, &[("Blue", 0), ("Red", 0)]);
    assert_tokens(f, &[("Blue", 7, 0), ("Red", 0, 0)]);
    assert_final(f, &[("Blue", 7), ("Red", 0)]);
}

/// A tent does not count for the majority (Red's lone gold miner takes every token and
/// scores) and returns; a mountain completed with only a tent on it scores nobody and its
/// tokens leave the game.
#[test]
fn tent_never_counts_for_majority_and_tokens_leave_without_miner() {
    let f = "tent-no-majority.yaml";
    assert_play(f, &[("Blue", 0), ("Red", 2)]);
    let lp = loaded(f);
    let first = replayed(&lp, Some(2));
    assert_eq!(held(&first, "Red"), [Some(3), Some(2)]);
    assert_eq!(held(&first, "Blue"), []);
    assert_eq!(supply(&lp, &first, "Blue", "tent"), 1, "the tent returned");
    let state = replayed(&lp, None);
    assert_eq!(
        held(&state, "Blue"),
        [],
        "no miner: nobody takes the tokens"
    );
    assert_eq!(held(&state, "Red"), [Some(3), Some(2)]);
    assert_eq!(tokens_on_board(&state), 0, "the tokens left the game");
    assert_all_pieces_back(&lp, &state);
    assert_final(f, &[("Blue", 0), ("Red", 7)]);
}

/// A player whose tent stands on the mountain they complete mines first (the token just
/// put down, value 5), then the majority (Red) takes the other 3 (values not given:
/// unknown) and scores 4.
#[test]
fn tent_mine_before_completing_the_mountain() {
    let f = "tent-mine-then-complete.yaml";
    assert_play(f, &[("Blue", 0), ("Red", 4)]);
    let lp = loaded(f);
    let state = replayed(&lp, None);
    assert_eq!(held(&state, "Blue"), [Some(5)]);
    assert_eq!(held(&state, "Red"), [None, None, None]);
    assert_all_pieces_back(&lp, &state);
    assert_tokens(f, &[("Blue", 5, 0), ("Red", 0, 3)]);
    assert_final(f, &[("Blue", 5), ("Red", 4)]);
}

// ---------------------------------------------------------------------------------------
// Rule checks (tests/invalid/gr)
// ---------------------------------------------------------------------------------------

/// A tent may not go on a mountain segment holding a cowboy.
#[test]
fn tent_not_on_an_occupied_segment() {
    assert_finding("tent-occupied-segment.yaml", "position::feature_occupied");
}

/// A tent may not go on a completed mountain, even on a vacant segment.
#[test]
fn tent_not_on_a_completed_mountain() {
    assert_finding(
        "tent-completed-mountain.yaml",
        "position::feature_completed",
    );
}

/// Mining needs the player's tent on the board.
#[test]
fn mining_needs_a_tent() {
    assert_finding("mine-without-tent.yaml", "position::mine");
}

/// A turn places a piece or mines, not both.
#[test]
fn mining_and_placing_a_piece_in_one_turn() {
    assert_finding("mine-and-piece.yaml", "position::mine_and_piece");
}

/// `draws` may not list more values than the tokens taken that turn.
#[test]
fn draws_more_than_the_tokens_taken() {
    assert_finding("draws-more-than-taken.yaml", "position::draw_count");
}

#[test]
fn readme_example_is_the_mountain_majority_example() {
    let r = tessera::score_path(
        std::path::Path::new("examples/gold-rush.yaml"),
        &tessera::ScoreOptions {
            final_scoring: true,
            turns: None,
        },
    )
    .expect("the bundled example scores");
    assert_eq!(r.points("Yellow"), Some(17));
    assert_eq!(r.points("Blue"), Some(5));
}
