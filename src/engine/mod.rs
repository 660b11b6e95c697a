//! The play engine: game state, turns checked against the rules, scoring during play and
//! at the end. No files and no text processing: position files are replayed into game
//! states a layer above ([`crate::replay`]).
//!
//! A turn (rules digest section 1): place a tile so that it touches the board and every
//! touching side fits; apply the effects of the items on it (Hunters and Gatherers menhir
//! tiles); optionally place one piece from supply on a segment of that tile, only if the
//! feature the piece counts on holds no piece that blocks it; then score every feature the
//! tile completed, whoever placed it, and return the pieces in them (a piece placed this
//! turn on a feature completed this turn scores and returns too). Completing a feature can
//! earn an extra turn with a tile from another stack.
//!
//! Rule sets can add placement rules (The River): stacks with an `order` are drawn in
//! ordinary turns before the main pile ([`State::pile_waiting`]); a stack's tiles may have
//! to continue a feature kind, and a `no_u_turn` feature kind may not bend twice the same
//! way in a row ([`State::placement_rules`]). A majority weighs each piece by its kind's
//! `weight` (Inns and Cathedrals: the large follower counts 2).

mod pieces;
pub mod play;
mod snapshot;
mod turn;

pub use pieces::Pieces;
pub use turn::{Action, Actions, Begun, Event, Events, LayError, Move, SetAsideError, TurnError};

use std::collections::BTreeMap;

use petgraph::graph::NodeIndex;
use serde::Serialize;
use smallvec::SmallVec;

use crate::board::{Board, PlaceError};
use crate::geometry::{AROUND, Side, offset, opposite};
use crate::graph::{self, Feature};
use crate::rules::Game;
use crate::rules::{FeatureId, ItemId, NO_SEGMENT, PieceKindId, Role, TileId};
use crate::score::{self, Covered, Ctx, Piece, TermValue, Valuation, Within};

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

/// When a feature scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Completed during play (rules digest section 1: scored at the end of the turn).
    Play,
    /// End-of-game scoring.
    Final,
    /// Scored by an effect of the tile just placed (Hunters and Gatherers: logboat,
    /// hunting trap).
    Effect,
}

/// One feature scored, during play, at the end or by an effect: ids and numbers only
/// (reports name them, [`crate::render`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    /// When.
    pub phase: Phase,
    /// Turn number (1 = first turn after the start tile; 0 = a snapshot's own state).
    pub turn: usize,
    /// Feature kind.
    pub kind: FeatureId,
    /// The feature's identity, its smallest segment node ([`Feature::id`]): its segments
    /// are `board.features.nodes(kind, node)` (a picture outlines them).
    pub node: NodeIndex,
    /// Whether the feature was completed.
    pub completed: bool,
    /// Its distinct tiles (placed indices), in placement order.
    pub tiles: Vec<u32>,
    /// Items on it (printed, covered or not), by item id.
    pub items: Vec<u64>,
    /// Majority-counting pieces on it, by player (empty for an effect).
    pub pieces: Vec<u32>,
    /// Each player's strength in the majority when it differs from their number of pieces
    /// (pieces with a `weight`: a large follower counts 2), by player; empty otherwise.
    pub strength: Vec<u32>,
    /// Players who scored (the majority; all tied players), in player order.
    pub scorers: Vec<usize>,
    /// Points each scorer received.
    pub points: i64,
    /// The terms.
    pub terms: Vec<TermValue>,
    /// Whether the exact total was beyond the limits of `i64` (see
    /// [`crate::score::Valuation::capped`]).
    pub capped: bool,
    /// Tokens each player took from the feature, by player (empty when none was taken).
    pub tokens: Vec<u32>,
    /// For an effect: the item on the tile just placed that triggered it.
    pub effect: Option<ItemId>,
}

/// Something that happened besides scoring, kept for reports (ids only; the report layer
/// words it, [`crate::render`]): a tile set aside ([`Event::SetAside`]), a piece taken
/// back, a token mined, tokens that left the game, an extra turn earned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logged {
    /// Turns played when it happened (a tile set aside before turn 5 is logged at 4).
    pub turn: usize,
    /// The player of that turn (index in turn order).
    pub player: usize,
    /// What happened.
    pub event: Event,
}

/// The state of a game in progress.
#[derive(Debug, Clone)]
pub struct State<'g> {
    /// Rules and tiles.
    game: &'g Game,
    /// Options in effect, by option id.
    options: Vec<bool>,
    /// Player names in turn order.
    players: Vec<String>,
    /// The board.
    board: Board,
    /// Pieces on the board, by id (indexed by segment, and by feature in the board's
    /// [`crate::graph::Forest`]).
    pieces: Pieces,
    /// Pieces in supply, `[player][piece kind]`.
    supply: Vec<Vec<u32>>,
    /// Points banked, by player.
    points: Vec<i64>,
    /// Points from the end-of-game scoring, by player (zero until [`State::final_scoring`]).
    final_points: Vec<i64>,
    /// Every feature scored so far.
    events: Vec<Scored>,
    /// Copies used, by tile.
    used: Vec<u32>,
    /// Turns played.
    turn: usize,
    /// The player of the last turn played.
    last_player: usize,
    /// Items covered (hunting trap).
    covered: Covered,
    /// Token supplies' state, by pool (Gold Rush mining tokens).
    tokens: Vec<TokenState>,
    /// Values announced for the tokens taken next (a turn's `draws`), in order.
    draws: std::collections::VecDeque<u32>,
    /// What happened besides scoring, in order (see [`Logged`]).
    log: Vec<Logged>,
    /// Main-pile tiles (no `stack`) with copies not yet placed (see
    /// [`State::main_pile_empty`]).
    main_left: usize,
    /// The next player in turn order (index in `players`).
    next_player: usize,
    /// An extra turn earned on the last turn: (player, stack of the extra tile).
    extra_turn: Option<(usize, usize)>,
    /// Tokens taken in the turn being played, in order: (pool, player).
    taken: Vec<(usize, usize)>,
    /// Tokens that left the game this turn ([`Event::TokensLeft`]), in order.
    left_game: Vec<Event>,
    /// What happened so far in the turn begun (kept here rather than in [`turn::Begun`],
    /// which is then small to pass around; [`State::finish_turn`] hands them over).
    turn_events: Events,
    /// The placed tiles with a segment completed when surrounded whose 8 cells around
    /// were not all occupied when last looked at: (x, y, placed index), in no order.
    /// A new tile can complete only those within one cell of it.
    watched: Vec<(i32, i32, u32)>,
}

