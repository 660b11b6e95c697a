#![warn(missing_docs)]
//! tessera: Carcassonne-family tile games as data.
//!
//! A game is a YAML **rule set** (terrains, side profiles, feature kinds, completion,
//! scoring, pieces, options) plus a YAML **tile set** (tile definitions with counts). This
//! library loads them with source spans ([`load`]), checks their meaning and compiles them
//! to tables ([`validate`], [`rules`]), keeps a board and its petgraph feature graph
//! ([`board`], [`graph`]), scores features ([`score`]) and replays positions turn by turn
//! ([`engine`]). [`jcz`] reads JCloisterZone tile-definition XML into the same checks.
//! Nothing about any particular game is written in Rust.
//!
//! Most users need three calls: [`score_path`] (below), [`placements_path`] and
//! [`piece_options_path`]; [`validate::validate_path`] checks any file.
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

pub mod board;
pub mod diag;
pub mod engine;
pub mod geometry;
pub mod graph;
pub mod jcz;
pub mod limits;
pub mod load;
pub mod model;
pub mod render;
pub mod rules;
pub mod schema;
pub mod score;
pub mod validate;

use std::path::Path;

pub use diag::{Check, Failure, Finding};
pub use engine::{PieceOption, Placement};
pub use render::ScoreReport;

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
    let lp = engine::load_position(path)?;
    let available = lp.position.turns.as_ref().map_or(0, Vec::len);
    if let Some(n) = opts.turns.filter(|&n| n > available) {
        return Err(Failure::Tool(format!(
            "cannot replay {n} turns: {} has {available}",
            path.display()
        )));
    }
    let mut state = engine::replay(&lp, opts.turns)?;
    if opts.final_scoring {
        state.final_scoring();
    }
    let mut report = ScoreReport::from_state(&state, lp.position.name.clone(), opts.final_scoring);
    report.snapshot = lp.position.board.is_some();
    Ok((report, lp.notes.clone()))
}

/// Validates one file of any kind tessera reads: JCloisterZone / FanCloisterZone XML (told
/// by its first character or its extension) against `ruleset` (default:
/// [`jcz::default_ruleset`]), anything else as a tessera YAML rule set, tile set or
/// position (`ruleset` is not used). The one entry point for front ends (the CLI, an
/// editor's language server).
///
/// Errors: `Err(message)` when the file (or a file it names) cannot be read.
pub fn validate_file(path: &Path, ruleset: Option<&Path>) -> Result<validate::Validation, String> {
    let file = load::read(path)?;
    if jcz::looks_like_xml(&file) {
        jcz::validate_source(file, ruleset)
    } else {
        validate::validate_source(file)
    }
}

/// Every legal placement (cell and rotation) of tile `tile` on a position's board.
///
/// Errors: as [`score_path`], plus [`Failure::Tool`] if `tile` (an argument, not file
/// content) is not a tile of the set.
pub fn placements_path(path: &Path, tile: &str) -> Result<Vec<Placement>, Failure> {
    placements_report(path, tile).map(|r| r.placements)
}

/// The legal placements of a tile with what else the caller may want to print.
#[derive(Debug, Clone)]
pub struct PlacementReport {
    /// Every legal (x, y, rotation).
    pub placements: Vec<Placement>,
    /// Copies of the tile not yet on the board (0: every copy is placed already; the list
    /// then says where one more would fit).
    pub copies_left: u32,
    /// Warnings and notes about the files the position uses, as in [`score_checked`].
    pub findings: Vec<Finding>,
}

/// Like [`placements_path`], also giving how many copies of the tile are left and the
/// findings that did not stop the listing.
///
/// Errors: as [`placements_path`].
pub fn placements_report(path: &Path, tile: &str) -> Result<PlacementReport, Failure> {
    let lp = engine::load_position(path)?;
    let state = engine::replay(&lp, None)?;
    let Some(t) = lp.game.tiles.get(tile) else {
        let ids: Vec<&str> = lp.game.tiles.tiles.iter().map(|t| t.id.as_str()).collect();
        return Err(Failure::Tool(format!(
            "unknown tile `{tile}`; tiles of {}: {}",
            lp.game.tiles.name,
            ids.join(", ")
        )));
    };
    let copies_left = lp.game.tiles.tiles[t].count.saturating_sub(state.used[t]);
    Ok(PlacementReport {
        placements: state.legal_placements(t),
        copies_left,
        findings: lp.notes.clone(),
    })
}

/// Where the player who placed the last tile of a position could put a piece on it
/// (before any piece placed that turn).
///
/// Errors: as [`score_path`].
pub fn piece_options_path(path: &Path) -> Result<Vec<PieceOption>, Failure> {
    let mut lp = engine::load_position(path)?;
    if let Some(last) = lp.position.turns.as_mut().and_then(|t| t.last_mut()) {
        last.value.piece = None;
    }
    let state = engine::replay(&lp, None)?;
    let last = state.board.placed.len().saturating_sub(1) as u32;
    Ok(state.piece_options(state.last_player, last))
}
