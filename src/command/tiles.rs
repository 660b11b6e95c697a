//! `tessera tiles`: a tile set's definitions listed, or one drawn as text,
//! [`tiles_report`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::common::{FAILURE, FINDINGS, failure_as, judge_success_as, out, stdout_broken};
use super::{Format, PolicyArgs};
use crate::diag::{self, Failure, Finding, escape_text};
use crate::geometry::Rotation;
use crate::report::TileRecord;

/// List a tile set's definitions, or draw one as text with its slot names.
///
/// Without --tile: one line per definition (composed sets too) with its id, count,
/// sides and segments (each with the slots it claims and the items it carries). With
/// --tile: that tile drawn as
/// a box, every slot's name on its side with the segment claiming it (N on top), as
/// printed or turned --rotation degrees clockwise (the slot names are those a position
/// writes for the tile lying turned so), then its segments with their feature kinds,
/// slots, items and links, and the decorations of its copies.
///
/// Exit status: 0 listed, 2 findings in the tile set or its rule set, 1 it cannot be
/// read, no such tile, or a flag is wrong.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera tiles tilesets/base.yaml\n  tessera tiles tilesets/base.yaml --tile D\n  tessera tiles tilesets/base.yaml --tile D --rotation 90\n  tessera tiles tilesets/base.yaml --format json"
)]
pub struct TilesArgs {
    /// The tile set.
    tileset: PathBuf,
    /// Draw this tile (its id).
    #[arg(long, value_name = "ID")]
    tile: Option<String>,
    /// Turn it this many degrees clockwise: 0, 90, 180 or 270.
    #[arg(
        long,
        value_name = "DEGREES",
        default_value_t = 0,
        requires = "tile",
        allow_negative_numbers = true
    )]
    rotation: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    policy: PolicyArgs,
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
    pub tiles: Vec<TileRecord>,
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
    let Some(rotation) = Rotation::from_degrees(rotation) else {
        return Err(Failure::Tool(format!(
            "rotation {rotation} is not 0, 90, 180 or 270"
        )));
    };
    let (game, findings) = super::common::shown_tileset(path)?;
    let ids: Vec<usize> = match tile {
        None => game.tiles.own_tiles().map(|(i, _)| i).collect(),
        Some(id) => match game.tiles.get(id) {
            Some(t) => vec![t],
            None => {
                let ids: Vec<&str> = game.tiles.own_tiles().map(|(_, t)| t.id.as_str()).collect();
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
            .map(|t| TileRecord::new(&game, t, rotation))
            .collect(),
        findings,
    })
}

/// Runs `tessera tiles`.
pub fn run(args: TilesArgs) -> ExitCode {
    let policy = match args.policy.policy() {
        Ok(p) => p,
        Err(code) => return code,
    };
    let (format, tile) = (args.format, args.tile.as_deref());
    let json = format == Format::Json;
    let report = match tiles_report(&args.tileset, tile, args.rotation) {
        Ok(r) => r,
        Err(e) => return failure_as(e, &policy, json),
    };
    if judge_success_as(&policy, report.findings.clone(), json) {
        return ExitCode::from(FINDINGS);
    }
    match format {
        Format::Json => out!(
            "{}\n",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        ),
        Format::Text if tile.is_some() => {
            for t in &report.tiles {
                out!("{}", t.drawing());
            }
        }
        Format::Text => {
            out!(
                "{} ({}): {} definitions, {} tiles\n",
                escape_text(&report.tileset),
                escape_text(&report.game),
                report.tiles.len(),
                report.total
            );
            // Ids as wide as the widest (imported ids such as `IC/Cccc.c`), 6 at least;
            // side kinds likewise (`grassland`), 8 at least.
            let width = |of: &dyn Fn(&TileRecord) -> usize, least: usize| {
                report.tiles.iter().map(of).max().unwrap_or(0).max(least)
            };
            let id_width = width(&|t| t.id.chars().count(), 6);
            let side_width = width(
                &|t| t.sides.iter().map(|s| s.chars().count()).max().unwrap_or(0),
                8,
            );
            for t in &report.tiles {
                out!("  {}\n", t.line(id_width, side_width));
            }
        }
    }
    if stdout_broken() {
        return ExitCode::from(FAILURE);
    }
    ExitCode::SUCCESS
}