/// Reading the state: every field is the engine's own, changed only by the turn sequence
/// (and a snapshot's set-up, [`crate::replay`]).
impl<'g> State<'g> {
    /// Rules and tiles.
    #[inline]
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// Options in effect, by option id.
    #[inline]
    pub fn options(&self) -> &[bool] {
        &self.options
    }

    /// Player names in turn order.
    #[inline]
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Pieces on the board, by id (indexed by segment, and by feature in the board's
    /// [`crate::graph::Forest`]).
    #[inline]
    pub fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    /// Pieces in supply, `[player][piece kind]`.
    #[inline]
    pub fn supply(&self) -> &[Vec<u32>] {
        &self.supply
    }

    /// Points banked, by player.
    #[inline]
    pub fn points(&self) -> &[i64] {
        &self.points
    }

    /// Points from the end-of-game scoring, by player (zero until [`State::final_scoring`]).
    #[inline]
    pub fn final_points(&self) -> &[i64] {
        &self.final_points
    }

    /// Every feature scored so far.
    #[inline]
    pub fn events(&self) -> &[Scored] {
        &self.events
    }

    /// Copies used, by tile.
    #[inline]
    pub fn used(&self) -> &[u32] {
        &self.used
    }

    /// Turns played.
    #[inline]
    pub fn turn(&self) -> usize {
        self.turn
    }

    /// The player of the last turn played.
    #[inline]
    pub fn last_player(&self) -> usize {
        self.last_player
    }

    /// Items covered (hunting trap).
    #[inline]
    pub fn covered(&self) -> &Covered {
        &self.covered
    }

    /// Token supplies' state, by pool (Gold Rush mining tokens).
    #[inline]
    pub fn tokens(&self) -> &[TokenState] {
        &self.tokens
    }

    /// Values announced for the tokens taken next (a turn's `draws`), in order.
    #[inline]
    pub fn draws(&self) -> &std::collections::VecDeque<u32> {
        &self.draws
    }

    /// What happened besides scoring, in order (see [`Logged`]).
    #[inline]
    pub fn log(&self) -> &[Logged] {
        &self.log
    }
}

/// A face-down token lying on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// Placement order: the highest lies on top.
    pub seq: u32,
    /// Its value, if known.
    pub value: Option<u32>,
}

/// The state of one token supply.
#[derive(Debug, Clone, Default)]
pub struct TokenState {
    /// Tokens lying on segments.
    pub on: BTreeMap<NodeIndex, Vec<Token>>,
    /// Tokens each player holds: values, `None` when unknown.
    pub held: Vec<Vec<Option<u32>>>,
    /// Next placement number.
    pub next_seq: u32,
}

/// One tile's fit over the frontier, read from the fit tables ([`State::frontier_fit`]).
#[derive(Debug, Clone, Copy)]
pub struct FrontierFit<'a> {
    table: &'a [u8],
    patterns: &'a [u32],
    cells: &'a [crate::board::FrontierCell],
}

impl FrontierFit<'_> {
    /// Number of frontier cells.
    pub fn cells(&self) -> usize {
        self.cells.len()
    }

    /// The tile turned `turns` (0-3) quarter turns on the `i`-th frontier cell:
    /// `Some(Some(p))` when that is a legal placement, `Some(None)` when it is not, `None`
    /// when the tables cannot tell (a cell with no pattern) or `i` is past the end.
    #[inline]
    pub fn at(&self, i: usize, turns: u8) -> Option<Option<Placement>> {
        let pattern = *self.patterns.get(i)?;
        let rotations = *self.table.get(pattern as usize)?;
        let turns = turns & 3;
        if rotations >> turns & 1 == 0 {
            return Some(None);
        }
        let c = self.cells.get(i)?;
        Some(Some(Placement {
            x: c.x,
            y: c.y,
            rotation: u32::from(turns) * 90,
        }))
    }
}

/// Why a player cannot take a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MineError {
    /// The rules have no token a piece can take.
    NoTokens,
    /// The player's piece that takes tokens (of this kind) is not on the board.
    NoPiece(PieceKindId),
    /// The feature under it holds no token.
    Empty,
}

/// Why a placement that fits its neighbours still breaks a rule of its stack or of a
/// feature kind (see [`State::placement_rules`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleBreak {
    /// A tile of a stack with `continues` meets no segment of that kind on the board.
    NotContinued {
        /// The tile's stack.
        stack: usize,
        /// The feature kind it must continue.
        feature: FeatureId,
    },
    /// A bend of a `no_u_turn` feature kind turns the same way as the bend it continues.
    UTurn {
        /// The feature kind.
        feature: FeatureId,
        /// The neighbour holding the other bend (placed index).
        neighbour: u32,
        /// Whether both bends turn right (clockwise), seen along the feature.
        right: bool,
    },
}

/// Why a tile may not be drawn now: a stack played before its pile still has tiles that
/// fit (see [`State::pile_waiting`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    /// The stack that must be played first.
    pub stack: usize,
    /// Its copies left that fit somewhere on the board.
    pub playable: u32,
}

