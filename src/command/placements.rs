//! `tessera placements`: every legal placement of a tile on a position's board,
//! [`placements_report`]; and where a piece could go on the tile placed last,
//! [`piece_options_path`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::common::{FINDINGS, err, failure_as, judge_success_as, out};
use super::{Format, PolicyArgs};
use crate::diag::{self, Failure, Finding, escape_text};
use crate::engine::Placement;
use crate::replay;
use crate::report::PieceOption;

/// List every legal placement (x, y, rotation) of a tile on a position's board.
///
/// Exit status: 0 listed, 2 findings in the position (or denied warnings), 1 unreadable
/// position, unknown tile id or a wrong flag.
#[derive(Debug, Args)]
#[command(after_help = "Example:\n  tessera placements examples/base-scoring.yaml V")]
pub struct PlacementsArgs {
    /// The position file.
    position: PathBuf,
    /// Tile id.
    tile: String,
    /// Also list, after each placement, where the player to play could put a piece
    /// (piece kind, role, feature and slot).
    #[arg(long)]
    pieces: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    policy: PolicyArgs,
}

/// Every legal placement (cell and rotation) of tile `tile` on a position's board.
///
/// Errors: as [`crate::score_path`], plus [`Failure::Tool`] if `tile` (an argument, not
/// file content) is not a tile of the set.
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
    /// The placements legal only with a token laid across a tile (a bridge:
    /// `crate::mechanism::spanning`), each with the first such token that makes it legal.
    pub spanned: Vec<(Placement, crate::engine::Span)>,
    /// With pieces asked for: where the player to play could put a piece after each
    /// placement (same order), sorted; empty lists otherwise (and when every copy is placed).
    pub pieces: Vec<Vec<PieceOption>>,
    /// The player to play (who the piece options are for).
    pub player: String,
    /// Copies of the tile not yet on the board (0: every copy is placed already; the list
    /// then says where one more would fit).
    pub copies_left: u32,
    /// Whether the tile may be drawn for the next turn ([`crate::engine::State::may_draw`]):
    /// not while a pile played before it has tiles (the river), nor while a rule holds it
    /// back (a dragon tile before the dragon is out); the list then says where it would fit.
    pub drawable: bool,
    /// Warnings and notes about the files the position uses, as in
    /// [`crate::score_checked`].
    pub findings: Vec<Finding>,
}

