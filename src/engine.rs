//! The play engine: game state, turns checked against the rules, scoring during play and
//! at the end, and the replay of positions (turn logs and snapshots).
//!
//! A turn (rules digest section 1): place a tile so that it touches the board and every
//! touching side fits; optionally place one piece from supply on a segment of that tile,
//! only if the segment's feature holds no piece that blocks it; then score every feature
//! the tile completed, whoever placed it, and return the pieces in them (a piece placed
//! this turn on a feature completed this turn scores and returns too).

use std::collections::BTreeMap;

use petgraph::graph::NodeIndex;
use serde::Serialize;

use crate::board::{Board, PlaceError};
use crate::diag::{Check, Failure, Finding, SourceFile};
use crate::geometry::{AROUND, SIDES, parse_slot, quarter_turns, slot_name};
use crate::graph::{self, Feature};
use crate::load;
use crate::model::Completion;
use crate::model::{CoveredItems, PieceRef, PositionFile, Sp};
use crate::rules::Role;
use crate::rules::{PieceKindId, TileId};
use crate::schema::FileKind;
use crate::score::{self, Covered, Ctx, Piece, TermValue, Valuation, Within};
use crate::validate::{Game, compile_tile, load_tileset};

/// A legal tile placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Placement {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Degrees clockwise.
    pub rotation: u32,
}

/// Where a piece may go on the tile just placed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct PieceOption {
    /// Feature kind, e.g. `city`.
    pub feature: String,
    /// Role, e.g. `knight`.
    pub role: String,
    /// Piece kind, e.g. `follower`.
    pub kind: String,
    /// Address in board orientation (`N`, `NL`, or an inner segment's id).
    pub at: String,
}

/// One feature scored, during play or at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScoreEvent {
    /// `play` (completed during play) or `final` (end-of-game scoring).
    pub phase: &'static str,
    /// Turn number (1 = first turn after the start tile; 0 = a snapshot's own state).
    pub turn: usize,
    /// Feature kind.
    pub feature: String,
    /// Whether the feature was completed.
    pub completed: bool,
    /// Cells of its distinct tiles, `[x, y]`, in placement order.
    pub tiles: Vec<[i32; 2]>,
    /// Items on it, by name (only non-zero counts).
    pub items: BTreeMap<String, u32>,
    /// Majority-counting pieces on it, by player name.
    pub pieces: BTreeMap<String, u32>,
    /// Players who scored (the majority; all tied players).
    pub scorers: Vec<String>,
    /// Points each scorer received.
    pub points: i64,
    /// The sum spelled out, e.g. `4 tiles x 2 + 1 pennant x 2 = 10`.
    pub why: String,
    /// The terms.
    pub terms: Vec<TermValue>,
}

/// The state of a game in progress.
#[derive(Debug, Clone)]
pub struct State<'g> {
    /// Rules and tiles.
    pub game: &'g Game,
    /// Options in effect, by option id.
    pub options: Vec<bool>,
    /// Player names in turn order.
    pub players: Vec<String>,
    /// The board.
    pub board: Board,
    /// Pieces on the board.
    pub pieces: Vec<Piece>,
    /// Pieces in supply, `[player][piece kind]`.
    pub supply: Vec<Vec<u32>>,
    /// Points banked, by player.
    pub points: Vec<i64>,
    /// Points from the end-of-game scoring, by player (zero until [`State::final_scoring`]).
    pub final_points: Vec<i64>,
    /// Every feature scored so far.
    pub events: Vec<ScoreEvent>,
    /// Copies used, by tile.
    pub used: Vec<u32>,
    /// Turns played.
    pub turn: usize,
    /// The player of the last turn played.
    pub last_player: usize,
    /// Items covered (hunting trap).
    pub covered: Covered,
}

/// Why a piece cannot be placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceError {
    /// No segment at that address.
    UnknownAddress,
    /// The piece kind has no role on that feature (or the role's option is off).
    NoRole {
        /// Feature kind name.
        feature: String,
    },
    /// A blocking piece is already in the feature.
    Occupied {
        /// Feature kind name.
        feature: String,
        /// Owner of a blocking piece.
        by: String,
    },
    /// The player has none left.
    NoSupply,
    /// A snapshot puts two pieces of one kind on one segment.
    SegmentTaken,
}

