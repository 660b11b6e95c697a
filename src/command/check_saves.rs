//! `tessera check-saves`: the peers' engine tests as a harness. FanCloisterZone's
//! `engine-tests/` and the JCloisterZone client's are saved games (`.jcz`) with a `test`
//! block of assertions in words ("Oscar has 9 points", "Oscar scored field for 6
//! points", "Phase is TilePhase", placement options); each save is replayed by tessera
//! and the assertions it can evaluate are compared with its score report and with the
//! legal moves of the turn the save stopped in.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::Format;
use super::common::{FAILURE, FINDINGS, err, out, shown};
use crate::diag::Failure;
use crate::engine::{Action, Begun, Choice, State};
use crate::jcz::save::{Stop, import_save};
use crate::report::ScoreReport;
use crate::{load, replay};

/// Replay saved games with a `test` block (the peers' engine tests) and compare their
/// assertions with tessera's scores.
///
/// Every `.jcz` file under the directories (or the files) given is read; a save without
/// a `test` block is skipped. A save that uses what tessera does not play yet is out of
/// scope, with what it needs; the others are replayed, and each assertion tessera can
/// evaluate is compared: "NAME has N points" (the player's total, with end-of-game
/// scoring when the save reached its end), "NAME scored FEATURE for N points" (a
/// feature of that kind scored N for that player), "Meeple SmallFollower options:
/// {City,S,[0,-1]}; ..." (where the player who placed the last tile may put a follower on
/// it), "TilePlacement ID options: [0,1] - [0,90]; ..." (where a tile may be placed),
/// "Available action Meeple for SmallFollower", "Available action TilePlacement for ID",
/// "Phase is TilePhase|ActionPhase|CommitActionPhase|GameOverPhase" and "Player can
/// pass" (the step of the turn the save stopped in); where a wagon may move on after the
/// last turn, "Phase is WagonPhase", "Meeple Wagon options: {Road,N,[1,0]}; ..." (the
/// moves tessera offers the first wagon left to move) and whether passing is offered
/// (not while a move just made awaits its confirmation); "Phase is EscapePhase",
/// "DragonMovePhase", "TowerCapturePhase" and "PhantomPhase" (a decision of the last turn
/// not made yet), "ReturnMeeple PRINCESS|SIEGE_ESCAPE options: {0.small.1,City,N,[0,-1]};
/// ..." (the followers a princess may send home or that may escape), "CaptureFollower
/// options: ..." (the followers a tower just raised may capture), "Tower piece TOWER_PIECE
/// options: [3,1]; ..." (the towers a floor may go on) and "Meeple Phantom options: ..."
/// (where the phantom may go). Other assertions (undo, which is JCloisterZone's interface
/// and not a rule; the phases and actions of expansions) are counted as not evaluated.
///
/// Exit status: 0 every evaluated assertion agrees, 2 some disagree or a save in scope
/// does not replay (or is broken: `jcz::save_format`), 1 a path cannot be read, is not a
/// file or directory, or holds no save with a `test` block.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera check-saves engine-tests/\n  tessera check-saves engine-tests/basic --format json"
)]
pub struct CheckSavesArgs {
    /// Directories (walked for `*.jcz`) or saved games.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Text (a line per save, then the sums per folder) or JSON.
    #[arg(long, value_enum, default_value = "text", hide_possible_values = true)]
    format: Format,
}

/// What became of one saved game.
#[derive(Debug, Clone, Serialize)]
pub struct SaveResult {
    /// The file.
    pub file: String,
    /// Its folder (the expansion, in the peers' suites).
    pub folder: String,
    /// `pass` (every evaluated assertion agrees), `fail`, `out` (out of scope: uses what
    /// tessera does not play) or `error` (in scope, but tessera does not replay it).
    pub verdict: &'static str,
    /// Assertions evaluated and agreeing.
    pub passed: usize,
    /// Assertions evaluated and disagreeing, each with what tessera found.
    pub failed: Vec<String>,
    /// Assertions not evaluated (undo; phases and actions of expansions; all of them in
    /// a save out of scope or in error).
    pub not_evaluated: usize,
    /// In a save replayed (`pass` or `fail`), the assertions not evaluated, as written.
    pub unevaluated: Vec<String>,
    /// Why it is out of scope, or why it does not replay.
    pub reasons: Vec<String>,
}

/// One assertion of a save's test block, as tessera reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Assertion {
    /// "NAME has N points": the player's total.
    Points { player: String, points: i64 },
    /// "NAME scored FEATURE for N points": a feature of that kind scored N for the player.
    Scored {
        player: String,
        feature: String,
        points: i64,
    },
    /// "Meeple KIND options: {Feature,LOCATION,[x,y]}; ...": where the player who placed
    /// the last tile may put a piece of that kind on it (the save stopped before).
    PieceOptions {
        /// The rule set's piece kind (`SmallFollower`: the first, `BigFollower`:
        /// `large_follower`).
        kind: &'static str,
        /// Each option.
        options: Vec<WrittenOption>,
    },
    /// "TilePlacement ID options: [x,y] - [0,90]; ...": the cells and rotations (degrees)
    /// where the tile may be placed now.
    TileOptions {
        /// The tile's id, as the bundled tile sets write it.
        tile: String,
        /// Each (x, y, degrees).
        options: BTreeSet<(i32, i32, u32)>,
    },
    /// "Phase is NAME", for the phases of the base game's turn.
    Phase(Phase),
    /// "Player can pass" (`true`) or "Player can't pass": the player may end the step
    /// without an action (as in the step of placing a follower).
    CanPass(bool),
    /// "Available action Meeple for KIND": the player may put a piece of that kind now.
    PieceAvailable(&'static str),
    /// "Available action TilePlacement for ID": a tile is to be placed, and that tile may
    /// be drawn and placed.
    TileAvailable(String),
    /// "Available action ReturnMeeple for SOURCE": the player may send a piece back to
    /// supply now, for a reason tessera plays ([`ReturnSource`]).
    ReturnAvailable(ReturnSource),
    /// "ReturnMeeple SOURCE options: {0.small.1,City,NS,[0,-1]}; ...": the pieces the
    /// player may send back (the meeple's id is not compared: the place says which).
    ReturnOptions {
        /// Why.
        source: ReturnSource,
        /// Where each piece stands.
        options: Vec<WrittenOption>,
    },
    /// "Available action CaptureFollower": a raised tower lets the player capture a
    /// follower now.
    CaptureAvailable,
    /// "Available action BazaarSelectTile": an auction of tiles is due, its first tile to
    /// be chosen.
    BazaarSelectAvailable,
    /// "Bazaar noAuction: B": the auction due has no bids (`true`) or has them.
    BazaarNoAuction(bool),
    /// "CaptureFollower options: {0.small.1,Monastery,I,[-1,1]}; ...": the followers the
    /// player may capture (the meeple's id is not compared: the place says which).
    CaptureOptions(Vec<WrittenOption>),
    /// "Available action TowerPiece for TOWER_PIECE": the player may put a tower floor.
    BuildAvailable,
    /// "Tower piece TOWER_PIECE options: [3,1]; [4,1]": the cells of the towers the player
    /// may put a floor on.
    BuildOptions(BTreeSet<(i32, i32)>),
    /// Anything else (undo, which is JCloisterZone's interface and not a rule; the
    /// phases and actions of expansions).
    Other,
}

