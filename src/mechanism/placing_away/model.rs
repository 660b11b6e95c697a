//! The `placing_away:` section of a rule set.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::Sp;

/// The section: the tile items that let the turn's piece go elsewhere, e.g.
/// `[{item: portal}]`.
pub type Section = Vec<PlacingAwayDef>;

/// A tile item (on the tile as a whole) that lets the player who places such a tile put a
/// piece that counts for majorities on any feature of the board not completed.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlacingAwayDef {
    /// The item, declared in the rule set's `items`, e.g. `portal`.
    pub item: Sp<String>,
    /// Only while this option is on.
    #[serde(default)]
    pub requires_option: Option<Sp<String>>,
}
