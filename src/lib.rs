#![warn(missing_docs)]
//! tessera: Carcassonne-family tile games as data.
//!
//! A game is a YAML **rule set** (terrains, side profiles, feature kinds, completion,
//! scoring, pieces, options) plus a YAML **tile set** (tile definitions with counts). This
//! library loads them with source spans ([`load`]), checks their meaning and compiles them
//! to tables ([`validate`], [`rules`]), keeps a board and its petgraph feature graph
//! ([`board`], [`graph`]), scores features ([`score`]), plays turns ([`engine`]) and
//! replays positions turn by turn ([`replay`]). [`jcz`] reads JCloisterZone
//! tile-definition XML into the same checks. Nothing about any particular game is written
//! in Rust. `ARCHITECTURE.md` maps the modules and the order of their layers.
//!
//! Most users need three calls: [`score_path`] (below), [`placements_path`] and
//! [`piece_options_path`]; [`validate_file`] checks any file.
//!
//! ```
//! use std::path::Path;
//! use tessera::{ScoreOptions, score_path};
//! let report = score_path(
//!     Path::new("examples/base-scoring.yaml"),
//!     &ScoreOptions { final_scoring: true, turns: None },
//! )
//! .expect("the bundled example scores");
//! assert_eq!(report.points("A"), Some(14));
//! ```

pub mod address;
pub mod board;
pub mod diag;
pub mod engine;
pub mod forest;
pub mod geometry;
pub mod graph;
pub mod jcz;
pub mod limits;
pub mod load;
pub mod mechanism;
pub mod model;
pub mod output;
pub mod picture;
pub mod render;
pub mod replay;
pub mod rules;
pub mod schema;
pub mod score;
pub mod simulate;
pub mod validate;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

pub use diag::{Check, Failure, Finding};
pub use engine::Placement;
pub use render::PieceOption;
pub use render::ScoreReport;

/// What `tessera play` plays: the game (rule set, tile sets played together), the seats,
/// the seed and the agents.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    /// Rule set; default the first tile set's.
    pub ruleset: Option<PathBuf>,
    /// Tile sets played together (rule set and start tile from the first).
    pub tilesets: Vec<PathBuf>,
    /// Number of players (seats), 1 or more.
    pub players: usize,
    /// Seed of the draws and the agents' choices: the same seed gives the same game.
    pub seed: u64,
    /// One agent per seat, repeated when fewer are given (default random).
    pub agents: Vec<engine::play::Agent>,
    /// Where the position file will be written (paths in it are relative to its
    /// directory); `None`: relative to the current directory.
    pub out: Option<PathBuf>,
}

/// A game played by [`play`]: the position file's text and the points per seat.
#[derive(Debug, Clone)]
pub struct Played {
    /// The position file (YAML) with the whole turn log; `tessera score --final` on it
    /// gives `points`.
    pub position: String,
    /// Player names, in turn order.
    pub players: Vec<String>,
    /// Total points per player after end-of-game scoring (tokens of known value included).
    pub points: Vec<i64>,
    /// Turns played.
    pub turns: usize,
    /// Tiles drawn that fit nowhere and were set aside.
    pub set_aside: usize,
    /// Whether the game stopped at [`limits::MAX_PLAYED_TURNS`] with tiles left (a rule
    /// set whose piles never run out): the position holds the turns played.
    pub stopped_at_limit: bool,
}

/// The first words of a position file written by [`play`]: `tessera play -o` replaces a
/// file that starts with them (a game it played before) without `--force`.
pub const PLAYED_HEADER: &str = "# Played by tessera play:";

/// Plays one whole game (see [`engine::play`]) and writes it as a position file.
///
/// Errors: findings in the rule set or tile sets (or a start tile that cannot be laid),
/// a tool failure when a file cannot be read.
pub fn play(opts: &PlayOptions) -> Result<Played, Failure> {
    let players = seat_names(opts.players);
    let agents: Vec<&str> = opts.agents.iter().map(|a| a.name()).collect();
    let comment = format!(
        "{PLAYED_HEADER} seed {}, agents {}.\n",
        opts.seed,
        if agents.is_empty() {
            "random".to_string()
        } else {
            agents.join(", ")
        },
    );
    let name = format!("A game played by tessera (seed {})", opts.seed);
    let (header, lp) = load_game(
        opts.ruleset.as_deref(),
        &opts.tilesets,
        &players,
        opts.out.as_deref(),
        &comment,
        &name,
    )?;
    let state = engine::State::new(&lp.game, players.clone(), lp.options.clone());
    let agents = if opts.agents.is_empty() {
        vec![engine::play::Agent::Random]
    } else {
        opts.agents.clone()
    };
    let game = engine::play::play_game(state, &agents, opts.seed, limits::MAX_PLAYED_TURNS)
        .map_err(|e| Failure::Tool(format!("the game cannot be played: {e:?}")))?;
    // No turn and no tile set aside: there was nothing to draw. (Tiles drawn and set
    // aside because none fits is a game, of no turns, as `simulate` counts it.)
    if game.turns.is_empty() && game.set_aside_at_end.is_empty() && game.state.game_over() {
        return Err(Failure::Tool(format!(
            "nothing to play: the tile set{} {} no main pile (tiles outside every stack); an expansion is played together with a base set, e.g. `tessera play RULESET tilesets/base.yaml EXPANSION.yaml`",
            if opts.tilesets.len() == 1 { "" } else { "s" },
            if opts.tilesets.len() == 1 {
                "has"
            } else {
                "have"
            }
        )));
    }
    let position = render::played_position(&render::PlayedHeader { text: header }, &game);
    let tokens = game.state.token_points();
    let points = (0..players.len())
        .map(|p| {
            game.state.points()[p]
                .saturating_add(game.state.final_points()[p])
                .saturating_add(tokens[p].0)
        })
        .collect();
    Ok(Played {
        position,
        players,
        points,
        turns: game.turns.len(),
        set_aside: game.turns.iter().map(|t| t.set_aside.len()).sum::<usize>()
            + game.set_aside_at_end.len(),
        stopped_at_limit: game.turns.len() >= limits::MAX_PLAYED_TURNS,
    })
}