/// JCloisterZone's phases of a base-game turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// `TilePhase`: a tile is to be placed.
    Tile,
    /// `ActionPhase`: the tile is placed and the player may put a piece (or pass).
    Action,
    /// `CommitActionPhase`: the turn's action is taken (or there was none to take).
    CommitAction,
    /// `GameOverPhase`.
    GameOver,
    /// `WagonPhase`: the turn is played, and a wagon its scoring returned may move on (a
    /// decision of the turn that tessera asks and the save does not write yet).
    Wagon,
    /// `EscapePhase`: the turn is played, and a follower of its player may escape a
    /// besieged city (likewise a decision not written yet).
    Escape,
    /// `DragonMovePhase`: the dragon moves, its next step not chosen yet.
    DragonMove,
    /// `TowerCapturePhase`: a floor was put, and a follower within the tower's reach may
    /// be captured.
    TowerCapture,
    /// `PhantomPhase`: the turn's action is taken, and the phantom may be placed.
    Phantom,
    /// `BazaarPhase`: the turn is played and its tile started an auction of tiles, not
    /// held yet.
    Bazaar,
}

/// Why a piece goes back to supply, as JCloisterZone names it (`ReturnMeepleSource`),
/// among those tessera plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ReturnSource {
    /// `PRINCESS`: the turn's action, sending a knight home (`expelling`).
    Princess,
    /// `SIEGE_ESCAPE`: a follower escaping a besieged city at the end of the turn
    /// (`escaping`).
    SiegeEscape,
}

impl ReturnSource {
    fn read(word: &str) -> Option<Self> {
        match word {
            "PRINCESS" => Some(ReturnSource::Princess),
            "SIEGE_ESCAPE" => Some(ReturnSource::SiegeEscape),
            _ => None,
        }
    }
}

/// A place for a piece as an assertion writes it: (feature kind, address, cell).
type WrittenOption = (String, String, (i32, i32));

/// The piece kind of an assertion's meeple (`SmallFollower`), in the rule sets the
/// saves in scope use.
fn piece_kind(meeple: &str) -> Option<&'static str> {
    match meeple {
        "SmallFollower" => Some("follower"),
        "BigFollower" => Some("large_follower"),
        "Wagon" => Some("wagon"),
        "Phantom" => Some("phantom"),
        _ => None,
    }
}

/// Reads "{City,S,[0,-1]}; {Road,WE,[0,-1]}" into (feature kind, address, cell).
fn piece_options_written(list: &str) -> Option<Vec<WrittenOption>> {
    let list = list.trim();
    if list.is_empty() {
        return Some(Vec::new());
    }
    list.split("; ")
        .map(|o| {
            let inner = o.trim().strip_prefix('{')?.strip_suffix('}')?;
            let (feature, rest) = inner.split_once(',')?;
            let (location, cell) = rest.split_once(",[")?;
            let (x, y) = cell.strip_suffix(']')?.split_once(',')?;
            let at = match (feature, location) {
                ("Tower", "I") => "tower".to_string(),
                ("Garden", "I") => "garden".to_string(),
                _ => crate::jcz::save::location_address(location)?,
            };
            Some((
                feature.to_lowercase(),
                at,
                (x.trim().parse().ok()?, y.trim().parse().ok()?),
            ))
        })
        .collect()
}

/// Reads "{0.small.1,City,NS,[0,-1]}; ..." (each option beginning with the meeple's id,
/// which is not kept) into (feature kind, address, cell).
fn meeple_options_written(list: &str) -> Option<Vec<WrittenOption>> {
    let places: Vec<&str> = list
        .trim()
        .split("; ")
        .filter(|o| !o.is_empty())
        .map(|o| o.trim().strip_prefix('{')?.split_once(',').map(|(_, p)| p))
        .collect::<Option<_>>()?;
    let places: Vec<String> = places.iter().map(|p| format!("{{{p}")).collect();
    piece_options_written(&places.join("; "))
}

/// Reads "[0,1] - [0,90,180,270]; [1,-1] - [90]" into (x, y, degrees).
fn tile_options_written(list: &str) -> Option<BTreeSet<(i32, i32, u32)>> {
    let list = list.trim();
    let mut out = BTreeSet::new();
    if list.is_empty() {
        return Some(out);
    }
    for o in list.split("; ") {
        let (cell, rotations) = o.trim().split_once(" - ")?;
        let (x, y) = cell.strip_prefix('[')?.strip_suffix(']')?.split_once(',')?;
        let (x, y): (i32, i32) = (x.trim().parse().ok()?, y.trim().parse().ok()?);
        for r in rotations.strip_prefix('[')?.strip_suffix(']')?.split(',') {
            out.insert((x, y, r.trim().parse().ok()?));
        }
    }
    Some(out)
}

