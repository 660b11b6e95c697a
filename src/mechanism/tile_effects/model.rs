//! The `effects:` section of a rule set.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::{ScoreCase, Sp};

/// The section: effects, in order (every effect whose item is on the tile just placed
/// applies, in this order).
pub type Section = Vec<EffectDef>;

/// What happens when a tile carrying an item (on a segment, or on the tile as a whole) is
/// placed, before a piece is placed.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectDef {
    /// The item on the tile just placed that triggers the effect, e.g. `logboat` (on a
    /// segment) or `hill` (on the tile as a whole).
    pub when_placed: Sp<String>,
    /// The effect applies only while this option is on (a game played without hills).
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
    /// This many tiles of the main pile go face down under the tile just placed and out of
    /// the game, unseen (a hill: 1); fewer when fewer are left. The game ends when only
    /// hidden tiles are left.
    #[serde(default)]
    #[schemars(with = "Option<crate::model::bounds::Copies>")]
    pub hide_tiles: Option<u32>,
    /// The feature kind the effect looks at: the feature of this kind that holds the
    /// item's segment (e.g. `river_system`). Needed for `score`.
    #[serde(default)]
    pub feature: Option<Sp<String>>,
    /// Count only on tiles within this many cells of the tile just placed (1: the 3x3
    /// block).
    #[serde(default)]
    #[schemars(with = "Option<crate::model::bounds::Radius>")]
    pub within: Option<u32>,
    /// The placing player scores now (no majority needed), by the first case whose
    /// condition holds on the whole feature (a hunting trap in a grassland with a wildfire
    /// lets no tiger cancel a deer).
    #[serde(default)]
    pub score: Vec<ScoreCase>,
    /// The items counted by `score`, and the items that cancelled some of them, are
    /// covered: ignored from then on (hunting trap).
    #[serde(default)]
    pub cover: bool,
    /// The placing player may return one of their pieces of this kind to supply, without
    /// scoring (shaman: `meeple`); the turn says which with `return_piece`.
    #[serde(default)]
    pub return_piece: Option<Sp<String>>,
}