/// What `tessera simulate` plays: a game (and optionally a second variant of it to
/// compare), how many games, the seats and their agents, the seed and the threads.
#[derive(Debug, Clone)]
pub struct SimulateOptions {
    /// Rule set; default the first tile set's.
    pub ruleset: Option<PathBuf>,
    /// Tile sets played together.
    pub tilesets: Vec<PathBuf>,
    /// Another tile set list to compare, played with the same seats and seeds under its
    /// own rule set (see [`SimulateOptions::compare_ruleset`]).
    pub compare: Option<Vec<PathBuf>>,
    /// The rule set of the compared tile sets. Default: the one they name (their own
    /// `ruleset:`, or an included set's), else [`SimulateOptions::ruleset`] (else the
    /// first tile set's).
    pub compare_ruleset: Option<PathBuf>,
    /// Number of players.
    pub players: usize,
    /// Games per variant.
    pub games: u64,
    /// Seed of the run (game `i` uses [`simulate::game_seed`]`(seed, i)`).
    pub seed: u64,
    /// One agent per seat, repeated when fewer are given (default random).
    pub agents: Vec<engine::play::Agent>,
    /// Worker threads (default: one per core). The numbers do not depend on it.
    pub jobs: Option<usize>,
}

/// Simulates the game (and the variant to compare, if any), calling `tick` after each game
/// played (from any thread: drive a progress bar with it). Each summary names the rule set
/// its games were played with: the compared tile sets are played under their own rule set
/// ([`SimulateOptions::compare_ruleset`]), never silently under the first column's.
///
/// Errors: findings in the files; a tool failure when the thread pool cannot start or a
/// start tile cannot be laid.
pub fn simulate(
    opts: &SimulateOptions,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<simulate::Summary>, Failure> {
    let players = seat_names(opts.players);
    let agents = if opts.agents.is_empty() {
        vec![engine::play::Agent::Random]
    } else {
        opts.agents.clone()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.unwrap_or(0))
        .build()
        .map_err(|e| Failure::Tool(format!("cannot start worker threads: {e}")))?;
    let mut variants = vec![
        load_game(
            opts.ruleset.as_deref(),
            &opts.tilesets,
            &players,
            None,
            "",
            "simulated",
        )
        .map(|(_, lp)| (&opts.tilesets, lp))?,
    ];
    if let Some(sets) = &opts.compare {
        let lp = match &opts.compare_ruleset {
            Some(r) => load_game(Some(r), sets, &players, None, "", "compared")?.1,
            None => load_compared(opts.ruleset.as_deref(), sets, &players)?,
        };
        variants.push((sets, lp));
    }
    let here = std::env::current_dir().unwrap_or_default();
    let mut out = Vec::new();
    for (sets, lp) in variants {
        let name = sets
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(" + ");
        // The rule set's file, one spelling whichever way it was named (from the current
        // directory).
        let ruleset = shown_path(&here, &lp.game.ruleset_file.path);
        let summary = pool
            .install(|| simulate::run(&lp, (&name, &ruleset), &agents, opts.games, opts.seed, tick))
            .map_err(Failure::Tool)?;
        out.push(summary);
    }
    Ok(out)
}

/// The compared tile sets loaded under the rule set they name; when none of them names
/// one, under `fallback` (the first column's rule set as given, if any).
fn load_compared(
    fallback: Option<&Path>,
    sets: &[PathBuf],
    players: &[String],
) -> Result<replay::LoadedPosition, Failure> {
    match load_game(None, sets, players, None, "", "compared") {
        Ok((_, lp)) => Ok(lp),
        Err(Failure::Findings(f))
            if fallback.is_some()
                && !f.is_empty()
                && f.iter().all(|f| f.check == diag::Check::TileSetNoRuleset) =>
        {
            load_game(fallback, sets, players, None, "", "compared").map(|(_, lp)| lp)
        }
        Err(e) => Err(e),
    }
}

/// A file's path as shown to the user: relative to `here` when it lies below it, else
/// absolute; a `bundled:` path as it is.
fn shown_path(here: &Path, path: &Path) -> String {
    if path.to_string_lossy().starts_with(load::BUNDLED_PREFIX) {
        return path.display().to_string();
    }
    let here = std::fs::canonicalize(here).unwrap_or_else(|_| here.to_path_buf());
    let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    match path.strip_prefix(&here) {
        Ok(below) => below.display().to_string(),
        Err(_) => path.display().to_string(),
    }
}

/// Loads a game to play: the rule set (default: the first tile set's) and the tile sets
/// played together, with `players` seats, as a position with no turn. What `play` and
/// `simulate` start from; benchmarks and other drivers of [`engine::play`] use it too.
///
/// Errors: findings in the files.
pub fn load_game_files(
    ruleset: Option<&Path>,
    tilesets: &[PathBuf],
    players: &[String],
) -> Result<replay::LoadedPosition, Failure> {
    load_game(ruleset, tilesets, players, None, "", "loaded").map(|(_, lp)| lp)
}

/// Seat names of a played or simulated game: `P1`, `P2`, ...
pub fn seat_names(players: usize) -> Vec<String> {
    (1..=players.max(1)).map(|i| format!("P{i}")).collect()
}

/// Loads the game that `play` and `simulate` play: the rule set and tile sets written as
/// the header of a position file with no turns (paths relative to the directory of `out`,
/// else the current directory), loaded like any position, so that composition and every
/// check are the same. Returns the header's text and the loaded position.
///
/// Errors: findings in the files; a tool failure when the current directory is unknown.
fn load_game(
    ruleset: Option<&Path>,
    tilesets: &[PathBuf],
    players: &[String],
    out: Option<&Path>,
    comment: &str,
    name: &str,
) -> Result<(String, replay::LoadedPosition), Failure> {
    let here =
        std::env::current_dir().map_err(|e| Failure::Tool(format!("current directory: {e}")))?;
    // A file named on the command line that is not there is the tool's failure to run
    // (exit 1), as for `validate`; what a file holds is checked when it is loaded.
    let named = ruleset
        .map(|r| ("rule set", r))
        .into_iter()
        .chain(tilesets.iter().map(|t| ("tile set", t.as_path())));
    for (what, path) in named {
        if path.to_string_lossy().starts_with(load::BUNDLED_PREFIX) {
            continue;
        }
        if let Err(e) = std::fs::metadata(path) {
            return Err(Failure::Tool(format!(
                "cannot read the {what} {}: {e}",
                path.display()
            )));
        }
    }
    if let Some(parent) = out.and_then(Path::parent) {
        if !parent.as_os_str().is_empty() && !parent.is_dir() {
            return Err(Failure::Tool(format!(
                "cannot write {}: the directory {} does not exist",
                out.map(Path::display)
                    .map(|d| d.to_string())
                    .unwrap_or_default(),
                parent.display()
            )));
        }
    }
    let dir = match out.and_then(Path::parent) {
        Some(p) if !p.as_os_str().is_empty() => here.join(p),
        _ => here.clone(),
    };
    let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
    let written = |p: &Path| written_from(&here, &dir, p);
    let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let mut header = format!("{comment}name: {}\n", q(name));
    let sets: Vec<String> = tilesets.iter().map(|p| q(&written(p))).collect();
    header.push_str(&format!("tileset: [{}]\n", sets.join(", ")));
    if let Some(r) = ruleset {
        header.push_str(&format!("ruleset: {}\n", q(&written(r))));
    }
    header.push_str(&format!(
        "players: [{}]\n",
        players.iter().map(|p| q(p)).collect::<Vec<_>>().join(", ")
    ));
    let file = diag::SourceFile::new(&dir.join("played.yaml"), format!("{header}turns: []\n"));
    match replay::load_position_file(&file) {
        Ok(lp) => Ok((header, lp)),
        // The position is tessera's own (never written when it fails): a finding is told
        // from the file named on the command line, as `validate` tells it, at its own
        // place and under the name given.
        Err(Failure::Findings(findings)) => {
            if let Some(r) = ruleset {
                validate::load_ruleset(r)?;
            }
            for t in tilesets
                .iter()
                .filter(|t| !t.to_string_lossy().starts_with(load::BUNDLED_PREFIX))
            {
                if ruleset.is_some() {
                    // Its own `ruleset:` is not the one played: read, not compiled.
                    load::load::<model::TileSetFile>(t, schema::FileKind::Tileset).map_err(
                        |e| match e {
                            Ok(f) => Failure::Findings(f),
                            Err(m) => m.into_failure(),
                        },
                    )?;
                } else {
                    validate::load_tileset(t, None)?;
                }
            }
            Err(Failure::Findings(findings))
        }
        Err(e) => Err(e),
    }
}

/// A path named on the command line (relative to `here`) as a file written in `dir`
/// names it: relative to `dir`; a `bundled:` path as it is.
fn written_from(here: &Path, dir: &Path, p: &Path) -> String {
    let text = p.to_string_lossy();
    if text.starts_with(load::BUNDLED_PREFIX) {
        return text.into_owned();
    }
    let abs = std::fs::canonicalize(here.join(p)).unwrap_or_else(|_| here.join(p));
    load::relative(dir, &abs)
}

/// How to score a position.
#[derive(Debug, Clone, Default)]
pub struct ScoreOptions {
    /// Add end-of-game scoring (incomplete features, fields).
    pub final_scoring: bool,
    /// Replay only the first this many turns of a turn log.
    pub turns: Option<usize>,
}

/// Scores a position file: replays it with the rules checked, then (optionally) adds
/// end-of-game scoring.
///
/// Errors: [`Failure::Tool`] if the file cannot be read; [`Failure::Findings`] for
/// anything wrong in it or the files it names (illegal turns included).
pub fn score_path(path: &Path, opts: &ScoreOptions) -> Result<ScoreReport, Failure> {
    score_checked(path, opts).map(|(report, _)| report)
}

/// Like [`score_path`], also giving the findings that did not stop scoring: warnings and
/// notes about the files the position uses (its tile set and rule set), for the caller to
/// judge with a [`diag::Policy`].
///
/// Errors: as [`score_path`].
pub fn score_checked(
    path: &Path,
    opts: &ScoreOptions,
) -> Result<(ScoreReport, Vec<Finding>), Failure> {
    with_position(path, opts, |lp, state| {
        (report_of(lp, state, opts), lp.notes.clone())
    })
}

/// The score report of a replayed position.
fn report_of(
    lp: &replay::LoadedPosition,
    state: &engine::State,
    opts: &ScoreOptions,
) -> ScoreReport {
    let mut report = ScoreReport::from_state(state, lp.position.name.clone(), opts.final_scoring);
    report.snapshot = lp.position.board.is_some();
    report
}

/// Like [`score_checked`], also writing the report as one self-contained HTML page with
/// the board's picture ([`render::score_html`]): (report, page, findings).
///
/// Errors: as [`score_path`].
pub fn score_with_page(
    path: &Path,
    opts: &ScoreOptions,
) -> Result<(ScoreReport, String, Vec<Finding>), Failure> {
    with_position(path, opts, |lp, state| {
        let report = report_of(lp, state, opts);
        let board = picture::board(state, picture::BoardOptions::default());
        let colours = picture::Palette::new(&state.game().rules, state.players()).players;
        let page = render::score_html(&report, &board, &colours);
        (report, page, lp.notes.clone())
    })
}

/// Loads a position, replays it (the first `opts.turns` turns) with the rules checked,
/// adds end-of-game scoring with `opts.final_scoring`, and hands the state to `f`.
///
/// Errors: as [`score_path`].
fn with_position<R>(
    path: &Path,
    opts: &ScoreOptions,
    f: impl FnOnce(&replay::LoadedPosition, &engine::State) -> R,
) -> Result<R, Failure> {
    let lp = replay::load_position(path)?;
    let available = lp.position.turns.as_ref().map_or(0, Vec::len);
    if let Some(n) = opts.turns.filter(|&n| n > available) {
        return Err(Failure::Tool(format!(
            "cannot replay {n} turns: {} has {available}",
            path.display()
        )));
    }
    let mut state = replay::replay(&lp, opts.turns)?;
    if opts.final_scoring {
        state.final_scoring();
    }
    Ok(f(&lp, &state))
}

/// What `tessera render` draws.
#[derive(Debug, Clone, Default)]
pub struct RenderOptions {
    /// For a position: the turns replayed and whether end-of-game scoring is added.
    pub score: ScoreOptions,
    /// For a tile set: write the slot names on each side.
    pub slots: bool,
    /// For a position: a cell to mark.
    pub highlight: Option<(i32, i32)>,
}

/// Draws a file as an SVG picture ([`picture`]): a tile set as a sheet of its definitions
/// (composed sets too), a position as its board after the turns replayed. Returns the SVG
/// text and the findings that did not stop it (warnings and notes about the files used).
///
/// Errors: [`Failure::Tool`] if the file cannot be read; [`Failure::Findings`] for anything
/// wrong in it or the files it names, and for a rule set or a file of no known kind (a
/// finding at its top level: pass a tile set or a position).
pub fn render_path(path: &Path, opts: &RenderOptions) -> Result<(String, Vec<Finding>), Failure> {
    let file = load::read(path).map_err(load::ReadError::into_failure)?;
    if jcz::looks_like_xml(&file) {
        return Err(Failure::Tool(format!(
            "{} is JCloisterZone XML: convert it first (`tessera import jcz {} -o tiles.yaml`), then draw the tile set",
            path.display(),
            path.display()
        )));
    }
    let root = load::parse(&file).map_err(|f| Failure::Findings(vec![f]))?;
    let not_drawn = |message: &str, check: diag::Check| {
        Failure::Findings(vec![
            Finding::new(check, message.to_string())
                .in_file(&file)
                .at(&root.loc, "top level")
                .help("pass a tile set (a sheet of its tiles) or a position (its board)"),
        ])
    };
    let kind = load::sniff(&root);
    let for_positions =
        opts.score.final_scoring || opts.score.turns.is_some() || opts.highlight.is_some();
    match kind {
        Some(schema::FileKind::Tileset) if for_positions => {
            return Err(Failure::Tool(format!(
                "{} is a tile set: --final, --turns and --highlight are for positions",
                path.display()
            )));
        }
        Some(schema::FileKind::Position) if opts.slots => {
            return Err(Failure::Tool(format!(
                "{} is a position: --slots is for tile sets (`tessera render TILESET --slots`)",
                path.display()
            )));
        }
        _ => {}
    }
    match kind {
        Some(schema::FileKind::Tileset) => {
            let (game, notes) = validate::load_tileset(path, None)?;
            let opts = picture::SheetOptions { slots: opts.slots };
            Ok((picture::tile_sheet(&game, opts), notes))
        }
        Some(schema::FileKind::Position) => {
            let drawn = with_position(path, &opts.score, |lp, state| {
                if let Some((x, y)) = opts.highlight {
                    // A cell on the board or next to it: a picture reaching a cell far
                    // away would be as large as the distance.
                    let near = |a: i32, b: i32| a.abs_diff(b) <= 1;
                    let placed = &state.board().placed;
                    let (xs, ys) = (placed.iter().map(|p| p.x), placed.iter().map(|p| p.y));
                    let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
                    let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
                    let inside = (x >= x0 || near(x, x0))
                        && (x <= x1 || near(x, x1))
                        && (y >= y0 || near(y, y0))
                        && (y <= y1 || near(y, y1));
                    if !inside {
                        return Err(Failure::Tool(format!(
                            "--highlight {x},{y} lies off the board: the board spans columns {x0} to {x1} and rows {y0} to {y1} (a cell next to it may be marked)"
                        )));
                    }
                }
                let board = picture::BoardOptions {
                    highlight: opts.highlight,
                };
                Ok((picture::board(state, board), lp.notes.clone()))
            });
            drawn.and_then(|r| r)
        }
        Some(schema::FileKind::Ruleset) => Err(not_drawn(
            "a rule set has no picture of its own",
            diag::Check::WrongKind,
        )),
        None => Err(not_drawn(
            "cannot tell what kind of file this is",
            diag::Check::UnknownKind,
        )),
    }
}

/// Validates one file of any kind tessera reads: JCloisterZone / FanCloisterZone XML (told
/// by its first character or its extension) against `ruleset` (default:
/// [`jcz::default_ruleset`]), anything else as a tessera YAML rule set, tile set or
/// position (`ruleset` is not used). The one entry point for front ends (the CLI, an
/// editor's language server).
///
/// Errors: `Err(message)` when the file (or a file it names) cannot be read.
pub fn validate_file(path: &Path, ruleset: Option<&Path>) -> Result<validate::Validation, String> {
    let file = match load::read(path) {
        Ok(f) => f,
        Err(e) if e.is_finding() => {
            return Ok(validate::Validation {
                path: path.to_path_buf(),
                kind: None,
                findings: vec![e.finding()],
                coverage: None,
            });
        }
        Err(e) => return Err(e.to_string()),
    };
    if jcz::looks_like_xml(&file) {
        jcz::validate_source(file, ruleset)
    } else {
        replay::validate_source(file)
    }
}

/// Every legal placement (cell and rotation) of tile `tile` on a position's board.
///
/// Errors: as [`score_path`], plus [`Failure::Tool`] if `tile` (an argument, not file
/// content) is not a tile of the set.
pub fn placements_path(path: &Path, tile: &str) -> Result<Vec<Placement>, Failure> {
    placements_report(path, tile, false).map(|r| r.placements)
}

/// The legal placements of a tile with what else the caller may want to print.
#[derive(Debug, Clone)]
pub struct PlacementReport {
    /// The tile's id.
    pub tile: String,
    /// Every legal (x, y, rotation).
    pub placements: Vec<Placement>,
    /// With pieces asked for: where the player to play could put a piece after each
    /// placement (same order), sorted; empty lists otherwise (and when every copy is placed).
    pub pieces: Vec<Vec<PieceOption>>,
    /// The player to play (who the piece options are for).
    pub player: String,
    /// Copies of the tile not yet on the board (0: every copy is placed already; the list
    /// then says where one more would fit).
    pub copies_left: u32,
    /// Warnings and notes about the files the position uses, as in [`score_checked`].
    pub findings: Vec<Finding>,
}

impl PlacementReport {
    /// The report as JSON for scripts: `{tile, player, copies_left, placements: [{x, y,
    /// rotation, pieces?: [{kind, role, feature, at}]}]}`.
    pub fn to_json(&self) -> serde_json::Value {
        let placements: Vec<serde_json::Value> = self
            .placements
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mut v = serde_json::json!({"x": p.x, "y": p.y, "rotation": p.rotation});
                if let Some(options) = self.pieces.get(i) {
                    v["pieces"] = serde_json::to_value(options).unwrap_or_default();
                }
                v
            })
            .collect();
        serde_json::json!({
            "tile": self.tile,
            "player": self.player,
            "copies_left": self.copies_left,
            "placements": placements,
        })
    }
}