/// Reads an assertion written as the peers write them (a final `.` allowed).
fn assertion(text: &str) -> Assertion {
    let text = text.trim().trim_end_matches('.');
    // "9 points" or "1 point": the number.
    let points_in = |s: &str| {
        s.strip_suffix(" points")
            .or_else(|| s.strip_suffix(" point"))
            .and_then(|n| n.trim().parse::<i64>().ok())
    };
    if let Some((who, rest)) = text.split_once(" scored ") {
        if let Some((feature, points)) = rest.split_once(" for ") {
            if let Some(points) = points_in(points) {
                return Assertion::Scored {
                    player: who.trim().to_string(),
                    feature: feature.trim().to_lowercase(),
                    points,
                };
            }
        }
    }
    if let Some(rest) = text.strip_prefix("Meeple ") {
        if let Some((kind, list)) = rest.split_once(" options:") {
            if let (Some(kind), Some(options)) = (piece_kind(kind), piece_options_written(list)) {
                return Assertion::PieceOptions { kind, options };
            }
        }
    }
    if let Some(list) = text.strip_prefix("CaptureFollower options:") {
        if let Some(options) = meeple_options_written(list) {
            return Assertion::CaptureOptions(options);
        }
    }
    if let Some(list) = text.strip_prefix("Tower piece TOWER_PIECE options:") {
        let cells: Option<BTreeSet<(i32, i32)>> = list
            .trim()
            .split("; ")
            .filter(|o| !o.is_empty())
            .map(|o| {
                let (x, y) = o
                    .trim()
                    .strip_prefix('[')?
                    .strip_suffix(']')?
                    .split_once(',')?;
                Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
            })
            .collect();
        if let Some(cells) = cells {
            return Assertion::BuildOptions(cells);
        }
    }
    if let Some(rest) = text.strip_prefix("ReturnMeeple ") {
        if let Some((source, list)) = rest.split_once(" options:") {
            if let (Some(source), Some(options)) = (
                ReturnSource::read(source.trim()),
                meeple_options_written(list),
            ) {
                return Assertion::ReturnOptions { source, options };
            }
        }
    }
    if let Some(rest) = text.strip_prefix("TilePlacement ") {
        if let Some((tile, list)) = rest.split_once(" options:") {
            if let Some(options) = tile_options_written(list) {
                return Assertion::TileOptions {
                    tile: crate::jcz::save::tile_id(tile.trim()),
                    options,
                };
            }
        }
    }
    // Some tests write "phase is ...".
    if let Some(name) = text
        .strip_prefix("Phase is ")
        .or_else(|| text.strip_prefix("phase is "))
    {
        return match name.trim() {
            "TilePhase" => Assertion::Phase(Phase::Tile),
            "ActionPhase" => Assertion::Phase(Phase::Action),
            "CommitActionPhase" => Assertion::Phase(Phase::CommitAction),
            "GameOverPhase" => Assertion::Phase(Phase::GameOver),
            "WagonPhase" => Assertion::Phase(Phase::Wagon),
            "EscapePhase" => Assertion::Phase(Phase::Escape),
            "DragonMovePhase" => Assertion::Phase(Phase::DragonMove),
            "TowerCapturePhase" => Assertion::Phase(Phase::TowerCapture),
            "PhantomPhase" => Assertion::Phase(Phase::Phantom),
            "BazaarPhase" => Assertion::Phase(Phase::Bazaar),
            _ => Assertion::Other,
        };
    }
    match text {
        "Player can pass" => return Assertion::CanPass(true),
        "Player can't pass" => return Assertion::CanPass(false),
        "Available action BazaarSelectTile" => return Assertion::BazaarSelectAvailable,
        "Bazaar noAuction: true" => return Assertion::BazaarNoAuction(true),
        "Bazaar noAuction: false" => return Assertion::BazaarNoAuction(false),
        _ => {}
    }
    if let Some(rest) = text.strip_prefix("Available action ") {
        if let Some(kind) = rest.strip_prefix("Meeple for ").and_then(piece_kind) {
            return Assertion::PieceAvailable(kind);
        }
        if rest == "CaptureFollower" {
            return Assertion::CaptureAvailable;
        }
        if rest == "TowerPiece for TOWER_PIECE" {
            return Assertion::BuildAvailable;
        }
        if let Some(tile) = rest.strip_prefix("TilePlacement for ") {
            return Assertion::TileAvailable(crate::jcz::save::tile_id(tile.trim()));
        }
        if let Some(source) = rest
            .strip_prefix("ReturnMeeple for ")
            .and_then(|s| ReturnSource::read(s.trim()))
        {
            return Assertion::ReturnAvailable(source);
        }
    }
    if let Some((who, rest)) = text.split_once(" has ") {
        if let Some(points) = points_in(rest) {
            return Assertion::Points {
                player: who.trim().to_string(),
                points,
            };
        }
    }
    Assertion::Other
}

/// Compares one assertion with a score report: `None` when it agrees, else what tessera
/// found; `None` too for an assertion about the turn (see [`Stopped::disagreement`]).
fn disagreement(
    a: &Assertion,
    report: &ScoreReport,
    figures: &[(String, String, i64)],
) -> Option<String> {
    match a {
        Assertion::Points { player, points } => match report.points(player) {
            Some(p) if p == *points => None,
            Some(p) => Some(format!("tessera: {player} has {p} points")),
            None => Some(format!("tessera: no player {player}")),
        },
        Assertion::Scored {
            player,
            feature,
            points,
        } => {
            // A feature scored, or a neutral figure's points (JCloisterZone records the
            // fairy's as "scored fairy").
            let mine: Vec<i64> = report
                .features
                .iter()
                .filter(|f| f.feature == *feature && f.scorers.contains(player))
                // What the player's pieces raised it by is part of what they scored
                // there (a pig, a castle for a farmer).
                .map(|f| {
                    f.points
                        .saturating_add(f.raised.get(player).copied().unwrap_or(0))
                })
                .chain(
                    figures
                        .iter()
                        .filter(|(p, f, _)| p == player && f == feature)
                        .map(|(_, _, n)| *n),
                )
                .collect();
            (!mine.contains(points)).then(|| match mine.as_slice() {
                [] => format!("tessera: {player} scored no {feature}"),
                _ => {
                    let points: Vec<String> = mine.iter().map(i64::to_string).collect();
                    format!(
                        "tessera: {player} scored {feature} for {} points",
                        points.join(" and ")
                    )
                }
            })
        }
        _ => None,
    }
}

/// The points neutral figures gave (the fairy's), each (player, figure, points), as
/// JCloisterZone records them: like a feature scored, named after the figure.
fn figure_points(state: &State) -> Vec<(String, String, i64)> {
    let figures = &state.game().rules.mechanisms.attending_figures;
    let converted = &state.game().rules.mechanisms.converting;
    state
        .log()
        .iter()
        .filter_map(|l| match l.event {
            crate::engine::Event::Awarded {
                player,
                points,
                source: crate::engine::AwardSource::Attending { figure, .. },
                ..
            } => Some((
                state.players().get(player)?.clone(),
                figures.get(figure)?.name.clone(),
                points,
            )),
            // A converted feature's points: "scored castle".
            crate::engine::Event::Awarded {
                player,
                points,
                source: crate::engine::AwardSource::Converted { entry, .. },
                ..
            } => Some((
                state.players().get(player)?.clone(),
                converted.get(entry)?.name.clone(),
                points,
            )),
            _ => None,
        })
        .collect()
}

