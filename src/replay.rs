//! Positions: loading a position file with its game, and replaying it through the engine
//! (a turn log with every rule checked at every turn, or a snapshot laid as it lies),
//! turning every violation into a finding at its line.
//!
//! This layer sits above both [`crate::validate`] (which loads the game) and
//! [`crate::engine`] (which plays it), so it is also where a position file is validated:
//! `validate_source` checks a YAML file of any kind, a position by replaying it
//! ([`check_position`]); [`crate::validate_file`], the one entry point for any file,
//! calls it.

mod checks;

use std::path::Path;

use crate::board::PlaceError;
use crate::diag::{Check, Failure, Finding, SourceFile};
use crate::engine::*;
use crate::geometry::{Rotation, SIDES};
use crate::load;
use crate::model::{
    ChoiceName, ChoiceWord, CoveredItems, PiecePlacement, PositionFile, Sp, TokenPile, Turn,
};
use crate::rules::{Game, PieceKindId, TileId};
use crate::schema::FileKind;
use crate::validate::{self, Validation, compile_tile};
use petgraph::graph::NodeIndex;

/// Validates one YAML file of any kind (rule set, tile set or position) already read (its
/// path still resolves the files it names): syntax, schema, then meaning; a position's
/// turns are replayed. The kind is told from the file's keys.
///
/// Errors: `Err(message)` only when a file it names cannot be read as a tool failure.
pub(crate) fn validate_source(file: SourceFile) -> Result<Validation, String> {
    if crate::jcz::save::looks_like_save(&file) {
        // A JCloisterZone saved game: checked as the position it reads as.
        return match crate::jcz::save::import_save(&file) {
            Ok(imported) => {
                let position = save_position(&file, imported.yaml.clone());
                let path = position.path.clone();
                let mut v = validate::validate_source_with(position, &check_position)?;
                v.findings = imported.relocate(&file, &path, v.findings);
                v.path = file.path.clone();
                Ok(v)
            }
            Err(Failure::Findings(findings)) => Ok(Validation {
                path: file.path.clone(),
                kind: Some(FileKind::Position),
                findings,
                coverage: None,
            }),
            Err(e) => Err(e.to_string()),
        };
    }
    validate::validate_source_with(file, &check_position)
}

/// The position a JCloisterZone saved game reads as (`yaml`, see
/// [`crate::jcz::save::import_save`]), as a file named after the save with `.yaml` added
/// (what `tessera import jcz-save` would write beside it).
pub fn save_position(save: &SourceFile, yaml: String) -> SourceFile {
    let mut name = save.path.as_os_str().to_owned();
    name.push(".yaml");
    SourceFile::new(Path::new(&name), yaml)
}

/// The meaning checks of a position (its tree parsed and checked against the schema):
/// loads its game and replays it. No notes: the tile set's own notes belong to the tile
/// set file, not to every position that uses it.
///
/// Errors: the findings of loading or replaying; a tool failure when a file it names
/// cannot be read.
pub fn check_position(file: &SourceFile, root: &Sp<load::Node>) -> Result<Vec<Finding>, Failure> {
    let p = load_position_parsed(file, root)?;
    replay(&p, None).map_err(Failure::Findings)?;
    Ok(Vec::new())
}

/// A position file loaded with its game (tile set plus the position's own tiles).
#[derive(Debug, Clone)]
pub struct LoadedPosition {
    /// The game.
    pub game: Game,
    /// The position file.
    pub file: SourceFile,
    /// Its contents.
    pub position: PositionFile,
    /// Options in effect, by option id.
    pub options: Vec<bool>,
    /// Notes from loading the tile set.
    pub notes: Vec<Finding>,
    /// When the position was read from a JCloisterZone saved game: the save and what it
    /// read as, so that findings about turns are shown in the save
    /// ([`crate::jcz::save::ImportedSave::relocate`]).
    pub save: Option<(SourceFile, crate::jcz::save::ImportedSave)>,
}

impl LoadedPosition {
    /// Findings about this position, shown where they belong: in the saved game it was
    /// read from, if any; as they are otherwise.
    pub fn in_source(&self, findings: Vec<Finding>) -> Vec<Finding> {
        match &self.save {
            Some((save, imported)) => imported.relocate(save, &self.file.path, findings),
            None => findings,
        }
    }
}

/// Loads a position from a path.
///
/// Errors: `Failure::Tool` if it cannot be read; findings for anything wrong in it or in
/// the files it names.
pub fn load_position(path: &Path) -> Result<LoadedPosition, Failure> {
    let file = load::read(path).map_err(load::ReadError::into_failure)?;
    if crate::jcz::save::looks_like_save(&file) {
        // A JCloisterZone saved game: the position it reads as, under the save's name
        // with `.yaml` added (what `tessera import jcz-save` would write).
        let imported = crate::jcz::save::import_save(&file)?;
        let position = save_position(&file, imported.yaml.clone());
        return match load_position_file(&position) {
            Ok(mut lp) => {
                lp.save = Some((file, imported));
                Ok(lp)
            }
            Err(Failure::Findings(f)) => Err(Failure::Findings(imported.relocate(
                &file,
                &position.path,
                f,
            ))),
            Err(e) => Err(e),
        };
    }
    load_position_file(&file)
}

/// Loads a position from an already read file: parsed once, checked against the schema,
/// read into the model from the parsed tree.
pub fn load_position_file(file: &SourceFile) -> Result<LoadedPosition, Failure> {
    let position: PositionFile = load::load_source(file, FileKind::Position)?;
    load_position_model(file, position)
}

/// Loads a position from a file already parsed and checked against the schema (`root`
/// is its tree, see [`load::parse`] and [`load::check_schema`]): the text is not parsed
/// again.
pub fn load_position_parsed(
    file: &SourceFile,
    root: &Sp<load::Node>,
) -> Result<LoadedPosition, Failure> {
    let position: PositionFile = load::deserialize_parsed(file, root).map_err(Failure::one)?;
    load_position_model(file, position)
}

/// Loads the game a position names and checks the position's own names.
fn load_position_model(
    file: &SourceFile,
    position: PositionFile,
) -> Result<LoadedPosition, Failure> {
    let ruleset = position.ruleset.as_ref().map(|r| (file, r.as_slice()));
    let loaded = match position.tileset.as_slice() {
        [ts] if position.supply.is_empty() => {
            let ts_path = load::resolve(&file.path, &ts.value);
            match load::load_named::<crate::model::TileSetFile>(&ts_path, FileKind::Tileset) {
                Ok((ts_file, parsed)) => {
                    crate::validate::load_tileset_parsed(ts_file, parsed, ruleset)
                }
                Err(Ok(findings)) => Err(Failure::Findings(findings)),
                Err(Err(e)) => Err(Failure::one(
                    Finding::new(e.check(), format!("cannot read the tile set: {e}"))
                        .in_file(file)
                        .at(&ts.loc, "tile set path")
                        .help(if e.is_finding() {
                            e.help()
                        } else {
                            "paths are relative to the position file".to_string()
                        }),
                )),
            }
        }
        // Several tile sets: played together, as if one set included them all; the
        // position's own numbers of pieces over theirs.
        list => {
            let composed = crate::model::TileSetFile {
                name: position
                    .name
                    .clone()
                    .unwrap_or_else(|| "the position's tile sets".into()),
                ruleset: None,
                include: list
                    .iter()
                    .cloned()
                    .map(crate::model::IncludeDef::Path)
                    .collect(),
                shapes_from: None,
                total: None,
                start: None,
                supply: position.supply.clone(),
                provenance: None,
                tiles: Vec::new(),
            };
            crate::validate::load_tileset_parsed(file.clone(), composed, ruleset)
        }
    };
    let (mut game, mut notes) = loaded?;
    let mut findings = Vec::new();
    for def in &position.tiles {
        if game.tiles.get(&def.id.value).is_some() {
            findings.push(
                Finding::new(
                    Check::DuplicateId,
                    format!("tile `{}` is already defined by the tile set", def.id.value),
                )
                .in_file(file)
                .at(&def.id.loc, "inline tile")
                .help("give the position's own tile a new id"),
            );
            continue;
        }
        match compile_tile(file, def, &game.rules, None) {
            Ok((t, warnings)) => {
                notes.extend(warnings);
                game.tiles
                    .by_id
                    .insert(t.id.clone(), game.tiles.tiles.len());
                game.tiles.tiles.push(t);
            }
            Err(f) => findings.extend(f),
        }
    }
    let mut options = game.rules.default_options();
    for (name, value) in &position.options {
        match game.rules.option(name) {
            Some(i) => options[i] = value.value,
            None => findings.push(
                Finding::unknown(Check::PositionUnknownName, "option", name)
                    .in_file(file)
                    .at_key(&value.loc, name, "not an option of the rule set")
                    .known(
                        &format!("options of {}", game.rules.name),
                        game.rules.options.iter().map(|o| o.name.as_str()),
                    ),
            ),
        }
    }
    let mut seen = Vec::new();
    for p in &position.players {
        if seen.contains(&&p.value) {
            findings.push(
                Finding::new(
                    Check::PositionDuplicate,
                    format!("player `{}` is listed twice", p.value),
                )
                .in_file(file)
                .at(&p.loc, "second mention")
                .help("player names must be distinct"),
            );
        }
        seen.push(&p.value);
    }
    if position.players.is_empty() {
        findings.push(
            Finding::new(Check::NoPlayers, "a position needs at least one player")
                .in_file(file)
                .at_span(file.top_key_span("players"), "no players")
                .help("add `players: [Alice, Bob]`"),
        );
    }
    if position.turns.is_some() == position.board.is_some() {
        findings.push(
            Finding::new(
                Check::PositionForm,
                "a position gives either `turns` (a turn log) or `board` (a snapshot)",
            )
            .in_file(file)
            .at_span(
                if position.turns.is_some() {
                    file.top_key_span("board")
                } else {
                    file.top_key_span("turns")
                },
                if position.turns.is_some() {
                    "a snapshot too"
                } else {
                    "no turns and no board"
                },
            )
            .help("keep one of `turns` and `board`"),
        );
    }
    if position.turns.is_some() && !position.figures.is_empty() {
        findings.push(
            Finding::new(
                Check::PositionForm,
                "`figures` says where the figures of a snapshot stand; a turn log moves them",
            )
            .in_file(file)
            .at_span(file.top_key_span("figures"), "in a turn log")
            .help("remove `figures`: the turns bring and move the figures (`attend`, the dragon's `step`s)"),
        );
    }
    if !findings.is_empty() {
        return Err(Failure::Findings(findings));
    }
    Ok(LoadedPosition {
        game,
        file: file.clone(),
        position,
        options,
        notes,
        save: None,
    })
}

fn tile_id(lp: &LoadedPosition, id: &Sp<String>) -> Result<TileId, Finding> {
    lp.game.tiles.get(&id.value).ok_or_else(|| {
        Finding::unknown(Check::UnknownTile, "tile", &id.value)
            .in_file(&lp.file)
            .at(&id.loc, format!("not in {}", lp.game.tiles.name))
            .known(
                "tiles of the set",
                lp.game.tiles.own_tiles().map(|(_, t)| t.id.as_str()),
            )
    })
}

/// A snapshot holds the start tile (the position's `start`, else the tile set's) at
/// x 0, y 0 with its rotation (`position::start_tile`). A tile at (0, 0) with a rotation
/// that is not a quarter turn is left to the rotation check.
fn check_snapshot_start(
    lp: &LoadedPosition,
    board: &[Sp<crate::model::BoardTile>],
) -> Result<(), Finding> {
    let (start, rotation) = match &lp.position.start {
        Some(s) => (s.tile.value.clone(), s.rotation.value),
        None => (lp.game.tiles.tiles[lp.game.tiles.start].id.clone(), 0),
    };
    let Some(origin) = board.iter().find(|b| b.x.value == 0 && b.y.value == 0) else {
        return Err(Finding::new(
            Check::SnapshotStart,
            format!("the board has no tile at (0, 0), where the start tile `{start}` lies"),
        )
        .in_file(&lp.file)
        .at_span(lp.file.top_key_span("board"), "no start tile")
        .help(format!(
            "add `- {{tile: {start}, x: 0, y: 0{}}}`, or shift every tile so that the start tile is at x 0, y 0",
            if rotation == 0 { String::new() } else { format!(", rotation: {rotation}") }
        )));
    };
    if origin.tile.value != start {
        return Err(Finding::new(
            Check::SnapshotStart,
            format!(
                "the tile at (0, 0) is `{}`, not the start tile `{start}`",
                origin.tile.value
            ),
        )
        .in_file(&lp.file)
        .at(&origin.tile.loc, "not the start tile")
        .help(format!(
            "the start tile `{start}` lies at x 0, y 0: shift the board so that it is there, or name the start tile with `start: {{tile: {}}}`",
            origin.tile.value
        )));
    }
    let (Some(have), Some(want)) = (
        Rotation::from_degrees(origin.rotation.value),
        Rotation::from_degrees(rotation),
    ) else {
        return Ok(());
    };
    if have != want {
        let loc = if origin.rotation.loc.is_unknown() {
            origin.tile.loc
        } else {
            origin.rotation.loc
        };
        return Err(Finding::new(
            Check::SnapshotStart,
            format!(
                "the start tile `{start}` at (0, 0) is turned {} degrees; it lies at rotation {rotation}",
                origin.rotation.value
            ),
        )
        .in_file(&lp.file)
        .at(&loc, "start tile turned")
        .help(if lp.position.start.is_some() {
            "the start tile keeps the rotation given in `start`: fix it there or here".to_string()
        } else {
            "the start tile keeps rotation 0: turn the whole board instead, or give `start: {tile, rotation}`".to_string()
        }));
    }
    Ok(())
}

