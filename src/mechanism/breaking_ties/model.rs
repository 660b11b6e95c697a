//! The `tie_breaks:` section of a rule set.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: tie-breaks, applied in order to the players still tied.
pub type Section = Vec<TieBreakDef>;

/// How tied players are told apart by their pieces on tiles carrying an item.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TieBreakDef {
    /// The item on a tile as a whole (a tile's `items:`) that decides, e.g. `hill`: the
    /// tied players' majority-counting pieces on the feature that stand on a tile carrying
    /// it count.
    pub on_tiles_with: Sp<String>,
    /// `presence`: a tied player with at least one such piece beats those with none;
    /// `pieces`: the tied players with the most such pieces win.
    #[serde(default)]
    pub by: TieBreakBy,
    /// The tie-break applies only while this option is on (a game played without hills).
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
    /// While this option is on, the tie is broken by pieces whatever `by` says (a house
    /// rule: more followers on hills beat fewer).
    #[serde(default)]
    pub pieces_option: Option<Sp<String>>,
}

/// What a tie-break compares (see [`TieBreakDef::by`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TieBreakBy {
    /// Having at least one piece on such a tile.
    #[default]
    Presence,
    /// The number of pieces on such tiles.
    Pieces,
}
