//! The play engine: game state, turns checked against the rules, scoring during play and
//! at the end. No files and no text processing: position files are replayed into game
//! states a layer above ([`crate::replay`]).
//!
//! A turn (docs/rules/carcassonne.md#1-turn): place a tile so that it touches the board and
//! every touching side fits; apply the effects of the items on it (Hunters and Gatherers
//! menhir tiles); optionally place one piece from supply on a segment of that tile, only if
//! the feature the piece counts on holds no piece that blocks it; then score every feature
//! the tile completed, whoever placed it, and return the pieces in them (a piece placed
//! this turn on a feature completed this turn scores and returns too). Completing a feature
//! can earn an extra turn with a tile from another stack.
//!
//! Rule sets can add placement rules (The River): stacks with an `order` are drawn in
//! ordinary turns before the main pile ([`State::pile_waiting`]); a stack's tiles may have
//! to continue a feature kind, and a `no_u_turn` feature kind may not bend twice the same
//! way in a row ([`State::placement_rules`]). A majority weighs each piece by its kind's
//! `weight` (Inns and Cathedrals: the large follower counts 2).

mod hooks;
mod pieces;
mod placement;
mod placing;
pub mod play;
mod scoring;
mod snapshot;
mod tokens;
mod turn;

pub use hooks::{Hooks, Memory};
pub use pieces::{Pieces, Spent};
pub use placement::{FrontierFit, RuleBreak, Waiting};
pub use placing::PieceError;
pub use scoring::Completed;
pub use tokens::{MineError, Token, TokenState};
pub use turn::{
    Action, Actions, Asked, AuctionError, AwardSource, Begun, Choice, Choices, Decider, Event,
    Events, Given, LayError, MAX_CHOICES, Move, NoAuction, NotOffered, RansomError, SetAsideError,
    SpanError, TurnError,
};

use std::collections::BTreeMap;

use petgraph::graph::NodeIndex;
use serde::Serialize;
use smallvec::SmallVec;

use crate::board::{Board, PlaceError};
use crate::geometry::{AROUND, Rotation, Side, offset, opposite};
use crate::graph::{self, Feature};
use crate::rules::Game;
use crate::rules::{FeatureId, ItemId, NO_SEGMENT, PieceKindId, Role, TileId};
use crate::score::{self, Covered, Ctx, Piece, TermValue, Valuation};

/// A legal tile placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Placement {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Its rotation (serialized in degrees clockwise).
    pub rotation: Rotation,
}

/// A token laid straight across a tile, from the middle of one side to the middle of the
/// opposite one, in board orientation (a bridge; `crate::mechanism::spanning`), written
/// `span: {x, y, axis}` in a position's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    /// Column of its tile.
    pub x: i32,
    /// Row of its tile.
    pub y: i32,
    /// Its line on the board.
    pub axis: crate::geometry::Axis,
}

/// An auction of tiles after the turn of a tile that starts one (a bazaar;
/// `crate::mechanism::auctioning`), written `auction: {tiles, rounds}` in the turn: the
/// tiles revealed from the pile, one per player, and each round but the last (whose
/// player takes the last tile for nothing).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Auction {
    /// The tiles revealed, in order.
    pub tiles: Vec<TileId>,
    /// The rounds, in order: the first player without a tile from the one after the
    /// player of the turn chooses in each.
    pub rounds: Vec<AuctionRound>,
}

/// An auction due before the next turn ([`State::auction_due`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuctionDue {
    /// The player of the turn that started it (the first chooser is the next one).
    pub player: usize,
    /// Whether players bid (else each just chooses a tile).
    pub bids: bool,
    /// Whether a chooser who sold chooses again (else the next player without a tile in
    /// turn order after them does).
    pub seller_again: bool,
}

impl AuctionDue {
    /// Who chooses next, of `players` players, when `has` says who has a tile: the first
    /// round's chooser is the player after the one of the turn; after a round chosen by
    /// `previous`, the next player without a tile in turn order after them (or from the
    /// first chooser on, when a seller chooses again). `None` when everyone has one.
    pub fn chooser(&self, players: usize, previous: Option<usize>, has: &[bool]) -> Option<usize> {
        let from = match previous {
            Some(p) if !self.seller_again => p,
            _ => self.player,
        };
        (1..=players)
            .map(|k| (from + k) % players)
            .find(|&p| !has.get(p).copied().unwrap_or(true))
    }

    /// The players who bid after `chooser` in a round, in turn order: the others without
    /// a tile (`has`), of `players` players.
    pub fn bidders(players: usize, chooser: usize, has: &[bool]) -> Vec<usize> {
        (1..players)
            .map(|k| (chooser + k) % players)
            .filter(|&p| !has.get(p).copied().unwrap_or(true))
            .collect()
    }
}