impl<'g> State<'g> {
    /// A new game with an empty board. `options` by option id; supply from the tile set.
    pub fn new(game: &'g Game, players: Vec<String>, options: Vec<bool>) -> Self {
        let n = players.len();
        State {
            game,
            options,
            supply: vec![game.tiles.supply.clone(); n],
            points: vec![0; n],
            final_points: vec![0; n],
            players,
            board: Board::new(),
            pieces: Vec::new(),
            events: Vec::new(),
            used: vec![0; game.tiles.tiles.len()],
            turn: 0,
            last_player: 0,
            covered: Covered::new(),
        }
    }

    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            rules: &self.game.rules,
            tiles: &self.game.tiles,
            board: &self.board,
            options: &self.options,
            covered: &self.covered,
        }
    }

    /// Whether every copy of every main-pile tile (no `stack`) has been placed: the game
    /// ends after the turn that placed the last one.
    pub fn main_pile_empty(&self) -> bool {
        self.game
            .tiles
            .tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.stack.is_none())
            .all(|(i, t)| self.used[i] >= t.count)
    }

    /// Places a tile if it fits (see [`Board::fits`]); counts the copy used.
    pub fn place_tile(
        &mut self,
        tile: TileId,
        x: i32,
        y: i32,
        turns: u8,
    ) -> Result<u32, PlaceError> {
        self.board.fits(&self.game.tiles, tile, x, y, turns)?;
        self.used[tile] += 1;
        Ok(self
            .board
            .place(&self.game.rules, &self.game.tiles, tile, x, y, turns))
    }

    /// Resolves an address on a placed tile (board orientation) to a segment index.
    pub fn segment_at(&self, placed: u32, address: &str) -> Option<usize> {
        let p = self.board.placed[placed as usize];
        let def = &self.game.tiles.tiles[p.tile];
        let rot = &def.rotations[p.turns as usize];
        let parts = |s: u8| self.game.rules.parts(rot.sides[s as usize]);
        if let Some(slot) = parse_slot(address, parts, true) {
            let s = rot.slot_segment[slot.side as usize][slot.part as usize];
            return (s != crate::rules::NO_SEGMENT).then_some(s as usize);
        }
        def.segments.iter().position(|s| s.id == address)
    }

    /// The address of a segment in board orientation: its first slot, or its id when it
    /// lies inside the tile.
    pub fn address_of(&self, placed: u32, segment: usize) -> String {
        let p = self.board.placed[placed as usize];
        let def = &self.game.tiles.tiles[p.tile];
        let rot = &def.rotations[p.turns as usize];
        let mut slots: Vec<_> = def.board_slots(segment, p.turns).collect();
        slots.sort();
        match slots.first() {
            Some(&s) => slot_name(s, self.game.rules.parts(rot.sides[s.side as usize])),
            None => def.segments[segment].id.clone(),
        }
    }

    /// The pieces counted on a feature: standing on its segments, with a role scored on
    /// its kind.
    pub fn pieces_on(&self, f: &Feature) -> Vec<Piece> {
        self.pieces
            .iter()
            .copied()
            .filter(|p| p.scored_on == f.kind && f.nodes.binary_search(&p.node).is_ok())
            .collect()
    }

    /// The role a piece kind has on a feature kind under the options in effect.
    pub fn role(&self, kind: PieceKindId, feature: usize) -> Option<&Role> {
        self.game.rules.pieces[kind]
            .roles
            .iter()
            .find(|r| r.feature == feature && r.requires_option.is_none_or(|o| self.options[o]))
    }

    /// Checks whether `player` may put a piece of `kind` on a segment of a placed tile:
    /// the kind has a role on the segment's feature, no blocking piece is counted on the
    /// feature the role scores on (the river system, for a hut), and the player has one
    /// in supply. `check_blocking` is off for snapshots, where joined features may hold
    /// several pieces.
    pub fn can_place_piece(
        &self,
        player: usize,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
        check_blocking: bool,
    ) -> Result<Piece, PieceError> {
        let rules = &self.game.rules;
        let node = self.board.node(placed, segment);
        let feature = self.board.graph[node].feature;
        let Some(role) = self.role(kind, feature) else {
            return Err(PieceError::NoRole {
                feature: rules.features[feature].name.clone(),
            });
        };
        if !check_blocking && self.pieces.iter().any(|p| p.node == node && p.kind == kind) {
            return Err(PieceError::SegmentTaken);
        }
        if check_blocking {
            let f = graph::component(rules, &self.game.tiles, &self.board, role.scored_on, node);
            let blocked_by = &rules.pieces[kind].blocked_by;
            if let Some(p) = self
                .pieces_on(&f)
                .iter()
                .find(|p| blocked_by.contains(&p.kind))
            {
                return Err(PieceError::Occupied {
                    feature: rules.features[role.scored_on].name.clone(),
                    by: self.players[p.player].clone(),
                });
            }
        }
        if self.supply[player][kind] == 0 {
            return Err(PieceError::NoSupply);
        }
        Ok(Piece {
            player,
            kind,
            node,
            scored_on: role.scored_on,
        })
    }

    /// Places a piece (see [`State::can_place_piece`]).
    pub fn place_piece(
        &mut self,
        player: usize,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
        check_blocking: bool,
    ) -> Result<(), PieceError> {
        let piece = self.can_place_piece(player, kind, placed, segment, check_blocking)?;
        self.supply[player][kind] -= 1;
        self.pieces.push(piece);
        Ok(())
    }

    /// Returns a player's piece of `kind` on a segment to supply, without scoring (shaman).
    /// Returns whether such a piece was there.
    pub fn return_piece(
        &mut self,
        player: usize,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
    ) -> bool {
        let node = self.board.node(placed, segment);
        match self
            .pieces
            .iter()
            .position(|p| p.player == player && p.kind == kind && p.node == node)
        {
            Some(i) => {
                let p = self.pieces.remove(i);
                self.supply[p.player][p.kind] += 1;
                true
            }
            None => false,
        }
    }

    /// Every legal placement of a tile on the current board, sorted.
    pub fn legal_placements(&self, tile: TileId) -> Vec<Placement> {
        let mut out = Vec::new();
        for (x, y) in self.board.frontier() {
            for turns in 0..4u8 {
                if self.board.fits(&self.game.tiles, tile, x, y, turns).is_ok() {
                    out.push(Placement {
                        x,
                        y,
                        rotation: turns as u32 * 90,
                    });
                }
            }
        }
        out.sort();
        out
    }

    /// Where `player` could put a piece on a placed tile now, sorted.
    pub fn piece_options(&self, player: usize, placed: u32) -> Vec<PieceOption> {
        let p = self.board.placed[placed as usize];
        let def = &self.game.tiles.tiles[p.tile];
        let mut out = Vec::new();
        for seg in 0..def.segments.len() {
            for kind in 0..self.game.rules.pieces.len() {
                if self
                    .can_place_piece(player, kind, placed, seg, true)
                    .is_ok()
                {
                    let feature = def.segments[seg].feature;
                    out.push(PieceOption {
                        feature: self.game.rules.features[feature].name.clone(),
                        role: self
                            .role(kind, feature)
                            .map(|r| r.name.clone())
                            .unwrap_or_default(),
                        kind: self.game.rules.pieces[kind].name.clone(),
                        at: self.address_of(placed, seg),
                    });
                }
            }
        }
        out.sort();
        out
    }

    fn event(
        &self,
        f: &Feature,
        phase: &'static str,
        completed: bool,
        pieces: BTreeMap<String, u32>,
        scorers: &[usize],
        v: Valuation,
    ) -> ScoreEvent {
        let rules = &self.game.rules;
        ScoreEvent {
            phase,
            turn: self.turn,
            feature: rules.features[f.kind].name.clone(),
            completed,
            tiles: f
                .tiles
                .iter()
                .map(|&t| {
                    let p = self.board.placed[t as usize];
                    [p.x, p.y]
                })
                .collect(),
            items: (0..rules.items.len())
                .map(|i| {
                    (
                        i,
                        f.nodes
                            .iter()
                            .map(|&n| self.ctx().items_on(n, i))
                            .sum::<u32>(),
                    )
                })
                .filter(|(_, n)| *n > 0)
                .map(|(i, n)| (rules.items[i].clone(), n))
                .collect(),
            pieces,
            scorers: scorers.iter().map(|&s| self.players[s].clone()).collect(),
            points: v.points,
            why: score::explain(&v),
            terms: v.terms,
        }
    }

    /// Scores one feature for its majority; during play its pieces return to supply.
    fn score_feature(
        &mut self,
        f: &Feature,
        completed: bool,
        phase: &'static str,
        features: Option<&graph::Features>,
    ) {
        let on = self.pieces_on(f);
        if on.is_empty() {
            return;
        }
        let rules = &self.game.rules;
        let kind = &rules.features[f.kind];
        let cases = if completed {
            &kind.completed
        } else {
            &kind.final_
        };
        let valuation = score::value(&self.ctx(), f, cases, features, None);
        let scorers = score::majority(rules, &on, self.players.len());
        let mut pieces = BTreeMap::new();
        for p in &on {
            if rules.pieces[p.kind].majority {
                *pieces.entry(self.players[p.player].clone()).or_insert(0) += 1;
            }
        }
        if let Some(v) = valuation {
            for &s in &scorers {
                if phase == "final" {
                    self.final_points[s] += v.points;
                } else {
                    self.points[s] += v.points;
                }
            }
            let e = self.event(f, phase, completed, pieces, &scorers, v);
            self.events.push(e);
        }
        if phase == "play" {
            for p in &on {
                self.supply[p.player][p.kind] += 1;
            }
            self.pieces
                .retain(|p| !(p.scored_on == f.kind && f.nodes.binary_search(&p.node).is_ok()));
        }
    }

    /// Scores every feature completed by the tile just placed (with index `placed`):
    /// closed features through its segments, surrounded features on it or around it.
    /// Returns the features completed (scored or not), for extra-turn rules.
    pub fn score_completed(&mut self, placed: u32) -> Vec<Completed> {
        let rules = &self.game.rules;
        let p = self.board.placed[placed as usize];
        let mut starts: Vec<NodeIndex> = (0..self.game.tiles.tiles[p.tile].segments.len())
            .map(|s| self.board.node(placed, s))
            .collect();
        for (dx, dy) in AROUND {
            if let Some(n) = self.board.at(p.x.wrapping_add(dx), p.y.wrapping_add(dy)) {
                let q = self.board.placed[n as usize];
                for s in 0..self.game.tiles.tiles[q.tile].segments.len() {
                    let node = self.board.node(n, s);
                    if rules.features[self.board.graph[node].feature].completion
                        == Completion::Surrounded
                    {
                        starts.push(node);
                    }
                }
            }
        }
        let mut done: Vec<(usize, NodeIndex)> = Vec::new();
        let mut completed = Vec::new();
        for start in starts {
            let own = self.board.graph[start].feature;
            for kind in 0..rules.features.len() {
                let fk = &rules.features[kind];
                if fk.completion == Completion::Never
                    || !fk.members.contains(&own)
                    || done.contains(&(kind, start))
                {
                    continue;
                }
                let f = graph::component(rules, &self.game.tiles, &self.board, kind, start);
                done.extend(f.nodes.iter().map(|&n| (kind, n)));
                if graph::is_completed(rules, &self.board, &f) {
                    let pieces = !self.pieces_on(&f).is_empty();
                    completed.push(Completed {
                        kind,
                        items: (0..rules.items.len())
                            .map(|i| f.nodes.iter().map(|&n| self.ctx().items_on(n, i)).sum())
                            .collect(),
                        pieces,
                    });
                    self.score_feature(&f, true, "play", None);
                }
            }
        }
        completed
    }

    /// Applies the effects of the items on the tile just placed (rules' `effects`), for
    /// `player`: immediate scoring (logboat, hunting trap) with covering. Returns the piece
    /// kind an effect lets the player return (shaman), if any.
    pub fn apply_effects(&mut self, player: usize, placed: u32) -> Option<PieceKindId> {
        let rules = &self.game.rules;
        let p = self.board.placed[placed as usize];
        let mut may_return = None;
        for seg in 0..self.game.tiles.tiles[p.tile].segments.len() {
            let node = self.board.node(placed, seg);
            for effect in &rules.effects {
                if self.ctx().items_on(node, effect.item) == 0 {
                    continue;
                }
                may_return = may_return.or(effect.return_piece);
                let Some(kind) = effect.feature else {
                    continue;
                };
                if effect.score.is_empty()
                    || !rules.features[kind]
                        .members
                        .contains(&self.board.graph[node].feature)
                {
                    continue;
                }
                let f = graph::component(rules, &self.game.tiles, &self.board, kind, node);
                let within = effect.within.map(|radius| Within {
                    centre: (p.x, p.y),
                    radius,
                });
                let ctx = self.ctx();
                let scope: Vec<NodeIndex> = ctx.scoped(&f, within).collect();
                let items: Vec<u32> = (0..rules.items.len())
                    .map(|i| scope.iter().map(|&n| ctx.items_on(n, i)).sum())
                    .collect();
                let (terms, total) =
                    score::terms_value(&ctx, &f, &effect.score, None, &scope, &items, None);
                let v = Valuation {
                    points: total.max(0),
                    terms,
                };
                self.points[player] += v.points;
                if effect.cover {
                    let counted: Vec<usize> = effect
                        .score
                        .iter()
                        .flat_map(|t| {
                            let item = match t.count {
                                crate::rules::Count::Item(i) => Some(i),
                                _ => None,
                            };
                            item.into_iter().chain(t.cancelled_by)
                        })
                        .collect();
                    for &n in &scope {
                        for &i in &counted {
                            let k = self.ctx().items_on(n, i);
                            if k > 0 {
                                self.covered
                                    .entry(n)
                                    .or_insert_with(|| vec![0; rules.items.len()])[i] += k;
                            }
                        }
                    }
                }
                let mut e = self.event(&f, "effect", false, BTreeMap::new(), &[player], v);
                e.why = format!(
                    "{} on the tile just placed: {}",
                    rules.items[effect.item], e.why
                );
                self.events.push(e);
            }
        }
        may_return
    }

    /// End-of-game scoring: every feature still holding pieces scores its `final` cases
    /// (or its `completed` cases if it is completed, as in a snapshot). Pieces stay.
    pub fn final_scoring(&mut self) {
        self.score_all(false);
    }

    /// Scores completed features that still hold pieces (a snapshot taken before scoring).
    pub fn score_pending(&mut self) {
        self.score_all(true);
    }

    fn score_all(&mut self, only_completed: bool) {
        let rules = &self.game.rules;
        let all = graph::all_features(rules, &self.game.tiles, &self.board);
        let mut list: Vec<Feature> = all.list.clone();
        for kind in (0..rules.features.len()).filter(|&k| rules.features[k].aggregate) {
            list.extend(graph::components(
                rules,
                &self.game.tiles,
                &self.board,
                kind,
            ));
        }
        // Board order: by the feature's first segment, ordinary features first.
        list.sort_by_key(|f| (f.id(), rules.features[f.kind].aggregate));
        for f in &list {
            let completed = graph::is_completed(rules, &self.board, f);
            match (only_completed, completed) {
                (true, true) => self.score_feature(f, true, "play", Some(&all)),
                (false, c) => self.score_feature(f, c, "final", Some(&all)),
                (true, false) => {}
            }
        }
    }
}