/// Like [`placements_path`], also giving how many copies of the tile are left and the
/// findings that did not stop the listing.
///
/// Errors: as [`placements_path`].
pub fn placements_report(
    path: &Path,
    tile: &str,
    with_pieces: bool,
) -> Result<PlacementReport, Failure> {
    let lp = replay::load_position(path)?;
    let state = replay::replay(&lp, None)?;
    let Some(t) = lp.game.tiles.get(tile) else {
        let ids: Vec<&str> = lp.game.tiles.tiles.iter().map(|t| t.id.as_str()).collect();
        return Err(Failure::Tool(format!(
            "unknown tile `{}`; tiles of {}: {}",
            diag::escape_text(tile),
            diag::escape_text(&lp.game.tiles.name),
            diag::escape_text(&ids.join(", "))
        )));
    };
    let copies_left = lp.game.tiles.tiles[t].count.saturating_sub(state.used()[t]);
    let placements = state.legal_placements(t);
    let player = state.to_play();
    // The piece options after each placement: the turn begun on a copy of the state.
    let pieces = if with_pieces {
        placements
            .iter()
            .map(|p| {
                let mut next = state.clone();
                let turns = (p.rotation / 90) as u8;
                match next.begin_turn(player, t, (p.x, p.y, turns), &[]) {
                    Ok(begun) => render::piece_options(&next, player, begun.placed()),
                    Err(_) => Vec::new(),
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(PlacementReport {
        tile: tile.to_string(),
        placements,
        pieces,
        player: state.players().get(player).cloned().unwrap_or_default(),
        copies_left,
        findings: lp.notes.clone(),
    })
}

/// The tile definitions of a tile set (composed sets too), as `tessera tiles` lists them.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TilesReport {
    /// The tile set's name.
    pub tileset: String,
    /// The rule set's name.
    pub game: String,
    /// Copies in all.
    pub total: u64,
    /// The definitions listed: every one, or the one asked for (turned as asked).
    pub tiles: Vec<render::TileRecord>,
    /// Warnings and notes about the files (not printed in the report).
    #[serde(skip)]
    pub findings: Vec<Finding>,
}

/// Lists a tile set's definitions, or (`tile`) one of them turned `rotation` degrees
/// clockwise, for `tessera tiles`.
///
/// Errors: [`Failure::Findings`] for anything wrong in the tile set or its rule set;
/// [`Failure::Tool`] if it cannot be read, names no such tile (the message lists the
/// tiles), or the rotation is not 0, 90, 180 or 270.
pub fn tiles_report(
    path: &Path,
    tile: Option<&str>,
    rotation: u32,
) -> Result<TilesReport, Failure> {
    let Some(turns) = geometry::quarter_turns(rotation) else {
        return Err(Failure::Tool(format!(
            "rotation {rotation} is not 0, 90, 180 or 270"
        )));
    };
    let (game, findings) = validate::load_tileset(path, None)?;
    let ids: Vec<usize> = match tile {
        None => (0..game.tiles.tiles.len()).collect(),
        Some(id) => match game.tiles.get(id) {
            Some(t) => vec![t],
            None => {
                let ids: Vec<&str> = game.tiles.tiles.iter().map(|t| t.id.as_str()).collect();
                return Err(Failure::Tool(format!(
                    "unknown tile `{}`; tiles of {}: {}",
                    diag::escape_text(id),
                    diag::escape_text(&game.tiles.name),
                    diag::escape_text(&ids.join(", "))
                )));
            }
        },
    };
    Ok(TilesReport {
        tileset: game.tiles.name.clone(),
        game: game.rules.name.clone(),
        total: game.tiles.tiles.iter().map(|t| u64::from(t.count)).sum(),
        tiles: ids
            .into_iter()
            .map(|t| render::TileRecord::new(&game, t, turns))
            .collect(),
        findings,
    })
}

/// Where the player who placed the last tile of a position could put a piece on it
/// (before any piece placed that turn).
///
/// Errors: as [`score_path`].
pub fn piece_options_path(path: &Path) -> Result<Vec<PieceOption>, Failure> {
    let mut lp = replay::load_position(path)?;
    if let Some(last) = lp.position.turns.as_mut().and_then(|t| t.last_mut()) {
        last.value.piece = None;
    }
    let state = replay::replay(&lp, None)?;
    let last = state.board().placed.len().saturating_sub(1) as u32;
    Ok(render::piece_options(&state, state.last_player(), last))
}

/// The files `tessera validate` checks for the paths it is given: a path to a file is
/// taken as it is (whatever it is: reading it checks that it is a regular file); a
/// directory is walked for `*.yaml`, `*.yml` and `*.xml` files, in name order.
///
/// The walk follows no symbolic link to a directory (so a link loop cannot make it run
/// forever, and a link to `/` cannot make it read the whole disk): such a link is left
/// out with a note. A link to a file is taken. Every file is taken once, however many
/// paths or links reach it (told by its canonical path).
#[derive(Debug, Default)]
pub struct InputFiles {
    /// The files to check, in the order found.
    pub files: Vec<PathBuf>,
    /// What was left out, and why (for the user, not findings).
    pub notes: Vec<String>,
    seen: HashSet<PathBuf>,
}

impl InputFiles {
    /// Adds the files of one path (a file or a directory); returns how many files the path
    /// holds (taken now or already).
    ///
    /// Errors: a message when a directory cannot be listed.
    pub fn add(&mut self, path: &Path) -> Result<usize, String> {
        if !path.is_dir() {
            self.take(path);
            return Ok(1);
        }
        let mut found = 0;
        let walk = walkdir::WalkDir::new(path)
            .follow_links(false)
            .follow_root_links(true)
            .sort_by_file_name();
        for entry in walk {
            let entry = entry.map_err(|e| match e.path() {
                Some(p) => format!("{}: {e}", p.display()),
                None => e.to_string(),
            })?;
            let p = entry.path();
            let wanted = p
                .extension()
                .is_some_and(|x| x == "yaml" || x == "yml" || x == "xml");
            let t = entry.file_type();
            if t.is_dir() {
                continue;
            }
            if t.is_symlink() && std::fs::metadata(p).is_ok_and(|m| m.is_dir()) {
                self.notes.push(format!(
                    "{}: a symbolic link to a directory, not followed",
                    p.display()
                ));
                continue;
            }
            if wanted {
                found += 1;
                self.take(p);
            }
        }
        Ok(found)
    }

    /// Takes one file unless it was taken already.
    fn take(&mut self, path: &Path) {
        if self.seen.insert(load::identity(path)) {
            self.files.push(path.to_path_buf());
        }
    }
}

/// The kinds of starter file `tessera new` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewKind {
    /// A rule set: a small complete game, or one extending `--from`.
    Ruleset,
    /// A tile set: two tiles for the base game's rules, or for `--from`'s (a rule set, or a
    /// tile set whose tiles it includes).
    Tileset,
    /// A position: two players and no turn yet, on the base game or on `--from` (a tile
    /// set).
    Position,
}

/// The comment a starter file written by `tessera new` begins with, after its schema
/// modeline.
pub const NEW_MARK: &str = "# Written by tessera new: a starting point, edit it freely.";

/// A starter rule set: the base game's terrains and sides, cities, roads, monasteries and
/// fields scored as in the rulebook, one follower kind.
const NEW_RULESET: &str = "\
name: My game
source: \"Where the rules come from (rulebook, edition, section)\"
terrains: [city, road, field]
# The terrains met walking clockwise along a side: a road side is field|road|field, its
# slots NL, N, NR on the north side.
sides:
  city: [city]
  road: [field, road, field]
  field: [field]
items:
  pennant: {description: \"A coat of arms in a city: +2 in a completed city.\"}
relations:
  touches:
    description: \"A field borders a city on the same tile (farmers score the cities).\"
    between: [field, city]
    corners: true
features:
  city:
    terrain: city
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 2}, {count: {item: pennant}, points: 2}]}]
      final: [{terms: [{count: tiles, points: 1}, {count: {item: pennant}, points: 1}]}]
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
      final: [{terms: [{count: tiles, points: 1}]}]
  monastery:
    completion: surrounded
    scoring:
      completed: [{terms: [{count: one, points: 1}, {count: neighbours, points: 1}]}]
      final: [{terms: [{count: one, points: 1}, {count: neighbours, points: 1}]}]
  field:
    terrain: field
    completion: never
    scoring:
      final:
        - terms: [{count: {linked: {relation: touches, feature: city, completed: true}}, points: 3}]