/// The places an options assertion writes, each (feature kind, the placed tile and
/// segment its cell and address name; `None` when they name none).
fn written_segments(
    state: &State,
    options: &[WrittenOption],
) -> BTreeSet<(String, Option<(u32, usize)>)> {
    options
        .iter()
        .map(|(f, at, (x, y))| {
            (
                f.clone(),
                crate::address::segment_in_cell(state, *x, *y, at),
            )
        })
        .collect()
}

/// The places tessera offers, in the form [`written_segments`] gives an assertion's:
/// (feature kind, the placed tile and segment).
fn placed_segments(
    state: &State,
    places: impl Iterator<Item = (u32, usize)>,
) -> BTreeSet<(String, Option<(u32, usize)>)> {
    let game = state.game();
    places
        .map(|(placed, segment)| {
            let def = &game.tiles.tiles[state.board().placed[placed as usize].tile];
            let f = &game.rules.features[def.segments[segment].feature];
            (f.name.clone(), Some((placed, segment)))
        })
        .collect()
}

/// The turn a save stopped in, as tessera replays it.
struct Stopped<'g> {
    /// Where the save stopped.
    stop: Stop,
    /// Every turn played (the last one finished), end-of-game scoring not added.
    state: State<'g>,
    /// When the save stopped before the last turn's action: every turn before it, then
    /// its tile placed (the turn begun).
    begun: Option<(State<'g>, Begun)>,
    /// The decisions the last turn asks that the save does not write (a wagon's move on,
    /// the save stopped before its owner chose): what tessera offers for each.
    pending: Vec<Vec<Choice>>,
    /// The save's last action is a ransom paid.
    ransom_last: bool,
}

/// "(1, 0) S, (0, -1) monastery", the places of `segments` in words, or "none".
fn segment_words(state: &State, segments: &BTreeSet<(String, Option<(u32, usize)>)>) -> String {
    let words: Vec<String> = segments
        .iter()
        .filter_map(|(f, at)| {
            let (placed, segment) = (*at)?;
            let p = state.board().placed[placed as usize];
            let address = crate::address::address_of(state, placed, segment);
            Some(format!("{f} at ({}, {}) {address}", p.x, p.y))
        })
        .collect();
    if words.is_empty() {
        "none".to_string()
    } else {
        words.join(", ")
    }
}

