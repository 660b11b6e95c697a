//! The rule-set format (`rulesets/*.yaml`): terrains, side profiles, feature kinds, scoring,
//! pieces and options. See the README's "Rule sets" section and
//! docs/rules/carcassonne.md#12-what-every-game-shares.

use std::collections::BTreeMap;

use indexmap::IndexMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Sp;

/// Writes [`RuleSetFile`]: the core sections, then one field per mechanism's section as
/// the registry lists them ([`crate::mechanism::registry!`]), then the options and colours.
macro_rules! rule_set_file {
    ($($(#[$doc:meta])* $m:ident => $key:ident,)*) => {
        /// A rule set: everything about a game that is not a tile. A tile set names the rule set it
        /// is played with; the interpreter has no game built in.
        ///
        /// Example: `rulesets/carcassonne.yaml` (Carcassonne base game,
        /// docs/rules/carcassonne.md).
        #[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct RuleSetFile {
            /// Display name of the game, e.g. `Carcassonne`.
            pub name: String,
            /// Where the rules come from (rulebook, edition, section).
            #[serde(default)]
            pub source: Option<String>,
            /// Rule sets this one builds on (a path, or a list of paths, relative to this file), e.g.
            /// an expansion that extends the base game: `extends: carcassonne.yaml`. The sections of
            /// the extended rule sets are merged in order, then this file's: a named entry (a side
            /// kind, item, relation, decoration, stack, feature kind, piece kind, token supply or
            /// option) given here replaces the extended one whole; terrains are the union; effects
            /// and bonus turns are appended. A path starting with `bundled:` names a rule set built
            /// into tessera (`bundled:rulesets/carcassonne.yaml`).
            #[serde(default)]
            pub extends: Option<Paths>,
            /// Terrains that can appear along tile sides, e.g. `[city, road, field]`.
            #[serde(default)]
            pub terrains: Vec<Sp<String>>,
            /// Side kinds and their profiles: the terrains met walking clockwise along the side.
            /// A profile has 1 part (`city: [city]`, slot named by the side: `N`) or 3 parts
            /// (`road: [field, road, field]`, slots `NL`, `N`, `NR`; L/R as seen from the tile centre
            /// looking out). Two sides fit when they are of the same kind. A profile of no parts
            /// (`wall: []`) is a wall: it fits against every side and joins nothing across it,
            /// so a road or city that meets it is closed there (an abbey's sides).
            #[serde(default)]
            pub sides: BTreeMap<String, Sp<Vec<Sp<String>>>>,
            /// Items that segments can carry and terms can count (pennant, fish, nugget, …).
            #[serde(default)]
            pub items: BTreeMap<String, ItemDef>,
            /// Relations that links between segments on one tile can carry
            /// (field `touches` city, river `flows_into` lake, railroad `ends_at` city), each with
            /// the two feature kinds it joins and whether a corner contact implies it.
            #[serde(default)]
            pub relations: BTreeMap<String, RelationDef>,
            /// Decorations tiles may show that have no effect on these rules (the C2 illustrations).
            #[serde(default)]
            pub decorations: BTreeMap<String, Described>,
            /// Extra draw piles besides the main one, by name. Tiles name their pile with `stack:`.
            /// A stack without `order` is drawn only for extra turns (Hunters and Gatherers: the
            /// `menhir` tiles of `bonus_turns`); a stack with an `order` is played in ordinary
            /// turns before the main pile (The River: the river tiles, then the lake).
            #[serde(default)]
            pub stacks: BTreeMap<String, StackDef>,
            /// Feature kinds by name: their geometry, when they are completed and how they score.
            #[serde(default)]
            pub features: BTreeMap<String, FeatureKindDef>,
            /// Piece kinds by name (follower/meeple, hut, tent): supply per player and where they go.
            /// The first one listed is the default kind of a piece placement that names none.
            #[serde(default)]
            pub pieces: IndexMap<String, PieceKindDef>,
            /// Token supplies by name (Gold Rush mining tokens).
            #[serde(default)]
            pub tokens: IndexMap<String, TokenPoolDef>,
            $(
                $(#[$doc])*
                #[serde(default)]
                pub $key: crate::mechanism::$m::model::Section,
            )*
            /// Named rule switches (e.g. the legacy `small_city` rule). Scoring cases and roles can
            /// depend on them; a position turns them on or off.
            #[serde(default)]
            pub options: BTreeMap<String, OptionDef>,
            /// Colours of pictures (`tessera render`), `#rrggbb`, by terrain or feature kind name:
            /// a feature kind's segments are drawn in its own colour, else in its terrain's, else
            /// in a default colour by the rule set's order. `colours: {city: "#c47a3d"}`.
            #[serde(default)]
            #[schemars(with = "BTreeMap<String, super::bounds::Colour>")]
            pub colours: BTreeMap<String, Sp<String>>,
        }
    };
}
crate::mechanism::registry!(rule_set_file);

/// One path or a list of paths, each relative to the file that names it. Written as a
/// string or a list of strings; read as the list.
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct Paths(pub Vec<Sp<String>>);

impl Paths {
    /// The paths in order.
    pub fn as_slice(&self) -> &[Sp<String>] {
        &self.0
    }
}

impl JsonSchema for Paths {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Paths".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A path, or a list of paths, relative to this file.",
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "string"}, "minItems": 1}
            ]
        })
    }
}