pieces:
  follower:
    supply: 7
    roles:
      - {role: knight, feature: city}
      - {role: highwayman, feature: road}
      - {role: monk, feature: monastery}
      - {role: farmer, feature: field}
colours:
  city: \"#c47a3d\"
  road: \"#f3efe3\"
  field: \"#86b94f\"
  monastery: \"#d8504d\"
";

/// Two tiles for rules with the base game's side kinds: the start tile (a city and a
/// road) and a monastery.
const NEW_TILES: &str = "\
total: 2
start: {tile: my-start}
tiles:
  # The start tile: a city north, a road west to east (slots WL/W/WR and EL/E/ER).
  - id: my-start
    count: 1
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  # A monastery in a field.
  - id: my-monastery
    count: 1
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: monastery, feature: monastery}
      - {id: field, feature: field, at: [N, E, S, W]}
";

/// Writes a starter file for `tessera new` at `out` (`.yaml` added when it has no
/// extension) and checks it: a schema modeline (the checkout's `schema/` when `out` lies
/// in one, else `schema/` beside it, which `tessera schema --out` fills), then a small
/// file of the kind that validates clean. `from` is what to build on (see [`NewKind`]);
/// paths written in the file are relative to it. Never replaces an existing file unless
/// `force`. Returns the path written.
///
/// Errors: a tool failure when `out` exists (without `force`), cannot be written, or
/// `from` cannot be read; findings when `from` is not of a kind to build on or what was
/// written does not validate (a bug).
pub fn new_file(
    kind: NewKind,
    out: &Path,
    from: Option<&Path>,
    force: bool,
) -> Result<PathBuf, Failure> {
    let out = if out.extension().is_none() {
        out.with_extension("yaml")
    } else {
        out.to_path_buf()
    };
    let here =
        std::env::current_dir().map_err(|e| Failure::Tool(format!("current directory: {e}")))?;
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => here.join(p),
        _ => here.clone(),
    };
    if !dir.is_dir() {
        return Err(Failure::Tool(format!(
            "cannot write {}: the directory {} does not exist",
            out.display(),
            dir.display()
        )));
    }
    let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
    let written = |p: &Path| written_from(&here, &dir, p);
    // What `from` is, told from its keys.
    let from_kind = match from {
        None => None,
        Some(p) => {
            let file = load::read(p).map_err(load::ReadError::into_failure)?;
            let root = load::parse(&file).map_err(|f| Failure::Findings(vec![f]))?;
            Some((written(p), load::sniff(&root), file, root))
        }
    };
    let wrong = |wanted: &str| -> Failure {
        match &from_kind {
            Some((_, found, file, root)) => Failure::Findings(vec![
                Finding::new(
                    diag::Check::WrongKind,
                    match found {
                        Some(k) => format!("this file is a {}, not a {wanted}", k.name()),
                        None => format!("this file is not a {wanted}"),
                    },
                )
                .in_file(file)
                .at(&root.loc, "top level")
                .help(format!("`tessera new` builds on a {wanted} here")),
            ]),
            None => Failure::Tool(format!("--from must name a {wanted}")),
        }
    };
    let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let (schema, body) = match kind {
        NewKind::Ruleset => {
            let body = match &from_kind {
                None => NEW_RULESET.to_string(),
                Some((path, Some(schema::FileKind::Ruleset), ..)) => format!(
                    "name: My expansion\nextends: {}\n# A section named here replaces the extended rule set's entry of that name\n# (a feature kind, a piece kind, ...); terrains are added; effects are appended.\nfeatures: {{}}\n",
                    q(path)
                ),
                Some(_) => return Err(wrong("rule set")),
            };
            ("ruleset", body)
        }
        NewKind::Tileset => {
            let header = match &from_kind {
                None => "ruleset: bundled:rulesets/carcassonne.yaml\n".to_string(),
                Some((path, Some(schema::FileKind::Ruleset), ..)) => {
                    format!("ruleset: {}\n", q(path))
                }
                Some((path, Some(schema::FileKind::Tileset), ..)) => {
                    // The included set's tiles and start tile, and two tiles of one's own
                    // (`total` counts those of this file).
                    let _ = validate::load_tileset(from.unwrap_or(Path::new("")), None)?;
                    let own = NEW_TILES.replace("start: {tile: my-start}\n", "");
                    let body =
                        format!("name: My tiles\ninclude: [{{tileset: {}}}]\n{own}", q(path));
                    return finish_new(&out, "tileset", &dir, &body, force);
                }
                Some(_) => return Err(wrong("rule set or tile set")),
            };
            ("tileset", format!("name: My tiles\n{header}{NEW_TILES}"))
        }
        NewKind::Position => {
            let tileset = match &from_kind {
                None => "bundled:tilesets/base.yaml".to_string(),
                Some((path, Some(schema::FileKind::Tileset), ..)) => path.clone(),
                Some(_) => return Err(wrong("tile set")),
            };
            let (game, _) =
                validate::load_tileset(&load::resolve(&dir.join("x.yaml"), &tileset), None)?;
            let start = &game.tiles.tiles[game.tiles.start];
            let body = format!(
                "name: My position\ntileset: {}\nplayers: [A, B]\n# One entry per turn, in order: the tile, its cell (x grows east, y south), its\n# rotation (degrees clockwise) and where a piece goes (a slot name, see\n# `tessera tiles TILESET --tile ID --rotation R`). The start tile ({}) lies at (0, 0).\nturns: []\n",
                q(&tileset),
                start.id
            );
            ("position", body)
        }
    };
    finish_new(&out, schema, &dir, &body, force)
}

