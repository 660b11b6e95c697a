//! The position format: a board to score, given as a turn log or a snapshot.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Sp, TileDef};

/// A position: which game, which players, and the board as a turn log (`turns`) or as a
/// snapshot (`board`). Exactly one of `turns` and `board` is given.
///
/// Example: `examples/base-scoring.yaml`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionFile {
    /// What the position shows.
    #[serde(default)]
    pub name: Option<String>,
    /// Where it comes from (a rulebook example, another engine's test).
    #[serde(default)]
    pub source: Option<String>,
    /// Path of the tile set, relative to this file, or a list of paths: the tile sets are
    /// played together, as if one set included them all (rule set and start tile from the
    /// first).
    pub tileset: super::Paths,
    /// Path of the rule set, relative to this file, or a list of rule sets played
    /// together (as a rule set that `extends` them all: `[fairy.yaml, mayor.yaml]`).
    /// Default: the tile set's rule set.
    #[serde(default)]
    pub ruleset: Option<super::Paths>,
    /// Rule options turned on or off, e.g. `{small_city: true}`.
    #[serde(default)]
    pub options: BTreeMap<String, Sp<bool>>,
    /// Player names in turn order; the first player takes the first turn.
    pub players: Vec<Sp<String>>,
    /// Extra tile definitions used only by this position (count default 1 each).
    #[serde(default)]
    pub tiles: Vec<Sp<TileDef>>,
    /// Replaces the tile set's start tile (still at x 0, y 0, in a turn log and in a
    /// snapshot).
    #[serde(default)]
    pub start: Option<StartPlacement>,
    /// Pieces per player, by piece kind, where this game was played with other numbers
    /// than the tile set's (`{follower: 5}`; a saved game played with 2 pigs each).
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, super::bounds::Supply>")]
    pub supply: BTreeMap<String, Sp<u32>>,
    /// The game is over (a saved game imported at its end): end-of-game scoring applies
    /// when it is scored, as with `tessera score --final`.
    #[serde(default)]
    pub ended: bool,
    /// Turn log: tile placements in order after the start tile, checked against the rules.
    #[serde(default)]
    pub turns: Option<Vec<Sp<Turn>>>,
    /// Snapshot: the tiles as they lie now, with their pieces. The start tile (`start`,
    /// else the tile set's) must lie at x 0, y 0 with its rotation (0 unless `start`
    /// gives one).
    #[serde(default)]
    pub board: Option<Vec<Sp<BoardTile>>>,
    /// Items covered so far (snapshot; hunting trap), as pieces are addressed.
    #[serde(default)]
    pub covered: Vec<Sp<CoveredItems>>,
    /// Tokens lying on the board (snapshot), per segment.
    #[serde(default)]
    pub tokens: Vec<Sp<TokenPile>>,
    /// Tokens each player holds (snapshot), by player name: values, `null` when unknown.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Vec<Option<super::bounds::TokenValue>>>")]
    pub held: BTreeMap<String, Sp<Vec<Option<u32>>>>,
    /// The player whose turn it is (snapshot; tied players take tokens clockwise from
    /// them). Default: the first player.
    #[serde(default)]
    pub active: Option<Sp<String>>,
    /// Points banked so far (snapshot), by player name.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, super::bounds::Score>")]
    pub scores: BTreeMap<String, Sp<i64>>,
    /// Where the neutral figures stand (snapshot): a figure players move next to their
    /// pieces (`attending`; the fairy) beside the piece on its tile's segment
    /// `{figure: fairy, x: 1, y: 0, at: E}` (on a tile, without `at`, under its
    /// `on_tile_option`), a figure that roams the board (`roaming`; the dragon) on its tile
    /// `{figure: dragon, x: 0, y: 1}`.
    #[serde(default)]
    pub figures: Vec<Sp<FigureMove>>,
}

/// A different start tile for this position.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartPlacement {
    /// Tile id.
    #[serde(deserialize_with = "super::tile_id")]
    #[schemars(with = "super::TileIdSchema")]
    pub tile: Sp<String>,
    /// Degrees clockwise: 0, 90, 180 or 270.
    #[serde(default)]
    #[schemars(with = "Rotation")]
    pub rotation: Sp<u32>,
}