impl Stopped<'_> {
    /// The pieces the player of the turn begun may put, each (piece kind, feature kind,
    /// placed tile, segment): on the tile just placed, or elsewhere where the rules let
    /// them (a magic portal).
    fn piece_actions(&self) -> Vec<(&str, &str, u32, usize)> {
        let Some((state, begun)) = &self.begun else {
            return Vec::new();
        };
        let rules = &state.game().rules;
        let tiles = &state.game().tiles.tiles;
        state
            .actions(begun)
            .into_iter()
            .filter_map(|a| match a {
                Action::Piece { kind, on, segment } => {
                    let placed = on.unwrap_or(begun.placed());
                    let def = &tiles[state.board().placed[placed as usize].tile];
                    Some((
                        rules.pieces[kind].name.as_str(),
                        rules.features[def.segments[segment].feature].name.as_str(),
                        placed,
                        segment,
                    ))
                }
                _ => None,
            })
            .collect()
    }

    /// Where the pending placement besides the action (the phantom) may go.
    fn extra_places(&self) -> Vec<(u32, usize)> {
        self.pending
            .last()
            .into_iter()
            .flatten()
            .filter_map(|c| match *c {
                Choice::Place { placed, segment } => Some((placed, segment as usize)),
                _ => None,
            })
            .collect()
    }

    /// The cells of the features the player of the turn begun may put a token on.
    fn build_cells(&self) -> BTreeSet<(i32, i32)> {
        let Some((state, begun)) = &self.begun else {
            return BTreeSet::new();
        };
        state
            .actions(begun)
            .into_iter()
            .filter_map(|a| match a {
                Action::Build { on, .. } => {
                    let p = state.board().placed[on as usize];
                    Some((p.x, p.y))
                }
                _ => None,
            })
            .collect()
    }

    /// Whether the player of the turn begun may pass (not when the tile obliges them to
    /// act: the princess that must send a knight home).
    fn pass_offered(&self) -> bool {
        self.begun
            .as_ref()
            .is_some_and(|(state, begun)| state.actions(begun).contains(&Action::Pass))
    }

    /// Whether the player of the turn begun has any action besides passing: a piece to
    /// put, a piece to take back or send home, a figure to move.
    fn any_action(&self) -> bool {
        self.begun
            .as_ref()
            .is_some_and(|(state, begun)| state.actions(begun).iter().any(|a| *a != Action::Pass))
    }

    /// The phase JCloisterZone is in: after a tile placed, `ActionPhase` when the player
    /// has an action to take (somewhere to put a piece, a figure to move, a piece to send
    /// home), else `CommitActionPhase`.
    fn phase(&self) -> Phase {
        // The decision the save stopped before: the last one asked.
        let last = self.pending.last();
        let offers = |f: fn(&Choice) -> bool| last.is_some_and(|o| o.iter().any(f));
        if offers(|c| matches!(c, Choice::Capture { .. })) {
            return Phase::TowerCapture;
        }
        if offers(|c| matches!(c, Choice::Place { .. })) {
            return Phase::Phantom;
        }
        match last.and_then(|o| o.first()) {
            Some(Choice::Stay) => return Phase::Escape,
            Some(Choice::Step { .. }) => return Phase::DragonMove,
            _ => {}
        }
        if !self.pending.is_empty() || self.stop == Stop::MovedOn {
            return Phase::Wagon;
        }
        // A turn committed whose tile started an auction not held yet.
        if self.stop == Stop::TileNext && self.state.auction_due().is_some() {
            return Phase::Bazaar;
        }
        match self.stop {
            Stop::MovedOn => Phase::Wagon,
            Stop::Ended => Phase::GameOver,
            Stop::TileNext => Phase::Tile,
            Stop::Acted => Phase::CommitAction,
            Stop::Placed if !self.any_action() => Phase::CommitAction,
            Stop::Placed => Phase::Action,
        }
    }

    /// Compares an assertion about the turn (phase, passing, the options offered) with
    /// tessera's engine: `None` when it agrees or is not about the turn, else what tessera
    /// found.
    fn disagreement(&self, a: &Assertion) -> Option<String> {
        let phase = self.phase();
        match a {
            // FanCloisterZone names the phantom's placement that a ransom's follower
            // brings back `ActionPhase` (its rewind of the turn's action).
            Assertion::Phase(Phase::Action) if phase == Phase::Phantom && self.ransom_last => None,
            Assertion::Phase(p) => (*p != phase).then(|| format!("tessera: {phase:?}Phase")),
            // A wagon may stay where it is (return): passing is offered, except while its
            // owner confirms a move just made.
            Assertion::CanPass(can) => (*can
                != ((phase == Phase::Action && self.pass_offered())
                    || (phase == Phase::Wagon && self.stop != Stop::MovedOn)
                    || matches!(phase, Phase::Escape | Phase::TowerCapture | Phase::Phantom)))
            .then(|| {
                format!(
                    "tessera: the game is in {phase:?}Phase, where passing is {}",
                    if *can { "not offered" } else { "offered" }
                )
            }),
            Assertion::PieceAvailable(kind) if phase == Phase::Wagon => {
                let rules = &self.state.game().rules;
                let moving = rules
                    .mechanisms
                    .moving_on
                    .iter()
                    .any(|m| rules.pieces[m.piece].name == *kind);
                if self.stop == Stop::MovedOn {
                    Some("tessera: a wagon's move awaits its owner's confirmation".to_string())
                } else {
                    (!moving).then(|| {
                        format!("tessera: a wagon moves on now (WagonPhase), not a {kind}")
                    })
                }
            }
            Assertion::PieceAvailable(kind) if phase == Phase::Phantom => {
                let placing = !self.extra_places().is_empty();
                (!(placing && *kind == "phantom")).then(|| {
                    format!("tessera: the phantom may be placed now (PhantomPhase), not a {kind}")
                })
            }
            Assertion::PieceOptions { kind, options } if phase == Phase::Phantom => {
                let state = &self.state;
                let ours = placed_segments(state, self.extra_places().into_iter());
                let theirs = written_segments(state, options);
                (*kind != "phantom" || ours != theirs).then(|| {
                    format!(
                        "tessera offers the phantom: {}",
                        segment_words(state, &ours)
                    )
                })
            }
            Assertion::BazaarSelectAvailable => (phase != Phase::Bazaar)
                .then(|| format!("tessera holds no auction now (the game is in {phase:?}Phase)")),
            Assertion::BazaarNoAuction(none) => match self.state.auction_due() {
                Some(due) if due.bids != *none => None,
                Some(due) => Some(format!(
                    "tessera: the auction due has {}",
                    if due.bids { "bids" } else { "no bids" }
                )),
                None => Some("tessera holds no auction now".to_string()),
            },
            Assertion::CaptureAvailable => (phase != Phase::TowerCapture)
                .then(|| format!("tessera offers no capture (the game is in {phase:?}Phase)")),
            Assertion::CaptureOptions(options) => {
                let state = &self.state;
                let ours = placed_segments(
                    state,
                    self.pending
                        .last()
                        .into_iter()
                        .flatten()
                        .filter_map(|c| match *c {
                            Choice::Capture { placed, segment } => Some((placed, segment as usize)),
                            _ => None,
                        }),
                );
                let theirs = written_segments(state, options);
                (ours != theirs).then(|| format!("tessera offers: {}", segment_words(state, &ours)))
            }
            Assertion::BuildAvailable => self
                .build_cells()
                .is_empty()
                .then(|| format!("tessera offers no floor (the game is in {phase:?}Phase)")),
            Assertion::BuildOptions(cells) => {
                let ours = self.build_cells();
                (ours != *cells).then(|| {
                    let words: Vec<String> =
                        ours.iter().map(|(x, y)| format!("[{x},{y}]")).collect();
                    format!("tessera offers: {}", words.join("; "))
                })
            }
            Assertion::PieceAvailable(kind) => {
                let any = self.piece_actions().iter().any(|(k, _, _, _)| k == kind);
                (!any).then(|| format!("tessera offers no {kind} (the game is in {phase:?}Phase)"))
            }
            Assertion::PieceOptions { options, .. } if phase == Phase::Wagon => {
                self.moves_disagreement(options)
            }
            Assertion::PieceOptions { kind, options } => self.options_disagreement(kind, options),
            Assertion::ReturnAvailable(source) => {
                let (_, ours) = self.returns_offered(*source);
                ours.is_empty().then(|| {
                    format!("tessera offers no piece to send back (the game is in {phase:?}Phase)")
                })
            }
            Assertion::ReturnOptions { source, options } => {
                let (state, ours) = self.returns_offered(*source);
                let theirs = written_segments(state, options);
                (placed_segments(state, ours.iter().copied()) != theirs).then(|| {
                    let words: Vec<String> = ours
                        .iter()
                        .map(|&(placed, segment)| {
                            let p = state.board().placed[placed as usize];
                            let address = crate::address::address_of(state, placed, segment);
                            format!("({}, {}) {address}", p.x, p.y)
                        })
                        .collect();
                    if words.is_empty() {
                        "tessera offers none".to_string()
                    } else {
                        format!("tessera offers the pieces at: {}", words.join(", "))
                    }
                })
            }
            Assertion::TileAvailable(tile) => {
                let state = &self.state;
                let Some(id) = state.game().tiles.get(tile) else {
                    return Some(format!("tessera's tile sets have no tile {tile}"));
                };
                if phase != Phase::Tile {
                    Some(format!("tessera: the game is in {phase:?}Phase"))
                } else if !state.may_draw(id) {
                    Some(format!("tessera: no {tile} is left to draw"))
                } else if state.legal_placements(id).is_empty()
                    && state.spanned_placements(id).is_empty()
                {
                    Some(format!("tessera: {tile} fits nowhere"))
                } else {
                    None
                }
            }
            Assertion::TileOptions { tile, options } => {
                let state = &self.state;
                let Some(id) = state.game().tiles.get(tile) else {
                    return Some(format!("tessera's tile sets have no tile {tile}"));
                };
                // A placement a bridge makes legal is one (JCloisterZone offers it with
                // the bridge it needs).
                let ours: BTreeSet<(i32, i32, u32)> = state
                    .legal_placements(id)
                    .into_iter()
                    .chain(state.spanned_placements(id).into_iter().map(|(p, _)| p))
                    .map(|p| (p.x, p.y, p.rotation.degrees()))
                    .collect();
                (ours != *options).then(|| {
                    let words: Vec<String> = ours
                        .iter()
                        .map(|(x, y, r)| format!("[{x},{y}] {r}"))
                        .collect();
                    if words.is_empty() {
                        format!("tessera: {tile} fits nowhere")
                    } else {
                        format!("tessera: {}", words.join("; "))
                    }
                })
            }
            _ => None,
        }
    }

    /// Compares a piece-options assertion in `WagonPhase` with the moves tessera offers
    /// the first wagon left to move: `None` when they are the same segments, else what
    /// tessera offers.
    fn moves_disagreement(&self, options: &[WrittenOption]) -> Option<String> {
        if self.stop == Stop::MovedOn {
            return Some("tessera: a wagon's move awaits its owner's confirmation".to_string());
        }
        let state = &self.state;
        let offered = self.pending.first()?;
        let ours = placed_segments(
            state,
            offered.iter().filter_map(|c| match *c {
                Choice::MoveTo { placed, segment } => Some((placed, segment as usize)),
                _ => None,
            }),
        );
        let theirs = written_segments(state, options);
        (ours != theirs).then(|| {
            if ours.is_empty() {
                "tessera offers no move".to_string()
            } else {
                format!("tessera offers: {}", segment_words(state, &ours))
            }
        })
    }

    /// The pieces tessera lets the player send back now for `source`, where they stand
    /// (placed tile, segment), with the state they stand in: sending a knight home as the
    /// action of the turn begun, or escaping at the end of the turn played.
    fn returns_offered(&self, source: ReturnSource) -> (&State<'_>, Vec<(u32, usize)>) {
        match source {
            ReturnSource::Princess => match &self.begun {
                Some((state, begun)) => (
                    state,
                    state
                        .actions(begun)
                        .into_iter()
                        .filter_map(|a| match a {
                            Action::Expel { on, segment } => Some((on, segment)),
                            _ => None,
                        })
                        .collect(),
                ),
                None => (&self.state, Vec::new()),
            },
            ReturnSource::SiegeEscape => (
                &self.state,
                self.pending
                    .last()
                    .into_iter()
                    .flatten()
                    .filter_map(|c| match *c {
                        Choice::TakeBack { placed, segment } => Some((placed, segment as usize)),
                        _ => None,
                    })
                    .collect(),
            ),
        }
    }

    /// Compares a piece-options assertion with the options tessera offers the player of
    /// the turn the save stopped in, on the tile just placed: `None` when they are the
    /// same segments, else what tessera offers.
    fn options_disagreement(&self, kind: &str, options: &[WrittenOption]) -> Option<String> {
        let Some((state, begun)) = &self.begun else {
            let phase = self.phase();
            return Some(format!(
                "tessera: the game is in {phase:?}Phase, where no piece is put"
            ));
        };
        let last = begun.placed();
        let offered = self.piece_actions();
        let ours: BTreeSet<(String, Option<(u32, usize)>)> = offered
            .iter()
            .filter(|(k, _, _, _)| *k == kind)
            .map(|(_, f, on, seg)| (f.to_string(), Some((*on, *seg))))
            .collect();
        let theirs = written_segments(state, options);
        (ours != theirs).then(|| {
            let words: Vec<String> = offered
                .iter()
                .filter(|(k, _, _, _)| *k == kind)
                .map(|(_, f, on, seg)| {
                    let address = crate::address::address_of(state, *on, *seg);
                    if *on == last {
                        format!("{f} at {address}")
                    } else {
                        let p = state.board().placed[*on as usize];
                        format!("{f} at ({}, {}) {address}", p.x, p.y)
                    }
                })
                .collect();
            if words.is_empty() {
                "tessera offers none".to_string()
            } else {
                format!("tessera offers: {}", words.join(", "))
            }
        })
    }
}

