//! The `attending:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by figure name, a neutral figure players move next to their own pieces.
pub type Section = IndexMap<String, AttendingDef>;

/// A neutral figure a player moves, as the turn's action, next to one of their pieces
/// that count for majorities, and what it brings while it attends one.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttendingDef {
    /// Points its player scores at the start of each of their ordinary turns while it
    /// attends one of their pieces (the fairy: 1).
    #[serde(default)]
    #[schemars(with = "crate::model::bounds::Points")]
    pub turn_points: Sp<i64>,
    /// Points the owner of the piece it attends scores when that piece's feature is
    /// scored, during play or at the end, whoever has its majority (the fairy: 3).
    #[serde(default)]
    #[schemars(with = "crate::model::bounds::Points")]
    pub scored_points: Sp<i64>,
    /// The tile where it stands (the tile of the piece it attends, or attended) is closed
    /// to figures that roam the board: the fairy keeps the dragon out.
    #[serde(default)]
    pub shields: bool,
    /// While this option is on, the figure is moved onto a tile where one of the player's
    /// pieces that count for majorities stands, not next to a piece: its player scores
    /// `turn_points` at the start of each ordinary turn for each of their pieces on that
    /// tile, and when a feature is scored, the owner of its first such piece on that tile
    /// scores `scored_points` (Rio Grande's and Z-Man's first editions; JCloisterZone's
    /// rule `fairy-placement: on-tile`).
    #[serde(default)]
    pub on_tile_option: Option<Sp<String>>,
    /// It is in the game only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}
