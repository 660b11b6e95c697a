//! The `spanning:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by token name (`bridge`), tokens players lay straight across tiles.
pub type Section = IndexMap<String, SpanningDef>;

/// Tokens each player lays straight across a tile, from the middle of one side to the
/// middle of the opposite one, as their tile goes down: each adds a segment of a feature
/// kind to the tile (a bridge: a road over the field, which stays one field beneath it).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpanningDef {
    /// The feature kind of the segment a token adds, e.g. `road`: it joins what lies
    /// across its two ends, a piece may stand on it, and it counts its tile once.
    pub feature: Sp<String>,
    /// The side kind both of its ends must lie on, e.g. `field` (a side kind of one
    /// part).
    pub over: Sp<String>,
    /// The side kind those two sides become, e.g. `road` (`[field, road, field]`): its
    /// parts of the feature's terrain are the new segment, the others stay with the
    /// segment that held the side before.
    pub side: Sp<String>,
    /// Tokens each player has, by number of players from 1: `[3, 3, 3, 3, 2]` (Bridges,
    /// Castles and Bazaars: 3 each with 2 to 4 players, 2 with 5 or 6); the last entry
    /// for more players.
    #[schemars(with = "Vec<crate::model::bounds::Supply>")]
    pub supply: Sp<Vec<u32>>,
    /// Where a token may go: `beside` (default), on the tile just placed or a tile next
    /// to it (north, east, south or west; there, each end must face an empty cell or the
    /// tile just placed), or `placed`, on the tile just placed only (JCloisterZone offers
    /// a bridge elsewhere only where the tile needs it).
    #[serde(default)]
    pub reach: Reach,
    /// Only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}

/// Where a token laid across a tile may go ([`SpanningDef::reach`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    /// The tile just placed, or a tile north, east, south or west of it.
    #[default]
    Beside,
    /// The tile just placed only.
    Placed,
}