impl<'de> Deserialize<'de> for Paths {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Sp::<super::StrOr<Vec<Sp<String>>>>::deserialize(d)?;
        Ok(Paths(match raw.value {
            super::StrOr::Str(s) => vec![Sp::at(s, raw.loc)],
            super::StrOr::Other(v) => v,
        }))
    }
}

/// An item: a mark on a segment or a tile that terms count and rules read.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemDef {
    /// What it is, in the rulebook's words.
    #[serde(default)]
    pub description: Option<String>,
    /// The plural used in score breakdowns when it is not the name + `s` (`deer`,
    /// `aurochs`, `fish`).
    #[serde(default)]
    pub plural: Option<String>,
    /// How pictures mark it on a tile: `shield` (a pennant, a coat of arms), `house` (an
    /// inn), `church` (a cathedral), `coin` (goods, gold), or `diamond` (the default).
    #[serde(default)]
    pub symbol: Option<ItemSymbol>,
}

/// A picture's mark for an item (see [`ItemDef::symbol`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ItemSymbol {
    /// A blue shield.
    Shield,
    /// A small house.
    House,
    /// A church with a cross.
    Church,
    /// A gold coin.
    Coin,
    /// A gold diamond.
    Diamond,
}

/// Something named in a rule set with a human description.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Described {
    /// What it is, in the rulebook's words.
    #[serde(default)]
    pub description: Option<String>,
    /// The plural used in score breakdowns when it is not the name + `s` (`deer`,
    /// `aurochs`, `fish`).
    #[serde(default)]
    pub plural: Option<String>,
}

/// A relation between segments of one tile: `{between: [field, city], corners: true}`.
///
/// A link of this relation is written on a segment of the first kind and names segments of
/// the second kind (`links: {touches: [city]}` on a field segment); a link between other
/// kinds, or written the other way round, is the finding `tileset::link_kinds`. Scoring
/// reads links both ways (a city's railroads, a field's cities).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RelationDef {
    /// What the relation means, in the rulebook's words.
    #[serde(default)]
    pub description: Option<String>,
    /// The feature kinds it joins: `[from, to]`, e.g. `[field, city]`. The segment that
    /// carries the link is of kind `from`, the segments it names are of kind `to`. Neither
    /// may be an aggregate kind (tiles have no segments of those).
    pub between: [Sp<String>; 2],
    /// The corner rule: a `from` segment and a `to` segment that meet at a tile corner
    /// are in this relation. Walking clockwise, the last slot of each side and the first
    /// slot of the next side meet at a corner (`NR` or a one-part `N` meets `EL` or a
    /// one-part `E` at the north-east corner). With `corners: true` such a pair must be
    /// linked (`tileset::missing_link`) unless one of the two segments says in `apart`
    /// that the tile separates them there (a wall drawn at the corner). Both kinds must
    /// lie along sides (have a `terrain`). Example: base-game fields touch the cities
    /// they meet at a corner (`touches: {between: [field, city], corners: true}`).
    #[serde(default)]
    pub corners: bool,
}