/// The rotation a file gives in degrees, or a finding at it unless 0, 90, 180 or 270.
fn rotation_of(lp: &LoadedPosition, r: &Sp<u32>) -> Result<Rotation, Finding> {
    Rotation::from_degrees(r.value).ok_or_else(|| {
        Finding::new(
            Check::Rotation,
            format!("rotation {} is not a quarter turn", r.value),
        )
        .in_file(&lp.file)
        .at(&r.loc, "rotation")
        .help("rotations are degrees clockwise: 0, 90, 180 or 270")
    })
}

fn player_id(lp: &LoadedPosition, name: &Sp<String>) -> Result<usize, Finding> {
    lp.position
        .players
        .iter()
        .position(|p| p.value == name.value)
        .ok_or_else(|| {
            Finding::unknown(Check::PositionUnknownName, "player", &name.value)
                .in_file(&lp.file)
                .at(&name.loc, "not in `players`")
                .known(
                    "players",
                    lp.position.players.iter().map(|p| p.value.as_str()),
                )
        })
}

fn piece_kind(
    lp: &LoadedPosition,
    kind: Option<&str>,
    loc: &crate::model::Loc,
) -> Result<PieceKindId, Finding> {
    match kind {
        // The first kind; a rule set without pieces is `ruleset::incomplete`, so only a
        // game built in code gets the finding.
        None if !lp.game.rules.pieces.is_empty() => Ok(0),
        None => Err(Finding::new(
            Check::PositionUnknownName,
            format!("{} has no piece kinds", lp.game.rules.name),
        )
        .in_file(&lp.file)
        .at(loc, "piece")
        .help("remove the piece, or play with a rule set that declares `pieces`")),
        Some(k) => lp.game.rules.piece(k).ok_or_else(|| {
            Finding::unknown(Check::PositionUnknownName, "piece kind", k)
                .in_file(&lp.file)
                .at(loc, "piece")
                .known(
                    "piece kinds",
                    lp.game.rules.pieces.iter().map(|p| p.name.as_str()),
                )
        }),
    }
}

/// Places a tile of a snapshot where it lies, turning errors into findings at `loc`.
fn place(
    state: &mut State,
    lp: &LoadedPosition,
    tile: TileId,
    (x, y, rotation): (i32, i32, Rotation),
    loc: &Sp<String>,
) -> Result<u32, Finding> {
    state
        .snapshot_tile(tile, x, y, rotation)
        .map_err(|e| place_finding(state, lp, tile, (x, y), e, loc))
}

/// A finding for a tile that cannot be laid (used up, does not fit, breaks a placement
/// rule), at `loc`.
fn place_finding(
    state: &State,
    lp: &LoadedPosition,
    tile: TileId,
    (x, y): (i32, i32),
    e: LayError,
    loc: &Sp<String>,
) -> Finding {
    let def = &lp.game.tiles.tiles[tile];
    let rules = &lp.game.rules;
    match e {
        LayError::Exhausted => Finding::new(
            Check::TileExhausted,
            format!(
                "tile `{}` is used more often than the set's {} cop{}",
                def.id,
                def.count,
                if def.count == 1 { "y" } else { "ies" }
            ),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "one copy too many")
        .help("check the tile id; the start tile uses one copy too"),
        LayError::Place(PlaceError::Occupied) => Finding::new(
            Check::CellOccupied,
            format!("cell ({x}, {y}) already holds a tile"),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "placed on an occupied cell")
        .help("each cell holds one tile; check x and y (y grows to the south)"),
        LayError::Place(PlaceError::OffBoard) => {
            // Only a position built in code gets here: the schema stops such coordinates
            // in a file, and this is the same rule.
            let limit = crate::limits::MAX_COORDINATE;
            Finding::new(
                Check::Schema,
                format!("cell ({x}, {y}) is out of range: coordinates are at most {limit} from the start tile"),
            )
            .in_file(&lp.file)
            .at(&loc.loc, "placed off the board")
            .help(format!("x and y are between -{limit} and {limit}, far more than any real game needs: check them"))
        }
        LayError::Place(PlaceError::NotAdjacent) => Finding::new(
            Check::NotAdjacent,
            format!("tile `{}` at ({x}, {y}) touches no tile", def.id),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "not next to the board")
        .help("a tile must share a side with a placed tile; check x and y (y grows to the south)"),
        LayError::Place(PlaceError::Mismatch {
            side,
            mine,
            theirs,
            neighbour,
        }) => {
            let n = state.board().placed[neighbour as usize];
            let fitting: Vec<String> = Rotation::ALL
                .into_iter()
                .filter(|&r| state.board().fits(&lp.game.tiles, tile, x, y, r).is_ok())
                .map(|r| r.degrees().to_string())
                .collect();
            let fit_help = if fitting.is_empty() {
                format!("tile `{}` fits no rotation at ({x}, {y})", def.id)
            } else {
                format!(
                    "rotations of `{}` that fit at ({x}, {y}): {}",
                    def.id,
                    fitting.join(", ")
                )
            };
            Finding::new(
                Check::EdgeMismatch,
                format!(
                    "tile `{}` does not fit at ({x}, {y}): its {} side is {} but the neighbour's side is {}",
                    def.id, SIDES[side as usize], rules.side_kinds[mine].name, rules.side_kinds[theirs].name
                ),
            )
            .in_file(&lp.file)
            .at(&loc.loc, format!("{} side here is {}", SIDES[side as usize], rules.side_kinds[mine].name))
            .help(format!("{fit_help} (neighbour: `{}` at ({}, {}))", lp.game.tiles.tiles[n.tile].id, n.x, n.y))
        }
        LayError::Rule(r) => rule_finding(state, lp, tile, (x, y), r, loc),
    }
}

/// A finding for a placement that fits its neighbours but breaks a stack's or a feature
/// kind's placement rule.
fn rule_finding(
    state: &State,
    lp: &LoadedPosition,
    tile: TileId,
    (x, y): (i32, i32),
    e: RuleBreak,
    loc: &Sp<String>,
) -> Finding {
    let rules = &lp.game.rules;
    let id = &lp.game.tiles.tiles[tile].id;
    let legal: Vec<String> = state
        .legal_placements(tile)
        .iter()
        .take(8)
        .map(|p| format!("({}, {}) rotation {}", p.x, p.y, p.rotation))
        .collect();
    let legal = if legal.is_empty() {
        format!("tile `{id}` has no legal placement on this board")
    } else {
        format!("legal placements of `{id}`: {}", legal.join(", "))
    };
    match e {
        RuleBreak::NotAHole { stack } => Finding::new(
            Check::NotAHole,
            format!("tile `{id}` at ({x}, {y}) is not placed into a hole"),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "a side faces no tile")
        .help(format!(
            "a tile of the {} stack goes only on an empty cell with tiles on all four sides; {legal}",
            rules.stacks[stack].name
        )),
        RuleBreak::NotContinued { stack, feature } => {
            let f = &rules.features[feature].name;
            Finding::new(
                Check::NotContinued,
                format!("tile `{id}` at ({x}, {y}) does not continue the {f} on the board"),
            )
            .in_file(&lp.file)
            .at(&loc.loc, format!("no {f} side against the {f}"))
            .help(format!(
                "each tile of the {} stack must be placed with a {f} segment against the {f} already on the board; {legal}",
                rules.stacks[stack].name
            ))
        }
        RuleBreak::UTurn {
            feature,
            neighbour,
            right,
        } => {
            let f = &rules.features[feature].name;
            let n = state.board().placed[neighbour as usize];
            let way = if right { "right" } else { "left" };
            Finding::new(
                Check::UTurn,
                format!(
                    "the {f} turns back on itself: tile `{id}` at ({x}, {y}) bends {way} just after the {way} bend of `{}` at ({}, {})",
                    lp.game.tiles.tiles[n.tile].id, n.x, n.y
                ),
            )
            .in_file(&lp.file)
            .at(&loc.loc, format!("a second {way} bend"))
            .help(format!(
                "two consecutive bends of a {f} may not turn the same way (no immediate U-turn); {legal}"
            ))
        }
    }
}

/// A finding for a tile drawn in an ordinary turn from a pile that may not be drawn yet:
/// a stack played before it (lower `order`) is not done.
fn pile_order_finding(lp: &LoadedPosition, tile: TileId, w: &Waiting, loc: &Sp<String>) -> Finding {
    let rules = &lp.game.rules;
    let stack = lp.game.tiles.tiles[tile].stack;
    let pile = match stack {
        Some(s) => format!("the {} stack", rules.stacks[s].name),
        None => "the main pile".to_string(),
    };
    let first = &rules.stacks[w.stack].name;
    Finding::new(
        Check::StackOrder,
        format!(
            "tile `{}` comes from {pile}, but the {first} stack is played first: {} of its tiles {} left and fit{}",
            lp.game.tiles.tiles[tile].id,
            w.playable,
            if w.playable == 1 { "is" } else { "are" },
            if w.playable == 1 { "s" } else { "" },
        ),
    )
    .in_file(&lp.file)
    .at(&loc.loc, format!("drawn before the {first} stack is done"))
    .help(format!(
        "stacks with an `order` are played before the main pile, lowest order first; place the tiles of the {first} stack first (a stack whose tiles left fit nowhere is skipped)"
    ))
}

/// A piece to put on the tile just placed, as written in a position.
struct PieceRequest<'a> {
    player: usize,
    kind: PieceKindId,
    at: &'a str,
    loc: &'a crate::model::Loc,
    /// The cell of the tile it goes on, when not the tile just placed.
    cell: Option<(i32, i32)>,
}

/// Puts a piece on a placed tile (a snapshot's), turning errors into findings at the piece.
fn put_piece(
    state: &mut State,
    lp: &LoadedPosition,
    placed: u32,
    req: &PieceRequest,
) -> Result<(), Finding> {
    let rules = &lp.game.rules;
    if rules.mechanisms.keeps_state_of(req.kind) {
        let name = &rules.pieces[req.kind].name;
        return Err(Finding::new(
            Check::SnapshotPieceState,
            format!("a {name} keeps what it gathered during the game (a flock's tokens), which a snapshot cannot give"),
        )
        .in_file(&lp.file)
        .at(req.loc, "piece")
        .help(format!("write the game as `turns:`, with the {name}'s draws, or leave the {name} out of the snapshot")));
    }
    let result = piece_target(state, lp, placed, req)?
        .and_then(|(target, seg)| state.snapshot_piece(req.player, req.kind, target, seg));
    result.map_err(|e| piece_finding(state, lp, placed, req, e))
}

/// Where a piece written in a position goes: the placed tile (the one just placed, or
/// the cell named) and the segment its address names.
///
/// Errors: a finding when the cell holds no tile; a [`PieceError`] when the piece may not
/// name a cell or the address names no segment.
fn piece_target(
    state: &State,
    lp: &LoadedPosition,
    placed: u32,
    req: &PieceRequest,
) -> Result<Result<(u32, usize), PieceError>, Finding> {
    // Whether the piece may go on another tile is the engine's to say (a piece kind
    // that goes anywhere; a tile with a magic portal).
    let target = match req.cell {
        None => placed,
        Some((x, y)) => match state.board().at(x, y) {
            Some(t) => t,
            None => {
                return Err(Finding::new(
                    Check::UnknownAddress,
                    format!("no tile lies at ({x}, {y})"),
                )
                .in_file(&lp.file)
                .at(req.loc, "piece")
                .help("name the cell of a tile on the board (x grows east, y grows south)"));
            }
        },
    };
    Ok(match crate::address::segment_at(state, target, req.at) {
        Some(seg) => Ok((target, seg)),
        None => Err(PieceError::UnknownAddress),
    })
}