/// One round of an [`Auction`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuctionRound {
    /// The tile the chooser puts up.
    pub tile: TileId,
    /// The chooser's bid, then each other player without a tile in turn order: a higher
    /// bid, or `None` (they pass). Empty where the rules have no bids.
    pub bids: Vec<Option<u32>>,
    /// Whether the chooser sells the tile to the highest bidder (else buys it).
    pub sell: bool,
}

/// When a feature scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Completed during play (scored at the end of the turn:
    /// docs/rules/carcassonne.md#3-scoring-a-completed-feature).
    Play,
    /// End-of-game scoring.
    Final,
    /// Scored by an effect of the tile just placed (Hunters and Gatherers: logboat,
    /// hunting trap).
    Effect,
}

/// One feature scored, during play, at the end or by an effect: ids and numbers only
/// (reports name them, [`crate::report`]).
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
    /// Points each scorer received besides `points`, from pieces that raise their owner's
    /// score ([`Hooks::raise`]), by player; empty when none did.
    pub raised: Vec<i64>,
    /// Players who tied for the most strength and lost the tie-break
    /// ([`Hooks::break_tie`]: a follower on a hill wins it), in player order; empty when
    /// no tie was broken.
    pub tie_lost: Vec<usize>,
    /// For an effect: the item on the tile just placed that triggered it.
    pub effect: Option<ItemId>,
}

/// Something that happened besides scoring, kept for reports (ids only; the report layer
/// words it, [`crate::report`]): a tile set aside ([`Event::SetAside`]), a piece taken
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
#[derive(Debug)]
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
    /// Draws from a bag announced by the random number that made them, each in [0, 1)
    /// (a turn's `drawn_at`), in order: used once the announced values are used up.
    draw_fractions: std::collections::VecDeque<f64>,
    /// The corner of the tile just placed that the turn's piece was named by, if a
    /// position names one (`NW`): a piece placed at a corner must stand at that one
    /// (see [`State::name_piece_corner`]).
    piece_corner: Option<crate::geometry::Corner>,
    /// What happened besides scoring, in order (see [`Logged`]).
    log: Vec<Logged>,
    /// Main-pile tiles (no `stack`) with copies not yet placed (see
    /// [`State::main_pile_empty`]).
    main_left: usize,
    /// Copies of main-pile tiles not yet placed or set aside.
    main_copies: u64,
    /// Copies of the main pile put out of the game unseen (under a hill): the game ends
    /// when no more than these are left.
    hidden: u64,
    /// Tiles of held stacks each player still holds, `[player][tile]` (empty when the rules
    /// have no held stack).
    held: Vec<Vec<u32>>,
    /// The last round of held tiles after the main pile: the players still to play or
    /// pass, in order (`None` until it begins, and always without held stacks).
    last_round: Option<SmallVec<[usize; 8]>>,
    /// The next player in turn order (index in `players`).
    next_player: usize,
    /// An extra turn earned on the last turn: (player, stack of the extra tile; `None`:
    /// drawn as in an ordinary turn).
    extra_turn: Option<(usize, Option<usize>)>,
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
    /// What the mechanisms remember (see [`Hooks::Memory`]).
    memory: Memory,
}

crate::forest::clone_by_fields!(State<'g> {
    game,
    options,
    players,
    board,
    pieces,
    supply,
    points,
    final_points,
    events,
    used,
    turn,
    last_player,
    covered,
    tokens,
    draws,
    draw_fractions,
    piece_corner,
    log,
    main_left,
    main_copies,
    hidden,
    held,
    last_round,
    next_player,
    extra_turn,
    taken,
    left_game,
    turn_events,
    watched,
    memory,
});

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

    /// Whether a rule that needs `option` (if any) applies: no option named, or it is on.
    #[inline]
    pub fn option_on(&self, option: Option<crate::rules::OptionId>) -> bool {
        option.is_none_or(|o| self.options[o])
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

    /// What the mechanisms remember (who holds each title).
    #[inline]
    pub fn memory(&self) -> &Memory {
        &self.memory
    }
}