/// A draw pile besides the main one.
///
/// Ordering (`order`): every stack with an order is played in ordinary turns before the
/// main pile, the lowest order first. A tile of a stack (or of the main pile) may be placed
/// only when every stack of a lower order is done: each of its copies is placed, or none of
/// the copies left fits anywhere on the board (they are set aside, as the rules do with an
/// unplaceable tile). Stacks of equal order are played together. A tile that must come
/// last of its kind (the River's lake) goes into a stack of its own with a higher order:
/// `river: {order: 1}`, `river-lake: {order: 2}`. The start tile is placed first whatever its
/// stack. The game still ends with the last tile of the main pile.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StackDef {
    /// What the stack holds, in the rulebook's words.
    #[serde(default)]
    pub description: Option<String>,
    /// Played in ordinary turns before the main pile, lowest order first (see the type's
    /// description). Omitted: the stack is drawn only for extra turns (`bonus_turns`).
    #[serde(default)]
    #[schemars(with = "Option<super::bounds::StackOrder>")]
    pub order: Option<u32>,
    /// Each tile of this stack must continue a feature of this kind already on the board:
    /// a segment of this kind on the tile must meet a segment of this kind on a neighbour
    /// across a side (The River: `continues: river`, river side against river side).
    #[serde(default)]
    pub continues: Option<Sp<String>>,
    /// The players hold the stack's tiles from the start instead of drawing them (Abbey
    /// and Mayor: each player's abbey): each player holds a tile's `count` copies (a count
    /// per player, in a tile set), and may play one instead of drawing a tile; after the
    /// last tile of the main pile, each player who still holds one may play it in a last
    /// round, in turn order from the next player, or pass.
    #[serde(default)]
    pub held: bool,
    /// Its tiles go only on a cell whose four sides all face tiles (a hole).
    #[serde(default)]
    pub into_holes: bool,
}

/// A named rule switch.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    /// What turning it on changes, and where the rule comes from.
    pub description: String,
    /// Whether the option is on unless a position says otherwise.
    #[serde(default)]
    pub default: bool,
}

/// A feature kind: city, road, monastery, field, river, forest, …
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureKindDef {
    /// The plural used in score breakdowns when it is not the name + `s` (`cities`).
    #[serde(default)]
    pub plural: Option<String>,
    /// The terrain this feature's segments occupy along sides (`city`, `road`, `field`).
    /// Omit it for a feature that lies inside a tile and touches no side (monastery, lake).
    #[serde(default)]
    pub terrain: Option<Sp<String>>,
    /// Makes this a coarser feature made of features of other kinds joined by links, e.g.
    /// a Hunters and Gatherers river system: rivers and lakes joined through `flows_into`.
    /// Tiles have no segments of an aggregate kind; pieces are counted on it through a
    /// role's `scored_on`.
    #[serde(default)]
    pub aggregate: Option<AggregateDef>,
    /// When the feature is completed.
    pub completion: Completion,
    /// How the feature scores.
    #[serde(default)]
    pub scoring: Scoring,
    /// Forbids the immediate U-turn (The River): a tile may not be placed so that a segment
    /// of this kind bends the same way as the bend it continues. A bend is a segment that
    /// meets exactly two sides of its tile at a right angle; two consecutive bends that both
    /// turn left (or both right) make the feature turn back on itself. A straight segment,
    /// an end (one side) or a fork (three sides or more) is never a bend, so only the
    /// immediate U-turn is forbidden. Checked for every tile placed, in turn logs and
    /// snapshots (finding `position::u_turn`).
    #[serde(default)]
    pub no_u_turn: bool,
    /// How pictures draw its segments: `area` (the region its slots enclose: fields),
    /// `walled` (an area with a wall along its edges inside the tile: cities), `line` (a band from the middle of each side it reaches to a junction at
    /// the tile's centre, curved through a bend: roads, rivers), or `point` (a building
    /// at its place inside the tile: monasteries, gardens). Omitted: each slot a wedge to
    /// the tile's centre, and a disc for a segment inside the tile.
    #[serde(default)]
    pub draw: Option<DrawStyle>,
}

