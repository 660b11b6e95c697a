//! The `building:` section of a rule set.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: by token name (`floor`), tokens players build on features.
pub type Section = IndexMap<String, BuildingDef>;

/// Tokens each player puts on features of a kind, anywhere on the board, as the turn's
/// action, raising them; a raised feature takes a follower on top, and lets the player
/// who raised it capture a follower within its height.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildingDef {
    /// The feature kind the tokens go on, e.g. `tower` (its segments are the
    /// foundations). A token goes on any such feature of the board on which no piece
    /// stands; a piece kind with a role on it goes on top of one raised at least once,
    /// anywhere on the board, as the turn's action.
    pub feature: Sp<String>,
    /// Tokens each player has, by number of players from 1: `[10, 10, 9, 7, 6, 5, 4, 3]`
    /// (The Tower: 10 each with 2 players, 9 with 3, 7 with 4, 6 with 5, 5 with 6); the
    /// last entry for more players.
    #[schemars(with = "Vec<crate::model::bounds::Supply>")]
    pub supply: Sp<Vec<u32>>,
    /// Whether raising a feature lets its player capture one follower (a piece that
    /// counts for majorities) standing on its tile or within as many tiles as its height,
    /// straight north, east, south or west. Default: yes.
    #[serde(default = "yes")]
    pub capture: bool,
    /// Points a player pays the holder of one of their captured followers to get it back,
    /// once a turn, during their own turn, with at least that many points (The Tower: 3).
    /// Omitted: no ransom.
    #[serde(default)]
    #[schemars(with = "Option<crate::model::bounds::Supply>")]
    pub ransom: Option<Sp<u32>>,
    /// Only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}

fn yes() -> bool {
    true
}