impl<'g> State<'g> {
    /// A copy of the state for trying a move on (an agent weighing its moves): all of it
    /// but the history of what was scored and logged so far (`events`, `log`), which
    /// grows with the game and which no rule reads. The copy plays on exactly as a full
    /// one would; only its history starts empty.
    pub(crate) fn trial_copy(&mut self) -> State<'g> {
        self.without_history(State::clone)
    }

    /// [`State::trial_copy`] into `scratch`: copied into the state kept there (its memory
    /// reused, nothing allocated once it has grown to the game's size), or a new copy
    /// when there is none yet. Returns the copy.
    pub(crate) fn trial_copy_into<'s>(
        &mut self,
        scratch: &'s mut Option<State<'g>>,
    ) -> &'s mut State<'g> {
        self.without_history(|state| match scratch {
            Some(s) => {
                s.clone_from(state);
                s
            }
            None => scratch.insert(state.clone()),
        })
    }

    /// `f` of the state with its history (`events`, `log`) set aside: what a trial copy
    /// is made from.
    fn without_history<R>(&mut self, f: impl FnOnce(&State<'g>) -> R) -> R {
        let events = std::mem::take(&mut self.events);
        let log = std::mem::take(&mut self.log);
        let out = f(self);
        self.events = events;
        self.log = log;
        out
    }

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
            draw_fractions: Default::default(),
            piece_corner: None,
            log: Vec::new(),
            main_left: main_pile_tiles(game),
            main_copies: main_pile_copies(game),
            hidden: 0,
            held: held_tiles(game, n),
            last_round: None,
            next_player: 0,
            extra_turn: None,
            taken: Vec::new(),
            left_game: Vec::new(),
            turn_events: Events::new(),
            watched: Vec::new(),
            memory: Memory::default(),
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
        self.draw_fractions.clear();
        self.log.clear();
        self.main_left = main_pile_tiles(game);
        self.main_copies = main_pile_copies(game);
        self.hidden = 0;
        self.held = held_tiles(game, self.players.len());
        self.last_round = None;
        self.next_player = 0;
        self.extra_turn = None;
        self.taken.clear();
        self.left_game.clear();
        self.turn_events.clear();
        self.watched.clear();
        self.memory = Memory::default();
    }

    /// The scoring context of the board as it is (rules, tiles, board, options, items
    /// covered).
    pub(crate) fn ctx(&self) -> Ctx<'_> {
        Ctx {
            rules: &self.game.rules,
            tiles: &self.game.tiles,
            board: &self.board,
            options: &self.options,
            covered: &self.covered,
        }
    }

    /// Whether every copy of every main-pile tile (no `stack`) has been placed, or the
    /// copies left are all out of the game unseen ([`State::hidden`]): the game ends after
    /// the turn that placed the last one.
    pub fn main_pile_empty(&self) -> bool {
        self.main_left == 0 || self.main_copies <= self.hidden
    }

    /// Copies of main-pile tiles still to be drawn (not placed, set aside nor out of the
    /// game unseen).
    pub fn main_pile_copies(&self) -> u64 {
        self.main_copies.saturating_sub(self.hidden)
    }

    /// Whether `player` holds a copy of `tile` (a tile of a held stack).
    #[inline]
    pub fn holds(&self, player: usize, tile: TileId) -> bool {
        self.held
            .get(player)
            .and_then(|h| h.get(tile))
            .is_some_and(|&n| n > 0)
    }

    /// The tiles of held stacks, by player: copies each still holds (empty without held
    /// stacks).
    pub fn held(&self) -> &[Vec<u32>] {
        &self.held
    }

    /// Whether the last round of held tiles is being played (the main pile is empty and
    /// some player may still play one).
    pub fn in_last_round(&self) -> bool {
        self.last_round.as_ref().is_some_and(|l| !l.is_empty())
    }

    /// Copies of the main pile put out of the game unseen so far (under hills), which the
    /// game will not draw.
    #[inline]
    pub fn hidden(&self) -> u64 {
        self.hidden
    }

    /// Counts one more copy of a tile used.
    #[inline]
    pub(crate) fn count_copy(&mut self, tile: TileId) {
        let def = &self.game.tiles.tiles[tile];
        if def.stack.is_none() && self.used[tile] < def.count {
            self.main_copies = self.main_copies.saturating_sub(1);
            if self.used[tile] + 1 >= def.count {
                self.main_left = self.main_left.saturating_sub(1);
            }
        }
        self.used[tile] = self.used[tile].saturating_add(1);
    }
}

/// The tiles of held stacks each player holds at the start, `[player][tile]`: each tile's
/// count, per player (empty without held stacks).
fn held_tiles(game: &Game, players: usize) -> Vec<Vec<u32>> {
    let rules = &game.rules;
    if !rules.stacks.iter().any(|s| s.held) {
        return Vec::new();
    }
    let row: Vec<u32> = game
        .tiles
        .tiles
        .iter()
        .map(|t| match t.stack {
            Some(s) if rules.stacks[s].held => t.count,
            _ => 0,
        })
        .collect();
    vec![row; players]
}

/// The copies of main-pile tiles (no `stack`) at the start of a game.
fn main_pile_copies(game: &Game) -> u64 {
    game.tiles
        .tiles
        .iter()
        .filter(|t| t.stack.is_none())
        .map(|t| u64::from(t.count))
        .sum()
}

/// The main-pile tiles (no `stack`) with copies, at the start of a game.
fn main_pile_tiles(game: &Game) -> usize {
    game.tiles
        .tiles
        .iter()
        .filter(|t| t.stack.is_none() && t.count > 0)
        .count()
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