/// Why a piece cannot be placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceError {
    /// No segment at that address.
    UnknownAddress,
    /// The piece kind has no role on that feature (or the role's option is off).
    NoRole {
        /// Feature kind.
        feature: FeatureId,
    },
    /// A blocking piece is already in the feature.
    Occupied {
        /// Feature kind.
        feature: FeatureId,
        /// Owner of a blocking piece (index in turn order).
        by: usize,
        /// Kind of the blocking piece.
        piece: PieceKindId,
        /// Whether only the segment was looked at.
        segment: bool,
    },
    /// The player has none left.
    NoSupply,
    /// A snapshot puts two pieces of one kind on one segment.
    SegmentTaken,
    /// The role needs a feature that is not completed yet.
    Completed {
        /// Feature kind.
        feature: FeatureId,
    },
    /// The piece may only go on the tile just placed.
    NotAnywhere,
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
            board: {
                // Room for the whole set, up to a bound (a hint: the board grows past it).
                let tiles = &game.tiles.tiles;
                let copies = tiles.iter().map(|t| t.count as usize).sum::<usize>();
                let nodes = tiles
                    .iter()
                    .map(|t| t.count as usize * t.segments.len())
                    .sum::<usize>();
                Board::with_capacity(copies.min(1 << 14), nodes.min(1 << 16))
            },
            pieces: Pieces::default(),
            events: Vec::new(),
            used: vec![0; game.tiles.tiles.len()],
            turn: 0,
            last_player: 0,
            covered: Covered::new(),
            tokens: vec![
                TokenState {
                    held: vec![Vec::new(); n],
                    ..TokenState::default()
                };
                game.rules.token_pools.len()
            ],
            draws: Default::default(),
            log: Vec::new(),
            main_left: main_pile_tiles(game),
            next_player: 0,
            extra_turn: None,
            taken: Vec::new(),
            left_game: Vec::new(),
            turn_events: Events::new(),
            watched: Vec::new(),
        }
    }

    /// Back to a new game, as [`State::new`] made it with the same players and options,
    /// keeping the memory: a simulation plays its games one after another on one state.
    pub fn reset(&mut self) {
        let game = self.game;
        self.board.clear();
        self.pieces.clear();
        for s in &mut self.supply {
            s.clone_from(&game.tiles.supply);
        }
        self.points.fill(0);
        self.final_points.fill(0);
        self.events.clear();
        self.used.fill(0);
        self.turn = 0;
        self.last_player = 0;
        self.covered.clear();
        for t in &mut self.tokens {
            t.on.clear();
            t.held.iter_mut().for_each(Vec::clear);
            t.next_seq = 0;
        }
        self.draws.clear();
        self.log.clear();
        self.main_left = main_pile_tiles(game);
        self.next_player = 0;
        self.extra_turn = None;
        self.taken.clear();
        self.left_game.clear();
        self.turn_events.clear();
        self.watched.clear();
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
        self.main_left == 0
    }

    /// Counts one more copy of a tile used.
    pub(crate) fn count_copy(&mut self, tile: TileId) {
        let def = &self.game.tiles.tiles[tile];
        if def.stack.is_none() && self.used[tile] < def.count && self.used[tile] + 1 >= def.count {
            self.main_left = self.main_left.saturating_sub(1);
        }
        self.used[tile] = self.used[tile].saturating_add(1);
    }

    /// The pieces counted on a feature: standing on its segments, with a role scored on
    /// its kind; in the order they were placed.
    pub fn pieces_on(&self, f: &Feature) -> Vec<Piece> {
        self.pieces_at(f.kind, f.id())
    }

    /// The pieces counted on the feature of kind `kind` through `node`, in the order they
    /// were placed (cost: their number, read from the feature's index).
    pub fn pieces_at(&self, kind: FeatureId, node: NodeIndex) -> Vec<Piece> {
        self.pieces_inline(kind, node).into_vec()
    }

    /// [`State::pieces_at`], kept inline for the usual few.
    fn pieces_inline(&self, kind: FeatureId, node: NodeIndex) -> SmallVec<[Piece; 4]> {
        let mut ids: SmallVec<[u32; 8]> = self.board.features.pieces(kind, node).into();
        ids.sort_unstable();
        ids.into_iter()
            .filter_map(|id| self.pieces.get(id).copied())
            .collect()
    }

    /// Puts a piece on the board and on the feature it counts on.
    fn add_piece(&mut self, piece: Piece) {
        let id = self.pieces.insert(piece);
        self.board
            .features
            .add_piece(piece.scored_on, piece.node, id);
    }

    /// Takes a piece off the board and off its feature.
    fn lift_piece(&mut self, id: u32) -> Option<Piece> {
        let p = self.pieces.remove(id)?;
        self.board.features.remove_piece(p.scored_on, p.node, id);
        Some(p)
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
            return Err(PieceError::NoRole { feature });
        };
        let pk = &rules.pieces[kind];
        if !check_blocking && self.pieces.on_node(node).any(|(_, p)| p.kind == kind) {
            return Err(PieceError::SegmentTaken);
        }
        if role.requires_incomplete
            && graph::completed(rules, &self.game.tiles, &self.board, role.feature, node)
        {
            return Err(PieceError::Completed {
                feature: role.feature,
            });
        }
        if check_blocking {
            let blocker = if pk.blocked_on_segment {
                self.pieces
                    .on_node(node)
                    .map(|(_, p)| *p)
                    .find(|p| pk.blocked_by.contains(&p.kind))
            } else {
                // The first placed of the blocking pieces on the feature.
                self.board
                    .features
                    .pieces(role.scored_on, node)
                    .iter()
                    .filter_map(|&id| self.pieces.get(id).map(|p| (id, *p)))
                    .filter(|(_, p)| pk.blocked_by.contains(&p.kind))
                    .min_by_key(|(id, _)| *id)
                    .map(|(_, p)| p)
            };
            if let Some(p) = blocker {
                return Err(PieceError::Occupied {
                    feature: role.scored_on,
                    by: p.player,
                    piece: p.kind,
                    segment: pk.blocked_on_segment,
                });
            }
        }
        let on_board = self.pieces.count(player, kind) > 0;
        if self.supply[player][kind] == 0 && !(pk.movable && on_board) {
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
        if self.supply[player][kind] == 0 {
            // A movable piece (tent) is picked up and placed again.
            let moved = self
                .pieces
                .with_ids()
                .find(|(_, p)| p.player == player && p.kind == kind)
                .map(|(id, _)| id);
            if let Some(id) = moved {
                self.lift_piece(id);
                self.supply[player][kind] += 1;
            }
        }
        self.supply[player][kind] -= 1;
        self.add_piece(piece);
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
        let found = self
            .pieces
            .on_node(node)
            .find(|(_, p)| p.player == player && p.kind == kind)
            .map(|(id, _)| id);
        match found.and_then(|id| self.lift_piece(id)) {
            Some(p) => {
                self.supply[p.player][p.kind] += 1;
                true
            }
            None => false,
        }
    }

    /// Checks the rules a placement must keep beyond fitting its neighbours (call it when
    /// [`Board::fits`] holds): with `continuation`, a tile of a stack that `continues` a
    /// feature kind must meet a segment of that kind across a side; a segment of a
    /// `no_u_turn` kind that bends may not bend the same way as a bend it meets.
    /// `continuation` is off for snapshots, whose tiles are laid in any order; the first
    /// tile on an empty board (the start tile) has nothing to continue.
    pub fn placement_rules(
        &self,
        tile: TileId,
        x: i32,
        y: i32,
        turns: u8,
        continuation: bool,
    ) -> Result<(), RuleBreak> {
        if !self.has_placement_rules(tile) {
            return Ok(());
        }
        let rules = &self.game.rules;
        let def = &self.game.tiles.tiles[tile];
        let stack = def
            .stack
            .filter(|_| continuation && !self.board.placed.is_empty());
        let continues = stack.and_then(|s| rules.stacks[s].continues.map(|f| (s, f)));
        let mut continued = false;
        for seg in 0..def.segments.len() {
            let kind = def.segments[seg].feature;
            let wanted = continues.is_some_and(|(_, f)| f == kind);
            let no_u_turn = rules.features[kind].no_u_turn;
            if !wanted && !no_u_turn {
                continue;
            }
            let sides = segment_sides(def.board_slots(seg, turns));
            for slot in def.board_slots(seg, turns) {
                let Some((n, other)) = self.facing(x, y, slot.side, slot.part) else {
                    continue;
                };
                if other.1 != kind {
                    continue;
                }
                continued |= wanted;
                if !no_u_turn {
                    continue;
                }
                // Travelling from the neighbour into this tile across `slot.side`.
                let q = self.board.placed[n as usize];
                let theirs =
                    segment_sides(self.game.tiles.tiles[q.tile].board_slots(other.0, q.turns));
                let (Some(mine), Some(before)) = (
                    bend(&sides, slot.side, true),
                    bend(&theirs, opposite(slot.side), false),
                ) else {
                    continue;
                };
                if mine == before {
                    return Err(RuleBreak::UTurn {
                        feature: kind,
                        neighbour: n,
                        right: mine == 1,
                    });
                }
            }
        }
        match continues {
            Some((stack, feature)) if !continued => Err(RuleBreak::NotContinued { stack, feature }),
            _ => Ok(()),
        }
    }

    /// The placed tile across `side` of cell (x, y) and its segment (index, feature kind)
    /// at the slot facing part `part` of that side.
    fn facing(&self, x: i32, y: i32, side: Side, part: u8) -> Option<(u32, (usize, FeatureId))> {
        let (dx, dy) = offset(side);
        let n = self.board.at(x.checked_add(dx)?, y.checked_add(dy)?)?;
        let q = self.board.placed[n as usize];
        let rot = &self.game.tiles.tiles[q.tile].rotations[q.turns as usize];
        let back = opposite(side);
        let parts = self.game.rules.parts(rot.sides[back as usize]);
        let their_part = (parts as u8).checked_sub(1 + part)?;
        let seg = rot.slot_segment[back as usize][their_part as usize];
        if seg == NO_SEGMENT {
            return None;
        }
        let seg = seg as usize;
        let kind = self.game.tiles.tiles[q.tile].segments[seg].feature;
        Some((n, (seg, kind)))
    }

    /// Whether a tile of `stack` (`None`: the main pile) may be drawn in an ordinary turn
    /// now: every stack with a lower `order` is done (no copy left, or none of the copies
    /// left fits anywhere). Returns the first stack that is not, with how many of its
    /// copies fit. Stacks drawn only for extra turns are never waited for.
    pub fn pile_waiting(&self, stack: Option<usize>) -> Option<Waiting> {
        let rules = &self.game.rules;
        if rules.stacks.is_empty() {
            return None;
        }
        let mine = rules.pile_order(stack)?;
        let mut earlier: Vec<(u64, usize)> = (0..rules.stacks.len())
            .filter_map(|s| rules.pile_order(Some(s)).map(|o| (o, s)))
            .filter(|&(o, _)| o < mine)
            .collect();
        earlier.sort();
        earlier.into_iter().find_map(|(_, s)| {
            let playable = self
                .game
                .tiles
                .tiles
                .iter()
                .enumerate()
                .filter(|(i, t)| t.stack == Some(s) && self.used[*i] < t.count)
                .filter(|(i, _)| !self.legal_placements(*i).is_empty())
                .fold(0u32, |a, (i, t)| a.saturating_add(t.count - self.used[i]));
            (playable > 0).then_some(Waiting { stack: s, playable })
        })
    }

    /// Every legal placement of a tile on the current board, sorted: it fits its
    /// neighbours and keeps the placement rules of its stack and feature kinds
    /// ([`State::placement_rules`]). Which pile may be drawn from is not looked at
    /// ([`State::pile_waiting`]).
    pub fn legal_placements(&self, tile: TileId) -> Vec<Placement> {
        let mut out = Vec::new();
        self.for_each_placement(tile, |p| out.push(p));
        out.sort_unstable();
        out
    }

    /// Calls `f` with every legal placement of a tile (see [`State::legal_placements`]),
    /// in frontier order (the same for the same game, but not sorted). Costs one
    /// comparison of side kinds per frontier cell and rotation; the placement rules are
    /// looked at only for tiles that have some.
    pub fn for_each_placement(&self, tile: TileId, mut f: impl FnMut(Placement)) {
        let def = &self.game.tiles.tiles[tile];
        let has_rules = self.has_placement_rules(tile);
        let limit = crate::limits::MAX_COORDINATE.unsigned_abs();
        let fits = &self.game.tiles.fits;
        for cell in self.board.frontier_cells() {
            let mut turns_fit = match fits.rotations(tile, cell.pattern()) {
                Some(m) => m,
                None => (0..4u8)
                    .filter(|&t| cell.admits(&def.rotations[t as usize]))
                    .fold(0, |m, t| m | 1 << t),
            };
            if turns_fit == 0 || cell.x.unsigned_abs() > limit || cell.y.unsigned_abs() > limit {
                continue;
            }
            while turns_fit != 0 {
                let turns = turns_fit.trailing_zeros() as u8;
                turns_fit &= turns_fit - 1;
                if !has_rules
                    || self
                        .placement_rules(tile, cell.x, cell.y, turns, true)
                        .is_ok()
                {
                    f(Placement {
                        x: cell.x,
                        y: cell.y,
                        rotation: turns as u32 * 90,
                    });
                }
            }
        }
    }

    /// The number of legal placements of `tile` (those [`State::for_each_placement`]
    /// lists), counted from the fit tables without listing them; `None` when the tile set
    /// has no tables, a frontier cell has no pattern, or the tile has placement rules of
    /// its own (a stack that continues a feature, no U-turns), which need a full check.
    pub fn count_placements(&self, tile: TileId) -> Option<usize> {
        let limit = crate::limits::MAX_COORDINATE.unsigned_abs();
        if self.has_placement_rules(tile) || self.board.frontier_reach() > limit {
            return None;
        }
        let table = self.game.tiles.fits.table(tile)?;
        // Without an early exit, so that the loop has no branch to mispredict.
        let (mut n, mut missing) = (0usize, false);
        for &pattern in self.board.frontier_patterns() {
            let m = table.get(pattern as usize).copied();
            missing |= m.is_none();
            n += m.unwrap_or(0).count_ones() as usize;
        }
        (!missing).then_some(n)
    }

    /// `tile` turned `turns` quarter turns on the `i`-th frontier cell (in the order of
    /// [`crate::board::Board::frontier_cells`]), from the fit tables: `Some(Some(p))`
    /// when that is a legal placement, `Some(None)` when it is not, `None` when the tables
    /// cannot tell (as for [`State::count_placements`]; then list the placements). See
    /// [`State::frontier_fit`] to ask many times.
    pub fn placement_fits(&self, tile: TileId, i: usize, turns: u8) -> Option<Option<Placement>> {
        self.frontier_fit(tile)?.at(i, turns)
    }

    /// The fit tables of `tile` over the current frontier, when they tell its legal
    /// placements (as for [`State::count_placements`]): the random agent draws a frontier
    /// cell and a rotation until they fit, which picks every legal placement with the
    /// same chance (rejection sampling) without counting them.
    pub fn frontier_fit(&self, tile: TileId) -> Option<FrontierFit<'_>> {
        let limit = crate::limits::MAX_COORDINATE.unsigned_abs();
        if self.has_placement_rules(tile) || self.board.frontier_reach() > limit {
            return None;
        }
        Some(FrontierFit {
            table: self.game.tiles.fits.table(tile)?,
            patterns: self.board.frontier_patterns(),
            cells: self.board.frontier_cells(),
        })
    }

    /// The `k`-th legal placement of `tile` in the order of [`State::for_each_placement`]
    /// (0-based), when [`State::count_placements`] counts it; `None` past the end.
    pub fn nth_placement(&self, tile: TileId, mut k: usize) -> Option<Placement> {
        let table = self.game.tiles.fits.table(tile)?;
        let patterns = self.board.frontier_patterns();
        for (i, &pattern) in patterns.iter().enumerate() {
            let mut m = *table.get(pattern as usize)?;
            let here = m.count_ones() as usize;
            if k >= here {
                k -= here;
                continue;
            }
            for _ in 0..k {
                m &= m - 1;
            }
            let c = self.board.frontier_cells().get(i)?;
            return Some(Placement {
                x: c.x,
                y: c.y,
                rotation: m.trailing_zeros() * 90,
            });
        }
        None
    }

    /// Whether placing `tile` is subject to rules beyond matching sides (its stack
    /// continues a feature, or it carries a feature that may not turn back).
    fn has_placement_rules(&self, tile: TileId) -> bool {
        self.game.play_tables().placement_rules[tile]
    }

    /// The record of a scored feature (its tiles moved out of `f`, written out for it).
    fn event(
        &self,
        f: Feature,
        phase: Phase,
        completed: bool,
        scorers: Vec<usize>,
        v: Valuation,
    ) -> Scored {
        Scored {
            phase,
            turn: self.turn,
            kind: f.kind,
            node: f.id(),
            completed,
            items: self.ctx().feature_items(&f).into_vec(),
            tiles: f.tiles,
            pieces: Vec::new(),
            strength: Vec::new(),
            scorers,
            points: v.points,
            terms: v.terms,
            capped: v.capped,
            tokens: Vec::new(),
            effect: None,
        }
    }

    /// Scores one feature for its majority; during play its pieces return to supply.
    fn score_feature(&mut self, f: Feature, completed: bool, phase: Phase) {
        let (kind_id, id) = (f.kind, f.id());
        let on = self.pieces_inline(kind_id, id);
        if on.is_empty() {
            if phase == Phase::Play && completed {
                // No majority: a completed feature's tokens leave the game.
                self.distribute_tokens(&f, &[]);
            }
            return;
        }
        let rules = &self.game.rules;
        let players = self.players.len();
        let strengths = score::strengths(rules, &on, players);
        let scorers = score::majority_of(&strengths);
        let tokens = if phase == Phase::Play {
            self.distribute_tokens(&f, &scorers)
        } else {
            Vec::new()
        };
        let kind = &rules.features[kind_id];
        let cases = if completed {
            &kind.completed
        } else {
            &kind.final_
        };
        let valuation = if scorers.is_empty() {
            None
        } else {
            score::value(&self.ctx(), &f, cases, None)
        };
        if let Some(v) = valuation {
            let mut pieces = vec![0u32; players];
            for p in &on {
                if rules.pieces[p.kind].majority {
                    pieces[p.player] += 1;
                }
            }
            // Strengths are listed only when they differ from the numbers of pieces.
            let strength = if on
                .iter()
                .any(|p| rules.pieces[p.kind].majority && rules.pieces[p.kind].weight != 1)
            {
                strengths.into_vec()
            } else {
                Vec::new()
            };
            for &s in &scorers {
                if phase == Phase::Final {
                    self.final_points[s] = self.final_points[s].saturating_add(v.points);
                } else {
                    self.points[s] = self.points[s].saturating_add(v.points);
                }
            }
            let mut e = self.event(f, phase, completed, scorers, v);
            e.pieces = pieces;
            e.tokens = tokens;
            e.strength = strength;
            self.events.push(e);
        }
        if phase == Phase::Play {
            for id in self.board.features.take_pieces(kind_id, id) {
                if let Some(p) = self.pieces.remove(id) {
                    self.supply[p.player][p.kind] += 1;
                }
            }
        }
    }

    /// Scores every feature completed by the tile just placed (with index `placed`):
    /// closed features through its segments, surrounded features on it or around it.
    /// Returns the features completed (scored or not), for extra-turn rules.
    pub(crate) fn score_completed(&mut self, placed: u32) -> Vec<Completed> {
        let rules = &self.game.rules;
        let play = self.game.play_tables();
        let p = self.board.placed[placed as usize];
        let first = p.first_node as usize;
        let mut starts: SmallVec<[NodeIndex; 16]> = SmallVec::new();
        for s in 0..self.game.tiles.tiles[p.tile].segments.len() {
            starts.push(NodeIndex::new(first + s));
        }
        if play.any_surrounded {
            // The watched tiles around this one, in the order of `AROUND`; those now
            // surrounded (this one too, laid in a hole) are no longer watched: no tile
            // can come next to them.
            let mut around: SmallVec<[(usize, u32); 8]> = SmallVec::new();
            let mut i = 0;
            while let Some(&(x, y, n)) = self.watched.get(i) {
                let (dx, dy) = (i64::from(x) - i64::from(p.x), i64::from(y) - i64::from(p.y));
                if dx.abs() > 1 || dy.abs() > 1 {
                    i += 1;
                    continue;
                }
                if let Some(k) = AROUND
                    .iter()
                    .position(|&d| (i64::from(d.0), i64::from(d.1)) == (dx, dy))
                {
                    around.push((k, n));
                }
                if self.board.neighbours(x, y) == 8 {
                    self.watched.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            around.sort_unstable();
            for (_, n) in around {
                let q = self.board.placed[n as usize];
                for &s in &play.surrounded[q.tile] {
                    starts.push(NodeIndex::new(q.first_node as usize + s as usize));
                }
            }
        }
        // Features looked at, by (kind, root): every segment of one has the same root.
        let mut done: SmallVec<[(usize, NodeIndex); 16]> = SmallVec::new();
        let mut completed = Vec::new();
        // First the features completed by their own geometry, then those completed by the
        // completion of features linked to them (a city whose railroads are all complete),
        // looked for next to everything completed in the first pass.
        let mut linked_starts: SmallVec<[NodeIndex; 16]> = SmallVec::new();
        for pass in 0..2 {
            if pass == 1 {
                if !play.any_linked {
                    break;
                }
                let found = std::mem::take(&mut linked_starts);
                starts.extend(found);
            }
            for &start in &starts {
                let own = self.board.graph[start].feature;
                for &kind in &play.completes[own][pass] {
                    // In the first pass completion is read from the feature's counters,
                    // cheaper than telling whether it was looked at: most are not
                    // completed. (Scoring one feature completes no other.)
                    if pass == 0
                        && !graph::completed(rules, &self.game.tiles, &self.board, kind, start)
                    {
                        continue;
                    }
                    let root = self.board.features.find(kind, start);
                    if done.contains(&(kind, root)) {
                        continue;
                    }
                    done.push((kind, root));
                    if pass == 1
                        && !graph::completed(rules, &self.game.tiles, &self.board, kind, start)
                    {
                        continue;
                    }
                    let f = graph::component(rules, &self.game.tiles, &self.board, kind, start);
                    if pass == 0 && play.any_linked {
                        linked_starts.extend(graph::link_neighbours(&self.board, &f));
                    }
                    completed.push(Completed {
                        kind,
                        items: self.ctx().feature_items(&f),
                        pieces: self.board.features.occupied(kind, start),
                    });
                    self.score_feature(f, true, Phase::Play);
                }
            }
        }
        completed
    }

    /// Applies the effects of the items on the tile just placed (rules' `effects`), for
    /// `player`: immediate scoring (logboat, hunting trap) with covering. Returns the piece
    /// kind an effect lets the player return (shaman), if any.
    pub(crate) fn apply_effects(&mut self, player: usize, placed: u32) -> Option<PieceKindId> {
        let rules = &self.game.rules;
        if rules.effects.is_empty() {
            return None;
        }
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
                let Some((v, case)) = score::value_with_case(&ctx, &f, &effect.score, within)
                else {
                    continue;
                };
                // What gets covered: every counted item in the scope, and of the items that
                // cancel others only as many as did cancel (a tiger that ate no deer stays).
                let terms = &effect.score[case].terms;
                let mut cover: Vec<(usize, u32)> = Vec::new();
                for (t, tv) in terms.iter().zip(&v.terms) {
                    if let crate::rules::Count::Item(i) = t.count {
                        cover.push((i, u32::MAX));
                    }
                    if let Some(c) = t.cancelled_by {
                        cover.push((c, tv.cancelled as u32));
                    }
                }
                self.points[player] = self.points[player].saturating_add(v.points);
                let mut e = self.event(f, Phase::Effect, false, vec![player], v);
                e.effect = Some(effect.item);
                if effect.cover {
                    for (item, mut left) in cover {
                        for &n in &scope {
                            let k = self.ctx().items_on(n, item).min(left);
                            if k > 0 {
                                left -= k;
                                let c = &mut self
                                    .covered
                                    .entry(n)
                                    .or_insert_with(|| vec![0; rules.items.len()])[item];
                                *c = c.saturating_add(k);
                            }
                        }
                    }
                }
                self.events.push(e);
            }
        }
        may_return
    }

    /// Puts the tokens the tile just placed brings: one face-down token per item of a
    /// pool's kind, on the segment holding it (Gold Rush: one mining token per nugget).
    pub(crate) fn put_tokens(&mut self, placed: u32) {
        let rules = &self.game.rules;
        if rules.token_pools.is_empty() {
            return;
        }
        let p = self.board.placed[placed as usize];
        for (i, pool) in rules.token_pools.iter().enumerate() {
            for seg in 0..self.game.tiles.tiles[p.tile].segments.len() {
                let node = self.board.node(placed, seg);
                if !rules.features[pool.feature]
                    .members
                    .contains(&self.board.graph[node].feature)
                {
                    continue;
                }
                // One token per item; a file has at most `MAX_ITEMS` on a segment, and a
                // tile set built in code with more does not get more tokens than that.
                let n = self
                    .ctx()
                    .items_on(node, pool.item)
                    .min(crate::limits::MAX_ITEMS);
                for _ in 0..n {
                    let t = &mut self.tokens[i];
                    t.on.entry(node).or_default().push(Token {
                        seq: t.next_seq,
                        value: None,
                    });
                    t.next_seq += 1;
                }
            }
        }
    }

    /// Removes the top token of a feature (highest placement number) for a pool.
    fn pop_token(&mut self, pool: usize, f: &Feature) -> Option<Token> {
        let t = &mut self.tokens[pool];
        let (&node, _) =
            t.on.iter()
                .filter(|(n, v)| f.nodes.binary_search(n).is_ok() && !v.is_empty())
                .max_by_key(|(_, v)| v.iter().map(|k| k.seq).max())?;
        let pile = t.on.get_mut(&node)?;
        let top = pile
            .iter()
            .enumerate()
            .max_by_key(|(_, k)| k.seq)
            .map(|(i, _)| i)?;
        Some(pile.remove(top))
    }

    /// Gives a token to a player; its value is the token's, or the next announced draw.
    fn give_token(&mut self, pool: usize, player: usize, token: Token) {
        let value = token.value.or_else(|| self.draws.pop_front());
        self.tokens[pool].held[player].push(value);
        self.taken.push((pool, player));
    }

    /// The token pool a piece can take from and the piece kind that takes it.
    fn mining(&self) -> Option<(usize, PieceKindId)> {
        self.game
            .rules
            .token_pools
            .iter()
            .enumerate()
            .find_map(|(i, p)| p.taken_by.map(|k| (i, k)))
    }

    /// The feature under the player's token-taking piece, with the pool, if any.
    fn mining_feature(&self, player: usize) -> Result<(usize, Feature), MineError> {
        let rules = &self.game.rules;
        let Some((pool, kind)) = self.mining() else {
            return Err(MineError::NoTokens);
        };
        let Some(piece) = self
            .pieces
            .iter()
            .find(|p| p.player == player && p.kind == kind)
            .copied()
        else {
            return Err(MineError::NoPiece(kind));
        };
        let f = graph::component(
            rules,
            &self.game.tiles,
            &self.board,
            rules.token_pools[pool].feature,
            piece.node,
        );
        Ok((pool, f))
    }

    /// Whether the player could take a token now (see [`State::mine`]).
    pub fn can_mine(&self, player: usize) -> bool {
        self.mining().is_some_and(|(pool, kind)| {
            self.pieces.count(player, kind) > 0 && !self.tokens[pool].on.is_empty()
        }) && self.mining_feature(player).is_ok_and(|(pool, f)| {
            self.tokens[pool]
                .on
                .iter()
                .any(|(n, v)| !v.is_empty() && f.nodes.binary_search(n).is_ok())
        })
    }

    /// The player takes the top token of the feature where their token-taking piece stands
    /// (Gold Rush: mine the mountain where their tent is). Returns the token pool.
    pub fn mine(&mut self, player: usize) -> Result<usize, MineError> {
        let (pool, f) = self.mining_feature(player)?;
        let token = self.pop_token(pool, &f).ok_or(MineError::Empty)?;
        self.give_token(pool, player, token);
        Ok(pool)
    }

    /// A completed feature's tokens go to its majority, tied players taking turns clockwise
    /// from the active player (the player of the current turn); with no majority they leave
    /// the game. Returns the tokens each player took.
    fn distribute_tokens(&mut self, f: &Feature, scorers: &[usize]) -> Vec<u32> {
        let mut taken = Vec::new();
        let n = self.players.len().max(1);
        let active = self.last_player;
        let mut order = scorers.to_vec();
        order.sort_by_key(|&s| (s + n - active) % n);
        for pool in 0..self.game.rules.token_pools.len() {
            if self.game.rules.token_pools[pool].feature != f.kind {
                continue;
            }
            let mut i = 0u32;
            while let Some(token) = self.pop_token(pool, f) {
                if let Some(&p) = order.get(i as usize % order.len().max(1)) {
                    self.give_token(pool, p, token);
                    if taken.is_empty() {
                        taken = vec![0; n];
                    }
                    taken[p] += 1;
                }
                i += 1;
            }
            if order.is_empty() && i > 0 {
                self.left_game.push(Event::TokensLeft {
                    pool,
                    kind: f.kind,
                    count: i,
                });
            }
        }
        taken
    }

    /// Token points each player holds (known values) and how many held tokens have an
    /// unknown value, by player.
    pub fn token_points(&self) -> Vec<(i64, u32)> {
        (0..self.players.len())
            .map(|p| {
                let held = self.tokens.iter().flat_map(|t| t.held[p].iter());
                let known = held
                    .clone()
                    .flatten()
                    .fold(0i64, |a, &v| a.saturating_add(i64::from(v)));
                let unknown = held.filter(|v| v.is_none()).count() as u32;
                (known, unknown)
            })
            .collect()
    }

    /// End-of-game scoring: every feature still holding pieces scores its `final` cases
    /// (or its `completed` cases if it is completed, as in a snapshot). Pieces stay.
    pub fn final_scoring(&mut self) {
        self.score_all(false);
        // Tokens still on the board leave the game.
        for t in &mut self.tokens {
            t.on.clear();
        }
    }

    /// Scores completed features that still hold pieces (a snapshot taken before scoring).
    /// Returns what happened besides scoring (tokens that left the game).
    pub fn score_pending(&mut self) -> Vec<Event> {
        self.left_game.clear();
        self.score_all(true);
        let events = std::mem::take(&mut self.left_game);
        for e in &events {
            self.log.push(Logged {
                turn: self.turn,
                player: self.last_player,
                event: e.clone(),
            });
        }
        events
    }

    /// Scores every feature of the board once, in board order (by the feature's first
    /// segment, ordinary features first). Only features holding pieces are written out
    /// (and a completed one whose tokens leave the game); the others cost a look at their
    /// counters.
    fn score_all(&mut self, only_completed: bool) {
        let rules = &self.game.rules;
        let tokens_on = |kind: FeatureId| rules.token_pools.iter().any(|p| p.feature == kind);
        // Scoring a feature changes no other feature's pieces (a piece counts on one), so
        // the features are those the pieces on the board count on (and, for a snapshot,
        // those where tokens lie), found before sorting.
        let forest = &self.board.features;
        let entry = |kind: FeatureId, node: NodeIndex| {
            let root = forest.find(kind, node);
            let first = forest.first(kind, root);
            (first, rules.features[kind].aggregate, kind, root)
        };
        let mut list: Vec<(NodeIndex, bool, FeatureId, NodeIndex)> = self
            .pieces
            .iter()
            .map(|p| entry(p.scored_on, p.node))
            .collect();
        if only_completed && !rules.token_pools.is_empty() {
            list.extend(
                forest
                    .roots()
                    .filter(|&(kind, _, _)| tokens_on(kind))
                    .map(|(kind, root, _)| entry(kind, root)),
            );
        }
        list.sort_unstable();
        list.dedup();
        for (_, _, kind, root) in list {
            let completed = graph::completed(rules, &self.game.tiles, &self.board, kind, root);
            let phase = match (only_completed, completed) {
                (true, true) => Phase::Play,
                (false, _) => Phase::Final,
                (true, false) => continue,
            };
            let tokens = phase == Phase::Play && completed && tokens_on(kind);
            if !self.board.features.occupied(kind, root) && !tokens {
                continue;
            }
            let f = graph::component(rules, &self.game.tiles, &self.board, kind, root);
            self.score_feature(f, completed, phase);
        }
    }
}