/// Writes a starter file (modeline, mark, body) and validates it.
fn finish_new(
    out: &Path,
    schema: &str,
    dir: &Path,
    body: &str,
    force: bool,
) -> Result<PathBuf, Failure> {
    let schema_dir = output::checkout_root(dir)
        .map(|root| load::relative(dir, &root.join("schema")))
        .unwrap_or_else(|| "schema".to_string());
    let text = format!(
        "# yaml-language-server: $schema={schema_dir}/{schema}.schema.json\n{NEW_MARK}\n{body}"
    );
    if out.exists() && !force {
        return Err(Failure::Tool(format!(
            "{} exists; pass --force to replace it",
            out.display()
        )));
    }
    // Checked before it is written, as the file it will be (the paths it names resolve
    // from its directory), in memory.
    let check = replay::validate_source(diag::SourceFile::new(out, text.clone()));
    let errors: Vec<Finding> = check
        .map_err(Failure::Tool)?
        .findings
        .into_iter()
        .filter(|f| f.level == diag::Level::Error)
        .collect();
    if !errors.is_empty() {
        return Err(Failure::Findings(errors));
    }
    let target = output::Target {
        path: out.to_path_buf(),
        text,
    };
    let ours = |_: &Path, _: &str| false;
    output::write_all(&[target], &ours, force).map_err(|r| Failure::Tool(r.join("\n")))?;
    Ok(out.to_path_buf())
}
