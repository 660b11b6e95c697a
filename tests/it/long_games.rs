//! The generated long positions of `benches/positions.rs` score what the rules say (not
//! timed here: the benchmark times them): 10,000 road tiles in a line make one open road
//! of 10,001 tiles with the start tile, scored at the end of the game; a random legal game
//! with many players replays from its file to the points it was played to.

use crate::positions;

use tessera::{ScoreOptions, score_path};

fn temp_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tessera-{name}-{}", std::process::id()))
}

#[test]
fn ten_thousand_road_tiles_make_one_open_road_of_10001_tiles() {
    let dir = temp_dir("long-road");
    let path = positions::write_long_road(&dir, 10_000);
    let r = score_path(
        &path,
        &ScoreOptions {
            final_scoring: true,
            turns: None,
        },
    )
    .expect("the long road scores");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(r.turns, 10_000);
    // One follower, on the road: the road is never completed, and scores 1 point per tile
    // at the end of the game.
    assert_eq!(r.points("A"), Some(10_001));
    assert_eq!(r.players[0].during_play, 0);
    let [road] = r.features.as_slice() else {
        panic!("one feature scored: {:?}", r.features.len());
    };
    assert_eq!(road.phase, "final");
    assert_eq!(road.feature, "road");
    assert!(!road.completed);
    assert_eq!(road.tiles.len(), 10_001);
    assert_eq!(road.tiles.first(), Some(&[0, 0]));
    assert_eq!(road.tiles.last(), Some(&[10_000, 0]));
    assert_eq!(road.why, "10001 tiles x 1 = 10001");
}

#[test]
fn a_random_game_with_many_players_replays_to_the_points_it_was_played_to() {
    let dir = temp_dir("random-game");
    let game = positions::random_game(&dir, 4, 8, 100, 11);
    let r = score_path(
        &game.position,
        &ScoreOptions {
            final_scoring: true,
            turns: None,
        },
    )
    .expect("the random game scores");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(r.turns, game.turns);
    assert!(game.turns > 250, "{} turns", game.turns);
    assert!(game.pieces_left > 50, "{} pieces left", game.pieces_left);
    for (name, points) in &game.points {
        assert_eq!(r.points(name), Some(*points), "{name}");
    }
    assert!(
        game.points.iter().any(|(_, p)| *p > 0),
        "somebody scores: {:?}",
        game.points
    );
}
