//! The engine's one turn sequence: what every way of playing turns must keep (the
//! bookkeeping a rule needs across turns, such as the tiles watched for a monastery that
//! completes when surrounded).

use std::path::Path;

use tessera::Rotation;
use tessera::engine::{Action, Move, State};
use tessera::validate::load_tileset;

/// A tile set of the base game's rule set (farmers off): `F`, all field, and `B`, the
/// base game's monastery tile; the start tile is `F`.
fn monastery_set(dir: &Path) -> std::path::PathBuf {
    let ruleset = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/carcassonne.yaml");
    let text = format!(
        "name: monastery test\nruleset: {}\ntotal: 22\nstart: {{tile: F}}\ntiles:\n\
         \x20 - id: F\n    count: 20\n    sides: {{N: field, E: field, S: field, W: field}}\n\
         \x20   segments:\n      - {{id: field, feature: field, at: [N, E, S, W]}}\n\
         \x20 - id: B\n    count: 2\n    sides: {{N: field, E: field, S: field, W: field}}\n\
         \x20   segments:\n      - {{id: monastery, feature: monastery}}\n\
         \x20     - {{id: field, feature: field, at: [N, E, S, W]}}\n",
        serde_json::to_string(&ruleset.display().to_string()).expect("a path as JSON")
    );
    let path = dir.join("monastery.yaml");
    std::fs::write(&path, text).expect("write the tile set");
    path
}

/// Plays `tiles` (tile, x, y) in turn order through the one turn sequence
/// ([`State::apply`]), a monk on each monastery tile; returns the state's points.
fn play(game: &tessera::rules::Game, tiles: &[(&str, i32, i32)]) -> (Vec<i64>, usize) {
    let mut state = State::new(game, vec!["A".into(), "B".into()], vec![false, false]);
    state
        .place_start(game.tiles.start, Rotation::NONE)
        .expect("the start tile");
    for &(id, x, y) in tiles {
        let tile = game.tiles.get(id).expect("a tile of the set");
        // The monastery is segment 0 of `B`.
        let action = if id == "B" {
            Action::Piece {
                kind: 0,
                on: None,
                segment: 0,
            }
        } else {
            Action::Pass
        };
        let mv = Move {
            player: state.to_play(),
            tile,
            x,
            y,
            rotation: Rotation::NONE,
            take_back: None,
            ransom: None,
            span: None,
            action,
        };
        state.apply(&mv, &[]).expect("a legal move");
    }
    (state.points().to_vec(), state.pieces().len())
}

#[test]
fn a_monastery_surrounded_later_scores_on_every_path() {
    // Found by reading (issue 22): laying a tile outside the turn sequence skipped the
    // bookkeeping of the tiles to watch, so a monastery surrounded later never scored
    // (the old `State::place_tile` path gave 0 points where the rules give 9). Every way
    // of playing now goes through the turn sequence; both orders are checked: the
    // monastery first and surrounded later, and laid last into a hole.
    let dir = std::env::temp_dir().join(format!("tessera-monastery-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (game, _) = load_tileset(&monastery_set(&dir), None).expect("the set loads");
    let _ = std::fs::remove_dir_all(&dir);
    let around = [(-1, 0), (1, 0), (-1, 1), (1, 1), (-1, 2), (0, 2), (1, 2)];
    let mut first: Vec<(&str, i32, i32)> = vec![("B", 0, 1)];
    first.extend(around.iter().map(|&(x, y)| ("F", x, y)));
    // A places the monk; the eighth tile around it completes it: 9 points, monk back.
    assert_eq!(play(&game, &first), (vec![9, 0], 0));
    let mut last: Vec<(&str, i32, i32)> = around.iter().map(|&(x, y)| ("F", x, y)).collect();
    last.push(("B", 0, 1));
    // Seven tiles, then B's monastery laid into the hole: completed at once.
    assert_eq!(play(&game, &last), (vec![0, 9], 0));
}