/// How pictures draw a feature kind's segments (see [`FeatureKindDef::draw`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DrawStyle {
    /// The region its slots enclose, filled.
    Area,
    /// The region its slots enclose, filled, with a wall along its edges inside the tile
    /// (cities).
    Walled,
    /// A band from the middle of each side it reaches to the tile's centre.
    Line,
    /// A building at its place inside the tile.
    Point,
}

/// What an aggregate feature is made of.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AggregateDef {
    /// Feature kinds it joins (their segments are its segments), e.g. `[river, lake]`.
    pub features: Vec<Sp<String>>,
    /// Relations whose links join them, e.g. `[flows_into]`.
    pub via: Vec<Sp<String>>,
}

/// When a feature counts as completed.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Completion {
    /// No open edge: every slot of every segment faces a placed tile (road, city).
    Closed,
    /// All 8 cells around the feature's tile hold tiles (monastery).
    Surrounded,
    /// Never completed; scored only at the end of the game (field).
    Never,
    /// Completed when every feature linked to it by a relation is completed (a Gold Rush
    /// city: all its railroads): `{all_linked: {relation: ends_at, feature: railroad}}`.
    AllLinked(AllLinkedDef),
}

/// The features whose completion completes this one.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AllLinkedDef {
    /// Relation of the links, e.g. `ends_at`.
    pub relation: Sp<String>,
    /// Feature kind of the linked features, e.g. `railroad`.
    pub feature: Sp<String>,
}

/// Scoring of a feature kind. Each list holds cases; the first case whose `when` holds is
/// used and its terms are added up. An empty list scores nothing.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// Points when the feature is completed during play (then its pieces return).
    #[serde(default)]
    pub completed: Vec<ScoreCase>,
    /// Points at the end of the game for a feature that still holds pieces
    /// (incomplete features, and features that are never completed such as fields).
    #[serde(default, rename = "final")]
    pub final_: Vec<ScoreCase>,
}

/// One scoring case: terms used when a condition holds.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreCase {
    /// Condition for this case; omitted means always.
    #[serde(default)]
    pub when: Option<Condition>,
    /// Terms added up to give the feature's points.
    pub terms: Vec<Sp<Term>>,
    /// Items counted on tiles near a marker item score more (pit trap: animals on the 8
    /// tiles around it in the same grassland score double).
    #[serde(default)]
    pub area: Option<AreaBonus>,
}

/// A multiplier for items near a marker item in the same feature.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AreaBonus {
    /// The marker item, e.g. `pit_trap`.
    pub around: Sp<String>,
    /// Cells from the marker's tile (1: the 3x3 block around it).
    #[schemars(with = "super::bounds::Radius")]
    pub radius: u32,
    /// Multiplier for the items counted there.
    #[schemars(with = "super::bounds::Factor")]
    pub factor: i64,
}

/// A condition on a feature; every given field must hold.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// The named option is on.
    #[serde(default)]
    pub option: Option<Sp<String>>,
    /// Every one of these options is on (as well as `option`, when given): a rule that
    /// changes another's, e.g. the small city's rule under a siege,
    /// `options: [siege, small_city]`.
    #[serde(default)]
    pub options: Vec<Sp<String>>,
    /// The feature spans exactly this many distinct tiles.
    #[serde(default)]
    #[schemars(with = "Option<super::bounds::Tiles>")]
    pub tiles: Option<u32>,
    /// The feature holds exactly these numbers of items, e.g. `{locomotive: 1}`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, super::bounds::FeatureItems>")]
    pub items: BTreeMap<String, Sp<u32>>,
    /// The feature holds at least these numbers of items, e.g. `{wildfire: 1}`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, super::bounds::FeatureItems>")]
    pub items_at_least: BTreeMap<String, Sp<u32>>,
}