/// A finding at a piece written in a position that cannot go where it says.
fn piece_finding(
    state: &State,
    lp: &LoadedPosition,
    placed: u32,
    req: &PieceRequest,
    e: PieceError,
) -> Finding {
    let rules = &lp.game.rules;
    let kname = &rules.pieces[req.kind].name;
    let at = req.at;
    let f = match e {
        PieceError::UnknownAddress => {
            let target = req.cell.and_then(|(x, y)| state.board().at(x, y)).unwrap_or(placed);
            let p = state.board().placed[target as usize];
            let def = &lp.game.tiles.tiles[p.tile];
            let addresses: Vec<String> = (0..def.segments.len())
                .map(|seg| {
                    let a = crate::address::address_of(state, target, seg);
                    let name = &rules.features[def.segments[seg].feature].name;
                    format!("{a} ({name})")
                })
                .collect();
            Finding::new(
                Check::UnknownAddress,
                format!("`{at}` names no segment of tile `{}` at ({}, {})", def.id, p.x, p.y),
            )
            .help(format!(
                "address a segment by a side or half-side it touches, in board orientation, or by an inner segment's id; here: {}",
                addresses.join(", ")
            ))
        }
        PieceError::NoRole { feature } => {
            let feature = &rules.features[feature].name;
            Finding::new(
            Check::NoRole,
            format!(
                "{} {kname} cannot be placed on a {feature} here",
                crate::model::article(kname)
            ),
        )
        .help(format!(
            "roles of {kname}: {}",
            rules.pieces[req.kind]
                .roles
                .iter()
                .map(|r| {
                    let off = r
                        .requires_option
                        .filter(|&o| !state.options()[o])
                        .map(|o| format!(" (only with option `{}`, which is off)", rules.options[o].name))
                        .unwrap_or_default();
                    format!("{} on {}{off}", r.name, rules.features[r.feature].name)
                })
                .collect::<Vec<_>>()
                .join(", ")
        ))
        }
        PieceError::Occupied {
            feature,
            by,
            piece,
            segment,
        } => {
            let blockers: Vec<&str> = rules.pieces[req.kind]
                .blocked_by
                .iter()
                .map(|&k| rules.pieces[k].name.as_str())
                .collect();
            let (by, piece) = (&state.players()[by], &rules.pieces[piece].name);
            let place = if segment { "segment" } else { rules.features[feature].name.as_str() };
            Finding::new(
                Check::FeatureOccupied,
                format!("this {place} already holds a {piece} of {by}"),
            )
            .help(format!(
                "a {kname} may only go where no {} stands on the {place}; choose another segment, or no piece",
                if blockers.is_empty() { kname.to_string() } else { blockers.join(" or ") }
            ))
        }
        PieceError::SegmentTaken => Finding::new(
            Check::SegmentTaken,
            format!("this segment already holds a {kname}"),
        )
        .help("one segment holds at most one piece of a kind; pieces of several players meet only when features are joined"),
        PieceError::FigureOnTile { figure } => {
            let name = rules
                .mechanisms
                .roaming_figures
                .get(usize::from(figure))
                .map_or("figure", |r| r.name.as_str());
            Finding::new(
                Check::FigureOnTile,
                format!("the {name} stands on this tile: no piece goes here"),
            )
            .help(format!(
                "place the {kname} on a tile where the {name} is not, or place none"
            ))
        }
        PieceError::NotRaised { feature } => {
            let feature = &rules.features[feature].name;
            Finding::new(
                Check::NotRaised,
                format!("this {feature} is not raised yet: no piece goes on top"),
            )
            .help(format!(
                "a {kname} goes on top of a {feature} with a token on it (`build:` there first, in an earlier turn), or elsewhere"
            ))
        }
        PieceError::Completed { feature } => {
            let feature = &rules.features[feature].name;
            Finding::new(Check::FeatureCompleted, format!("this {feature} is completed"))
                .help(format!("a {kname} goes only on a {feature} that is not completed yet"))
        }
        PieceError::NeedsOwnPiece { feature, needs } => {
            let feature = &rules.features[feature].name;
            let needs: Vec<&str> = needs
                .iter()
                .map(|&k| rules.pieces[k].name.as_str())
                .collect();
            Finding::new(
                Check::NeedsOwnPiece,
                format!(
                    "a {kname} goes only on a {feature} where {} already has a {}",
                    state.players()[req.player],
                    needs.join(" or ")
                ),
            )
            .help(format!(
                "place it on a {feature} holding one of {}'s pieces of the kinds the rule set names in its `needs`",
                state.players()[req.player]
            ))
        }
        PieceError::NotAtCorner { feature } => {
            let feature = &rules.features[feature].name;
            Finding::new(
                Check::NotAtCorner,
                format!("a {kname} goes only at a corner where four tiles' {feature}s meet"),
            )
            .help(format!(
                "name a corner of the tile just placed (`NW`, `NE`, `SE`, `SW`) where the three tiles around it lie on the board, with nothing but {feature} touching the point on each of the four"
            ))
        }
        PieceError::NotAnywhere => Finding::new(
            Check::NotAnywhere,
            format!("a {kname} goes only on the tile just placed"),
        )
        .help("remove `x` and `y` from the piece; only pieces that may go on any tile (a tent), a follower placed with a tile that lets it go elsewhere (a magic portal, `placing_away`), or a follower on top of a raised tower (`building`) name a cell"),
        PieceError::NoSupply => Finding::new(
            Check::NoSupply,
            format!("{} has no {kname} left in supply", state.players()[req.player]),
        )
        .help({
            let n = lp.game.tiles.supply[req.kind];
            format!(
                "each player has {n} {}; pieces return when their feature is scored",
                crate::model::plural(kname, i64::from(n))
            )
        }),
    };
    f.in_file(&lp.file).at(req.loc, "piece")
}

fn extra_turn_finding(
    lp: &LoadedPosition,
    state: &State,
    bonus_player: usize,
    loc: &crate::model::Loc,
) -> Finding {
    Finding::new(
        Check::ExtraTurnPlayer,
        format!("{} earned an extra turn on the previous turn, so this turn is theirs", state.players()[bonus_player]),
    )
    .in_file(&lp.file)
    .at(loc, "another player")
    .help("the player who earned an extra turn (by completing or extending a feature, as the rules say) plays the next turn; remove `player:` or name them")
}

/// A finding for a failed `mine`.
fn mine_finding(
    lp: &LoadedPosition,
    state: &State,
    player: usize,
    e: MineError,
    loc: &crate::model::Loc,
) -> Finding {
    let (check, message, help) = match e {
        MineError::NoTokens => (
            Check::NoTokens,
            "these rules have no tokens to take".to_string(),
            "remove `mine`".to_string(),
        ),
        MineError::NoPiece(kind) => {
            let kind = &lp.game.rules.pieces[kind].name;
            (
                Check::Mine,
                format!(
                    "{} has no {kind} on the board to mine with",
                    state.players()[player]
                ),
                format!(
                    "place the {kind} on a turn first; a turn places a piece or mines, not both"
                ),
            )
        }
        MineError::Empty => (
            Check::MineEmpty,
            format!(
                "no token is left where {}'s tent stands",
                state.players()[player]
            ),
            "tokens are put on a mountain when tiles with nugget symbols are placed".to_string(),
        ),
    };
    Finding::new(check, message)
        .in_file(&lp.file)
        .at(loc, "this turn")
        .help(help)
}

/// Lays a snapshot's token pile on a segment.
fn lay_tokens(state: &mut State, lp: &LoadedPosition, pile: &Sp<TokenPile>) -> Result<(), Finding> {
    let rules = &lp.game.rules;
    let pool = match &pile.pool {
        None if !rules.token_pools.is_empty() => 0,
        None => {
            return Err(Finding::new(Check::NoTokens, "these rules have no tokens")
                .in_file(&lp.file)
                .at(&pile.loc, "tokens")
                .help("remove `tokens`"));
        }
        Some(name) => rules
            .token_pools
            .iter()
            .position(|p| p.name == name.value)
            .ok_or_else(|| {
                Finding::unknown(Check::PositionUnknownName, "token supply", &name.value)
                    .in_file(&lp.file)
                    .at(&name.loc, "pool")
                    .known(
                        "token supplies",
                        rules.token_pools.iter().map(|p| p.name.as_str()),
                    )
            })?,
    };
    let node = segment_node(state, lp, (&pile.x, &pile.y), &pile.at, "tokens")?;
    state.snapshot_tokens(pool, node, &pile.values);
    Ok(())
}

/// The segment node at a cell and address written in a snapshot, or a finding.
fn segment_node(
    state: &State,
    lp: &LoadedPosition,
    (x, y): (&Sp<i32>, &Sp<i32>),
    at: &Sp<String>,
    label: &str,
) -> Result<NodeIndex, Finding> {
    state
        .board()
        .at(x.value, y.value)
        .and_then(|placed| {
            crate::address::segment_at(state, placed, at).map(|s| state.board().node(placed, s))
        })
        .ok_or_else(|| {
            Finding::new(
                Check::UnknownAddress,
                format!(
                    "no segment `{}` on a tile at ({}, {})",
                    at.value, x.value, y.value
                ),
            )
            .in_file(&lp.file)
            .at(&at.loc, label.to_string())
            .help("name the cell (x, y) of a tile on the board and a segment address on it")
        })
}

/// Puts a neutral figure where a snapshot's `figures` says it stands: an attending figure
/// beside the piece at its segment (or on the tile of a piece, under its
/// `on_tile_option`), a roaming figure on its tile.
fn place_figure(
    state: &mut State,
    lp: &LoadedPosition,
    f: &Sp<crate::model::FigureMove>,
) -> Result<(), Finding> {
    let rules = &lp.game.rules;
    let attending = &rules.mechanisms.attending_figures;
    let roaming = &rules.mechanisms.roaming_figures;
    let name = &f.figure.value;
    let (x, y) = (f.x.value, f.y.value);
    let no_tile = || {
        Finding::new(
            Check::PositionFigure,
            format!("no tile lies at ({x}, {y}) for the {name}"),
        )
        .in_file(&lp.file)
        .at(&f.loc, "figure")
        .help("name the cell of a tile of the snapshot")
    };
    if let Some(r) = roaming.iter().position(|r| &r.name == name) {
        let placed = state.board().at(x, y).ok_or_else(no_tile)?;
        let at = &mut state.memory_mut().roaming_figures.at;
        if at.len() <= r {
            at.resize(r + 1, None);
        }
        at[r] = Some(placed);
        return Ok(());
    }
    let Some(a) = attending.iter().position(|a| &a.name == name) else {
        return Err(Finding::unknown(Check::PositionUnknownName, "figure", name)
            .in_file(&lp.file)
            .at(&f.figure.loc, "figure")
            .known(
                &format!("neutral figures of {}", rules.name),
                attending
                    .iter()
                    .map(|a| a.name.as_str())
                    .chain(roaming.iter().map(|r| r.name.as_str())),
            ));
    };
    let placed = state.board().at(x, y).ok_or_else(no_tile)?;
    let majority = |p: &crate::score::Piece| rules.pieces[p.kind].majority;
    let piece = match &f.at {
        Some(at) => {
            let node = segment_node(state, lp, (&f.x, &f.y), at, "figure")?;
            state.pieces().on_node(node).map(|(_, p)| *p).find(majority)
        }
        None if attending[a]
            .on_tile_option
            .is_some_and(|o| state.options()[o]) =>
        {
            state
                .pieces()
                .iter()
                .find(|p| majority(p) && state.board().graph[p.node].placed == placed)
                .copied()
        }
        None => {
            return Err(Finding::new(
                Check::PositionFigure,
                format!("the {name} stands beside a piece: its place needs the piece's `at`"),
            )
            .in_file(&lp.file)
            .at(&f.loc, "figure")
            .help("add `at:`, the address of the follower's segment on that tile"));
        }
    };
    let Some(p) = piece else {
        return Err(Finding::new(
            Check::PositionFigure,
            format!("no follower stands there for the {name} to attend"),
        )
        .in_file(&lp.file)
        .at(&f.loc, "figure")
        .help("name a follower of the snapshot (its tile's cell and segment address)"));
    };
    let at = &mut state.memory_mut().attending_figures.at;
    if at.len() <= a {
        at.resize(a + 1, None);
    }
    at[a] = Some((p.node, p.player));
    Ok(())
}

/// Marks items of a snapshot segment as covered.
fn cover_items(
    state: &mut State,
    lp: &LoadedPosition,
    c: &Sp<CoveredItems>,
) -> Result<(), Finding> {
    let node = segment_node(state, lp, (&c.x, &c.y), &c.at, "covered items")?;
    let rules = &lp.game.rules;
    for (item, n) in &c.items {
        let Some(i) = rules.items.iter().position(|x| x == item) else {
            return Err(Finding::unknown(Check::PositionUnknownName, "item", item)
                .in_file(&lp.file)
                .at(&n.loc, "item")
                .known(
                    &format!("items of {}", rules.name),
                    rules.items.iter().map(String::as_str),
                ));
        };
        state.snapshot_cover(node, i, n.value);
    }
    Ok(())
}

/// Plays one turn of a turn log through the engine's turn ([`State::begin_turn`],
/// [`State::take_back`], [`State::finish_turn`]), resolving the names written in the
/// file first and turning every error into a finding at the value at fault.
fn play_turn(state: &mut State, lp: &LoadedPosition, turn: &Sp<Turn>) -> Result<(), Finding> {
    play_turn_steps(state, lp, turn, true, None).map(|_| ())
}