/// A finding as a reason a save does not replay: its code, where (line and column in the
/// save) and its message.
fn reason(f: &crate::diag::Finding) -> String {
    match f.position() {
        Some((_, line, column)) => format!("{} ({line}:{column}): {}", f.check.code(), f.message),
        None => format!("{}: {}", f.check.code(), f.message),
    }
}

/// Checks one saved game. `None` when it has no test block.
///
/// Errors: the file cannot be read.
pub fn check_save(path: &Path, folder: &str) -> Result<Option<SaveResult>, Failure> {
    let mut result = SaveResult {
        file: path.display().to_string(),
        folder: folder.to_string(),
        verdict: "pass",
        passed: 0,
        failed: Vec::new(),
        not_evaluated: 0,
        unevaluated: Vec::new(),
        reasons: Vec::new(),
    };
    // A save that cannot be read or is not JSON is an error of the suite, not skipped.
    let file = match load::read(path) {
        Ok(f) => f,
        Err(e) if e.is_finding() => {
            result.verdict = "error";
            result.reasons = vec![reason(&e.finding())];
            return Ok(Some(result));
        }
        Err(e) => return Err(e.into_failure()),
    };
    let json = match serde_json::from_str::<serde_json::Value>(file.text()) {
        Ok(v) => v,
        Err(e) => {
            result.verdict = "error";
            result.reasons = vec![format!(
                "{} ({}:{}): not JSON: {e}",
                crate::diag::Check::JczSaveFormat.code(),
                e.line(),
                e.column()
            )];
            return Ok(Some(result));
        }
    };
    let Some(test) = json.get("test").cloned() else {
        return Ok(None);
    };
    let written: Vec<&str> = test
        .get("assertions")
        .and_then(serde_json::Value::as_array)
        .map(|l| l.iter().filter_map(|a| a.as_str()).collect())
        .unwrap_or_default();
    let assertions: Vec<Assertion> = written.iter().map(|a| assertion(a)).collect();
    let imported = match import_save(&file) {
        Ok(i) => i,
        Err(Failure::Findings(f))
            if f.iter()
                .any(|f| f.check == crate::diag::Check::JczSaveFormat) =>
        {
            // Not a save tessera can read: the file's fault, not a missing mechanism.
            result.verdict = "error";
            result.reasons = f.iter().map(reason).collect();
            result.not_evaluated = assertions.len();
            return Ok(Some(result));
        }
        Err(Failure::Findings(f)) => {
            result.verdict = "out";
            // What it needs, without the sentence around each (`set `x``).
            result.reasons = f
                .iter()
                .map(|f| {
                    let m = f.message.as_str();
                    let m = m.strip_prefix("this saved game uses ").unwrap_or(m);
                    m.strip_suffix(", which tessera does not play yet")
                        .unwrap_or(m)
                        .to_string()
                })
                .collect();
            result.not_evaluated = assertions.len();
            return Ok(Some(result));
        }
        Err(e) => return Err(e),
    };
    let stop = imported.stop;
    let position = replay::save_position(&file, imported.yaml.clone());
    let scored = replay::load_position_file(&position).and_then(|lp| {
        // A save stopped before its last turn's action: that turn's tile is placed, its
        // action not taken and nothing it completes scored yet, as in JCloisterZone.
        // Otherwise every turn, the last one up to a decision it asks and does not write
        // (a dragon's step the save stopped before), with the decisions left.
        let (state, left) = match stop {
            Stop::Placed => match replay::replay_to_last_action(&lp)? {
                Some((state, _)) => (state, Vec::new()),
                None => (replay::replay(&lp, None)?, Vec::new()),
            },
            _ => replay::replay_to_decision(&lp)?,
        };
        // The last turn replayed again up to its action, only for assertions about it.
        let about_turn = assertions.iter().any(|a| {
            !matches!(
                a,
                Assertion::Points { .. } | Assertion::Scored { .. } | Assertion::Other
            )
        });
        let begun = match stop {
            Stop::Placed if about_turn => replay::replay_to_last_action(&lp)?,
            _ => None,
        };
        // Decisions left after the turn's action: none before the action is taken; once
        // the turn is committed, none of those asked before its commit (a capture, the
        // phantom: the save passed them).
        let committed = matches!(stop, Stop::TileNext | Stop::Ended);
        let pending: Vec<Vec<Choice>> = if about_turn { left } else { Vec::new() }
            .into_iter()
            .filter(|o| {
                !(committed
                    && o.iter()
                        .any(|c| matches!(c, Choice::Capture { .. } | Choice::Place { .. })))
            })
            .collect();
        let mut stopped = Stopped {
            stop,
            state,
            begun,
            pending,
            ransom_last: imported.ransom_last,
        };
        // The turn's assertions, before any end-of-game scoring.
        let turn: Vec<Option<String>> =
            assertions.iter().map(|a| stopped.disagreement(a)).collect();
        // End-of-game scoring as `tessera score` adds it (the save reached its end).
        let ended = super::score::with_final_scoring(&lp, &Default::default());
        if ended {
            stopped.state.final_scoring();
        }
        let report = ScoreReport::from_state(&stopped.state, lp.position.name.clone(), ended);
        let figures = figure_points(&stopped.state);
        Ok(((report, figures), turn))
    });
    let ((report, figures), turn) = match scored {
        Ok(r) => r,
        Err(Failure::Findings(f)) => {
            // Shown in the save, at the turn they are about.
            let f = imported.relocate(&file, &position.path, f);
            result.verdict = "error";
            result.reasons = f.iter().map(reason).collect();
            result.not_evaluated = assertions.len();
            return Ok(Some(result));
        }
        Err(e) => return Err(e),
    };
    // A save stopped in a phase tessera's turn does not have (an expansion's phase
    // tessera does not read): what it says about the turn (passing, the actions
    // offered) is not evaluated.
    let unmodelled_phase = assertions.iter().zip(&written).any(|(a, t)| {
        matches!(a, Assertion::Other) && t.to_ascii_lowercase().starts_with("phase is ")
    });
    for ((a, text), turn) in assertions.iter().zip(&written).zip(turn) {
        let about_turn = !matches!(a, Assertion::Points { .. } | Assertion::Scored { .. });
        let found = match a {
            Assertion::Points { .. } | Assertion::Scored { .. } => {
                disagreement(a, &report, &figures)
            }
            _ => turn,
        };
        match (a, found) {
            (_, _) if about_turn && unmodelled_phase => {
                result.not_evaluated += 1;
                result.unevaluated.push(text.to_string());
            }
            (Assertion::Other, _) => {
                result.not_evaluated += 1;
                result.unevaluated.push(text.to_string());
            }
            (_, None) => result.passed += 1,
            (_, Some(found)) => result.failed.push(format!("expected `{text}`; {found}")),
        }
    }
    if !result.failed.is_empty() {
        result.verdict = "fail";
    }
    Ok(Some(result))
}