/// One scoring term: `points` for every unit of `count`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Term {
    /// What is counted. It must be able to count something on the feature kind it
    /// scores (`ruleset::term_kind`): `neighbours` only on a kind that lies inside one
    /// tile (no `terrain`, not an aggregate), `features` only on an aggregate and naming
    /// one of its kinds, `linked` only with a relation that joins this kind (or, for an
    /// aggregate, one of its kinds) to `feature`.
    pub count: Count,
    /// Points per unit counted. Negative points are honoured exactly: a term may take
    /// points away, and a feature's total, and a player's, may be below zero (a penalty
    /// term). Sums saturate at the limits of a 64-bit integer instead of wrapping.
    #[schemars(with = "super::bounds::Points")]
    pub points: i64,
    /// Each item of this kind in the feature cancels one counted unit, never below zero
    /// units (a saber-toothed tiger cancels a deer). The units cancelled are the ones worth
    /// least to the scorer (their best choice, e.g. a deer outside a pit trap's area; with
    /// negative points, the units that cost most).
    #[serde(default)]
    pub cancelled_by: Option<Sp<String>>,
}

/// What a scoring term counts.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Count {
    /// Always 1 (a constant term, e.g. the monastery's own tile).
    One,
    /// Distinct tiles of the feature: a tile counts once even if two segments of the same
    /// feature lie on it (JCloisterZone #198).
    Tiles,
    /// Occupied cells among the 8 around the feature's tile (monastery).
    Neighbours,
    /// Cells among the 8 around the feature's tile whose tile carries this item on the
    /// tile as a whole (a tile's `items:`), e.g. `{neighbours_with: vineyard}`: Hills and
    /// Sheep's vineyards, +3 each to a completed monastery.
    NeighboursWith(Sp<String>),
    /// Items of this kind on the feature's segments, e.g. `{item: pennant}`.
    Item(Sp<String>),
    /// Distinct features of a kind linked to this one by a relation, e.g. the completed
    /// cities a field touches: `{linked: {relation: touches, feature: city, completed: true}}`;
    /// with `item`, the items on those features instead (the fish in the lakes that close a
    /// river).
    Linked(LinkedCount),
    /// Distinct features of a kind that are part of this aggregate feature, e.g. the lakes
    /// of a river system: `{features: lake}`.
    Features(Sp<String>),
}

/// Counting features linked by a relation.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkedCount {
    /// Relation name, declared under `relations`.
    pub relation: Sp<String>,
    /// Feature kind of the linked features.
    pub feature: Sp<String>,
    /// Count only completed features.
    #[serde(default)]
    pub completed: bool,
    /// Count this item on the linked features instead of the features themselves.
    #[serde(default)]
    pub item: Option<Sp<String>>,
    /// Count only the linked features holding at least one of this item, e.g. the
    /// besieged cities a field touches (Siege: each counts twice for farmers, a second
    /// term): `{linked: {relation: touches, feature: city, completed: true, holding: besieged}}`.
    #[serde(default)]
    pub holding: Option<Sp<String>>,
}

pub use crate::mechanism::tile_effects::model::EffectDef;

pub use crate::mechanism::extra_turns::model::BonusTurnDef;