/// Degrees clockwise from the tile's printed orientation.
#[derive(JsonSchema)]
#[allow(dead_code)]
#[schemars(transparent)]
struct Rotation(#[schemars(range(min = 0, max = 270), extend("enum" = [0, 90, 180, 270]))] u32);

/// One turn: a tile placed, and optionally a piece placed on it.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Tile id (from the tile set or the position's own `tiles`).
    #[serde(deserialize_with = "super::tile_id")]
    #[schemars(with = "super::TileIdSchema")]
    pub tile: Sp<String>,
    /// Column; x grows to the east.
    #[schemars(with = "super::bounds::Coordinate")]
    pub x: Sp<i32>,
    /// Row; y grows to the south (the northern neighbour of (x, y) is (x, y-1)).
    #[schemars(with = "super::bounds::Coordinate")]
    pub y: Sp<i32>,
    /// Degrees clockwise from the tile's printed orientation: 0, 90, 180 or 270.
    #[serde(default)]
    #[schemars(with = "Rotation")]
    pub rotation: Sp<u32>,
    /// The player whose turn it is; default the next player in turn order. Turn order
    /// continues from this player.
    #[serde(default)]
    pub player: Option<Sp<String>>,
    /// A piece placed on the tile just placed.
    #[serde(default)]
    pub piece: Option<Sp<PiecePlacement>>,
    /// A piece of this player returned to supply by an effect of the tile (shaman).
    #[serde(default)]
    pub return_piece: Option<Sp<PieceRef>>,
    /// Instead of placing a piece, take the top token of the feature where the player's
    /// token-taking piece stands (Gold Rush: mine the mountain where your tent is).
    #[serde(default)]
    pub mine: bool,
    /// Instead of placing a piece, take back one of the player's pieces from the board
    /// for the points of its feature, where the rule set lets its kind be taken back
    /// (`recalling`; the abbot: its monastery or garden scored as at the end of the game).
    #[serde(default)]
    pub recall: Option<Sp<PieceRef>>,
    /// Instead of placing a piece, move a neutral figure next to one of the player's own
    /// pieces (`attending`; the fairy): `{figure: fairy, x: 1, y: 0, at: E}`, the piece's
    /// tile and segment address.
    #[serde(default)]
    pub attend: Option<Sp<FigureMove>>,
    /// Instead of placing a piece, send a follower standing in a feature the tile's
    /// segment with an item of the rule set's `expelling` joins back to its owner's supply
    /// (the princess): `{x: 0, y: -1, at: S}`, the piece's tile and segment address.
    #[serde(default)]
    pub expel: Option<Sp<PieceRef>>,
    /// Instead of placing a piece, put one of the player's tokens of the rule set's
    /// `building` on a feature anywhere on the board, raising it (a tower floor): `{x: 0,
    /// y: 1, at: tower}`, the feature's tile and segment address. A capture it allows is
    /// the turn's first decision (`{capture: {x, y, at}}`).
    #[serde(default)]
    pub build: Option<Sp<PieceRef>>,
    /// Before the turn's action, pay the ransom of the rule set's `building` to the player
    /// who holds one of the player's captured followers, to get it back to supply: `{piece:
    /// follower, from: B}` (once a turn; the player needs as many points).
    #[serde(default)]
    pub ransom: Option<Sp<Ransom>>,
    /// As the tile goes down, lay one of the player's tokens of the rule set's `spanning`
    /// (a bridge) straight across it or a tile beside it: `{x: 1, y: 0, axis: NS}`, the
    /// tile and the line (north–south `NS` or west–east `WE`, on the board). The tile may
    /// need it to fit (a road side against a field side made a road side by the bridge).
    /// `needed`: the one the placement needs, if it needs one (on the tile first, then on
    /// a tile beside it, north, east, south, west; as JCloisterZone lays a bridge a
    /// placement needs without asking), else none.
    #[serde(default)]
    pub span: Option<Sp<SpanEntry>>,
    /// After this turn, the auction its tile starts (the rule set's `auctioning`: a
    /// bazaar): the tiles revealed from the pile, one per player, and each round but the
    /// last, in turn order from the next player: `{tiles: [BA/C, BA/L], rounds: [{tile:
    /// BA/C, bids: [1, 2], sell: true}]}` (the chooser's bid, then each other player
    /// without a tile in turn: a higher bid or `pass`; `sell`: the chooser sells it to the
    /// highest bidder, else buys it). The last player takes the last tile. Each player
    /// then plays the tile they took in their next turn.
    #[serde(default)]
    pub auction: Option<Sp<AuctionWord>>,
    /// Values of the tokens taken this turn, by anyone, in the order taken (the player's
    /// mining first, then a completed feature's tokens as its majority takes them in turn);
    /// tokens without a value here stay unknown.
    #[serde(default)]
    #[schemars(with = "Vec<super::bounds::TokenValue>")]
    pub draws: Vec<Sp<u32>>,
    /// Draws from a bag (a flock's) recorded by the random number that made each, in
    /// [0, 1), used after the values of `draws`: the token at ⌊f × n⌋ of the n tokens in
    /// the bag, in the bag's order. A recorded game's random numbers (JCloisterZone's
    /// saves keep them) replay its draws exactly.
    #[serde(default)]
    #[schemars(with = "Vec<super::bounds::Fraction>")]
    pub drawn_at: Vec<Sp<f64>>,
    /// The decisions the turn asks after its action, in the order asked: for each flock
    /// of the player on a feature the tile extends (their pieces in the order placed),
    /// `grow` (draw another token) or `score` (score it now); after a token built (a tower
    /// floor), `{capture: {x, y, at}}` or `stay` (capture none); a piece placed besides
    /// the action (a phantom), `{place: {x, y, at}}` or `stay`; each step of a figure that
    /// roams the board, `{step: {x, y}}`; for each player in turn whose small feature the
    /// tile completes (a castle), `{convert: {x, y, at}}` or `stay`; then, for each piece
    /// that may move on whose feature the turn scored (its owners in turn order from the
    /// player's, each one's in the order placed), `return` or `{move: {x, y, at}}` (the
    /// segment it moves to); and whether a follower of the player escapes a feature,
    /// `{take_back: {x, y, at}}` or `stay`. A decision with a default (return, stay) that
    /// is not written takes it.
    #[serde(default)]
    pub choices: Vec<Sp<ChoiceWord>>,
    /// Tiles drawn before this turn's tile that fit nowhere on the board and were set
    /// aside (base rules: a tile that cannot be placed is discarded and another drawn);
    /// each uses up a copy. `tessera play` writes them.
    #[serde(default, deserialize_with = "super::tile_ids")]
    #[schemars(with = "Vec<super::TileIdSchema>")]
    pub set_aside: Vec<Sp<String>>,
}

