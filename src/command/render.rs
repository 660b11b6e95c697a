//! `tessera render`: a tile set or a position drawn as an SVG picture, [`render_path`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::PolicyArgs;
use super::common::{
    FAILURE, FINDINGS, failure, judge_success, out, stdout_broken, write_generated,
};
use super::score::{ScoreOptions, with_position};
use crate::diag::{self, Failure, Finding};
use crate::schema::FileKind;
use crate::{jcz, load, picture};

/// Draw a tile set or a position as an SVG picture.
///
/// A tile set (composed sets too) is drawn as a sheet of its definitions, each tile as
/// printed (north up): its segments coloured by feature kind with their ids, items as
/// labelled markers, and under it its id, count, sides and decorations; --slots writes
/// the slot names on each side, to check a definition against the printed tile;
/// --overlay draws each definition half-transparent over the tile's artwork (its
/// `image:`, a PNG, JPEG or SVG file beside the set, embedded so the SVG stands alone), so
/// that a side, slot or item written wrongly shows against the picture.
///
/// A position is drawn as its board, replayed as `tessera score` does (--turns,
/// --final): the tiles with coordinates along the top and the left, every piece in its
/// player's colour on its segment labelled with its role, each feature scored outlined
/// in the scorer's colour with its points, and the players' points; --highlight marks a
/// cell.
///
/// Colours come from the rule set's order of terrains and feature kinds. OUT is never
/// replaced unless it is a picture tessera drew, or with --force.
///
/// Exit status: 0 drawn, 2 findings in the file or the files it names (a rule set has
/// no picture), 1 it cannot be read or written, or a flag is wrong.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera render tilesets/base.yaml --slots -o sheet.svg\n  tessera render examples/my-expansion.yaml --overlay -o overlay.svg\n  tessera render examples/base-scoring.yaml --final -o board.svg\n  tessera render examples/base-scoring.yaml --turns 3 --highlight 1,0 -o board.svg"
)]
pub struct RenderArgs {
    /// The tile set or position to draw.
    path: PathBuf,
    /// Write the picture here instead of standard output.
    #[arg(short, long, value_name = "OUT.svg")]
    out: Option<PathBuf>,
    /// Tile sets: write the slot names on each side.
    #[arg(long)]
    slots: bool,
    /// Tile sets: draw each definition half-transparent over its tile's artwork (the
    /// image its `image:` names), with the slot names; only tiles with an image.
    #[arg(long)]
    overlay: bool,
    /// Draw every segment as wedges from its slots to the tile's centre, as a rule set
    /// without drawing styles (roads, cities and monasteries not drawn as such): each
    /// slot's exact share of its side.
    #[arg(long)]
    plain: bool,
    /// Positions: add end-of-game scoring.
    #[arg(long = "final")]
    final_scoring: bool,
    /// Positions: replay only the first N turns.
    #[arg(long, value_name = "N")]
    turns: Option<usize>,
    /// Positions: mark the cell at column X, row Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_cell, allow_hyphen_values = true)]
    highlight: Option<(i32, i32)>,
    /// Replace OUT if it exists.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    policy: PolicyArgs,
}

/// A cell written `X,Y` (`--highlight 1,-2`).
fn parse_cell(text: &str) -> Result<(i32, i32), String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not a cell: write it X,Y, as in 1,-2"))?;
    let number = |t: &str| match t.trim() {
        "" => Err(format!("`{text}` is not a cell: write it X,Y, as in 1,-2")),
        t => t
            .parse::<i32>()
            .map_err(|e| format!("`{t}` is not a coordinate: {e}")),
    };
    Ok((number(x)?, number(y)?))
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
    /// For a tile set: draw each definition over its artwork (`image:`).
    pub overlay: bool,
    /// Draw every segment as its wedges, ignoring the rule set's drawing styles.
    pub plain: bool,
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
    // A JCloisterZone saved game is drawn as the position it reads as; JCloisterZone tile
    // definitions as a sheet of the tiles the default rule set (the base game with Inns
    // and Cathedrals and The River) can express; YAML by its kind.
    let save = jcz::save::looks_like_save(&file);
    let xml = !save && jcz::looks_like_xml(&file);
    let root = match save || xml {
        true => None,
        false => Some(load::parse(&file).map_err(|f| Failure::Findings(vec![f]))?),
    };
    let kind = match &root {
        Some(root) => load::sniff(root),
        None if save => Some(FileKind::Position),
        None => Some(FileKind::Tileset),
    };
    let for_positions =
        opts.score.final_scoring || opts.score.turns.is_some() || opts.highlight.is_some();
    match kind {
        Some(FileKind::Tileset) if for_positions => {
            return Err(Failure::Tool(format!(
                "{} is a tile set: --final, --turns and --highlight are for positions",
                path.display()
            )));
        }
        Some(FileKind::Position) if opts.slots || opts.overlay => {
            let flag = if opts.slots { "--slots" } else { "--overlay" };
            return Err(Failure::Tool(format!(
                "{} is {}: {flag} is for tile sets (`tessera render TILESET {flag}`)",
                path.display(),
                if save { "a saved game" } else { "a position" }
            )));
        }
        _ => {}
    }
    let not_drawn = |message: &str, check: diag::Check| {
        let mut f = Finding::new(check, message.to_string()).in_file(&file);
        if let Some(root) = &root {
            f = f.at(&root.loc, "top level");
        }
        Failure::Findings(vec![
            f.help("pass a tile set (a sheet of its tiles) or a position (its board)"),
        ])
    };
    match kind {
        Some(FileKind::Tileset) => {
            if opts.overlay {
                return draw_overlay(path, file, root.as_ref(), opts);
            }
            let (game, notes) = super::common::shown_tileset(path)?;
            let opts = picture::SheetOptions {
                slots: opts.slots,
                plain: opts.plain,
                overlay: None,
            };
            Ok((picture::tile_sheet(&game, opts), notes))
        }
        Some(FileKind::Position) => draw_position(path, opts),
        Some(FileKind::Ruleset) => Err(not_drawn(
            "a rule set has no picture of its own",
            diag::Check::WrongKind,
        )),
        None => Err(not_drawn(
            "cannot tell what kind of file this is",
            diag::Check::UnknownKind,
        )),
    }
}