/// The saved games under the paths: files as given, directories walked for `*.jcz` in
/// name order (no symbolic link followed), each with its folder's name.
fn saves(paths: &[PathBuf]) -> Result<Vec<(PathBuf, String)>, String> {
    let mut found = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| format!("cannot read {}: {e}", shown(p)))?;
        if meta.is_file() {
            let folder = std::fs::canonicalize(p)
                .ok()
                .and_then(|f| Some(f.parent()?.file_name()?.to_string_lossy().into_owned()))
                .unwrap_or_else(|| ".".into());
            found.push((p.clone(), folder));
            continue;
        }
        if !meta.is_dir() {
            return Err(format!(
                "{} is neither a file nor a directory (a FIFO, a device or a socket): give saved games or the directories that hold them",
                shown(p)
            ));
        }
        for e in walkdir::WalkDir::new(p).sort_by_file_name() {
            let e = e.map_err(|e| format!("cannot read {}: {e}", shown(p)))?;
            let jcz = e
                .path()
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("jcz"));
            if e.file_type().is_file() && jcz {
                let folder = e
                    .path()
                    .parent()
                    .and_then(|d| d.strip_prefix(p).ok())
                    .map(|d| d.to_string_lossy().into_owned())
                    .filter(|d| !d.is_empty())
                    .or_else(|| {
                        let dir = std::fs::canonicalize(p).ok()?;
                        Some(dir.file_name()?.to_string_lossy().into_owned())
                    })
                    .unwrap_or_else(|| ".".into());
                found.push((e.path().to_path_buf(), folder));
            }
        }
    }
    Ok(found)
}