/// A decision asked after a turn's piece (see [`Turn::choices`]): a word, a move, a piece
/// taken back, or a figure's step.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ChoiceWord {
    /// `grow`, `score`, `return` or `stay`.
    Word(ChoiceName),
    /// `{move: {x, y, at}}`.
    Move(MoveChoice),
    /// `{take_back: {x, y, at}}`.
    TakeBack(TakeBackChoice),
    /// `{step: {x, y}}`.
    Step(StepChoice),
    /// `{place: {x, y, at}}`.
    Place(PlaceChoice),
    /// `{capture: {x, y, at}}`.
    Capture(CaptureChoice),
    /// `{convert: {x, y, at}}`.
    Convert(ConvertChoice),
}

/// Placing a piece in addition to the turn's action (a phantom, the rule set's
/// `extra_pieces`): where it goes, a segment of a tile on the board.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceChoice {
    /// Where the piece goes.
    pub place: MoveTarget,
}

/// Capturing the follower on a segment within a raised feature's reach (the rule set's
/// `building`: a tower's height).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptureChoice {
    /// Where the follower stands: a segment of a tile on the board.
    pub capture: MoveTarget,
}

/// Converting the completed feature of a segment of the tile just placed instead of
/// scoring it (the rule set's `converting`: a small city into a castle).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConvertChoice {
    /// A segment of the feature, on the tile just placed.
    pub convert: MoveTarget,
}

/// An auction of tiles (see [`Turn::auction`]).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AuctionWord {
    /// The tiles revealed from the pile, one per player.
    pub tiles: Vec<Sp<String>>,
    /// The rounds, one per player but the last.
    #[serde(default)]
    pub rounds: Vec<Sp<AuctionRoundWord>>,
}