/// Plays a turn of the log: its tile, any piece taken back and, when `finish`, its action
/// and the end of the turn (`None`); else returns the turn begun, its action not taken.
fn play_turn_steps(
    state: &mut State,
    lp: &LoadedPosition,
    turn: &Sp<Turn>,
    finish: bool,
    pending: Option<&mut Vec<Vec<Choice>>>,
) -> Result<Option<Begun>, Finding> {
    let player = match &turn.player {
        Some(p) => player_id(lp, p)?,
        None => state.to_play(),
    };
    for aside in &turn.set_aside {
        set_aside(state, lp, aside)?;
    }
    let tile = tile_id(lp, &turn.tile)?;
    let rot = rotation_of(lp, &turn.rotation)?;
    let at = (turn.x.value, turn.y.value, rot);
    let draws: Vec<u32> = turn.draws.iter().map(|d| d.value).collect();
    if let Some(f) = turn
        .drawn_at
        .iter()
        .find(|f| !(0.0..1.0).contains(&f.value))
    {
        return Err(Finding::new(
            Check::DrawnAt,
            format!("a draw's random number must lie from 0 up to 1 (not included), not {}", f.value),
        )
        .in_file(&lp.file)
        .at(&f.loc, "out of range")
        .help("write the random number that made the draw, e.g. `0.3`: the token at ⌊0.3 × n⌋ of the bag's n tokens, in its order"));
    }
    let fractions: Vec<f64> = turn.drawn_at.iter().map(|f| f.value).collect();
    if let Some(c) = turn.choices.get(MAX_CHOICES) {
        return Err(Finding::new(
            Check::ChoicesLeft,
            format!(
                "a turn asks at most {MAX_CHOICES} decisions; this one lists {}",
                turn.choices.len()
            ),
        )
        .in_file(&lp.file)
        .at(&c.loc, "too many")
        .help("list one decision per flock of the player on a feature the tile extends, then one per piece that may move on"));
    }
    let piece = match &turn.piece {
        None => None,
        Some(piece) => {
            if let PiecePlacement::Kind(spec) = &piece.value {
                if spec.x.is_some() != spec.y.is_some() {
                    return Err(Finding::new(
                        Check::PieceCell,
                        "a piece's cell needs both `x` and `y`",
                    )
                    .in_file(&lp.file)
                    .at(&piece.loc, "piece")
                    .help("give both `x` and `y` of the tile the piece goes on, or neither for the tile just placed"));
                }
            }
            Some(PieceRequest {
                player,
                kind: piece_kind(lp, piece.kind(), &piece.loc)?,
                at: piece.at(),
                loc: &piece.loc,
                cell: piece.cell(),
            })
        }
    };
    if let (Some(req), true) = (&piece, turn.mine) {
        return Err(Finding::new(
            Check::MineAndPiece,
            "a turn places a piece or mines, not both",
        )
        .in_file(&lp.file)
        .at(req.loc, "piece")
        .help("step 2 of a turn is one of: place a piece, take a token (`mine: true`), or take a piece back (`recall`)"));
    }
    let others =
        usize::from(piece.is_some()) + usize::from(turn.mine) + usize::from(turn.recall.is_some());
    if let Some(st) = turn
        .build
        .as_ref()
        .filter(|_| others > 0 || turn.attend.is_some() || turn.expel.is_some())
    {
        return Err(Finding::new(
            Check::MineAndPiece,
            "a turn places a piece, mines, takes a piece back, moves a figure, sends a piece home or builds: one of them",
        )
        .in_file(&lp.file)
        .at(&st.loc, "build")
        .help("step 2 of a turn is one of: place a piece, take a token (`mine: true`), take a piece back (`recall`), move a figure (`attend`), send a piece home (`expel`), or build on a feature (`build`)"));
    }
    if let Some(e) = turn
        .expel
        .as_ref()
        .filter(|_| others > 0 || turn.attend.is_some())
    {
        return Err(Finding::new(
            Check::MineAndPiece,
            "a turn places a piece, mines, takes a piece back, moves a figure or sends a piece home: one of them",
        )
        .in_file(&lp.file)
        .at(&e.loc, "expel")
        .help("step 2 of a turn is one of: place a piece, take a token (`mine: true`), take a piece back (`recall`), move a figure (`attend`), or send a piece home (`expel`)"));
    }
    if let Some(a) = turn.attend.as_ref().filter(|_| others > 0) {
        return Err(Finding::new(
            Check::MineAndPiece,
            "a turn places a piece, mines, takes a piece back or moves a figure: one of them",
        )
        .in_file(&lp.file)
        .at(&a.loc, "attend")
        .help("step 2 of a turn is one of: place a piece, take a token (`mine: true`), take a piece back (`recall`), or move a figure (`attend`)"));
    }
    if let Some(r) = turn
        .recall
        .as_ref()
        .filter(|_| piece.is_some() || turn.mine)
    {
        return Err(Finding::new(
            Check::MineAndPiece,
            "a turn places a piece, mines or takes a piece back: one of them",
        )
        .in_file(&lp.file)
        .at(&r.loc, "recall")
        .help("step 2 of a turn is one of: place a piece, take a token (`mine: true`), or take a piece back (`recall`)"));
    }
    let fail = |state: &State, e: TurnError, placed: Option<u32>| {
        turn_finding(state, lp, turn, tile, player, e, piece.as_ref().zip(placed))
    };
    let span = match turn.span.as_ref().map(|s| &s.value) {
        None => None,
        Some(crate::model::SpanEntry::At(s)) => Some(crate::engine::Span {
            x: s.x.value,
            y: s.y.value,
            axis: match s.axis.value {
                crate::model::AxisWord::NS => crate::geometry::Axis::NorthSouth,
                crate::model::AxisWord::WE => crate::geometry::Axis::WestEast,
            },
        }),
        // The token the placement needs, if it needs one: the first that makes it fit.
        Some(crate::model::SpanEntry::Needed(_)) => {
            let (x, y, rotation) = at;
            let plain = state
                .board()
                .fits(&lp.game.tiles, tile, x, y, rotation)
                .is_ok();
            (!plain)
                .then(|| {
                    state
                        .spans(tile, crate::engine::Placement { x, y, rotation })
                        .into_iter()
                        .next()
                })
                .flatten()
        }
    };
    let mut begun = state
        .begin_turn_spanning(player, tile, at, span, &draws)
        .map_err(|e| fail(state, e, None))?;
    // A ransom, paid once the tile is down and before the action (JCloisterZone lets it
    // be paid at any step of the turn; the follower is back in supply for the action).
    if let Some(r) = &turn.ransom {
        let kind = piece_kind(lp, Some(&r.piece.value), &r.piece.loc)?;
        let holder = player_id(lp, &r.from)?;
        state
            .pay_ransom(&begun, holder, kind)
            .map_err(|e| ransom_finding(state, lp, r, player, e))?;
    }
    let placed = begun.placed();
    state.announce_draw_fractions(&begun, &fractions);
    if let Some(r) = &turn.return_piece {
        let target = crate::address::segment_in_cell(state, r.x.value, r.y.value, &r.at);
        let result = match target {
            Some((on, seg)) => state.take_back(&mut begun, on, seg),
            // No such segment: no piece of the player there either.
            None => Err(match begun.may_take_back() {
                Some(kind) => TurnError::TakeBackNoPiece { kind },
                None => TurnError::TakeBackNotAllowed,
            }),
        };
        result.map_err(|e| fail(state, e, Some(placed)))?;
    }
    if !finish {
        return Ok(Some(begun));
    }
    // Decisions are read once the tile lies on the board: a move may name it.
    let mut words: Vec<Choice> = Vec::with_capacity(turn.choices.len());
    for c in &turn.choices {
        words.push(match &c.value {
            ChoiceWord::Word(ChoiceName::Grow) => Choice::Grow,
            ChoiceWord::Word(ChoiceName::Score) => Choice::Score,
            ChoiceWord::Word(ChoiceName::Return) => Choice::Return,
            ChoiceWord::Word(ChoiceName::Stay) => Choice::Stay,
            ChoiceWord::Move(m) => {
                let (placed, segment) = choice_target(state, lp, "a move to", &m.to, &c.loc)?;
                Choice::MoveTo { placed, segment }
            }
            ChoiceWord::TakeBack(m) => {
                let (placed, segment) =
                    choice_target(state, lp, "taking back the piece at", &m.take_back, &c.loc)?;
                Choice::TakeBack { placed, segment }
            }
            ChoiceWord::Place(m) => {
                let (placed, segment) =
                    choice_target(state, lp, "placing a piece on", &m.place, &c.loc)?;
                Choice::Place { placed, segment }
            }
            ChoiceWord::Convert(m) => {
                let (placed, segment) =
                    choice_target(state, lp, "converting the feature of", &m.convert, &c.loc)?;
                Choice::Convert { placed, segment }
            }
            ChoiceWord::Capture(m) => {
                let (placed, segment) =
                    choice_target(state, lp, "capturing the follower on", &m.capture, &c.loc)?;
                Choice::Capture { placed, segment }
            }
            ChoiceWord::Step(m) => match state.board().at(m.step.x, m.step.y) {
                Some(placed) => Choice::Step { placed },
                None => {
                    return Err(Finding::new(
                        Check::MoveTarget,
                        format!("a step to ({}, {}): no tile lies there", m.step.x, m.step.y),
                    )
                    .in_file(&lp.file)
                    .at(&c.loc, "no tile")
                    .help("name the cell of a tile on the board next to the figure"));
                }
            },
        });
    }
    let choices = Choices::from_slice(&words).unwrap_or_default();
    let action = match &piece {
        Some(req) => match piece_target(state, lp, placed, req)? {
            Ok((on, segment)) => Action::Piece {
                kind: req.kind,
                on: (on != placed).then_some(on),
                segment,
            },
            Err(e) => return Err(piece_finding(state, lp, placed, req, e)),
        },
        None if turn.mine => Action::Mine,
        None => match &turn.recall {
            Some(r) => {
                let (on, segment) = piece_on_board(
                    state,
                    lp,
                    (r.x.value, r.y.value, &r.at, &r.loc),
                    (Check::NotRecallable, "recall", "to take a piece back from"),
                )?;
                Action::Recall { on, segment }
            }
            None => match (&turn.attend, &turn.expel) {
                (Some(a), _) => attend_action(state, lp, a, begun.player())?,
                (None, Some(e)) => {
                    let (on, segment) = piece_on_board(
                        state,
                        lp,
                        (e.x.value, e.y.value, &e.at, &e.loc),
                        (Check::NotExpellable, "expel", "to send a piece home from"),
                    )?;
                    Action::Expel { on, segment }
                }
                (None, None) => match &turn.build {
                    Some(st) => {
                        let (on, segment) = match crate::address::segment_in_cell(
                            state,
                            st.x.value,
                            st.y.value,
                            &st.at.value,
                        ) {
                            Some(t) => t,
                            None => {
                                let no_tile = state.board().at(st.x.value, st.y.value).is_none();
                                return Err(Finding::new(
                                    Check::NotBuildable,
                                    if no_tile {
                                        format!("no tile lies at ({}, {})", st.x.value, st.y.value)
                                    } else {
                                        format!(
                                            "no segment `{}` on the tile at ({}, {}) to put a token on",
                                            st.at.value, st.x.value, st.y.value
                                        )
                                    },
                                )
                                .in_file(&lp.file)
                                .at(&st.loc, "build")
                                .help(build_help(state, begun.player())));
                            }
                        };
                        Action::Build { on, segment }
                    }
                    None => Action::Pass,
                },
            },
        },
    };
    // A piece whose place is written as a corner (`NW`) stands at that corner.
    if let Some(req) = &piece {
        state.name_piece_corner(&begun, crate::geometry::parse_corner(req.at));
    }
    let finished = match pending {
        None => state.finish_turn_choosing(begun, action, choices),
        Some(pending) => {
            let mut d = Pending {
                given: Given::new(choices),
                pending,
            };
            state.finish_turn_deciding(begun, action, &mut d)
        }
    };
    finished.map_err(|e| fail(state, e, Some(placed)))?;
    if let Some(a) = &turn.auction {
        let auction = auction_of(lp, a)?;
        state
            .hold_auction(&auction)
            .map_err(|e| auction_finding(lp, tile, a, e))?;
    }
    Ok(None)
}

/// The engine's auction from a turn's `auction`, its tiles resolved.
fn auction_of(
    lp: &LoadedPosition,
    a: &Sp<crate::model::AuctionWord>,
) -> Result<crate::engine::Auction, Finding> {
    let tile = |t: &Sp<String>| -> Result<TileId, Finding> {
        lp.game.tiles.get(&t.value).ok_or_else(|| {
            Finding::unknown(Check::UnknownTile, "tile", &t.value)
                .in_file(&lp.file)
                .at(&t.loc, "not a tile of the game")
                .known(
                    "tiles",
                    lp.game.tiles.own_tiles().map(|(_, t)| t.id.as_str()),
                )
        })
    };
    let tiles = a.tiles.iter().map(tile).collect::<Result<Vec<_>, _>>()?;
    let rounds = a
        .rounds
        .iter()
        .map(|r| {
            Ok(crate::engine::AuctionRound {
                tile: tile(&r.tile)?,
                bids: r
                    .bids
                    .iter()
                    .map(|b| match b.value {
                        crate::model::BidWord::Points(p) => Some(p),
                        crate::model::BidWord::Pass(_) => None,
                    })
                    .collect(),
                sell: r.sell,
            })
        })
        .collect::<Result<Vec<_>, Finding>>()?;
    Ok(crate::engine::Auction { tiles, rounds })
}