/// The main-pile tiles (no `stack`) with copies, at the start of a game.
fn main_pile_tiles(game: &Game) -> usize {
    game.tiles
        .tiles
        .iter()
        .filter(|t| t.stack.is_none() && t.count > 0)
        .count()
}

/// The distinct sides a segment meets, from its slots in board orientation.
fn segment_sides(slots: impl Iterator<Item = crate::geometry::Slot>) -> Vec<Side> {
    let mut sides: Vec<Side> = slots.map(|s| s.side).collect();
    sides.sort_unstable();
    sides.dedup();
    sides
}

/// How a segment meeting exactly two sides at a right angle turns, seen by someone who
/// crosses side `through` (entering the tile when `entering`, else leaving it): 1 right
/// (clockwise), 3 left; `None` for a straight segment, an end or a fork.
fn bend(sides: &[Side], through: Side, entering: bool) -> Option<u8> {
    let &[a, b] = sides else {
        return None;
    };
    let other = if a == through {
        b
    } else if b == through {
        a
    } else {
        return None;
    };
    let (entry, exit) = if entering {
        (through, other)
    } else {
        (other, through)
    };
    // Heading when entering: away from the entry side; when leaving: towards the exit side.
    let turn = (exit + 4 - opposite(entry)) % 4;
    matches!(turn, 1 | 3).then_some(turn)
}