/// One round of an auction.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AuctionRoundWord {
    /// The tile the chooser puts up.
    pub tile: Sp<String>,
    /// The chooser's bid (points), then each other player without a tile in turn order: a
    /// higher bid or `pass`. Omitted where the rules have no bids.
    #[serde(default)]
    pub bids: Vec<Sp<BidWord>>,
    /// The chooser sells the tile to the highest bidder (else buys it).
    #[serde(default)]
    pub sell: bool,
}

/// A bid: points, or `pass`.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum BidWord {
    /// Points bid.
    #[schemars(with = "super::bounds::Supply")]
    Points(u32),
    /// `pass`.
    Pass(PassWord),
}

/// The word `pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PassWord {
    /// No higher bid.
    Pass,
}

/// A token laid across a tile, or the word `needed` (see [`Turn::span`]).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum SpanEntry {
    /// `needed`: the one the placement needs, if any.
    Needed(NeededWord),
    /// `{x, y, axis}`.
    At(SpanWord),
}

/// The word `needed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NeededWord {
    /// The token the placement needs, if it needs one.
    Needed,
}

/// A token laid straight across a tile (see [`Turn::span`]).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpanWord {
    /// Column of its tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub x: Sp<i32>,
    /// Row of its tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub y: Sp<i32>,
    /// Its line on the board: `NS` (north to south) or `WE` (west to east).
    pub axis: Sp<AxisWord>,
}

/// A line across a tile, on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
pub enum AxisWord {
    /// North to south.
    NS,
    /// West to east.
    WE,
}

/// A ransom paid for a captured follower (see [`Turn::ransom`]).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ransom {
    /// The piece kind of the follower, e.g. `follower`.
    pub piece: Sp<String>,
    /// The player who holds it (and receives the points).
    pub from: Sp<String>,
}

/// A decision that is one word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceName {
    /// Let the flock grow: draw another token.
    Grow,
    /// Score the flock now.
    Score,
    /// Let the piece return to supply instead of moving on (a wagon).
    Return,
    /// Take no piece back: every piece that could escape its feature stays.
    Stay,
}

/// Taking one of the player's pieces back to supply at the end of the turn, scoring
/// nothing (a follower escaping a besieged city, the rule set's `escaping`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TakeBackChoice {
    /// Where the piece stands: a segment of a tile on the board.
    pub take_back: MoveTarget,
}

/// Moving a piece whose feature was scored on to another feature (a wagon).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveChoice {
    /// Where it goes: a segment of a tile on the board (the tile just placed too).
    #[serde(rename = "move")]
    pub to: MoveTarget,
}

/// A step of a figure that roams the board (the dragon) onto the tile at a cell: one
/// decision per step, in order.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepChoice {
    /// The cell of the tile it steps onto.
    pub step: Cell,
}

/// A cell of the board.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    /// Column.
    #[schemars(with = "super::bounds::Coordinate")]
    pub x: i32,
    /// Row.
    #[schemars(with = "super::bounds::Coordinate")]
    pub y: i32,
}

/// A segment of a placed tile, by its cell and address.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveTarget {
    /// Column of the tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub x: i32,
    /// Row of the tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub y: i32,
    /// Segment address on it (`N`, `NL`, `monastery`), as a piece's.
    pub at: String,
}

/// A piece lying on the board, found by its tile's cell and segment address.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceRef {
    /// Column of its tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub x: Sp<i32>,
    /// Row of its tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub y: Sp<i32>,
    /// Segment address on that tile, in board orientation.
    pub at: Sp<String>,
}

/// A neutral figure moved next to a piece: the figure's name (a key of the rule set's
/// `attending`) and the piece's tile cell and segment address; in a snapshot's `figures`,
/// also a figure that roams the board, on the tile at that cell.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FigureMove {
    /// The figure, e.g. `fairy`.
    pub figure: Sp<String>,
    /// Column of the piece's tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub x: Sp<i32>,
    /// Row of the piece's tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub y: Sp<i32>,
    /// The piece's segment address on that tile, in board orientation. It may be left out
    /// where the figure stands on a tile rather than beside a piece (its `on_tile_option`
    /// on): then the tile holds one of the player's pieces.
    #[serde(default)]
    pub at: Option<Sp<String>>,
}