/// A finding at a turn's `auction` the engine refused (`position::auction_refused`), at
/// the value at fault.
fn auction_finding(
    lp: &LoadedPosition,
    tile: TileId,
    a: &Sp<crate::model::AuctionWord>,
    e: crate::engine::AuctionError,
) -> Finding {
    use crate::engine::{AuctionError as E, NoAuction};
    let round = |r: usize| a.rounds.get(r);
    let round_at = |r: usize| round(r).map_or(&a.loc, |x| &x.loc);
    let ordinal = |k: usize| match k {
        0 => "1st".to_string(),
        1 => "2nd".to_string(),
        2 => "3rd".to_string(),
        k => format!("{}th", k + 1),
    };
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let id = &lp.game.tiles.tiles[tile].id;
    let (what, help, at, label): (String, String, &crate::model::Loc, &str) = match e {
        E::NotDue(why) => {
            let (what, help) = match why {
                NoAuction::NoRules => (
                    "no auction follows this turn: this game holds none (its rule set has no `auctioning`, or its option is off)".to_string(),
                    "auctions follow a tile with the item of the rule set's `auctioning` (a bazaar) while its option is on; remove `auction`".to_string(),
                ),
                NoAuction::NoItem => (
                    format!("no auction follows this turn: `{id}` carries no item that starts one"),
                    "only the turn of a tile with the item of the rule set's `auctioning` (a bazaar) is followed by an auction; remove `auction`".to_string(),
                ),
                NoAuction::InRound => (
                    "no auction follows this turn: tiles taken at the last auction were still to be played".to_string(),
                    "a bazaar tile played while tiles taken at an auction are still to be played starts none; remove `auction`".to_string(),
                ),
                NoAuction::FewTiles { left } => (
                    format!("no auction follows this turn: {} left in the pile, fewer than the players", plural(left as usize, "tile", "tiles")),
                    "an auction needs a tile per player in the pile; remove `auction`".to_string(),
                ),
                NoAuction::Held => (
                    "no auction follows this turn: it was held already".to_string(),
                    "write an auction once, on the turn that placed its tile".to_string(),
                ),
            };
            (what, help, &a.loc, "auction")
        }
        E::Tiles { expected } => (
            format!("{} revealed, not one per player ({expected})", plural(a.tiles.len(), "tile", "tiles")),
            format!("list {expected} tiles of the pile in `tiles`"),
            &a.loc,
            "tiles",
        ),
        E::NotInPile { index } => (
            format!(
                "`{}` has no copy left in the pile to reveal",
                a.tiles.get(index).map_or("", |t| t.value.as_str())
            ),
            "reveal tiles of the main pile that are still to be drawn".to_string(),
            a.tiles.get(index).map_or(&a.loc, |t| &t.loc),
            "no copy left",
        ),
        E::Rounds { expected } => (
            format!("{}, not one per player but the last ({expected})", plural(a.rounds.len(), "round", "rounds")),
            format!("write {expected}: the last player takes the last tile"),
            &a.loc,
            "rounds",
        ),
        E::NotRevealed { round: r } => (
            format!(
                "round {}'s tile `{}` is not among the tiles revealed",
                r + 1,
                round(r).map_or("", |x| x.tile.value.as_str())
            ),
            "each round puts up one of the tiles listed in `tiles`".to_string(),
            round(r).map_or(&a.loc, |x| &x.tile.loc),
            "not revealed",
        ),
        E::Taken { round: r } => (
            format!(
                "round {}'s tile `{}` was taken in an earlier round",
                r + 1,
                round(r).map_or("", |x| x.tile.value.as_str())
            ),
            "each round puts up one of the tiles revealed that no earlier round gave away".to_string(),
            round(r).map_or(&a.loc, |x| &x.tile.loc),
            "taken already",
        ),
        E::ChooserPasses { round: r } => (
            format!("round {}'s chooser passes", r + 1),
            "the chooser bids a number of points (0 or more) first; only the other players may pass".to_string(),
            round(r).and_then(|x| x.bids.first()).map_or(round_at(r), |b| &b.loc),
            "the chooser's bid",
        ),
        E::Bids { round: r, expected } => (
            format!(
                "round {} has {}, not {expected}",
                r + 1,
                plural(round(r).map_or(0, |x| x.bids.len()), "bid", "bids")
            ),
            if expected == 0 {
                "this game's auctions have no bids (the option is off): write only the tile".to_string()
            } else {
                format!("write the chooser's bid, then one per other player without a tile in turn order (a higher bid or `pass`): {expected} in all")
            },
            round_at(r),
            "bids",
        ),
        E::TooLow { round: r, bid } => {
            let bids = round(r).map(|x| &x.bids[..]).unwrap_or(&[]);
            let value = |b: &Sp<crate::model::BidWord>| match b.value {
                crate::model::BidWord::Points(p) => Some(p),
                crate::model::BidWord::Pass(_) => None,
            };
            let high = bids[..bid.min(bids.len())].iter().filter_map(value).max().unwrap_or(0);
            let this = bids.get(bid).and_then(value).unwrap_or(0);
            (
                format!(
                    "round {}'s {} bid ({this}) is not higher than the highest before it ({high})",
                    r + 1,
                    ordinal(bid)
                ),
                format!("a player raises above the highest bid so far (at least {}), or passes", high + 1),
                bids.get(bid).map_or(round_at(r), |b| &b.loc),
                "not higher",
            )
        }
        E::NoBuyer { round: r } => (
            format!("round {}'s chooser sells, and no one else bid", r + 1),
            "with no higher bid the chooser buys the tile with their own bid: remove `sell`".to_string(),
            round_at(r),
            "sell",
        ),
    };
    Finding::new(Check::AuctionRefused, what)
        .in_file(&lp.file)
        .at(at, label)
        .help(help)
}

/// The decisions written for a turn, noting what is offered for each one not written.
struct Pending<'p> {
    given: Given,
    pending: &'p mut Vec<Vec<Choice>>,
}

impl Decider for Pending<'_> {
    fn choice(&mut self, index: usize, offered: &[Choice]) -> Option<Choice> {
        let c = self.given.choice(index, offered);
        if c.is_none() {
            self.pending.push(offered.to_vec());
        }
        c
    }

    fn draw(&mut self, bag: &[(u32, u32)]) -> Option<u32> {
        self.given.draw(bag)
    }

    fn declined(&mut self, index: usize) {
        self.given.declined(index);
    }
}

/// The segment a decision names (`{move: ...}`, `{take_back: ...}`), or a finding at it
/// (`position::move_target`); `what` begins its message ("a move to").
fn choice_target(
    state: &State,
    lp: &LoadedPosition,
    what: &str,
    t: &crate::model::MoveTarget,
    loc: &crate::model::Loc,
) -> Result<(u32, u8), Finding> {
    let tile = state.board().at(t.x, t.y).is_some();
    match crate::address::segment_in_cell(state, t.x, t.y, &t.at) {
        Some((placed, segment)) => Ok((placed, segment as u8)),
        None => Err(Finding::new(
            Check::MoveTarget,
            format!(
                "{what} `{}` on ({}, {}): {}",
                t.at,
                t.x,
                t.y,
                if tile {
                    "the tile there has no such segment"
                } else {
                    "no tile lies there"
                }
            ),
        )
        .in_file(&lp.file)
        .at(loc, if tile { "no such segment" } else { "no tile" })
        .help("name the cell of a tile on the board (the tile just placed too) and a segment address on it (`N`, `NL`, `monastery`)")),
    }
}

/// Why `player` may not put a token on segment `target` (placed tile, segment) now: the
/// segment's feature takes no token (its kind, an option off), a piece stands on top, or
/// the player has none left.
fn build_refusal(state: &State, player: usize, target: Option<(u32, usize)>) -> String {
    let rules = &state.game().rules;
    let who = &state.players()[player];
    let Some((on, segment)) = target else {
        return format!("{who} may not put a token there");
    };
    let node = state.board().node(on, segment);
    let feature = state.board().graph[node].feature;
    let fname = &rules.features[feature].name;
    let table = &rules.mechanisms.building;
    let Some((entry, e)) = table.iter().enumerate().find(|(_, e)| e.feature == feature) else {
        return format!("a {fname} takes no token: the rule set builds only on other features");
    };
    if let Some(o) = e.requires_option.filter(|&o| !state.options()[o]) {
        return format!(
            "{}s are not built: the option `{}` is off",
            e.name, rules.options[o].name
        );
    }
    if let Some((_, p)) = state.pieces().on_node(node).next() {
        return format!(
            "{}'s {} stands on top of this {fname}: it is closed to {}s",
            state.players()[p.player],
            rules.pieces[p.kind].name,
            e.name
        );
    }
    if crate::mechanism::building::play::tokens_left(state, entry, player) == 0 {
        return format!(
            "{who} has built all {} of their {}s",
            e.supply_for(state.players().len()),
            e.name
        );
    }
    format!("{who} may not put a {} there", e.name)
}

/// Why no conversion was offered at `target`, as far as the board tells after the turn:
/// no `converting` in the rules, its option off, another tile than the one just placed, a
/// feature of another kind or shape, or no one with a token left.
fn convert_refusal(state: &State, target: &crate::model::MoveTarget) -> String {
    let rules = &state.game().rules;
    let table = &rules.mechanisms.converting;
    if table.is_empty() {
        return "the rule set converts nothing (no `converting`)".to_string();
    }
    if let Some(e) = table.iter().find(|e| !state.option_on(e.requires_option)) {
        if let Some(o) = e.requires_option {
            return format!("the option `{}` is off", rules.options[o].name);
        }
    }
    let Some((on, segment)) =
        crate::address::segment_in_cell(state, target.x, target.y, &target.at)
    else {
        return "no such segment on a tile there".to_string();
    };
    let last = state.board().placed.len().saturating_sub(1) as u32;
    if on != last {
        return "only a feature of the tile just placed is converted".to_string();
    }
    let node = state.board().node(on, segment);
    let kind = state.board().graph[node].feature;
    let Some(e) = table.iter().find(|e| e.feature == kind) else {
        return format!("a {} is not converted", rules.features[kind].name);
    };
    let f = crate::graph::component(rules, &state.game().tiles, state.board(), kind, node);
    if f.nodes.len() != e.segments as usize
        || !crate::graph::completed(rules, &state.game().tiles, state.board(), kind, node)
    {
        return format!(
            "the {} there is not a completed one of {} segments",
            rules.features[kind].name, e.segments
        );
    }
    "it holds no single follower whose owner has a castle left, or its owner converted one this turn already"
        .replace("castle", &e.name)
}

/// The help of a finding at a turn's `build`: where the player may put a token now.
fn build_help(state: &State, player: usize) -> String {
    let table = &state.game().rules.mechanisms.building;
    if table.is_empty() {
        return "this game's rule set builds nothing on features (no `building`); place a piece or pass instead".to_string();
    }
    let mut open = Vec::new();
    crate::mechanism::building::play::open_foundations(state, player, &mut open);
    let words: Vec<String> = open
        .iter()
        .map(|&(on, segment)| {
            let c = state.board().placed[on as usize];
            let at = crate::address::address_of(state, on, segment);
            format!("{{x: {}, y: {}, at: {at}}}", c.x, c.y)
        })
        .collect();
    let mut kinds: Vec<&str> = table
        .iter()
        .map(|e| state.game().rules.features[e.feature].name.as_str())
        .collect();
    kinds.dedup();
    if words.is_empty() {
        format!(
            "a token goes on a {} with no piece on top while the player has tokens left; none is open to {} now",
            kinds.join(" or "),
            state.players()[player]
        )
    } else {
        format!(
            "a token goes on a {} with no piece on top, anywhere on the board: {}",
            kinds.join(" or "),
            words.join(", ")
        )
    }
}