/// Draws a tile set's definitions over their artwork (`--overlay`): the images its tiles
/// name (`image:`, in included sets too), read through the input limits; a tile whose
/// image cannot be read is a warning and is left out.
///
/// Errors: a tool failure for JCloisterZone XML (it names no images) and for a set whose
/// tiles name none; findings for anything wrong in the set, and when no image can be read.
fn draw_overlay(
    path: &Path,
    file: crate::diag::SourceFile,
    root: Option<&crate::model::Sp<load::Node>>,
    opts: &RenderOptions,
) -> Result<(String, Vec<Finding>), Failure> {
    let Some(root) = root else {
        return Err(Failure::Tool(format!(
            "{}: JCloisterZone XML names no images: import it (`tessera import jcz {} -o tiles.yaml`), write each tile's `image:` and draw that with --overlay",
            path.display(),
            path.display()
        )));
    };
    let ts = load::deserialize_parsed::<crate::model::TileSetFile>(&file, root)
        .map_err(|f| Failure::Findings(vec![f]))?;
    let (game, mut notes, refs) = crate::validate::load_tileset_with_artwork(file, ts, None)?;
    if refs.is_empty() {
        return Err(Failure::Tool(format!(
            "{}: no tile names an image: --overlay draws each definition over the picture its `image:` names (a path relative to the tile set: `image: artwork/A.png`)",
            path.display()
        )));
    }
    let (images, findings) = crate::validate::artwork::read(&refs);
    notes.extend(findings);
    if images.is_empty() {
        let top = crate::diag::SourceFile::clone(&game.tileset_file);
        notes.push(
            Finding::new(
                diag::Check::NoUsableImage,
                format!(
                    "no tile's image can be used ({} named): nothing is drawn",
                    refs.len()
                ),
            )
            .in_file(&top)
            .at_span(top.top_key_span("tiles"), "these tiles")
            .help("the warnings above say what is wrong with each image; `tessera validate` lists them too"),
        );
        return Err(Failure::Findings(notes));
    }
    let opts = picture::SheetOptions {
        slots: opts.slots,
        plain: opts.plain,
        overlay: Some(&images),
    };
    Ok((picture::tile_sheet(&game, opts), notes))
}

/// Draws a position (or a saved game, read as one) as its board after the turns replayed.
///
/// Errors: as [`render_path`]; a tool failure for a cell to highlight off the board.
fn draw_position(path: &Path, opts: &RenderOptions) -> Result<(String, Vec<Finding>), Failure> {
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
            plain: opts.plain,
        };
        Ok((picture::board(state, board), lp.notes.clone()))
    });
    drawn.and_then(|r| r)
}

/// Runs `tessera render`.
pub fn run(args: RenderArgs) -> ExitCode {
    let policy = match args.policy.policy() {
        Ok(p) => p,
        Err(code) => return code,
    };
    let opts = RenderOptions {
        score: ScoreOptions {
            final_scoring: args.final_scoring,
            turns: args.turns,
        },
        slots: args.slots,
        highlight: args.highlight,
        overlay: args.overlay,
        plain: args.plain,
    };
    let (svg, findings) = match render_path(&args.path, &opts) {
        Ok(r) => r,
        Err(e) => return failure(e, &policy),
    };
    if judge_success(&policy, findings) {
        return ExitCode::from(FINDINGS);
    }
    match args.out {
        None => {
            out!("{svg}");
            if stdout_broken() {
                return ExitCode::from(FAILURE);
            }
        }
        Some(target) => {
            // Never over a file that exists, unless --force or it is a picture drawn here.
            let ours = |_: &Path, text: &str| picture::is_drawn(text);
            if let Err(code) = write_generated(&target, svg, &ours, args.force) {
                return code;
            }
        }
    }
    ExitCode::SUCCESS
}