/// A feature completed by a tile, as extra-turn rules need it.
#[derive(Debug, Clone)]
pub struct Completed {
    /// Feature kind.
    pub kind: usize,
    /// Uncovered item counts.
    pub items: Vec<u32>,
    /// Whether pieces were counted on it.
    pub pieces: bool,
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
}

/// Loads a position from a path.
///
/// Errors: `Failure::Tool` if it cannot be read; findings for anything wrong in it or in
/// the files it names.
pub fn load_position(path: &std::path::Path) -> Result<LoadedPosition, Failure> {
    let file = load::read(path).map_err(Failure::Tool)?;
    load_position_file(&file)
}

/// Loads a position from an already read file.
pub fn load_position_file(file: &SourceFile) -> Result<LoadedPosition, Failure> {
    let position: PositionFile = load::load_source(file, FileKind::Position)?;
    let ts_path = load::resolve(&file.path, &position.tileset.value);
    let loaded = load_tileset(&ts_path, position.ruleset.as_ref().map(|r| (file, r)));
    let (mut game, notes) = match loaded {
        Ok(x) => x,
        Err(Failure::Tool(m)) => {
            return Err(Failure::one(
                Finding::error(Check::Io, format!("cannot read the tile set: {m}"))
                    .in_file(file)
                    .at(&position.tileset.loc, "tile set path")
                    .help("paths are relative to the position file"),
            ));
        }
        Err(e) => return Err(e),
    };
    let mut findings = Vec::new();
    for def in &position.tiles {
        if game.tiles.get(&def.id.value).is_some() {
            findings.push(
                Finding::error(
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
            Ok(t) => {
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
                Finding::error(
                    Check::PositionUnknownName,
                    format!("unknown option `{name}`"),
                )
                .in_file(file)
                .at(&value.loc, "option value")
                .help(format!(
                    "options of {}: {}",
                    game.rules.name,
                    game.rules
                        .options
                        .iter()
                        .map(|o| o.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            ),
        }
    }
    let mut seen = Vec::new();
    for p in &position.players {
        if seen.contains(&&p.value) {
            findings.push(
                Finding::error(
                    Check::Duplicate,
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
            Finding::error(Check::PositionForm, "a position needs at least one player")
                .in_file(file)
                .help("add `players: [Alice, Bob]`"),
        );
    }
    if position.turns.is_some() == position.board.is_some() {
        findings.push(
            Finding::error(
                Check::PositionForm,
                "a position gives either `turns` (a turn log) or `board` (a snapshot)",
            )
            .in_file(file)
            .help("keep one of `turns` and `board`"),
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
    })
}

fn tile_id(lp: &LoadedPosition, id: &Sp<String>) -> Result<TileId, Finding> {
    lp.game.tiles.get(&id.value).ok_or_else(|| {
        let ids: Vec<&str> = lp.game.tiles.tiles.iter().map(|t| t.id.as_str()).collect();
        Finding::error(Check::UnknownTile, format!("unknown tile `{}`", id.value))
            .in_file(&lp.file)
            .at(&id.loc, format!("not in {}", lp.game.tiles.name))
            .help(format!("tiles of the set: {}", ids.join(", ")))
    })
}

fn turns_of(lp: &LoadedPosition, r: &Sp<u32>) -> Result<u8, Finding> {
    quarter_turns(r.value).ok_or_else(|| {
        Finding::error(
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
            Finding::error(
                Check::PositionUnknownName,
                format!("unknown player `{}`", name.value),
            )
            .in_file(&lp.file)
            .at(&name.loc, "not in `players`")
            .help(format!(
                "players: {}",
                lp.position
                    .players
                    .iter()
                    .map(|p| p.value.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}

fn piece_kind(
    lp: &LoadedPosition,
    kind: Option<&str>,
    loc: &serde_saphyr::Location,
) -> Result<PieceKindId, Finding> {
    match kind {
        None => Ok(0),
        Some(k) => lp.game.rules.piece(k).ok_or_else(|| {
            Finding::error(
                Check::PositionUnknownName,
                format!("unknown piece kind `{k}`"),
            )
            .in_file(&lp.file)
            .at(loc, "piece")
            .help(format!(
                "piece kinds: {}",
                lp.game
                    .rules
                    .pieces
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }),
    }
}

/// Places a tile from the position, turning errors into findings at `loc`.
fn place(
    state: &mut State,
    lp: &LoadedPosition,
    tile: TileId,
    (x, y, turns): (i32, i32, u8),
    loc: &Sp<String>,
    adjacency: bool,
) -> Result<u32, Finding> {
    let def = &lp.game.tiles.tiles[tile];
    if state.used[tile] >= def.count {
        return Err(Finding::error(
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
        .help("check the tile id; the start tile uses one copy too"));
    }
    let result = if adjacency || state.board.placed.is_empty() {
        state.board.fits(&lp.game.tiles, tile, x, y, turns)
    } else {
        match state.board.fits(&lp.game.tiles, tile, x, y, turns) {
            Err(PlaceError::NotAdjacent) => Ok(()),
            r => r,
        }
    };
    let rules = &lp.game.rules;
    match result {
        Ok(()) => {}
        Err(PlaceError::Occupied) => {
            return Err(Finding::error(
                Check::CellOccupied,
                format!("cell ({x}, {y}) already holds a tile"),
            )
            .in_file(&lp.file)
            .at(&loc.loc, "placed on an occupied cell")
            .help("each cell holds one tile; check x and y (y grows to the south)"));
        }
        Err(PlaceError::NotAdjacent) => {
            return Err(Finding::error(
                Check::NotAdjacent,
                format!("tile `{}` at ({x}, {y}) touches no tile", def.id),
            )
            .in_file(&lp.file)
            .at(&loc.loc, "not next to the board")
            .help(
                "a tile must share a side with a placed tile; check x and y (y grows to the south)",
            ));
        }
        Err(PlaceError::Mismatch {
            side,
            mine,
            theirs,
            neighbour,
        }) => {
            let n = state.board.placed[neighbour as usize];
            let fitting: Vec<String> = (0..4u8)
                .filter(|&t| state.board.fits(&lp.game.tiles, tile, x, y, t).is_ok())
                .map(|t| (t as u32 * 90).to_string())
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
            return Err(Finding::error(
                Check::EdgeMismatch,
                format!(
                    "tile `{}` does not fit at ({x}, {y}): its {} side is {} but the neighbour's side is {}",
                    def.id, SIDES[side as usize], rules.side_kinds[mine].name, rules.side_kinds[theirs].name
                ),
            )
            .in_file(&lp.file)
            .at(&loc.loc, format!("{} side here is {}", SIDES[side as usize], rules.side_kinds[mine].name))
            .help(format!("{fit_help} (neighbour: `{}` at ({}, {}))", lp.game.tiles.tiles[n.tile].id, n.x, n.y)));
        }
    }
    state.used[tile] += 1;
    Ok(state.board.place(rules, &lp.game.tiles, tile, x, y, turns))
}

/// A piece to put on the tile just placed, as written in a position.
struct PieceRequest<'a> {
    player: usize,
    kind: PieceKindId,
    at: &'a str,
    loc: &'a serde_saphyr::Location,
}

/// Puts a piece on a placed tile, turning errors into findings at the piece.
fn put_piece(
    state: &mut State,
    lp: &LoadedPosition,
    placed: u32,
    req: &PieceRequest,
    check_blocking: bool,
) -> Result<(), Finding> {
    let result = match state.segment_at(placed, req.at) {
        Some(seg) => state.place_piece(req.player, req.kind, placed, seg, check_blocking),
        None => Err(PieceError::UnknownAddress),
    };
    let Err(e) = result else {
        return Ok(());
    };
    let rules = &lp.game.rules;
    let kname = &rules.pieces[req.kind].name;
    let at = req.at;
    let f = match e {
        PieceError::UnknownAddress => Finding::error(
            Check::UnknownAddress,
            format!("`{at}` names no segment of the tile just placed"),
        )
        .help("address a segment by a side or half-side it touches in board orientation (N, NL, EL, …) or by an inner segment's id (e.g. monastery)"),
        PieceError::NoRole { feature } => Finding::error(
            Check::NoRole,
            format!("a {kname} cannot be placed on a {feature} here"),
        )
        .help(format!(
            "roles of {kname}: {}",
            rules.pieces[req.kind]
                .roles
                .iter()
                .map(|r| {
                    let off = r
                        .requires_option
                        .filter(|&o| !state.options[o])
                        .map(|o| format!(" (only with option `{}`, which is off)", rules.options[o].name))
                        .unwrap_or_default();
                    format!("{} on {}{off}", r.name, rules.features[r.feature].name)
                })
                .collect::<Vec<_>>()
                .join(", ")
        )),
        PieceError::Occupied { feature, by } => Finding::error(
            Check::FeatureOccupied,
            format!("this {feature} already holds a piece of {by}"),
        )
        .help("a piece may only go on a feature without pieces; choose another segment of the tile, or none"),
        PieceError::SegmentTaken => Finding::error(
            Check::FeatureOccupied,
            format!("this segment already holds a {kname}"),
        )
        .help("one segment holds at most one piece of a kind; pieces of several players meet only when features are joined"),
        PieceError::NoSupply => Finding::error(
            Check::NoSupply,
            format!("{} has no {kname} left in supply", state.players[req.player]),
        )
        .help(format!(
            "each player has {} {kname}s; pieces return when their feature is scored",
            lp.game.tiles.supply[req.kind]
        )),
    };
    Err(f.in_file(&lp.file).at(req.loc, "piece"))
}

/// The extra turn a player earns with the features a tile completed, if any: the stack
/// the extra tile comes from (rules' `bonus_turns`; none when that stack is used up).
pub fn earned_bonus(state: &State, completed: &[Completed]) -> Option<usize> {
    let rules = &state.game.rules;
    rules.bonus_turns.iter().find_map(|b| {
        let earned = completed.iter().any(|c| {
            c.kind == b.feature
                && c.items[b.item] > 0
                && (b.requires_piece_option.is_none_or(|o| !state.options[o]) || c.pieces)
        });
        let left = state
            .game
            .tiles
            .tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.stack == Some(b.stack))
            .any(|(i, t)| state.used[i] < t.count);
        (earned && left).then_some(b.stack)
    })
}

fn extra_turn_finding(
    lp: &LoadedPosition,
    state: &State,
    bonus_player: usize,
    loc: &serde_saphyr::Location,
) -> Finding {
    Finding::error(
        Check::ExtraTurn,
        format!("{} earned an extra turn on the previous turn, so this turn is theirs", state.players[bonus_player]),
    )
    .in_file(&lp.file)
    .at(loc, "another player")
    .help("the player who completes a feature that earns an extra turn plays the next turn; remove `player:` or name them")
}

/// Checks that a tile from an extra stack is placed exactly in extra turns.
fn check_stack(
    lp: &LoadedPosition,
    state: &State,
    tile: TileId,
    bonus: Option<(usize, usize)>,
    loc: &Sp<String>,
) -> Result<(), Finding> {
    let rules = &lp.game.rules;
    let stack = lp.game.tiles.tiles[tile].stack;
    match (bonus, stack) {
        (Some((b, s)), t) if t != Some(s) => Err(Finding::error(
            Check::ExtraTurn,
            format!("this is {}'s extra turn: the tile comes from the {} stack", state.players[b], rules.stacks[s]),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "not a tile of that stack")
        .help("place a tile of that stack on the turn after the one that earned the extra turn")),
        (None, Some(s)) => Err(Finding::error(
            Check::ExtraTurn,
            format!("tiles of the {} stack are only placed in extra turns", rules.stacks[s]),
        )
        .in_file(&lp.file)
        .at(&loc.loc, "no extra turn was earned")
        .help("an extra turn follows a turn that completed a feature earning one (a forest with a menhir)")),
        _ => Ok(()),
    }
}

/// Marks items of a snapshot segment as covered.
fn cover_items(
    state: &mut State,
    lp: &LoadedPosition,
    c: &Sp<CoveredItems>,
) -> Result<(), Finding> {
    let node = state.board.at(c.x.value, c.y.value).and_then(|placed| {
        state
            .segment_at(placed, &c.at)
            .map(|s| state.board.node(placed, s))
    });
    let Some(node) = node else {
        return Err(Finding::error(
            Check::UnknownAddress,
            format!(
                "no segment `{}` on a tile at ({}, {})",
                c.at.value, c.x.value, c.y.value
            ),
        )
        .in_file(&lp.file)
        .at(&c.at.loc, "covered items")
        .help("name the cell (x, y) of a tile on the board and a segment address on it"));
    };
    let rules = &lp.game.rules;
    for (item, n) in &c.items {
        let Some(i) = rules.items.iter().position(|x| x == item) else {
            return Err(Finding::error(
                Check::PositionUnknownName,
                format!("unknown item `{item}`"),
            )
            .in_file(&lp.file)
            .at(&n.loc, "item")
            .help(format!(
                "items of {}: {}",
                rules.name,
                rules.items.join(", ")
            )));
        };
        state
            .covered
            .entry(node)
            .or_insert_with(|| vec![0; rules.items.len()])[i] += n.value;
    }
    Ok(())
}

/// Returns a piece named by a turn's `return_piece`, if an effect of the tile allows it.
fn return_piece(
    state: &mut State,
    lp: &LoadedPosition,
    player: usize,
    allowed: Option<PieceKindId>,
    r: &Sp<PieceRef>,
) -> Result<(), Finding> {
    let Some(kind) = allowed else {
        return Err(Finding::error(Check::ReturnPiece, "no effect of the tile just placed lets a piece return")
            .in_file(&lp.file)
            .at(&r.loc, "return_piece")
            .help("only tiles whose items have a `return_piece` effect (the shaman) allow it; remove `return_piece`"));
    };
    let segment = state
        .board
        .at(r.x.value, r.y.value)
        .and_then(|placed| state.segment_at(placed, &r.at).map(|s| (placed, s)));
    let returned = match segment {
        Some((placed, seg)) => state.return_piece(player, kind, placed, seg),
        None => false,
    };
    if returned {
        Ok(())
    } else {
        Err(Finding::error(
            Check::ReturnPiece,
            format!(
                "{} has no {} at ({}, {}) `{}`",
                state.players[player],
                lp.game.rules.pieces[kind].name,
                r.x.value,
                r.y.value,
                r.at.value
            ),
        )
        .in_file(&lp.file)
        .at(&r.at.loc, "no such piece")
        .help("name the cell (x, y) and segment address of one of the player's pieces"))
    }
}

/// Replays a position: places the start tile and every turn (checking the rules at each),
/// scoring completed features as it goes; for a snapshot, lays the board, its pieces and
/// banked points, then scores completed features that still hold pieces. `limit` replays
/// only the first turns.
///
/// Errors: the first illegal turn, as a finding at its line (later turns depend on it).
pub fn replay<'g>(lp: &'g LoadedPosition, limit: Option<usize>) -> Result<State<'g>, Vec<Finding>> {
    replay_inner(lp, limit).map_err(|f| vec![f])
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
                turns_of(lp, &s.rotation)?,
                s.tile.clone(),
            ),
            None => {
                let id = lp.game.tiles.tiles[lp.game.tiles.start].id.clone();
                (lp.game.tiles.start, 0, Sp::unspanned(id))
            }
        };
        place(&mut state, lp, start, (0, 0, rot), &loc, true)?;
        let mut next = 0usize;
        // An extra turn earned on the previous turn: (player, stack).
        let mut bonus: Option<(usize, usize)> = None;
        for turn in turns.iter().take(limit.unwrap_or(usize::MAX)) {
            if state.main_pile_empty() {
                return Err(Finding::error(
                    Check::GameOver,
                    "the game is over: every tile of the main pile has been placed",
                )
                .in_file(&lp.file)
                .at(&turn.tile.loc, "a turn after the last one")
                .help("the game ends after the turn in which the last tile of the main pile is placed (tiles of other stacks do not extend it)"));
            }
            state.turn += 1;
            let player = match (&turn.player, bonus) {
                (Some(p), Some((b, _))) => {
                    let named = player_id(lp, p)?;
                    if named != b {
                        return Err(extra_turn_finding(lp, &state, b, &p.loc));
                    }
                    named
                }
                (Some(p), None) => player_id(lp, p)?,
                (None, Some((b, _))) => b,
                (None, None) => next % state.players.len(),
            };
            next = player + 1;
            state.last_player = player;
            let tile = tile_id(lp, &turn.tile)?;
            check_stack(lp, &state, tile, bonus, &turn.tile)?;
            let in_bonus = bonus.take().is_some();
            let rot = turns_of(lp, &turn.rotation)?;
            let at = (turn.x.value, turn.y.value, rot);
            let placed = place(&mut state, lp, tile, at, &turn.tile, true)?;
            let may_return = state.apply_effects(player, placed);
            if let Some(r) = &turn.return_piece {
                return_piece(&mut state, lp, player, may_return, r)?;
            }
            if let Some(piece) = &turn.piece {
                let req = PieceRequest {
                    player,
                    kind: piece_kind(lp, piece.kind(), &piece.loc)?,
                    at: piece.at(),
                    loc: &piece.loc,
                };
                put_piece(&mut state, lp, placed, &req, true)?;
            }
            let completed = state.score_completed(placed);
            if !in_bonus {
                bonus = earned_bonus(&state, &completed).map(|stack| (player, stack));
            }
        }
    } else if let Some(board) = &lp.position.board {
        for bt in board {
            let tile = tile_id(lp, &bt.tile)?;
            let rot = turns_of(lp, &bt.rotation)?;
            let at = (bt.x.value, bt.y.value, rot);
            let placed = place(&mut state, lp, tile, at, &bt.tile, false)?;
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
                };
                put_piece(&mut state, lp, placed, &req, false)?;
            }
        }
        if let Some(&first) = state.board.disconnected().first() {
            let bt = &board[first as usize];
            return Err(Finding::error(
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
        for (name, pts) in &lp.position.scores {
            let player = player_id(
                lp,
                &Sp {
                    value: name.clone(),
                    loc: pts.loc,
                },
            )?;
            state.points[player] += pts.value;
        }
        state.score_pending();
    }
    Ok(state)
}

/// One move of a game played by [`play_in_order`]: a tile, where it went, and the piece
/// placed on it (address), if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Tile.
    pub tile: TileId,
    /// Where.
    pub placement: Placement,
    /// Player.
    pub player: usize,
    /// Piece address on the tile, if a piece was placed (first piece kind).
    pub piece: Option<String>,
}

/// Plays tiles in the given order with the simplest policy: each tile goes to its first
/// legal placement (sorted by y, x, rotation); a tile that fits nowhere is set aside and
/// retried after the next placement. With `pieces`, the player puts a piece of the first
/// kind on the first piece option when they have one. Players take turns in order.
/// Completed features are scored as in play. Returns the moves and the tiles never placed.
pub fn play_in_order(
    state: &mut State,
    order: &[TileId],
    pieces: bool,
) -> (Vec<Move>, Vec<TileId>) {
    let mut pending: Vec<TileId> = order.to_vec();
    let mut moves = Vec::new();
    let mut player = 0;
    loop {
        let before = pending.len();
        let mut i = 0;
        while i < pending.len() {
            let tile = pending[i];
            let Some(&p) = state.legal_placements(tile).first() else {
                i += 1;
                continue;
            };
            pending.remove(i);
            let turns = (p.rotation / 90) as u8;
            let Ok(placed) = state.place_tile(tile, p.x, p.y, turns) else {
                continue;
            };
            state.turn += 1;
            state.last_player = player;
            state.apply_effects(player, placed);
            let mut piece = None;
            if pieces {
                if let Some(opt) = state
                    .piece_options(player, placed)
                    .into_iter()
                    .find(|o| o.kind == state.game.rules.pieces[0].name)
                {
                    if let Some(seg) = state.segment_at(placed, &opt.at) {
                        if state.place_piece(player, 0, placed, seg, true).is_ok() {
                            piece = Some(opt.at);
                        }
                    }
                }
            }
            state.score_completed(placed);
            moves.push(Move {
                tile,
                placement: p,
                player,
                piece,
            });
            player = (player + 1) % state.players.len().max(1);
        }
        if pending.len() == before || pending.is_empty() {
            break;
        }
    }
    (moves, pending)
}

/// The main draw pile of a tile set: every copy of every tile of the main pile (no
/// `stack`), in set order, minus the start tile.
pub fn draw_pile(game: &Game) -> Vec<TileId> {
    let mut pile = Vec::new();
    for (i, t) in game
        .tiles
        .tiles
        .iter()
        .enumerate()
        .filter(|(_, t)| t.stack.is_none())
    {
        let copies = if i == game.tiles.start {
            t.count.saturating_sub(1)
        } else {
            t.count
        };
        pile.extend(std::iter::repeat_n(i, copies as usize));
    }
    pile
}