/// A finding at a turn's `span` the engine refused (`position::not_spannable`), saying
/// why and what would do.
fn span_finding(
    state: &State,
    lp: &LoadedPosition,
    turn: &Sp<Turn>,
    tile: TileId,
    player: usize,
    e: crate::engine::SpanError,
) -> Finding {
    use crate::engine::SpanError as E;
    let rules = &lp.game.rules;
    let who = &state.players()[player];
    let name = rules
        .mechanisms
        .spanning
        .first()
        .map_or("token", |e| e.name.as_str());
    let at = turn.span.as_ref().map_or(&turn.tile.loc, |s| &s.loc);
    let (x, y) = (turn.x.value, turn.y.value);
    // A token that fits with this placement, for the help.
    let fitting = Rotation::from_degrees(turn.rotation.value).and_then(|rotation| {
        state
            .spans_of(player, tile, crate::engine::Placement { x, y, rotation })
            .into_iter()
            .next()
    });
    let (what, help) = match e {
        E::NoSpans => (
            if rules.mechanisms.spanning.is_empty() {
                "this game lays nothing across tiles (its rule set has no `spanning`: no bridges)".to_string()
            } else {
                format!("this game lays no {name} across tiles (its option is off)")
            },
            "tokens go across tiles where the rule set's `spanning` names them (and its option is on); remove `span`".to_string(),
        ),
        E::NoneLeft => (
            format!("{who} has no {name} left"),
            format!("each player has the {name}s of the rule set's `spanning` supply; remove `span`"),
        ),
        E::OutOfReach => (
            format!("the {name} is not on the tile placed at ({x}, {y}) or a tile beside it where it may go"),
            match fitting {
                Some(s) => format!(
                    "a {name} goes on the tile placed{}: `span: {{x: {}, y: {}, axis: {}}}` fits here",
                    if rules.mechanisms.spanning.iter().any(|e| e.beside) {
                        " or a tile north, east, south or west of it"
                    } else {
                        " (this rule set lays them there only)"
                    },
                    s.x,
                    s.y,
                    s.axis.name()
                ),
                None => format!(
                    "a {name} goes on the tile placed{}; none fits with this placement: remove `span`",
                    if rules.mechanisms.spanning.iter().any(|e| e.beside) {
                        " or a tile north, east, south or west of it"
                    } else {
                        " (this rule set lays them there only)"
                    }
                ),
            },
        ),
        E::NoTile => (
            "no tile lies there".to_string(),
            "write the cell of a tile on the board beside the one placed, or the one placed".to_string(),
        ),
        E::Twice => (
            format!("that tile has a {name} across it already"),
            format!("a tile takes one {name}: lay it across another tile"),
        ),
        E::NotAcross => (
            format!("the {name}'s two ends are not both on sides it may cross"),
            format!(
                "a {name} goes straight across from the middle of a side to the middle of the opposite one, both of the kind the rule set's `spanning` names (`over`: a field side); try the other axis"
            ),
        ),
        E::EndFaces { side } => (
            format!(
                "the {name} would end on the {} side, which faces a tile",
                ["north", "east", "south", "west"][usize::from(side) % 4]
            ),
            format!("on a tile already placed, both ends of a {name} face empty cells (or the tile placed this turn)"),
        ),
    };
    Finding::new(Check::NotSpannable, what)
        .in_file(&lp.file)
        .at(at, "span")
        .help(help)
}

/// A finding at a turn's `ransom` the engine refused.
fn ransom_finding(
    state: &State,
    lp: &LoadedPosition,
    r: &Sp<crate::model::Ransom>,
    player: usize,
    e: TurnError,
) -> Finding {
    use crate::engine::RansomError;
    let who = &state.players()[player];
    let held: Vec<String> = state
        .memory()
        .building
        .prisoners
        .iter()
        .filter(|q| q.owner == player)
        .map(|q| {
            format!(
                "{{piece: {}, from: {}}}",
                lp.game.rules.pieces[q.kind].name,
                state.players()[q.holder]
            )
        })
        .collect();
    let (message, help) = match e {
        TurnError::Ransom(RansomError::NoRansom) => (
            "this game's rule set has no ransom".to_string(),
            "a ransom exists where the rule set's `building` names one (The Tower: 3 points); remove `ransom`".to_string(),
        ),
        TurnError::Ransom(RansomError::PaidAlready) | TurnError::Ransom(RansomError::NotNow) => (
            format!("{who} paid a ransom this turn already"),
            "a player pays one ransom a turn; pay the next in a later turn".to_string(),
        ),
        TurnError::Ransom(RansomError::Points { ransom }) => (
            format!(
                "{who} has {} points, fewer than the ransom of {ransom}",
                state.points()[player]
            ),
            format!("a player pays a ransom only with at least {ransom} points; remove `ransom`, or pay it in a later turn"),
        ),
        _ => (
            format!(
                "{} holds no {} of {who}",
                r.from.value, r.piece.value
            ),
            if held.is_empty() {
                format!("no follower of {who} is held by another player; remove `ransom`")
            } else {
                format!("followers of {who} held: {}", held.join(", "))
            },
        ),
    };
    Finding::new(Check::RansomRefused, message)
        .in_file(&lp.file)
        .at(&r.loc, "ransom")
        .help(help)
}

/// The action of a turn's `attend`: the figure named and the piece's segment, or a
/// finding at it (`position::not_attendable`).
fn attend_action(
    state: &State,
    lp: &LoadedPosition,
    a: &Sp<crate::model::FigureMove>,
    player: usize,
) -> Result<Action, Finding> {
    let table = &lp.game.rules.mechanisms.attending_figures;
    let names: Vec<&str> = table.iter().map(|f| f.name.as_str()).collect();
    let Some(figure) = names.iter().position(|n| *n == a.figure.value) else {
        return Err(Finding::new(
            Check::NotAttendable,
            format!("the rule set has no figure `{}` to move", a.figure.value),
        )
        .in_file(&lp.file)
        .at(&a.figure.loc, "no such figure")
        .help(if names.is_empty() {
            "this game's rule set has no figures a player moves (no `attending`); place a piece or pass instead".to_string()
        } else {
            format!("figures of the rule set (`attending`): {}", names.join(", "))
        }));
    };
    let purpose = format!("to move the {} next to", a.figure.value);
    let (on, segment) = match &a.at {
        Some(at) => piece_on_board(
            state,
            lp,
            (a.x.value, a.y.value, at, &a.loc),
            (Check::NotAttendable, "attend", &purpose),
        )?,
        // A figure that stands on a tile: the tile of one of the player's pieces.
        None => {
            let entry = &table[figure];
            let tiled = entry.on_tile_option.is_some_and(|o| state.options()[o]);
            let piece = state.board().at(a.x.value, a.y.value).and_then(|placed| {
                state
                    .pieces()
                    .iter()
                    .find(|p| {
                        p.player == player
                            && lp.game.rules.pieces[p.kind].majority
                            && state.board().graph[p.node].placed == placed
                    })
                    .map(|p| {
                        let n = state.board().graph[p.node];
                        (n.placed, n.segment as usize)
                    })
            });
            match piece.filter(|_| tiled) {
                Some(found) => found,
                None => {
                    return Err(Finding::new(
                        Check::NotAttendable,
                        if tiled {
                            format!(
                                "no follower of the player on a tile at ({}, {}) to move the {} onto",
                                a.x.value, a.y.value, a.figure.value
                            )
                        } else {
                            format!(
                                "the {} goes next to a piece: `attend` needs the piece's `at`",
                                a.figure.value
                            )
                        },
                    )
                    .in_file(&lp.file)
                    .at(&a.loc, "attend")
                    .help(if tiled {
                        "name the cell of a tile where one of your followers stands"
                    } else {
                        "add `at:`, the address of your follower's segment on that tile (the figure stands on a tile only under its `on_tile_option`)"
                    }));
                }
            }
        }
    };
    Ok(Action::Attend {
        figure: figure as u8,
        on,
        segment,
    })
}

/// The placed tile and segment a turn's reference to a piece on the board names
/// (`recall`, `expel`, `attend`), or the finding `check` at the reference (`key`: its
/// key, for the label): "no segment `N` on a tile at (x, y) {purpose}".
fn piece_on_board(
    state: &State,
    lp: &LoadedPosition,
    (x, y, at, loc): (i32, i32, &Sp<String>, &crate::model::Loc),
    (check, key, purpose): (Check, &str, &str),
) -> Result<(u32, usize), Finding> {
    crate::address::segment_in_cell(state, x, y, at).ok_or_else(|| {
        Finding::new(
            check,
            format!("no segment `{}` on a tile at ({x}, {y}) {purpose}", at.value),
        )
        .in_file(&lp.file)
        .at(loc, key)
        .help("name the cell of the tile the piece stands on and its segment's address (`N`, `monastery`)")
    })
}