/// Runs `tessera check-saves`.
pub fn run(args: CheckSavesArgs) -> ExitCode {
    let files = match saves(&args.paths) {
        Ok(f) => f,
        Err(m) => {
            err!("error: {m}");
            return ExitCode::from(FAILURE);
        }
    };
    let mut results = Vec::new();
    let mut untested = 0usize;
    for (path, folder) in &files {
        match check_save(path, folder) {
            Ok(Some(r)) => results.push(r),
            Ok(None) => untested += 1,
            Err(e) => {
                err!("error: {}: {e}", shown(path));
                return ExitCode::from(FAILURE);
            }
        }
    }
    if results.is_empty() {
        err!(
            "error: no saved game with a `test` block in {} ({} `.jcz` file{} without one): nothing to check",
            args.paths
                .iter()
                .map(|p| shown(p))
                .collect::<Vec<_>>()
                .join(", "),
            untested,
            if untested == 1 { "" } else { "s" }
        );
        return ExitCode::from(FAILURE);
    }
    // Sums per folder: files by verdict, assertions passed / failed / not evaluated.
    let mut folders: BTreeMap<&str, [usize; 7]> = BTreeMap::new();
    for r in &results {
        let s = folders.entry(r.folder.as_str()).or_default();
        let i = ["pass", "fail", "out", "error"]
            .iter()
            .position(|v| *v == r.verdict)
            .unwrap_or(3);
        s[i] += 1;
        s[4] += r.passed;
        s[5] += r.failed.len();
        s[6] += r.not_evaluated;
    }
    let bad = results
        .iter()
        .any(|r| r.verdict == "fail" || r.verdict == "error");
    if args.format == Format::Json {
        let sums: BTreeMap<&str, serde_json::Value> = folders
            .iter()
            .map(|(f, s)| {
                (
                    *f,
                    serde_json::json!({"pass": s[0], "fail": s[1], "out": s[2], "error": s[3],
                        "assertions_passed": s[4], "assertions_failed": s[5], "not_evaluated": s[6]}),
                )
            })
            .collect();
        let mut total = [0usize; 7];
        for s in folders.values() {
            for (t, v) in total.iter_mut().zip(s) {
                *t += v;
            }
        }
        let doc = serde_json::json!({"saves": results, "folders": sums, "without_test": untested,
            "total": {"pass": total[0], "fail": total[1], "out": total[2], "error": total[3],
                "assertions_passed": total[4], "assertions_failed": total[5], "not_evaluated": total[6]}});
        out!(
            "{}\n",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    } else {
        for r in &results {
            let detail = match r.verdict {
                "pass" if r.unevaluated.is_empty() => format!("{} agree", r.passed),
                "pass" => format!(
                    "{} agree, {} not evaluated ({})",
                    r.passed,
                    r.not_evaluated,
                    r.unevaluated.join("; ")
                ),
                "fail" => format!("{} agree; {}", r.passed, r.failed.join("; ")),
                _ => r.reasons.join("; "),
            };
            out!(
                "{:<5} {}: {}\n",
                r.verdict,
                crate::diag::escape_text(&r.file),
                crate::diag::escape_text(&detail)
            );
        }
        out!(
            "\n{:<28} {:>5} {:>5} {:>5} {:>5}   {:>8} {:>8} {:>8}\n",
            "folder",
            "pass",
            "fail",
            "out",
            "error",
            "agree",
            "disagree",
            "not eval"
        );
        let mut total = [0usize; 7];
        for (f, s) in &folders {
            out!(
                "{:<28} {:>5} {:>5} {:>5} {:>5}   {:>8} {:>8} {:>8}\n",
                crate::diag::escape_text(f),
                s[0],
                s[1],
                s[2],
                s[3],
                s[4],
                s[5],
                s[6]
            );
            for (t, v) in total.iter_mut().zip(s) {
                *t += v;
            }
        }
        out!(
            "{:<28} {:>5} {:>5} {:>5} {:>5}   {:>8} {:>8} {:>8}\n",
            "total",
            total[0],
            total[1],
            total[2],
            total[3],
            total[4],
            total[5],
            total[6]
        );
        if untested > 0 {
            out!(
                "{untested} `.jcz` file{} without a `test` block skipped\n",
                if untested == 1 { "" } else { "s" }
            );
        }
    }
    if bad {
        ExitCode::from(FINDINGS)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::{Assertion, Phase, assertion};

    #[test]
    fn assertions_are_read_as_the_peers_write_them() {
        assert_eq!(
            assertion("Oscar has 9 points"),
            Assertion::Points {
                player: "Oscar".into(),
                points: 9
            }
        );
        assert_eq!(
            assertion("Betty has 0 points."),
            Assertion::Points {
                player: "Betty".into(),
                points: 0
            }
        );
        assert_eq!(
            assertion("Oscar scored field for 6 points"),
            Assertion::Scored {
                player: "Oscar".into(),
                feature: "field".into(),
                points: 6
            }
        );
        assert_eq!(
            assertion("Phase is TilePhase"),
            Assertion::Phase(Phase::Tile)
        );
        assert_eq!(
            assertion("phase is GameOverPhase"),
            Assertion::Phase(Phase::GameOver)
        );
        assert_eq!(
            assertion("Phase is WagonPhase"),
            Assertion::Phase(Phase::Wagon)
        );
        assert_eq!(assertion("Phase is DragonPhase"), Assertion::Other);
        assert_eq!(assertion("Player can't pass"), Assertion::CanPass(false));
        assert_eq!(assertion("Undo is allowed"), Assertion::Other);
        assert_eq!(
            assertion("Available action Meeple for SmallFollower"),
            Assertion::PieceAvailable("follower")
        );
        assert_eq!(
            assertion("Available action Meeple for Abbot"),
            Assertion::Other
        );
        assert_eq!(
            assertion("TilePlacement BA/RrC options: [-1,-2] - [90]; [-1,0] - [180,270]"),
            Assertion::TileOptions {
                tile: "BA/RrC".into(),
                options: [(-1, -2, 90), (-1, 0, 180), (-1, 0, 270)]
                    .into_iter()
                    .collect()
            }
        );
        // 4.x ids are read as the bundled sets write them.
        assert_eq!(
            assertion("Available action TilePlacement for BA.Cc"),
            Assertion::TileAvailable("BA/Cc".into())
        );
    }
}