impl PlacementReport {
    /// Every placement, those that need a token across a tile last, with that token.
    pub fn all(&self) -> impl Iterator<Item = (Placement, Option<crate::engine::Span>)> + '_ {
        self.placements
            .iter()
            .map(|&p| (p, None))
            .chain(self.spanned.iter().map(|&(p, s)| (p, Some(s))))
    }

    /// The report as JSON for scripts: `{tile, player, copies_left, placements: [{x, y,
    /// rotation, pieces?: [{kind, role, feature, at}]}]}`.
    pub fn to_json(&self) -> serde_json::Value {
        let placements: Vec<serde_json::Value> = self
            .all()
            .enumerate()
            .map(|(i, (p, span))| {
                let mut v = serde_json::json!({"x": p.x, "y": p.y, "rotation": p.rotation});
                if let Some(s) = span {
                    v["span"] = serde_json::json!({"x": s.x, "y": s.y, "axis": s.axis.name()});
                }
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
            "drawable": self.drawable,
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
        let ids: Vec<&str> = lp
            .game
            .tiles
            .own_tiles()
            .map(|(_, t)| t.id.as_str())
            .collect();
        return Err(Failure::Tool(format!(
            "unknown tile `{}`; tiles of {}: {}",
            diag::escape_text(tile),
            diag::escape_text(&lp.game.tiles.name),
            diag::escape_text(&ids.join(", "))
        )));
    };
    let copies_left = lp.game.tiles.tiles[t].count.saturating_sub(state.used()[t]);
    let drawable = state.may_draw(t);
    let placements = state.legal_placements(t);
    // A placement only a bridge makes legal, with the first bridge that does.
    let mut spanned: Vec<(Placement, crate::engine::Span)> = Vec::new();
    for (p, span) in state.spanned_placements(t) {
        if !placements.contains(&p) && !spanned.iter().any(|(q, _)| *q == p) {
            spanned.push((p, span));
        }
    }
    let player = state.to_play();
    let mut report = PlacementReport {
        tile: tile.to_string(),
        placements,
        spanned,
        pieces: Vec::new(),
        player: state.players().get(player).cloned().unwrap_or_default(),
        copies_left,
        drawable,
        findings: lp.notes.clone(),
    };
    // The piece options after each placement: the turn begun on a copy of the state.
    if with_pieces {
        report.pieces = report
            .all()
            .map(|(p, span)| {
                let mut next = state.clone();
                match next.begin_turn_spanning(player, t, (p.x, p.y, p.rotation), span, &[]) {
                    Ok(begun) => crate::report::piece_options(&next, player, begun.placed()),
                    Err(_) => Vec::new(),
                }
            })
            .collect();
    }
    Ok(report)
}

/// Where the player who placed the last tile of a position could put a piece on it
/// (before any piece placed that turn).
///
/// Errors: as [`crate::score_path`].
pub fn piece_options_path(path: &Path) -> Result<Vec<PieceOption>, Failure> {
    let mut lp = replay::load_position(path)?;
    if let Some(last) = lp.position.turns.as_mut().and_then(|t| t.last_mut()) {
        last.value.piece = None;
    }
    let state = replay::replay(&lp, None)?;
    let last = state.board().placed.len().saturating_sub(1) as u32;
    Ok(crate::report::piece_options(
        &state,
        state.last_player(),
        last,
    ))
}

/// Runs `tessera placements`.
pub fn run(args: PlacementsArgs) -> ExitCode {
    let policy = match args.policy.policy() {
        Ok(p) => p,
        Err(code) => return code,
    };
    let (tile, pieces, format) = (args.tile.as_str(), args.pieces, args.format);
    let json = format == Format::Json;
    match placements_report(&args.position, tile, pieces) {
        Ok(r) => {
            if judge_success_as(&policy, r.findings.clone(), json) {
                return ExitCode::from(FINDINGS);
            }
            if r.copies_left == 0 {
                err!(
                    "note: every copy of tile {tile} is already on the board; listed: where one more would fit"
                );
            } else if !r.drawable {
                err!(
                    "note: tile {tile} may not be drawn now (a pile played before it still has tiles, or a rule holds it back, as a dragon tile before the dragon is out); listed: where it would fit"
                );
            }
            if format == Format::Json {
                out!(
                    "{}\n",
                    serde_json::to_string_pretty(&r.to_json()).unwrap_or_default()
                );
                return ExitCode::SUCCESS;
            }
            if r.placements.is_empty() && r.spanned.is_empty() {
                out!("tile {} fits nowhere on this board\n", escape_text(tile));
            }
            if pieces {
                out!("pieces for {}\n", escape_text(&r.player));
            }
            for (i, (p, span)) in r.all().enumerate() {
                match span {
                    None => out!("x {:>3}  y {:>3}  rotation {:>3}\n", p.x, p.y, p.rotation),
                    Some(s) => out!(
                        "x {:>3}  y {:>3}  rotation {:>3}  with span: {{x: {}, y: {}, axis: {}}}\n",
                        p.x,
                        p.y,
                        p.rotation,
                        s.x,
                        s.y,
                        s.axis.name()
                    ),
                }
                if !pieces {
                    continue;
                }
                let options: Vec<String> = r
                    .pieces
                    .get(i)
                    .into_iter()
                    .flatten()
                    .map(|o| {
                        format!(
                            "{} as {} on the {} at {}",
                            escape_text(&o.kind),
                            escape_text(&o.role),
                            escape_text(&o.feature),
                            escape_text(&o.at)
                        )
                    })
                    .collect();
                if options.is_empty() {
                    out!("    no piece can go on it\n");
                } else {
                    out!("    {}\n", options.join("; "));
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => failure_as(e, &policy, json),
    }
}