/// A bag's tokens in words: "4 × 1, 5 × 2, 2 × 0".
fn bag_words(bag: &[(u32, u32)]) -> String {
    if bag.is_empty() {
        return "no token".to_string();
    }
    bag.iter()
        .map(|(v, n)| format!("{n} × {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Sets aside a tile a turn names under `set_aside`, or a finding at it.
fn set_aside(state: &mut State, lp: &LoadedPosition, id: &Sp<String>) -> Result<(), Finding> {
    let tile = tile_id(lp, id)?;
    let name = &lp.game.tiles.tiles[tile].id;
    match state.set_aside(tile) {
        Ok(()) => Ok(()),
        Err(SetAsideError::Exhausted) => Err(place_finding(state, lp, tile, (0, 0), LayError::Exhausted, id)),
        Err(SetAsideError::Fits(p)) => Err(Finding::new(
            Check::SetAsideFits,
            format!("tile `{name}` is set aside, but it fits at ({}, {}) rotation {}", p.x, p.y, p.rotation),
        )
        .in_file(&lp.file)
        .at(&id.loc, "has a legal placement")
        .help("only a tile that fits nowhere on the board is set aside; place it, or remove it from `set_aside`")),
    }
}

/// A finding for a turn the engine refused, at the value written in the turn that is at
/// fault.
fn turn_finding(
    state: &State,
    lp: &LoadedPosition,
    turn: &Sp<Turn>,
    tile: TileId,
    player: usize,
    e: TurnError,
    piece: Option<(&PieceRequest, u32)>,
) -> Finding {
    let rules = &lp.game.rules;
    let loc = &turn.tile;
    match e {
        TurnError::GameOver => Finding::new(
            Check::GameOver,
            "the game is over: no tile of the main pile is left to draw (every one placed, set aside or out of the game)",
        )
        .in_file(&lp.file)
        .at(&loc.loc, "a turn after the last one")
        .help("the game ends after the turn in which the last tile of the main pile is placed (tiles of other stacks do not extend it)"),
        TurnError::ExtraTurnPlayer { player: b } => {
            let at = turn.player.as_ref().map_or(&loc.loc, |p| &p.loc);
            extra_turn_finding(lp, state, b, at)
        }
        TurnError::ExtraTurnStack { player: b, stack: s } => Finding::new(
            Check::ExtraTurnStack,
            format!("this is {}'s extra turn: the tile comes from the {} stack", state.players()[b], rules.stacks[s].name),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "not a tile of that stack")
        .help("place a tile of that stack on the turn after the one that earned the extra turn"),
        TurnError::OnlyInExtraTurns { stack: s } => Finding::new(
            Check::ExtraTurn,
            format!("tiles of the {} stack are only placed in extra turns", rules.stacks[s].name),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "no extra turn was earned")
        .help("an extra turn follows a turn that completed a feature earning one (a forest with a menhir)"),
        TurnError::PileOrder(w) => pile_order_finding(lp, tile, &w, loc),
        TurnError::HeldBack => {
            let waits: Vec<String> = rules
                .mechanisms
                .roaming_figures
                .iter()
                .filter(|r| lp.game.tiles.tiles[tile].carries(r.moved_by))
                .map(|r| format!("a tile with a {} brings the {}", rules.items[r.arrives_on], r.name))
                .collect();
            Finding::new(
                Check::HeldBack,
                format!("tile `{}` is not drawn yet: it waits for a figure that is not on the board", lp.game.tiles.tiles[tile].id),
            )
            .in_file(&lp.file)
            .at(&loc.loc, "held back")
            .help(format!(
                "play it after the figure has come onto the board ({}); until then it goes back into the pile",
                if waits.is_empty() { "see the rule set".to_string() } else { waits.join("; ") }
            ))
        }
        TurnError::Lay(e) => {
            let (x, y) = (turn.x.value, turn.y.value);
            let mismatch = matches!(e, LayError::Place(PlaceError::Mismatch { .. }));
            let f = place_finding(state, lp, tile, (x, y), e, loc);
            let Some(rotation) = Rotation::from_degrees(turn.rotation.value).filter(|_| mismatch)
            else {
                return f;
            };
            let plain = state.board().fits(&lp.game.tiles, tile, x, y, rotation).is_ok();
            let spans = state.spans_of(player, tile, crate::engine::Placement { x, y, rotation });
            let beside = match turn.span.as_ref().map(|s| &s.value) {
                Some(crate::model::SpanEntry::At(s)) if (s.x.value, s.y.value) != (x, y) => {
                    Some((s.x.value, s.y.value))
                }
                _ => None,
            };
            if let Some((sx, sy)) = beside {
                // The bridge laid beside (already across its tile) ends against this one.
                return f.help(format!(
                    "the bridge across the tile at ({sx}, {sy}) ends against this tile: an end of a bridge beside the tile placed meets an empty cell or a road side of the tile placed; lay it across the other axis, or remove `span`"
                ));
            }
            match (&turn.span, spans.first()) {
                // The bridge written breaks a fit the tile has without it.
                (Some(_), _) if plain => f.help(format!(
                    "the bridge's end meets a side of the neighbour that is not a road: without `span` the tile fits here{}",
                    spans.first().map_or(String::new(), |s| format!(", and `span: {{x: {}, y: {}, axis: {}}}` fits too", s.x, s.y, s.axis.name()))
                )),
                (None, Some(s)) => f.help(format!(
                    "with a bridge it fits: `span: {{x: {}, y: {}, axis: {}}}` (or `span: needed`)",
                    s.x,
                    s.y,
                    s.axis.name()
                )),
                _ => f,
            }
        }
        TurnError::NoTokens => {
            let at = turn.draws.first().map_or(&loc.loc, |d| &d.loc);
            Finding::new(Check::NoTokens, "these rules have no tokens to draw")
                .in_file(&lp.file)
                .at(at, "draws")
                .help("remove `draws`")
        }
        TurnError::DrawValue { index } => {
            let d = &turn.draws[index.min(turn.draws.len().saturating_sub(1))];
            // Every value a turn may draw: the token supplies' and the bags' (a flock's).
            let values: Vec<String> = rules.draw_values.iter().map(u32::to_string).collect();
            let what = match rules.token_pools.as_slice() {
                [one] if rules.draw_values.len() == one.values.len() => format!("{} token", one.name),
                _ => format!("token of {}", rules.name),
            };
            Finding::new(Check::DrawValue, format!("no {what} is worth {}", d.value))
                .in_file(&lp.file)
                .at(&d.loc, "token value")
                .help(format!("its tokens are worth {}", values.join(", ")))
        }
        TurnError::TakeBackNotAllowed => {
            let at = turn.return_piece.as_ref().map_or(&loc.loc, |r| &r.loc);
            Finding::new(Check::ReturnPiece, "no effect of the tile just placed lets a piece return")
                .in_file(&lp.file)
                .at(at, "return_piece")
                .help("only tiles whose items have a `return_piece` effect (the shaman) allow it; remove `return_piece`")
        }
        TurnError::TakeBackNoPiece { kind } => {
            let (x, y, at, l) = match &turn.return_piece {
                Some(r) => (r.x.value, r.y.value, r.at.value.as_str(), &r.at.loc),
                None => (0, 0, "", &loc.loc),
            };
            Finding::new(
                Check::ReturnNoPiece,
                format!(
                    "{} has no {} at ({x}, {y}) `{at}`",
                    state.players()[player], rules.pieces[kind].name
                ),
            )
            .in_file(&lp.file)
            .at(l, "no such piece")
            .help("name the cell (x, y) and segment address of one of the player's pieces")
        }
        TurnError::Mine(e) => mine_finding(lp, state, player, e, &loc.loc),
        TurnError::NotHeld { tile } => {
            let id = &lp.game.tiles.tiles[tile].id;
            let message = if state.in_last_round() || state.main_pile_empty() {
                format!(
                    "in the last round only players who still hold a tile play it, in turn order; {} may not play `{id}` now",
                    state.players()[player]
                )
            } else {
                format!("{} holds no `{id}` (any more)", state.players()[player])
            };
            Finding::new(Check::NotHeld, message)
                .in_file(&lp.file)
                .at(&loc.loc, "not held")
                .help("each player holds their own tiles of a held stack (an abbey) and plays each once; after the main pile, each holder may play theirs in turn order from the next player")
        }
        TurnError::DrawMissing { bag } => Finding::new(
            Check::DrawMissing,
            format!("this turn draws a token from a bag, but no draw is written for it (the bag holds {})", bag_words(&bag)),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "a draw is needed")
        .help("write the token drawn in `draws` (its value), or the random number that drew it in `drawn_at`"),
        TurnError::DrawNotInBag { index, bag } => {
            let at = turn
                .draws
                .get(index)
                .map(|d| &d.loc)
                .or_else(|| turn.drawn_at.get(index.saturating_sub(turn.draws.len())).map(|d| &d.loc))
                .unwrap_or(&loc.loc);
            Finding::new(
                Check::DrawNotInBag,
                format!("the token drawn is not in the bag, which holds {}", bag_words(&bag)),
            )
            .in_file(&lp.file)
            .at(at, "not in the bag")
            .help("a bag holds its tokens less those lying on the board: write a value it holds")
        }
        TurnError::ChoiceMissing { index, offered } => {
            let words: Vec<String> = offered
                .iter()
                .map(|&c| crate::address::choice_text(state, c))
                .collect();
            let steps = offered.iter().any(|c| matches!(c, Choice::Step { .. }));
            Finding::new(
                Check::ChoiceMissing,
                if steps {
                    format!(
                        "this turn asks for decision {} (a step of a figure that roams the board), and none is written",
                        index + 1
                    )
                } else {
                    format!(
                        "this turn asks {} for decision {} (a flock of theirs on a feature the tile extends: `grow` or `score`), and none is written",
                        state.players()[player],
                        index + 1
                    )
                },
            )
            .in_file(&lp.file)
            .at(&loc.loc, "a decision is needed")
            .help(if steps {
                format!(
                    "add the figure's steps to `choices`, in order; this one may go: {}",
                    words.join(", ")
                )
            } else {
                "add `choices: [grow]` or `choices: [score]`, one per flock the tile extends, in the order the pieces were placed".to_string()
            })
        }
        TurnError::ChoiceNotOffered(n) => {
            let crate::engine::NotOffered {
                index,
                given,
                offered,
            } = *n;
            let written = turn.choices.get(index);
            let at = written.map_or(&loc.loc, |c| &c.loc);
            let offered: Vec<String> = offered
                .iter()
                .map(|&c| crate::address::choice_text(state, c))
                .collect();
            // The decision as the file writes it (a move's address is the file's own).
            let given = match written.map(|c| &c.value) {
                Some(ChoiceWord::Move(m)) => {
                    format!("{{move: {{x: {}, y: {}, at: {}}}}}", m.to.x, m.to.y, m.to.at)
                }
                Some(ChoiceWord::Step(m)) => format!("{{step: {{x: {}, y: {}}}}}", m.step.x, m.step.y),
                Some(ChoiceWord::Place(m)) => {
                    let t = &m.place;
                    format!("{{place: {{x: {}, y: {}, at: {}}}}}", t.x, t.y, t.at)
                }
                Some(ChoiceWord::TakeBack(m)) => {
                    let t = &m.take_back;
                    format!("{{take_back: {{x: {}, y: {}, at: {}}}}}", t.x, t.y, t.at)
                }
                _ => crate::address::choice_text(state, given),
            };
            Finding::new(
                Check::ChoiceNotOffered,
                format!(
                    "decision {} of this turn, `{given}`, is not among those offered then",
                    index + 1,
                ),
            )
            .in_file(&lp.file)
            .at(at, "not offered")
            .help(format!("the turn offers: {}", offered.join(", ")))
        }
        TurnError::NotRecallable => {
            let at = turn.recall.as_ref().map_or(&loc.loc, |r| &r.loc);
            let kinds: Vec<&str> = rules
                .mechanisms
                .recalling_pieces
                .iter()
                .map(|r| rules.pieces[r.piece].name.as_str())
                .collect();
            Finding::new(
                Check::NotRecallable,
                format!(
                    "{} has no piece there that the rule set lets them take back",
                    state.players()[player]
                ),
            )
            .in_file(&lp.file)
            .at(at, "recall")
            .help(if kinds.is_empty() {
                "this game's rule set lets no piece be taken back as a turn's action (it has no `recalling`); place a piece or pass instead".to_string()
            } else {
                format!(
                    "a player takes back, as the turn's action, one of their own pieces of a kind the rule set names under `recalling`: {}",
                    kinds.join(", ")
                )
            })
        }
        TurnError::ExpelRequired => Finding::new(
            Check::ExpelRequired,
            format!(
                "{} must send a piece home this turn: the tile obliges them",
                state.players()[player]
            ),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "this turn")
        .help("write `expel: {x, y, at}` naming a follower in the city the tile's princess joins; with the option that obliges it (`must_option`) off, the player may do otherwise"),
        TurnError::NotBuildable => {
            let at = turn.build.as_ref().map_or(&loc.loc, |st| &st.loc);
            let target = turn.build.as_ref().and_then(|b| {
                crate::address::segment_in_cell(state, b.x.value, b.y.value, &b.at.value)
            });
            Finding::new(
                Check::NotBuildable,
                build_refusal(state, player, target),
            )
            .in_file(&lp.file)
            .at(at, "build")
            .help(build_help(state, player))
        }
        TurnError::Span(e) => span_finding(state, lp, turn, tile, player, e),
        TurnError::AuctionDue => Finding::new(
            Check::AuctionFirst,
            "the auction the last turn's tile started has not been held",
        )
        .in_file(&lp.file)
        .at(&loc.loc, "a turn before the auction")
        .help("write the auction on the turn that placed the tile (`auction: {tiles: [...], rounds: [...]}`): the tiles revealed and each round"),
        TurnError::NotTaken { tile: taken } => Finding::new(
            Check::AuctionFirst,
            format!(
                "{} took `{}` at the auction: it is the tile they play now",
                state.players()[player],
                lp.game.tiles.tiles[taken].id
            ),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "another tile")
        .help(format!("play `{}` in this turn", lp.game.tiles.tiles[taken].id)),
        TurnError::Ransom(_) => Finding::new(Check::RansomRefused, "a ransom the player may not pay")
            .in_file(&lp.file)
            .at(&loc.loc, "this turn")
            .help("a player pays a ransom during their own turn, once a turn, with at least as many points, for a follower another player holds"),
        TurnError::NotExpellable => {
            let at = turn.expel.as_ref().map_or(&loc.loc, |e| &e.loc);
            let items: Vec<&str> = rules
                .mechanisms
                .expelling
                .iter()
                .map(|e| rules.items[e.item].as_str())
                .collect();
            Finding::new(
                Check::NotExpellable,
                "the tile just placed does not let this piece be sent home",
            )
            .in_file(&lp.file)
            .at(at, "expel")
            .help(if items.is_empty() {
                "this game's rule set lets no tile send a piece home (it has no `expelling`); place a piece or pass instead".to_string()
            } else {
                format!(
                    "a tile with a segment carrying {} lets its player send home one follower standing in that segment's feature, once the tile is placed",
                    items.join(" or ")
                )
            })
        }
        TurnError::NotAttendable => {
            let at = turn.attend.as_ref().map_or(&loc.loc, |a| &a.loc);
            let mut offered = Vec::new();
            let table = &rules.mechanisms.attending_figures;
            // Where the figure named stands now (it may not stay there).
            let figure = turn
                .attend
                .as_ref()
                .and_then(|a| table.iter().position(|f| f.name == a.figure.value));
            let here = figure.and_then(|f| state.memory().attending_figures.at.get(f).copied().flatten());
            let name = turn.attend.as_ref().map_or("figure", |a| a.figure.value.as_str());
            // A figure that stands on a tile: the tiles of the player's pieces, but its own.
            let on_tile = figure
                .and_then(|f| table[f].on_tile_option)
                .is_some_and(|o| state.options()[o]);
            if on_tile {
                let here_tile = here.map(|(node, _)| state.board().graph[node].placed);
                let target = turn
                    .attend
                    .as_ref()
                    .and_then(|a| state.board().at(a.x.value, a.y.value));
                if target.is_some() && target == here_tile {
                    return Finding::new(
                        Check::NotAttendable,
                        format!("the {name} stands on this tile already"),
                    )
                    .in_file(&lp.file)
                    .at(at, "attend")
                    .help("move it onto another tile where one of the player's followers stands, or take another action (place a piece, or pass)");
                }
                let mut tiles: Vec<(i32, i32)> = state
                    .pieces()
                    .iter()
                    .filter(|p| p.player == player && rules.pieces[p.kind].majority)
                    .map(|p| state.board().graph[p.node].placed)
                    .filter(|&t| Some(t) != here_tile)
                    .map(|t| {
                        let c = state.board().placed[t as usize];
                        (c.x, c.y)
                    })
                    .collect();
                tiles.sort_unstable();
                tiles.dedup();
                let words: Vec<String> = tiles.iter().map(|(x, y)| format!("{{x: {x}, y: {y}}}")).collect();
                return Finding::new(
                    Check::NotAttendable,
                    format!(
                        "no follower of {} stands on that tile for the {name} to go onto",
                        state.players()[player]
                    ),
                )
                .in_file(&lp.file)
                .at(at, "attend")
                .help(if words.is_empty() {
                    format!("the {name} goes onto a tile where one of the player's followers stands, and they have none on another tile")
                } else {
                    format!("the {name} goes onto a tile where one of the player's followers stands, not the one it stands on; theirs: {}", words.join(", "))
                });
            }
            let target = turn.attend.as_ref().and_then(|a| {
                crate::address::segment_in_cell(state, a.x.value, a.y.value, a.at.as_ref()?)
            });
            if let (Some((node, owner)), Some((on, segment))) = (here, target) {
                if owner == player && state.board().node(on, segment) == node {
                    return Finding::new(
                        Check::NotAttendable,
                        format!(
                            "the {} stands beside this piece of {} already",
                            turn.attend.as_ref().map_or("figure", |a| a.figure.value.as_str()),
                            state.players()[player]
                        ),
                    )
                    .in_file(&lp.file)
                    .at(at, "attend")
                    .help("move it next to another of the player's followers, or take another action (place a piece, or pass)");
                }
            }
            for p in state.pieces().iter() {
                let attended = here.is_some_and(|(node, owner)| owner == player && p.node == node);
                if p.player == player && rules.pieces[p.kind].majority && !attended {
                    let n = state.board().graph[p.node];
                    let cell = state.board().placed[n.placed as usize];
                    let address = crate::address::address_of(state, n.placed, n.segment as usize);
                    offered.push(format!("{{x: {}, y: {}, at: {address}}}", cell.x, cell.y));
                }
            }
            Finding::new(
                Check::NotAttendable,
                format!(
                    "{} has no piece there the figure may move next to",
                    state.players()[player]
                ),
            )
            .in_file(&lp.file)
            .at(at, "attend")
            .help(if table.is_empty() {
                "this game's rule set has no figures a player moves (no `attending`)".to_string()
            } else if offered.is_empty() {
                "a figure moves next to one of the player's own pieces that count for majorities (a follower), and they have none on the board".to_string()
            } else {
                format!(
                    "a figure moves next to one of the player's own pieces that count for majorities (a follower), not the one it attends already; theirs: {}",
                    offered.join(", ")
                )
            })
        }
        TurnError::ChoicesLeft { left } => {
            let n = turn.choices.len();
            let first = turn.choices.get(n.saturating_sub(left));
            let at = first.map_or(&loc.loc, |c| &c.loc);
            // A capture written where the tower just built reaches no follower.
            let tower = turn.build.as_ref().and_then(|b| {
                let (on, segment) =
                    crate::address::segment_in_cell(state, b.x.value, b.y.value, &b.at.value)?;
                let node = state.board().node(on, segment);
                Some((b, crate::mechanism::building::play::height(state, node)))
            });
            if let Some(ChoiceWord::Convert(m)) = first.map(|c| &c.value) {
                return Finding::new(
                    Check::ChoicesLeft,
                    format!(
                        "no conversion is asked at ({}, {}) {}: {}",
                        m.convert.x,
                        m.convert.y,
                        m.convert.at,
                        convert_refusal(state, &m.convert)
                    ),
                )
                .in_file(&lp.file)
                .at(at, "not asked")
                .help("a feature is converted (a castle) when the tile just placed completes a small one of the rule set's `converting` (a city of two half-circles, each on one side of its tile) holding one follower, whose owner has one left (one a turn) with the option on; remove the decision, or write it in the turn that completes the city");
            }
            if let (Some(c), Some((b, h))) = (first, tower) {
                if matches!(c.value, ChoiceWord::Capture(_)) {
                    return Finding::new(
                        Check::ChoicesLeft,
                        format!(
                            "no follower stands within reach of the {} at ({}, {}), {h} high: no capture is asked",
                            b.at.value, b.x.value, b.y.value
                        ),
                    )
                    .in_file(&lp.file)
                    .at(at, "not asked")
                    .help(format!(
                        "a tower reaches its own tile and {h} tile{} straight north, east, south and west; remove the capture",
                        if h == 1 { "" } else { "s" }
                    ));
                }
            }
            Finding::new(
                Check::ChoicesLeft,
                format!("`choices` lists {left} decision(s) more than the turn asks"),
            )
            .in_file(&lp.file)
            .at(at, "not asked")
            .help("decisions are asked in this order: each flock of the player on a feature the tile extends (not one placed this turn), a capture after a token built (when a follower stands within reach), a piece placed besides the action (a phantom: not when it was the action, after a piece sent home, or with none left), each step of a roaming figure the tile moves (while one is left), each conversion of a small feature the tile completes (a castle: one per player, in turn order), then each piece that may move on whose feature the turn scored and that has somewhere to go, whether one of the player's pieces escapes a feature (when one may), and the steps of a figure that moves after the scoring; remove the others, or put them in that order")
        }
        TurnError::DrawsLeft { left: 0, fractions } => {
            let n = turn.drawn_at.len();
            let at = turn
                .drawn_at
                .get(n.saturating_sub(fractions))
                .map_or(&loc.loc, |d| &d.loc);
            Finding::new(
                Check::DrawCount,
                format!("`drawn_at` lists {fractions} random number(s) more than the draws this turn"),
            )
            .in_file(&lp.file)
            .at(at, "not drawn")
            .help("list one random number per draw from a bag this turn, in order; a draw written in `draws` needs none")
        }
        TurnError::DrawsLeft { left, .. } => {
            let n = turn.draws.len();
            let at = turn.draws.get(n.saturating_sub(left)).map_or(&loc.loc, |d| &d.loc);
            Finding::new(
                Check::DrawCount,
                format!("`draws` lists {left} value(s) more than the tokens taken this turn"),
            )
            .in_file(&lp.file)
            .at(at, "not drawn")
            .help("list one value per token the player takes this turn (or draws from a bag), in the order taken; a draw written in `drawn_at` needs no value")
        }
        TurnError::Piece(e) => match piece {
            Some((req, placed)) => piece_finding(state, lp, placed, req, e),
            // Only a piece written in the turn can be refused; located at the tile if not.
            None => {
                let req = PieceRequest {
                    player,
                    kind: 0,
                    at: "",
                    loc: &loc.loc,
                    cell: None,
                };
                let placed = state.board().placed.len().saturating_sub(1) as u32;
                piece_finding(state, lp, placed, &req, e)
            }
        },
    }
}

/// Replays a position: places the start tile and every turn (checking the rules at each),
/// scoring completed features as it goes; for a snapshot, lays the board, its pieces and
/// banked points, then scores completed features that still hold pieces. `limit` replays
/// only the first turns.
///
/// Errors: the first illegal turn, as a finding at its line (later turns depend on it).
pub fn replay<'g>(lp: &'g LoadedPosition, limit: Option<usize>) -> Result<State<'g>, Vec<Finding>> {
    // A saved game may stop in the middle of its last turn, before a decision that has
    // no default (the dragon's next step): it is replayed up to there, as
    // JCloisterZone shows it.
    let turns = lp.position.turns.as_ref().map_or(0, Vec::len);
    if let Some((_, save)) = lp
        .save
        .as_ref()
        .filter(|_| turns > 0 && limit.is_none_or(|n| n >= turns))
    {
        // A save stopped before its last turn's action: that turn's tile placed, its action
        // not taken (not a pass, which a rule may refuse: the princess that must act).
        if save.stop == crate::jcz::save::Stop::Placed {
            if let Some((state, _)) = replay_to_last_action(lp)? {
                return Ok(state);
            }
        }
        return replay_to_decision(lp).map(|(state, _)| state);
    }
    replay_inner(lp, limit).map_err(|f| lp.in_source(vec![f]))
}

/// Replays a turn log up to the action of its last turn: every turn before it, then the
/// last turn's tile placed (and a piece taken back, if it says so), its action not taken:
/// the turn a saved game stopped in. Returns the state and the turn begun, whose legal
/// actions are [`State::actions`]; `None` for a snapshot or a log with no turns.
///
/// Errors: the first illegal turn, as [`replay`] gives it.
pub fn replay_to_last_action<'g>(
    lp: &'g LoadedPosition,
) -> Result<Option<(State<'g>, Begun)>, Vec<Finding>> {
    let Some(last) = lp.position.turns.as_ref().and_then(|t| t.last()) else {
        return Ok(None);
    };
    let before = lp.position.turns.as_ref().map_or(0, |t| t.len() - 1);
    let mut state = replay(lp, Some(before))?;
    play_turn_steps(&mut state, lp, last, false, None)
        .map(|begun| begun.map(|b| (state, b)))
        .map_err(|f| lp.in_source(vec![f]))
}