/// A feature completed by a tile, as extra-turn rules need it.
#[derive(Debug, Clone)]
pub struct Completed {
    /// Feature kind.
    pub kind: usize,
    /// Uncovered item counts, by item id (kept inline for up to 8 item kinds).
    pub items: SmallVec<[u64; 8]>,
    /// Whether pieces were counted on it.
    pub pieces: bool,
}

/// The tiles of a game's ordinary turns in the order they are drawn: every copy of every
/// tile of the stacks with an `order` (lowest order first), then of the main pile (no
/// `stack`), each pile in set order, minus the start tile. Stacks drawn only for extra
/// turns are left out.
pub fn draw_pile(game: &Game) -> Vec<TileId> {
    let rules = &game.rules;
    let mut piles: Vec<(u64, Option<usize>)> = (0..rules.stacks.len())
        .filter_map(|s| rules.pile_order(Some(s)).map(|o| (o, Some(s))))
        .collect();
    piles.extend(rules.pile_order(None).map(|o| (o, None)));
    piles.sort();
    let mut pile = Vec::new();
    for (_, stack) in piles {
        for (i, t) in game
            .tiles
            .tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.stack == stack)
        {
            let copies = if i == game.tiles.start {
                t.count.saturating_sub(1)
            } else {
                t.count
            };
            pile.extend(std::iter::repeat_n(i, copies as usize));
        }
    }
    pile
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

#[cfg(test)]
mod tests {
    use super::bend;

    #[test]
    fn bends_turn_right_or_left_whichever_way_they_are_crossed() {
        // Sides: 0 N, 1 E, 2 S, 3 W. A segment W-S entered from W (heading east) leaves by
        // S (heading south): a right turn; entered from S (heading north) it leaves by W:
        // a left turn.
        assert_eq!(bend(&[2, 3], 3, true), Some(1));
        assert_eq!(bend(&[2, 3], 2, true), Some(3));
        // Seen leaving through a side: W-S left through S came in from W: right.
        assert_eq!(bend(&[2, 3], 2, false), Some(1));
        // N-E entered from N (heading south) leaves by E: a left turn.
        assert_eq!(bend(&[0, 1], 0, true), Some(3));
        // Straight segments, ends, forks and a side the segment does not meet: no bend.
        assert_eq!(bend(&[1, 3], 3, true), None);
        assert_eq!(bend(&[1], 1, true), None);
        assert_eq!(bend(&[0, 1, 3], 3, true), None);
        assert_eq!(bend(&[0, 1], 2, true), None);
    }
}
