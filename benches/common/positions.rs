//! Generated positions at the sizes that show how costs grow (issue 9): a turn log of `n`
//! straight road tiles in a line (one road that every turn extends), and a random legal
//! game of thousands of tiles with many players and a large supply (thousands of pieces
//! on the board at the end). Shared by `benches/positions.rs` and the tests (`tests/it/long_games.rs`, `tests/it/features.rs`).

#![allow(dead_code)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use tessera::engine::{Action, State, draw_pile};
use tessera::validate::load_tileset;

/// Copies per inline tile definition in [`long_road`]: the road tiles are split over
/// several ids so that no single count is larger than a real game's.
pub const COPIES_PER_ID: usize = 100;

/// The text of a position of the base game: the start tile D (city north, road west–east)
/// and `n` straight road tiles (defined inline, road west–east, a field on each side)
/// placed east of it, at x 1..=n. Player A puts a follower on the road on the first turn,
/// so at the end of the game A scores the open road of `n + 1` tiles.
pub fn long_road(n: usize) -> String {
    let ids = n.div_ceil(COPIES_PER_ID).max(1);
    let mut s = String::with_capacity(64 * n + 256 * ids + 512);
    let _ = writeln!(
        s,
        "name: \"{n} straight road tiles in a line east of the start tile (generated)\"\n\
         tileset: bundled:tilesets/base.yaml\n\
         players: [A]\n\
         tiles:"
    );
    for i in 0..ids {
        let count = (n - i * COPIES_PER_ID).min(COPIES_PER_ID);
        let _ = writeln!(
            s,
            "  - id: road-{i}\n    \
             name: straight road W-E\n    \
             count: {count}\n    \
             sides: {{N: field, E: road, S: field, W: road}}\n    \
             segments:\n      \
             - {{id: road, feature: road, at: [E, W]}}\n      \
             - {{id: north, feature: field, at: [N, EL, WR]}}\n      \
             - {{id: south, feature: field, at: [S, ER, WL]}}"
        );
    }
    s.push_str("turns:\n");
    for t in 0..n {
        let id = t / COPIES_PER_ID;
        let x = t + 1;
        if t == 0 {
            let _ = writeln!(s, "  - {{tile: road-{id}, x: {x}, y: 0, piece: E}}");
        } else {
            let _ = writeln!(s, "  - {{tile: road-{id}, x: {x}, y: 0}}");
        }
    }
    s
}

/// Writes [`long_road`]`(n)` to `dir` and returns its path.
pub fn write_long_road(dir: &Path, n: usize) -> PathBuf {
    std::fs::create_dir_all(dir).expect("position directory");
    let path = dir.join(format!("long-road-{n}.yaml"));
    std::fs::write(&path, long_road(n)).expect("write the position");
    path
}

/// A small deterministic random generator (SplitMix64), so that the generated game is the
/// same on every machine without a dependency.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random game written as files, with what playing it gave.
pub struct RandomGame {
    /// The position (turn log).
    pub position: PathBuf,
    /// Turns played (tiles placed after the start tile).
    pub turns: usize,
    /// Pieces on the board at the end of the game.
    pub pieces_left: usize,
    /// Each player's points with end-of-game scoring, as the game was played.
    pub points: Vec<(String, i64)>,
}

/// Plays a random legal game of the base rules on `copies` copies of the base tile set
/// (72 × `copies` tiles), with `players` players who each have `supply` followers, and
/// writes the tile set and the position (turn log) to `dir`. Each tile drawn goes to a
/// random legal placement (a tile that fits nowhere is set aside); then, with probability
/// 3/4, its player puts a follower on a random free segment of it. Same seed, same game.
pub fn random_game(dir: &Path, copies: u32, players: usize, supply: u32, seed: u64) -> RandomGame {
    std::fs::create_dir_all(dir).expect("position directory");
    let (base, _) =
        load_tileset(Path::new("bundled:tilesets/base.yaml"), None).expect("base tile set");
    let mut ts = format!(
        "name: \"The base game, {copies} copies of every tile (generated)\"\n\
         supply: {{follower: {supply}}}\n\
         include:\n  - tileset: bundled:tilesets/base.yaml\n    counts: {{"
    );
    for (i, t) in base.tiles.tiles.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(ts, "{sep}{}: {}", t.id, t.count * copies);
    }
    ts.push_str("}\n");
    let ts_name = format!("random-{copies}x-tiles.yaml");
    let ts_path = dir.join(&ts_name);
    std::fs::write(&ts_path, ts).expect("write the tile set");

    let (game, _) = load_tileset(&ts_path, None).expect("generated tile set loads");
    let names: Vec<String> = (1..=players).map(|p| format!("P{p}")).collect();
    let mut state = State::new(&game, names.clone(), game.rules.default_options());
    state
        .place_start(game.tiles.start, tessera::Rotation::NONE)
        .expect("start tile");
    let mut rng = Rng::new(seed);
    let mut pile = draw_pile(&game);
    for i in (1..pile.len()).rev() {
        pile.swap(i, rng.below(i + 1));
    }
    let mut pos = format!(
        "name: \"A random legal game: {players} players, {copies} copies of the base set (generated, seed {seed})\"\n\
         tileset: {ts_name}\n\
         players: [{}]\n\
         turns:\n",
        names.join(", ")
    );
    let mut turns = 0;
    for tile in pile {
        let legal = state.legal_placements(tile);
        if legal.is_empty() {
            continue;
        }
        let p = legal[rng.below(legal.len())];
        let player = state.to_play();
        let begun = state
            .begin_turn(player, tile, (p.x, p.y, p.rotation), &[])
            .expect("a legal placement");
        turns += 1;
        let _ = write!(
            pos,
            "  - {{tile: {}, x: {}, y: {}, rotation: {}",
            game.tiles.tiles[tile].id, p.x, p.y, p.rotation
        );
        // A follower (the base set's one piece kind) on a segment that takes one, three
        // times in four.
        let options: Vec<Action> = state
            .actions(&begun)
            .into_iter()
            .filter(|a| matches!(a, Action::Piece { .. }))
            .collect();
        let mut action = Action::Pass;
        if !options.is_empty() && rng.below(4) != 0 {
            action = options[rng.below(options.len())];
            if let Action::Piece { segment, .. } = action {
                let _ = write!(
                    pos,
                    ", piece: {}",
                    tessera::address::address_of(&state, begun.placed(), segment)
                );
            }
        }
        pos.push_str("}\n");
        state.finish_turn(begun, action).expect("a legal piece");
    }
    let pieces_left = state.pieces().len();
    state.final_scoring();
    let points = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), state.points()[i] + state.final_points()[i]))
        .collect();
    let position = dir.join(format!("random-{copies}x-{players}p-{seed}.yaml"));
    std::fs::write(&position, pos).expect("write the position");
    RandomGame {
        position,
        turns,
        pieces_left,
        points,
    }
}