/// The decisions the last turn of a turn log asks that it does not write (a wagon that
/// may move on, where a saved game stopped before its owner chose): what the engine
/// offers for each, in the order asked. Empty when every decision is written (a piece
/// that may move on with none written returns, as [`replay`] has it).
///
/// Errors: the first illegal turn, as [`replay`] gives it.
pub fn pending_decisions(lp: &LoadedPosition) -> Result<Vec<Vec<Choice>>, Vec<Finding>> {
    replay_to_decision(lp).map(|(_, pending)| pending)
}

/// Replays every turn, the last one up to the first decision it asks that has no default
/// and is not written (a dragon's step, where a saved game stopped before the player
/// chose): the state then, in the middle of that turn (its tile placed, its action
/// taken, its scoring done only if it comes before the decision), and the decisions the
/// last turn asks that it does not write, what the engine offers for each (the missing
/// one last). When every decision is written, the state after the whole turn.
///
/// Errors: the first illegal turn, as [`replay`] gives it.
pub fn replay_to_decision(
    lp: &LoadedPosition,
) -> Result<(State<'_>, Vec<Vec<Choice>>), Vec<Finding>> {
    let Some(last) = lp.position.turns.as_ref().and_then(|t| t.last()) else {
        return Ok((replay(lp, None)?, Vec::new()));
    };
    let before = lp.position.turns.as_ref().map_or(0, |t| t.len() - 1);
    let mut state = replay(lp, Some(before))?;
    let mut pending = Vec::new();
    match play_turn_steps(&mut state, lp, last, true, Some(&mut pending)) {
        Ok(_) => Ok((state, pending)),
        Err(f) if f.check == Check::ChoiceMissing && !pending.is_empty() => Ok((state, pending)),
        Err(f) => Err(lp.in_source(vec![f])),
    }
}

fn replay_inner<'g>(lp: &'g LoadedPosition, limit: Option<usize>) -> Result<State<'g>, Finding> {
    let players = lp
        .position
        .players
        .iter()
        .map(|p| p.value.clone())
        .collect();
    let mut state = State::new(&lp.game, players, lp.options.clone());
    if let Some(turns) = &lp.position.turns {
        let (start, rot, loc) = match &lp.position.start {
            Some(s) => (
                tile_id(lp, &s.tile)?,
                rotation_of(lp, &s.rotation)?,
                s.tile.clone(),
            ),
            None => {
                let id = lp.game.tiles.tiles[lp.game.tiles.start].id.clone();
                (
                    lp.game.tiles.start,
                    Rotation::NONE,
                    Sp::at(id, lp.game.tiles.start_loc),
                )
            }
        };
        state
            .place_start(start, rot)
            .map_err(|e| place_finding(&state, lp, start, (0, 0), e, &loc))?;
        for turn in turns.iter().take(limit.unwrap_or(usize::MAX)) {
            play_turn(&mut state, lp, turn)?;
        }
    } else if let Some(board) = &lp.position.board {
        check_snapshot_start(lp, board)?;
        for bt in board {
            let tile = tile_id(lp, &bt.tile)?;
            let rot = rotation_of(lp, &bt.rotation)?;
            let at = (bt.x.value, bt.y.value, rot);
            let placed = place(&mut state, lp, tile, at, &bt.tile)?;
            for piece in &bt.pieces {
                let req = PieceRequest {
                    player: player_id(lp, &piece.player)?,
                    kind: piece_kind(
                        lp,
                        piece.kind.as_ref().map(|k| k.value.as_str()),
                        &piece.loc,
                    )?,
                    at: &piece.at,
                    loc: &piece.at.loc,
                    cell: None,
                };
                put_piece(&mut state, lp, placed, &req)?;
            }
        }
        if let Some(&first) = state.board().disconnected().first() {
            let bt = &board[first as usize];
            return Err(Finding::new(
                Check::NotAdjacent,
                format!(
                    "tile `{}` at ({}, {}) is not connected to the rest of the board",
                    bt.tile.value, bt.x.value, bt.y.value
                ),
            )
            .in_file(&lp.file)
            .at(&bt.tile.loc, "cut off from the first tile")
            .help("a snapshot is one board: every tile shares a side with another; check x and y (y grows to the south)"));
        }
        for c in &lp.position.covered {
            cover_items(&mut state, lp, c)?;
        }
        for pile in &lp.position.tokens {
            lay_tokens(&mut state, lp, pile)?;
        }
        if !lp.position.held.is_empty() && state.tokens().is_empty() {
            return Err(
                Finding::new(Check::NoTokens, "these rules have no tokens to hold")
                    .in_file(&lp.file)
                    .at_span(lp.file.top_key_span("held"), "held")
                    .help("remove `held`"),
            );
        }
        for (name, values) in &lp.position.held {
            // The name is a key: the finding points at its tokens, on the same line.
            let player = player_id(lp, &Sp::at(name.clone(), values.loc))?;
            state.snapshot_held(player, &values.value);
        }
        for f in &lp.position.figures {
            place_figure(&mut state, lp, f)?;
        }
        if let Some(a) = &lp.position.active {
            state.snapshot_active(player_id(lp, a)?);
        }
        for (name, pts) in &lp.position.scores {
            let player = player_id(
                lp,
                &Sp {
                    value: name.clone(),
                    loc: pts.loc,
                },
            )?;
            state.snapshot_bank(player, pts.value);
        }
        state.score_pending();
    }
    Ok(state)
}