/// Where a piece goes: a segment of the tile, addressed in board orientation by a slot it
/// touches (`N`, `NL`, `EL`, …; a half-side name on a one-part side means that side) or by
/// a segment id for a segment inside the tile (`monastery`). Write `N` for the rule set's
/// first piece kind, or `{kind: hut, at: N}`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum PiecePlacement {
    /// Address only: a piece of the rule set's first piece kind.
    At(String),
    /// Piece kind and address.
    Kind(PieceSpec),
}

/// A piece of a named kind at an address.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// Piece kind (a key of the rule set's `pieces`); default the rule set's first kind.
    #[serde(default)]
    pub kind: Option<String>,
    /// Segment address.
    pub at: String,
    /// Column of the tile, for a piece that may go on any tile (a tent); default the tile
    /// just placed.
    #[serde(default)]
    #[schemars(with = "Option<super::bounds::Coordinate>")]
    pub x: Option<i32>,
    /// Row of the tile, likewise.
    #[serde(default)]
    #[schemars(with = "Option<super::bounds::Coordinate>")]
    pub y: Option<i32>,
}

impl PiecePlacement {
    /// The piece kind named, if any.
    pub fn kind(&self) -> Option<&str> {
        match self {
            PiecePlacement::At(_) => None,
            PiecePlacement::Kind(p) => p.kind.as_deref(),
        }
    }
    /// The cell of the tile the piece goes on, when given (pieces that may go anywhere).
    pub fn cell(&self) -> Option<(i32, i32)> {
        match self {
            PiecePlacement::Kind(PieceSpec {
                x: Some(x),
                y: Some(y),
                ..
            }) => Some((*x, *y)),
            _ => None,
        }
    }
    /// The segment address.
    pub fn at(&self) -> &str {
        match self {
            PiecePlacement::At(a) | PiecePlacement::Kind(PieceSpec { at: a, .. }) => a,
        }
    }
}

/// A tile on a snapshot board, with the pieces on it.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardTile {
    /// Tile id.
    #[serde(deserialize_with = "super::tile_id")]
    #[schemars(with = "super::TileIdSchema")]
    pub tile: Sp<String>,
    /// Column; x grows to the east.
    #[schemars(with = "super::bounds::Coordinate")]
    pub x: Sp<i32>,
    /// Row; y grows to the south.
    #[schemars(with = "super::bounds::Coordinate")]
    pub y: Sp<i32>,
    /// Degrees clockwise: 0, 90, 180 or 270.
    #[serde(default)]
    #[schemars(with = "Rotation")]
    pub rotation: Sp<u32>,
    /// Pieces lying on this tile.
    #[serde(default)]
    pub pieces: Vec<Sp<BoardPiece>>,
}

/// Tokens lying on one segment of a snapshot tile.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenPile {
    /// Token supply (a key of the rule set's `tokens`); default the first.
    #[serde(default)]
    pub pool: Option<Sp<String>>,
    /// Column of the tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub x: Sp<i32>,
    /// Row of the tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub y: Sp<i32>,
    /// Segment address on that tile.
    pub at: Sp<String>,
    /// The tokens from bottom to top: values, `null` when unknown (face down).
    #[schemars(with = "Vec<Option<super::bounds::TokenValue>>")]
    pub values: Vec<Option<u32>>,
}

/// Items covered on one segment of a snapshot tile.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CoveredItems {
    /// Column of the tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub x: Sp<i32>,
    /// Row of the tile.
    #[schemars(with = "super::bounds::Coordinate")]
    pub y: Sp<i32>,
    /// Segment address on that tile.
    pub at: Sp<String>,
    /// Items covered, e.g. `{deer: 1, tiger: 1}`.
    #[schemars(with = "BTreeMap<String, super::bounds::Items>")]
    pub items: BTreeMap<String, Sp<u32>>,
}

/// A piece lying on a snapshot tile.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardPiece {
    /// Owner's name.
    pub player: Sp<String>,
    /// Piece kind; default the rule set's first piece kind.
    #[serde(default)]
    pub kind: Option<Sp<String>>,
    /// Segment address, as for a turn's piece.
    pub at: Sp<String>,
}