/// A piece kind: follower (meeple), hut, tent, …
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceKindDef {
    /// Pieces of this kind each player has (base game followers: 7). A tile set may
    /// override it (`supply:` in the tile set; the print-and-play demo has 5).
    #[schemars(with = "super::bounds::Supply")]
    pub supply: u32,
    /// The features this piece can be placed on and the role it has there
    /// (knight in a city, highwayman on a road, monk in a monastery, farmer in a field).
    /// Default: none (with `roles_of`, the roles of that kind).
    #[serde(default)]
    pub roles: Vec<RoleDef>,
    /// A piece kind whose roles this kind plays too, as the rule sets played together
    /// declare that kind, besides its own `roles`: a large follower or a phantom is a
    /// follower (`roles_of: follower`), so that a rule set giving the follower a new role
    /// (The Tower: a follower on top of a tower) gives it to them, in any composition.
    #[serde(default)]
    pub roles_of: Option<Sp<String>>,
    /// Piece kinds whose presence in a feature forbids placing this piece there.
    /// Omitted: the piece kind itself. Kinds that name this one in their `blocks` are added.
    #[serde(default)]
    pub blocked_by: Option<Vec<Sp<String>>>,
    /// Piece kinds that may not be placed in a feature where a piece of this kind is: this
    /// kind is added to their `blocked_by`. Lets a rule set that extends another add a piece
    /// that blocks the base pieces without restating them (Inns and Cathedrals: the large
    /// follower has `blocked_by: [follower, large_follower]` and `blocks: [follower]`, so
    /// followers and large followers block each other).
    #[serde(default)]
    pub blocks: Vec<Sp<String>>,
    /// This kind and every kind that counts for majorities (a follower, a large follower,
    /// a mayor, a wagon) block each other, whichever rule sets are played together, so
    /// that a rule set adding a follower-like piece (The Phantom) need not name the others
    /// (`blocks_followers: true`).
    #[serde(default)]
    pub blocks_followers: bool,
    /// Whether pieces of this kind count for the majority in the features they are on.
    #[serde(default = "yes")]
    pub majority: bool,
    /// How many pieces this one counts as when a feature's majority is decided (Inns and
    /// Cathedrals: the large follower, `weight: 2`). It never multiplies the points: every
    /// player of the majority scores the feature once. Default 1.
    #[serde(default = "one_u32")]
    #[schemars(with = "super::bounds::Weight")]
    pub weight: u32,
    /// The piece may go on a segment of any tile, not only the tile just placed (a Gold
    /// Rush tent); the turn names the tile's cell.
    #[serde(default)]
    pub anywhere: bool,
    /// Placing the piece while it is on the board moves it (a tent).
    #[serde(default)]
    pub movable: bool,
    /// Where blocking pieces are looked for: the whole feature (default) or only the
    /// segment (a tent needs a vacant mountain segment; others may share the mountain).
    #[serde(default)]
    pub blocked_on: BlockScope,
}

/// Where a piece's blocking pieces are looked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BlockScope {
    /// The whole feature the piece counts on.
    #[default]
    Feature,
    /// Only the segment the piece goes on.
    Segment,
}

/// A supply of face-down tokens that tiles put on features and players collect (Gold Rush
/// mining tokens). Tokens on a completed feature go to its majority, tied players taking
/// turns clockwise from the active player (none: they leave the game); tokens still on the
/// board at the end leave the game; each player's tokens score their values at the end.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenPoolDef {
    /// What the tokens are.
    #[serde(default)]
    pub description: Option<String>,
    /// The supply: how many tokens of each value (points), e.g. `{0: 10, 1: 10, 2: 30}`.
    #[schemars(schema_with = "super::bounds::token_values")]
    pub values: BTreeMap<u32, u32>,
    /// Placing a tile puts one token per item of this kind on the feature holding it.
    pub per_item: Sp<String>,
    /// The feature kind tokens lie on, e.g. `mountain`.
    pub feature: Sp<String>,
    /// A player whose piece of this kind stands on such a feature may take its top token
    /// instead of placing a piece (a tent: "mine for gold").
    #[serde(default)]
    pub taken_by: Option<Sp<String>>,
}

fn yes() -> bool {
    true
}

fn one_u32() -> u32 {
    1
}

/// A role: the name a piece has on one feature kind.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoleDef {
    /// The role's name (knight, highwayman, monk, farmer).
    pub role: String,
    /// The feature kind the role is played on.
    pub feature: Sp<String>,
    /// The role exists only while this option is on (e.g. `farmers`).
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
    /// The role needs a feature that is not completed yet (a tent).
    #[serde(default)]
    pub requires_incomplete: bool,
    /// The feature kind the piece is counted on for majority, blocking and scoring, when
    /// not `feature` itself: a hut stands on a river or lake but belongs to the river
    /// system (an aggregate feature).
    #[serde(default)]
    pub scored_on: Option<Sp<String>>,
}
